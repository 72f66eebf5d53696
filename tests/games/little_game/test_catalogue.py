"""Golden tests: the post's tables arrive whole, with its numbers and RULINGS.md's readings."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games import reference
from companion.games.base import EntrySpec, RuleError
from companion.games.little_game import GAME, catalogue

ENTRIES = catalogue.entries()
RULES = GAME.rules_markdown()
IDS = reference.section_ids(RULES)


def of_kind(kind: str) -> list[EntrySpec]:
    return [e for e in ENTRIES if e.kind == kind]


def by_slug(kind: str) -> dict[str, EntrySpec]:
    return {e.slug: e for e in of_kind(kind)}


def test_game_is_for_exactly_two_players_and_has_no_factions() -> None:
    assert (GAME.slug, GAME.name) == ("little-game", "A little game I made")
    assert (GAME.min_players, GAME.max_players) == (2, 2)
    assert GAME.factions() == []
    assert {e.faction for e in ENTRIES} == {""}


def test_nothing_is_priced() -> None:
    assert not any(k.priced for k in GAME.kinds)
    assert all(e.points is None for e in ENTRIES)


def test_exactly_ten_cards_numbered_one_to_ten() -> None:
    cards = of_kind("card")
    assert [c.data["value"] for c in cards] == list(range(1, 11))
    assert [c.name for c in cards] == [f"Card {n}" for n in range(1, 11)]
    assert {c.rule for c in cards} == {"card-value"}


def test_evens_odds_split_gives_each_player_five_cards() -> None:
    parity = {c.data["value"]: c.data["parity"] for c in of_kind("card")}
    assert [n for n, p in parity.items() if p == "even"] == [2, 4, 6, 8, 10]
    assert [n for n, p in parity.items() if p == "odd"] == [1, 3, 5, 7, 9]


def test_three_special_unit_kinds_with_their_factors() -> None:
    kinds = {
        slug: (k.data["move_factor"], k.data["shoots"], k.data["shoot_factor"])
        for slug, k in by_slug("unit-kind").items()
    }
    assert kinds == {
        "cavalry": (2, False, 0),
        "ranged": (1, True, 1),
        "long-ranged": (1, True, 2),
    }
    assert all(k.rule == f"unit-kind-{k.slug}" for k in of_kind("unit-kind"))


def test_unit_kinds_point_at_the_actions_they_change() -> None:
    refs = {k.slug: k.refs for k in of_kind("unit-kind")}
    assert refs == {
        "cavalry": (("action", "advance"), ("action", "retreat")),
        "ranged": (("action", "shoot"),),
        "long-ranged": (("action", "shoot"),),
    }


def test_quality_runs_zero_to_five_with_the_break_test() -> None:
    qualities = of_kind("quality")
    assert [q.data["quality"] for q in qualities] == [0, 1, 2, 3, 4, 5]
    assert [q.data["breaks_when"] for q in qualities] == [
        f"pressure - {q} > value" for q in range(6)
    ]
    assert {q.rule for q in qualities} == {"quality"}


def test_base_sizes_are_square_or_rectangular_with_the_authors_30x60() -> None:
    bases = {b.slug: (b.category, b.data.get("example", "")) for b in of_kind("base-size")}
    assert bases == {"square": ("square", ""), "rectangular": ("rectangular", "30x60 mm")}


def test_the_six_actions_in_the_texts_order() -> None:
    assert list(by_slug("action")) == [
        "advance",
        "retreat",
        "shift",
        "recover",
        "attack",
        "shoot",
    ]
    assert all(a.rule == f"action-{a.slug}" for a in of_kind("action"))


def test_actions_read_as_the_rulings_say() -> None:
    actions = by_slug("action")
    moves = {s: (a.data.get("move"), a.data.get("inches")) for s, a in actions.items()}
    assert moves["advance"] == ("forward", "value")
    assert moves["retreat"] == ("backward", "value")
    assert moves["shift"] == ("pivot", None)
    assert {s for s, a in actions.items() if a.data.get("cavalry_double")} == {
        "advance",
        "retreat",
    }
    pressure = {s: a.data.get("pressure") for s, a in actions.items() if "pressure" in a.data}
    assert pressure == {
        "recover": "-value",
        "attack": "value",
        "shoot": "max(value - distance, 0)",
    }
    assert actions["shoot"].data["long_ranged_pressure"] == "max(2 * value - distance, 0)"
    assert {s: a.data["in_contact"] for s, a in actions.items()} == {
        "advance": "no limit",
        "retreat": "no limit",
        "shift": "no limit",
        "recover": "forbidden",
        "attack": "required",
        "shoot": "forbidden",
    }
    assert [s for s, a in actions.items() if a.data.get("shooters_only")] == ["shoot"]


def test_entry_slugs_are_unique_per_kind() -> None:
    keys = [(e.kind, e.slug) for e in ENTRIES]
    assert len(keys) == len(set(keys)) == 10 + 3 + 6 + 2 + 6


def test_every_entry_data_fits_its_kind_fields() -> None:
    for entry in ENTRIES:
        assert GAME.clean_homebrew(entry.kind, entry.data) == dict(entry.data), entry.slug


def test_only_units_are_homebrew() -> None:
    assert [k.slug for k in GAME.kinds if k.homebrew] == ["unit"]


def test_a_homebrew_unit_is_cleaned_and_its_base_size_normalised() -> None:
    cleaned = GAME.clean_homebrew(
        "unit", {"base_size": " 30 x 60 mm", "quality": 2, "kinds": ["cavalry", "ranged"]}
    )
    assert cleaned == {"base_size": "30x60", "quality": 2, "kinds": ["cavalry", "ranged"]}


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"base_size": "big", "quality": 1}, "data.base_size"),
        ({"base_size": "0x60", "quality": 1}, "data.base_size"),
        ({"quality": 1}, "data.base_size"),
        ({"base_size": "30x60"}, "data.quality"),
        ({"base_size": "30x60", "quality": 1, "kinds": ["ranged", "long-ranged"]}, "data.kinds"),
        ({"base_size": "30x60", "quality": 1, "kinds": ["cavalry", "cavalry"]}, "data.kinds"),
        ({"base_size": "30x60", "quality": 1, "kinds": ["infantry"]}, "data.kinds"),
    ],
)
def test_a_bad_homebrew_unit_is_refused_naming_the_field(data: dict, field: str) -> None:
    with pytest.raises(RuleError) as caught:
        GAME.clean_homebrew("unit", data)
    assert field in caught.value.errors


@given(st.integers())
def test_quality_outside_zero_to_five_is_refused(quality: int) -> None:
    data = {"base_size": "30x60", "quality": quality}
    if 0 <= quality <= 5:
        assert GAME.clean_homebrew("unit", data)["quality"] == quality
    else:
        with pytest.raises(RuleError):
            GAME.clean_homebrew("unit", data)


def test_every_heading_carries_a_stable_anchor() -> None:
    headings = [line for line in RULES.splitlines() if line.startswith("#")]
    assert all(re.search(r"\{#[a-z0-9][a-z0-9-]*\}$", h) for h in headings)
    assert len(headings) == len(IDS) == len(set(IDS))


def test_rules_reference_covers_the_texts_sections() -> None:
    assert {
        "materials-needed",
        "card-value",
        "setting-up",
        "option-any-split",
        "course-of-play",
        "break-step",
        "stealing-cards",
        "winning-and-losing",
        "actions",
        "quality",
        "special-units",
        "moving-through-units",
    } <= set(IDS)


def test_rules_state_the_rulings_readings() -> None:
    sections = {s.id: s.body for s in reference.sections(RULES)}
    assert "pressure - quality > value" in sections["break-step"]
    assert "random" in sections["stealing-cards"]
    assert "draw" in sections["winning-and-losing"]
    assert "2 x value - distance" in sections["action-shoot"]
    assert "never below 0" in sections["action-shoot"]
    assert "difference" in sections["card-value"]
