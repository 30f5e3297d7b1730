"""No free database connection (the pool exhausted) is a 503 with ``Retry-After``, never a 500:
for a page (the session and user loaded by the middleware), for a live stream's opening, and for
a view's own error (config/db_busy.py). Pages say it in HTML, streams in plain text."""

from __future__ import annotations

import pytest

from bench.sse import http_request, open_stream
from config.db_busy import BODY, DatabaseUnavailableMiddleware, is_database_busy
from tests.async_runner import in_thread, run_async
from tests.push.conftest import session_cookie
from tests.push.pool import small_pool
from tests.push.test_push_over_asgi import carnac_between, events_path
from tests.tournament.factories import make_user


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_with_every_pooled_connection_taken_pages_and_streams_answer_503(asgi_server, client, settings):
    settings.BRUME_PUSH_URL = None
    ann, bo = make_user("ann"), make_user("bo")
    live = carnac_between(ann, bo)
    cookie = session_cookie(client, ann)

    async def scenario():
        page = await http_request(asgi_server.host, asgi_server.port, "GET", f"/play/{live.public_id}/", cookie)
        stream = await open_stream(asgi_server.host, asgi_server.port, events_path(live), cookie)
        return page, stream.status, stream.headers.get("retry-after")

    with small_pool(max_size=1, timeout=0.5) as connection:
        connection.ensure_connection()  # this thread takes the pool's only connection
        try:
            (page_status, page_body), stream_status, stream_retry = run_async(scenario())
        finally:
            connection.close()

        async def once_given_back():
            stream = await open_stream(asgi_server.host, asgi_server.port, events_path(live), cookie)
            stream.close()
            return stream.status

        again = run_async(once_given_back())

    assert page_status == 503 and BODY.strip() in page_body.decode()
    assert (stream_status, stream_retry) == (503, "5")
    assert again == 200  # given back: the next opening gets it


def test_a_views_pool_timeout_is_a_503_and_other_errors_are_left_alone():
    from django.db import OperationalError
    from django.test import RequestFactory
    from psycopg_pool import PoolTimeout

    def raised():
        try:
            try:
                raise PoolTimeout("couldn't get a connection after 10.00 sec")
            except PoolTimeout as cause:
                raise OperationalError(str(cause)) from cause
        except OperationalError as wrapped:
            return wrapped

    busy = raised()
    middleware = DatabaseUnavailableMiddleware(lambda request: None)
    response = middleware.process_exception(RequestFactory().get("/"), busy)
    assert (response.status_code, response["Retry-After"]) == (503, "5")
    assert BODY.strip() in response.content.decode()
    assert middleware.process_exception(RequestFactory().get("/"), OperationalError("disk full")) is None
    assert is_database_busy(busy) and not is_database_busy(ValueError("x"))
    assert in_thread(lambda: is_database_busy(None)) is False
