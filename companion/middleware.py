"""Request sanitising: a NUL character anywhere in a URL or form is a 400 at the door.

PostgreSQL refuses NUL in text, so a ``%00`` that reaches a lookup (``/t/%00/``,
``?q=%00``, a form field read raw) would be a 500 deep in some view. Forms and
serializers refuse NUL in the fields they declare; this refuses it everywhere else, once.
JSON bodies are checked by ``companion.parsers`` (the API) and ``json_limits`` (pages).
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse, QueryDict

from companion.json_limits import NUL_MESSAGE

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
