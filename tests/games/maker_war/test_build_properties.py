"""Properties of the Maker-War army validator over generated bodies (Hypothesis).

Whatever a client sends, ``validate`` answers with problems, never an exception; and for
any well-shaped army of known units the total is the catalogue prices of its lines.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.building import Catalogue
from companion.games.maker_war import GAME, build_rules
from tests.games.maker_war.test_build_rules import catalogue_items
from tests.games.strategies import json_like

CAT = Catalogue(catalogue_items())
UNITS = [e for e in GAME.entries() if e.kind == "unit"]
PLANS = sorted({e.slug for e in GAME.entries() if e.kind == "formation-plan"})
UNIT_SLUGS = sorted({u.slug for u in UNITS})
WEAPONS = sorted({u.slug for u in UNITS if u.category == "weapon"})
MOUNTS = sorted({m["mount"] for u in UNITS for m in u.data.get("mounts", [])}) + ["tail"]
FACTIONS = sorted({u.faction for u in UNITS}) + ["stellar-pilgrim", "orcs"]
KEYS = [
    "faction",
    "budget",
    "options",
    "formations",
    "hypha",
    "plan",
    "units",
    "unit",
    "count",
    "chief",
    "mounts",
    "name",
    "allow_homebrew",
    "ignore_setup_guidelines",
]

json_values = json_like(UNIT_SLUGS + PLANS + FACTIONS, KEYS)


def slug_or_junk(slugs: list[str]) -> st.SearchStrategy[Any]:
    return st.sampled_from(slugs) | st.sampled_from(slugs) | json_values


unit_lines = st.fixed_dictionaries(
    {"unit": slug_or_junk(UNIT_SLUGS)},
    optional={"count": st.integers(-2, 30) | json_values, "chief": st.booleans() | json_values},
)
formations = st.fixed_dictionaries(
    {
        "plan": slug_or_junk(PLANS),
        "units": st.lists(unit_lines | json_values, max_size=6) | json_values,
    },
    optional={
        "mounts": st.dictionaries(
            st.sampled_from(MOUNTS) | st.text(max_size=5), slug_or_junk(WEAPONS), max_size=3
        )
        | json_values,
        "name": st.text(max_size=10) | json_values,
    },
)
near_valid_bodies = st.fixed_dictionaries(
    {
        "faction": st.sampled_from(FACTIONS) | json_values,
        "budget": st.integers(-10, 30000) | json_values,
        "formations": st.lists(formations | json_values, max_size=5),
    },
    optional={
        "options": st.fixed_dictionaries(
            {},
            optional={
                "ignore_setup_guidelines": st.booleans() | json_values,
                "allow_homebrew": st.booleans() | json_values,
            },
        )
        | json_values,
        "hypha": st.lists(unit_lines | json_values, max_size=3) | json_values,
    },
)


def check_answer(body: Any) -> None:
    """The whole public surface answers any body, and the answer is JSON."""
    report = build_rules.validate(body, CAT)
    assert "internal-error" not in {p.code for p in report.problems}
    assert all(p.severity in ("error", "warning") for p in report.problems)
    json.dumps(report.as_dict(), allow_nan=False)
    figures = report.figures
    assert (
        figures["total"]
        == sum(f["points"] for f in figures["formations"]) + (figures["hypha"]["points"])
    )
    assert sum(figures["by_type"].values()) == figures["total"]
    assert sum(figures["by_role"].values()) == figures["total"]
    assert isinstance(build_rules.summary(body, CAT, report), str)
    counts = build_rules.model_counts(body, CAT)
    assert all(isinstance(n, int) and n > 0 for n in counts.values())


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(json_values)
def test_any_json_value_is_answered_with_problems_not_exceptions(body):
    check_answer(body)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(near_valid_bodies)
def test_near_valid_bodies_are_answered_with_problems_not_exceptions(body):
    check_answer(body)


def price_of(units: dict[str, Any], slug: str, mounts: dict[str, str]) -> int:
    """Catalogue price of one model: a Titan is its chassis plus the weapon on each mount."""
    unit = units[slug]
    return unit.points + sum(
        units[mounts.get(m["mount"], m["weapon"])].points for m in unit.data.get("mounts", [])
    )


@st.composite
def known_armies(draw: st.DrawFn) -> tuple[dict[str, Any], int, int]:
    """A well-shaped army of one faction's known units; its expected total and models."""
    faction = draw(st.sampled_from(sorted({u.faction for u in UNITS})))
    mine = {u.slug: u for u in UNITS if u.faction == faction}
    weapons = sorted(s for s, u in mine.items() if u.category == "weapon")
    total = models = 0
    body_formations = []
    for _ in range(draw(st.integers(0, 5))):
        mounts = draw(
            st.dictionaries(
                st.sampled_from(
                    sorted({m["mount"] for u in mine.values() for m in u.data.get("mounts", [])})
                ),
                st.sampled_from(weapons),
                max_size=4,
            )
        )
        lines = []
        for slug in draw(st.lists(st.sampled_from(sorted(mine)), min_size=1, max_size=5)):
            count = draw(st.integers(1, 12))
            total += count * price_of(mine, slug, mounts)
            models += count
            lines.append({"unit": slug, "count": count, "chief": draw(st.booleans())})
        plan = draw(st.sampled_from(PLANS))
        body_formations.append({"plan": plan, "units": lines, "mounts": mounts})
    hypha = []
    for slug in draw(st.lists(st.sampled_from(sorted(mine)), max_size=3)):
        count = draw(st.integers(1, 5))
        total += count * price_of(mine, slug, {})
        models += count
        hypha.append({"unit": slug, "count": count})
    body = {
        "faction": faction,
        "budget": draw(st.integers(1, 20000)),
        "formations": body_formations,
        "hypha": hypha,
    }
    return body, total, models


@settings(max_examples=200, deadline=None)
@given(known_armies())
def test_the_total_is_the_sum_of_catalogue_prices_of_the_lines(army):
    body, total, models = army
    report = build_rules.validate(body, CAT)
    assert report.figures["total"] == total
    assert report.figures["unit_count"] == models
    assert report.figures["remaining"] == body["budget"] - total
    assert ("over-budget" in {p.code for p in report.problems}) == (total > body["budget"])
    check_answer(body)
