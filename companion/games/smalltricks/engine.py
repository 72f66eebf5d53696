"""Table engine of Smalltricks: a match of games, as phases and moves on ``TableEngine``.

Phases of a game (``phase``):

- ``roll`` (rolled factions only): each player rolls six dice (``roll``), may reroll or
  shift within the table's limits, then ``keep``s; rolls are public and random (barriers).
- ``setup``: each player submits the six cells of their units in their own half
  (``setup``), secretly; when both are in, both arrangements are revealed (a barrier).
- ``turn``: the first faction activates its units one by one (``move``: a path of 0-2
  cells, plus the Charge target), then the second; ``end-turn`` leaves the rest in place.
- ``resolve``: the resolution turn: ``orders`` for the choices of each step, secret until
  all are in; then the next round's ``turn``, or the end of the game.
- ``game-over`` between games (``next-game``), ``match-over`` at the end.

Seat 0 holds rows 1-3, seat 1 rows 4-6, for the whole match. The first faction of game 1
is drawn at random when the table starts, then alternates. This module is the flow, what
follows what; the rules are in ``table/`` (``options``, ``units``, ``setup``, ``rolls``,
``moves``, ``choices`` and ``resolution``, ``match``), the seat's view in ``view``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from companion.games.base import RuleError
from companion.games.smalltricks.table import match, moves, resolution, rolls, setup
from companion.games.smalltricks.table.options import OPTION_FIELDS, OPTIONS, clean_options
from companion.games.smalltricks.table.setup import SEATS
from companion.games.smalltricks.table.units import faction_units, live, new_units
from companion.games.smalltricks.view import seat_view
from companion.games.table import Seat
from companion.games.table_engine import Event, Move, Phase, TableEngine

State = dict[str, Any]
ENDING = frozenset({"propose-end", "agree-end", "decline-end"})
ROLLING = "Not now: faction dice are rolled, changed and kept before a game's set-up."


def _new_game(state: State) -> list[Event]:
    """The next game of the match: the other faction first, rolls or set-up to come."""
    state["game"] += 1
    state["first"] = 1 - state["first"]
    state.update(
        round=0,
        active=None,
        castle=[0, 0],
        hold=[0, 0],
        result=None,
        resolution=None,
        end_proposal=None,
        setup=[None, None],
        roll=[None, None],
    )
    if state["options"]["rolled_factions"]:
        state["phase"] = "roll"
        state["units"] = []
    else:
        state["phase"] = "setup"
        state["units"] = new_units(state["lists"])
    first = state["names"][state["first"]]
    return [
        {
            "type": "game",
            "game": state["game"],
            "text": f"Game {state['game']}: {first} is the first faction.",
        }
    ]


def _start_round(state: State, events: list[Event]) -> None:
    """From the set-up or a resolution turn to the next round's faction turns."""
    ENGINE.end_phase(state)
    state["round"] += 1
    state["end_proposal"] = None
    for unit in state["units"]:
        unit["activated"] = False
        unit["moved"] = False
    events.append({"type": "round", "round": state["round"], "text": f"Round {state['round']}."})
    _begin_turn(state, state["first"], events)


def _begin_turn(state: State, seat: int, events: list[Event]) -> None:
    state["active"] = seat
    if not [u for u in live(state, seat) if not u["activated"]]:
        _finish_turn(state, events)


def _finish_turn(state: State, events: list[Event]) -> None:
    """The second faction's turn, or after it the resolution turn."""
    if state["active"] == state["first"]:
        _begin_turn(state, 1 - state["first"], events)
        return
    state["active"] = None
    resolution.start(state)
    ENGINE.end_phase(state)
    _continue(state, events)


def _continue(state: State, events: list[Event]) -> None:
    """Run the resolution turn as far as the players' choices allow."""
    done = resolution.advance(state, events)
    if done == "crash":
        seats = state["resolution"]["crash"]
        winner = seats[0] if len(seats) == 1 else None
        why = "Crash Through" if winner is not None else "two Crash Throughs in one round"
        match.end_game(state, events, winner, why)
    elif done == "castle":
        state["resolution"] = None
        if not match.end_of_round(state, events):
            _start_round(state, events)


def _check_active(state: State, seat: int) -> None:
    if state["active"] != seat:
        raise RuleError({"type": "It is not your faction turn."})


# --- the moves -------------------------------------------------------------------------


def _keep(state: State, seat: int, action: Mapping, rng: random.Random) -> list[Event]:
    events = rolls.keep(state, seat, action, rng)
    if rolls.both_kept(state):
        events.append(rolls.field_factions(state))
        ENGINE.end_phase(state)
    return events


def _setup(state: State, seat: int, action: Mapping, rng: random.Random) -> list[Event]:
    """One side's secret arrangement; the second one reveals both and starts round 1."""
    events = setup.submit(state, seat, action)
    if None not in state["setup"]:
        events.append(setup.reveal(state))
        _start_round(state, events)
    return events


def _move(state: State, seat: int, action: Mapping, rng: random.Random) -> list[Event]:
    _check_active(state, seat)
    events = moves.apply_move(state, seat, action)
    if not [u for u in live(state, seat) if not u["activated"]]:
        _finish_turn(state, events)
    return events


def _end_turn(state: State, seat: int, action: Mapping, rng: random.Random) -> list[Event]:
    _check_active(state, seat)
    events = [{"type": "end-turn", "seat": seat, "text": f"{state['names'][seat]} ends the turn."}]
    _finish_turn(state, events)
    return events


def _orders(state: State, seat: int, action: Mapping, rng: random.Random) -> list[Event]:
    events = resolution.give_orders(state, seat, action)
    _continue(state, events)
    return events


def _propose_end(state: State, seat: int, action: Mapping, rng: random.Random) -> list[Event]:
    if state["options"]["end_of_game"] != "player-driven":
        raise RuleError({"type": "Under Damage and Hold the rules end the game, not the players."})
    if state["end_proposal"] is not None:
        raise RuleError({"type": "An end of the game is already proposed."})
    state["end_proposal"] = seat
    return [
        {"type": "propose-end", "seat": seat, "text": f"{state['names'][seat]} proposes to end."}
    ]


def _answer_end(state: State, seat: int, action: Mapping, rng: random.Random) -> list[Event]:
    if state["end_proposal"] != 1 - seat:
        raise RuleError({"type": "Your opponent has not proposed to end the game."})
    state["end_proposal"] = None
    name = state["names"][seat]
    if action["type"] == "decline-end":
        return [{"type": "decline-end", "seat": seat, "text": f"{name} plays on."}]
    events = [{"type": "agree-end", "seat": seat, "text": f"{name} agrees to end the game."}]
    winner, why = match.scored_result(state)
    match.end_game(state, events, winner, f"ended by agreement, {why}")
    return events


def _next_game(state: State, seat: int, action: Mapping, rng: random.Random) -> list[Event]:
    return _new_game(state)


# --- what each seat is offered ---------------------------------------------------------

Offers = Callable[[Mapping[str, Any], int], list[dict[str, Any]]]


def _setup_offers(state: Mapping[str, Any], seat: int) -> list[dict[str, Any]]:
    return [{"type": "setup"}] if state["setup"][seat] is None else []


def _turn_offers(state: Mapping[str, Any], seat: int) -> list[dict[str, Any]]:
    """Every activation of the active faction's units, with its label, and ending the turn."""
    if state["active"] != seat:
        return []
    offered = [
        option
        for unit in live(state, seat)
        if not unit["activated"]
        for option in moves.move_options(state, unit)
    ]
    return [*offered, {"type": "end-turn"}]


def _orders_offers(state: Mapping[str, Any], seat: int) -> list[dict[str, Any]]:
    if seat not in resolution.waiting_for(state):
        return []
    return [{"type": "orders", "step": state["resolution"]["step"]}]


def _ending_offers(state: Mapping[str, Any], seat: int) -> list[dict[str, Any]]:
    """Proposing or answering the end of a player-driven game (its phases filter these)."""
    if state["options"]["end_of_game"] != "player-driven":
        return []
    if state["end_proposal"] is None:
        return [{"type": "propose-end"}]
    if state["end_proposal"] == 1 - seat:
        return [{"type": "agree-end"}, {"type": "decline-end"}]
    return []


_OFFERS: dict[str, Offers] = {
    "roll": rolls.legal,
    "setup": _setup_offers,
    "turn": _turn_offers,
    "resolve": _orders_offers,
    "game-over": lambda state, seat: [{"type": "next-game"}],
}


class SmalltricksEngine(TableEngine):
    """Smalltricks' phases and moves; the framework checks seats, phases and the end."""

    OPTIONS = OPTIONS
    OPTION_FIELDS = OPTION_FIELDS
    # Secret or per-seat choices made at the same time: they stand on a stale seq.
    INDEPENDENT_ACTIONS = frozenset({"setup", "orders", "roll", "keep"})
    # Public facts of the state, shown to every seat as they are; the set-ups, the default
    # cells and the resolution's orders stay out (the view adds a seat's own).
    PUBLIC = (
        "options", "names", "lists", "match", "game", "first", "phase", "round",
        "active", "castle", "hold", "result", "end_proposal", "roll", "units",
    )  # fmt: skip
    PHASES = (
        Phase("roll", frozenset({"roll", "reroll", "shift", "keep"}), then="setup"),
        Phase("setup", frozenset({"setup"}), then="turn"),
        Phase("turn", frozenset({"move", "end-turn"}) | ENDING, then="resolve"),
        Phase("resolve", frozenset({"orders"}) | ENDING, then="turn"),
        Phase("game-over", frozenset({"next-game"})),
        Phase("match-over", over=True),
    )
    MOVES = {
        "roll": Move(rolls.roll, refusal=ROLLING),
        "reroll": Move(rolls.reroll, refusal=ROLLING),
        "shift": Move(rolls.shift, refusal=ROLLING),
        "keep": Move(_keep, refusal=ROLLING),
        "setup": Move(_setup, refusal="Not now: units are set up before a game's first round."),
        "move": Move(_move, refusal="Not now: units move in their faction turn."),
        "end-turn": Move(_end_turn, refusal="Not now: a turn ends only in a faction turn."),
        "orders": Move(_orders, refusal="Not now: orders are given in the resolution turn."),
        "propose-end": Move(_propose_end, refusal="Not now: only a game in play can be ended."),
        "agree-end": Move(_answer_end, refusal="Not now: only a game in play can be ended."),
        "decline-end": Move(_answer_end, refusal="Not now: only a game in play can be ended."),
        "next-game": Move(
            _next_game, refusal="Not now: the next game starts once this one is over."
        ),
    }
    OVER_TEXT = "The match is over."

    def setup(
        self, seats: list[Seat], options: Mapping[str, Any], rng: random.Random
    ) -> tuple[State, list[Event]]:
        """Both factions read from their lists, the first faction drawn, game 1 opening."""
        if len(seats) != 2:
            raise RuleError({"seats": "Smalltricks is for exactly two players."})
        chosen = clean_options(options)
        lists = [faction_units(seat.list_body, i) for i, seat in enumerate(seats)]
        first = rng.randrange(2)
        names = [seat.name or f"Player {i + 1}" for i, seat in enumerate(seats)]
        state: State = {
            "options": chosen,
            "names": names,
            "lists": lists,
            "defaults": [setup.default_cells(s.list_body, i) for i, s in enumerate(seats)],
            "match": {"score": [0, 0], "draws": 0, "games": [], "over": False, "winner": None},
            "game": 0,
            "first": 1 - first,  # _new_game alternates it
        }
        drawn = f"Drawn at random: {names[first]} is the first faction of game 1."
        return state, [{"type": "first", "seat": first, "text": drawn}, *_new_game(state)]

    def view(self, state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        return seat_view(state, seat)

    def concede(self, state: State, seat: int, rng: random.Random) -> list[Event]:
        events: list[Event] = []
        match.concede(state, events, seat)
        return events

    def end_by_host(self, state: State, rng: random.Random) -> list[Event]:
        match.host_ended(state)
        return []

    def offers(self, state: Mapping[str, Any], seat: int | None) -> list[dict[str, Any]]:
        """Complete actions the page can offer as buttons (moves with their labels), and
        templates (set-up cells, orders) for the page to fill in."""
        if seat not in SEATS:
            return []
        offered = _OFFERS.get(state["phase"], lambda state, seat: [])(state, seat)
        return [*offered, *_ending_offers(state, seat)]


ENGINE = SmalltricksEngine()
