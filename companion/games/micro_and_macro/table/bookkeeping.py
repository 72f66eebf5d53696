"""Free actions at a Micro and Macro table: the players' bookkeeping, not one of the three.

Groups (bases touching) and auras (a passive spell reaching a unit) are what the players
see on the battlefield; the resource counter may be changed by hand (RULINGS); the
roll-off tool rolls any two ladder steps for whatever the players need.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.games.base import RuleError
from companion.games.micro_and_macro.table import macro, rolloff, turns, units
from companion.games.table_engine import counter_delta


def _who(state: dict[str, Any], seat: int | None) -> str:
    return "The table" if seat is None else state["names"][seat]


def group(
    state: dict[str, Any], seat: int, action: Mapping[str, Any], rng: random.Random
) -> list[dict]:
    if state["command"] is not None:
        raise RuleError({"units": "Regroup before or after a command, not during it."})
    return [units.form_group(state, seat, action.get("units"))]


def ungroup(
    state: dict[str, Any], seat: int, action: Mapping[str, Any], rng: random.Random
) -> list[dict]:
    if state["command"] is not None:
        raise RuleError({"unit": "Regroup before or after a command, not during it."})
    return [units.leave_group(state, seat, action.get("unit"))]


def aura(
    state: dict[str, Any], seat: int, action: Mapping[str, Any], rng: random.Random
) -> list[dict]:
    return [units.set_aura(state, seat, dict(action))]


def resources(
    state: dict[str, Any], seat: int | None, action: Mapping[str, Any], rng: random.Random
) -> list:
    """The resource counter changed by hand (RULINGS): a player's own, or any by the table."""
    target = action.get("seat") if seat is None else seat
    if (
        not isinstance(target, int)
        or isinstance(target, bool)
        or not 0 <= target < len(state["players"])
    ):
        raise RuleError({"seat": "Whose resources? Give a seat."})
    delta = counter_delta(action, what="A change of resources")
    player = state["players"][target]
    if player["resources"] + delta < 0:
        raise RuleError({"delta": f"{state['names'][target]} has only {player['resources']}."})
    player["resources"] += delta
    return [
        {
            "type": "resources",
            "seat": target,
            "delta": delta,
            "text": f"{state['names'][target]}'s resources {delta:+d} by hand "
            f"({player['resources']}).",
        }
    ]


def rolloff_tool(
    state: dict[str, Any], seat: int | None, action: Mapping[str, Any], rng: random.Random
) -> list[dict]:
    """The free roll-off tool: two ladder steps, Muster's dice or the typed faces."""
    faces = action.get("faces") if isinstance(action.get("faces"), dict) else None
    result = rolloff.roll_off(
        str(action.get("attacker_die", "")), str(action.get("defender_die", "")), rng, faces
    )
    who = _who(state, seat)
    return [
        {
            "type": "roll-off",
            "barrier": True,
            "attack": result["attack"],
            "defense": result["defense"],
            "hit": result["hit"],
            "text": f"{who} rolls off: {rolloff.describe(result['attack'])} against "
            f"{rolloff.describe(result['defense'])}: "
            f"{'the attacker wins' if result['hit'] else 'the defender holds'}.",
        }
    ]


def correct_lp(
    state: dict[str, Any], seat: int | None, action: Mapping[str, Any], rng: random.Random
) -> list[dict]:
    """Damage or healing the players worked out at the table (an ability Muster only
    logs, a missed hit): a unit or a building, never above its printed LP. A unit at 0
    leaves play; a building at 0 is destroyed like any other, and a main building at 0
    ends the game."""
    events = _corrected(state, seat, action)
    turns.check_end(state, events)
    return events


def _corrected(
    state: dict[str, Any], seat: int | None, action: Mapping[str, Any]
) -> list[dict[str, Any]]:
    who = _who(state, seat)
    delta = counter_delta(action, what="A change of LP")
    events: list[dict[str, Any]] = []
    if action.get("unit") not in (None, ""):
        unit = units.find(state, action.get("unit"))
        text = f"{who} corrects {units.label(unit)} by {delta:+d} LP"
        events.append({"type": "lp", "text": text + "."})
        if delta > 0:
            units.heal(unit, delta)
        else:
            unit["lp"] = max(0, unit["lp"] + delta)
            if unit["lp"] == 0:
                units.remove(state, unit)
                events.append({"type": "unit-lost", "text": f"{unit['name']} is slain."})
        return events
    for owner, player_state in enumerate(state["players"]):
        for building in player_state["buildings"]:
            if building["id"] == action.get("building"):
                text = f"{who} corrects {building['name']} by {delta:+d} LP"
                events.append({"type": "lp", "text": text + "."})
                if delta > 0:
                    building["lp"] = min(building["max_lp"], building["lp"] + delta)
                else:
                    macro.damage_building(state, owner, building, -delta, events)
                return events
    raise RuleError({"unit": "Name a unit or a building in play."})
