"""Small helpers shared by the games' ``list_edits`` modules: reading a tap's arguments."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.base import RuleError


def arg_int(
    args: Mapping[str, str], name: str, low: int | None = None, high: int | None = None
) -> int:
    """A whole-number argument, or a ``RuleError`` naming it."""
    raw = args.get(name, "")
    try:
        value = int(str(raw).strip())
    except ValueError:
        raise RuleError({name: "Expected a whole number."}) from None
    if low is not None and value < low:
        raise RuleError({name: f"Must be at least {low}."})
    if high is not None and value > high:
        raise RuleError({name: f"Must be at most {high}."})
    return value


def arg_str(args: Mapping[str, str], name: str) -> str:
    value = str(args.get(name, "")).strip()
    if not value:
        raise RuleError({name: "This field is required."})
    return value


def arg_bool(args: Mapping[str, str], name: str) -> bool:
    return str(args.get(name, "")).lower() in {"1", "true", "on", "yes"}


def item_at(items: Any, index: int, name: str) -> Any:
    """``items[index]`` of a list in the body, or a ``RuleError`` naming the argument."""
    if not isinstance(items, list) or not 0 <= index < len(items):
        raise RuleError({name: "No such entry in the list."})
    return items[index]
