"""Rolled factions at the table (``table/rolls.py``): six dice rolled by Muster or typed
from real dice, rerolls and shifts within the agreed limits, then both keep and set up."""

from __future__ import annotations

import random

import pytest

from companion.games.base import RuleError
from companion.games.smalltricks import rolling
from companion.games.smalltricks.engine import ENGINE
from tests.games.smalltricks.table_fixtures import act, play, seats


@pytest.mark.parametrize("types", ["base", "alternatives"])
def test_rolled_factions_roll_before_each_game(types):
    state = ENGINE.initial_state(
        seats(), {"rolled_factions": True, "rolled_faction_types": types}, random.Random(1)
    )
    assert state["phase"] == "roll" and ENGINE.legal_actions(state, 0) == [{"type": "roll"}]
    outcome = ENGINE.apply(state, 0, {"type": "roll"}, random.Random(5))
    assert outcome.is_barrier
    state = act(outcome.state, 1, {"type": "roll"})
    with pytest.raises(RuleError):
        act(state, 0, {"type": "reroll", "index": 0})  # no rerolls agreed
    state = act(act(state, 0, {"type": "keep"}), 1, {"type": "keep"})
    assert state["phase"] == "setup"
    dice = state["roll"][0]["dice"]
    mine = [u["type"] for u in state["units"] if u["seat"] == 0]
    assert mine == rolling.units_for(dice, alternatives=types == "alternatives")


def test_rerolls_and_shifts_within_the_agreed_limits():
    state = ENGINE.initial_state(
        seats(), {"rolled_factions": True, "max_rerolls": 1, "max_shifts": 1}, random.Random(1)
    )
    state = act(state, 0, {"type": "roll"})
    state = act(state, 0, {"type": "reroll", "index": 2})
    assert state["roll"][0]["rerolls"] == 1
    with pytest.raises(RuleError):
        act(state, 0, {"type": "reroll", "index": 2})
    face = state["roll"][0]["dice"][0]
    delta = 1 if face < 6 else -1
    state = act(state, 0, {"type": "shift", "index": 0, "delta": delta})
    assert state["roll"][0]["dice"][0] == face + delta
    with pytest.raises(RuleError):
        act(state, 0, {"type": "shift", "index": 1, "delta": 1})


def test_the_faces_of_real_dice_can_be_typed_and_are_checked():
    state = ENGINE.initial_state(
        seats(), {"rolled_factions": True, "max_rerolls": 1}, random.Random(1)
    )
    with pytest.raises(RuleError) as error:
        play(state, 0, {"type": "roll", "results": "1 2 3 4 5"})
    assert "results" in error.value.errors
    with pytest.raises(RuleError) as error:
        play(state, 0, {"type": "roll", "results": [1, 2, 3, 4, 5, 7]})
    assert "results.5" in error.value.errors
    rolled = play(state, 0, {"type": "roll", "results": "6 5 4 3 2 1"})
    assert rolled.state["roll"][0]["dice"] == [6, 5, 4, 3, 2, 1]
    assert rolled.is_barrier and "rolls 6 5 4 3 2 1 (real dice)" in rolled.events[0]["text"]
    again = play(rolled.state, 0, {"type": "reroll", "index": 0, "results": 2})
    assert again.state["roll"][0]["dice"] == [2, 5, 4, 3, 2, 1]


def test_rolling_is_refused_once_the_set_up_has_begun():
    state = ENGINE.initial_state(seats(), {}, random.Random(1))
    assert state["phase"] == "setup"
    with pytest.raises(RuleError) as error:
        play(state, 0, {"type": "roll"})
    assert "before a game's set-up" in error.value.errors["type"]
