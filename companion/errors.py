"""The one place an API error becomes a response: every error in one shape.

- A bad input (400) is ``{"<field.path>": ["message", ...], ...}``: the dotted path of
  each bad value (``"data.armor"``, ``"body.units.0.count"``), or ``non_field_errors``
  for the body as a whole. Nested serializer errors are flattened into such paths.
- Any other error is ``{"detail": "message"}`` (404, 403, 405, 409, 413, 429).

Besides DRF's own exceptions this turns the games' ``RuleError`` (and the JSON limits,
which are one) into a 400, so no view needs its own catch. Too-deep recursion, a
number Python cannot turn into a float, and data the database refuses (out of range,
too long, NUL) are input no check should have let through: they answer 400 too, and are
logged as a warning so the missing check gets written.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import RequestDataTooBig, SuspiciousOperation
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import DataError
from rest_framework import status
from rest_framework.exceptions import ErrorDetail, ValidationError
from rest_framework.response import Response
from rest_framework.views import exception_handler, set_rollback

from companion.games.base import RuleError

logger = logging.getLogger(__name__)

NON_FIELD = "non_field_errors"


def join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def flatten(detail: Any, path: str = "") -> dict[str, list[str]]:
    """DRF's nested error detail as ``{dotted.path: [messages]}``."""
    out: dict[str, list[str]] = {}
    if isinstance(detail, Mapping):
        for key, value in detail.items():
            key = str(key)
            child = (path or NON_FIELD) if key == NON_FIELD else join(path, key)
            for where, messages in flatten(value, child).items():
                out.setdefault(where, []).extend(messages)
    elif isinstance(detail, list | tuple):
        messages = [str(item) for item in detail if isinstance(item, str | ErrorDetail)]
        if messages:
            out.setdefault(path or NON_FIELD, []).extend(messages)
        for index, item in enumerate(detail):
            if isinstance(item, Mapping | list | tuple):
                for where, more in flatten(item, join(path, str(index))).items():
                    out.setdefault(where, []).extend(more)
    else:
        out[path or NON_FIELD] = [str(detail)]
    return out


def _as_drf(exc: Exception) -> Exception:
    """The DRF exception a non-DRF error stands for, or ``exc`` itself."""
    if isinstance(exc, RuleError):
        return ValidationError({path: [message] for path, message in exc.errors.items()})
    if isinstance(exc, DjangoValidationError):
        if hasattr(exc, "error_dict"):
            return ValidationError(exc.message_dict)
        return ValidationError({NON_FIELD: exc.messages})
    if isinstance(exc, RecursionError):
        logger.warning("Recursion on API input reached the view: a depth check is missing.")
        return ValidationError({NON_FIELD: ["Nested too deeply."]})
    if isinstance(exc, OverflowError):
        logger.warning("Overflow on API input reached the view: a bound is missing: %s", exc)
        return ValidationError({NON_FIELD: ["A number is too large."]})
    if isinstance(exc, DataError):
        logger.warning("The database refused API input: a bound is missing: %s", exc)
        return ValidationError({NON_FIELD: ["A value is out of range or too long."]})
    return exc


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, RequestDataTooBig):
        set_rollback()
        return Response(
            {"detail": "Request body too large."}, status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
        )
    if isinstance(exc, SuspiciousOperation):  # too many fields, a bad multipart body
        set_rollback()
        return Response({"detail": str(exc) or "Bad request."}, status=status.HTTP_400_BAD_REQUEST)
    exc = _as_drf(exc)
    response = exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, ValidationError):
        response.data = flatten(response.data)
    elif not (isinstance(response.data, Mapping) and "detail" in response.data):
        response.data = {"detail": str(response.data)}
    return response
