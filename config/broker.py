"""kombu's Redis transport, with one repair and one saving.

The repair: a worker that loses Redis survives it.

When the connection to Redis breaks, the worker's consumer closes its channel before
reconnecting. Closing puts the messages it had received but not acknowledged back on their
queue, and kombu 5.7 does that through a client made from the transport's connection, which by
then is gone: ``AttributeError: 'NoneType' object has no attribute 'hostname'``. That error is
not a connection error, so it ended the worker's consumer, and the worker never took another
task (seen in tests/integration/test_broker_outage.py, depending on whether a message was in
hand when Redis went down).

Here, with the connection gone, those messages are left where Redis keeps them (its unacked
set): they go back on their queue once the visibility timeout passes, as any worker's would
after a crash, and what they were to do is sent again by the sweep in the meantime
(games/sweep.py). With the connection there, kombu's own restoring runs as before.
"""

from __future__ import annotations

import logging

from kombu.transport import redis

logger = logging.getLogger(__name__)


class QoS(redis.QoS):
    def restore_unacked(self, client=None):
        if client is None and self.channel.connection.client is None:
            logger.warning(
                "broker lost: %d unacknowledged message(s) left to the visibility timeout", len(self._delivered)
            )
            self._delivered.clear()
            return None
        return super().restore_unacked(client)


class Channel(redis.Channel):
    QoS = QoS
    _kept_client: tuple | None = None  # (the pool, its client)

    def _create_client(self, asynchronous=False):
        if asynchronous:
            return super()._create_client(asynchronous=True)
        pool = self.pool
        kept = self._kept_client
        if kept is None or kept[0] is not pool:  # a new pool after a fork or a lost connection
            kept = self._kept_client = (pool, super()._create_client())
        return kept[1]


class Transport(redis.Transport):
    Channel = Channel
