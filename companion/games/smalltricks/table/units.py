"""The units at the table: what each type is (from the catalogue), the six a faction
brings, where they stand, and damage, which applies at once (a unit at 0 life leaves the
board)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.base import RuleError
from companion.games.smalltricks import catalogue

Unit = dict[str, Any]

_TYPES = {entry.slug: entry for entry in catalogue.unit_types()}


def unit_type(slug: str) -> Mapping[str, Any]:
    """The catalogue data of a unit type (life, damage, movement, abilities, ...)."""
    return _TYPES[slug].data


def type_name(slug: str) -> str:
    return _TYPES[slug].name


def faction_units(body: Mapping[str, Any], seat: int) -> list[str]:
    """The six unit-type slugs a seat's saved faction brings; ``RuleError`` otherwise."""
    units = body.get("units") if isinstance(body, Mapping) else None
    if not isinstance(units, list) or len(units) != 6:
        raise RuleError({f"seats.{seat}.units": "A Smalltricks faction is six units."})
    unknown = [slug for slug in units if not isinstance(slug, str) or slug not in _TYPES]
    if unknown:
        raise RuleError({f"seats.{seat}.units": f"No such unit type: {unknown[0]!r}."})
    return list(units)


def new_units(types: Sequence[Sequence[str]]) -> list[Unit]:
    """Fresh units of both factions, off the board until the set-up is revealed."""
    return [
        {
            "id": f"{seat}-{index}",
            "seat": seat,
            "type": slug,
            "name": type_name(slug),
            "face": unit_type(slug)["face"],
            "life": unit_type(slug)["life"],
            "cell": None,
            "alive": True,
            "activated": False,
            "moved": False,
            "last_target": None,
        }
        for seat, slugs in enumerate(types)
        for index, slug in enumerate(slugs)
    ]


def live(state: Mapping[str, Any], seat: int | None = None) -> list[Unit]:
    """Units still on the board, of one seat or of both."""
    return [
        u
        for u in state["units"]
        if u["alive"] and u["cell"] and (seat is None or u["seat"] == seat)
    ]


def unit_of(state: Mapping[str, Any], unit_id: Any) -> Unit:
    for unit in state["units"]:
        if unit["id"] == unit_id:
            return unit
    raise RuleError({"unit": f"No unit {unit_id!r}."})


def at(state: Mapping[str, Any], label: str, seat: int | None = None) -> list[Unit]:
    """Units in hexagon ``label`` (of ``seat``, or all)."""
    return [u for u in live(state, seat) if u["cell"] == label]


def enemies_at(state: Mapping[str, Any], label: str, seat: int) -> list[Unit]:
    return at(state, label, 1 - seat)


def is_engaged(state: Mapping[str, Any], unit: Unit) -> bool:
    """The text's Engagement: an opposing unit shares the hexagon."""
    return bool(unit["cell"]) and bool(enemies_at(state, unit["cell"], unit["seat"]))


def has(unit: Unit, ability: str) -> bool:
    return ability in unit_type(unit["type"])["abilities"]


def describe(unit: Unit, names: list[str]) -> str:
    return f"{names[unit['seat']]}'s {unit['name']}"


def hurt(state: dict[str, Any], hits: Mapping[str, int], events: list[dict], why: str) -> None:
    """Deal ``hits`` (unit id -> damage) at once; units at 0 life or less are removed."""
    names = state["names"]
    parts, dead = [], []
    for unit_id, amount in hits.items():
        if amount <= 0:
            continue
        unit = unit_of(state, unit_id)
        if not unit["alive"]:
            continue
        unit["life"] -= amount
        parts.append(f"{describe(unit, names)} takes {amount} ({max(unit['life'], 0)} left)")
        if unit["life"] <= 0:
            dead.append(unit)
    for unit in dead:
        unit["alive"] = False
        unit["life"] = 0
    if parts:
        text = f"{why}: " + "; ".join(parts) + "."
        if dead:
            text += " Removed: " + ", ".join(describe(u, names) for u in dead) + "."
        events.append(
            {"type": "damage", "hits": dict(hits), "dead": [u["id"] for u in dead], "text": text}
        )
