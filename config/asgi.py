"""ASGI entry point: the Procfile's web process (gunicorn with uvicorn workers) and `make run`.

Under ASGI each request's synchronous part runs in a thread of its own, so a database
connection kept open for reuse (``CONN_MAX_AGE``) is never reused and only piles up until
PostgreSQL refuses clients. The web process therefore takes its PostgreSQL connections from a
pool (``BRUME_DB_POOL``, on unless set otherwise: a connection goes back to the pool at the end of
each request, so no request pays for a new one) and keeps none per thread
(``DB_CONN_MAX_AGE=0``). Celery workers keep their persistent connections.

The server's lifespan "startup" starts the embedded deadline ticker (tournament.ticker; it does
nothing unless in embedded mode without a broker). Test servers run with lifespan off.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DB_CONN_MAX_AGE", "0")
os.environ.setdefault("BRUME_DB_POOL", "1")
django_application = get_asgi_application()


async def _lifespan(receive, send) -> None:
    from tournament import ticker

    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
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
    await django_application(scope, receive, send)
