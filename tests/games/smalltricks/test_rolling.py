"""Rolled factions: six d6, the agreed rerolls and shifts, and the units the faces give."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.base import RuleError
from companion.games.smalltricks import rolling

DICE = [1, 2, 3, 4, 5, 6]
seeds = st.integers(0, 2**64)
dice_lists = st.lists(st.integers(1, 6), min_size=6, max_size=6)


def refused(error: pytest.ExceptionInfo[RuleError]) -> set[str]:
    return set(error.value.errors)


def test_faces_map_to_the_catalogues_unit_types() -> None:
    assert rolling.BASE_BY_FACE == {
        1: "archers",
        2: "cannons",
        3: "mounted",
        4: "assault-beasts",
        5: "spears",
        6: "battery-ram",
    }
    assert rolling.ALTERNATIVE_BY_FACE == {2: "muskets", 4: "aerial", 6: "militia"}
    assert rolling.FACE_OF["militia"] == rolling.FACE_OF["battery-ram"] == 6


@given(seeds)
def test_the_same_seed_rolls_the_same_faction(seed: int) -> None:
    first = rolling.roll_faction(random.Random(seed))
    assert first == rolling.roll_faction(random.Random(seed))
    assert len(first) == 6 and all(1 <= face <= 6 for face in first)


def test_a_secure_generator_works_too() -> None:
    assert len(rolling.roll_faction(random.SystemRandom())) == 6


def test_rolls_use_every_face() -> None:
    rng = random.Random(7)
    seen = {face for _ in range(50) for face in rolling.roll_faction(rng)}
    assert seen == set(range(1, 7))


def test_the_faces_of_real_dice_may_be_typed_instead() -> None:
    assert rolling.roll_faction(None, "6, 6, 1 2 3 4") == [6, 6, 1, 2, 3, 4]
    assert rolling.new_record(None, [1, 1, 1, 1, 1, 1])["dice"] == [1] * 6
    with pytest.raises(RuleError) as error:
        rolling.roll_faction(None, "1 2 3")
    assert refused(error) == {"results"}
    with pytest.raises(RuleError) as error:
        rolling.roll_faction(None)  # neither a random source nor typed faces
    assert refused(error) == {"results"}
    dice, record = rolling.reroll([1] * 6, 3, None, max_rerolls=1, typed="5")
    assert dice == [1, 1, 1, 5, 1, 1] and record["rerolls"] == 1


def test_new_record_starts_with_nothing_used() -> None:
    record = rolling.new_record(random.Random(1))
    assert record == {"dice": rolling.roll_faction(random.Random(1)), "rerolls": 0, "shifts": 0}


# --- rerolls ----------------------------------------------------------------------------


@given(seeds, st.integers(0, 5))
def test_a_reroll_changes_only_its_die_and_counts_itself(seed: int, index: int) -> None:
    record = {"dice": DICE, "rerolls": 0, "shifts": 1, "note": "kept"}
    dice, new = rolling.reroll(DICE, index, random.Random(seed), record, max_rerolls=1)
    assert [d for i, d in enumerate(dice) if i != index] == [
        d for i, d in enumerate(DICE) if i != index
    ]
    assert 1 <= dice[index] <= 6
    assert new == {"dice": dice, "rerolls": 1, "shifts": 1, "note": "kept"}
    assert record == {"dice": [1, 2, 3, 4, 5, 6], "rerolls": 0, "shifts": 1, "note": "kept"}
    again, _ = rolling.reroll(DICE, index, random.Random(seed), record, max_rerolls=1)
    assert again == dice


def test_rerolls_stop_at_the_agreed_number() -> None:
    rng = random.Random(3)
    dice, record = rolling.reroll(DICE, 0, rng, None, max_rerolls=2)
    dice, record = rolling.reroll(dice, 1, rng, record, max_rerolls=2)
    assert record["rerolls"] == 2
    with pytest.raises(RuleError) as error:
        rolling.reroll(dice, 2, rng, record, max_rerolls=2)
    assert refused(error) == {"rerolls"}
    assert "2" in error.value.errors["rerolls"]


def test_rerolls_are_off_unless_agreed() -> None:
    with pytest.raises(RuleError) as error:
        rolling.reroll(DICE, 0, random.Random(1))
    assert refused(error) == {"rerolls"}


@pytest.mark.parametrize(
    ("dice", "index", "record", "limit", "field"),
    [
        ([1, 2, 3], 0, None, 1, "dice"),
        ([1, 2, 3, 4, 5, 7], 0, None, 1, "dice.5"),
        ("123456", 0, None, 1, "dice"),
        (DICE, 6, None, 1, "index"),
        (DICE, -1, None, 1, "index"),
        (DICE, True, None, 1, "index"),
        (DICE, 0, {"rerolls": "one"}, 1, "rerolls"),
        (DICE, 0, [0], 1, "record"),
        (DICE, 0, None, -1, "max_rerolls"),
    ],
)
def test_a_bad_reroll_names_the_field(
    dice: Any, index: Any, record: Any, limit: int, field: str
) -> None:
    with pytest.raises(RuleError) as error:
        rolling.reroll(dice, index, random.Random(1), record, max_rerolls=limit)
    assert refused(error) == {field}


# --- shifts -----------------------------------------------------------------------------


def test_a_shift_moves_one_die_by_one() -> None:
    record = {"dice": DICE, "rerolls": 1, "shifts": 0}
    up, after_up = rolling.shift(DICE, 0, +1, record, max_shifts=2)
    assert up == [2, 2, 3, 4, 5, 6]
    assert after_up == {"dice": up, "rerolls": 1, "shifts": 1}
    down, after_down = rolling.shift(up, 5, -1, after_up, max_shifts=2)
    assert down == [2, 2, 3, 4, 5, 5] and after_down["shifts"] == 2
    assert DICE == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize(("index", "delta"), [(0, -1), (5, +1)])
def test_shifts_stay_within_one_to_six(index: int, delta: int) -> None:
    with pytest.raises(RuleError) as error:
        rolling.shift(DICE, index, delta, max_shifts=1)
    assert refused(error) == {f"dice.{index}"}


@pytest.mark.parametrize("delta", [0, 2, -2, True, 1.0])
def test_a_shift_is_plus_or_minus_one(delta: Any) -> None:
    with pytest.raises(RuleError) as error:
        rolling.shift(DICE, 2, delta, max_shifts=1)
    assert refused(error) == {"delta"}


def test_shifts_stop_at_the_agreed_number_and_are_off_unless_agreed() -> None:
    dice, record = rolling.shift(DICE, 2, 1, None, max_shifts=1)
    with pytest.raises(RuleError) as error:
        rolling.shift(dice, 3, 1, record, max_shifts=1)
    assert refused(error) == {"shifts"}
    with pytest.raises(RuleError) as error:
        rolling.shift(DICE, 3, 1)
    assert refused(error) == {"shifts"}


@given(dice_lists, st.integers(0, 5), st.sampled_from([1, -1]))
def test_a_shift_never_leaves_one_to_six(dice: list[int], index: int, delta: int) -> None:
    try:
        shifted, _ = rolling.shift(dice, index, delta, max_shifts=1)
    except RuleError as error:
        assert set(error.errors) == {f"dice.{index}"}
        assert dice[index] + delta in (0, 7)
    else:
        assert all(1 <= face <= 6 for face in shifted)
        assert shifted[index] == dice[index] + delta


# --- units ------------------------------------------------------------------------------


def test_faces_give_their_base_types() -> None:
    assert rolling.units_for([1, 2, 3, 4, 5, 6]) == [
        "archers",
        "cannons",
        "mounted",
        "assault-beasts",
        "spears",
        "battery-ram",
    ]
    assert rolling.units_for([5, 5, 5, 1, 1, 1]) == ["spears"] * 3 + ["archers"] * 3


def test_with_the_option_two_four_and_six_give_their_alternatives() -> None:
    assert rolling.units_for([1, 2, 3, 4, 5, 6], alternatives=True) == [
        "archers",
        "muskets",
        "mounted",
        "aerial",
        "spears",
        "militia",
    ]


def test_choices_pick_base_or_alternative_die_by_die() -> None:
    units = rolling.units_for([2, 2, 4, 6, 1, 3], True, {0: "cannons", 3: "battery-ram"})
    assert units == ["cannons", "muskets", "aerial", "battery-ram", "archers", "mounted"]


@pytest.mark.parametrize(
    ("alternatives", "choices", "field"),
    [
        (False, {1: "muskets"}, "choices.1"),
        (True, {0: "muskets"}, "choices.0"),
        (True, {1: "aerial"}, "choices.1"),
        (True, {6: "militia"}, "choices"),
    ],
)
def test_a_choice_the_die_does_not_give_is_refused(
    alternatives: bool, choices: dict[int, str], field: str
) -> None:
    with pytest.raises(RuleError) as error:
        rolling.units_for([1, 2, 3, 4, 5, 6], alternatives, choices)
    assert refused(error) == {field}


def test_units_for_refuses_bad_dice() -> None:
    with pytest.raises(RuleError) as error:
        rolling.units_for([1, 2, 3, 4, 5])
    assert refused(error) == {"dice"}


@given(dice_lists, st.booleans())
def test_the_units_given_always_match_the_dice(dice: list[int], alternatives: bool) -> None:
    units = rolling.units_for(dice, alternatives)
    assert rolling.matches(dice, units, alternatives)
    assert rolling.matches(dice, units[::-1], alternatives)
    assert rolling.matches(dice, rolling.units_for(dice), alternatives=True)


def test_matches_needs_the_option_for_alternatives_and_the_right_faces() -> None:
    alternatives = rolling.units_for(DICE, alternatives=True)
    assert not rolling.matches(DICE, alternatives)
    assert rolling.matches(DICE, alternatives, alternatives=True)
    assert not rolling.matches(DICE, ["archers"] * 6)
    assert not rolling.matches(DICE, ["dragons", *rolling.units_for(DICE)[1:]])
