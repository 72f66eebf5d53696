"""Free actions at the table: the resource counter and LP corrected by hand."""

from __future__ import annotations

import pytest

from companion.games.base import RuleError
from companion.games.micro_and_macro.engine import ENGINE
from tests.games.micro_and_macro.table.fixtures import (
    act,
    markers,
    skirmish,
    start,
)


def test_resources_change_by_hand_but_never_below_zero():
    state = markers(start())
    state = act(state, 1, {"type": "resources", "delta": 4})
    assert state["players"][1]["resources"] == 4
    with pytest.raises(RuleError):
        act(state, 1, {"type": "resources", "delta": -5})
    state = act(state, None, {"type": "resources", "seat": 0, "delta": -2})
    assert state["players"][0]["resources"] == 0
    assert "resources" in ENGINE.DELTA_ACTIONS


def test_lp_corrections_by_hand_cap_at_the_printed_lp_and_can_end_the_game():
    state = skirmish()
    state = act(state, None, {"type": "lp", "unit": "u2", "delta": -1})
    assert state["units"][1]["lp"] == 3
    state = act(state, 1, {"type": "lp", "unit": "u2", "delta": 5})
    assert state["units"][1]["lp"] == 4  # never above the Skeleton's 4
    state = act(state, 0, {"type": "lp", "unit": "u2", "delta": -4})
    assert [u["id"] for u in state["units"]] == ["u1"]
    state = act(state, 0, {"type": "lp", "building": "1c31", "delta": -6})
    assert "1c31" in state["players"][1]["pile"]  # the Graveyard is destroyed
    with pytest.raises(RuleError):
        act(state, 0, {"type": "lp", "building": "1c31", "delta": -1})
    state = act(state, 0, {"type": "lp", "building": "1c30", "delta": -20})
    assert state["result"]["winner"] == 0 and state["phase"] == "over"
