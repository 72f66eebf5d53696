"""Faction turns (``table/moves.py``): movement, Charge and Counter Charge, Trample and
Assault, worked by hand from the rules text and RULINGS.md (board facts: ``table_fixtures``)."""

from __future__ import annotations

from copy import deepcopy

import pytest

from companion.games.base import RuleError
from tests.games.smalltricks.table_fixtures import act, board_state, play, unit


def test_charge_after_two_hexagons_hits_the_unit_it_engages():
    state = board_state([(0, "mounted", "C2"), (1, "archers", "C4")])
    state = act(state, 0, {"type": "move", "unit": "0-0", "path": ["C3", "C4"]})
    assert unit(state, "1-0")["life"] == 3  # 5 - 2
    assert unit(state, "0-0")["life"] == 5


def test_a_charge_into_spears_is_countered_and_the_rider_takes_the_damage():
    state = board_state([(0, "mounted", "C2"), (1, "spears", "C4")])
    outcome = play(state, 0, {"type": "move", "unit": "0-0", "path": ["C3", "C4"]})
    assert unit(outcome.state, "0-0")["life"] == 3
    assert unit(outcome.state, "1-0")["life"] == 5
    assert "Counter Charge" in outcome.events[-1]["text"]


def test_a_one_hexagon_move_into_an_enemy_is_no_charge():
    state = board_state([(0, "mounted", "C3"), (1, "archers", "C4")])
    state = act(state, 0, {"type": "move", "unit": "0-0", "path": ["C4"]})
    assert unit(state, "1-0")["life"] == 5


@pytest.mark.parametrize(("reach", "archers_life", "rider_life"), [
    ("same-hexagon", 3, 5), ("within-range-1", 5, 3),
])  # fmt: skip
def test_counter_charge_range_option(reach, archers_life, rider_life):
    """Spears in D4 touch the charged C4: they counter only under the range-1 option."""
    state = board_state(
        [(0, "mounted", "C2"), (1, "archers", "C4"), (1, "spears", "D4")],
        {"counter_charge_range": reach},
    )
    state = act(state, 0, {"type": "move", "unit": "0-0", "path": ["C3", "C4"]})
    assert unit(state, "1-0")["life"] == archers_life
    assert unit(state, "0-0")["life"] == rider_life


def test_a_charge_into_two_enemies_needs_a_target():
    state = board_state([(0, "mounted", "C2"), (1, "archers", "C4"), (1, "cannons", "C4")])
    with pytest.raises(RuleError) as error:
        act(state, 0, {"type": "move", "unit": "0-0", "path": ["C3", "C4"]})
    assert "target" in error.value.errors
    state = act(state, 0, {"type": "move", "unit": "0-0", "path": ["C3", "C4"], "target": "1-1"})
    assert unit(state, "1-1")["life"] == 3 and unit(state, "1-0")["life"] == 5


@pytest.mark.parametrize(("placed", "path", "reason"), [
    ([(0, "archers", "C2")], ["C4"], "not next to"),
    ([(0, "archers", "C2")], ["C3", "C4"], "at most 1"),
    ([(0, "mounted", "C2"), (1, "archers", "C3")], ["C3", "C4"], "stops at C3"),
    ([(0, "archers", "C2"), (0, "spears", "C3"), (0, "cannons", "C3")], ["C3"], "two of your"),
    ([(0, "archers", "C3"), (1, "spears", "C3")], ["C2"], "Engaged"),
])  # fmt: skip
def test_illegal_moves_are_refused_with_the_reason(placed, path, reason):
    state = board_state(placed)
    before = deepcopy(state)
    with pytest.raises(RuleError) as error:
        act(state, 0, {"type": "move", "unit": "0-0", "path": path})
    assert reason in str(error.value)
    assert state == before


def test_units_pass_through_friends_and_mounted_may_not_stop_on_two():
    placed = [(0, "mounted", "C2"), (0, "spears", "C3"), (0, "cannons", "C3")]
    state = act(board_state(placed), 0, {"type": "move", "unit": "0-0", "path": ["C3", "C4"]})
    assert unit(state, "0-0")["cell"] == "C4"
    with pytest.raises(RuleError):
        act(board_state(placed), 0, {"type": "move", "unit": "0-0", "path": ["C3"]})


def test_one_militia_per_hexagon():
    state = board_state([(0, "militia", "C2"), (0, "militia", "C3")])
    with pytest.raises(RuleError) as error:
        act(state, 0, {"type": "move", "unit": "0-0", "path": ["C3"]})
    assert "only one per hexagon" in str(error.value)


def test_a_unit_is_activated_once_per_turn():
    state = board_state([(0, "archers", "C2"), (0, "spears", "A1")])
    state = act(state, 0, {"type": "move", "unit": "0-0", "path": ["C3"]})
    with pytest.raises(RuleError) as error:
        act(state, 0, {"type": "move", "unit": "0-0", "path": ["C4"]})
    assert "already been activated" in str(error.value)


def test_trample_moves_out_of_an_engagement():
    state = board_state([(0, "assault-beasts", "C3"), (1, "spears", "C3")])
    state = act(state, 0, {"type": "move", "unit": "0-0", "path": ["C2"]})
    assert unit(state, "0-0")["cell"] == "C2"


@pytest.mark.parametrize(("on", "life"), [(False, 5), (True, 4)])
def test_trample_damage_option(on, life):
    state = board_state([(0, "assault-beasts", "C3"), (1, "spears", "C4")], {"trample_damage": on})
    state = act(state, 0, {"type": "move", "unit": "0-0", "path": ["C4"]})
    assert unit(state, "1-0")["life"] == life


def test_aerial_assault_lands_on_any_empty_hexagon_only():
    state = board_state([(0, "aerial", "A1"), (1, "spears", "F6")])
    with pytest.raises(RuleError) as error:
        act(state, 0, {"type": "move", "unit": "0-0", "path": ["F6"]})
    assert "empty hexagon" in str(error.value)
    state = act(state, 0, {"type": "move", "unit": "0-0", "path": ["E5"]})
    assert unit(state, "0-0")["cell"] == "E5"
