"""Missiles & Microchips kits: the computers in play and exactly the cards the table needs."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.building import CatalogueItem
from companion.games.missiles_and_microchips import GAME, build_rules, list_edits

CAT = GAME.official_catalogue()
SIX = [
    "crimson-core",
    "ember-engine",
    "solar-lattice",
    "verdant-grid",
    "cobalt-oracle",
    "violet-cipher",
]
KNOWN_CODES = {
    "malformed",
    "unknown-computer",
    "duplicate-computer",
    "too-few-players",
    "too-many-players",
}


def codes(body: Any) -> list[str]:
    return [p.code for p in build_rules.validate(body, CAT).problems]


def kit(n: int) -> dict[str, Any]:
    return {"computers": SIX[:n]}


def test_the_game_has_kits() -> None:
    assert GAME.list_noun == "kit"
    assert {item.kind for item in CAT.of_kind_all()} == {"supercomputer", "card", "component"}


def test_example_is_a_legal_four_player_kit() -> None:
    report = GAME.validate_list(GAME.example_list(), CAT)
    assert report.legal and report.problems == []
    assert report.figures["players"] == 4
    assert report.figures["total"] == 16 + 12


def test_three_players_need_nine_target_and_nine_action_cards() -> None:
    figures = build_rules.validate(kit(3), CAT).figures
    assert figures["card_count"] == {"target": 9, "action": 9}
    assert figures["total"] == 18 == sum(row["count"] for row in figures["cards"])
    assert figures["computers"] == [
        {"slug": "crimson-core", "name": "Crimson Core", "colour": "red"},
        {"slug": "ember-engine", "name": "Ember Engine", "colour": "orange"},
        {"slug": "solar-lattice", "name": "Solar Lattice", "colour": "yellow"},
    ]
    crimson = [row for row in figures["cards"] if row["computer"] == "crimson-core"]
    assert [row["slug"] for row in crimson] == [
        "crimson-core-target-crimson-core",
        "crimson-core-target-ember-engine",
        "crimson-core-target-solar-lattice",
        "crimson-core-attack",
        "crimson-core-block",
        "crimson-core-charge",
    ]
    assert crimson[0] == {
        "slug": "crimson-core-target-crimson-core",
        "name": "TARGET: Crimson Core (own card)",
        "type": "target",
        "computer": "crimson-core",
        "count": 1,
    }
    # No card of a computer nobody picked.
    assert not any("verdant-grid" in row["slug"] for row in figures["cards"])


def test_six_players_need_the_whole_deck() -> None:
    figures = build_rules.validate(kit(6), CAT).figures
    assert figures["card_count"] == {"target": 36, "action": 18}
    assert figures["total"] == 54
    every_card = {item.slug for item in CAT.of_kind("card")}
    assert {row["slug"] for row in figures["cards"]} == every_card
    assert len(figures["cards"]) == 54


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_cards_scale_with_the_players(players: int) -> None:
    figures = build_rules.validate(kit(players), CAT).figures
    assert figures["card_count"] == {"target": players * players, "action": 3 * players}
    by_holder = Counter(row["computer"] for row in figures["cards"])
    assert set(by_holder.values()) == {players + 3}
    # Each seat holds one TARGET card of each computer in play: `players` copies of each face.
    faces = Counter(row["name"].removesuffix(" (own card)") for row in figures["cards"])
    assert all(faces[f"TARGET: {c['name']}"] == players for c in figures["computers"])
    assert figures["starting_energy_tokens"] == 5 * players


def test_tokens() -> None:
    figures = build_rules.validate(kit(4), CAT).figures
    assert figures["energy_tokens"] == 50 and figures["start_player_token"] == 1


def test_homebrew_cards_are_not_dealt() -> None:
    extra = CatalogueItem(
        kind="card",
        slug="hb-1",
        name="OVERCLOCK",
        faction="crimson-core",
        category="action",
        data={"computer": "crimson-core", "action": "charge"},
        is_homebrew=True,
    )
    figures = build_rules.validate(kit(3), GAME.official_catalogue([extra])).figures
    assert "hb-1" not in {row["slug"] for row in figures["cards"]} and figures["total"] == 18


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (["crimson-core"], ["malformed"]),
        ({}, ["malformed"]),
        ({"computers": "crimson-core"}, ["malformed"]),
        ({"computers": [*SIX[:3], 7]}, ["malformed"]),
        ({"computers": [*SIX[:3], "skynet"]}, ["unknown-computer"]),
        ({"computers": [*SIX[:3], "crimson-core"]}, ["duplicate-computer"]),
        (kit(2), ["too-few-players"]),
        (kit(0), ["too-few-players"]),
        ({"computers": [*SIX, "crimson-core"]}, ["duplicate-computer", "too-many-players"]),
    ],
)
def test_every_code(body: Any, expected: list[str]) -> None:
    assert codes(body) == expected


def test_a_seventh_homebrew_computer_is_too_many_players() -> None:
    hal = CatalogueItem(kind="supercomputer", slug="hal", name="HAL", data={"colour": "black"})
    report = build_rules.validate({"computers": [*SIX, "hal"]}, GAME.official_catalogue([hal]))
    assert [p.code for p in report.problems] == ["too-many-players"]
    assert report.figures["card_count"] == {"target": 49, "action": 21}


def test_problems_point_at_the_seat() -> None:
    report = build_rules.validate({"computers": [*SIX[:3], "skynet", "ember-engine"]}, CAT)
    assert [(p.code, p.path) for p in report.problems] == [
        ("unknown-computer", "computers.3"),
        ("duplicate-computer", "computers.4"),
    ]
    assert all(p.structural for p in report.problems[:1])
    # The kit still lists the cards of the computers it could read.
    assert report.figures["players"] == 5 and report.figures["total"] == 18


def test_summary_lists_computers_and_the_cards_to_print() -> None:
    report = build_rules.validate(kit(3), CAT)
    text = GAME.list_summary(kit(3), CAT, report)
    assert "3 players" in text and "Crimson Core (red)" in text
    assert "3x TARGET: Ember Engine" in text and "3x ATTACK" in text
    assert "Cards: 18 (9 TARGET, 9 ACTION)" in text and text.endswith("Legal.")
    bad = build_rules.validate(kit(2), CAT)
    assert "too-few" not in GAME.list_summary(kit(2), CAT, bad)  # messages, not codes
    assert "Not legal:" in GAME.list_summary(kit(2), CAT, bad)


def test_no_models() -> None:
    assert GAME.model_counts(GAME.example_list(), CAT) == {}


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=15) | st.sampled_from(SIX),
    lambda children: (
        st.lists(children, max_size=8) | st.dictionaries(st.text(max_size=10), children, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None)
@given(
    body=JSON
    | st.fixed_dictionaries(
        {"computers": st.lists(st.sampled_from([*SIX, "x"]) | JSON, max_size=9)}
    )
)
def test_validate_never_raises(body: Any) -> None:
    report = build_rules.validate(body, CAT)
    assert {p.code for p in report.problems} <= KNOWN_CODES
    assert report.figures["total"] == len(report.figures["cards"])
    build_rules.summary(body, CAT, report)
    list_edits.choices(body, CAT)
