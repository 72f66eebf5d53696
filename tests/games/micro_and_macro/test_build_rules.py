"""Micro and Macro deck validation: every problem code, the figures, the summary.

Plain pytest, no database: the catalogue is ``GAME.official_catalogue`` (the starter cards
and the book's units, spells and weapons) plus a few test-only neutral, draft and homebrew
cards.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from companion.games.building import CatalogueItem
from companion.games.micro_and_macro import GAME, build_rules

BLOOD = "bloodmages"


def card(
    slug: str,
    category: str,
    faction: str = "",
    *,
    draft: bool = False,
    homebrew: bool = False,
    **data: Any,
) -> CatalogueItem:
    """A test-only card; ``symbol`` defaults to its faction, or neutral."""
    facts = {"cost": 1, "symbol": faction or "neutral", **data}
    name = slug.replace("-", " ").title()
    return CatalogueItem(
        "card", slug, name, faction, category, data=facts, is_draft=draft, is_homebrew=homebrew
    )


EXTRA = [
    card("wanderers-camp", "building", lp=12, defense="D6", upgrade_slots=2, is_main=True),
    card("watchtower", "building", cost=2, lp=6, defense="D6", upgrade_slots=1),
    card("supply-cache", "instant", cost=0),
    card("neutral-charm", "upgrade", cost=3, fits=[], units=["skeleton"], teaches=["hermit"]),
    card("bog-hut", "building", cost=2, produces=[{"unit": "troll", "cost": 1}]),
    card("frog-totem", "upgrade", fits=[], units=["giant-frog"], teaches=["hermit"]),
    card("draft-rune", "instant", draft=True),
    # The printed symbol wins over the entry's faction.
    card("kings-levy", "instant", symbol="kingdoms-of-men"),
    card(
        "hb-1",
        "upgrade",
        BLOOD,
        homebrew=True,
        cost=4,
        fits=["wolf-den"],
        units=["ghoul"],
        teaches=["commanding-presence"],
    ),
    card("hb-2", "instant", homebrew=True, cost=5),
]
CAT = GAME.official_catalogue(EXTRA)
EXAMPLE_MAIN = {line["card"]: line["count"] for line in build_rules.EXAMPLE["main"]}
EXAMPLE_PILE = {line["card"]: line["count"] for line in build_rules.EXAMPLE["buildings"]}


def deck(
    main: dict[str, Any] | None = None,
    buildings: dict[str, Any] | None = None,
    faction: Any = BLOOD,
    **options: Any,
) -> dict[str, Any]:
    """A deck body; by default the example's piles. Counts of None leave the line out."""
    main = EXAMPLE_MAIN if main is None else main
    buildings = EXAMPLE_PILE if buildings is None else buildings
    return {
        "faction": faction,
        "main": [{"card": c, "count": n} for c, n in main.items() if n is not None],
        "buildings": [{"card": c, "count": n} for c, n in buildings.items() if n is not None],
        "options": options,
    }


def plus(**changes: Any) -> dict[str, Any]:
    """The example's main deck with some counts changed (``None`` drops a line)."""
    return EXAMPLE_MAIN | {k.replace("_", "-"): v for k, v in changes.items()}


def pile(**changes: Any) -> dict[str, Any]:
    return EXAMPLE_PILE | {k.replace("_", "-"): v for k, v in changes.items()}


NEUTRAL_MAIN = {"supply-cache": 20, "neutral-charm": 10}
NEUTRAL_PILE = {"wanderers-camp": 1, "watchtower": 2}


def codes(body: Any) -> list[str]:
    return sorted(p.code for p in build_rules.validate(body, CAT).problems)


# Every problem code ---------------------------------------------------------------------

EMPTY = ["empty-deck", "main-too-small", "no-main-building"]
CASES: list[tuple[str, Any, list[str]]] = [
    ("example", build_rules.EXAMPLE, []),
    ("exactly 30 and 7", deck(plus(blood_tithe=None), pile(graveyard=3)), []),
    ("exactly 40", deck(plus(blood_tithe=10)), []),
    ("neutral deck", deck(NEUTRAL_MAIN, NEUTRAL_PILE, faction="neutral"), []),
    ("neutral deck as ''", deck(NEUTRAL_MAIN, NEUTRAL_PILE, faction=""), []),
    (
        "neutral deck without faction",
        {k: v for k, v in deck(NEUTRAL_MAIN, NEUTRAL_PILE).items() if k != "faction"},
        [],
    ),
    ("neutral cards in a faction deck", deck(plus(supply_cache=2), pile(watchtower=1)), []),
    (
        "missing count is one copy",
        {**deck(), "buildings": [{"card": "blood-spire"}, *deck()["buildings"][1:]]},
        [],
    ),
    ("unknown-faction", deck(faction="orcs"), ["unknown-faction"]),
    ("draft-faction", deck({}, {}, faction="swampbeasts"), ["draft-faction", *EMPTY]),
    ("draft faction allowed", deck({}, {}, faction="swampbeasts", allow_drafts=True), EMPTY),
    ("unknown-card", deck(plus(ghost=1)), ["unknown-card"]),
    ("unknown-card a unit", deck(plus(skeleton=1)), ["unknown-card"]),
    ("bad-count zero", deck(plus(dark_pact=0)), ["bad-count"]),
    ("bad-count text", deck(plus(dark_pact="3")), ["bad-count"]),
    ("bad-count bool", deck(plus(dark_pact=True)), ["bad-count"]),
    ("bad-count fraction", deck(plus(dark_pact=1.5)), ["bad-count"]),
    ("bad-count over 99", deck(plus(dark_pact=100)), ["bad-count"]),
    ("malformed body", ["a", "deck"], ["malformed", *EMPTY]),
    ("malformed main", {**deck(), "main": "lots"}, ["main-too-small", "malformed"]),
    (
        "malformed buildings",
        {**deck({"blood-tithe": 30}), "buildings": {"a": 1}},
        ["malformed", "no-main-building"],
    ),
    ("malformed line", {**deck(), "main": [*deck()["main"], "fel-ward"]}, ["malformed"]),
    ("malformed line slug", {**deck(), "main": [*deck()["main"], {"count": 2}]}, ["malformed"]),
    ("malformed options", {**deck(), "options": "all"}, ["malformed"]),
    ("malformed option", deck(allow_drafts="yes"), ["malformed"]),
    ("malformed faction", deck(faction=7), ["malformed"]),
    ("main-too-small", deck(plus(blood_tithe=None, fel_ward=2)), ["main-too-small"]),
    ("main-too-large", deck(plus(blood_tithe=11)), ["main-too-large"]),
    ("building-in-main", deck(plus(fel_forge=1)), ["building-in-main"]),
    ("not-a-building", deck(buildings=pile(blood_tithe=1)), ["not-a-building"]),
    ("too-many-buildings", deck(buildings=pile(graveyard=3, wolf_den=2)), ["too-many-buildings"]),
    (
        "no-main-building",
        deck(buildings=pile(blood_spire=None)),
        ["no-main-building", "upgrade-fits-nothing", "upgrade-fits-nothing"],
    ),
    ("several-main-buildings", deck(buildings=pile(blood_spire=2)), ["several-main-buildings"]),
    (
        "several-main-buildings of two kinds",
        deck(buildings=pile(wanderers_camp=1)),
        ["several-main-buildings"],
    ),
    ("wrong-faction", deck(plus(call_to_arms=1)), ["wrong-faction"]),
    ("wrong-faction building", deck(buildings=pile(barracks=1)), ["wrong-faction"]),
    ("wrong-faction by symbol", deck(plus(kings_levy=1)), ["wrong-faction"]),
    (
        "wrong-faction in a neutral deck",
        deck({**NEUTRAL_MAIN, "blood-tithe": 1}, NEUTRAL_PILE, faction="neutral"),
        ["wrong-faction"],
    ),
    ("draft-card", deck(plus(draft_rune=1)), ["draft-card"]),
    ("draft-card makes a draft unit", deck(buildings=pile(bog_hut=1)), ["draft-card"]),
    ("draft-card changes a draft unit", deck(plus(frog_totem=1)), ["draft-card"]),
    (
        "draft cards allowed",
        deck(plus(draft_rune=1, frog_totem=1), pile(bog_hut=1), allow_drafts=True),
        [],
    ),
    ("homebrew-not-allowed", deck(plus(hb_1=1)), ["homebrew-not-allowed"]),
    ("homebrew allowed", deck(plus(hb_1=1, hb_2=1), allow_homebrew=True), []),
    ("upgrade-fits-nothing", deck(buildings=pile(fel_forge=None)), ["upgrade-fits-nothing"]),
    ("empty-deck", deck({}, {}), EMPTY),
    ("empty-deck without piles", {"faction": BLOOD}, EMPTY),
]


@pytest.mark.parametrize(("body", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_each_body_gets_exactly_its_problem_codes(body, expected):
    assert codes(body) == sorted(expected)


def test_every_documented_code_is_exercised():
    documented = {
        "malformed",
        "unknown-faction",
        "draft-faction",
        "unknown-card",
        "bad-count",
        "main-too-small",
        "main-too-large",
        "building-in-main",
        "not-a-building",
        "too-many-buildings",
        "no-main-building",
        "several-main-buildings",
        "wrong-faction",
        "draft-card",
        "homebrew-not-allowed",
        "upgrade-fits-nothing",
        "empty-deck",
    }
    assert {code for _, _, expected in CASES for code in expected} == documented
    for code in documented:
        assert f"``{code}``" in build_rules.__doc__


def test_problems_name_their_paths():
    body = deck(plus(ghost=1, fel_forge=1, call_to_arms=2), pile(blood_tithe=1, graveyard="2"))
    paths = {(p.code, p.path) for p in build_rules.validate(body, CAT).problems}
    assert ("unknown-card", "main.13") in paths
    assert ("building-in-main", "main.14") in paths
    assert ("wrong-faction", "main.15") in paths
    assert ("bad-count", "buildings.1") in paths
    assert ("not-a-building", "buildings.5") in paths
    assert ("malformed", "options.allow_drafts") in {
        (p.code, p.path) for p in build_rules.validate(deck(allow_drafts=1), CAT).problems
    }


def test_messages_name_the_cards_and_the_numbers():
    def messages(body: dict[str, Any]) -> dict[str, str]:
        return {p.code: p.message for p in build_rules.validate(body, CAT).problems}

    small = messages(deck(plus(blood_tithe=None, fel_ward=2)))["main-too-small"]
    assert "29 cards" in small and "30" in small
    large = messages(deck(plus(blood_tithe=11)))["main-too-large"]
    assert "41 cards" in large and "40" in large
    many = messages(deck(buildings=pile(graveyard=3, wolf_den=2)))["too-many-buildings"]
    assert "8 cards" in many and "7" in many
    several = messages(deck(buildings=pile(blood_spire=2, wanderers_camp=1)))
    assert "3 main buildings" in several["several-main-buildings"]
    assert "2x Blood Spire" in several["several-main-buildings"]
    assert "Wanderers Camp" in several["several-main-buildings"]
    wrong = messages(deck(plus(call_to_arms=1)))["wrong-faction"]
    assert "Call to Arms" in wrong and "Kingdoms of Men" in wrong and "Bloodmages" in wrong
    fits = messages(deck(buildings=pile(fel_forge=None)))["upgrade-fits-nothing"]
    assert "Leech Brood" in fits and "Fel Forge" in fits
    draft = messages(deck(buildings=pile(bog_hut=1)))["draft-card"]
    assert "Bog Hut" in draft and "Troll" in draft
    count = messages(deck(plus(dark_pact=0)))["bad-count"]
    assert "Dark Pact" in count and "99" in count
    assert "a unit" in messages(deck(plus(skeleton=1)))["unknown-card"]


def test_warnings_leave_a_deck_legal():
    report = build_rules.validate(deck(buildings=pile(fel_forge=None)), CAT)
    assert [(p.code, p.severity) for p in report.problems] == [("upgrade-fits-nothing", "warning")]
    assert report.legal


def test_an_empty_deck_warns_and_is_not_legal():
    report = build_rules.validate(deck({}, {}), CAT)
    assert {p.code: p.severity for p in report.problems}["empty-deck"] == "warning"
    assert not report.legal


def test_reading_problems_are_structural_and_rule_problems_are_not():
    report = build_rules.validate(
        deck(plus(ghost=1, dark_pact=0, call_to_arms=1), faction="orcs"), CAT
    )
    assert {p.code for p in report.problems if p.structural} == {
        "unknown-faction",
        "unknown-card",
        "bad-count",
    }
    report = build_rules.validate(deck(plus(blood_tithe=None), pile(blood_spire=2)), CAT)
    assert not any(p.structural for p in report.problems) and not report.legal


def test_an_unknown_faction_does_not_flag_every_card():
    assert codes(deck(faction="orcs")) == ["unknown-faction"]


# The example, the figures, the summary -----------------------------------------------------


def test_example_is_a_legal_bloodmages_deck_of_starter_cards():
    report = build_rules.validate(build_rules.EXAMPLE, CAT)
    assert report.problems == [] and report.legal
    assert build_rules.EXAMPLE["faction"] == BLOOD
    assert 30 <= report.figures["main_count"] <= 40
    assert report.figures["building_count"] <= 7
    assert report.figures["main_building"]["slug"] == "blood-spire"
    starters = {e.slug for e in GAME.entries() if e.kind == "card" and e.is_starter}
    assert set(EXAMPLE_MAIN) | set(EXAMPLE_PILE) <= starters
    assert GAME.example_list() == build_rules.EXAMPLE


HAND_WORKED = deck(
    {"unholy-relic": 2, "cursed-blades": 3, "blood-tithe": 4, "fel-ward": 1, "ghoul-hunger": 1},
    {"blood-spire": 1, "graveyard": 2},
)


def test_counts_and_the_cost_curve_of_a_hand_worked_deck():
    figures = build_rules.validate(HAND_WORKED, CAT).figures
    assert (figures["main_count"], figures["building_count"], figures["total"]) == (11, 3, 14)
    assert figures["by_type"] == {"building": 3, "upgrade": 6, "instant": 5}
    # Blood Tithe costs 0, Fel Ward 1, the three upgrades 2 each.
    assert figures["by_cost"] == {"0": 4, "1": 1, "2": 6}
    assert figures["cost_curve"] == [
        {"cost": 0, "count": 4},
        {"cost": 1, "count": 1},
        {"cost": 2, "count": 6},
    ]
    assert figures["main_building"] == {
        "slug": "blood-spire",
        "name": "Blood Spire",
        "cost": 0,
        "lp": 20,
        "defense": "D8",
        "upgrade_slots": 3,
    }
    assert figures["kinds"] == {
        "card": {
            "unholy-relic": 2,
            "cursed-blades": 3,
            "blood-tithe": 4,
            "fel-ward": 1,
            "ghoul-hunger": 1,
        },
        "type": {"upgrade": 6, "instant": 5},
    }
    assert figures["names"]["graveyard"] == "Graveyard"


def test_the_units_the_pile_makes_and_what_the_upgrades_give_them():
    units = {u["slug"]: u for u in build_rules.validate(HAND_WORKED, CAT).figures["units"]}
    # No Fel Forge: the Blood Knight is not made, so Unholy Relic reaches the Bloodmage only.
    assert list(units) == ["bloodmage", "skeleton", "ghoul"]
    mage = units["bloodmage"]
    assert mage["name"] == "Bloodmage"
    assert mage["made_by"] == [{"building": "blood-spire", "name": "Blood Spire", "cost": 6}]
    assert mage["stats"] == {"m": 5, "lp": 20, "a": "D6", "d": "D6", "sp": "D16", "md": "D12"}
    assert mage["weapon"] == {"slug": "wooden-staff", "name": "Wooden Staff"}
    assert mage["spells"] == [{"slug": "demonic-leech", "name": "Demonic Leech"}]
    assert mage["can_learn"] == [
        {"slug": "unholy-presence", "name": "Unholy Presence", "upgrades": ["Unholy Relic"]}
    ]
    assert mage["can_wield"] == []
    skeleton = units["skeleton"]
    assert skeleton["made_by"] == [{"building": "graveyard", "name": "Graveyard", "cost": 1}]
    assert skeleton["can_learn"] == []
    assert skeleton["can_wield"] == [
        {"slug": "felsword", "name": "Felsword", "upgrades": ["Cursed Blades"]}
    ]
    ghoul = units["ghoul"]
    assert ghoul["made_by"][0]["cost"] == 3
    assert ghoul["can_learn"] == [
        {"slug": "infectious-bite", "name": "Infectious bite", "upgrades": ["Ghoul Hunger"]}
    ]
    assert ghoul["is_draft"] is False and ghoul["known"] is True


def test_an_upgrade_reaches_a_unit_only_through_a_building_that_makes_it():
    # hb-1 teaches the Ghoul, but fits only the Wolf Den, which makes Direwolves.
    body = deck(
        {"hb-1": 1, "neutral-charm": 1},
        {"blood-spire": 1, "graveyard": 1, "wolf-den": 1},
        allow_homebrew=True,
    )
    units = {u["slug"]: u for u in build_rules.validate(body, CAT).figures["units"]}
    assert units["ghoul"]["can_learn"] == []
    assert units["direwolf"]["can_learn"] == []
    # Neutral Charm fits any building, so it reaches the Skeleton its Graveyard makes.
    assert units["skeleton"]["can_learn"] == [
        {"slug": "hermit", "name": "Hermit", "upgrades": ["Neutral Charm"]}
    ]


def test_a_spell_the_unit_knows_is_not_learnt_again():
    body = deck({"leech-brood": 1, "unholy-relic": 1}, {"fel-forge": 1, "blood-spire": 1})
    units = {u["slug"]: u for u in build_rules.validate(body, CAT).figures["units"]}
    assert [s["slug"] for s in units["blood-knight"]["can_learn"]] == [
        "demonic-leech",
        "unholy-presence",
    ]
    assert "demonic-leech" not in [s["slug"] for s in units["bloodmage"]["can_learn"]]


def test_unknown_cards_take_a_slot_but_no_type():
    figures = build_rules.validate(deck(plus(ghost=2)), CAT).figures
    assert figures["main_count"] == 36 and figures["total"] == 42
    assert sum(figures["by_type"].values()) == 40
    assert "ghost" not in figures["kinds"]["card"]


def test_report_is_json_ready():
    report = build_rules.validate(build_rules.EXAMPLE, CAT)
    assert json.loads(json.dumps(report.as_dict(), allow_nan=False))["legal"] is True


def test_model_counts_are_one_of_each_unit_the_pile_makes():
    assert build_rules.model_counts(build_rules.EXAMPLE, CAT) == {
        "bloodmage": 1,
        "skeleton": 1,
        "ghoul": 1,
        "direwolf": 1,
        "blood-knight": 1,
    }
    assert build_rules.model_counts(deck(buildings={"sacrificial-pit": 1}), CAT) == {}
    assert build_rules.model_counts(None, CAT) == {}  # type: ignore[arg-type]


def test_summary_reads_as_a_forum_post():
    report = build_rules.validate(build_rules.EXAMPLE, CAT)
    text = build_rules.summary(build_rules.EXAMPLE, CAT, report)
    assert text.splitlines()[0] == (
        "Bloodmages deck: 34 main-deck cards + 6 in the building pile (40 cards)"
    )
    assert "Upgrades (20)\n3x Unholy Relic\n3x Rite of Undeath\n" in text
    assert "Instants (14)\n4x Blood Tithe\n4x Raise the Dead\n3x Dark Pact\n3x Fel Ward\n" in text
    assert "Building pile (6)\n1x Blood Spire (main building)\n2x Graveyard\n" in text
    assert text.index("Upgrades") < text.index("Instants") < text.index("Building pile")
    assert text.endswith("\n\nLegal")


def test_summary_of_an_illegal_deck_lists_its_problems():
    body = deck({"blood-tithe": 2, "ghost": 1, "fel-forge": 1}, {"graveyard": 1, "fel-ward": 1})
    body["main"].append({"card": "blood-tithe", "count": 3})
    report = build_rules.validate(body, CAT)
    text = build_rules.summary(body, CAT, report)
    assert "Buildings (1)\n1x Fel Forge" in text
    assert "Instants (5)\n5x Blood Tithe" in text
    assert "Unknown cards (1)\n1x ghost" in text
    assert "Building pile (2)\n1x Graveyard\n1x Fel Ward" in text
    assert "Not legal:" in text
    assert "- error: The main deck has 7 cards; it needs at least 30. (main)" in text
    neutral = deck(NEUTRAL_MAIN, NEUTRAL_PILE, faction="neutral")
    text = build_rules.summary(neutral, CAT, build_rules.validate(neutral, CAT))
    assert text.startswith("Neutral deck: 30 main-deck cards")
    warned = deck(buildings=pile(fel_forge=None))
    assert "Legal, with warnings:\n- warning: Leech Brood" in build_rules.summary(
        warned, CAT, build_rules.validate(warned, CAT)
    )
