"""The secret set-up (``table/setup.py``): own half, two units per hexagon, the saved
arrangement as the default, and the reveal once both sides are in."""

from __future__ import annotations

import json
import random

import pytest

from companion.games.base import RuleError
from companion.games.smalltricks.engine import ENGINE
from tests.games.smalltricks.table_fixtures import act, play, seats


def test_set_up_stays_in_the_own_half_with_two_units_per_hexagon():
    state = ENGINE.initial_state(seats(), {}, random.Random(1))
    with pytest.raises(RuleError) as error:
        act(state, 0, {"type": "setup", "cells": "A1,A1,A1,B1,C1,D1"})
    assert "two of your units" in str(error.value)
    with pytest.raises(RuleError) as error:
        act(state, 1, {"type": "setup", "cells": "A1,B6,C6,D6,E6,F6"})
    assert "outside your half" in str(error.value)
    with pytest.raises(RuleError):
        act(state, 0, {"type": "setup", "cells": "A1,B1"})


def test_the_saved_arrangement_is_the_default_and_the_reveal_waits_for_both():
    state = ENGINE.initial_state(seats(), {}, random.Random(1))
    mine = ENGINE.player_view(state, 0)["default_cells"]
    assert mine == ["B2", "C2", "A3", "F3", "B2", "E1"]  # EXAMPLE, side a
    assert ENGINE.player_view(state, 1)["default_cells"] == ["E5", "D5", "F4", "A4", "E5", "B6"]
    ready = play(state, 0, {"type": "setup", "cells": mine})
    state = ready.state
    assert all(u["cell"] is None for u in state["units"])
    assert ENGINE.player_view(state, 1)["ready"] == [True, False]
    seen = json.dumps(ENGINE.visible_log(ready.events, 1))
    assert "has set up, hidden" in seen and "B2" not in seen and "F3" not in seen
    outcome = ENGINE.apply(
        state, 1, {"type": "setup", "cells": "A6,B6,C6,D6,E6,F6"}, random.Random()
    )
    assert outcome.is_barrier
    assert [u["cell"] for u in outcome.state["units"]][:6] == mine
    assert outcome.state["phase"] == "turn" and outcome.state["round"] == 1
    reveal = next(e for e in outcome.events if e["type"] == "reveal")
    assert "B2" in reveal["text"] and "A6" in reveal["text"]


def test_an_arrangement_is_sent_once():
    state = act(
        ENGINE.initial_state(seats(), {}, random.Random(1)),
        0,
        {"type": "setup", "cells": "A1,B1,C1,D1,E1,F1"},
    )
    with pytest.raises(RuleError) as error:
        act(state, 0, {"type": "setup", "cells": "A2,B2,C2,D2,E2,F2"})
    assert "Your arrangement is in" in error.value.errors["type"]
    assert ENGINE.legal_actions(state, 0) == [] and ENGINE.legal_actions(state, 1) == [
        {"type": "setup"}
    ]
