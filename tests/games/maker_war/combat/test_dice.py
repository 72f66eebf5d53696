"""Maker-War's d6 rolls go through the one dice mechanism of every table
(``companion.games.dice.faces``): typed faces as a page or the API sends them, checked
with the field's path, or rolled from the action's random source as before."""

from __future__ import annotations

import random

import pytest

from companion.games.base import RuleError
from companion.games.maker_war.combat.dice import roll_d6s


def test_typed_faces_are_read_as_a_form_or_the_api_sends_them():
    assert roll_d6s(3, rng=None, typed="5 6,1", path="rolls") == [5, 6, 1]
    assert roll_d6s(2, rng=None, typed=["2", 4], path="rolls") == [2, 4]


def test_a_typed_roll_is_checked_with_the_fields_path():
    with pytest.raises(RuleError) as few:
        roll_d6s(3, rng=None, typed=[5, 6], path="rolls")
    assert "3 face(s)" in few.value.errors["rolls"]
    with pytest.raises(RuleError) as high:
        roll_d6s(2, rng=None, typed=[5, 7], path="rolls")
    assert high.value.errors == {"rolls.1": "A d6 shows 1 to 6."}
    with pytest.raises(RuleError) as untyped:
        roll_d6s(1, rng=None, typed=None, path="roll")
    assert "roll" in untyped.value.errors


def test_muster_rolls_from_the_random_source_die_by_die():
    rolled = roll_d6s(4, rng=random.Random(9), typed=None, path="rolls")
    again = random.Random(9)
    assert rolled == [again.randint(1, 6) for _ in range(4)]  # a replay rolls the same


def test_no_die_needs_no_face():
    assert roll_d6s(0, rng=None, typed=[], path="rolls") == []
