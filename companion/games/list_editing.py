"""Small helpers shared by the games' ``list_edits`` modules: reading a tap's arguments."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.base import RuleError
from companion.games.plain_lists import lines_of
from companion.games.plain_lists import read as read_plain_text

# What the apps use of the plain-text reader, through this shared module.
__all__ = [
    "arg_bool",
    "arg_int",
    "arg_quantity",
    "arg_str",
    "item_at",
    "lines_of",
    "read_plain_text",
]


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


# One add never makes more than this many lines or copies: a typo of "40" for "4" is
# caught by the list's own limits, a "4000" here would only slow the page down.
MAX_QUANTITY = 99


def arg_quantity(args: Mapping[str, str], name: str = "quantity", high: int = MAX_QUANTITY) -> int:
    """How many to add in one tap ("4x"): 1 when the form sends none, else 1 to ``high``."""
    raw = str(args.get(name, "")).strip().lower().removesuffix("x").strip()
    if not raw:
        return 1
    return arg_int({name: raw}, name, 1, high)
