"""The tables of "A little game I made" as catalogue entries, in Muster's own words.

The text is a short forum post: its numbers and names are kept, the sentences are ours.
It has no factions and no sample units, so every entry is game-wide and units are homebrew.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from copy import deepcopy
from typing import Any

from companion.games.base import EntrySpec, FactionSpec

CARD_VALUES = range(1, 11)
QUALITIES = range(0, 6)

# One row of any table: (slug, name, category, text, data, refs).
Row = tuple[str, str, str, str, Mapping[str, Any], tuple[tuple[str, str], ...]]

# (slug, name, text, data, refs): the special kinds a unit may have, in the text's order.
_UNIT_KINDS: tuple[tuple[str, str, str, Mapping[str, Any], tuple[tuple[str, str], ...]], ...] = (
    (
        "cavalry",
        "Cavalry",
        "Advances and retreats twice the card value in inches.",
        {"move_factor": 2, "shoots": False, "shoot_factor": 0},
        (("action", "advance"), ("action", "retreat")),
    ),
    (
        "ranged",
        "Ranged",
        "May take the Shoot action: value - distance pressure.",
        {"move_factor": 1, "shoots": True, "shoot_factor": 1},
        (("action", "shoot"),),
    ),
    (
        "long-ranged",
        "Long ranged",
        "May take the Shoot action at double value: 2 x value - distance pressure.",
        {"move_factor": 1, "shoots": True, "shoot_factor": 2},
        (("action", "shoot"),),
    ),
)

# (slug, name, shape, text, example size).
_BASE_SIZES = (
    (
        "square",
        "Square base",
        "square",
        "Any size with four equal sides; one side is the unit's front.",
        "",
    ),
    (
        "rectangular",
        "Rectangular base",
        "rectangular",
        "Any size; the text's author bases his units on 30x60 mm.",
        "30x60 mm",
    ),
)

# (slug, name, text, data): the six actions in the text's order, read as RULINGS.md does.
_ACTIONS: tuple[tuple[str, str, str, Mapping[str, Any]], ...] = (
    (
        "advance",
        "Advance",
        "Moves straight forward as many inches as the card value; cavalry twice as far.",
        {
            "effect": "forward value in (cavalry 2 x value)",
            "move": "forward",
            "inches": "value",
            "cavalry_double": True,
            "in_contact": "no limit",
        },
    ),
    (
        "retreat",
        "Retreat",
        "Moves straight backward as many inches as the card value; cavalry twice as far.",
        {
            "effect": "backward value in (cavalry 2 x value)",
            "move": "backward",
            "inches": "value",
            "cavalry_double": True,
            "in_contact": "no limit",
        },
    ),
    (
        "shift",
        "Shift",
        "Turns the unit about one of its corners.",
        {"effect": "pivot on one corner", "move": "pivot", "in_contact": "no limit"},
    ),
    (
        "recover",
        "Recover",
        "Takes pressure equal to the card value off the unit. Not while touching an enemy.",
        {"effect": "-value pressure on itself", "pressure": "-value", "in_contact": "forbidden"},
    ),
    (
        "attack",
        "Attack",
        "The enemy unit touching this unit's front takes pressure equal to the card value.",
        {
            "effect": "+value pressure on the enemy touching its front",
            "pressure": "value",
            "in_contact": "required",
        },
    ),
    (
        "shoot",
        "Shoot",
        "Ranged units only, not while touching an enemy: the unobstructed enemy straight "
        "ahead, not touching the front, takes value - distance pressure (long ranged: "
        "2 x value - distance), never below 0.",
        {
            "effect": "+max(value - distance, 0) pressure (long ranged 2 x value - distance)",
            "pressure": "max(value - distance, 0)",
            "long_ranged_pressure": "max(2 * value - distance, 0)",
            "in_contact": "forbidden",
            "shooters_only": True,
        },
    ),
)


def factions() -> list[FactionSpec]:
    """The text names no factions: each player fields any army."""
    return []


def _table(kind: str, rows: Iterable[Row], rule: str = "", prefix: str = "") -> list[EntrySpec]:
    """Rows of one table as entries in the text's order.

    Every row links to ``rule``; without one, each row links to ``<prefix>-<slug>``.
    """
    return [
        EntrySpec(
            kind=kind,
            slug=slug,
            name=name,
            category=category,
            text=text,
            data=deepcopy(dict(data)),
            rule=rule or f"{prefix or kind}-{slug}",
            refs=refs,
            order=index,
        )
        for index, (slug, name, category, text, data, refs) in enumerate(rows, start=1)
    ]


def cards() -> list[EntrySpec]:
    """The ten cards; ``parity`` is the hand each starts in under the evens/odds split."""
    rows: list[Row] = [
        (
            f"card-{n}",
            f"Card {n}",
            "",
            f"Worth {n} when it is the lower card played; otherwise the difference.",
            {"value": n, "parity": "even" if n % 2 == 0 else "odd"},
            (),
        )
        for n in CARD_VALUES
    ]
    return _table("card", rows, "card-value")


def unit_kinds() -> list[EntrySpec]:
    """Cavalry, ranged and long ranged; a unit with none of them is a plain unit."""
    rows = [(slug, name, "", text, data, refs) for slug, name, text, data, refs in _UNIT_KINDS]
    return _table("unit-kind", rows)


def qualities() -> list[EntrySpec]:
    """Quality 0-5, one row each, with the break test it gives."""
    rows: list[Row] = [
        (
            f"quality-{q}",
            f"Quality {q}",
            "",
            f"Ignores {q} pressure when checked: breaks when pressure - {q} is more than the "
            "card value.",
            {"quality": q, "breaks_when": f"pressure - {q} > value"},
            (),
        )
        for q in QUALITIES
    ]
    return _table("quality", rows, "quality")


def base_sizes() -> list[EntrySpec]:
    """The text allows square or rectangular bases and gives its author's 30x60 mm."""
    rows = [
        (slug, name, shape, text, {"example": example} if example else {}, ())
        for slug, name, shape, text, example in _BASE_SIZES
    ]
    return _table("base-size", rows, "base-sizes")


def actions() -> list[EntrySpec]:
    """The six actions of the text."""
    rows = [(slug, name, "", text, data, ()) for slug, name, text, data in _ACTIONS]
    return _table("action", rows)


def entries() -> list[EntrySpec]:
    """Every table of the text, cards first."""
    return [*cards(), *unit_kinds(), *qualities(), *base_sizes(), *actions()]
