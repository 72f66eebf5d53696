"""One problem format: build rules, mesh checks and refused input all report ``Problem``s,
and ``RuleError.errors`` stays the ``{path: message}`` the forms and the API answer with."""

from __future__ import annotations

import pickle

import pytest

from companion.games.base import FieldSpec, RuleError, clean_fields
from companion.games.building import BuildReport
from companion.games.problems import Problem, errors_by_path


def test_a_problem_says_what_how_bad_and_where():
    problem = Problem("over-budget", "error", "Over by 5 points.", "units.2")
    assert problem.as_dict() == {
        "code": "over-budget",
        "severity": "error",
        "message": "Over by 5 points.",
        "path": "units.2",
    }
    assert problem.is_error and not problem.ok
    assert Problem("closed", "ok", "Closed surface.").ok


@pytest.mark.parametrize(
    ("code", "severity", "structural"),
    [
        ("malformed", "error", True),
        ("unknown-unit", "error", True),
        ("bad-count", "error", True),
        ("over-budget", "error", False),
        ("unknown-unit", "warning", False),  # a warning never makes a list unreadable
    ],
)
def test_structural_problems_follow_the_naming_convention(code, severity, structural):
    assert Problem(code, severity, "…").structural is structural


def test_errors_by_path_keeps_errors_only_and_the_last_word_at_a_path():
    problems = [
        Problem("a", "error", "First.", "name"),
        Problem("b", "warning", "Only advice.", "notes"),
        Problem("c", "error", "Second.", "name"),
        Problem("d", "ok", "Fine.", "body"),
    ]
    assert errors_by_path(problems) == {"name": "Second."}


def test_a_build_report_collects_problems():
    report = BuildReport()
    report.warning("thin", "Few units.", "units")
    assert report.legal
    report.error("over-budget", "Over by 5 points.")
    assert not report.legal
    assert report.problems == [
        Problem("thin", "warning", "Few units.", "units"),
        Problem("over-budget", "error", "Over by 5 points.", ""),
    ]
    assert report.verdict_lines() == [
        "Not legal:",
        "- warning: Few units. (units)",
        "- error: Over by 5 points.",
    ]


def test_a_rule_error_from_a_mapping_carries_one_problem_per_path():
    error = RuleError({"data.armor": "Must be at least 1.", "data.speed": "Expected a number."})
    assert error.problems == (
        Problem("refused", "error", "Must be at least 1.", "data.armor"),
        Problem("refused", "error", "Expected a number.", "data.speed"),
    )
    assert error.errors == {"data.armor": "Must be at least 1.", "data.speed": "Expected a number."}
    assert str(error) == "data.armor: Must be at least 1.; data.speed: Expected a number."


def test_a_rule_error_from_a_bare_message_is_about_no_field():
    error = RuleError("The game is over.")
    assert error.errors == {"non_field_errors": "The game is over."}
    assert error.problems[0].path == "non_field_errors"


def test_a_rule_error_can_carry_a_reports_problems_codes_and_all():
    report = BuildReport()
    report.error("unknown-unit", "No unit 'x'.", "units.0")
    report.warning("thin", "Few units.")
    error = RuleError(report.problems)
    assert error.errors == {"units.0": "No unit 'x'."}  # a warning refuses nothing
    assert [p.code for p in error.problems] == ["unknown-unit", "thin"]


def test_field_checks_raise_problems_by_field():
    fields = (FieldSpec("armor", "Armor", "int", min_value=1), FieldSpec("name", "Name"))
    with pytest.raises(RuleError) as caught:
        clean_fields(fields, {"armor": 0, "name": 3, "extra": 1})
    assert caught.value.errors == {
        "data.extra": "Unknown field.",
        "data.armor": "Must be at least 1.",
        "data.name": "Expected text.",
    }
    assert all(p.is_error for p in caught.value.problems)


def test_a_rule_error_survives_a_pickle_with_its_problems():
    error = RuleError([Problem("unknown-unit", "error", "No unit 'x'.", "list.units.0")])
    again = pickle.loads(pickle.dumps(error))
    assert again.problems == error.problems and str(again) == str(error)
