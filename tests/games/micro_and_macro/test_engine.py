"""Micro and Macro's engine declaration: which moves each phase allows, who may take
them, and what a refusal says; the rules themselves are tested under ``table/``."""

from __future__ import annotations

import pytest

from companion.games.base import RuleError
from companion.games.micro_and_macro import GAME
from companion.games.micro_and_macro.engine import ENGINE
from tests.games.micro_and_macro.table.fixtures import act, markers, pass_turn, start

MAKE = {"type": "make-unit", "building": "0c30", "unit": "peasant"}


def refusal(state: dict, seat: int | None, action: dict) -> dict[str, str]:
    with pytest.raises(RuleError) as err:
        act(state, seat, action)
    return err.value.errors


def test_the_game_declares_this_engine():
    assert GAME.table_engine() is ENGINE
    assert [p.name for p in ENGINE.PHASES] == ["setup", "turn", "react", "over"]


def test_setup_allows_only_the_markers_and_the_free_actions():
    state = start()
    assert refusal(state, 0, MAKE) == {"type": "Place both entry-point markers first."}
    assert refusal(state, 0, {"type": "no-reaction"}) == {"type": "There is nothing to react to."}
    assert refusal(state, 1, {"type": "decline"}) == {"type": "Nothing is offered to you."}
    assert act(state, 1, {"type": "resources", "delta": 2})["players"][1]["resources"] == 2
    assert ENGINE.legal_actions(state, 0) == [
        {"type": "marker"},
        {"type": "resources", "delta": 1},
        {"type": "concede"},
    ]


def test_a_reaction_allows_only_instants_strikes_and_no_reaction():
    state = act(pass_turn(markers(start())), 1, {"type": "pass"})  # Ann may react
    assert state["phase"] == "react" and state["react"]["seat"] == 0
    first = {"type": "Ann may react first."}  # the words the table always used
    assert refusal(state, 1, {"type": "pass"}) == first
    assert refusal(state, 0, {"type": "build", "card": "0c31"}) == first
    # A card is played in a reaction only by the player reacting, and only an instant.
    assert refusal(state, 1, {"type": "play", "card": "1c0"}) == {"type": "Ann may react first."}
    assert refusal(state, 0, {"type": "play", "card": "0c3", "building": "0c30"}) == {
        "card": "Only instants can be played as a reaction."
    }
    offered = {a["type"] for a in ENGINE.legal_actions(state, 0)}
    assert offered == {"play", "no-reaction", "resources", "concede"}
    assert {a["type"] for a in ENGINE.legal_actions(state, 1)} == {"resources", "concede"}


def test_in_a_turn_only_the_player_with_priority_acts():
    state = markers(start())
    assert refusal(state, 1, {"type": "pass"}) == {"type": "It is not your turn."}
    assert refusal(state, 0, {"type": "move"}) == {"type": "Command a unit or group first."}


def test_the_table_may_keep_the_counters_but_never_play():
    state = markers(start())
    assert refusal(state, None, {"type": "pass"}) == {"seat": "Only a player may do this."}
    assert refusal(state, 2, {"type": "pass"}) == {"seat": "No such seat."}
    assert refusal(state, None, {"type": "resources", "delta": 1}) == {
        "seat": "Whose resources? Give a seat."
    }
    state = act(state, None, {"type": "resources", "seat": 1, "delta": 3})
    assert state["players"][1]["resources"] == 3
    assert ENGINE.legal_actions(state, None) == []


def test_nothing_is_possible_once_the_game_is_over():
    state = act(markers(start()), 1, {"type": "concede"})
    assert ENGINE.is_over(state)
    assert refusal(state, 0, {"type": "resources", "delta": 1}) == {"type": "The game is over."}
    assert ENGINE.legal_actions(state, 0) == ENGINE.legal_actions(state, 1) == []
