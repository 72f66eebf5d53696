"""What changed between two versions of a list, line by line, for every game alike.

Each game already writes a list as plain text (its summary, the "Plain text" export):
quantity lines ("7x Maker Rifles") under headers ("1. First company - ...: 236 pts").
Two versions are compared through that text, so the comparison speaks the game's own
words and needs nothing particular to a game: a quantity line is matched by its name under
the same header (added, removed or a changed quantity), any other line by what precedes its
colon, or by its words with the numbers masked (a header whose points changed is one
change, not a removal and an addition). List options are compared from the body.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from armies import selectors
from armies.models import ListVersion, SavedList
from companion.games import list_editing
from companion.games.registry import get_game

Change = Literal["added", "removed", "changed"]


@dataclass(frozen=True)
class Row:
    """One difference: what kind, under which header, what it is, before and after."""

    change: Change
    section: str
    name: str
    before: str = ""
    after: str = ""


def _summary(saved_list: SavedList, body: Any) -> str:
    system = get_game(saved_list.game.slug)
    catalogue = selectors.list_catalogue(game=saved_list.game, user=saved_list.owner)
    body = body if isinstance(body, Mapping) else {}
    return system.list_summary(body, catalogue, system.validate_list(body, catalogue))


def _key(text: str) -> tuple[str, str]:
    """A non-quantity line as (what it is, what it says)."""
    name, colon, value = text.partition(": ")
    if colon:
        return name.strip(), value.strip()
    return re.sub(r"\d+", "#", text), text


def _label(key: str) -> str:
    """A header key as a heading: "Upgrades (#)" reads "Upgrades"."""
    text = re.sub(r"\s*\([^)]*#[^)]*\)", "", key)
    return text.replace("#", "…").strip()


def _lines(text: str) -> tuple[dict[tuple[str, str], int], dict[str, str], list[str]]:
    """Quantities by (header, name); other lines by key; the order keys were first seen."""
    counts: dict[tuple[str, str], int] = {}
    others: dict[str, str] = {}
    order: list[str] = []
    section = ""
    for line in list_editing.lines_of(text):
        if line.quantity is not None:
            where = (section, line.name)
            counts[where] = counts.get(where, 0) + line.quantity
            order.append(f"q\0{section}\0{line.name}")
            continue
        key, value = _key(line.text)
        if not line.raw.lstrip().startswith(("-", "*", "•")):  # an item is no header
            section = key
        while key in others:  # a repeated line stays a line of its own
            key += " "
        others[key] = value
        order.append(f"o\0{key}")
    return counts, others, order


def _options(body: Any) -> dict[str, Any]:
    options = body.get("options") if isinstance(body, Mapping) else None
    return dict(options) if isinstance(options, Mapping) else {}


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return "—" if value is None else str(value)


def compare(saved_list: SavedList, old: ListVersion, new: ListVersion) -> list[Row]:
    """Every difference from ``old`` to ``new``, in the order the lists show them."""
    before_counts, before_other, before_order = _lines(_summary(saved_list, old.body))
    after_counts, after_other, after_order = _lines(_summary(saved_list, new.body))
    rows: list[Row] = []
    if old.name != new.name:
        rows.append(Row("changed", "", "List name", old.name, new.name))
    seen: set[str] = set()
    for tag in [*after_order, *before_order]:
        if tag in seen:
            continue
        seen.add(tag)
        kind, *rest = tag.split("\0")
        if kind == "q":
            where = (rest[0], rest[1])
            a, b = before_counts.get(where), after_counts.get(where)
            section = _label(rest[0])
            if a is None and b is not None:
                rows.append(Row("added", section, rest[1], "", f"{b}x"))
            elif b is None and a is not None:
                rows.append(Row("removed", section, rest[1], f"{a}x", ""))
            elif a != b:
                rows.append(Row("changed", section, rest[1], f"{a}x", f"{b}x"))
            continue
        key = rest[0]
        a_text, b_text = before_other.get(key), after_other.get(key)
        label = key.strip()
        if a_text is None and b_text is not None:
            rows.append(Row("added", "", label if "#" not in label else "", "", b_text))
        elif b_text is None and a_text is not None:
            rows.append(Row("removed", "", label if "#" not in label else "", a_text, ""))
        elif a_text != b_text:
            rows.append(Row("changed", "", label if "#" not in label else "", a_text, b_text))
    old_options, new_options = _options(old.body), _options(new.body)
    for name in dict.fromkeys([*old_options, *new_options]):
        if old_options.get(name) != new_options.get(name):
            rows.append(
                Row(
                    "changed",
                    "Options",
                    name.replace("_", " ").capitalize(),
                    _shown(old_options.get(name)),
                    _shown(new_options.get(name)),
                )
            )
    return rows
