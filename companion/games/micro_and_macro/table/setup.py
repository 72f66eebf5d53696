"""Preparation (section 2.1): priority roll, shuffled decks, main buildings, opening hands.

Both players roll a D6 and re-roll ties; the higher gets the first priority. Each deck is
shuffled with the building cards set aside; the main building goes into play, every other
building waits in the building pile; each player draws five cards. The game then waits
for both entry-point markers to be placed on the battlefield.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.games.base import RuleError
from companion.games.micro_and_macro.mechanics import ACTIONS_PER_TURN, OPENING_HAND
from companion.games.micro_and_macro.table import cards, macro, turns
from companion.games.table import Seat

MAX_START_RESOURCES = 50


def check_options(options: Mapping[str, Any], defaults: Mapping[str, Any]) -> dict[str, Any]:
    """The house options with defaults filled in; a bad value is refused."""
    unknown = sorted(set(options or {}) - set(defaults))
    if unknown:
        raise RuleError({f"options.{unknown[0]}": "Unknown option."})
    chosen = {**defaults, **(options or {})}
    start = chosen["start_resources"]
    if (
        not isinstance(start, int)
        or isinstance(start, bool)
        or not 0 <= start <= MAX_START_RESOURCES
    ):
        raise RuleError(
            {"options.start_resources": f"A whole number from 0 to {MAX_START_RESOURCES}."}
        )
    return chosen


def priority_roll(rng: random.Random) -> tuple[int, list[list[int]]]:
    """Both roll a D6 until they differ: (the seat with priority, every pair rolled)."""
    rolls: list[list[int]] = []
    while True:
        pair = [rng.randint(1, 6), rng.randint(1, 6)]
        rolls.append(pair)
        if pair[0] != pair[1]:
            return (0 if pair[0] > pair[1] else 1), rolls


def _player(seat: Seat, rng: random.Random, slugs: dict[str, str]) -> dict[str, Any]:
    main, buildings, own = cards.deck_cards(seat.list_body, seat.number)
    slugs.update(own)
    deck = list(main)
    rng.shuffle(deck)
    main_id = next(i for i in buildings if cards.card(own[i])["is_main"])
    body = seat.list_body if isinstance(seat.list_body, Mapping) else {}
    return {
        "faction": body.get("faction") or "neutral",
        "deck": deck,
        "hand": [],
        "discard": [],
        "pile": [i for i in buildings if i != main_id],
        "buildings": [macro.building_from(main_id, own[main_id])],
        "resources": 0,
    }


def deal(
    seats: list[Seat], options: Mapping[str, Any], defaults: Mapping[str, Any], rng: random.Random
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The state before the markers are placed, and the events of dealing it."""
    if len(seats) != 2:
        raise RuleError({"seats": "A Game of Micro and Macro is for exactly two players."})
    chosen = check_options(options, defaults)
    names = [seat.name or f"Player {i + 1}" for i, seat in enumerate(seats)]
    priority, rolls = priority_roll(rng)
    slugs: dict[str, str] = {}
    players = [_player(Seat(i, s.name, s.list_body), rng, slugs) for i, s in enumerate(seats)]
    for player in players:
        player["resources"] = chosen["start_resources"]
    state: dict[str, Any] = {
        "game": "micro-and-macro",
        "options": chosen,
        "names": names,
        "phase": "setup",
        "turn": 0,
        "priority": priority,
        "actions_left": ACTIONS_PER_TURN,
        "command": None,
        "react": None,
        "offers": [],
        "markers": [False, False],
        "priority_rolls": rolls,
        "players": players,
        "cards": slugs,
        "units": [],
        "used": [],
        "reminders": [],
        "next_unit": 0,
        "next_group": 0,
        "result": None,
    }
    shown = ", ".join(f"{a}-{b}" for a, b in rolls)
    events: list[dict[str, Any]] = [
        {
            "type": "priority",
            "text": f"Priority roll (D6 each, ties re-rolled): {shown}; "
            f"{names[priority]} has the first priority.",
        }
    ]
    for seat in (0, 1):
        macro.draw(state, seat, OPENING_HAND, events)
    events.append({"type": "setup", "text": "Place your entry-point markers on the battlefield."})
    return state, events


def marker(state: dict, seat: int, action: Mapping, rng: random.Random) -> list[dict]:
    """My entry-point marker is on the battlefield; with both placed the first turn starts."""
    if state["markers"][seat]:
        raise RuleError({"type": "Your marker is already placed."})
    state["markers"][seat] = True
    events = [{"type": "marker", "text": f"{state['names'][seat]} places the entry-point marker."}]
    if all(state["markers"]):
        turns.start_turn(state, state["priority"], events)
    return events
