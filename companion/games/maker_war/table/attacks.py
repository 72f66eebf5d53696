"""Table actions that attack or hurt: salvos (the players' choices read by
``choices``), casualties the players report (FLAK, deadly terrain), impact-token
corrections, Titan upkeep and detonations. Close combat is in ``melee``, moral
checks and the death throes' effects on morale in ``morale``.

Who may shoot: the active formation under an order that fires (Advance, Continuous Fire,
Hit and Run; under Assault only units with the Assault trait), or an enemy formation in
the patrol stance reacting during someone else's turn (which ends its stance). Each unit
or Titan weapon fires once per turn. The last attack is remembered with the formations as
they were before it, for More Ammunition (reroll) and Lucky Shot.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from copy import deepcopy
from typing import Any

from companion.games.base import RuleError
from companion.games.maker_war import titans
from companion.games.maker_war.combat import allocation, melee, salvo
from companion.games.maker_war.table import choices, points, rounds, supply, wording
from companion.games.maker_war.table.army import living
from companion.games.maker_war.table.combat import (
    FORTIFICATION_SCREEN,
    _distance,
    _flag,
    merge,
    view,
)
from companion.games.maker_war.table.end import check_annihilation, kill
from companion.games.maker_war.table.morale import moral_check
from companion.games.maker_war.table.play import (
    Events,
    event,
    formation,
    my_turn,
    own,
)
from companion.games.table_engine import counter_delta


def remember(state: dict, kind: str, seat: int, action: Mapping, fids: list[str]) -> None:
    """Keep what More Ammunition needs to roll the attack again."""
    state["last_attack"] = {
        "kind": kind,
        "seat": seat,
        "action": deepcopy(dict(action)),
        "before": {fid: deepcopy(formation(state, fid)) for fid in fids},
        "destroyed": deepcopy(state["destroyed"]),
        "fired": list(state["turn"]["fired"]),
        "detonation": deepcopy(state.get("detonation")),
        "throes": deepcopy(state.get("throes") or []),
    }


def _fire_pool(f: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """Every living unit of ``f`` with firepower and every usable Titan weapon, by id."""
    pool: dict[str, dict[str, Any]] = {}
    for unit in living(f):
        if unit["type"] == "titan":
            for weapon in titans.usable_weapons(unit):
                pool[weapon["id"]] = weapon
        elif unit["fire_power"] > 0:
            pool[unit["id"]] = unit
    return pool


def _usual_shooters(pool: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """Who fires when the players name no unit: all but the weapons that fire apart."""
    return [uid for uid, u in pool.items() if not any(u["traits"].get(t) for t in salvo.APART)]


def _armed(f: Mapping[str, Any], unit: Mapping[str, Any], order: str) -> dict | None:
    """A firing unit as it shoots (its formation's Maker Weapon chosen); None when it may
    not fire under ``order`` (Assault: only units with the Assault trait)."""
    if order == "assault" and "assault" not in unit["traits"]:
        return None
    armed = deepcopy(dict(unit))
    if f["maker_weapon"] and "maker-weapon" in armed["traits"]:
        armed["traits"][f["maker_weapon"]] = 1
    return armed


def _energy_shooter(f: Mapping[str, Any], bonus: int) -> dict[str, Any]:
    """A conduit's energy spent on firepower, as one more shooter."""
    return {
        "id": f"{f['id']}:energy",
        "type": "infantry",
        "fire_power": bonus,
        "name": "Conduit energy",
        "traits": {},
    }


def may_shoot(
    state: Mapping[str, Any], f: Mapping[str, Any], order: str, target: Mapping[str, Any]
) -> bool:
    """Whether ``f`` shooting at ``target`` under ``order`` with no unit named would be
    accepted: its usual shooters all ready (none has fired this turn) and able to reach
    the target (flyers flying high bomb the ground; only Anti-Air reaches high flyers)."""
    pool = _fire_pool(f)
    chosen = _usual_shooters(pool)
    if set(chosen) & set(state["turn"]["fired"]):
        return False
    shooters = [u for u in (_armed(f, pool[uid], order) for uid in chosen) if u is not None]
    if not shooters:
        return False
    bonus = f.get("energy_bonus", {}).get("firepower", 0)
    if bonus:
        shooters.append(_energy_shooter(f, bonus))
    dogfight = f["flyer"] and target["flyer"]
    bombers = all("bomber" in s["traits"] for s in shooters)
    if f["flyer"] and f["stance"] == "fly-high" and not bombers and not dogfight:
        return False
    return target["stance"] != "fly-high" or all(
        s["traits"].get("anti-air") or (dogfight and s["type"] == "flyer") for s in shooters
    )


def _shooters(state: dict, seat: int, f: dict, action: Mapping) -> tuple[list[dict], str]:
    """The firing units (Titan weapons as ``<unit>:<mount>``) and the order they fire under."""
    turn = state["turn"]
    if f["id"] == turn["active"] and f["seat"] == seat:
        order = f["order"]
        if order not in rounds.FIRING_ORDERS and order != "assault":
            raise RuleError({"formation": f"The {rounds.ORDER_NAMES[order]} order does not shoot."})
        reaction = False
    elif f["stance"] == "patrol" and state["sides"][f["seat"]] != state["sides"][turn["seat"]]:
        if f["seat"] != seat:
            raise RuleError({"formation": "Only its owner fires a patrol."})
        order, reaction = "patrol", True
    else:
        raise RuleError({"formation": "Only the active formation, or an enemy patrol, shoots."})
    pool = _fire_pool(f)
    chosen = action.get("units") or _usual_shooters(pool)
    shooters = []
    for i, uid in enumerate(chosen):
        if uid not in pool:
            raise RuleError({f"units.{i}": "Not a unit or weapon of this formation that can fire."})
        if uid in turn["fired"]:
            raise RuleError({f"units.{i}": "It has already fired this turn."})
        unit = _armed(f, pool[uid], order)
        if unit is not None:
            shooters.append(unit)
    if not shooters:
        raise RuleError({"units": "No unit of this formation can fire now."})
    bonus = f.get("energy_bonus", {}).pop("firepower", 0)
    if bonus:
        shooters.append(_energy_shooter(f, bonus))
    if reaction:
        f["stance"] = None
    return shooters, order


def shoot(state: dict, seat: int, action: Mapping, rng: random.Random) -> Events:
    f = own(state, seat, action.get("formation") or state["turn"]["active"])
    target = formation(state, action.get("target"), "target")
    if target["where"] != "table" or state["sides"][target["seat"]] == state["sides"][seat]:
        raise RuleError({"target": "Shoot at an enemy formation on the table."})
    remember(state, "shoot", seat, action, [f["id"], target["id"]])
    shooters, order = _shooters(state, seat, f, action)
    return fire(state, seat, f, shooters, order, target, action, rng)


def fire(
    state: dict,
    seat: int,
    shooter: dict | None,
    shooters: list[dict],
    order: str,
    target: dict,
    action: Mapping,
    rng: random.Random,
) -> Events:
    """One salvo (or a dogfight between flyers) and its results written back."""
    fortified = points.fortified(state, target)
    adv, dis = salvo.shooting_edges(
        order=order,
        target_stance=target["stance"],
        target_in_cover=_flag(action, "cover") or fortified,
        artillery_blind=_flag(action, "artillery_blind"),
    )
    screen = target.get("energy_bonus", {}).pop("screen", 0)
    screen += FORTIFICATION_SCREEN if fortified else 0
    high = shooter is not None and shooter["flyer"] and shooter["stance"] == "fly-high"
    bomber = high and all("bomber" in s["traits"] for s in shooters)
    dogfight = shooter is not None and shooter["flyer"] and target["flyer"]
    if high and not bomber and not dogfight:
        raise RuleError({"formation": "Flyers flying high reach the ground only as bombers."})
    options = _salvo_options(action, target)
    options.update(
        rng=rng,
        order=order,
        shooter_stance=shooter["stance"] if shooter else None,
        advantages=adv,
        disadvantages=dis,
        extra_screen=screen,
        target_flying_high=target["stance"] == "fly-high",
    )
    distance = _distance(action)

    def run(pairs: list[list[str]]) -> dict[str, Any]:
        if dogfight:
            return melee.dogfight(
                shooters,
                view(target),
                distance_cm=distance or 0,
                in_front=action.get("in_front", True) is not False,
                sacrifices=pairs,
                **{k: v for k, v in options.items() if k != "order"},
            )
        return salvo.resolve_salvo(
            shooters,
            view(target),
            bomber_high=bomber,
            distance_cm=distance,
            sacrifices=pairs,
            **options,
        )

    wishes = choices.sacrifice_wishes(action.get("sacrifices"), [target])
    result = choices.with_sacrifices(run, wishes, lambda r: r["destroyed"], [target], rng)
    state["turn"]["fired"] += [s["id"] for s in shooters]
    who = shooter["name"] if shooter else "The attack"
    labels = wording.unit_labels([target, shooter])
    events = [
        event(
            "salvo",
            wording.salvo_summary(who, target, result, labels),
            details=wording.plain(result["steps"], [shooter, target]),
            hits=result["hits"],
            destroyed=result["destroyed"],
            barrier=True,
        )
    ]
    state["last_attack"]["result"] = {"target": target["id"], "destroyed": result["destroyed"]}
    throes = choices.face(action.get("throes_roll"), "throes_roll")
    events += merge(state, target, result["target"], result["destroyed"], rng, throes)
    if shooter is not None and result["shooter_impact_tokens"]:
        shooter["impact_tokens"] += result["shooter_impact_tokens"]
    for wid in result.get("single_shot_spent") or []:
        uid, _, mount = str(wid).partition(":")
        for unit in living(shooter or {"units": []}):
            if unit["id"] == uid:
                unit.update(titans.spend_single_shot(unit, mount))
    check_annihilation(state, events)
    return events


def _salvo_options(action: Mapping, target: dict) -> dict[str, Any]:
    """The players' choices for one salvo, checked (see ``choices``)."""
    if _flag(action, "rage") and not any(u["traits"].get("berserk") for u in living(target)):
        raise RuleError({"rage": f"{target['name']} has no Berserk unit to rage."})
    bombard = choices.ids(action.get("bombard_units"), "bombard_units")
    return {
        **choices.dice(action),
        "picks": choices.ids(action.get("picks"), "picks"),
        "rage": _flag(action, "rage"),
        "alloc_order": choices.ids(action.get("hit_order"), "hit_order") or None,
        "bombard_units": bombard or None,
        "crit_rolls": choices.crit_faces(action.get("crit_rolls"), "crit_rolls", target),
    }


def casualty(state: dict, seat: int, action: Mapping, rng: random.Random) -> Events:
    """Units the players saw die outside a salvo: FLAK, deadly terrain, no room to land;
    or hypha (``hypha``: ids), which never give impact tokens."""
    if action.get("hypha"):
        return _hypha_lost(state, action.get("hypha"))
    f = formation(state, action.get("formation"))
    units = action.get("units") or []
    if not isinstance(units, list) or not units or not all(isinstance(u, str) for u in units):
        raise RuleError({"units": "Name the units that died."})
    if _flag(action, "flak"):
        result = melee.flak(view(f), units)
        events = merge(state, f, result["formation"], result["destroyed"], rng)
        events.insert(0, event("flak", " ".join(result["steps"])))
    else:
        for uid in units:
            kill(state, f, uid, token=not _flag(action, "no_token"))
        events = [event("casualty", f"{f['name']} loses {len(units)} unit(s).")]
    check_annihilation(state, events)
    return events


def _hypha_lost(state: dict, ids: Any) -> Events:
    ids = ids if isinstance(ids, list) else [ids]
    alive = {h["id"]: h for seat in state["hypha"] for h in seat if h["alive"]}
    if any(not isinstance(i, str) or i not in alive for i in ids):
        raise RuleError({"hypha": "Name living hypha."})
    for i in ids:
        alive[i]["alive"] = False
        alive[i]["where"] = "gone"
    return [event("casualty", f"{len(ids)} hypha destroyed.")]


def impact(state: dict, seat: int, action: Mapping, rng: random.Random) -> Events:
    """A correction of impact tokens to match the table; never below 0."""
    f = formation(state, action.get("formation"))
    delta = counter_delta(action, what="A change of impact tokens")
    if f["impact_tokens"] + delta < 0:
        raise RuleError({"delta": f"{f['name']} has only {f['impact_tokens']} impact token(s)."})
    if delta > 0:
        new = allocation.add_impact_tokens(view(f), delta)
    else:
        new, _ = allocation.remove_impact_tokens(view(f), -delta)
    merge(state, f, new, [], rng)
    return [event("impact", f"{f['name']}: impact tokens {delta:+d} ({f['impact_tokens']}).")]


def _active_titan(state: dict, seat: int, action: Mapping) -> tuple[dict, dict]:
    my_turn(state, seat)
    f = own(state, seat, action.get("formation") or state["turn"]["active"])
    if f["id"] != state["turn"]["active"]:
        raise RuleError({"formation": "Only during the Titan's own activation."})
    titan = next((u for u in living(f) if u["type"] == "titan"), None)
    if titan is None:
        raise RuleError({"formation": "That formation has no Titan."})
    return f, titan


def titan_repair(state: dict, seat: int, action: Mapping, rng: random.Random) -> Events:
    f, titan = _active_titan(state, seat, action)
    systems = action.get("systems") or []
    result = titans.repair(titan, systems)
    supply.spend(state["supply"], f["seat"], result["supply_spent"], "repair")
    titan.update(result["titan"])
    return [
        event(
            "repair",
            f"{titan['name']} repairs {', '.join(systems)} for {result['supply_spent']} supply.",
        )
    ]


def recharge(state: dict, seat: int, action: Mapping, rng: random.Random) -> Events:
    f, titan = _active_titan(state, seat, action)
    amount = action.get("points")
    result = titans.recharge_shields(titan, amount if isinstance(amount, int) else 0)
    supply.spend(state["supply"], f["seat"], result["supply_spent"], "shields")
    titan.update(result["titan"])
    return [
        event(
            "shields",
            f"{titan['name']} recharges {amount} shield point(s) ({titan['shields']} now).",
        )
    ]


def detonation(state: dict, seat: int, action: Mapping, rng: random.Random) -> Events:
    """A dying Titan's detonation, on the nearest units the players name, friend or foe."""
    pending = state.get("detonation")
    if not pending:
        raise RuleError({"type": "No Titan is detonating."})
    target = formation(state, action.get("target"), "target")
    if target["where"] != "table":
        raise RuleError({"target": "Name a formation on the table."})
    remember(state, "detonation", seat, action, [target["id"]])
    state["detonation"] = None
    return fire(state, seat, None, [pending["shooter"]], "advance", target, action, rng)


def planetfall_mishap(state: dict, seat: int, action: Mapping, rng: random.Random) -> Events:
    """A dropped unit landed off the table or in impassable terrain: 1d6 tokens and a check."""
    my_turn(state, seat)
    f = own(state, seat, action.get("formation"))
    if f["id"] not in state["turn"]["deployed"] or not f["planetfall"]:
        raise RuleError({"formation": "Only a formation that has just dropped in."})
    face = rng.randint(1, 6)
    merge(state, f, allocation.add_impact_tokens(view(f), face), [], rng)
    text = f"{f['name']} lands badly: +{face} impact token(s)."
    return [
        event("planetfall", text, barrier=True),
        *moral_check(state, seat, {"formation": f["id"], "reason": "planetfall"}, rng),
    ]
