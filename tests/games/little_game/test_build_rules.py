"""Little-game armies: named units on square or rectangular bases, quality, kinds, cards."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.building import BuildReport, Catalogue, CatalogueItem
from companion.games.little_game import GAME, build_rules


def make_catalogue(*extra: CatalogueItem) -> Catalogue:
    """The game's own entries as a validator sees them."""
    return GAME.official_catalogue(extra)


CAT = make_catalogue()
KNOWN_CODES = {
    "malformed",
    "no-units",
    "no-name",
    "duplicate-name",
    "unknown-base",
    "bad-base-size",
    "base-shape-mismatch",
    "bad-quality",
    "unknown-kind",
    "duplicate-kind",
    "ranged-and-long-ranged",
    "bad-split",
    "empty-hand",
    "uneven-split",
    "ignored-option",
}
WARNINGS = {"duplicate-name", "duplicate-kind", "uneven-split", "ignored-option"}


def unit(**changes: Any) -> dict[str, Any]:
    """A legal plain unit with fields replaced (``None`` removes one)."""
    result: dict[str, Any] = {"name": "Legion", "base": "rectangular", "quality": 2}
    for key, value in changes.items():
        if value is None:
            result.pop(key, None)
        else:
            result[key] = value
    return result


def army(*units: Any, split: Any = "evens-odds", **options: Any) -> dict[str, Any]:
    return {"units": list(units), "options": {"split": split, **options}}


def found(report: BuildReport) -> list[tuple[str, str]]:
    return sorted((p.code, p.path) for p in report.problems)


EVENS_ODDS = [[2, 4, 6, 8, 10], [1, 3, 5, 7, 9]]

CASES: list[tuple[str, Any, list[tuple[str, str]]]] = [
    ("one plain unit", army(unit()), []),
    ("no units", army(), [("no-units", "units")]),
    ("units missing", {"options": {}}, [("no-units", "units")]),
    ("units not a list", {"units": {"name": "x"}}, [("malformed", "units")]),
    ("a unit that is not an object", army(unit(), "Legion"), [("malformed", "units.1")]),
    ("no name", army(unit(name=None)), [("no-name", "units.0.name")]),
    ("blank name", army(unit(name="  ")), [("no-name", "units.0.name")]),
    ("name not text", army(unit(name=7)), [("malformed", "units.0.name")]),
    (
        "same name twice, any case",
        army(unit(name="Legion"), unit(name=" legion ")),
        [("duplicate-name", "units.1.name")],
    ),
    ("unknown base", army(unit(base="round")), [("unknown-base", "units.0.base")]),
    ("no base", army(unit(base=None)), [("unknown-base", "units.0.base")]),
    ("base not text", army(unit(base=["square"])), [("unknown-base", "units.0.base")]),
    ("square base", army(unit(base="square", base_size="40x40")), []),
    ("size in any spelling", army(unit(base_size=" 30 X 60 mm")), []),
    ("bad size", army(unit(base_size="thirty")), [("bad-base-size", "units.0.base_size")]),
    ("zero size", army(unit(base_size="0x60")), [("bad-base-size", "units.0.base_size")]),
    ("size not text", army(unit(base_size=30)), [("bad-base-size", "units.0.base_size")]),
    (
        "a square base that is not square",
        army(unit(base="square", base_size="30x60")),
        [("base-shape-mismatch", "units.0.base_size")],
    ),
    (
        "a rectangular base that is square",
        army(unit(base_size="40x40")),
        [("base-shape-mismatch", "units.0.base_size")],
    ),
    ("quality 0", army(unit(quality=0)), []),
    ("quality 5", army(unit(quality=5)), []),
    ("quality 6", army(unit(quality=6)), [("bad-quality", "units.0.quality")]),
    ("quality -1", army(unit(quality=-1)), [("bad-quality", "units.0.quality")]),
    ("quality 2.5", army(unit(quality=2.5)), [("bad-quality", "units.0.quality")]),
    ("quality true", army(unit(quality=True)), [("bad-quality", "units.0.quality")]),
    ("quality as text", army(unit(quality="3")), [("bad-quality", "units.0.quality")]),
    ("no quality", army(unit(quality=None)), [("bad-quality", "units.0.quality")]),
    ("cavalry and ranged together", army(unit(kinds=["cavalry", "ranged"])), []),
    ("cavalry and long ranged together", army(unit(kinds=["long-ranged", "cavalry"])), []),
    ("no kinds is a plain unit", army(unit(kinds=[])), []),
    (
        "unknown kind",
        army(unit(kinds=["cavalry", "flying"])),
        [("unknown-kind", "units.0.kinds.1")],
    ),
    ("kind not text", army(unit(kinds=[3])), [("unknown-kind", "units.0.kinds.0")]),
    ("kinds not a list", army(unit(kinds="cavalry")), [("malformed", "units.0.kinds")]),
    (
        "a kind twice",
        army(unit(kinds=["ranged", "ranged"])),
        [("duplicate-kind", "units.0.kinds.1")],
    ),
    (
        "ranged and long ranged",
        army(unit(kinds=["ranged", "cavalry", "long-ranged"])),
        [("ranged-and-long-ranged", "units.0.kinds")],
    ),
    # the card split
    ("no options", {"units": [unit()]}, []),
    ("evens and odds spelled out", army(unit(), split=EVENS_ODDS), []),
    ("an agreed even split", army(unit(), split=[[1, 2, 3, 4, 5], [10, 9, 8, 7, 6]]), []),
    (
        "an agreed uneven split",
        army(unit(), split=[[1, 2, 3, 4], [5, 6, 7, 8, 9, 10]]),
        [("uneven-split", "options.split")],
    ),
    (
        "an empty hand",
        army(unit(), split=[[], list(range(1, 11))]),
        [("empty-hand", "options.split.0")],
    ),
    ("an unknown named split", army(unit(), split="thirds"), [("bad-split", "options.split")]),
    ("three hands", army(unit(), split=[[1], [2], [3]]), [("bad-split", "options.split")]),
    (
        "a hand that is not a list",
        army(unit(), split=[[1, 2, 3, 4, 5], "678910"]),
        [("bad-split", "options.split")],
    ),
    (
        "a card missing",
        army(unit(), split=[[1, 2, 3, 4, 5], [6, 7, 8, 9]]),
        [("bad-split", "options.split")],
    ),
    (
        "a card twice",
        army(unit(), split=[[1, 2, 3, 4, 5], [5, 6, 7, 8, 9, 10]]),
        [("bad-split", "options.split")],
    ),
    (
        "a card 11",
        army(unit(), split=[[1, 2, 3, 4, 5], [6, 7, 8, 9, 10, 11]]),
        [("bad-split", "options.split")],
    ),
    ("options not an object", {"units": [unit()], "options": "x"}, [("malformed", "options")]),
    ("unknown option", army(unit(), colour="red"), [("ignored-option", "options.colour")]),
    # not an army at all
    ("a list", [], [("malformed", "")]),
    ("nothing", None, [("malformed", "")]),
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


def test_every_problem_has_a_severity_matching_its_code_and_a_message() -> None:
    for _, data, _ in CASES:
        for problem in build_rules.validate(data, CAT).problems:
            assert problem.severity == ("warning" if problem.code in WARNINGS else "error")
            assert problem.message.strip() and not problem.message[0].islower()


def test_messages_name_the_unit_and_the_numbers() -> None:
    (problem,) = build_rules.validate(army(unit(name="Lancers", quality=9)), CAT).problems
    assert "Lancers" in problem.message and "9" in problem.message and "0-5" in problem.message
    (problem,) = build_rules.validate(
        army(unit(), split=[[1, 2, 3, 4, 5], [6, 7, 8]]), CAT
    ).problems
    assert "9, 10 not dealt" in problem.message


def test_the_example_is_legal_and_clean() -> None:
    report = build_rules.validate(build_rules.EXAMPLE, CAT)
    assert report.problems == []
    assert report.figures == {
        "unit_count": 4,
        "kinds": {"cavalry": 2, "ranged": 2, "long-ranged": 0},
        "plain": 1,
        "average_quality": 2.0,
        "card_split": {"name": "evens-odds", "hands": EVENS_ODDS},
    }


def test_the_game_delegates_to_this_module() -> None:
    example = GAME.example_list()
    assert example == build_rules.EXAMPLE
    assert GAME.validate_list(example, CAT).legal


def test_figures_average_quality_half_up_and_report_an_agreed_split() -> None:
    data = army(unit(quality=1), unit(name="B", quality=2), unit(name="C", quality=2),
                split=[[10, 1, 2, 3, 4], [5, 6, 7, 8, 9]])  # fmt: skip
    figures = build_rules.validate(data, CAT).figures
    assert figures["average_quality"] == 1.67
    assert figures["card_split"] == {"name": "agreed", "hands": [[1, 2, 3, 4, 10], [5, 6, 7, 8, 9]]}
    data = army(unit(quality=1), unit(name="B", quality=2), unit(name="C", quality=9),
                unit(name="D", quality=2), unit(name="E", quality=2), unit(name="F", quality=2),
                unit(name="G", quality=2), unit(name="H", quality=2))  # fmt: skip
    assert build_rules.validate(data, CAT).figures["average_quality"] == 1.86


def test_units_are_inline_so_there_are_no_model_counts() -> None:
    assert build_rules.model_counts(build_rules.EXAMPLE, CAT) == {}


def test_summary_lists_units_cards_and_legality() -> None:
    text = build_rules.summary(
        build_rules.EXAMPLE, CAT, build_rules.validate(build_rules.EXAMPLE, CAT)
    )
    assert "- Lancers: rectangular base, quality 3, cavalry" in text
    assert "- Horse Archers: rectangular base, quality 2, cavalry, ranged" in text
    assert "- Legionaries: rectangular base 30x60, quality 2, plain" in text
    assert "Cards: evens/odds (2 4 6 8 10 | 1 3 5 7 9)" in text
    assert text.endswith("Legal.")
    data = army(unit(quality=8))
    text = build_rules.summary(data, CAT, build_rules.validate(data, CAT))
    assert "Not legal:" in text and "(units.0.quality)" in text


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
near_unit = st.fixed_dictionaries(
    {},
    optional={
        "name": st.sampled_from(["Lancers", "lancers", "", " "]) | json_like,
        "base": st.sampled_from(["square", "rectangular", "round"]) | json_like,
        "base_size": st.sampled_from(["30x60", "40x40", "x", "0x0", "9999x1"]) | json_like,
        "quality": st.integers(-1, 6) | json_like,
        "kinds": st.lists(st.sampled_from(["cavalry", "ranged", "long-ranged", "x"]) | json_like)
        | json_like,
    },
)
hands = st.lists(st.integers(0, 11) | json_like, max_size=11)
near_valid = st.fixed_dictionaries(
    {
        "units": st.lists(near_unit | json_like, max_size=6) | json_like,
        "options": st.fixed_dictionaries(
            {"split": st.just("evens-odds") | st.lists(hands, max_size=3) | json_like}
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
    assert build_rules.model_counts(data, CAT) == {}


@settings(max_examples=300)
@given(json_like)
def test_never_raises_on_any_json(data: Any) -> None:
    check_never_raises(data)


@settings(max_examples=300)
@given(near_valid)
def test_never_raises_on_near_valid_armies(data: dict[str, Any]) -> None:
    check_never_raises(data)


@given(st.permutations(list(range(1, 11))), st.integers(1, 9))
def test_any_partition_of_the_ten_cards_is_accepted(cards: list[int], cut: int) -> None:
    data = army(unit(), split=[cards[:cut], cards[cut:]])
    codes = {p.code for p in build_rules.validate(data, CAT).problems}
    assert codes == (set() if cut == 5 else {"uneven-split"})


def test_warnings_never_look_structural() -> None:
    # The list import refuses ``malformed``, ``unknown-*`` and ``bad-*`` codes outright.
    assert not any(
        code == "malformed" or code.startswith(("unknown-", "bad-")) for code in WARNINGS
    )
