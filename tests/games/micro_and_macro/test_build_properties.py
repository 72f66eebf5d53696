"""Properties of the deck validator and builder over generated bodies (Hypothesis).

Whatever a client sends, ``validate``, ``summary``, ``model_counts`` and ``choices`` answer
without an exception; for any well-shaped deck of real cards the counts are the sums of
its lines; and taps never leave a body the validator cannot read.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.base import RuleError
from companion.games.micro_and_macro import GAME, build_rules, list_edits
from tests.games.micro_and_macro.test_build_rules import CAT
from tests.games.strategies import json_like

CARDS = {c.slug: c for c in CAT.of_kind("card")}
CARD_SLUGS = sorted(CARDS)
UNIT_SLUGS = sorted({u.slug for u in CAT.of_kind("unit")})
FACTIONS = sorted({f.slug for f in GAME.factions()}) + ["neutral", "", "orcs"]
KEYS = ["faction", "main", "buildings", "options", "card", "count", "allow_drafts"]
KEYS += ["allow_homebrew"]

json_values = json_like(CARD_SLUGS + UNIT_SLUGS + FACTIONS, KEYS)


def slug_or_junk(slugs: list[str]) -> st.SearchStrategy[Any]:
    return st.sampled_from(slugs) | st.sampled_from(slugs) | json_values


card_lines = st.fixed_dictionaries(
    {"card": slug_or_junk(CARD_SLUGS)},
    optional={"count": st.integers(-2, 120) | json_values},
)
near_valid_bodies = st.fixed_dictionaries(
    {
        "faction": st.sampled_from(FACTIONS) | json_values,
        "main": st.lists(card_lines | json_values, max_size=12) | json_values,
        "buildings": st.lists(card_lines | json_values, max_size=8),
    },
    optional={
        "options": st.fixed_dictionaries(
            {},
            optional={
                "allow_drafts": st.booleans() | json_values,
                "allow_homebrew": st.booleans() | json_values,
            },
        )
        | json_values,
    },
)


def check_answer(body: Any) -> None:
    """The whole public surface answers any body, and the answer is JSON."""
    report = build_rules.validate(body, CAT)
    assert "internal-error" not in {p.code for p in report.problems}
    assert all(p.severity in ("error", "warning") for p in report.problems)
    json.dumps(report.as_dict(), allow_nan=False)
    figures = report.figures
    assert figures["total"] == figures["main_count"] + figures["building_count"]
    assert sum(figures["by_cost"].values()) == sum(c["count"] for c in figures["cost_curve"])
    costs = [c["cost"] for c in figures["cost_curve"]]
    assert costs == sorted(costs)
    assert sum(figures["kinds"]["card"].values()) == sum(figures["kinds"]["type"].values())
    assert sum(figures["by_type"].values()) <= figures["total"]
    assert isinstance(build_rules.summary(body, CAT, report), str)
    counts = build_rules.model_counts(body, CAT)
    assert all(n == 1 for n in counts.values())
    assert isinstance(list_edits.choices(body, CAT)["cards"], list)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(json_values)
def test_any_json_value_is_answered_with_problems_not_exceptions(body):
    check_answer(body)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(near_valid_bodies)
def test_near_valid_bodies_are_answered_with_problems_not_exceptions(body):
    check_answer(body)


@st.composite
def known_decks(draw: st.DrawFn) -> dict[str, Any]:
    """A well-shaped deck of real cards, any faction, piles chosen freely."""
    line = st.fixed_dictionaries({"card": st.sampled_from(CARD_SLUGS), "count": st.integers(1, 99)})
    return {
        "faction": draw(st.sampled_from(FACTIONS[:-1])),
        "main": draw(st.lists(line, max_size=15)),
        "buildings": draw(st.lists(line, max_size=6)),
        "options": {"allow_drafts": draw(st.booleans()), "allow_homebrew": draw(st.booleans())},
    }


@settings(max_examples=200, deadline=None)
@given(known_decks())
def test_counts_are_the_sums_of_the_lines(body):
    report = build_rules.validate(body, CAT)
    figures = report.figures
    main = sum(line["count"] for line in body["main"])
    pile = sum(line["count"] for line in body["buildings"])
    assert (figures["main_count"], figures["building_count"]) == (main, pile)
    assert figures["total"] == main + pile
    assert sum(figures["by_type"].values()) == main + pile
    assert sum(figures["kinds"]["card"].values()) == main
    assert sum(figures["by_cost"].values()) == main
    for line in body["main"]:
        assert figures["kinds"]["card"][line["card"]] >= line["count"]
    codes = {p.code for p in report.problems}
    assert ("main-too-small" in codes) == (main < 30)
    assert ("main-too-large" in codes) == (main > 40)
    assert ("too-many-buildings" in codes) == (pile > 7)
    heads = sum(
        line["count"]
        for line in body["buildings"]
        if CARDS[line["card"]].category == "building" and CARDS[line["card"]].data.get("is_main")
    )
    assert ("no-main-building" in codes) == (heads == 0)
    assert ("several-main-buildings" in codes) == (heads > 1)
    assert not any(p.structural for p in report.problems if p.code != "draft-faction")
    check_answer(body)


taps = st.lists(
    st.tuples(
        st.sampled_from(sorted(list_edits.ACTIONS)),
        st.fixed_dictionaries(
            {},
            optional={
                "card": st.sampled_from(CARD_SLUGS + ["ghost"]),
                "pile": st.sampled_from(["main", "buildings", "hand"]),
                "count": st.integers(-1, 101).map(str),
                "faction": st.sampled_from(FACTIONS),
                "option": st.sampled_from(["allow_drafts", "allow_homebrew", "x"]),
                "value": st.sampled_from(["true", "false"]),
            },
        ),
    ),
    max_size=25,
)


@settings(max_examples=200, deadline=None)
@given(taps)
def test_taps_keep_the_body_readable(steps):
    body: dict[str, Any] = GAME.edit_list({}, "start", {"faction": "bloodmages"}, CAT)
    for op, args in steps:
        try:
            body = GAME.edit_list(body, op, args, CAT)
        except RuleError as err:
            assert err.errors  # a refusal names what it refuses
    report = build_rules.validate(body, CAT)
    readable = {"malformed", "bad-count", "unknown-card"}
    assert not readable & {p.code for p in report.problems}
    for pile in ("main", "buildings"):
        slugs = [line["card"] for line in body[pile]]
        assert len(slugs) == len(set(slugs))  # one line per card and pile
    check_answer(body)
