"""ASGI entry point: HTTP through Django, WebSockets through Channels."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.sessions import SessionMiddlewareStack  # noqa: E402

from companion.body_limits import BodyLimitMiddleware  # noqa: E402
from companion.routing import websocket_urlpatterns  # noqa: E402
from companion.table.origin import site_origins_only  # noqa: E402
from companion.warmup import warm_and_freeze  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": BodyLimitMiddleware(django_asgi_app),  # oversized bodies: 413, unread
        # Only pages of this site may open a seat's socket with its player's cookie. The
        # socket finds its user itself, in the same trip to the database as its table.
        "websocket": site_origins_only(SessionMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)
# Every game's modules and the table's templates loaded, then kept out of the
# collector's reach: full collections no longer stall every table (companion/warmup.py).
warm_and_freeze()
