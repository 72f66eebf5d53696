"""What each seat sees (``view.py``): its own set-up and orders only, and the board drawn
with its own castle nearest it."""

from __future__ import annotations

import random

from companion.games.smalltricks.engine import ENGINE
from tests.games.smalltricks.table_fixtures import act, board_state, end_turns, seats


def cell_at(view: dict, label: str) -> dict:
    return next(c for c in view["board"]["cells"] if c["label"] == label)


def test_each_player_sees_their_own_castle_at_the_bottom():
    state = ENGINE.initial_state(seats(), {}, random.Random(1))
    mine, theirs, public = (ENGINE.player_view(state, s) for s in (0, 1, None))
    assert cell_at(mine, "A1")["y"] > cell_at(mine, "A6")["y"]  # y grows down the screen
    assert cell_at(theirs, "A6")["y"] > cell_at(theirs, "A1")["y"]
    assert public["board"] == mine["board"]
    assert cell_at(mine, "A1")["castle"] == 0 and cell_at(mine, "A6")["castle"] == 1
    assert cell_at(mine, "C2")["half"] == 0 and cell_at(mine, "C5")["half"] == 1


def test_units_are_drawn_only_once_placed():
    state = ENGINE.initial_state(seats(), {}, random.Random(1))
    state = act(state, 0, {"type": "setup", "cells": "A1,B1,C1,D1,E1,F1"})
    for seat in (0, 1, None):
        assert all(c["pieces"] == [] for c in ENGINE.player_view(state, seat)["board"]["cells"])
    placed = board_state([(0, "archers", "C2"), (1, "spears", "C2")])
    pieces = cell_at(ENGINE.player_view(placed, 1), "C2")["pieces"]
    assert [(p["id"], p["seat"]) for p in pieces] == [("1-0", 1), ("0-0", 0)]  # own first


def test_a_spectator_sees_no_seats_set_up_defaults_or_choices():
    state = end_turns(
        board_state([(0, "cannons", "C2"), (0, "spears", "C4"), (1, "militia", "C4")])
    )
    public = ENGINE.player_view(state, None)
    assert public["seat"] is None and public["my_setup"] == [] and public["default_cells"] == []
    assert public["resolution"]["needs"] == [] and public["resolution"]["waiting_for"] == [0]
    assert ENGINE.player_view(state, 0)["resolution"]["needs"][0]["kind"] == "mortar"


def test_only_the_public_keys_and_what_the_view_adds_reach_the_other_seat():
    """The set-ups and the default cells are not ``PUBLIC``: Ben's view, and the public
    one, are the same whichever arrangement Ann chose and whatever her defaults are, and a
    state key nobody declared never reaches a device."""
    dealt = ENGINE.initial_state(seats(), {}, random.Random(1))
    state = act(dealt, 0, {"type": "setup", "cells": "A1,B1,C1,D1,E1,F1"})
    assert {"setup", "defaults"}.isdisjoint(ENGINE.PUBLIC)
    other = act(dealt, 0, {"type": "setup", "cells": "F1,E1,D1,C1,B1,A1"})
    other["defaults"][0].reverse()
    other["undeclared"] = "a-probe"
    for seat in (1, None):
        view = ENGINE.player_view(other, seat)
        assert view == ENGINE.player_view(state, seat)
        assert view["ready"] == [True, False] and "setup" not in view
        assert "undeclared" not in view and "a-probe" not in str(view)
    assert ENGINE.player_view(other, 0)["my_setup"] == ["F1", "E1", "D1", "C1", "B1", "A1"]
