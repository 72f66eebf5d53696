"""The table of Tug of War on the one engine framework: two moves, phases as data.

Seat 0 pulls the mark towards its line (``rope`` up), seat 1 towards its own (down),
turn about. A pull is one d6 (rolled by Muster, or typed from a real die) plus the
team's strength; a mark at ``LINE`` or past it wins. Conceding ends the game at once.
Nothing is secret: every seat sees the whole state and the whole log.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.games import dice
from companion.games.base import RuleError
from companion.games.plain_data import clone
from companion.games.table import Seat
from companion.games.table_engine import Event, Move, Phase, TableEngine

from .catalogue import PULLERS

LINE = 15
STRENGTH = {slug: strength for slug, _, strength, _ in PULLERS}
TOWARDS = (1, -1)  # the way each seat drags the mark


def team_strength(body: Mapping[str, Any]) -> int:
    """The strength of the pullers a list names (unknown names add nothing)."""
    team = body.get("team") if isinstance(body, Mapping) else None
    return sum(STRENGTH.get(slug, 0) for slug in team or [] if isinstance(slug, str))


def _pull(state: dict[str, Any], seat: int, action: Mapping[str, Any], rng: random.Random):
    """The seat whose turn it is pulls: a d6 plus its strength; the other seat is next."""
    if seat != state["turn"]:
        raise RuleError({"type": f"It is {state['names'][state['turn']]}'s pull."})
    typed = action.get("roll")
    face = dice.faces((6,), rng, typed, "roll")[0]
    pulled = face + state["strength"][seat]
    state["rope"] += TOWARDS[seat] * pulled
    state["turn"] = 1 - seat
    name = state["names"][seat]
    event: Event = {
        "type": "pull",
        "seat": seat,
        "roll": face,
        "pulled": pulled,
        "rope": state["rope"],
        "text": f"{name} rolls {face} and pulls {pulled}: the mark is at {state['rope']}.",
    }
    if typed in (None, "", []):
        event["barrier"] = True  # Muster's roll: an undo may not roll again
    if abs(state["rope"]) >= LINE:
        state["winner"] = seat
        ENGINE.end_phase(state)
        event["text"] += f" {name} wins."
    return [event]


def _concede(state: dict[str, Any], seat: int, action: Mapping[str, Any], rng: random.Random):
    """Either seat lets go of the rope; the other wins."""
    state["winner"] = 1 - seat
    ENGINE.end_phase(state)
    names = state["names"]
    return [
        {
            "type": "concede",
            "seat": seat,
            "text": f"{names[seat]} lets go of the rope: {names[1 - seat]} wins.",
        }
    ]


class TugEngine(TableEngine):
    PHASES = (
        Phase("pulling", frozenset({"pull", "concede"}), then="over"),
        Phase("over", over=True),
    )
    MOVES = {"pull": Move(_pull), "concede": Move(_concede)}

    def setup(
        self, seats: list[Seat], options: Mapping[str, Any], rng: random.Random
    ) -> tuple[dict[str, Any], list[Event]]:
        """Both teams on the rope, the mark in the middle, seat 0 to pull first."""
        if len(seats) != 2:
            raise RuleError({"seats": "Tug of War is for two teams."})
        names = [seat.name or f"Team {i + 1}" for i, seat in enumerate(seats)]
        strength = [team_strength(seat.list_body) for seat in seats]
        state = {
            "phase": "pulling",
            "names": names,
            "strength": strength,
            "rope": 0,
            "line": LINE,
            "turn": 0,
            "winner": None,
        }
        text = f"{names[0]} (strength {strength[0]}) and {names[1]} (strength {strength[1]})"
        return state, [{"type": "setup", "text": f"{text} take the rope."}]

    def view(self, state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        return clone(dict(state))

    def offers(self, state: Mapping[str, Any], seat: int | None) -> list[dict[str, Any]]:
        if seat is None:
            return []
        pull = [{"type": "pull"}] if seat == state["turn"] else []
        return [*pull, {"type": "concede"}]


ENGINE = TugEngine()
