"""The copy of a Maker-War state that a move changes, without copying the catalogue.

A 12,000-point table of four holds thousands of units, each with its catalogue profile;
a deep copy of all of it on every action cost more than the action itself. A move
changes a unit's own facts (alive, structure, shields, a Titan's spent weapons and broken
systems) but never its traits in place: those dicts and lists are the catalogue's, and
the copies share them. Everything else is copied.

Formations and units are copied key by key from what their keys are known to hold (a
number or text, a flat list or dict, the shared traits). A key the copy does not know (a
move that starts keeping something new) is deep-copied, so a new key costs speed, never
correctness. ``tests/games/maker_war/test_state_copy.py`` checks the known keys against
played games, and that a copy shares nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.plain_data import clone

SHARED = frozenset({"traits", "fire_traits"})  # the catalogue's: never changed in place
# Flat lists and dicts (of numbers and text), copied one level deep.
FORMATION_FLAT = frozenset({"turn_hits", "carrying", "energy_bonus"})
UNIT_FLAT = frozenset({"broken"})
# Keys holding a number, text, a boolean or None.
FORMATION_SCALARS = frozenset(
    {
        "activated", "entered", "faction", "flyer", "id", "immobile", "impact_tokens", "invader",
        "maker_weapon", "name", "order", "plan", "planetfall", "points", "reinforced", "root",
        "seat", "speed", "stance", "stars", "supply_cost", "terror_check", "terror_tokens",
        "titan", "where",
    }
)  # fmt: skip
UNIT_SCALARS = frozenset(
    {
        "alive", "armor", "chief", "fire_arc", "fire_power", "fire_range", "id",
        "max_structure", "melee", "name", "points", "shields", "slug", "speed", "structure",
        "type", "where",
    }
)  # fmt: skip
FORMATION_KEYS = FORMATION_SCALARS | FORMATION_FLAT | {"units"}
UNIT_KEYS = UNIT_SCALARS | UNIT_FLAT | SHARED | {"weapons"}


def copy_state(state: Mapping[str, Any]) -> dict[str, Any]:
    """``state`` copied for a move: deeply, except for the units' shared traits."""
    rest = clone({key: value for key, value in state.items() if key != "formations"})
    rest["formations"] = [_formation(f) for f in state["formations"]]
    return rest


def _known_copy(
    item: Mapping[str, Any], known: frozenset[str], flat: frozenset[str]
) -> dict[str, Any]:
    """``item`` copied by what its keys are known to hold: ``flat`` lists and dicts one
    level deep, a key not in ``known`` deeply, every other value shared."""
    copy = dict(item)
    if not item.keys() <= known:
        for key in item.keys() - known:
            copy[key] = clone(item[key])
    for key in flat:
        if key in item:
            copy[key] = item[key].copy()
    return copy


def _formation(f: Mapping[str, Any]) -> dict[str, Any]:
    copy = _known_copy(f, FORMATION_KEYS, FORMATION_FLAT)
    copy["units"] = [_unit(u) for u in f["units"]]
    return copy


def _unit(unit: Mapping[str, Any]) -> dict[str, Any]:
    copy = _known_copy(unit, UNIT_KEYS, UNIT_FLAT)
    if "weapons" in unit:  # a Titan: its weapons are spent and its systems broken in play
        copy["weapons"] = [_weapon(w) for w in unit["weapons"]]
    return copy


def _weapon(weapon: Mapping[str, Any]) -> dict[str, Any]:
    return {
        key: value if key in SHARED or not isinstance(value, (list, dict)) else clone(value)
        for key, value in weapon.items()
    }
