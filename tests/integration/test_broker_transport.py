"""The worker's broker transport (config/broker.py): closing a channel whose connection to Redis
is already gone, with a message received and not yet acknowledged, leaves the message in Redis
instead of failing (kombu's own transport raised AttributeError there, which ended a worker's
consumer for good); with the connection there, the message goes back on its queue as before."""

from __future__ import annotations

import uuid

import pytest
from kombu import Connection, Exchange, Queue
from kombu.transport import redis as kombu_redis

from config.broker import Transport

from .conftest import REDIS_TEST_URL

pytestmark = pytest.mark.integration


@pytest.fixture
def queue():
    name = f"brume-transport-{uuid.uuid4().hex[:8]}"
    return Queue(name, Exchange(name, type="direct"), routing_key=name)


def _held_message(connection: Connection, queue: Queue):
    """A message sent to ``queue`` and received on a channel, not acknowledged."""
    with connection.Producer() as producer:
        producer.publish({"task": "x"}, exchange=queue.exchange, routing_key=queue.routing_key, declare=[queue])
    channel = connection.channel()
    message = queue(channel).get(no_ack=False)
    assert message is not None and channel.qos._delivered
    return channel, message


def _waiting(connection: Connection, queue: Queue) -> int:
    with connection.channel() as channel:
        return queue(channel).queue_declare(passive=True).message_count


def _settings_read(tmp_path, broker_url: str | None) -> list[str]:
    """CELERY_TASK_ALWAYS_EAGER and CELERY_BROKER_TRANSPORT as a new process reads them from the
    environment (with ``broker_url`` as REDIS_URL, or none), whatever this run was given."""
    import os
    import subprocess
    import sys

    from .conftest import ROOT

    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "CELERY_BROKER_URL")}
    env |= {"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}", "DJANGO_SETTINGS_MODULE": "config.settings"}
    if broker_url:
        env["REDIS_URL"] = broker_url
    code = "import django; django.setup(); from django.conf import settings as s; "
    code += "print(s.CELERY_TASK_ALWAYS_EAGER, getattr(s, 'CELERY_BROKER_TRANSPORT', None))"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_settings_name_this_transport_for_a_redis_broker(tmp_path):
    assert _settings_read(tmp_path, REDIS_TEST_URL) == ["False", "config.broker:Transport"]
    assert Connection(REDIS_TEST_URL, transport="config.broker:Transport").get_transport_cls() is Transport


def test_kombus_own_transport_fails_closing_a_channel_whose_connection_is_gone(queue):
    connection = Connection(REDIS_TEST_URL, transport=kombu_redis.Transport)
    channel, _ = _held_message(connection, queue)
    channel.connection.client = None  # what the consumer's connection error leaves
    with pytest.raises(AttributeError):
        channel.close()


def test_a_channel_whose_connection_is_gone_closes_and_leaves_the_message_in_redis(queue):
    connection = Connection(REDIS_TEST_URL, transport=Transport)
    channel, message = _held_message(connection, queue)
    tag = message.delivery_tag
    channel.connection.client = None
    channel.close()
    assert channel.closed and not channel.qos._delivered
    again = Connection(REDIS_TEST_URL, transport=Transport)
    client = again.default_channel.client
    assert client.hexists(again.default_channel.unacked_key, tag)  # restored after the visibility timeout
    client.hdel(again.default_channel.unacked_key, tag)
    client.zrem(again.default_channel.unacked_index_key, tag)
    again.release()


def test_with_the_connection_there_closing_puts_the_message_back_on_its_queue(queue):
    connection = Connection(REDIS_TEST_URL, transport=Transport)
    channel, _ = _held_message(connection, queue)
    channel.close()
    assert _waiting(connection, queue) == 1
    with connection.channel() as tidy:
        queue(tidy).delete()
    connection.release()


def test_without_a_broker_the_settings_load_and_name_no_transport(tmp_path):
    """The embedded default (make run): no REDIS_URL, tasks in-process."""
    assert _settings_read(tmp_path, None) == ["True", "None"]
