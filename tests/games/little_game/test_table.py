"""The little game's table arithmetic: card values and the hands a split deals."""

from __future__ import annotations

import pytest

from companion.games.base import RuleError
from companion.games.little_game.table import card_values, hands_from, tidy


@pytest.mark.parametrize(
    ("cards", "values"),
    [((3, 7), [3, 4]), ((4, 9), [4, 5]), ((9, 4), [5, 4]), ((6, 7), [6, 1]), ((1, 10), [1, 9])],
)
def test_lower_card_is_worth_its_number_the_higher_the_difference(cards, values) -> None:
    assert card_values(*cards) == values


def test_the_table_form_names_the_first_seats_cards_and_the_rest_go_to_the_other() -> None:
    assert hands_from({"split": "1 2 3 9 10"}) == [[1, 2, 3, 9, 10], [4, 5, 6, 7, 8]]
    assert hands_from({"split": "10, 1"}) == [[1, 10], [2, 3, 4, 5, 6, 7, 8, 9]]
    assert hands_from({}) == [[2, 4, 6, 8, 10], [1, 3, 5, 7, 9]]
    with pytest.raises(RuleError) as caught:
        hands_from({"split": "1 1 2 3 4"})
    assert "options.split" in caught.value.errors


def test_pressure_keeps_two_decimals_and_whole_numbers_as_ints() -> None:
    assert tidy(2.5) == 2.5
    assert tidy(0.1 + 0.2) == 0.3
    assert tidy(4.0) == 4 and isinstance(tidy(4.0), int)
