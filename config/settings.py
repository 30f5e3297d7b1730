"""Brume settings, all read from the environment.

Two modes:
- embedded (the default, ``BRUME_EMBEDDED`` unset or true): SQLite in ``var/``, Celery tasks
  run in-process, a development secret key. This is what ``make run`` uses.
- production (``BRUME_EMBEDDED=false``): ``SECRET_KEY`` and ``ALLOWED_HOSTS`` are required,
  ``DEBUG`` stays off unless asked, HTTPS and secure cookies are on.

``DATABASE_URL`` (e.g. postgres://user@127.0.0.1:5432/brume) and ``REDIS_URL`` (broker and
cache) switch to PostgreSQL and Redis in either mode.
"""

from __future__ import annotations

import ipaddress
import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from config.env import env_bool, env_float, env_int, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("BRUME_VAR_DIR", str(BASE_DIR / "var")))

EMBEDDED = env_bool("BRUME_EMBEDDED", True)
DEBUG = env_bool("DEBUG", EMBEDDED)

SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if not EMBEDDED:
        raise ImproperlyConfigured("SECRET_KEY must be set when BRUME_EMBEDDED is false")
    SECRET_KEY = "embedded-development-key-not-for-production-use-" + "x" * 16

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]", "testserver"] if EMBEDDED else [])
if not EMBEDDED and not ALLOWED_HOSTS:
    raise ImproperlyConfigured("ALLOWED_HOSTS must be set when BRUME_EMBEDDED is false")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

# Reverse proxies whose X-Forwarded-* headers are believed (addresses or CIDR networks, comma
# separated). From anyone else those headers are dropped (config.proxies). None by default: the
# site then trusts only what the connection itself says.
BRUME_TRUSTED_PROXIES = env_list("BRUME_TRUSTED_PROXIES")
for _entry in BRUME_TRUSTED_PROXIES:
    try:
        ipaddress.ip_network(_entry)  # strict, as gunicorn reads the same list
    except ValueError:
        raise ImproperlyConfigured(f"BRUME_TRUSTED_PROXIES: {_entry!r} is not an address or a network") from None

INSTALLED_APPS = [
    "accounts.admin_site.BrumeAdminConfig",  # django.contrib.admin, its sign-in limited (429)
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "allauth",  # accounts: sign-up, email verification, password reset (see the accounts block below)
    "allauth.account",
    "accounts",
    "games",
    "tournament",
    "ranking",
    "notifications",
    "webhooks",
    "outbox",  # every email: stored with the work that caused it, sent after the commit
]

MIDDLEWARE = [
    "config.proxies.TrustedProxyMiddleware",  # first: nothing may read a forwarded header before it
    "config.observe.ObserveRequestMiddleware",  # the request's id (X-Request-ID) and its time (/metrics)
    "django.middleware.security.SecurityMiddleware",
    "config.security.SecurityHeadersMiddleware",
    "config.nul_bytes.RefuseNulMiddleware",  # a NUL in the path or query: 400 (PostgreSQL refuses it)
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # An ETag (a hash of the body) on every GET, and 304 Not Modified when the client has it: a
    # refreshed page or API read sends no body again. Outer to every middleware that edits bodies.
    "config.http.ConditionalGetMiddleware",
    # A request served a previous version's cached standings stores nothing derived from them.
    "ranking.cache.StaleReadsMiddleware",
    # A read whose database connection broke under it (PostgreSQL restarted) is served again on a
    # fresh one: before the session and the user are read, so that they are read again too.
    "config.db_busy.DatabaseRetryMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.language.ProfileLanguageMiddleware",  # a signed-in person's language, unless chosen
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "config.db_busy.DatabaseUnavailableMiddleware",  # a view without a working connection: 503, not 500
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASE_URL = env_str("DATABASE_URL")
# SQLite, however it is named (the embedded default, or DATABASE_URL=sqlite:///path as the tests
# give their worker processes): wait for a writer instead of failing at once, and start write
# transactions IMMEDIATE so that concurrent writers queue. A DEFERRED transaction that reads and
# then writes cannot wait: SQLite answers "database is locked" at once when another process
# committed in between (seen as a worker's lost verdict, tests/integration/test_log_attach_order).
SQLITE_OPTIONS = {"timeout": 20, "transaction_mode": "IMMEDIATE", "init_command": "PRAGMA journal_mode=WAL;"}
# Test databases carry the process id, so that test runs in parallel never share (and delete)
# each other's database.
_TEST_DB_SUFFIX = f"_{os.getpid()}"
if DATABASE_URL:
    # Health checks: a pooled connection is checked before the pool hands it out (Django passes
    # psycopg-pool's ``check_connection``), a kept one before a request's first query; one that
    # PostgreSQL's restart killed is replaced, not handed to a request (config/db_busy.py).
    DATABASES = {
        "default": dj_database_url.parse(
            DATABASE_URL, conn_max_age=env_int("DB_CONN_MAX_AGE", 60), conn_health_checks=True
        )
    }
    DATABASES["default"]["TEST"] = {"NAME": f"test_{DATABASES['default']['NAME']}{_TEST_DB_SUFFIX}"}
    if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
        DATABASES["default"]["OPTIONS"] = {**SQLITE_OPTIONS, **DATABASES["default"].get("OPTIONS", {})}
        named = Path(DATABASES["default"]["NAME"])  # a path: the test database beside it
        DATABASES["default"]["TEST"] = {"NAME": str(named.with_name(f"test_{named.stem}{_TEST_DB_SUFFIX}.sqlite3"))}
    # A pool of PostgreSQL connections per process (psycopg's, through Django's "pool" option).
    # The ASGI web process turns it on (config/asgi.py): there each request's synchronous part
    # runs in a thread of its own, so without a pool every request opened a new connection (a
    # PostgreSQL backend started per page view: most of a cached page's cost). Pooled connections
    # go back to the pool at the end of each request instead of being closed.
    if env_bool("BRUME_DB_POOL", False) and DATABASES["default"]["ENGINE"].endswith("postgresql"):
        DATABASES["default"]["CONN_MAX_AGE"] = 0  # the pool keeps them; Django refuses both at once
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": env_int("BRUME_DB_POOL_MIN", 2),
            "max_size": env_int("BRUME_DB_POOL_MAX", 12),
            "timeout": env_float("BRUME_DB_POOL_TIMEOUT", 10.0),
        }
else:
    VAR_DIR.mkdir(parents=True, exist_ok=True)  # SQLite cannot create the folder of its file
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": VAR_DIR / "brume.sqlite3",
            "OPTIONS": dict(SQLITE_OPTIONS),
            # A file, not shared-cache memory, so that concurrency tests see real SQLite locking.
            "TEST": {"NAME": str(VAR_DIR / f"test{_TEST_DB_SUFFIX}.sqlite3")},
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env_str("REDIS_URL")
if REDIS_URL:
    # Short timeouts, and local memory while Redis does not answer (config/cache.py): an outage
    # of Redis must not turn every rate-limited request into an error.
    CACHES = {
        "default": {
            "BACKEND": "config.cache.ResilientRedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": {
                "socket_connect_timeout": env_float("BRUME_CACHE_CONNECT_TIMEOUT", 0.5),
                "socket_timeout": env_float("BRUME_CACHE_TIMEOUT", 1.0),
            },
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "brume"}}

# Standings and event pages kept in the cache (ranking/cache.py): a name of their own, part of
# every key (two sites sharing one Redis; tests give each test its own).
BRUME_DERIVED_CACHE_NAMESPACE = env_str("BRUME_DERIVED_CACHE_NAMESPACE", "")
# With a broker, a worker computes an event's standings again soon after a change commits, before
# its readers ask (ranking/warming.py): seconds to wait for the rest of a burst of results.
BRUME_WARM_DELAY = env_float("BRUME_WARM_DELAY", 0.5)

# Live push (games/push/): the channel's Redis (none: in-process, embedded mode), and the caps
# of one web process on open event streams (docs/live-play-push.md).
BRUME_PUSH_URL = env_str("BRUME_PUSH_URL", REDIS_URL)
BRUME_PUSH_TIMEOUT = env_float("BRUME_PUSH_TIMEOUT", 1.0)
BRUME_PUSH_MAX_STREAMS = env_int("BRUME_PUSH_MAX_STREAMS", 2000)
BRUME_PUSH_MAX_PER_ADDRESS = env_int("BRUME_PUSH_MAX_PER_ADDRESS", 16)
BRUME_PUSH_STREAM_SECONDS = env_int("BRUME_PUSH_STREAM_SECONDS", 600)
BRUME_PUSH_HEARTBEAT_SECONDS = env_float("BRUME_PUSH_HEARTBEAT_SECONDS", 15.0)
# Threads of a web process that open streams (session, user, the game's visibility): at most this
# many of its pooled database connections serve stream openings at once (games/push/viewer.py).
BRUME_PUSH_DB_READERS = env_int("BRUME_PUSH_DB_READERS", 4)

# Celery: Redis as broker and result store when configured; otherwise tasks run in-process.
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", REDIS_URL)
CELERY_RESULT_BACKEND = env_str("CELERY_RESULT_BACKEND", REDIS_URL)
# One result-store client per process, not one per thread: under ASGI every request runs in a
# thread of its own, and a task sent after a move built a new Redis backend (with its connection
# pool) each time. Web processes never wait on a result, the only use that is not thread-safe.
CELERY_RESULT_BACKEND_THREAD_SAFE = True
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
if (CELERY_BROKER_URL or "").startswith("redis://"):  # unset: tasks run in-process
    CELERY_BROKER_TRANSPORT = "config.broker:Transport"  # kombu's, surviving a lost Redis (config/broker.py)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TIME_LIMIT = env_int("CELERY_TASK_TIME_LIMIT", 300)
CELERY_TASK_SOFT_TIME_LIMIT = env_int("CELERY_TASK_SOFT_TIME_LIMIT", 240)
CELERY_VISIBILITY_TIMEOUT = env_int("CELERY_VISIBILITY_TIMEOUT", 600)
# A message whose worker died unacknowledged goes back on its queue at the first sweep after the
# visibility timeout. kombu sweeps every `unacked_restore_interval` seconds but scans Redis only
# on every `unacked_restore_throttle`-th sweep (10 x 10 s by default), so a short visibility
# timeout would still wait minutes: scan on every sweep, a sweep at most every 10 s.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": CELERY_VISIBILITY_TIMEOUT,
    "unacked_restore_interval": max(1, min(10, CELERY_VISIBILITY_TIMEOUT // 4)),
    "unacked_restore_throttle": 1,
}
# How long a worker's claim on a record lasts before another delivery may take it over (a
# worker killed mid-task never releases its claim). Keep it at least the task's time limit.
BRUME_VALIDATION_LEASE = env_int("BRUME_VALIDATION_LEASE", CELERY_TASK_TIME_LIMIT)
# The queue of tasks with no route of their own (the integration tests give their worker one).
CELERY_TASK_DEFAULT_QUEUE = env_str("CELERY_TASK_DEFAULT_QUEUE", "celery")
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = "UTC"
# With the broker down, sending a task must fail fast, not hold a request for ~20 s: short
# connect timeouts, one publish retry, and the same for the result store (a sent task would
# otherwise retry subscribing to its result 20 times). What a task was to do is stored before
# it is sent (a pending record, a rating-outbox row), so a failed send loses nothing: the
# sweep below sends it again.
BRUME_BROKER_CONNECT_TIMEOUT = env_int("BRUME_BROKER_CONNECT_TIMEOUT", 2)
CELERY_BROKER_CONNECTION_TIMEOUT = BRUME_BROKER_CONNECT_TIMEOUT
CELERY_BROKER_TRANSPORT_OPTIONS |= {
    "socket_connect_timeout": BRUME_BROKER_CONNECT_TIMEOUT,
    "socket_timeout": 5,
}
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 1, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.2}
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = BRUME_BROKER_CONNECT_TIMEOUT
CELERY_REDIS_SOCKET_TIMEOUT = 5
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {
    "retry_policy": {"max_retries": 1, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.2}
}
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True  # a worker or beat started before Redis waits for it
# The sweep: records pending (or validating past their lease) and rating updates not done for
# BRUME_SWEEP_AFTER seconds are sent again, every BRUME_SWEEP_INTERVAL seconds (beat), or on the
# next upload or result change when tasks run in-process.
BRUME_SWEEP_AFTER = env_int("BRUME_SWEEP_AFTER", 60)
BRUME_SWEEP_INTERVAL = env_int("BRUME_SWEEP_INTERVAL", 30)
CELERY_BEAT_SCHEDULE = {
    "sweep": {
        "task": "brume.sweep",
        "schedule": float(BRUME_SWEEP_INTERVAL),
        "options": {"expires": BRUME_SWEEP_INTERVAL},
    },
}

# One beat at a time (config/beat.py, docs/deploy.md "Beat"): with a Redis broker, beat keeps the
# schedule and each task's last run in Redis, and only the beat holding a lock there sends. Every
# beat asks for it, or renews it, at least every BRUME_BEAT_MAX_INTERVAL seconds; a holder that
# died without letting go loses it BRUME_BEAT_LOCK_TIMEOUT seconds after its last tick.
BRUME_BEAT_MAX_INTERVAL = env_int("BRUME_BEAT_MAX_INTERVAL", 5)
BRUME_BEAT_LOCK_TIMEOUT = env_int("BRUME_BEAT_LOCK_TIMEOUT", 30)
if BRUME_BEAT_LOCK_TIMEOUT < 2 * BRUME_BEAT_MAX_INTERVAL:
    raise ImproperlyConfigured("BRUME_BEAT_LOCK_TIMEOUT must be at least twice BRUME_BEAT_MAX_INTERVAL")
if (CELERY_BROKER_URL or "").startswith(("redis://", "rediss://")):  # no broker, no beat (embedded mode)
    CELERY_BEAT_SCHEDULER = "config.beat:OneBeatScheduler"
    CELERY_BEAT_MAX_LOOP_INTERVAL = BRUME_BEAT_MAX_INTERVAL
    CELERY_REDBEAT_REDIS_URL = CELERY_BROKER_URL
    CELERY_REDBEAT_REDIS_OPTIONS = {"socket_connect_timeout": BRUME_BROKER_CONNECT_TIMEOUT, "socket_timeout": 5}
    CELERY_REDBEAT_KEY_PREFIX = env_str("BRUME_BEAT_KEY_PREFIX", "brume:beat:")  # two sites on one Redis
    CELERY_REDBEAT_LOCK_TIMEOUT = BRUME_BEAT_LOCK_TIMEOUT

# --- Notifications (notifications/, docs/notifications.md) -----------------------------------------
# The bell's unread count on every page; the email digest's delay (a burst within it makes one
# message); the site's address for links in emails. Email transport: the console in embedded
# mode, SMTP from EMAIL_* in production (the accounts block).
TEMPLATES[0]["OPTIONS"]["context_processors"].append("notifications.context_processors.bell")
BRUME_NOTIFY_EMAIL_DELAY = env_float("BRUME_NOTIFY_EMAIL_DELAY", 20.0)
# Unset in production: https:// and the first allowed host (not a wildcard).
_first_host = next((host for host in ALLOWED_HOSTS if not host.startswith((".", "*"))), "")
BRUME_SITE_URL = env_str(
    "BRUME_SITE_URL", "http://127.0.0.1:8000" if EMBEDDED else (f"https://{_first_host}" if _first_host else "")
)
CELERY_BEAT_SCHEDULE["notifications-digest-sweep"] = {
    "task": "notifications.sweep_digests",
    "schedule": 300.0,
    "options": {"expires": 300},
}
# --- end of notifications ---------------------------------------------------------------------------
# Outbound webhooks (webhooks/, docs/webhooks.md). Retries: after each failed attempt the next
# delay of the list (seconds) times the scale (tests shrink it), then the delivery is given up.
# ALLOW_PRIVATE lets deliveries reach private and loopback addresses: for tests only.
BRUME_WEBHOOKS_ALLOW_PRIVATE = env_bool("BRUME_WEBHOOKS_ALLOW_PRIVATE", False)
BRUME_WEBHOOKS_TIMEOUT = env_float("BRUME_WEBHOOKS_TIMEOUT", 5.0)
BRUME_WEBHOOKS_RETRY_DELAYS = [60, 300, 1800, 7200, 43200]
BRUME_WEBHOOKS_DELAY_SCALE = env_float("BRUME_WEBHOOKS_DELAY_SCALE", 1.0)
BRUME_WEBHOOKS_CLAIM_SECONDS = 60  # an attempt's hold on its delivery (longer than the timeout)
BRUME_WEBHOOKS_STANDINGS_ROWS = env_int("BRUME_WEBHOOKS_STANDINGS_ROWS", 10)
BRUME_WEBHOOKS_MAX_ENDPOINTS = env_int("BRUME_WEBHOOKS_MAX_ENDPOINTS", 10)  # per event, and per account
BRUME_WEBHOOKS_SITE_URL = env_str("BRUME_WEBHOOKS_SITE_URL", BRUME_SITE_URL)  # links in payloads (the site URL)

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Every password check goes through the sign-in limits (accounts.signin); the backend is set in
# the accounts block below.
BRUME_SIGNIN_ACCOUNT_LIMIT = env_int("BRUME_SIGNIN_ACCOUNT_LIMIT", 5)
BRUME_SIGNIN_ADDRESS_LIMIT = env_int("BRUME_SIGNIN_ADDRESS_LIMIT", 30)
BRUME_SIGNIN_WINDOW_MINUTES = env_int("BRUME_SIGNIN_WINDOW_MINUTES", 15)
BRUME_SIGNIN_NAMESPACE = ""  # part of every counter's key (tests give each test its own)
BRUME_TOKEN_TTL_DAYS = env_int("BRUME_TOKEN_TTL_DAYS", 30)
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# --- Accounts (django-allauth, docs/accounts.md) --------------------------------------------
# People sign up themselves and must verify their email before they can sign in; they sign in by
# user name or email. Every password check still goes through accounts.backends (sign-in limits).
AUTHENTICATION_BACKENDS = ["accounts.backends.LimitedModelBackend"]
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "username*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_CHANGE_EMAIL = True  # one address: a new one replaces the old once it is verified
ACCOUNT_CONFIRM_EMAIL_ON_GET = False  # the link opens a page with a button: mail scanners do not confirm
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = False
ACCOUNT_LOGOUT_ON_GET = False
ACCOUNT_SESSION_REMEMBER = True  # sessions last SESSION_COOKIE_AGE, as before allauth
SESSION_ENGINE = "accounts.session_store"  # Django's database sessions, read with SQL compiled once
ACCOUNT_LOGOUT_REDIRECT_URL = "home"
# Sign-up says plainly that an email is taken (issue 17); password reset stays silent (accounts.forms).
ACCOUNT_PREVENT_ENUMERATION = False
ACCOUNT_FORMS = {
    "login": "accounts.forms.BrumeLoginForm",
    "signup": "accounts.forms.BrumeSignupForm",
    "reset_password": "accounts.forms.BrumeResetPasswordForm",
}
ACCOUNT_ADAPTER = "accounts.adapter.BrumeAccountAdapter"  # emails in the recipient's language
# Failed sign-ins are limited by accounts.signin (per account and per address, shared by every
# way of signing in); allauth's own counters for them would only be a second, different lockout.
ACCOUNT_RATE_LIMITS = {"login": None, "login_failed": None}
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Brume] "
# Who may create events: "staff" (the organiser flag) or "verified" (anyone with a verified email).
BRUME_ORGANISERS = env_str("BRUME_ORGANISERS", "staff")
if BRUME_ORGANISERS not in ("staff", "verified"):
    raise ImproperlyConfigured('BRUME_ORGANISERS must be "staff" or "verified"')
# Email (docs/deploy.md, "Mail through the queue"): every message is stored in the outbox, in the
# transaction of the work that caused it, and sent after the commit by the outbox.send_mail task
# with the delivery backend: the console in embedded mode, SMTP from the environment in
# production (the EMAIL_BACKEND variable names it). A failed attempt waits RETRY_DELAY seconds,
# doubling up to RETRY_MAX_DELAY, and is given up after MAX_ATTEMPTS; brume.sweep sends again
# what is still pending BRUME_SWEEP_AFTER seconds after it was due.
EMAIL_BACKEND = "outbox.backend.QueuedEmailBackend"
BRUME_EMAIL_DELIVERY_BACKEND = env_str(
    "EMAIL_BACKEND",
    "django.core.mail.backends.console.EmailBackend" if EMBEDDED else "django.core.mail.backends.smtp.EmailBackend",
)
if BRUME_EMAIL_DELIVERY_BACKEND == EMAIL_BACKEND:
    raise ImproperlyConfigured("EMAIL_BACKEND names the backend that sends the outbox's mail, not the outbox")
BRUME_EMAIL_RETRY_DELAY = env_int("BRUME_EMAIL_RETRY_DELAY", 60)
BRUME_EMAIL_RETRY_MAX_DELAY = env_int("BRUME_EMAIL_RETRY_MAX_DELAY", 3600)
BRUME_EMAIL_MAX_ATTEMPTS = env_int("BRUME_EMAIL_MAX_ATTEMPTS", 15)  # about nine hours of retries
BRUME_EMAIL_KEEP_DAYS = env_int("BRUME_EMAIL_KEEP_DAYS", 30)  # sent rows (without their message) are kept this long
EMAIL_HOST = env_str("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 10)
# An attempt's hold on its outbox row; a worker killed mid-send leaves it to the sweep after this.
BRUME_EMAIL_CLAIM_SECONDS = max(60, CELERY_TASK_TIME_LIMIT)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Brume <noreply@localhost>")
# --- end of the accounts block -----------------------------------------------------------------

LANGUAGE_CODE = "en"
# The site speaks English, French and Dutch (issue 20). The language comes from, in order: the
# switcher's choice (a cookie), the signed-in person's profile, the browser's Accept-Language.
# Catalogues: locale/ for the project's templates and config/, each app's own locale/ for its code
# (`make messages` extracts them, `make` compiles them).
LANGUAGES = [("en", "English"), ("fr", "Français"), ("nl", "Nederlands")]
LOCALE_PATHS = [BASE_DIR / "locale", BASE_DIR / "games" / "engines" / "locale"]  # the engines: not an app
LANGUAGE_COOKIE_NAME = "brume_language"
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(VAR_DIR / "static")))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG or EMBEDDED
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}
DATA_UPLOAD_MAX_MEMORY_SIZE = 4 * 1024 * 1024

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "accounts.tokens.PersonalTokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    # DRF's two, passing through a body kept rendered (tournament/api/rendering.py)
    "DEFAULT_RENDERER_CLASSES": [
        "tournament.api.rendering.JSONRenderer",
        "tournament.api.rendering.BrowsableAPIRenderer",
    ],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "config.api_schema.BrumeAutoSchema",
    # Input limits (docs/limits.md): JSON bodies of bounded size and depth; one error shape.
    "DEFAULT_PARSER_CLASSES": [
        "games.api.parsers.BoundedJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "EXCEPTION_HANDLER": "tournament.api.base.api_exception_handler",
    "DEFAULT_THROTTLE_RATES": {
        "anon": env_str("API_ANON_RATE", "120/min"),
        "user": env_str("API_USER_RATE", "600/min"),
        "token": env_str("API_TOKEN_RATE", "30/min"),  # POST auth/token/ per client address
    },
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Brume API",
    "DESCRIPTION": "Tournaments, game logs and rankings for games played in the fog.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "SWAGGER_UI_SETTINGS": {"deepLinking": True, "validatorUrl": None},  # no badge fetched from elsewhere
    # Two apps name a choice field "kind": each set of choices gets a name of its own.
    "ENUM_NAME_OVERRIDES": {
        "NotificationKindEnum": "notifications.models.Kind.choices",
        "WebhookKindEnum": "webhooks.models.Kind.choices",
        "WebhookSubscribableKindEnum": "webhooks.models.SUBSCRIBABLE",
    },
}

# /healthz (readiness), /healthz/live and /healthz/ready answer plain HTTP too: a load balancer's
# probe must not be redirected; nor a Prometheus scraping a node directly on its private address.
SECURE_REDIRECT_EXEMPT = [r"^healthz(/live|/ready)?$", r"^metrics$"]

# /metrics (config/metrics.py): off unless a token or an allow list is set. A scraper sends
# "Authorization: Bearer <token>", or comes from one of the addresses or networks listed.
BRUME_METRICS_TOKEN = env_str("BRUME_METRICS_TOKEN", "")
BRUME_METRICS_ALLOW = env_list("BRUME_METRICS_ALLOW")
for _entry in BRUME_METRICS_ALLOW:
    try:
        ipaddress.ip_network(_entry)
    except ValueError:
        raise ImproperlyConfigured(f"BRUME_METRICS_ALLOW: {_entry!r} is not an address or a network") from None

# Production hardening (check --deploy is clean with BRUME_EMBEDDED=false).
if not EMBEDDED:
    if BRUME_TRUSTED_PROXIES:
        # Believed only because config.proxies drops the header from anyone but those proxies.
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_CONTENT_TYPE_NOSNIFF = True
    X_FRAME_OPTIONS = "DENY"
    if env_bool("SECURE_HSTS_PRELOAD", False) is False:
        SILENCED_SYSTEM_CHECKS = ["security.W021"]

# Logs (config/logs.py): one JSON object per line in production, plain text when DEBUG or embedded
# (``make run`` stays readable). Either way each record knows its request's id (X-Request-ID),
# also inside the tasks that request sent. Celery's worker and beat use this too (config/celery.py).
BRUME_LOG_FORMAT = env_str("BRUME_LOG_FORMAT", "text" if DEBUG or EMBEDDED else "json")
if BRUME_LOG_FORMAT not in ("json", "text"):
    raise ImproperlyConfigured('BRUME_LOG_FORMAT must be "json" or "text"')
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "config.logs.RequestIdFilter"}},
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
        "json": {"()": "config.logs.JsonFormatter"},
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": "json" if BRUME_LOG_FORMAT == "json" else "plain",
            "filters": ["request_id"],
        }
    },
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}
