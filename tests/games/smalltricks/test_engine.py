"""Smalltricks' engine (``engine.py``): the deal, the phases and what each allows, and the
refusals the framework gives from that declaration."""

from __future__ import annotations

import json
import random

import pytest

from companion.games.base import RuleError
from companion.games.registry import get_game
from companion.games.smalltricks.engine import ENGINE
from tests.games.smalltricks.table_fixtures import act, board_state, end_turns, play, seats


def test_the_game_declares_this_engine():
    assert get_game("smalltricks").table_engine() is ENGINE


def test_a_faction_list_must_have_six_known_units():
    with pytest.raises(RuleError):
        ENGINE.initial_state(seats(["archers"] * 5), {}, random.Random(1))
    with pytest.raises(RuleError) as error:
        ENGINE.initial_state(seats(["archers"] * 5 + ["dragons"]), {}, random.Random(1))
    assert "dragons" in str(error.value)


def test_smalltricks_is_for_exactly_two_players():
    with pytest.raises(RuleError) as error:
        ENGINE.initial_state([*seats(), seats()[0]], {}, random.Random(1))
    assert "seats" in error.value.errors


def test_without_rolled_factions_the_saved_lists_are_set_up():
    state = ENGINE.initial_state(seats(), {}, random.Random(1))
    assert state["phase"] == "setup"
    assert [u["type"] for u in state["units"] if u["seat"] == 0] == seats()[0].list_body["units"]


def test_the_deal_gives_the_first_events_of_the_log_and_the_state_keeps_no_log():
    dealt = ENGINE.start(seats(), {}, random.Random(1))
    first = dealt.state["first"]
    assert [e["type"] for e in dealt.events] == ["first", "game"]
    assert dealt.events[0]["seat"] == first
    assert (
        f"{dealt.state['names'][first]} is the first faction of game 1" in dealt.events[0]["text"]
    )
    assert "log" not in dealt.state
    for seat in (0, 1, None):
        assert "log" not in ENGINE.player_view(dealt.state, seat)
        assert ENGINE.visible_log(dealt.events, seat) == dealt.events


def test_a_move_its_phase_does_not_allow_is_refused_and_changes_nothing():
    state = ENGINE.initial_state(seats(), {}, random.Random(1))
    before = json.dumps(state, sort_keys=True)
    for action, words in (
        ({"type": "move", "unit": "0-0", "path": []}, "units move in their faction turn"),
        ({"type": "orders", "step": "engage"}, "orders are given in the resolution turn"),
        ({"type": "next-game"}, "the next game starts once this one is over"),
        ({"type": "keep"}, "before a game's set-up"),
    ):
        with pytest.raises(RuleError) as error:
            act(state, 0, action)
        assert words in error.value.errors["type"]
    assert json.dumps(state, sort_keys=True) == before


def test_only_a_seated_player_acts():
    state = ENGINE.initial_state(seats(), {}, random.Random(1))
    with pytest.raises(RuleError) as error:
        ENGINE.apply(state, None, {"type": "setup", "cells": "A1"}, random.Random(1))
    assert error.value.errors == {"seat": "Only a player may do this."}
    with pytest.raises(RuleError) as error:
        ENGINE.apply(state, 2, {"type": "setup", "cells": "A1"}, random.Random(1))
    assert "seat" in error.value.errors
    assert ENGINE.legal_actions(state, None) == []


def test_only_the_active_faction_moves():
    state = board_state([(0, "archers", "C2"), (1, "spears", "C5")])
    with pytest.raises(RuleError) as error:
        act(state, 1, {"type": "end-turn"})
    assert error.value.errors == {"type": "It is not your faction turn."}
    assert ENGINE.legal_actions(state, 1) == []


def test_the_end_of_a_player_driven_game_is_offered_only_in_its_rounds():
    options = {"end_of_game": "player-driven"}
    state = ENGINE.initial_state(seats(), options, random.Random(1))
    assert ENGINE.legal_actions(state, 0) == [{"type": "setup"}]
    with pytest.raises(RuleError):
        act(state, 0, {"type": "propose-end"})
    state = board_state([(0, "archers", "A1"), (1, "spears", "F6")], options)
    assert {"type": "propose-end"} in ENGINE.legal_actions(state, 1)
    proposed = play(state, 1, {"type": "propose-end"})
    assert ENGINE.legal_actions(proposed.state, 0)[-2:] == [
        {"type": "agree-end"},
        {"type": "decline-end"},
    ]


def test_after_the_match_no_move_is_possible():
    state = end_turns(board_state([(0, "battery-ram", "C6"), (1, "spears", "A4")]))
    assert state["phase"] == "match-over" and ENGINE.is_over(state)
    assert ENGINE.legal_actions(state, 0) == [] and ENGINE.legal_actions(state, 1) == []
    for action in ({"type": "next-game"}, {"type": "propose-end"}):
        with pytest.raises(RuleError) as error:
            act(state, 0, action)
        assert error.value.errors == {"type": "The match is over."}
