"""Middleware at the door: a NUL character (or a lone surrogate) anywhere in a URL or
form is a 400, a form body that cannot be parsed is a 400 in the path's own shape, and a
database that cannot serve the request in time is a 503, never a 500.

PostgreSQL refuses NUL in text, so a ``%00`` that reaches a lookup (``/t/%00/``,
``?q=%00``, a form field read raw) would be a 500 deep in some view. Forms and
serializers refuse NUL in the fields they declare; this refuses it everywhere else, once,
with the gate's own test (``json_limits.text_problem``). JSON bodies are checked by
``companion.parsers`` (the API) and ``json_limits`` (pages).

Reading the form here means parsing it before DRF would: a multipart body without a
boundary (or with too many fields) raises as it is read, which Django would answer with
its HTML 400 page and a logged traceback. It is answered here instead: under ``/api/`` as
DRF answers a body it cannot parse (``{"detail": ...}``), elsewhere as plain text, with a
one-line warning in the log.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, SuspiciousOperation
from django.db import OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.http.multipartparser import MultiPartParserError

from companion.json_limits import shown, text_problem

logger = logging.getLogger(__name__)

FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def _bad_field(data: QueryDict) -> tuple[str, str] | None:
    for key, values in data.lists():
        for text in (key, *values):
            problem = text_problem(text) if isinstance(text, str) else None
            if problem is not None:
                return shown(key), problem
    return None


def bad_text_in(request: HttpRequest) -> tuple[str, str] | None:
    """Where ``request`` carries text no layer may take (``path``, a field's name) and
    why (a NUL, a lone surrogate), or None. Reading a form body may raise (a multipart body
    without a boundary): ``RejectNulMiddleware`` answers that."""
    problem = text_problem(request.path_info)
    if problem is not None:
        return "path", problem
    query = request.META.get("QUERY_STRING", "")
    if "\x00" in query or "%00" in query or not query.isascii():
        found = _bad_field(request.GET)
        if found is not None:
            return found
    if request.method == "POST" and request.content_type in FORM_TYPES:
        return _bad_field(request.POST)
    return None


def _answer(request: HttpRequest, body: dict[str, object], text: str, status: int) -> HttpResponse:
    if request.path_info.startswith("/api/"):
        return JsonResponse(body, status=status)
    return HttpResponse(text, status=status, content_type="text/plain")


# What Django's session keys are made of (``get_random_string`` of lowercase letters and
# digits, 32 long); anything else was never issued by this site.
_SESSION_KEY = re.compile(r"[a-z0-9]{8,40}")


def _forget_forged_session(request: HttpRequest) -> None:
    """Drop a session cookie that no session key can be: looked up, a NUL in it is a
    ``DataError`` on PostgreSQL (a 500 on any page). The request goes on signed out."""
    name = settings.SESSION_COOKIE_NAME
    key = request.COOKIES.get(name)
    if key is not None and not _SESSION_KEY.fullmatch(key):
        del request.COOKIES[name]


class RejectNulMiddleware:
    """Answers 400 (JSON under ``/api/``) when the URL or a form field holds a NUL or a
    lone surrogate, or when the form body cannot be parsed at all."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        _forget_forged_session(request)
        try:
            found = bad_text_in(request)
        except (MultiPartParserError, SuspiciousOperation) as exc:
            return self._unreadable(request, exc)
        if found is None:
            return self.get_response(request)
        where, problem = found
        return _answer(request, {where: [problem]}, f"{where}: {problem}", 400)

    @staticmethod
    def _unreadable(request: HttpRequest, exc: Exception) -> HttpResponse:
        """A form body Django could not read: 413 when too large, else 400, saying why
        (as DRF's parser would), logged as one line without a traceback."""
        logger.warning("unreadable form body on %s: %s", request.path_info, exc)
        if isinstance(exc, RequestDataTooBig):
            detail, status = "Request body too large.", 413
        elif isinstance(exc, MultiPartParserError):
            detail, status = f"Multipart form parse error - {exc}", 400
        else:
            detail, status = str(exc) or "Bad request.", 400
        return _answer(request, {"detail": detail}, detail, status)


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
