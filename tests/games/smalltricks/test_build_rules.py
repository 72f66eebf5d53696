"""Smalltricks faction lists: six units, a secret arrangement, honest rolled factions."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.building import BuildReport, Catalogue, CatalogueItem
from companion.games.smalltricks import GAME, board, build_rules, rolling

HOMEBREW = CatalogueItem(
    kind="unit-type",
    slug="hb-7",
    name="War Dogs",
    category="base",
    data={"face": 3, "life": 4, "combat_damage": 2, "movement": 2, "range": 0},
    is_homebrew=True,
)
LONER = CatalogueItem(
    kind="unit-type",
    slug="hb-8",
    name="Hermits",
    category="base",
    data={"face": 1, "life": 5, "combat_damage": 2, "movement": 1, "range": 0, "max_per_hex": 1},
    is_homebrew=True,
)


def make_catalogue(*extra: CatalogueItem) -> Catalogue:
    """The game's own entries as a validator sees them, plus any homebrew."""
    return GAME.official_catalogue(extra)


CAT = make_catalogue(HOMEBREW, LONER)
BASE_SIX = ["archers", "cannons", "mounted", "assault-beasts", "spears", "battery-ram"]
KNOWN_CODES = {
    "malformed",
    "unit-count",
    "unknown-unit",
    "arrangement-length",
    "bad-cell",
    "outside-half",
    "hex-full",
    "arrangement-incomplete",
    "bad-dice",
    "rolled-mismatch",
    "too-many-rerolls",
    "too-many-shifts",
    "ignored-option",
}
WARNINGS = {"arrangement-incomplete", "ignored-option"}


def body(**changes: Any) -> dict[str, Any]:
    """The example with top-level keys replaced (``None`` removes a key)."""
    result = copy.deepcopy(build_rules.EXAMPLE)
    for key, value in changes.items():
        if value is None:
            result.pop(key, None)
        else:
            result[key] = value
    return result


def rolled_body(
    units: list[str], dice: list[Any], rerolls: Any = 0, shifts: Any = 0, **options: Any
) -> dict[str, Any]:
    """A rolled faction, unplaced, with one reroll and one shift allowed unless changed."""
    return {
        "units": units,
        "rolled": {"dice": dice, "rerolls": rerolls, "shifts": shifts},
        "options": {"rolled": True, "max_rerolls": 1, "max_shifts": 1, **options},
    }


def found(report: BuildReport) -> list[tuple[str, str]]:
    return sorted((p.code, p.path) for p in report.problems)


def with_arrangement(*cells: str | None) -> dict[str, Any]:
    return body(arrangement=list(cells))


CASES: list[tuple[str, Any, list[tuple[str, str]]]] = [
    # units
    ("five units", body(units=BASE_SIX[:5], arrangement=None), [("unit-count", "units")]),
    (
        "seven units",
        body(units=[*BASE_SIX, "archers"], arrangement=None),
        [("unit-count", "units")],
    ),
    ("no units", body(units=[], arrangement=None), [("unit-count", "units")]),
    (
        "unknown unit",
        body(units=["archers", "cannons", "dragons", "mounted", "spears", "militia"]),
        [("unknown-unit", "units.2")],
    ),
    ("units not a list", body(units="archers", arrangement=None), [("malformed", "units")]),
    ("units missing", body(units=None, arrangement=None), [("malformed", "units")]),
    (
        "a unit that is not a slug",
        body(units=["archers", 5, "mounted", "spears", "spears", "militia"]),
        [("malformed", "units.1")],
    ),
    ("repeats allowed", body(units=["spears"] * 6, arrangement=None), []),
    (
        "homebrew unit types count",
        body(units=["hb-7", "hb-7", "archers", "spears", "spears", "militia"]),
        [],
    ),
    # arrangement
    ("no arrangement", body(arrangement=None), []),
    ("null arrangement", {**body(), "arrangement": None}, []),
    ("lower-case cells", with_arrangement("b2", "c2", "a3", "f3", " b2 ", "e1"), []),
    (
        "off the board",
        with_arrangement("G1", "C2", "A3", "F3", "B2", "E1"),
        [("bad-cell", "arrangement.0")],
    ),
    (
        "row 7",
        with_arrangement("B2", "C7", "A3", "F3", "B2", "E1"),
        [("bad-cell", "arrangement.1")],
    ),
    (
        "not a label",
        with_arrangement("B2", "C2", "center", "F3", "B2", "E1"),
        [("bad-cell", "arrangement.2")],
    ),
    (
        "opponent's half",
        with_arrangement("B2", "C2", "A3", "F4", "B2", "E6"),
        [("outside-half", "arrangement.3"), ("outside-half", "arrangement.5")],
    ),
    (
        "a cell that is not text",
        with_arrangement("B2", "C2", "A3", 12, "B2", "E1"),  # type: ignore[arg-type]
        [("malformed", "arrangement.3")],
    ),
    ("arrangement not a list", body(arrangement="B2"), [("malformed", "arrangement")]),
    (
        "too few places",
        with_arrangement("B2", "C2", "A3", "F3", "B2"),
        [("arrangement-length", "arrangement")],
    ),
    (
        "too many places",
        with_arrangement("B2", "C2", "A3", "F3", "B2", "E1", "E2"),
        [("arrangement-length", "arrangement")],
    ),
    (
        "three units in a hexagon",
        with_arrangement("B2", "B2", "A3", "F3", "B2", "E1"),
        [("hex-full", "arrangement.4")],
    ),
    (
        "four units in a hexagon is one problem",
        with_arrangement("B2", "B2", "B2", "B2", "C2", "E1"),
        [("hex-full", "arrangement.2")],
    ),
    (
        "two Militia in a hexagon (Rowdy Crowd)",
        body(
            units=["archers", "militia", "mounted", "militia", "spears", "spears"],
            arrangement=["A1", "C2", "A3", "C2", "D2", "E1"],
        ),
        [("hex-full", "arrangement.3")],
    ),
    (
        "Militia beside another type is fine",
        body(
            units=["archers", "militia", "mounted", "militia", "spears", "spears"],
            arrangement=["C2", "C2", "A3", "D3", "D3", "E1"],
        ),
        [],
    ),
    (
        "a homebrew type limited to one per hexagon",
        body(
            units=["hb-8", "hb-8", "mounted", "spears", "spears", "spears"],
            arrangement=["A1", "A1", "A3", "D3", "D2", "E1"],
        ),
        [("hex-full", "arrangement.1")],
    ),
    (
        "three Militia in a hexagon: both limits",
        body(
            units=["militia", "militia", "militia", "spears", "spears", "spears"],
            arrangement=["A1", "A1", "A1", "D3", "D2", "E1"],
        ),
        [("hex-full", "arrangement.1"), ("hex-full", "arrangement.2")],
    ),
    (
        "some units not placed",
        with_arrangement("B2", None, "A3", None, "B2", "E1"),
        [("arrangement-incomplete", "arrangement")],
    ),
    (
        "none placed",
        with_arrangement(None, None, None, None, None, None),
        [("arrangement-incomplete", "arrangement")],
    ),
    (
        "show_arrangement not a flag",
        body(show_arrangement="yes"),
        [("malformed", "show_arrangement")],
    ),
    # options
    ("options not an object", body(options=[1]), [("malformed", "options")]),
    ("rolled not a flag", body(options={"rolled": "yes"}), [("malformed", "options.rolled")]),
    ("negative rerolls", body(options={"max_rerolls": -1}), [("malformed", "options.max_rerolls")]),
    ("unknown option", body(options={"colour": "red"}), [("ignored-option", "options.colour")]),
    # rolled factions
    ("rolled and matching", rolled_body(BASE_SIX, [1, 2, 3, 4, 5, 6]), []),
    ("rolled in any order", rolled_body(BASE_SIX[::-1], [3, 1, 2, 6, 5, 4]), []),
    ("rolled repeats", rolled_body(["spears"] * 6, [5] * 6), []),
    (
        "rolled, not what the dice gave",
        rolled_body(BASE_SIX, [1, 1, 3, 4, 5, 6]),
        [("rolled-mismatch", "units")],
    ),
    (
        "an alternative without the option",
        rolled_body([*BASE_SIX[:5], "militia"], [1, 2, 3, 4, 5, 6]),
        [("rolled-mismatch", "units")],
    ),
    (
        "an alternative with the option",
        rolled_body(
            ["archers", "muskets", "mounted", "assault-beasts", "spears", "militia"],
            [1, 2, 3, 4, 5, 6],
            alternatives_on_roll=True,
        ),
        [],
    ),
    (
        "the option still allows the base type",
        rolled_body(BASE_SIX, [1, 2, 3, 4, 5, 6], alternatives_on_roll=True),
        [],
    ),
    (
        "homebrew types are never rolled",
        rolled_body(["hb-7", *BASE_SIX[:2], *BASE_SIX[3:]], [3, 1, 2, 4, 5, 6]),
        [("rolled-mismatch", "units")],
    ),
    (
        "rolled without dice",
        {**rolled_body(BASE_SIX, []), "rolled": None},
        [("bad-dice", "rolled")],
    ),
    ("roll not an object", {**rolled_body(BASE_SIX, []), "rolled": [1]}, [("malformed", "rolled")]),
    (
        "dice not a list",
        rolled_body(BASE_SIX, "123456"),  # type: ignore[arg-type]
        [("bad-dice", "rolled.dice")],
    ),
    ("five dice", rolled_body(BASE_SIX, [1, 2, 3, 4, 5]), [("bad-dice", "rolled.dice")]),
    (
        "faces outside 1-6",
        rolled_body(BASE_SIX, [0, 2, 3, 4, 5, 7]),
        [("bad-dice", "rolled.dice.0"), ("bad-dice", "rolled.dice.5")],
    ),
    (
        "true is not a face",
        rolled_body(BASE_SIX, [True, 2, 3, 4, 5, 6]),
        [("bad-dice", "rolled.dice.0")],
    ),
    (
        "two rerolls, one allowed",
        rolled_body(BASE_SIX, [1, 2, 3, 4, 5, 6], rerolls=2),
        [("too-many-rerolls", "rolled.rerolls")],
    ),
    (
        "two shifts, one allowed",
        rolled_body(BASE_SIX, [1, 2, 3, 4, 5, 6], shifts=2),
        [("too-many-shifts", "rolled.shifts")],
    ),
    (
        "rerolls and shifts are off unless agreed",
        {
            **rolled_body(BASE_SIX, [1, 2, 3, 4, 5, 6], rerolls=1, shifts=1),
            "options": {"rolled": True},
        },
        [("too-many-rerolls", "rolled.rerolls"), ("too-many-shifts", "rolled.shifts")],
    ),
    (
        "rerolls not a number",
        rolled_body(BASE_SIX, [1, 2, 3, 4, 5, 6], rerolls="1"),
        [("malformed", "rolled.rerolls")],
    ),
    (
        "a roll is ignored when the faction is chosen",
        {**body(), "rolled": {"dice": [9], "rerolls": 9}},
        [],
    ),
    # not a faction at all
    ("a list", [], [("malformed", "")]),
    ("nothing", None, [("malformed", "")]),
    ("text", "archers", [("malformed", "")]),
]


@pytest.mark.parametrize(("label", "data", "expected"), CASES, ids=[c[0] for c in CASES])
def test_each_problem_has_its_code_and_path(
    label: str, data: Any, expected: list[tuple[str, str]]
) -> None:
    report = build_rules.validate(data, CAT)
    assert found(report) == sorted(expected)
    assert report.legal == all(code in WARNINGS for code, _ in expected)


def test_every_code_is_exercised_by_the_table() -> None:
    assert {code for _, _, expected in CASES for code, _ in expected} == KNOWN_CODES


def test_every_problem_has_a_severity_matching_its_code_and_a_plain_message() -> None:
    for _, data, _ in CASES:
        for problem in build_rules.validate(data, CAT).problems:
            assert problem.severity == ("warning" if problem.code in WARNINGS else "error")
            assert problem.message.strip() and not problem.message[0].islower()


def test_messages_name_the_thing_and_the_numbers() -> None:
    report = build_rules.validate(body(units=BASE_SIX[:5], arrangement=None), CAT)
    assert "6" in report.problems[0].message and "5" in report.problems[0].message
    report = build_rules.validate(with_arrangement("B2", "B2", "A3", "F3", "B2", "E1"), CAT)
    assert "B2" in report.problems[0].message and "2" in report.problems[0].message
    report = build_rules.validate(rolled_body([*BASE_SIX[:5], "militia"], [1, 2, 3, 4, 5, 6]), CAT)
    assert "Battery Ram" in report.problems[0].message and "Militia" in report.problems[0].message


def test_the_example_is_legal_complete_and_clean() -> None:
    report = build_rules.validate(build_rules.EXAMPLE, CAT)
    assert report.problems == []
    assert report.figures == {
        "unit_count": 6,
        "units_by_type": {
            "archers": 1,
            "cannons": 1,
            "mounted": 1,
            "assault-beasts": 1,
            "spears": 1,
            "militia": 1,
        },
        "faces": [1, 2, 3, 4, 5, 6],
        "rolled": False,
        "dice": None,
        "placed": 6,
        "cells_used": 5,
    }


def test_the_game_delegates_to_this_module() -> None:
    example = GAME.example_list()
    assert example == build_rules.EXAMPLE and example is not build_rules.EXAMPLE
    assert GAME.validate_list(example, CAT).legal
    assert GAME.model_counts(example, CAT) == build_rules.model_counts(example, CAT)


def test_figures_of_a_rolled_faction_give_the_dice_and_counts() -> None:
    data = rolled_body(["spears", "spears", *BASE_SIX[:4]], [5, 5, 1, 2, 3, 4])
    figures = build_rules.validate(data, CAT).figures
    assert figures["dice"] == [5, 5, 1, 2, 3, 4]
    assert figures["units_by_type"]["spears"] == 2
    assert figures["faces"] == [5, 5, 1, 2, 3, 4]
    assert (figures["placed"], figures["cells_used"]) == (0, 0)


def test_model_counts_are_units_per_known_type() -> None:
    data = body(units=["spears", "spears", "hb-7", "dragons", 5, "militia"])
    assert build_rules.model_counts(data, CAT) == {"spears": 2, "hb-7": 1, "militia": 1}
    assert build_rules.model_counts([], CAT) == {}  # type: ignore[arg-type]


def test_side_b_sees_the_arrangement_mirrored() -> None:
    data = with_arrangement("A1", "f3", None, "zz", "B2", "E1")
    assert build_rules.cells_for_side(data, "a") == ["A1", "F3", None, None, "B2", "E1"]
    mirrored = build_rules.cells_for_side(data, "b")
    assert mirrored == ["F6", "A4", None, None, "E5", "B6"]
    assert all(board.Cell.parse(c).row in board.HALF_ROWS["b"] for c in mirrored if c)


def test_summary_hides_the_arrangement_unless_shown() -> None:
    hidden = build_rules.summary(build_rules.EXAMPLE, CAT, build_rules.validate(body(), CAT))
    assert "Militia" in hidden and "hidden (6 units placed)" in hidden
    assert "B2" not in hidden and "Ar+Sp" not in hidden
    assert hidden.endswith("Legal.")


def test_summary_draws_the_own_half_when_shown() -> None:
    data = body(show_arrangement=True)
    text = build_rules.summary(data, CAT, build_rules.validate(data, CAT))
    grid = text.splitlines()
    rows = [line for line in grid if line[:1] in "123"]
    assert [r[0] for r in rows] == ["3", "2", "1"]  # castle row at the bottom
    assert "Ar+Sp" in rows[1] and "(castle)" in rows[2] and "Mi" in rows[2]
    assert "Mo" in rows[0] and "AB" in rows[0]
    assert "Mi Militia" in text


def test_summary_lists_problems_and_the_roll() -> None:
    data = rolled_body(BASE_SIX, [1, 1, 3, 4, 5, 6], rerolls=1)
    text = build_rules.summary(data, CAT, build_rules.validate(data, CAT))
    assert "Rolled: 1 1 3 4 5 6 (rerolls 1, shifts 0)" in text
    assert "Not legal:" in text and "(units)" in text


# --- never raises ---------------------------------------------------------------------

json_like = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=True)
    | st.text(max_size=6),
    lambda children: (
        st.lists(children, max_size=7) | st.dictionaries(st.text(max_size=8), children, max_size=5)
    ),
    max_leaves=30,
)
slugs = st.sampled_from([*BASE_SIX, "muskets", "aerial", "militia", "hb-7", "hb-8", "dragons"])
labels = st.sampled_from([c.label for c in board.CELLS]) | st.none() | st.text(max_size=3)
near_valid = st.fixed_dictionaries(
    {
        "units": st.lists(slugs | json_like, max_size=8),
        "arrangement": st.none() | st.lists(labels | json_like, max_size=8),
        "show_arrangement": st.booleans() | json_like,
        "rolled": st.fixed_dictionaries(
            {
                "dice": st.lists(st.integers(-1, 8) | json_like, max_size=7),
                "rerolls": st.integers(-1, 3) | json_like,
                "shifts": st.integers(-1, 3) | json_like,
            }
        )
        | json_like,
        "options": st.fixed_dictionaries(
            {
                "rolled": st.booleans(),
                "alternatives_on_roll": st.booleans() | json_like,
                "max_rerolls": st.integers(-1, 3) | json_like,
                "max_shifts": st.integers(-1, 3) | json_like,
            }
        )
        | json_like,
    }
)


def check_never_raises(data: Any) -> None:
    report = build_rules.validate(data, CAT)
    assert {p.code for p in report.problems} <= KNOWN_CODES
    assert all(p.severity in ("error", "warning") and p.message for p in report.problems)
    report.as_dict()
    assert isinstance(build_rules.summary(data, CAT, report), str)
    assert isinstance(build_rules.model_counts(data, CAT), dict)
    build_rules.cells_for_side(data, "b")


@settings(max_examples=300)
@given(json_like)
def test_never_raises_on_any_json(data: Any) -> None:
    check_never_raises(data)


@settings(max_examples=300)
@given(near_valid)
def test_never_raises_on_near_valid_factions(data: dict[str, Any]) -> None:
    check_never_raises(data)


@given(st.sampled_from(sorted(build_rules.EXAMPLE)), json_like)
def test_never_raises_when_one_part_of_the_example_is_junk(key: str, junk: Any) -> None:
    check_never_raises(body(**{key: junk}) if junk is not None else body(**{key: None}))


@given(st.integers(0, 2**32), st.booleans())
def test_a_faction_rolled_by_the_helpers_is_legal(seed: int, alternatives: bool) -> None:
    import random

    rng = random.Random(seed)
    dice = rolling.roll_faction(rng)
    dice, record = rolling.reroll(dice, seed % 6, rng, max_rerolls=1)
    units = rolling.units_for(dice, alternatives=alternatives)
    data: Callable[[], dict[str, Any]] = lambda: {  # noqa: E731
        "units": units,
        "rolled": record,
        "options": {"rolled": True, "alternatives_on_roll": alternatives, "max_rerolls": 1},
    }
    assert build_rules.validate(data(), CAT).problems == []


def test_warnings_never_look_structural() -> None:
    # The list import refuses ``malformed``, ``unknown-*`` and ``bad-*`` codes outright.
    assert not any(
        code == "malformed" or code.startswith(("unknown-", "bad-")) for code in WARNINGS
    )
