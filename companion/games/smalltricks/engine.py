"""Table engine of Smalltricks (the ``companion.games.table`` contract): a match of games.

Pure Python, no Django; the state is plain JSON. Phases of a game (``phase``):

- ``roll`` (rolled factions only): each player rolls six dice (``roll``), may reroll or
  shift within the table's limits, then ``keep``s; rolls are public and random (barriers).
- ``setup``: each player submits the six cells of their units in their own half
  (``setup``), secretly; when both are in, both arrangements are revealed (a barrier).
- ``turn``: the first faction activates its units one by one (``move``: a path of 0-2
  cells, plus the Charge target), then the second; ``end-turn`` leaves the rest in place.
- ``resolve``: the resolution turn (``table_resolution``): ``orders`` for the choices of
  each step, secret until all are in.
- ``game-over`` between games (``next-game``), ``match-over`` at the end.

Seat 0 holds rows 1-3, seat 1 rows 4-6, for the whole match. The first faction of game 1
is drawn at random when the table starts, then alternates. Rules modules: ``table_setup``
(options, units, set-up), ``table_rolls``, ``table_moves``, ``table_choices`` and
``table_resolution`` (the resolution turn), ``table_match`` (end of a game, match score),
``table_view`` (the board as each seat draws it).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from companion.games.base import RuleError
from companion.games.plain_data import clone
from companion.games.smalltricks import table_match as match_rules
from companion.games.smalltricks import table_resolution as resolution
from companion.games.smalltricks import table_rolls as rolls
from companion.games.smalltricks.table_moves import apply_move, live, move_options
from companion.games.smalltricks.table_rolls import check_phase as _phase
from companion.games.smalltricks.table_setup import (
    OPTION_FIELDS,
    OPTIONS,
    check_arrangement,
    clean_options,
    default_cells,
    faction_units,
    new_units,
    parse_cells,
)
from companion.games.smalltricks.table_view import board_view
from companion.games.table import Outcome, Seat, handler_for

__all__ = ["OPTIONS", "OPTION_FIELDS", "apply", "initial_state", "player_view"]

DELTA_ACTIONS: frozenset[str] = frozenset()
# Secret or per-seat choices made at the same time: they stand on a stale seq.
INDEPENDENT_ACTIONS: frozenset[str] = frozenset({"setup", "orders", "roll", "keep"})
SEATS = (0, 1)

Handler = Callable[[dict[str, Any], int, Mapping[str, Any], random.Random], list[dict]]


def initial_state(
    seats: list[Seat], options: Mapping[str, Any], rng: random.Random
) -> dict[str, Any]:
    """Both factions read from their lists, the first faction drawn, game 1 opening."""
    if len(seats) != 2:
        raise RuleError({"seats": "Smalltricks is for exactly two players."})
    chosen = clean_options(options)
    lists = [faction_units(seat.list_body, i) for i, seat in enumerate(seats)]
    first = rng.randrange(2)
    names = [seat.name or f"Player {i + 1}" for i, seat in enumerate(seats)]
    state: dict[str, Any] = {
        "options": chosen,
        "names": names,
        "lists": lists,
        "defaults": [default_cells(seat.list_body, i) for i, seat in enumerate(seats)],
        "match": {"score": [0, 0], "draws": 0, "games": [], "over": False, "winner": None},
        "game": 0,
        "first": 1 - first,  # _new_game alternates it
        "log": [
            {
                "type": "first",
                "seat": first,
                "text": f"Drawn at random: {names[first]} is the first faction of game 1.",
            }
        ],
    }
    _new_game(state, state["log"])
    return state


def _new_game(state: dict[str, Any], events: list[dict]) -> None:
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
    events.append(
        {
            "type": "game",
            "game": state["game"],
            "text": f"Game {state['game']}: {state['names'][state['first']]} is the first faction.",
        }
    )


def apply(
    state: Mapping[str, Any], seat: int | None, action: Mapping[str, Any], rng: random.Random
) -> Outcome:
    """The state after ``action`` by ``seat`` and its events; ``RuleError`` changes nothing."""
    handler = handler_for(_HANDLERS, action)
    if state["phase"] == "match-over":
        raise RuleError({"type": "The match is over."})
    if seat not in SEATS:
        raise RuleError({"seat": "Only a player may do this."})
    new = clone(dict(state))
    events = handler(new, seat, action, rng)  # type: ignore[arg-type]
    new["log"].extend(events)
    return Outcome(new, events)


def _setup(state: dict, seat: int, action: Mapping, rng: random.Random) -> list[dict]:
    """One side's secret arrangement; the second one reveals both and starts round 1."""
    _phase(state, "setup")
    if state["setup"][seat] is not None:
        raise RuleError({"type": "Your arrangement is in; wait for your opponent."})
    cells = parse_cells(action.get("cells"))
    mine = [u for u in state["units"] if u["seat"] == seat]
    if len(cells) != len(mine):
        raise RuleError({"cells": f"Place all {len(mine)} units, one cell each."})
    check_arrangement(seat, cells, [u["type"] for u in mine])
    state["setup"][seat] = cells
    events = [
        {"type": "ready", "seat": seat, "text": f"{state['names'][seat]} has set up, hidden."}
    ]
    if None in state["setup"]:
        return events
    parts = []
    for owner in SEATS:
        units = [u for u in state["units"] if u["seat"] == owner]
        for unit, cell in zip(units, state["setup"][owner], strict=True):
            unit["cell"] = cell
        parts.append(
            f"{state['names'][owner]}: " + ", ".join(f"{u['name']} {u['cell']}" for u in units)
        )
    events.append(
        {
            "type": "reveal",
            "step": "setup",
            "cells": [list(c) for c in state["setup"]],
            "text": "Both arrangements revealed. " + " · ".join(parts) + ".",
            "barrier": True,
        }
    )
    _start_round(state, events)
    return events


def _start_round(state: dict, events: list[dict]) -> None:
    state["round"] += 1
    state["end_proposal"] = None
    for unit in state["units"]:
        unit["activated"] = False
        unit["moved"] = False
    events.append({"type": "round", "round": state["round"], "text": f"Round {state['round']}."})
    _begin_turn(state, state["first"], events)


def _begin_turn(state: dict, seat: int, events: list[dict]) -> None:
    state["phase"] = "turn"
    state["active"] = seat
    if not [u for u in live(state, seat) if not u["activated"]]:
        _finish_turn(state, events)


def _finish_turn(state: dict, events: list[dict]) -> None:
    if state["active"] == state["first"]:
        _begin_turn(state, 1 - state["first"], events)
        return
    state["active"] = None
    resolution.start(state)
    _continue(state, events)


def _continue(state: dict, events: list[dict]) -> None:
    """Run the resolution turn as far as the players' choices allow."""
    done = resolution.advance(state, events)
    if done == "crash":
        seats = state["resolution"]["crash"]
        winner = seats[0] if len(seats) == 1 else None
        why = "Crash Through" if winner is not None else "two Crash Throughs in one round"
        match_rules.end_game(state, events, winner, why)
    elif done == "castle":
        state["resolution"] = None
        if not match_rules.end_of_round(state, events):
            _start_round(state, events)


def _move(state: dict, seat: int, action: Mapping, rng: random.Random) -> list[dict]:
    _phase(state, "turn")
    if state["active"] != seat:
        raise RuleError({"type": "It is not your faction turn."})
    events = apply_move(state, seat, action)
    if not [u for u in live(state, seat) if not u["activated"]]:
        _finish_turn(state, events)
    return events


def _end_turn(state: dict, seat: int, action: Mapping, rng: random.Random) -> list[dict]:
    _phase(state, "turn")
    if state["active"] != seat:
        raise RuleError({"type": "It is not your faction turn."})
    events = [{"type": "end-turn", "seat": seat, "text": f"{state['names'][seat]} ends the turn."}]
    _finish_turn(state, events)
    return events


def _orders(state: dict, seat: int, action: Mapping, rng: random.Random) -> list[dict]:
    _phase(state, "resolve")
    events = resolution.give_orders(state, seat, action)
    _continue(state, events)
    return events


def _propose_end(state: dict, seat: int, action: Mapping, rng: random.Random) -> list[dict]:
    _phase(state, "turn", "resolve")
    if state["options"]["end_of_game"] != "player-driven":
        raise RuleError({"type": "Under Damage and Hold the rules end the game, not the players."})
    if state["end_proposal"] is not None:
        raise RuleError({"type": "An end of the game is already proposed."})
    state["end_proposal"] = seat
    return [
        {"type": "propose-end", "seat": seat, "text": f"{state['names'][seat]} proposes to end."}
    ]


def _answer_end(state: dict, seat: int, action: Mapping, rng: random.Random) -> list[dict]:
    _phase(state, "turn", "resolve")
    if state["end_proposal"] != 1 - seat:
        raise RuleError({"type": "Your opponent has not proposed to end the game."})
    state["end_proposal"] = None
    name = state["names"][seat]
    if action["type"] == "decline-end":
        return [{"type": "decline-end", "seat": seat, "text": f"{name} plays on."}]
    events = [{"type": "agree-end", "seat": seat, "text": f"{name} agrees to end the game."}]
    winner, why = match_rules.scored_result(state)
    match_rules.end_game(state, events, winner, f"ended by agreement, {why}")
    return events


def _next_game(state: dict, seat: int, action: Mapping, rng: random.Random) -> list[dict]:
    _phase(state, "game-over")
    events: list[dict] = []
    _new_game(state, events)
    return events


_HANDLERS: dict[str, Handler] = {
    "roll": rolls.roll,
    "reroll": rolls.reroll,
    "shift": rolls.shift,
    "keep": rolls.keep,
    "setup": _setup,
    "move": _move,
    "end-turn": _end_turn,
    "orders": _orders,
    "propose-end": _propose_end,
    "agree-end": _answer_end,
    "decline-end": _answer_end,
    "next-game": _next_game,
}


def is_over(state: Mapping[str, Any]) -> bool:
    return state["phase"] == "match-over"


def player_view(state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    """What ``seat`` may see: its own set-up and orders; of the other only whether they
    are in. Units are placed only once both arrangements are revealed."""
    res = state["resolution"]
    view: dict[str, Any] = {
        key: clone(state[key])
        for key in (
            "options", "names", "lists", "match", "game", "first", "phase", "round",
            "active", "castle", "hold", "result", "end_proposal", "roll", "units", "log",
        )
    }  # fmt: skip
    view["seat"] = seat
    view["ready"] = [cells is not None for cells in state["setup"]]
    view["my_setup"] = list(state["setup"][seat] or []) if seat in SEATS else []
    view["default_cells"] = list(state["defaults"][seat]) if seat in SEATS else []
    view["resolution"] = None
    if res is not None:
        view["resolution"] = {
            "step": res["step"],
            "waiting_for": resolution.waiting_for(state),
            "given": [orders is not None for orders in res["orders"]],
            "my_orders": dict(res["orders"][seat] or {}) if seat in SEATS else {},
            "needs": resolution.needs(state)[seat] if seat in SEATS else [],
        }
    view["board"] = board_view(state, seat)
    return view


def legal_actions(state: Mapping[str, Any], seat: int | None) -> list[dict]:
    """Complete actions the page can offer as buttons (moves with their labels), and
    templates (set-up cells, orders) for the page to fill in."""
    if seat not in SEATS or is_over(state):
        return []
    phase = state["phase"]
    actions: list[dict[str, Any]] = []
    if phase == "roll":
        actions += rolls.legal(state, seat)
    elif phase == "setup" and state["setup"][seat] is None:
        actions.append({"type": "setup"})
    elif phase == "turn" and state["active"] == seat:
        for unit in live(state, seat):
            if not unit["activated"]:
                actions += move_options(state, unit)
        actions.append({"type": "end-turn"})
    elif phase == "resolve" and seat in resolution.waiting_for(state):
        actions.append({"type": "orders", "step": state["resolution"]["step"]})
    elif phase == "game-over":
        actions.append({"type": "next-game"})
    if phase in ("turn", "resolve") and state["options"]["end_of_game"] == "player-driven":
        if state["end_proposal"] is None:
            actions.append({"type": "propose-end"})
        elif state["end_proposal"] == 1 - seat:
            actions += [{"type": "agree-end"}, {"type": "decline-end"}]
    return actions
