"""Helpers for the Smalltricks table tests: seats with saved factions, hand-built positions
and one-line actions.

Board facts the scenarios use (flat-top, even columns half a hex toward row 6): C2-C3-C4 is
a straight line up column C; D4 touches C4; B5 touches C6 and A6; F3 touches F2, which
touches F1. Seat 0 holds rows 1-3 (castle row 1), seat 1 rows 4-6 (castle row 6).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.games.smalltricks.build_rules import EXAMPLE
from companion.games.smalltricks.engine import ENGINE
from companion.games.smalltricks.table.units import new_units
from companion.games.table import Outcome, Seat

ALL_TYPES = ["archers", "cannons", "mounted", "assault-beasts", "spears", "battery-ram"]
RNG = random.Random(7)


def seats(units: list[str] | None = None) -> list[Seat]:
    body = {**EXAMPLE, "units": units or list(EXAMPLE["units"])}
    return [Seat(0, "Ann", body), Seat(1, "Ben", body)]


def board_state(
    placed: list[tuple[int, str, str]],
    options: Mapping[str, Any] | None = None,
    first: int = 0,
) -> dict[str, Any]:
    """A game at round 1, faction turn of ``first``, with exactly ``placed`` units
    ((seat, unit type, cell)) on the board: a hand-built position for a scenario."""
    state = ENGINE.initial_state(seats(), options or {}, random.Random(1))
    types: list[list[str]] = [[], []]
    for seat, slug, _cell in placed:
        types[seat].append(slug)
    units = new_units(types)
    cells = {0: [c for s, _t, c in placed if s == 0], 1: [c for s, _t, c in placed if s == 1]}
    for unit in units:
        unit["cell"] = cells[unit["seat"]][int(unit["id"].split("-")[1])]
    state.update(units=units, phase="turn", round=1, first=first, active=first)
    state["setup"] = [[], []]
    return state


def play(state: Mapping[str, Any], seat: int, action: dict[str, Any]) -> Outcome:
    """The new state and the events of ``action``: what the log gains."""
    return ENGINE.apply(state, seat, action, RNG)


def act(state: Mapping[str, Any], seat: int, action: dict[str, Any]) -> dict[str, Any]:
    return play(state, seat, action).state


def end_turns(state: Mapping[str, Any]) -> dict[str, Any]:
    """Both factions leave every unit where it is; the resolution turn runs."""
    first = state["first"]
    state = act(state, first, {"type": "end-turn"})
    if state["phase"] == "turn" and state["active"] == 1 - first:  # else it had no units
        state = act(state, 1 - first, {"type": "end-turn"})
    return state


def unit(state: Mapping[str, Any], unit_id: str) -> dict[str, Any]:
    return next(u for u in state["units"] if u["id"] == unit_id)
