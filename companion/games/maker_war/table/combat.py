"""Combat at the table, through the pure combat modules (``combat.salvo``,
``combat.allocation``, ``combat.melee``, ``combat.morale``, ``titans``): this module only
picks what the rules give as inputs from the table's state and writes the results back.

The table keeps every unit (dead ones with ``alive: False``, for the report); the combat
modules see a formation's living units only (``view``) and their answers are merged back
(``merge``). What the app cannot see (distances, cover, who touches whom) the players
type beside the action.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from copy import deepcopy
from typing import Any

from companion.games.base import RuleError
from companion.games.dice import typed_faces
from companion.games.maker_war import titans
from companion.games.maker_war.combat import morale
from companion.games.maker_war.table import wording
from companion.games.maker_war.table.army import living
from companion.games.maker_war.table.end import check_annihilation
from companion.games.maker_war.table.play import (
    Events,
    event,
    formation,
    my_turn,
)
from companion.games.maker_war.table.report import record_loss

FORTIFICATION_SCREEN = 6


def view(f: Mapping[str, Any]) -> dict[str, Any]:
    """The formation as the combat modules read it: living units only."""
    return {**{k: v for k, v in f.items() if k != "units"}, "units": deepcopy(living(f))}


def merge(
    state: dict,
    f: dict,
    new: Mapping[str, Any],
    destroyed: list[str],
    rng: random.Random,
    throes_roll: int | None = None,
) -> Events:
    """Write a combat result back: counters, surviving units, the dead (and their points);
    a dying Titan's death throes roll is typed (``throes_roll``) or Muster's."""
    events: Events = []
    for key in ("impact_tokens", "terror_tokens", "terror_check", "stance", "turn_hits"):
        f[key] = deepcopy(new.get(key, f.get(key)))
    after = {u["id"]: u for u in new["units"]}
    for unit in f["units"]:
        if not unit["alive"]:
            continue
        if unit["id"] in destroyed or unit["id"] not in after:
            unit["alive"] = False
            record_loss(state, f, unit)
            if unit["type"] == "titan":
                unit["structure"] = 0
                throes = titans.death_throes(unit, rng=rng, roll=throes_roll)
                events.append(
                    event("death-throes", f"{unit['name']}: {throes['text']}", barrier=True)
                )
                if "fire_power" in throes:
                    state["detonation"] = {"from": unit["id"], "shooter": throes["shooter"]}
                if "radius_cm" in throes:  # Losing Hope, Cheers: the players say who is near
                    waiting = {k: throes[k] for k in ("slug", "name", "radius_cm")}
                    waiting.update(titan=unit["name"], seat=f["seat"])
                    state["throes"] = [*(state.get("throes") or []), waiting]
        else:
            unit.update({k: v for k, v in after[unit["id"]].items() if k != "alive"})
    if not living(f):
        f["where"] = "gone"
        events.append(event("wiped-out", f"{f['name']} is wiped out."))
    return events


def _flag(action: Mapping[str, Any], key: str) -> bool:
    return action.get(key) in (True, 1, "1", "true", "on", "yes")


def _distance(action: Mapping[str, Any]) -> float | None:
    value = action.get("distance")
    if value in (None, ""):
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise RuleError({"distance": "Give the distance in cm."})
    return float(value)


# --- activation and the end of a turn ------------------------------------------------------


def on_activation(
    state: dict, f: dict, order: str, previous: str | None, action: Mapping, rng: random.Random
) -> Events:
    """What an activation sets off: a broken Quarters' token, medics, the terror or rookie
    check, and the Scatter and Regroup orders themselves."""
    events: Events = []
    if order == "veer-off":
        return events
    checks = morale.activation_checks(view(f), order)
    if checks["quarters_tokens"]:
        f["impact_tokens"] += checks["quarters_tokens"]
        events.append(event("impact", f"{f['name']}'s broken quarters: +1 impact token."))
    if checks["medics"] and f["impact_tokens"] and order != "regroup":
        healed = morale.medic(
            view(f), rng=rng, rolls=typed_faces(action.get("medic_rolls"), "medic_rolls")
        )
        events += merge(state, f, healed["formation"], [], rng)
        events.append(event("medic", " ".join(wording.plain(healed["steps"], [f])), barrier=True))
    if checks["moral_check"]:
        result = morale.activation_moral_check(
            view(f), order, rng=rng, roll=typed_faces(action.get("moral_roll"), "moral_roll")
        )
        events += merge(state, f, result["formation"], result["removed"], rng)
        events.append(
            event("moral-check", " ".join(wording.plain(result["steps"], [f])), barrier=True)
        )
        if result["forced_order"]:
            order = f["order"] = result["forced_order"]
        elif not result["passed"]:
            return events  # scattered: the formation's turn is over
    if order == "scatter":
        f["stance"] = "scatter"
        lost = morale.scatter_losses(view(f), rng=rng)
        for uid in lost["destroyed"]:
            _dead_without_token(state, f, uid)
        new = lost["formation"]
        events += merge(state, f, new, [], rng)
        state["turn"]["scatter_pending"] = f["id"]
        events.append(event("scatter", " ".join(wording.plain(lost["steps"], [f])), barrier=True))
    elif order == "regroup":
        if previous == "scatter":
            f["stance"] = None
        spend = action.get("supply_points", 0) or 0
        if spend:
            from companion.games.maker_war.table import supply

            supply.spend(state["supply"], f["seat"], int(spend), "regroup")
        result = morale.regroup(view(f), supply_points=int(spend), rng=rng)
        events += merge(state, f, result["formation"], [], rng)
        events.append(
            event(
                "regroup",
                " ".join(wording.plain(result["steps"], [f])),
                barrier=bool(result["medic_faces"]),
            )
        )
    return events


def _dead_without_token(state: dict, f: dict, uid: str) -> None:
    for unit in f["units"]:
        if unit["id"] == uid and unit["alive"]:
            unit["alive"] = False
            record_loss(state, f, unit)


def scatter_finish(state: dict, seat: int, action: Mapping, rng: random.Random) -> Events:
    my_turn(state, seat)
    fid = state["turn"].get("scatter_pending")
    if not fid:
        raise RuleError({"type": "No formation is finishing a Scatter order."})
    f = formation(state, fid)
    caught = action.get("caught") or []
    result = morale.scatter_finish(view(f), caught=caught, rng=rng)
    for uid in caught:
        _dead_without_token(state, f, uid)
    state["turn"]["scatter_pending"] = None
    events = merge(state, f, result["formation"], result["destroyed"], rng)
    events.append(
        event(
            "scatter",
            " ".join(wording.plain(result["steps"], [f])) or "Scatter done.",
            barrier=True,
        )
    )
    check_annihilation(state, events)
    return events


def on_end_of_turn(state: dict, seat: int, rng: random.Random) -> Events:
    """Armor is whole again, turn bonuses end, a broken Accumulator bites."""
    events: Events = []
    if state["turn"].get("scatter_pending"):
        events += scatter_finish(state, seat, {}, rng)
    active = state["turn"]["active"]
    for f in state["formations"]:
        f["turn_hits"] = {}
        f.pop("energy_bonus", None)
        for unit in f["units"]:
            for key, base in (("armor_bonus", "armor"), ("melee_bonus", "melee")):
                if unit.pop(key, 0):
                    unit[base] = unit[f"base_{base}"]
        if f["id"] != active or f["where"] != "table":
            continue
        for unit in living(f):
            if unit["type"] == "titan" and titans.effects(unit)["structure_loss_per_turn"]:
                worn = titans.end_of_turn(unit)
                events.append(event("titan", f"{unit['name']}'s accumulator: 1 structure lost."))
                new = view(f)
                new["units"] = [u if u["id"] != unit["id"] else worn["titan"] for u in new["units"]]
                gone = [unit["id"]] if worn["destroyed"] else []
                events += merge(state, f, new, gone, rng)
    check_annihilation(state, events)
    return events
