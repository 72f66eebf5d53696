"""The end of a game and the match (``table/match.py``): Damage and Hold, the round limit,
player-driven ends, and match formats with the first faction alternating."""

from __future__ import annotations

import random
from copy import deepcopy
from typing import Any

import pytest

from companion.games.base import RuleError
from companion.games.smalltricks.engine import ENGINE
from tests.games.smalltricks.table_fixtures import act, board_state, end_turns, seats


def test_damage_and_hold_two_ahead_after_one_round():
    state = board_state([(0, "assault-beasts", "A6"), (0, "assault-beasts", "B6")])
    state = end_turns(state)
    assert state["castle"] == [0, 2]
    assert state["result"]["winner"] == 0
    assert "2 more damage" in state["result"]["reason"]


def test_damage_and_hold_one_ahead_two_rounds_in_a_row():
    """Round 1: seat 0's Beast in A6 scores, 1-0. Round 2: it scores again and seat 1's
    Beast, moved F3 -> F2 -> F1, scores once: 2-1, seat 1 is 1 behind a second time."""
    state = board_state([(0, "assault-beasts", "A6"), (1, "assault-beasts", "F3")])
    state = act(state, 0, {"type": "end-turn"})
    state = act(state, 1, {"type": "move", "unit": "1-0", "path": ["F2"]})
    assert state["round"] == 2 and state["hold"] == [0, 1] and state["result"] is None
    state = act(state, 0, {"type": "end-turn"})
    state = act(state, 1, {"type": "move", "unit": "1-0", "path": ["F1"]})
    assert state["castle"] == [1, 2]
    assert state["result"]["winner"] == 0
    assert "two rounds in a row" in state["result"]["reason"]


def test_the_round_limit_scores_an_undecided_game_on_units_left():
    state = board_state(
        [(0, "archers", "A1"), (0, "spears", "B1"), (1, "cannons", "F6")], {"round_limit": 1}
    )
    state = end_turns(state)
    state = act(state, 1, {"type": "orders", "step": "ranged", "choices": {"1-0": ""}})
    assert state["result"]["winner"] == 0
    assert (
        "round limit 1" in state["result"]["reason"] and "units left" in state["result"]["reason"]
    )


def test_without_the_round_limit_reached_the_game_goes_on():
    state = board_state([(0, "archers", "A1"), (1, "spears", "F6")], {"round_limit": 2})
    state = end_turns(state)
    assert state["result"] is None and state["round"] == 2


def test_player_driven_games_end_only_by_agreement():
    state = board_state(
        [(0, "assault-beasts", "A6"), (0, "assault-beasts", "B6")],
        {"end_of_game": "player-driven"},
    )
    state = end_turns(state)
    assert state["result"] is None and state["castle"] == [0, 2]  # no Damage and Hold
    state = act(state, 1, {"type": "propose-end"})
    with pytest.raises(RuleError):
        act(state, 1, {"type": "agree-end"})  # not one's own proposal
    declined = act(state, 0, {"type": "decline-end"})
    assert declined["end_proposal"] is None and declined["result"] is None
    state = act(state, 0, {"type": "agree-end"})
    assert state["result"]["winner"] == 0 and "agreement" in state["result"]["reason"]


def test_damage_and_hold_refuses_a_proposal_to_end():
    state = board_state([(0, "archers", "A1"), (1, "spears", "F6")])
    with pytest.raises(RuleError):
        act(state, 0, {"type": "propose-end"})


def _place(state: dict[str, Any], cells: dict[str, str | None]) -> dict[str, Any]:
    """After a real set-up, move units by hand (a hand-made position for the next game)."""
    state = deepcopy(state)
    for u in state["units"]:
        if u["id"] in cells:
            u["cell"] = cells[u["id"]]
            u["alive"] = cells[u["id"]] is not None
    return state


def _setup_both(state: dict[str, Any]) -> dict[str, Any]:
    state = act(state, 0, {"type": "setup", "cells": "A1,B1,C1,D1,E1,F1"})
    return act(state, 1, {"type": "setup", "cells": "A6,B6,C6,D6,E6,F6"})


def test_a_best_of_three_match_score_with_the_first_faction_alternating():
    units = ["assault-beasts"] * 6
    state = ENGINE.initial_state(seats(units), {"match": "best-of-3"}, random.Random(3))
    first = state["first"]
    winners = [0, 1, 0]
    for number, winner in enumerate(winners, start=1):
        assert state["game"] == number and state["phase"] == "setup"
        assert state["first"] == (first if number % 2 else 1 - first)
        state = _setup_both(state)
        loser = 1 - winner
        keep = {
            f"{winner}-0": "A6" if winner == 0 else "A1",
            f"{winner}-1": "B6" if winner == 0 else "B1",
        }
        keep.update({f"{winner}-{i}": None for i in range(2, 6)})
        keep.update({f"{loser}-{i}": None for i in range(6)})
        state = _place(state, keep)
        state = end_turns(state)
        assert state["result"]["winner"] == winner
        if number < 3:
            assert state["phase"] == "game-over"
            state = act(state, loser, {"type": "next-game"})
    assert state["match"]["score"] == [2, 1]
    assert state["match"]["winner"] == 0 and state["phase"] == "match-over"
    with pytest.raises(RuleError):
        act(state, 0, {"type": "next-game"})


def test_best_of_three_ends_early_at_two_wins():
    units = ["assault-beasts"] * 6
    state = ENGINE.initial_state(seats(units), {"match": "best-of-3"}, random.Random(3))
    for _ in range(2):
        state = _setup_both(state)
        keep = {"0-0": "A6", "0-1": "B6", **{f"0-{i}": None for i in range(2, 6)}}
        state = end_turns(_place(state, {**keep, **{f"1-{i}": None for i in range(6)}}))
        if state["phase"] == "game-over":
            state = act(state, 1, {"type": "next-game"})
    assert state["match"] == {**state["match"], "score": [2, 0], "winner": 0, "over": True}
