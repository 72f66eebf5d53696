"""Four computers and the steps of a round, shared by the Missiles & Microchips table tests.
Seats 0-3 play Crimson Core, Ember Engine, Solar Lattice, Verdant Grid."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.games.missiles_and_microchips.engine import ENGINE
from companion.games.table import Seat

RNG = random.Random(0)
A, B, C, D = 0, 1, 2, 3


def new_game(players: int = 4, energy: list[int] | None = None, **options: Any) -> dict:
    """A fresh game; ``energy`` sets each seat's energy by host adjustments."""
    seats = [Seat(i, f"Player {i}") for i in range(players)]
    state = ENGINE.initial_state(seats, options, random.Random(0))
    for seat, wanted in enumerate(energy or []):
        if wanted != 5:
            state = ENGINE.apply(
                state, None, {"type": "adjust", "seat": seat, "delta": wanted - 5}, RNG
            ).state
    return state


def act(state: Mapping, seat: int | None, action: Mapping) -> dict:
    return ENGINE.apply(state, seat, action, RNG).state


def play_round(
    state: Mapping,
    choices: Mapping[int, tuple[int, str] | str],
    changes: Mapping[int, str] | None = None,
) -> tuple[dict, list[dict]]:
    """Everyone chooses (a bare action in a duel), then each changes or passes in turn."""
    events: list[dict] = []
    changes = changes or {}
    for seat, choice in choices.items():
        action = (
            {"type": "choose", "action": choice}
            if isinstance(choice, str)
            else {"type": "choose", "target": choice[0], "action": choice[1]}
        )
        outcome = ENGINE.apply(state, seat, action, RNG)
        state, events = outcome.state, events + outcome.events
    while state["phase"] == "change":
        seat = state["turn"]
        action = (
            {"type": "change", "action": changes[seat]} if seat in changes else {"type": "pass"}
        )
        outcome = ENGINE.apply(state, seat, action, RNG)
        state, events = outcome.state, events + outcome.events
    return dict(state), events


def energies(state: Mapping) -> list[int]:
    return [p["energy"] for p in state["players"]]


def texts(events: list[dict]) -> list[str]:
    return [e["text"] for e in events]
