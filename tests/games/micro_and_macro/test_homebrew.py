"""Users' own units and cards are checked against the game's fields before they are saved."""

from __future__ import annotations

import pytest

from companion.games.base import RuleError
from companion.games.micro_and_macro import GAME


def test_only_units_and_cards_take_homebrew():
    assert {k.slug for k in GAME.kinds if k.homebrew} == {"unit", "card"}
    assert not any(k.priced for k in GAME.kinds)


def test_a_homebrew_building_keeps_its_upgrade_slots():
    data = {"cost": 2, "lp": 6, "defense": "D6", "upgrade_slots": 1}
    assert GAME.clean_homebrew("card", data) == data


def test_an_unknown_card_field_is_named():
    with pytest.raises(RuleError) as err:
        GAME.clean_homebrew("card", {"cost": 2, "slots": 1})
    assert "data.slots" in err.value.errors


def test_a_building_has_at_most_three_upgrade_slots():
    with pytest.raises(RuleError) as err:
        GAME.clean_homebrew("card", {"cost": 2, "upgrade_slots": 4})
    assert "data.upgrade_slots" in err.value.errors


def test_a_card_needs_a_cost():
    with pytest.raises(RuleError) as err:
        GAME.clean_homebrew("card", {"lp": 5})
    assert "data.cost" in err.value.errors


@pytest.mark.parametrize(
    "produces",
    [
        [{"unit": "peasant"}],
        [{"unit": "peasant", "cost": -1}],
        ["peasant"],
        [{"unit": "", "cost": 1}],
    ],
)
def test_what_a_building_makes_needs_a_unit_and_a_cost(produces: list):
    with pytest.raises(RuleError) as err:
        GAME.clean_homebrew("card", {"cost": 1, "produces": produces})
    assert "data.produces.0" in err.value.errors


def test_a_homebrew_upgrade_teaches_only_known_spells():
    with pytest.raises(RuleError) as err:
        GAME.clean_homebrew("card", {"cost": 1, "teaches": ["leech-seed"]})
    assert "data.teaches" in err.value.errors


def test_a_homebrew_unit_uses_die_ladder_steps():
    unit = {"m": 5, "lp": 6, "a": "D6", "d": "D8", "sp": "D4", "md": "2D6"}
    with pytest.raises(RuleError) as err:
        GAME.clean_homebrew("unit", unit)
    assert set(err.value.errors) == {"data.md"}
    assert GAME.clean_homebrew("unit", {**unit, "md": "D16", "weapon": "bow"})["md"] == "D16"


def test_a_homebrew_unit_moves_and_lives_between_1_and_100():
    unit = {"m": 0, "lp": 101, "a": "D6", "d": "D8", "sp": "D4", "md": "D4"}
    with pytest.raises(RuleError) as err:
        GAME.clean_homebrew("unit", unit)
    assert set(err.value.errors) == {"data.m", "data.lp"}
