"""The API's JSON parser: the body's size, depth, numbers and characters checked once."""

from __future__ import annotations

from typing import Any

from rest_framework import status
from rest_framework.exceptions import APIException
from rest_framework.parsers import JSONParser

from companion import json_limits
from companion.body_limits import limit_for, too_large_message


class RequestTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = "Request body too large."
    default_code = "too_large"


class LimitedJSONParser(JSONParser):
    """DRF's JSON parser with Muster's limits: at most the path's body size (the ASGI
    middleware refuses more before Django reads it; this holds for any other server and
    the test client), then ``json_limits.loads``: depth, NUL, integer range, NaN."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context=None) -> Any:
        request = (parser_context or {}).get("request")
        kind, limit = limit_for(request.path if request is not None else "")
        data = stream.read(limit + 1)
        if len(data) > limit:
            raise RequestTooLarge(too_large_message(kind, limit))
        return json_limits.loads(data)
