"""The die ladder, base radius and overbuilding as RULINGS.md settles them."""

from __future__ import annotations

import pytest

from companion.games.micro_and_macro import mechanics


def test_the_ladder_runs_d4_to_d24_with_d16_between_d12_and_d20():
    assert mechanics.DIE_LADDER == ("D4", "D6", "D8", "D10", "D12", "D16", "D20", "D24")


@pytest.mark.parametrize(
    ("die", "steps", "expected"),
    [("D4", 2, "D8"), ("D12", 1, "D16"), ("D20", 1, "D24"), ("D20", 5, "D24"), ("D6", -3, "D4")],
)
def test_raising_a_die_moves_along_the_ladder_and_stops_at_its_ends(
    die: str, steps: int, expected: str
):
    assert mechanics.raise_die(die, steps) == expected


def test_steps_without_a_real_die_roll_two_dice():
    assert mechanics.dice_rolled("D16") == ("D12", "D4")
    assert mechanics.dice_rolled("D24") == ("D20", "D4")
    assert mechanics.dice_rolled("D10") == ("D10",)


def test_an_unknown_die_is_refused():
    with pytest.raises(ValueError):
        mechanics.raise_die("D7")
    with pytest.raises(ValueError):
        mechanics.dice_rolled("2D6")


@pytest.mark.parametrize(
    ("buildings", "radius"), [(1, 1.0), (2, 1.5), (3, 2.0), (4, 2.5), (5, 3.0)]
)
def test_base_radius_grows_half_a_centimetre_per_building(buildings: int, radius: float):
    assert mechanics.base_radius(buildings) == radius


def test_a_base_without_buildings_has_no_radius():
    with pytest.raises(ValueError):
        mechanics.base_radius(0)


@pytest.mark.parametrize(("cost", "teardown"), [(0, 0), (3, 2), (4, 2), (5, 3)])
def test_overbuilding_costs_half_the_old_building_rounded_up(cost: int, teardown: int):
    assert mechanics.overbuild_cost(cost) == teardown


def test_turn_and_deck_limits():
    assert mechanics.ACTIONS_PER_TURN == 3
    assert (mechanics.OPENING_HAND, mechanics.DRAWS_PER_TURN) == (5, 1)
    assert (mechanics.MAIN_DECK_MIN, mechanics.MAIN_DECK_MAX) == (30, 40)
    assert mechanics.MAX_BUILDING_CARDS == 7
    assert mechanics.MAX_BUILDINGS_IN_PLAY == 5
    assert mechanics.MAX_UPGRADES_PER_BUILDING == 3
