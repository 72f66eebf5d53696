"""What the OpenAPI schema says about errors: one shape, declared once.

Every API error is answered by ``companion.errors`` in one shape: a validation error maps
dotted field paths to messages (``{"data.armor": ["Must be at least 1."]}``), any other
error is ``{"detail": "..."}``. ``ApiError`` is that shape as a schema component, and
``add_error_responses`` (a drf-spectacular postprocessing hook) adds the error answers
each operation can give, judged from the operation itself, so no view repeats them:

- 400 when it takes a body or query parameters (bad input), 413 when it takes a body,
- 403 when it writes (CSRF, permissions) or needs a signed-in user,
- 404 when its path names something (a game, a list, a table...),
- 429 when ``companion.throttling`` limits it,
- 503 on every operation: no database connection in time (``DatabaseBusyMiddleware``).

A view declares an error of its own (a 403 on a readable path, a 409) with ``errors()``.
``describe_path_values`` (another hook) states what a path segment can hold: a ``game`` is
one of the games served, an integer id is a non-negative integer (Django's ``int``
converter; anything else is no URL of the API at all).
"""

from __future__ import annotations

import re
from typing import Any

from django.urls import Resolver404, ResolverMatch, resolve
from django.urls.converters import get_converters
from drf_spectacular.extensions import OpenApiSerializerExtension
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers

from companion.throttling import THROTTLED

ERROR_COMPONENT = "ApiError"
ERROR_REF = {"$ref": f"#/components/schemas/{ERROR_COMPONENT}"}
ERROR_TEXT = {
    400: "Bad input: every problem by its dotted field path.",
    403: "Not signed in, no permission, or a missing CSRF token.",
    404: "Nothing of that name or id here.",
    409: "The request conflicts with the current state.",
    413: "The request body is over this kind of request's size limit.",
    429: "Too many requests of this kind; see Retry-After.",
    503: "Unavailable for now (the database, or the service that makes files); nothing "
    "was changed or queued. Try again after Retry-After.",
}
_SAMPLE = {"integer": "1", "default": "x"}  # a value for each path parameter when resolving
_CONVERTER = re.compile(r"<(?:(\w+):)?(\w+)>")  # <slug:game> in a Django route


class ApiErrorSerializer(serializers.Serializer):
    """Only a name for the schema: the body of every error (see ``ApiErrorExtension``)."""

    detail = serializers.CharField(required=False)


class ApiErrorExtension(OpenApiSerializerExtension):
    """Both error forms as one object: ``detail`` is text, every other key a field path
    with its messages."""

    target_class = ApiErrorSerializer

    def get_name(self, auto_schema: Any = None, direction: Any = None) -> str:
        return ERROR_COMPONENT

    def map_serializer(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
        return {
            "type": "object",
            "description": 'Validation errors by dotted field path (`{"data.armor": '
            '["Must be at least 1."]}`), or `{"detail": "..."}` for every other error.',
            "properties": {"detail": {"type": "string"}},
            "additionalProperties": {"type": "array", "items": {"type": "string"}},
        }


def errors(*codes: int) -> dict[int, OpenApiResponse]:
    """Error answers an operation gives beyond those the hook derives, for ``responses``."""
    return {
        code: OpenApiResponse(response=ApiErrorSerializer, description=ERROR_TEXT[code])
        for code in codes
    }


def _resolve(path: str, parameters: list[dict[str, Any]]) -> ResolverMatch | None:
    """The URL pattern behind a schema path, found with a sample value per parameter."""
    url = path
    for p in parameters:
        if p.get("in") == "path":
            kind = p.get("schema", {}).get("type", "default")
            url = url.replace("{" + p["name"] + "}", _SAMPLE.get(kind, _SAMPLE["default"]))
    try:
        return resolve(url)
    except Resolver404:
        return None


def _throttled(match: ResolverMatch | None, method: str) -> bool:
    """Whether ``companion.throttling`` counts this operation (by its URL name)."""
    rule = THROTTLED.get(match.view_name) if match else None
    return rule is not None and method.upper() in rule[1]


def add_error_responses(result: dict[str, Any], generator: Any, **kwargs: Any) -> dict[str, Any]:
    """Postprocessing hook: the error answers every operation can give (module docstring)."""
    result.setdefault("components", {}).setdefault("schemas", {})
    if ERROR_COMPONENT not in result["components"]["schemas"]:
        result["components"]["schemas"][ERROR_COMPONENT] = ApiErrorExtension(
            ApiErrorSerializer
        ).map_serializer(None, "response")
    for path, item in result.get("paths", {}).items():
        for method, operation in item.items():
            if method not in ("get", "post", "put", "patch", "delete"):
                continue
            parameters = operation.get("parameters", [])
            wanted = set()
            if "requestBody" in operation or any(p.get("in") == "query" for p in parameters):
                wanted.add(400)
            if "requestBody" in operation:
                wanted.add(413)
            anonymous = {} in operation.get("security", [{}])
            if method != "get" or not anonymous:
                wanted.add(403)
            if any(p.get("in") == "path" for p in parameters):
                wanted.add(404)
            if _throttled(_resolve(path, parameters), method):
                wanted.add(429)
            wanted.add(503)
            responses = operation.setdefault("responses", {})
            for code in sorted(wanted):
                responses.setdefault(
                    str(code),
                    {
                        "description": ERROR_TEXT[code],
                        "content": {"application/json": {"schema": ERROR_REF}},
                    },
                )
    return result


def describe_path_values(result: dict[str, Any], generator: Any, **kwargs: Any) -> dict[str, Any]:
    """Postprocessing hook: the values a path parameter can hold (module docstring)."""
    from companion.games.registry import all_games

    games = sorted(all_games())
    converters = get_converters()
    for path, item in result.get("paths", {}).items():
        for operation in item.values():
            if not isinstance(operation, dict):
                continue
            parameters = operation.get("parameters", [])
            match = _resolve(path, parameters)
            route = match.route if match else ""
            kinds = {name: kind or "str" for kind, name in _CONVERTER.findall(route)}
            for parameter in parameters:
                if parameter.get("in") != "path":
                    continue
                schema = parameter.setdefault("schema", {})
                name = parameter["name"]
                kind = kinds.get(name) or kinds.get("pk" if name == "id" else name)
                if name == "game":
                    schema.pop("pattern", None)
                    schema["enum"] = games
                elif schema.get("type") == "integer":
                    schema["minimum"] = 0
                elif kind in converters and "pattern" not in schema:
                    schema["pattern"] = f"^(?:{converters[kind].regex})$"
    return result
