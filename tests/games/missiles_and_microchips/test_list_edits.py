"""The kit builder's taps (``list_edits``): start, add and remove a computer, and what the
page offers; a kit that breaks a rule is still saved and the validator says why."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.base import RuleError
from companion.games.missiles_and_microchips import GAME, build_rules

CAT = GAME.official_catalogue()
SIX = [
    "crimson-core",
    "ember-engine",
    "solar-lattice",
    "verdant-grid",
    "cobalt-oracle",
    "violet-cipher",
]


def kit(n: int) -> dict[str, Any]:
    return {"computers": SIX[:n]}


def codes(body: Any) -> list[str]:
    return [p.code for p in build_rules.validate(body, CAT).problems]


def edit(body: dict[str, Any], op: str, **args: str) -> dict[str, Any]:
    return GAME.edit_list(body, op, args, CAT)


def test_start_takes_the_first_three_computers() -> None:
    body = edit({"computers": ["violet-cipher"]}, "start")
    assert body == {"computers": SIX[:3]}
    assert build_rules.validate(body, CAT).legal


def test_add_and_remove_computers() -> None:
    body = edit(kit(3), "add-computer", computer="cobalt-oracle")
    assert body["computers"] == [*SIX[:3], "cobalt-oracle"]
    body = edit(body, "remove-computer", computer="ember-engine")
    assert body["computers"] == ["crimson-core", "solar-lattice", "cobalt-oracle"]
    # Going below three is allowed; the validator says so.
    body = edit(body, "remove-computer", computer="crimson-core")
    assert codes(body) == ["too-few-players"]
    assert edit({"computers": "junk"}, "add-computer", computer="crimson-core") == {
        "computers": ["crimson-core"]
    }


def test_edits_do_not_change_the_body_they_are_given() -> None:
    body = kit(3)
    edit(body, "add-computer", computer="verdant-grid")
    assert body == kit(3)


@pytest.mark.parametrize(
    ("op", "args"),
    [
        ("add-computer", {}),
        ("add-computer", {"computer": "skynet"}),
        ("add-computer", {"computer": "crimson-core"}),
        ("remove-computer", {"computer": "violet-cipher"}),
        ("remove-computer", {}),
        ("shuffle", {}),
    ],
)
def test_edits_that_cannot_apply(op: str, args: dict[str, str]) -> None:
    with pytest.raises(RuleError):
        GAME.edit_list(kit(3), op, args, CAT)


def test_choices_offer_every_computer() -> None:
    choices = GAME.builder_choices(kit(3), CAT)
    assert [c["slug"] for c in choices["computers"]] == SIX
    assert [c["in_kit"] for c in choices["computers"]] == [True] * 3 + [False] * 3
    assert choices["computers"][4] == {
        "slug": "cobalt-oracle",
        "name": "Cobalt Oracle",
        "colour": "blue",
        "in_kit": False,
    }
    assert (choices["players"], choices["min_players"], choices["max_players"]) == (3, 3, 6)
