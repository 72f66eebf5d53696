"""The macro actions of a turn: make a unit, use a building's ability, play a card, build.

Each is one of the three actions and opens a reaction; an instant may also be played as
the reaction itself, which spends no action.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from companion.games.base import RuleError
from companion.games.micro_and_macro.table import cards, macro, turns


def make_unit(state: dict, seat: int, action: Mapping, rng: random.Random) -> list[dict]:
    turns.my_turn(state, seat)
    events = [macro.make_unit(state, seat, action.get("building"), action.get("unit"))]
    turns.finish_action(state, events)
    return events


def ability(state: dict, seat: int, action: Mapping, rng: random.Random) -> list[dict]:
    turns.my_turn(state, seat)
    events = macro.use_ability(state, seat, dict(action), rng)
    turns.finish_action(state, events)
    return events


def play(state: dict, seat: int, action: Mapping, rng: random.Random) -> list[dict]:
    """A card from hand: in your turn as an action, or an instant as a reaction."""
    card_id = action.get("card")
    if card_id not in state["players"][seat]["hand"]:
        raise RuleError({"card": "Choose a card in your hand."})
    facts = cards.card(state["cards"][card_id])
    if state["react"] is not None:
        turns.no_offers(state)
        if state["react"]["seat"] != seat:
            who = state["names"][state["react"]["seat"]]
            raise RuleError({"type": f"{who} may react first."})
        if facts["category"] != "instant":
            raise RuleError({"card": "Only instants can be played as a reaction."})
        events = macro.play_instant(state, seat, dict(action), rng)
        turns.check_end(state, events)
        return events
    turns.my_turn(state, seat)
    if facts["category"] == "upgrade":
        events = [macro.play_upgrade(state, seat, dict(action))]
    else:
        events = macro.play_instant(state, seat, dict(action), rng)
    turns.finish_action(state, events)
    return events


def build(state: dict, seat: int, action: Mapping, rng: random.Random) -> list[dict]:
    turns.my_turn(state, seat)
    events = [macro.build(state, seat, dict(action))]
    turns.finish_action(state, events)
    return events
