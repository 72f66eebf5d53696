"""What a device may send over its socket, checked before anything acts on it.

A malformed message is answered with an error and the socket stays open: a buggy or
hostile client must not be able to close it with 1011 or cost the server a deep
recursion. Bounds: ``MAX_CHARS`` per message (an action is a few hundred characters) and
``MAX_DEPTH`` levels of nesting (an action is two or three deep). Every value passes the
gate the API's parser applies (``companion.json_limits``: no NUL, no lone surrogate,
integers in range), and the action inside passes ``services.act``'s own check, as from
the API and the page: a bad value is named by its path (``action.reason``).
"""

from __future__ import annotations

from typing import Any

from companion import json_limits

MAX_CHARS = 64 * 1024
MAX_DEPTH = json_limits.ACTION_DEPTH + 1  # the message wraps the action in one more level
MAX_CLIENT_ID = 64


class BadMessage(ValueError):
    """A message the socket refuses; ``errors`` is sent back as the error's fields."""

    def __init__(self, errors: dict[str, str]):
        self.errors = errors
        super().__init__(next(iter(errors.values())))


def parse(text: str | None) -> dict[str, Any]:
    """One socket message as a JSON object, or ``BadMessage`` saying what is wrong."""
    if not isinstance(text, str) or not text:
        raise BadMessage({"message": "Send a JSON object as text."})
    if len(text) > MAX_CHARS:
        raise BadMessage({"message": f"A message is at most {MAX_CHARS // 1024} KB."})
    try:
        content = json_limits.loads(text, path="", max_depth=MAX_DEPTH)
    except json_limits.TooDeep as deep:  # thousands of nested brackets included
        where = next(iter(deep.errors))
        where = "message" if where == "non_field_errors" else where
        raise BadMessage({where: f"JSON nested deeper than {MAX_DEPTH} levels."}) from None
    except json_limits.JSONLimitError as bad:
        errors = dict(bad.errors)
        if "non_field_errors" in errors:  # not JSON at all: the message as a whole
            errors = {"message": "Not valid JSON."}
        raise BadMessage(errors) from None
    if not isinstance(content, dict):
        raise BadMessage({"message": "Send a JSON object."})
    return content


def depth(value: Any) -> int:
    """How deeply ``value``'s lists and objects nest (a scalar: 0), without recursing."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, level)
        stack.extend((child, level + 1) for child in children)
    return deepest


def act_errors(content: dict[str, Any]) -> dict[str, str]:
    """The fields of an ``act`` message of the wrong type (empty when it may go on)."""
    errors: dict[str, str] = {}
    action = content.get("action")
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        errors["action"] = "Expected an object with a 'type'."
    seq = content.get("seq")
    if seq is not None and (isinstance(seq, bool) or not isinstance(seq, int)):
        errors["seq"] = "Expected the last seq this device has seen, a whole number."
    client_id = content.get("client_id", "")
    if not isinstance(client_id, str) or len(client_id) > MAX_CLIENT_ID:
        errors["client_id"] = f"Send a unique id (at most {MAX_CLIENT_ID} characters) per action."
    return errors
