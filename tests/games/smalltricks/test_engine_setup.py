"""Smalltricks at the table: options, rolled factions and the secret set-up."""

from __future__ import annotations

import random

import pytest

from companion.games.base import RuleError
from companion.games.smalltricks import engine, rolling
from tests.games.smalltricks.test_engine_scenarios import act, seats


def test_every_option_has_one_field_with_its_default_allowed():
    assert [f.name for f in engine.OPTION_FIELDS] == list(engine.OPTIONS)
    for field in engine.OPTION_FIELDS:
        default = engine.OPTIONS[field.name]
        assert field.label and field.help and field.type in ("bool", "int", "choice")
        if field.type == "choice":
            assert default in field.choices
        if field.type == "int":
            assert field.min_value <= default <= field.max_value
        if field.type == "bool":
            assert isinstance(default, bool)


@pytest.mark.parametrize(("options", "path"), [
    ({"round_limit": 0}, "options.round_limit"),
    ({"end_of_game": "sudden-death"}, "options.end_of_game"),
    ({"trample_damage": "maybe"}, "options.trample_damage"),
    ({"match": "best-of-4"}, "options.match"),
    ({"colour": "red"}, "options.colour"),
])  # fmt: skip
def test_bad_options_are_refused_by_name(options, path):
    with pytest.raises(RuleError) as error:
        engine.initial_state(seats(), options, random.Random(1))
    assert path in error.value.errors


def test_form_text_is_read_as_numbers_and_switches():
    state = engine.initial_state(
        seats(), {"round_limit": "5", "trample_damage": "on"}, random.Random(1)
    )
    assert state["options"]["round_limit"] == 5 and state["options"]["trample_damage"] is True


def test_a_faction_list_must_have_six_known_units():
    with pytest.raises(RuleError):
        engine.initial_state(seats(["archers"] * 5), {}, random.Random(1))


def test_without_rolled_factions_the_saved_lists_are_set_up():
    state = engine.initial_state(seats(), {}, random.Random(1))
    assert state["phase"] == "setup"
    assert [u["type"] for u in state["units"] if u["seat"] == 0] == seats()[0].list_body["units"]


@pytest.mark.parametrize("types", ["base", "alternatives"])
def test_rolled_factions_roll_before_each_game(types):
    state = engine.initial_state(
        seats(), {"rolled_factions": True, "rolled_faction_types": types}, random.Random(1)
    )
    assert state["phase"] == "roll" and engine.legal_actions(state, 0) == [{"type": "roll"}]
    outcome = engine.apply(state, 0, {"type": "roll"}, random.Random(5))
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
    state = engine.initial_state(
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


def test_set_up_stays_in_the_own_half_with_two_units_per_hexagon():
    state = engine.initial_state(seats(), {}, random.Random(1))
    with pytest.raises(RuleError) as error:
        act(state, 0, {"type": "setup", "cells": "A1,A1,A1,B1,C1,D1"})
    assert "two of your units" in str(error.value)
    with pytest.raises(RuleError) as error:
        act(state, 1, {"type": "setup", "cells": "A1,B6,C6,D6,E6,F6"})
    assert "outside your half" in str(error.value)
    with pytest.raises(RuleError):
        act(state, 0, {"type": "setup", "cells": "A1,B1"})


def test_the_saved_arrangement_is_the_default_and_the_reveal_waits_for_both():
    state = engine.initial_state(seats(), {}, random.Random(1))
    mine = engine.player_view(state, 0)["default_cells"]
    assert mine == ["B2", "C2", "A3", "F3", "B2", "E1"]  # EXAMPLE, side a
    assert engine.player_view(state, 1)["default_cells"] == ["E5", "D5", "F4", "A4", "E5", "B6"]
    state = act(state, 0, {"type": "setup", "cells": mine})
    assert all(u["cell"] is None for u in state["units"])
    assert engine.player_view(state, 1)["ready"] == [True, False]
    assert "B2" not in engine.player_view(state, 1)["log"][-1]["text"]
    outcome = engine.apply(
        state, 1, {"type": "setup", "cells": "A6,B6,C6,D6,E6,F6"}, random.Random()
    )
    assert outcome.is_barrier
    assert [u["cell"] for u in outcome.state["units"]][:6] == mine
    assert outcome.state["phase"] == "turn" and outcome.state["round"] == 1
