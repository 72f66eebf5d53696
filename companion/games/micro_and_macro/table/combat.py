"""Attacks: a roll-off of the attacker's die against the defender's, then its effects.

Physical: Attack against Defense, the weapon's damage on a win (Bow: doubled on a crit;
Felsword: the attacker heals 1). Magical: Spell-power against Magic Defense with an
active spell the unit knows (Demonic Leech: 8 damage, the caster heals 4; Fel Mortar: a
D6 of damage); a spell on a friend needs no roll-off (Blessing of the Gods heals 3 and
raises Defense until the unit activates or is attacked). A unit with Infectious bite
lowers its target's Movement by 1 on a win. A unit carrying the Dueling Sword that
survives an attack may strike back: that is offered to its player. A unit in range of an
enemy base attacks its left-most building, against that building's Defense.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.games.base import RuleError
from companion.games.micro_and_macro.table import cards, macro, rolloff, turns, units

BASE = "base"
FRIENDLY_SPELLS = frozenset({"blessing-of-the-gods", "thats-an-order"})


def attack(
    state: dict[str, Any],
    attacker: dict[str, Any],
    target_id: Any,
    kind: str,
    spell: str | None,
    rng: random.Random,
    faces: Any,
    counter: bool = False,
) -> list[dict[str, Any]]:
    """Resolve one attack by ``attacker``; the events say every roll."""
    typed = faces if isinstance(faces, dict) else None
    profile = units.profile(state, attacker)
    names = state["names"]
    who = f"{names[attacker['owner']]}'s {units.label(attacker)}"
    if kind == "magical":
        if spell not in profile["spells"] or cards.spell(spell)["category"] != "active":
            raise RuleError({"spell": f"{attacker['name']} knows no such active spell."})
        if spell in FRIENDLY_SPELLS:
            return _friendly_spell(state, attacker, target_id, spell, who)
    elif kind != "physical":
        raise RuleError({"kind": "An attack is physical or magical."})
    enemy = 1 - attacker["owner"]
    if target_id == BASE:
        if kind == "magical":
            raise RuleError({"target": "Spells target units, not buildings."})
        return _attack_base(state, attacker, enemy, profile, rng, typed, who)
    target = units.find(state, target_id, "target")
    if target["owner"] != enemy:
        raise RuleError({"target": "Attack an enemy unit or the enemy base."})
    defence = units.profile(state, target)
    attack_die = profile["a"] if kind == "physical" else profile["sp"]
    defense_die = defence["d"] if kind == "physical" else defence["md"]
    result = rolloff.roll_off(attack_die, defense_die, rng, typed)
    units.expire_buffs(target, "attacked")
    what = "attacks" if kind == "physical" else f"casts {cards.name_of('spell', spell or '')} at"
    if counter:
        what = "strikes back at"
    events = [
        {
            "type": "roll-off",
            "barrier": True,
            "attacker": attacker["id"],
            "target": target["id"],
            "kind": kind,
            "attack": result["attack"],
            "defense": result["defense"],
            "hit": result["hit"],
            "text": f"{who} {what} {units.label(target)}: "
            f"{rolloff.describe(result['attack'])} against "
            f"{rolloff.describe(result['defense'])}: {'hit' if result['hit'] else 'miss'}.",
        }
    ]
    if not result["hit"]:
        _offer_counter(state, attacker, target, counter)
        return events
    if kind == "physical":
        weapon = cards.weapon(profile["weapon"])
        amount = weapon["damage"] * (
            2 if weapon["slug"] == "bow" and result["attack"]["crit"] else 1
        )
        taken = units.damage(state, target, amount, rng, events)
        events.append(_damage_event(target, taken, amount))
        if weapon["slug"] == "felsword" and attacker in state["units"]:
            healed = units.heal(attacker, 1)
            events.append({"type": "heal", "text": f"Felsword: {attacker['name']} heals {healed}."})
    else:
        events += _spell_hit(state, attacker, target, spell or "", rng)
    if "infectious-bite" in profile["spells"] and target in state["units"]:
        target["m_loss"] += 1
        events.append({"type": "bite", "text": f"Infectious bite: {target['name']} loses 1 M."})
    _offer_counter(state, attacker, target, counter)
    return events


def _damage_event(target: dict[str, Any], taken: int, amount: int) -> dict[str, Any]:
    note = f" (of {amount})" if taken != amount else ""
    return {
        "type": "damage",
        "unit": target["id"],
        "amount": taken,
        "text": f"{units.label(target)} takes {taken} damage{note}, {target['lp']} LP left.",
    }


def _spell_hit(
    state: dict[str, Any],
    caster: dict[str, Any],
    target: dict[str, Any],
    spell: str,
    rng: random.Random,
) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    if spell == "demonic-leech":
        taken = units.damage(state, target, 8, rng, events)
        events.append(_damage_event(target, taken, 8))
        healed = units.heal(caster, 4)
        events.append({"type": "heal", "text": f"{caster['name']} heals {healed} LP."})
    elif spell == "fel-mortar":
        face = rng.randint(1, 6)
        events.append(
            {"type": "roll", "barrier": True, "face": face, "text": f"Fel Mortar rolls {face}."}
        )
        taken = units.damage(state, target, face, rng, events)
        events.append(_damage_event(target, taken, face))
    else:
        events.append({"type": "spell", "text": f"{cards.name_of('spell', spell)} takes effect."})
    return events


def _friendly_spell(
    state: dict[str, Any], caster: dict[str, Any], target_id: Any, spell: str, who: str
) -> list[dict[str, Any]]:
    target = units.find(state, target_id, "target")
    if target["owner"] != caster["owner"]:
        raise RuleError({"target": "That spell targets a friendly unit."})
    name = cards.name_of("spell", spell)
    text = f"{who} casts {name} on {units.label(target)}"
    if spell == "blessing-of-the-gods":
        healed = units.heal(target, 3)
        target["buffs"].append(
            {"stat": "d", "steps": 1, "until": ["activates", "attacked"], "source": name}
        )
        text += f": heals {healed}, Defense one step up"
    else:
        text += ": it makes one attack action now"
    return [{"type": "spell", "text": text + "."}]


def _attack_base(
    state: dict[str, Any],
    attacker: dict[str, Any],
    enemy: int,
    profile: dict[str, Any],
    rng: random.Random,
    typed: dict[str, Any] | None,
    who: str,
) -> list[dict[str, Any]]:
    player = state["players"][enemy]
    if not player["buildings"]:
        raise RuleError({"target": "That base has no building left."})
    building = player["buildings"][0]
    result = rolloff.roll_off(profile["a"], macro.defense_die(state, building), rng, typed)
    events = [
        {
            "type": "roll-off",
            "barrier": True,
            "attacker": attacker["id"],
            "target": building["id"],
            "kind": "physical",
            "attack": result["attack"],
            "defense": result["defense"],
            "hit": result["hit"],
            "text": f"{who} attacks {state['names'][enemy]}'s {building['name']} (left-most): "
            f"{rolloff.describe(result['attack'])} against "
            f"{rolloff.describe(result['defense'])}: {'hit' if result['hit'] else 'miss'}.",
        }
    ]
    if result["hit"]:
        weapon = cards.weapon(profile["weapon"])
        amount = weapon["damage"] * (
            2 if weapon["slug"] == "bow" and result["attack"]["crit"] else 1
        )
        macro.damage_building(state, enemy, building, amount, events)
        events.append(
            {
                "type": "damage",
                "building": building["id"],
                "amount": amount,
                "text": f"{building['name']} takes {amount} damage, {building['lp']} LP left.",
            }
        )
        if weapon["slug"] == "felsword":
            units.heal(attacker, 1)
    return events


def _offer_counter(
    state: dict[str, Any], attacker: dict[str, Any], target: dict[str, Any], counter: bool
) -> None:
    """A surviving Dueling Sword carrier may strike back (not at a strike-back)."""
    if counter or target not in state["units"] or attacker not in state["units"]:
        return
    if units.weapon_and_spells(state, target)[0] == "dueling-sword":
        state["offers"].append(
            {
                "seat": target["owner"],
                "kind": "counter",
                "units": [target["id"]],
                "targets": [attacker["id"]],
            }
        )


# --- strikes offered to the other player (an entrenched unit, a Dueling Sword) ---------------


def respond(
    state: dict[str, Any], seat: int, action: Mapping[str, Any], rng: random.Random
) -> list[dict]:
    """The first offered strike taken: a roll-off that is never itself struck back; an
    entrenched unit mobilizes after it."""
    if not state["offers"] or state["offers"][0]["seat"] != seat:
        raise RuleError({"type": "Nothing is offered to you."})
    offer = state["offers"][0]
    unit_id = action.get("unit", offer["units"][0])
    target_id = action.get("target", offer["targets"][0])
    if unit_id not in offer["units"] or target_id not in offer["targets"]:
        raise RuleError({"unit": "Strike with an offered unit at an offered target."})
    unit = units.find(state, unit_id)
    state["offers"].pop(0)
    events = attack(
        state, unit, target_id, "physical", None, rng, action.get("faces"), counter=True
    )
    if offer["kind"] == "interrupt":
        unit["mode"] = "mobile"
        events.append({"type": "mobilize", "text": f"{unit['name']} is mobilized again."})
    command = state["command"]
    if command and not any(units.alive(state, u) for u in command["units"]):
        turns.finish_action(state, events)  # the commanded units fell: the action is over
    else:
        turns.check_end(state, events)
    return events


def decline(
    state: dict[str, Any], seat: int, action: Mapping[str, Any], rng: random.Random
) -> list[dict]:
    """The first offered strike let go (the enemy was out of range, or the player says no)."""
    if not state["offers"] or state["offers"][0]["seat"] != seat:
        raise RuleError({"type": "Nothing is offered to you."})
    state["offers"].pop(0)
    return [{"type": "decline", "text": f"{state['names'][seat]} does not strike."}]
