"""Serializer fields for JSON from outside: typed, bounded, checked by ``json_limits``."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from companion import json_limits


class BoundedJSONField(serializers.JSONField):
    """A JSON object (or ``expect`` type) of at most ``max_bytes``, checked for depth, NUL,
    integer range and NaN; a form's JSON text is parsed with the same limits."""

    def __init__(self, *, max_bytes: int, expect: type = dict, **kwargs: Any):
        self.max_bytes = max_bytes
        self.expect = expect
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> Any:
        try:
            if isinstance(data, str | bytes) and (
                self.binary or getattr(data, "is_json_string", False)
            ):
                value = json_limits.loads(data)
            else:
                json_limits.check(data)
                value = data
            if not isinstance(value, self.expect):
                noun = "a JSON object" if self.expect is dict else "a JSON list"
                raise serializers.ValidationError(f"Expected {noun}.")
            json_limits.check_size(value, path="", max_bytes=self.max_bytes)
        except json_limits.JSONLimitError as exc:  # paths inside this field, flattened later
            raise serializers.ValidationError(
                {path: [message] for path, message in exc.errors.items()}
            ) from None
        return value
