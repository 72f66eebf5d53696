"""Playing supply cards (for points or their alternate use) and taking the benefits of
points of interest, plus the faction actions that spend energy or grow hypha.

The alternate uses, in the book's words as the table applies them:

- Lucky Shot: after your salvo, the last hit allocated becomes critical: the unit it
  wounded (armor not yet gone) dies, or the Titan it struck rolls on its critical table.
- Reinforcements: before a scattered formation of yours activates, it may Regroup.
- Shock and Awe: at the end of your turn (after your activation), an enemy formation
  takes a moral check at once.
- More Fuel: after an activation, before your turn ends: one more activation this turn.
- More Ammunition: after your salvo or close combat, all its dice are rolled again and
  the new result stands (the attack is taken back and fought again).
- Orbital Barrage: instead of an activation, attack a formation with firepower 3 plus
  the supply points you spend on it.
- Second Wind: a hero gains 3 armor until the end of the turn.
- Against All Odds: a hero gains 2 melee until the end of the turn.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from copy import deepcopy
from typing import Any

from companion.games.base import RuleError
from companion.games.maker_war import titans
from companion.games.maker_war.table import factions, points, supply
from companion.games.maker_war.table.army import hypha_types, living, new_hypha
from companion.games.maker_war.table.play import (
    Events,
    event,
    formation,
    my_turn,
    name,
    own,
)

ORBITAL_FIRE_POWER = 3
ORDNANCE_SHOOTER = {
    "id": "ordnance",
    "name": "Ordnance",
    "type": "weapon",
    "fire_power": 2,
    "fire_traits": [],
    "traits": {"artillery": 1, "annihilation": 1},
}


def play_card(state: dict, seat: int, action: Mapping, rng: random.Random) -> Events:
    card = action.get("card")
    if card not in state["supply"]["hands"][seat]:
        raise RuleError({"card": "Play a card from your own hand."})
    info = supply.cards()[card]
    if action.get("use", "points") == "points":
        value = supply.play_for_points(state["supply"], seat, card)
        return [
            event("card", f"{name(state, seat)} plays {info['name']} for {value} supply points.")
        ]
    handler = _EFFECTS.get(card)
    if handler is None:
        raise RuleError({"card": "This card has no alternate use here."})
    events = handler(state, seat, action, rng)
    supply.take_card(state["supply"], seat, card)
    events.insert(0, event("card", f"{name(state, seat)} plays {info['name']}: {info['use']}"))
    return events


def _mine_last(state: dict, seat: int, kinds: tuple[str, ...]) -> dict[str, Any]:
    last = state.get("last_attack")
    if not last or last["seat"] != seat or last["kind"] not in kinds or "result" not in last:
        raise RuleError({"card": "Play it right after your own attack."})
    return last


def _lucky_shot(state: dict, seat: int, action: Mapping, rng: random.Random) -> Events:
    last = _mine_last(state, seat, ("shoot",))
    target = formation(state, last["result"]["target"])
    before = {u["id"]: u for u in last["before"][target["id"]]["units"]}
    from companion.games.maker_war.table.combat import merge, view

    for unit in living(target):
        was = before.get(unit["id"])
        if unit["id"] in target["turn_hits"]:
            from companion.games.maker_war.combat.allocation import allocate_hits

            placed = allocate_hits(view(target), 1, 1, order=[unit["id"]], picks=[unit["id"]])
            return [
                event("lucky-shot", " ".join(placed["steps"])),
                *merge(state, target, placed["formation"], placed["destroyed"], rng),
            ]
        if unit["type"] == "titan" and was and unit["structure"] < was["structure"]:
            crit = titans.critical_hit(unit, rng=rng)
            unit.update(crit["titan"])
            return [
                event("lucky-shot", f"Critical hit on {unit['name']}: {crit['text']}", barrier=True)
            ]
    raise RuleError({"card": "The last hit already destroyed its unit: nothing to make critical."})


def _reinforcements(state: dict, seat: int, action: Mapping, rng: random.Random) -> Events:
    my_turn(state, seat)
    f = own(state, seat, action.get("formation"))
    if f["stance"] != "scatter" or f["activated"]:
        raise RuleError({"formation": "Choose a scattered formation before it activates."})
    f["reinforced"] = True
    return [event("reinforcements", f"{f['name']} may take the Regroup order instead.")]


def _shock_and_awe(state: dict, seat: int, action: Mapping, rng: random.Random) -> Events:
    my_turn(state, seat)
    if not state["turn"]["activations"]:
        raise RuleError({"card": "Play it at the end of your turn, after your activation."})
    f = formation(state, action.get("formation"))
    if state["sides"][f["seat"]] == state["sides"][seat] or f["where"] != "table":
        raise RuleError({"formation": "Choose an enemy formation on the table."})
    from companion.games.maker_war.table.morale import moral_check

    check = {"formation": f["id"], "reason": "Shock and Awe", "roll": action.get("roll")}
    return moral_check(state, seat, check, rng)


def _more_fuel(state: dict, seat: int, action: Mapping, rng: random.Random) -> Events:
    my_turn(state, seat)
    if not state["turn"]["activations"]:
        raise RuleError({"card": "Play it after an activation, before your turn ends."})
    state["turn"]["allowed"] += 1
    return [event("more-fuel", f"{name(state, seat)} may activate one more formation this turn.")]


def _more_ammunition(state: dict, seat: int, action: Mapping, rng: random.Random) -> Events:
    from companion.games.maker_war.table import attacks, melee

    last = _mine_last(state, seat, ("shoot", "close-combat", "detonation"))
    for f in state["formations"]:
        saved = last["before"].get(f["id"])
        if saved is not None:
            f.clear()
            f.update(saved)
    state["destroyed"] = last["destroyed"]
    state["turn"]["fired"] = last["fired"]
    state["detonation"] = last["detonation"]
    state["throes"] = deepcopy(last.get("throes") or [])
    typed = ("dice", "rolls", "big_rolls", "crit_rolls", "moral_rolls")
    again = {k: v for k, v in last["action"].items() if k not in typed}
    for key in typed:
        if action.get(key):
            again[key] = action[key]
    handler = {
        "shoot": attacks.shoot,
        "close-combat": melee.close_combat,
        "detonation": attacks.detonation,
    }[last["kind"]]
    if last["kind"] == "shoot" and again.get("source") == "orbital-barrage":
        return _barrage(state, seat, again, rng, rerolled=True)
    return [
        event("more-ammunition", "The attack is taken back and rolled again."),
        *handler(state, seat, again, rng),
    ]


def _orbital_barrage(state: dict, seat: int, action: Mapping, rng: random.Random) -> Events:
    return _barrage(state, seat, action, rng, rerolled=False)


def _barrage(
    state: dict, seat: int, action: Mapping, rng: random.Random, *, rerolled: bool
) -> Events:
    from companion.games.maker_war.table.attacks import fire, remember

    my_turn(state, seat)
    turn = state["turn"]
    extra = action.get("supply_points") or 0
    if isinstance(extra, bool) or not isinstance(extra, int) or extra < 0:
        raise RuleError({"supply_points": "Spend a whole number of supply points."})
    if not rerolled:
        if turn["activations"] >= turn["allowed"]:
            raise RuleError({"card": "Play it instead of an activation: none is left."})
        supply.spend(state["supply"], seat, extra, "orbital-barrage")
        turn["activations"] += 1
    target = formation(state, action.get("target"), "target")
    if target["where"] != "table" or state["sides"][target["seat"]] == state["sides"][seat]:
        raise RuleError({"target": "Choose an enemy formation on the table."})
    remember(state, "shoot", seat, {**action, "source": "orbital-barrage"}, [target["id"]])
    shooter = {
        "id": "orbital",
        "name": "Orbital Barrage",
        "type": "weapon",
        "fire_power": ORBITAL_FIRE_POWER + extra,
        "fire_traits": [],
        "traits": {},
    }
    return fire(state, seat, None, [shooter], "advance", target, action, rng)


def _hero(state: dict, seat: int, action: Mapping) -> dict[str, Any]:
    f = own(state, seat, action.get("formation"))
    for unit in living(f):
        if unit["id"] == action.get("unit") and "hero" in unit["traits"]:
            return unit
    raise RuleError({"unit": "Choose a living hero of that formation."})


def _boost(unit: dict, stat: str, amount: int) -> None:
    unit.setdefault(f"base_{stat}", unit[stat])
    unit[stat] += amount
    unit[f"{stat}_bonus"] = unit.get(f"{stat}_bonus", 0) + amount


def _second_wind(state: dict, seat: int, action: Mapping, rng: random.Random) -> Events:
    unit = _hero(state, seat, action)
    _boost(unit, "armor", 3)
    return [event("second-wind", f"{unit['name']} has {unit['armor']} armor until the turn ends.")]


def _against_all_odds(state: dict, seat: int, action: Mapping, rng: random.Random) -> Events:
    unit = _hero(state, seat, action)
    _boost(unit, "melee", 2)
    return [
        event("against-all-odds", f"{unit['name']} fights with {unit['melee']} melee this turn.")
    ]


_EFFECTS = {
    "lucky-shot": _lucky_shot,
    "reinforcements": _reinforcements,
    "shock-and-awe": _shock_and_awe,
    "more-fuel": _more_fuel,
    "more-ammunition": _more_ammunition,
    "orbital-barrage": _orbital_barrage,
    "second-wind": _second_wind,
    "against-all-odds": _against_all_odds,
}
# What each alternate use asks beside the card, in the order the page shows it: the
# action's field, the kind of choice (``view.card_inputs`` lists its options) and a label.
EFFECT_CHOICES: dict[str, tuple[tuple[str, str, str], ...]] = {
    "reinforcements": (("formation", "own-formation", "Formation"),),
    "second-wind": (("formation", "own-formation", "Formation"), ("unit", "hero", "Hero")),
    "against-all-odds": (("formation", "own-formation", "Formation"), ("unit", "hero", "Hero")),
    "shock-and-awe": (("formation", "enemy-formation", "Enemy formation"),),
    "orbital-barrage": (
        ("target", "enemy-formation", "Target"),
        ("supply_points", "supply-points", "Extra supply points"),
    ),
}


# --- points of interest -----------------------------------------------------------------------


def occupy(state: dict, seat: int, action: Mapping, rng: random.Random) -> Events:
    poi = points.set_occupants(state, action.get("poi"), action.get("formations") or [])
    who = ", ".join(formation(state, fid)["name"] for fid in poi["occupants"]) or "nobody"
    note = " (contested)" if points.contested(state, poi) else ""
    return [event("poi", f"{poi['name']} is occupied by {who}{note}.")]


def benefit(state: dict, seat: int, action: Mapping, rng: random.Random) -> Events:
    my_turn(state, seat)
    poi = points.poi_by_id(state, action.get("poi"))
    points.check_benefit(state, seat, poi)
    kind = poi["kind"]
    events: Events = []
    if kind == "source-of-supply":
        drawn = supply.draw(state["supply"], seat, 1)
        events.append(
            event(
                "poi",
                f"{name(state, seat)} draws {len(drawn)} supply card(s) at the {poi['name']}.",
            )
        )
    elif kind == "ordnance":
        from companion.games.maker_war.table.attacks import fire, remember

        target = formation(state, action.get("target"), "target")
        if target["where"] != "table" or state["sides"][target["seat"]] == state["sides"][seat]:
            raise RuleError({"target": "The ordnance fires at an enemy formation on the table."})
        remember(state, "ordnance", seat, action, [target["id"]])
        events += fire(state, seat, None, [dict(ORDNANCE_SHOOTER)], "advance", target, action, rng)
    elif kind == "reliquary":
        faces = [rng.randint(1, 6), rng.randint(1, 6)]
        state["reliquary"][seat] = sum(faces)
        events.append(
            event(
                "poi",
                f"Reliquary: {faces[0]}+{faces[1]} = {sum(faces)} impact tokens "
                "may be removed across your army this turn.",
                barrier=True,
            )
        )
    elif kind == "landing-zone":
        state["supply"]["landing"][seat] += supply.LANDING_ZONE_POINTS
        events.append(event("poi", "Landing Zone: 3 supply points for deploying or flyers."))
    poi["benefited"].append(seat)
    poi["controller"] = seat
    return events


def shed(state: dict, seat: int, action: Mapping, rng: random.Random) -> Events:
    """Spend the reliquary's roll on a formation's impact tokens."""
    my_turn(state, seat)
    f = own(state, seat, action.get("formation"))
    count = action.get("count")
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise RuleError({"count": "Remove a whole number of tokens, 1 or more."})
    if count > state["reliquary"][seat]:
        raise RuleError({"count": f"The reliquary has {state['reliquary'][seat]} left to remove."})
    if count > f["impact_tokens"]:
        raise RuleError({"count": f"{f['name']} has {f['impact_tokens']} impact token(s)."})
    state["reliquary"][seat] -= count
    f["impact_tokens"] -= count
    f["terror_tokens"] = max(0, f["terror_tokens"] - count)
    return [event("shed", f"{f['name']} sheds {count} impact token(s) at the reliquary.")]


# --- faction actions ------------------------------------------------------------------------


def conduit(state: dict, seat: int, action: Mapping, rng: random.Random) -> Events:
    f = own(state, seat, action.get("formation"))
    factions.spend_energy(state, seat, f, action.get("amount"), action.get("use"))
    return [
        event(
            "energy",
            f"{f['name']} channels {action.get('amount')} energy into "
            f"{action.get('use')} ({state['energy'][seat]} left).",
        )
    ]


def sprout(state: dict, seat: int, action: Mapping, rng: random.Random) -> Events:
    my_turn(state, seat)
    f = own(state, seat, action.get("formation") or state["turn"]["active"])
    if f["id"] != state["turn"]["active"] or not any("sprout" in u["traits"] for u in living(f)):
        raise RuleError({"formation": "A sprout grows hypha when its formation activates."})
    if state["turn"]["sprouted"]:
        raise RuleError({"formation": "This activation has already sprouted."})
    slug = action.get("hypha") or next(iter(hypha_types(state["factions"][seat])), {}).get("slug")
    unit = new_hypha(seat, state["counters"]["hypha"], str(slug), state["factions"][seat])
    state["counters"]["hypha"] += 1
    state["hypha"][seat].append(unit)
    state["turn"]["sprouted"] = True
    return [event("sprout", f"{f['name']} sprouts a {unit['name']}.")]
