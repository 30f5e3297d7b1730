"""ASGI entry point: the Procfile's web process (gunicorn with uvicorn workers) and `make run`.

Under ASGI each request's synchronous part runs in a thread of its own, so a database
connection kept open for reuse (``CONN_MAX_AGE``) is never reused and only piles up until
PostgreSQL refuses clients. The web process therefore takes its PostgreSQL connections from a
pool (``BRUME_DB_POOL``, on unless set otherwise: a connection goes back to the pool at the end of
each request, so no request pays for a new one) and keeps none per thread
(``DB_CONN_MAX_AGE=0``). Celery workers keep their persistent connections.

The server's lifespan "startup" starts the embedded deadline ticker (tournament.ticker; it does
nothing unless in embedded mode without a broker), and moves what the process loaded so far (the
code of Django, the site and its libraries, about 300,000 objects that live as long as the
process) out of the garbage collector's sight (``gc.freeze``): a full collection, which a cold
1,000-entrant standings computation sets off every other time, walked them all (about 160 ms;
45-85 ms after). Objects freed later are still freed as usual. Test servers run with lifespan off.

A live game's event stream (``GET /play/<public id>/events/``) is served by a small ASGI
application of its own, ahead of Django's handler and middleware (games/push/endpoint.py: why,
and what it checks): an open stream is then a coroutine, with no thread and no database
connection. Every other request goes to Django.
"""

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DB_CONN_MAX_AGE", "0")
os.environ.setdefault("BRUME_DB_POOL", "1")
django_application = get_asgi_application()

from games.push import endpoint as live_streams  # noqa: E402  (after Django is set up)


async def _lifespan(receive, send) -> None:
    from tournament import ticker

    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            gc.collect()
            gc.freeze()  # what the process loaded to start: never garbage until it ends
            ticker.start()
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            ticker.stop()
            await send({"type": "lifespan.shutdown.complete"})
            return


async def application(scope, receive, send):
    if scope["type"] == "lifespan":
        await _lifespan(receive, send)
        return
    if live_streams.stream_game(scope):
        await live_streams.application(scope, receive, send)
        return
    await django_application(scope, receive, send)
