"""Datacard lines: what a player reads on a unit or plan page instead of raw JSON."""

from companion.games.maker_war import GAME


def test_a_titan_reads_its_structure_traits_and_mounted_weapons():
    titan = next(e for e in GAME.entries() if e.slug == "foundry-titan")
    facts = dict(GAME.facts("unit", titan.data))
    assert facts["Structure"] == "14"
    assert facts["Traits"] == "Shields (2)"
    assert facts["Left weapon"] == "Foundry Rail Cannon"
    assert "Armor" not in facts


def test_a_flyer_reads_air_to_air_and_no_speed():
    facts = dict(
        GAME.facts(
            "unit",
            {
                "type": "flyer",
                "armor": 2,
                "fire_range": 30,
                "fire_power": 3,
                "fire_traits": ["AT"],
                "melee": 2,
            },
        )
    )
    assert facts["Speed"] == "flyer" and facts["Air-to-air"] == "2"
    assert facts["Fire power"] == "3 AT"


def test_a_plan_reads_counts_chiefs_and_dependencies():
    plan = next(e for e in GAME.entries() if e.slug == "maker-rifle-company")
    facts = GAME.facts("formation-plan", plan.data)
    assert ("Squad Leader", "1 (obligatory)") in facts
    assert ("Maker Rifles", "2-8 (obligatory)") in facts
    assert ("Chief", "Squad Leader") in facts
    assert ("Dependency", "at most one Maker Heavy Weapons per 2 Maker Rifles") in facts


def test_other_kinds_fall_back_to_their_field_labels():
    card = next(e for e in GAME.entries() if e.kind == "supply-card")
    assert ("Supply value", str(card.data["value"])) in GAME.facts("supply-card", card.data)
