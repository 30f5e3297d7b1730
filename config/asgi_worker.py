"""The Procfile's web worker: uvicorn inside gunicorn (gunicorn keeps the processes alive).

uvicorn reads no forwarded header itself (``proxy_headers=False``): config.proxies'
TrustedProxyMiddleware is the one reader, for ASGI as it was for WSGI. No ``Server`` banner.

uvloop's event loop and httptools' parser, uvicorn's production pair (both C): with asyncio's
loop and the pure-Python h11, a 270 kB event page cost a worker more to write than to find in
the cache (wrk, 32 connections: 185 to 211 req/s on the event page, 192 to 251 on standings,
p90 278 to 209 ms and 254 to 167 ms; docs/performance.md).
"""

from uvicorn_worker import UvicornWorker


class BrumeUvicornWorker(UvicornWorker):
    CONFIG_KWARGS = {"loop": "uvloop", "http": "httptools", "proxy_headers": False, "server_header": False}
