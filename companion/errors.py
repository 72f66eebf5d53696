"""The one place an API error becomes a response: every error in one shape.

(Foundation; the full handler is built by the hostile-input work.)
"""

from __future__ import annotations

from typing import Any

from rest_framework.response import Response
from rest_framework.views import exception_handler


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    return exception_handler(exc, context)
