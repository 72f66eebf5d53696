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

import random
from collections.abc import Mapping
from typing import Any

from companion.games.base import RuleError
from companion.games.micro_and_macro.mechanics import ACTIONS_PER_TURN, DRAWS_PER_TURN
from companion.games.micro_and_macro.table import cards, macro, offers


def no_offers(state: dict[str, Any]) -> None:
    """A strike offered to a player comes before anything else."""
    if state["offers"]:
        who = state["names"][state["offers"][0]["seat"]]
        raise RuleError({"type": f"Waiting for {who} to strike back or decline."})


def my_turn(state: dict[str, Any], seat: int, commanding: bool = False) -> None:
    """``seat`` has priority, with (or without) a command under way; the phase allowing
    the action at all is the engine's declaration."""
    no_offers(state)
    if state["priority"] != seat:
        raise RuleError({"type": "It is not your turn."})
    if commanding and state["command"] is None:
        raise RuleError({"type": "Command a unit or group first."})
    if not commanding and state["command"] is not None:
        raise RuleError({"type": "Finish commanding your unit first (end the command)."})


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
    # What the other player reacts to: the action's last word, shown in their prompt.
    state["react"] = {"seat": other, "to": events[-1]["text"] if events else ""}


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
    if turn_start and not any(a["type"] != "pass" for a in offers.turn_actions(state, seat)):
        end(state, seat, f"{state['names'][seat]} can do nothing but pass", events)
        return True
    return False


# --- moves ------------------------------------------------------------------------------------


def pass_turn(state: dict, seat: int, action: Mapping, rng: random.Random) -> list[dict]:
    """An action that ends the turn: the other actions are given up."""
    my_turn(state, seat)
    events = [{"type": "pass", "text": f"{state['names'][seat]} passes the turn."}]
    state["actions_left"] = 1  # finish_action spends the last one
    finish_action(state, events)
    if state["react"] is not None:
        # Section 2.2 lists the pass among the actions and lets the other player react
        # "after each action": the window stays, but says it is the last chance for an
        # instant before that player's own turn begins.
        state["react"]["after_pass"] = True
    return events


def no_reaction(state: dict, seat: int, action: Mapping, rng: random.Random) -> list[dict]:
    no_offers(state)
    if state["react"]["seat"] != seat:
        raise RuleError({"type": "There is nothing to react to."})
    events = [{"type": "no-reaction", "text": f"{state['names'][seat]} does not react."}]
    close_reaction(state, events)
    return events


def concede(state: dict, seat: int, action: Mapping, rng: random.Random) -> list[dict]:
    events: list[dict] = []
    end(state, seat, f"{state['names'][seat]} concedes", events)
    return events
