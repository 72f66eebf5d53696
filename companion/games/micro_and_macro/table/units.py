"""Units on the micro battlefield: making them, their current dice, groups, damage.

A unit's current profile is its printed one changed by the upgrades now on the building
that made it (spells taught, weapon swapped: an overwritten or discarded upgrade stops
counting), its weapon (Sword and Board: Defense one step up), the passive spells the
players say reach it (they measure the cm; Muster applies the steps), Mobstrength and
Knight's Order worked out from its group, and short buffs from cards and spells.
"""

from __future__ import annotations

import random
from typing import Any

from companion.games.base import RuleError
from companion.games.micro_and_macro.mechanics import raise_die
from companion.games.micro_and_macro.table import cards

DICE_STATS = ("a", "d", "sp", "md")
# Passive spells whose reach the players judge on the table: the steps they give.
AURAS: dict[str, dict[str, int]] = {
    "commanding-presence": {"a": 1},
    "inspiring-aura": {"md": 1},
    "unholy-presence": {"d": 1},
    "hermit": {"a": 1, "d": 1, "m": 3},
    "masters-presence": {"m": 2},
}
SELF_AURAS = frozenset({"hermit", "masters-presence"})  # conditions on the unit itself
MOB_SIZE = 4


def label(unit: dict[str, Any]) -> str:
    """A unit as the log and the page name it: its name and its number in the order the
    units were made ("Peasant 2"), stable for the whole game, never the raw id."""
    return f"{unit['name']} {str(unit['id']).removeprefix('u')}"


def find(state: dict[str, Any], unit_id: Any, path: str = "unit") -> dict[str, Any]:
    for unit in state["units"]:
        if unit["id"] == unit_id:
            return unit
    raise RuleError({path: "No such unit in play."})


def own(state: dict[str, Any], seat: int, unit_id: Any, path: str = "unit") -> dict[str, Any]:
    unit = find(state, unit_id, path)
    if unit["owner"] != seat:
        raise RuleError({path: "That unit is not yours."})
    return unit


def make(state: dict[str, Any], seat: int, slug: str, building_id: str) -> dict[str, Any]:
    """A new unit at the entry point, with its printed LP."""
    printed = cards.unit(slug)
    state["next_unit"] += 1
    unit = {
        "id": f"u{state['next_unit']}",
        "owner": seat,
        "slug": slug,
        "name": printed["name"],
        "building": building_id,
        "lp": printed["lp"],
        "max_lp": printed["lp"],
        "mode": "mobile",
        "group": None,
        "auras": [],
        "buffs": [],
        "m_loss": 0,
    }
    state["units"].append(unit)
    return unit


def _building_upgrades(state: dict[str, Any], unit: dict[str, Any]) -> list[dict[str, Any]]:
    """Facts of the upgrades on the unit's building that name its kind."""
    for building in state["players"][unit["owner"]]["buildings"]:
        if building["id"] == unit["building"]:
            found = [cards.card(state["cards"][u]) for u in building["upgrades"] if u]
            return [f for f in found if unit["slug"] in f["units"]]
    return []


def weapon_and_spells(state: dict[str, Any], unit: dict[str, Any]) -> tuple[str, list[str]]:
    printed = cards.unit(unit["slug"])
    weapon, spells = printed.get("weapon") or "", list(printed.get("spells") or [])
    for upgrade in _building_upgrades(state, unit):
        weapon = upgrade["weapon"] or weapon
        spells += [s for s in upgrade["teaches"] if s not in spells]
    return weapon, spells


def group_of(state: dict[str, Any], unit: dict[str, Any]) -> list[dict[str, Any]]:
    if unit["group"] is None:
        return [unit]
    return [u for u in state["units"] if u["group"] == unit["group"]]


def profile(state: dict[str, Any], unit: dict[str, Any]) -> dict[str, Any]:
    """The unit's current M, LP, dice, weapon and spells, with why each die moved."""
    printed = cards.unit(unit["slug"])
    weapon, spells = weapon_and_spells(state, unit)
    steps = {"a": 0, "d": 0, "sp": 0, "md": 0, "m": 0}
    why: list[str] = []

    def add(source: str, change: dict[str, int]) -> None:
        for stat, amount in change.items():
            steps[stat] += amount
        why.append(source)

    if weapon == "sword-and-board":
        add("Sword and Board", {"d": 1})
    for aura in unit["auras"]:
        add(cards.name_of("spell", aura), AURAS[aura])
    group = group_of(state, unit)
    if "mobstrength" in spells and len(group) >= MOB_SIZE:
        mob = [u for u in group if u["slug"] == unit["slug"]]
        if len(mob) == len(group) and all(
            "mobstrength" in weapon_and_spells(state, u)[1] for u in mob
        ):
            add("Mobstrength", {"a": 1, "d": 1})
    if any(
        u["slug"] != unit["slug"] and "knights-order" in weapon_and_spells(state, u)[1]
        for u in group
    ):
        add("Knight's Order", {"m": 2})
    for buff in unit["buffs"]:
        add(buff["source"], {buff["stat"]: buff["steps"]})
    current = {stat: raise_die(printed[stat], steps[stat]) for stat in DICE_STATS}
    return {
        "m": max(0, printed["m"] + steps["m"] - unit["m_loss"]),
        "lp": unit["lp"],
        "max_lp": unit["max_lp"],
        **current,
        "weapon": weapon,
        "spells": spells,
        "why": why,
    }


def expire_buffs(unit: dict[str, Any], when: str) -> None:
    """Drop the buffs that last until the unit ``activates`` or is ``attacked``."""
    unit["buffs"] = [b for b in unit["buffs"] if when not in b["until"]]


def heal(unit: dict[str, Any], amount: int) -> int:
    healed = max(0, min(amount, unit["max_lp"] - unit["lp"]))
    unit["lp"] += healed
    return healed


def damage(
    state: dict[str, Any],
    unit: dict[str, Any],
    amount: int,
    rng: random.Random,
    events: list[dict[str, Any]],
) -> int:
    """Deal ``amount`` to a unit (Persistence of the Undead may halve it); a unit at 0 LP
    leaves play and its group. Returns the damage taken."""
    names = state["names"]
    taken = amount
    if amount > 0 and "persistence-of-the-undead" in weapon_and_spells(state, unit)[1]:
        face = rng.randint(1, 6)
        if face >= 5:
            taken = amount // 2
        events.append(
            {
                "type": "persistence",
                "unit": unit["id"],
                "face": face,
                "barrier": True,
                "text": f"Persistence of the Undead: {unit['name']} rolls {face}"
                + (f", takes only {taken}." if face >= 5 else ", no effect."),
            }
        )
    unit["lp"] = max(0, unit["lp"] - taken)
    if unit["lp"] == 0:
        remove(state, unit)
        events.append(
            {
                "type": "unit-lost",
                "unit": unit["id"],
                "text": f"{names[unit['owner']]}'s {label(unit)} is slain.",
            }
        )
    return taken


def remove(state: dict[str, Any], unit: dict[str, Any]) -> None:
    """The unit leaves play, its group, and every strike offered to it or against it."""
    state["units"] = [u for u in state["units"] if u["id"] != unit["id"]]
    _tidy_group(state, unit["group"])
    for offer in state["offers"]:
        offer["units"] = [u for u in offer["units"] if u != unit["id"]]
        offer["targets"] = [u for u in offer["targets"] if u != unit["id"]]
    state["offers"] = [o for o in state["offers"] if o["units"] and o["targets"]]


def _tidy_group(state: dict[str, Any], group: str | None) -> None:
    """A group of one is no group."""
    if group is None:
        return
    members = [u for u in state["units"] if u["group"] == group]
    if len(members) < 2:
        for member in members:
            member["group"] = None


def form_group(state: dict[str, Any], seat: int, ids: Any) -> dict[str, Any]:
    """Bases touching (the players say so): units of one kind, or bound by Knight's Order."""
    if not isinstance(ids, list) or len(set(map(str, ids))) < 2:
        raise RuleError({"units": "Pick two or more of your units to group."})
    members = [own(state, seat, i, "units") for i in dict.fromkeys(ids)]
    kinds = {u["slug"] for u in members}
    bound = any("knights-order" in weapon_and_spells(state, u)[1] for u in members)
    if len(kinds) > 1 and not bound:
        raise RuleError({"units": "Only units of one kind form a group (or with Knight's Order)."})
    state["next_group"] += 1
    group = f"g{state['next_group']}"
    old = {u["group"] for u in members}
    for member in members:
        member["group"] = group
    for previous in old:
        _tidy_group(state, previous)
    names = ", ".join(f"{label(u)}" for u in members)
    return {"type": "group", "group": group, "text": f"{state['names'][seat]} groups {names}."}


def leave_group(state: dict[str, Any], seat: int, unit_id: Any) -> dict[str, Any]:
    unit = own(state, seat, unit_id)
    if unit["group"] is None:
        raise RuleError({"unit": "That unit is in no group."})
    old, unit["group"] = unit["group"], None
    _tidy_group(state, old)
    return {"type": "ungroup", "text": f"{label(unit)} leaves its group."}


def set_aura(state: dict[str, Any], seat: int, action: dict[str, Any]) -> dict[str, Any]:
    """The players measured: a passive spell does (or no longer does) reach a unit."""
    unit = own(state, seat, action.get("unit"))
    slug = action.get("spell")
    if slug not in AURAS:
        raise RuleError({"spell": f"Choose one of {', '.join(AURAS)}."})
    on = action.get("on", True) not in (False, "false", 0, "0")
    if on and slug not in unit["auras"]:
        _check_aura_source(state, unit, slug)
        unit["auras"].append(slug)
    elif not on:
        if slug not in unit["auras"]:
            raise RuleError({"spell": "That spell does not reach this unit now."})
        unit["auras"].remove(slug)
    name = cards.name_of("spell", slug)
    verb = "now reaches" if on else "no longer reaches"
    return {"type": "aura", "text": f"{name} {verb} {label(unit)}."}


def _check_aura_source(state: dict[str, Any], unit: dict[str, Any], slug: str) -> None:
    if slug in SELF_AURAS:
        if slug not in weapon_and_spells(state, unit)[1]:
            raise RuleError({"spell": f"{unit['name']} does not know that spell."})
        return
    if slug == "unholy-presence" and unit["slug"] != "skeleton":
        raise RuleError({"spell": "Unholy Presence reaches skeletons only."})
    friendly_only = slug != "commanding-presence"  # the book does not limit it to friends
    sources = [
        u
        for u in state["units"]
        if u["id"] != unit["id"]
        and (u["owner"] == unit["owner"] or not friendly_only)
        and slug in weapon_and_spells(state, u)[1]
    ]
    if not sources:
        raise RuleError({"spell": "No other unit in play has that spell."})


def alive(state: dict[str, Any], unit_id: Any) -> bool:
    """Whether ``unit_id`` is still in play."""
    return any(u["id"] == unit_id for u in state["units"])
