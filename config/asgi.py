"""ASGI entry point: the Procfile's web process (gunicorn with uvicorn workers) and `make run`.

Under ASGI each request's synchronous part runs in a thread of its own, so a database
connection kept open for reuse (``CONN_MAX_AGE``) is never reused and only piles up until
PostgreSQL refuses clients: the web process closes its connections at the end of each request
(``DB_CONN_MAX_AGE=0`` unless set otherwise). Celery workers keep their persistent connections.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DB_CONN_MAX_AGE", "0")
application = get_asgi_application()
