"""The turn (section 2.2) and the end of the game (2.3).

A turn: the player with priority draws a card, the triggered abilities of their buildings
and upgrades come up as reminders (an income the card states is added by Muster), then
they take three actions: command a unit or group, make a unit, use a card ability, play a
card (a building from the pile counts as playing a card), or pass the turn. After each
action the other player may react with instants (phase ``react``), and after each action
and reaction the end is checked: a destroyed main building loses, and so does a player who
starts a turn able to do nothing but pass. When the actions are spent (or the turn passed) and the
reaction closed, priority changes.
"""

from __future__ import annotations

from typing import Any

from companion.games.micro_and_macro import table_cards as cards
from companion.games.micro_and_macro import table_macro as macro
from companion.games.micro_and_macro import table_units as units
from companion.games.micro_and_macro.mechanics import (
    ACTIONS_PER_TURN,
    DRAWS_PER_TURN,
    MAX_BUILDINGS_IN_PLAY,
)


def start_turn(state: dict[str, Any], seat: int, events: list[dict[str, Any]]) -> None:
    """Draw, triggered abilities, three fresh actions."""
    state["turn"] += 1
    state["priority"] = seat
    state["phase"] = "turn"
    state["actions_left"] = ACTIONS_PER_TURN
    state["command"] = None
    state["react"] = None
    state["used"] = []
    name = state["names"][seat]
    events.append({"type": "turn", "seat": seat, "text": f"Turn {state['turn']}: {name}."})
    macro.draw(state, seat, DRAWS_PER_TURN, events)
    reminders = []
    player = state["players"][seat]
    for building in list(player["buildings"]):
        for card_id in [building["id"], *(u for u in building["upgrades"] if u)]:
            facts = cards.card(state["cards"][card_id])
            if facts["income"]:
                player["resources"] += facts["income"]
                events.append(
                    {
                        "type": "income",
                        "seat": seat,
                        "text": f"{facts['name']}: {name} gains {facts['income']} resources "
                        f"({player['resources']}).",
                    }
                )
            elif facts["reminder"]:
                reminders.append(f"{facts['name']}: {facts['text']}")
    state["reminders"] = reminders
    check_end(state, events, turn_start=True)


def finish_action(state: dict[str, Any], events: list[dict[str, Any]]) -> None:
    """One of the three actions is spent; the other player may now react."""
    state["actions_left"] -= 1
    state["command"] = None
    if check_end(state, events):
        return
    other = 1 - state["priority"]
    state["phase"] = "react"
    state["react"] = {"seat": other}


def close_reaction(state: dict[str, Any], events: list[dict[str, Any]]) -> None:
    """The reaction window closes: the turn goes on, or priority changes."""
    state["react"] = None
    if state["actions_left"] <= 0:
        other = 1 - state["priority"]
        events.append({"type": "priority", "text": f"Priority passes to {state['names'][other]}."})
        start_turn(state, other, events)
        return
    state["phase"] = "turn"
    check_end(state, events)


def end(state: dict[str, Any], loser: int | None, why: str, events: list[dict]) -> None:
    winner = None if loser is None else 1 - loser
    state["phase"] = "over"
    state["result"] = {"winner": winner, "loser": loser, "reason": why}
    state["command"] = None
    state["react"] = None
    state["offers"] = []
    text = "A draw" if winner is None else f"{state['names'][winner]} wins"
    events.append({"type": "over", "winner": winner, "text": f"{text}: {why}."})


def check_end(
    state: dict[str, Any], events: list[dict[str, Any]], turn_start: bool = False
) -> bool:
    """A destroyed main building loses; so does a player who starts a turn (after the draw
    and the triggered abilities) able to do nothing but pass. Reading: checked at the start
    of a turn only, or spending the last resource in a first action would lose the game."""
    if state["phase"] == "over":
        return True
    fallen = [
        seat
        for seat in (0, 1)
        if (main := macro.main_building(state["players"][seat])) is None or main["lp"] <= 0
    ]
    if fallen:
        names = " and ".join(state["names"][s] for s in fallen)
        loser = fallen[0] if len(fallen) == 1 else None
        end(state, loser, f"the main building of {names} is destroyed", events)
        return True
    seat = state["priority"]
    if (
        turn_start
        and state["phase"] == "turn"
        and state["command"] is None
        and not state["offers"]
        and state["actions_left"] > 0
        and not any(a["type"] != "pass" for a in turn_actions(state, seat))
    ):
        end(state, seat, f"{state['names'][seat]} can do nothing but pass", events)
        return True
    return False


def turn_actions(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
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


def card_plays(state: dict[str, Any], seat: int, instants_only: bool) -> list[dict[str, Any]]:
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


def builds(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
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


def command_steps(state: dict[str, Any]) -> list[dict[str, Any]]:
    """What the commanded unit or group may do next."""
    command = state["command"]
    if command is None:
        return []
    group = [units.find(state, u) for u in command["units"] if alive(state, u)]
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


def alive(state: dict[str, Any], unit_id: str) -> bool:
    return any(u["id"] == unit_id for u in state["units"])
