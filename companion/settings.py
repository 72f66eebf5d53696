"""Muster's settings: one module, every deployment choice read from the environment.

Defaults give the embedded set-up (SQLite, tasks run in-process, in-memory channel
layer); ``DATABASE_URL`` and ``REDIS_URL`` switch to PostgreSQL and Redis.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    return default if value is None else value.strip().lower() in {"1", "true", "yes", "on"}


DEBUG = env_bool("DEBUG", True)
# The development key signs nothing outside DEBUG: a production site without its own key
# refuses to start rather than accept cookies anyone could forge.
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. With DEBUG off Muster needs its own secret key: set "
            "SECRET_KEY to a long random string (python -c 'import secrets; "
            "print(secrets.token_urlsafe(50))')."
        )
    SECRET_KEY = "muster-development-key-not-for-production"


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

# Behind a TLS-terminating proxy (the documented production set-up) every cookie is secure,
# plain HTTP is redirected and browsers are told to keep to HTTPS. ``HTTPS=0`` turns this
# off for a production-like run on loopback without TLS (``make prod``).
HTTPS = env_bool("HTTPS", not DEBUG)
if HTTPS:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_REDIRECT_EXEMPT = [r"^healthz/$"]  # the proxy's health probe speaks plain HTTP
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("HSTS_SECONDS", 31536000))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("HSTS_PRELOAD", True)

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "channels",
    "axes",
    "companion",
    "companion.table",
    "catalog",
    "armies",
    "decks",
    "printing",
    "printing.stl",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "companion.middleware.RejectNulMiddleware",  # a NUL in a URL or form: 400 at the door
    "companion.middleware.DatabaseBusyMiddleware",  # no connection in time: 503, not 500
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "companion.throttling.ThrottleMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into its lock-out page.
    "axes.middleware.AxesMiddleware",
]

# Rates of the scopes in companion/throttling.py, per signed-in user, guest seat or
# session, else per address. A club night never meets them; a script looping does.
THROTTLE_ENABLED = env_bool("THROTTLE", True)
THROTTLE_RATES = {
    "login": "30/min",
    "signup": "60/hour",
    "print": "120/hour",
    "stl": "240/hour",
    "stl-preview": "120/min",
    "validate": "240/min",
    "lists": "240/hour",
    "builder": "600/min",
    "table": "240/min",
    "tables": "120/hour",
    "mail": "10/hour",  # password reset e-mails: a form must not become a mail cannon
}
# Seats at a live table of a game whose rules state no maximum (Maker-War: "two or more",
# in two sides): a big club battle fits, a script's thousand guests do not.
TABLE_MAX_SEATS = int(os.environ.get("TABLE_MAX_SEATS", 12))

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # counts failed logins, refuses locked-out ones
    "django.contrib.auth.backends.ModelBackend",
]
# Ten wrong passwords for one account from one address lock that pair out for 15 minutes;
# a club behind one router is never locked out by one forgetful player.
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", 10))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("AXES_COOLOFF_MINUTES", 15)))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
# The proxies in front of the site that append to X-Forwarded-For (1 for nginx). The
# client's address is read right to left past them; with 0 the header is ignored. Rates
# and django-axes ask the same function (companion/throttling.py: client_address).
PROXY_COUNT = int(os.environ.get("PROXY_COUNT", 0))
AXES_CLIENT_IP_CALLABLE = "companion.throttling.client_address"

ROOT_URLCONF = "companion.urls"
WSGI_APPLICATION = "companion.wsgi.application"
ASGI_APPLICATION = "companion.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "OPTIONS": {
            # A game's templates live in its package (companion/game_files.py).
            "loaders": [
                (
                    "django.template.loaders.cached.Loader",
                    [
                        "django.template.loaders.filesystem.Loader",
                        "django.template.loaders.app_directories.Loader",
                        "companion.game_files.TemplateLoader",
                    ],
                )
            ],
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "companion.context_processors.games",
            ],
        },
    },
]

DATABASES = {"default": dj_database_url.config(default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
# Under ASGI every request may run on a thread of its own, so persistent per-thread
# connections grow with the burst and outlive it ("too many clients"). On PostgreSQL each
# process borrows from psycopg's pool instead: at most DB_POOL_MAX connections a process,
# a request beyond that waits its turn (up to DB_POOL_TIMEOUT seconds), never a new one.
DB_POOL_MAX = int(os.environ.get("DB_POOL_MAX", 8))
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"]["OPTIONS"] = {
        "pool": {
            "min_size": int(os.environ.get("DB_POOL_MIN", 1)),
            "max_size": DB_POOL_MAX,
            "timeout": float(os.environ.get("DB_POOL_TIMEOUT", 20)),
            "max_idle": 60,
        },
    }
else:
    DATABASES["default"]["CONN_MAX_AGE"] = 60
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The embedded default serves a live table too: write-ahead logging lets readers go on
    # while a move commits, and IMMEDIATE transactions queue writers instead of failing.
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = os.environ.get("REDIS_URL", "")

if REDIS_URL:
    # django-redis because it can fail open: with Redis gone a throttle counts nothing for a
    # while instead of answering 500 on every page.
    _redis_cache = {
        "BACKEND": "django_redis.cache.RedisCache",
        "LOCATION": REDIS_URL,
        "OPTIONS": {
            "IGNORE_EXCEPTIONS": True,
            "SOCKET_CONNECT_TIMEOUT": 1,
            "SOCKET_TIMEOUT": 1,
        },
    }
    # Parallel test processes (pytest-xdist) share one Redis: each counts its own requests,
    # all of which come from 127.0.0.1.
    _apart = os.environ.get("PYTEST_XDIST_WORKER", "")
    CACHES = {
        "default": {**_redis_cache, "KEY_PREFIX": f"muster{_apart}"},
        "throttle": {**_redis_cache, "KEY_PREFIX": f"muster-throttle{_apart}"},
    }
    DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [REDIS_URL]},
        }
    }
    CELERY_BROKER_URL = REDIS_URL
    CELERY_RESULT_BACKEND = REDIS_URL
    CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)
else:
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
        "throttle": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "throttle",
        },
    }
    CHANNEL_LAYERS = {"default": {"BACKEND": "companion.table.layers.InMemoryLayer"}}
    CELERY_BROKER_URL = "memory://"
    CELERY_RESULT_BACKEND = "cache+memory://"
    CELERY_TASK_ALWAYS_EAGER = True
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_WORKER_MAX_TASKS_PER_CHILD = 20
# A job survives its worker: acknowledged after it ran (a worker lost mid-job leaves the
# message to be delivered again), one message fetched at a time (none held by a busy or
# dead worker), and the job row's heartbeat sweep behind both (printing/sweep.py).
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# A job whose worker died is taken up again within a minute: a rendering worker writes the
# job's heartbeat every PRINT_JOB_HEARTBEAT_SECONDS, a running job silent for
# PRINT_JOB_STALE_SECONDS is taken up, and every worker sweeps when it starts and every
# PRINT_JOB_SWEEP_SECONDS (Redis would deliver the lost message again only after an hour).
PRINT_JOB_HEARTBEAT_SECONDS = float(os.environ.get("PRINT_JOB_HEARTBEAT_SECONDS", 5))
PRINT_JOB_STALE_SECONDS = float(os.environ.get("PRINT_JOB_STALE_SECONDS", 30))
PRINT_JOB_SWEEP_SECONDS = float(os.environ.get("PRINT_JOB_SWEEP_SECONDS", 10))
# The Celery queue print jobs are sent on (the default queue when unset); a worker's own
# sweep sends on it too, so a worker started with -Q <queue> needs it in its environment.
PRINTING_QUEUE = os.environ.get("PRINTING_QUEUE") or None
# A dead broker fails a request within about a second (answered 503), not after 20 s of
# kombu's reconnecting: one retry, short socket timeouts. The worker's own reconnection
# loop (broker_connection_max_retries) is not affected.
CELERY_BROKER_CONNECTION_TIMEOUT = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "max_retries": 1,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.5,
    "socket_connect_timeout": 1,
    "socket_timeout": 5,
    "visibility_timeout": 3600,
}
CELERY_TASK_PUBLISH_RETRY = False

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "catalog:home"
LOGOUT_REDIRECT_URL = "catalog:home"

# E-mail (password reset links): printed on the console unless an SMTP server is named.
# With EMAIL_HOST set, mail goes through it; EMAIL_BACKEND still wins when given.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend",
)
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
EMAIL_PORT = int(os.environ.get("EMAIL_PORT") or (587 if EMAIL_USE_TLS else 25))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT") or 10)  # a slow server never hangs a page
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL") or "Muster <muster@localhost>"
SERVER_EMAIL = DEFAULT_FROM_EMAIL
# A reset link works for three days, and only once (Django's token changes with the password).
PASSWORD_RESET_TIMEOUT = 3 * 24 * 3600

LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_FINDERS = [
    "django.contrib.staticfiles.finders.FileSystemFinder",
    "django.contrib.staticfiles.finders.AppDirectoriesFinder",
    "companion.game_files.StaticFinder",  # a game's static/ in its package
]
MEDIA_URL = "media/"
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", BASE_DIR / "media"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    # HTTP Basic costs a password hash (~0.3 s of CPU) per guess: off unless asked for.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        *(
            ["rest_framework.authentication.BasicAuthentication"]
            if env_bool("API_BASIC_AUTH", False)
            else []
        ),
    ],
    "EXCEPTION_HANDLER": "companion.errors.api_exception_handler",
    "NUM_PROXIES": PROXY_COUNT,  # 0, not None: DRF then ignores a made-up X-Forwarded-For
}

# --- Request limits (companion/body_limits.py has the per-kind sizes) ---------------------
# Bodies over their kind's size are refused by the ASGI middleware before Django reads
# them; inside Django the largest non-file body is a list form (1 MB), and no form of
# Muster's has more than a few hundred fields (a collection or print form).
DATA_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024
DATA_UPLOAD_MAX_NUMBER_FIELDS = 1000
# A failed login's username as django-axes stores it: never longer than a username can be.
AXES_USERNAME_CALLABLE = "companion.inputs.login_username"
# JSON bodies: the path's size limit, then depth, NUL, integer range (companion/parsers.py).
REST_FRAMEWORK["DEFAULT_PARSER_CLASSES"] = [
    "companion.parsers.LimitedJSONParser",
    "rest_framework.parsers.FormParser",
    "rest_framework.parsers.MultiPartParser",
]

SPECTACULAR_SETTINGS = {
    "TITLE": "Muster API",
    "DESCRIPTION": "Catalogues, builders and tables of five tabletop games.",
    "VERSION": "0.1.0",
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "SERVE_INCLUDE_SCHEMA": False,  # the schema endpoint is not part of the API it describes
    # Choice sets that share a field name ("visibility", "status"), each named after its model.
    "ENUM_NAME_OVERRIDES": {
        "ListVisibilityEnum": "armies.models.ListVisibility",
        "HomebrewVisibilityEnum": [("private", "Private"), ("link", "Anyone with the link")],
        "JobStatusEnum": "printing.models.JobStatus",
        "TableStatusEnum": "companion.table.models.TableStatus",
    },
    # Every operation's error answers in the one error shape (companion/api_schema.py).
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "companion.api_schema.add_error_responses",
        "companion.api_schema.describe_path_values",
    ],
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
WHITENOISE_USE_FINDERS = True
