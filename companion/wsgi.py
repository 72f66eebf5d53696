"""WSGI entry point for servers that do not speak ASGI."""

import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")
application = get_wsgi_application()
# Startup objects (settings, URLconf, game catalogues) live for the whole process: move
# them out of the collector's reach so full collections do not stall a request.
gc.freeze()
