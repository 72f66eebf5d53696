"""What the page offers a player now: action templates, each valid as it stands.

A form may still edit an offered action's target, slot or faces before sending it. The
engine keeps only the offers the phase allows; the turn code asks ``turn_actions`` whether
a player starting a turn can do anything but pass.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.micro_and_macro.mechanics import MAX_BUILDINGS_IN_PLAY
from companion.games.micro_and_macro.table import cards, macro, units


def for_seat(state: Mapping[str, Any], seat: int) -> list[dict[str, Any]]:
    """The marker in setup; else an offered strike first, then a reaction, then the turn
    of the player with priority; the free counter and a concession always."""
    found: list[dict[str, Any]] = []
    if state["phase"] == "setup":
        if not state["markers"][seat]:
            found.append({"type": "marker"})
    elif state["offers"]:
        offer = state["offers"][0]
        if offer["seat"] == seat:
            found += [
                {"type": "respond", "unit": u, "target": t}
                for u in offer["units"]
                for t in offer["targets"]
            ]
            found.append({"type": "decline"})
    elif state["react"] is not None:
        if state["react"]["seat"] == seat:
            found += card_plays(state, seat, instants_only=True)
            found.append({"type": "no-reaction"})
    elif state["priority"] == seat:
        found += command_steps(state) if state["command"] else turn_actions(state, seat)
    found.append({"type": "resources", "delta": 1})
    if state["players"][seat]["resources"] > 0:
        found.append({"type": "resources", "delta": -1})
    found.append({"type": "concede"})
    return found


def turn_actions(state: Mapping[str, Any], seat: int) -> list[dict[str, Any]]:
    """The actions ``seat`` could take now as one of their three, each valid as it stands."""
    player = state["players"][seat]
    found: list[dict[str, Any]] = []
    mine = [u for u in state["units"] if u["owner"] == seat]
    seen_groups: set[str] = set()
    for unit in mine:
        if unit["group"] is None or unit["group"] not in seen_groups:
            found.append({"type": "command", "unit": unit["id"]})
            if unit["group"]:
                seen_groups.add(unit["group"])
    for building in player["buildings"]:
        for made in cards.card(building["slug"])["produces"]:
            if made["cost"] <= player["resources"]:
                found.append(
                    {"type": "make-unit", "building": building["id"], "unit": made["unit"]}
                )
        facts = cards.card(building["slug"])
        if facts["has_ability"] and building["id"] not in state["used"]:
            if building["slug"] != "sacrificial-pit":
                found.append({"type": "ability", "building": building["id"]})
            elif mine:
                found.append({"type": "ability", "building": building["id"], "unit": mine[0]["id"]})
    found += card_plays(state, seat, instants_only=False)
    found += builds(state, seat)
    found.append({"type": "pass"})
    return found


def card_plays(state: Mapping[str, Any], seat: int, instants_only: bool) -> list[dict[str, Any]]:
    """Cards in hand that can be paid and have a target now."""
    player = state["players"][seat]
    found: list[dict[str, Any]] = []
    mine = [u for u in state["units"] if u["owner"] == seat]
    for card_id in dict.fromkeys(player["hand"]):
        facts = cards.card(state["cards"][card_id])
        if facts["cost"] > player["resources"]:
            continue
        if facts["category"] == "upgrade" and not instants_only:
            for building in player["buildings"]:
                if building["slots"] and (not facts["fits"] or building["slug"] in facts["fits"]):
                    play = {"type": "play", "card": card_id, "building": building["id"]}
                    if None not in building["upgrades"]:
                        play["slot"] = 0
                    found.append(play)
        elif facts["category"] == "instant":
            target = macro.INSTANT_TARGETS.get(facts["slug"], "")
            play = {"type": "play", "card": card_id}
            if target == "unit":
                if not mine:
                    continue
                play["unit"] = mine[0]["id"]
            elif target:
                fitting = [
                    b for b in player["buildings"] if target == "building" or b["slug"] == target
                ]
                if not fitting:
                    continue
                play["building"] = fitting[0]["id"]
            found.append(play)
    return found


def builds(state: Mapping[str, Any], seat: int) -> list[dict[str, Any]]:
    """Buildings from the pile that can be paid: into a free place, or over one."""
    player = state["players"][seat]
    found: list[dict[str, Any]] = []
    for card_id in dict.fromkeys(player["pile"]):
        cost = cards.card(state["cards"][card_id])["cost"]
        if len(player["buildings"]) < MAX_BUILDINGS_IN_PLAY:
            if cost <= player["resources"]:
                found.append({"type": "build", "card": card_id})
            continue
        for old in player["buildings"]:
            if not old["main"] and cost + -(-old["cost"] // 2) <= player["resources"]:
                found.append({"type": "build", "card": card_id, "over": old["id"]})
    return found


def command_steps(state: Mapping[str, Any]) -> list[dict[str, Any]]:
    """What the commanded unit or group may do next."""
    command = state["command"]
    if command is None:
        return []
    group = [units.find(state, u) for u in command["units"] if units.alive(state, u)]
    if not group:
        return [{"type": "end-command"}]
    enemy = 1 - group[0]["owner"]
    found: list[dict[str, Any]] = []
    if all(u["mode"] == "mobile" for u in group):
        found.append({"type": "move"})
        found.append({"type": "entrench"})
    else:
        found.append({"type": "mobilize"})
    targets = [u["id"] for u in state["units"] if u["owner"] == enemy]
    for target in targets[:3]:
        found.append({"type": "attack", "kind": "physical", "target": target})
    if state["players"][enemy]["buildings"]:
        found.append({"type": "attack", "kind": "physical", "target": "base"})
    for caster in group:
        for spell in units.profile(state, caster)["spells"]:
            facts = cards.spell(spell)
            if facts["category"] != "active":
                continue
            pool = targets if facts["target"] == "enemy" else [caster["id"]]
            if pool:
                found.append(
                    {
                        "type": "attack",
                        "kind": "magical",
                        "spell": spell,
                        "caster": caster["id"],
                        "target": pool[0],
                    }
                )
    found.append({"type": "end-command"})
    return found
