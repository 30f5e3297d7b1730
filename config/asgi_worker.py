"""The Procfile's web worker: uvicorn inside gunicorn (gunicorn keeps the processes alive).

uvicorn reads no forwarded header itself (``proxy_headers=False``): config.proxies'
TrustedProxyMiddleware is the one reader, for ASGI as it was for WSGI. No ``Server`` banner.
"""

from uvicorn_worker import UvicornWorker


class BrumeUvicornWorker(UvicornWorker):
    CONFIG_KWARGS = {"loop": "asyncio", "http": "h11", "proxy_headers": False, "server_header": False}
