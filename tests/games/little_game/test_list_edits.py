"""The little game's builder taps: units written inline, and the split of the ten cards."""

from __future__ import annotations

import pytest

from companion.games.base import RuleError
from companion.games.little_game.list_edits import ACTIONS

NO_CATALOGUE = None  # the little game's taps read no catalogue


def tap(body: dict, op: str, **args: str) -> dict:
    return ACTIONS[op](body, args, NO_CATALOGUE)


def test_a_new_army_has_no_units_and_the_evens_odds_split() -> None:
    assert tap({}, "start") == {"units": [], "options": {"split": "evens-odds"}}


def test_units_are_added_changed_and_removed_with_one_kind_of_shooting() -> None:
    body = tap(tap({}, "start"), "add-unit", name="Lancers", quality="1", cavalry="on")
    body = tap(body, "add-unit", name="Bowmen", quality="0", shooting="ranged")
    assert body["units"] == [
        {"name": "Lancers", "base": "rectangular", "quality": 1, "kinds": ["cavalry"]},
        {"name": "Bowmen", "base": "rectangular", "quality": 0, "kinds": ["ranged"]},
    ]
    body = tap(body, "update-unit", index="1", name="Slingers", quality="2",
               shooting="long-ranged", base="square")  # fmt: skip
    assert body["units"][1] == {
        "name": "Slingers", "base": "square", "quality": 2, "kinds": ["long-ranged"]
    }  # fmt: skip
    assert [u["name"] for u in tap(body, "remove-unit", index="0")["units"]] == ["Slingers"]
    with pytest.raises(RuleError) as caught:
        tap(body, "add-unit", name="Both", quality="0", shooting="ranged and long-ranged")
    assert "shooting" in caught.value.errors


def test_the_split_is_evens_odds_or_the_first_hand_with_the_rest_to_the_other() -> None:
    body = tap(tap({}, "start"), "set-split", hand="10, 1 2 2")
    assert body["options"]["split"] == [[1, 2, 10], [3, 4, 5, 6, 7, 8, 9]]
    back = tap(body, "set-split", split="evens-odds", hand="1 2")
    assert back["options"]["split"] == "evens-odds"
    assert tap(body, "set-split", hand="")["options"]["split"] == "evens-odds"
    for hand, message in (("1 12", "Cards are numbered 1 to 10."), ("one", "List card")):
        with pytest.raises(RuleError) as caught:
            tap({}, "set-split", hand=hand)
        assert caught.value.errors["hand"].startswith(message)
