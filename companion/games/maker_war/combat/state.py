"""The state of units and formations in combat: reading, checking and copying it.

Plain dicts, never changed in place (``mark_dead`` and ``drop_lone_chief`` work on the copy
a caller has made with ``normalised``). ``allocation`` re-exports every name here, so the
table engine may import them from either module. The shapes are described in
``allocation``'s docstring.

    >>> f = add_impact_tokens({"id": "f", "units": [{"id": "a", "type": "tank"}]}, 3, terror=1)
    >>> f["impact_tokens"], f["terror_tokens"], f["terror_check"]
    (3, 1, True)
    >>> fewer, removed = remove_impact_tokens(f, 2)      # terror tokens go first
    >>> removed, fewer["impact_tokens"], fewer["terror_tokens"]
    (2, 1, 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.base import RuleError
from companion.games.maker_war.combat.dice import whole
from companion.games.maker_war.cost import UNIT_TYPES
from companion.games.plain_data import clone


def is_alive(unit: Mapping[str, Any]) -> bool:
    """Units are alive unless marked ``"alive": False``."""
    return unit.get("alive", True) is not False


def living(formation: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The formation's units still on the table."""
    return [u for u in formation["units"] if is_alive(u)]


def mark_dead(formation: dict[str, Any], ids: Any) -> None:
    """Mark units of a formation copy as destroyed (they stay listed, ``alive`` False)."""
    gone = set(ids)
    for unit in formation["units"]:
        if unit["id"] in gone:
            unit["alive"] = False


def combat_unit(
    uid: str,
    profile: Mapping[str, Any],
    *,
    chief: bool = False,
    name: str = "",
    weapons: Sequence[Mapping[str, Any]] = (),
) -> dict[str, Any]:
    """A table unit from a catalogue profile (``units.Unit.profile()`` or entry data).

    A Titan gets its structure, full shields and no broken system; ``weapons`` are its
    weapon profiles, each with its ``mount`` (``units.weapon_profile``).
    """
    if not isinstance(profile, Mapping):
        raise RuleError({"profile": "Expected a unit profile object."})
    unit: dict[str, Any] = {
        "id": str(uid),
        "name": name or str(profile.get("name", "")),
        "type": profile.get("type"),
        "armor": profile.get("armor", 1),
        "fire_power": profile.get("fire_power", 0),
        "fire_traits": list(profile.get("fire_traits") or []),
        "melee": profile.get("melee", 0),
        "traits": dict(profile.get("traits") or {}),
        "chief": bool(chief),
        "alive": True,
    }
    if unit["type"] == "titan":
        structure = profile.get("structure", 0)
        unit.update(
            armor=1,
            structure=structure,
            max_structure=structure,
            shields=unit["traits"].get("shields", 0),
            broken=[],
            weapons=[
                {
                    "mount": w.get("mount"),
                    "name": str(w.get("name", "")),
                    "fire_power": w.get("fire_power", 0),
                    "fire_traits": list(w.get("fire_traits") or []),
                    "traits": dict(w.get("traits") or {}),
                    "fire_arc": w.get("fire_arc", "front"),
                    "spent": False,
                }
                for w in weapons
            ],
        )
    check_unit(unit, "unit")
    return unit


def check_unit(unit: Any, path: str) -> None:
    """Refuse a unit dict that combat cannot read, naming the bad field."""
    if not isinstance(unit, Mapping):
        raise RuleError({path: "Expected a unit object."})
    if not isinstance(unit.get("id"), str) or not unit["id"]:
        raise RuleError({f"{path}.id": "Every unit needs a text id."})
    if unit.get("type") not in UNIT_TYPES:
        raise RuleError({f"{path}.type": f"Must be one of: {', '.join(UNIT_TYPES)}."})
    whole(unit.get("armor", 1), f"{path}.armor", minimum=1)
    traits = unit.get("traits", {})
    if not isinstance(traits, Mapping):
        raise RuleError({f"{path}.traits": "Expected an object of trait slug to value."})
    if unit["type"] == "titan":
        structure = whole(unit.get("structure"), f"{path}.structure")
        top = whole(unit.get("max_structure", structure), f"{path}.max_structure", minimum=1)
        if structure > top:
            raise RuleError({f"{path}.structure": "More than the Titan's full structure."})
        whole(unit.get("shields", 0), f"{path}.shields")
        broken = unit.get("broken", [])
        if not isinstance(broken, list) or not all(isinstance(b, str) for b in broken):
            raise RuleError({f"{path}.broken": "Expected a list of system names."})


def check_formation(formation: Any, path: str) -> None:
    """Refuse a formation dict that combat cannot read, naming the bad field."""
    if not isinstance(formation, Mapping):
        raise RuleError({path: "Expected a formation object."})
    units = formation.get("units")
    if not isinstance(units, list):
        raise RuleError({f"{path}.units": "Expected a list of units."})
    seen: set[str] = set()
    chiefs = 0
    for i, unit in enumerate(units):
        check_unit(unit, f"{path}.units.{i}")
        if unit["id"] in seen:
            raise RuleError({f"{path}.units.{i}.id": f"Unit id '{unit['id']}' appears twice."})
        seen.add(unit["id"])
        chiefs += bool(unit.get("chief")) and is_alive(unit)
    if chiefs > 1:
        raise RuleError({f"{path}.units": "A formation has at most one chief."})
    tokens = whole(formation.get("impact_tokens", 0), f"{path}.impact_tokens")
    terror = whole(formation.get("terror_tokens", 0), f"{path}.terror_tokens")
    if terror > tokens:
        raise RuleError({f"{path}.terror_tokens": "Terror tokens are part of the impact tokens."})
    turn_hits = formation.get("turn_hits", {})
    if not isinstance(turn_hits, Mapping):
        raise RuleError({f"{path}.turn_hits": "Expected an object of unit id to hits."})


def drop_lone_chief(formation: dict[str, Any]) -> list[str]:
    """After losses, a chief left as the only unit is removed at once (in place, on a copy).

    Call it only when units were just lost; returns the chief's id, or nothing."""
    alive = living(formation)
    if len(alive) == 1 and alive[0].get("chief"):
        alive[0]["alive"] = False
        return [alive[0]["id"]]
    return []


def normalised(formation: Mapping[str, Any]) -> dict[str, Any]:
    """A deep copy of ``formation`` with every combat counter present."""
    new = clone(formation)
    new.setdefault("impact_tokens", 0)
    new.setdefault("terror_tokens", 0)
    new.setdefault("terror_check", False)
    new.setdefault("stance", None)
    new["turn_hits"] = dict(new.get("turn_hits") or {})
    return new


def add_impact_tokens(formation: Mapping[str, Any], count: int, *, terror: int = 0) -> dict:
    """A copy with ``count`` more impact tokens, ``terror`` of them terror tokens.

    Terror tokens force a moral check on the formation's next activation.
    """
    check_formation(formation, "formation")
    whole(count, "count")
    whole(terror, "terror")
    if terror > count:
        raise RuleError({"terror": "Terror tokens are part of the impact tokens added."})
    new = normalised(formation)
    new["impact_tokens"] += count
    new["terror_tokens"] += terror
    if terror:
        new["terror_check"] = True
    return new


def remove_impact_tokens(formation: Mapping[str, Any], count: int) -> tuple[dict, int]:
    """A copy with up to ``count`` impact tokens removed, terror tokens first; and how many."""
    check_formation(formation, "formation")
    whole(count, "count")
    new = normalised(formation)
    removed = min(count, new["impact_tokens"])
    new["impact_tokens"] -= removed
    new["terror_tokens"] = max(0, new["terror_tokens"] - removed)
    return new, removed


def clear_turn_hits(formation: Mapping[str, Any]) -> dict[str, Any]:
    """At the end of a turn armor is whole again: forget hits that killed nobody."""
    check_formation(formation, "formation")
    new = normalised(formation)
    new["turn_hits"] = {}
    return new
