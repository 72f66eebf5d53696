"""WSGI entry point for servers that do not speak ASGI."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")
application = get_wsgi_application()
# Every game's modules and the table's templates loaded, then kept out of the
# collector's reach: full collections no longer stall a request (companion/warmup.py).
from companion.warmup import warm_and_freeze  # noqa: E402

warm_and_freeze()
