"""Middleware at the door: a NUL character anywhere in a URL or form is a 400, and a
database that cannot serve the request in time is a 503, never a 500.

PostgreSQL refuses NUL in text, so a ``%00`` that reaches a lookup (``/t/%00/``,
``?q=%00``, a form field read raw) would be a 500 deep in some view. Forms and
serializers refuse NUL in the fields they declare; this refuses it everywhere else, once.
JSON bodies are checked by ``companion.parsers`` (the API) and ``json_limits`` (pages).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse, QueryDict

from companion.json_limits import NUL_MESSAGE

logger = logging.getLogger(__name__)

FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def _nul_field(data: QueryDict) -> str | None:
    for key, values in data.lists():
        if "\x00" in key or any("\x00" in value for value in values):
            return key.replace("\x00", "\\u0000")
    return None


def nul_in(request: HttpRequest) -> str | None:
    """Where ``request`` carries a NUL character (``path``, a field's name), or None."""
    if "\x00" in request.path_info:
        return "path"
    if "\x00" in request.META.get("QUERY_STRING", "") or "%00" in request.META.get(
        "QUERY_STRING", ""
    ):
        field = _nul_field(request.GET)
        if field is not None:
            return field
    if request.method == "POST" and request.content_type in FORM_TYPES:
        return _nul_field(request.POST)
    return None


class RejectNulMiddleware:
    """Answers 400 (JSON under ``/api/``) when the URL or a form field holds a NUL."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        where = nul_in(request)
        if where is None:
            return self.get_response(request)
        if request.path_info.startswith("/api/"):
            return JsonResponse({where: [NUL_MESSAGE]}, status=400)
        return HttpResponse(f"{where}: {NUL_MESSAGE}", status=400, content_type="text/plain")


BUSY_MESSAGE = "Muster is busy or its database is unreachable right now; try again in a moment."


class DatabaseBusyMiddleware:
    """A database that cannot give a connection in time (every pooled connection busy
    through a burst, or PostgreSQL restarting) answers 503 with ``Retry-After``, a clear
    message and nothing of the error's text, instead of a 500. Nothing was committed: the
    request never reached its transaction's end."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, OperationalError):
            return None
        logger.warning("database unavailable: %s", type(exception).__name__)
        if request.path_info.startswith("/api/"):
            response: HttpResponse = JsonResponse({"detail": BUSY_MESSAGE}, status=503)
        else:
            response = HttpResponse(BUSY_MESSAGE, status=503, content_type="text/plain")
        response["Retry-After"] = "5"
        return response
