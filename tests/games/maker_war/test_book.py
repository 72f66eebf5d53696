"""Golden tests: the book's tables arrive whole, with the book's numbers."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from companion.games.base import EntrySpec, slugify
from companion.games.maker_war import book
from companion.games.maker_war.traits import TRAIT_NAMES

ENTRIES = book.entries()


def of_kind(kind: str) -> list[EntrySpec]:
    return [e for e in ENTRIES if e.kind == kind]


def by_slug(kind: str) -> dict[str, EntrySpec]:
    return {e.slug: e for e in of_kind(kind)}


def test_the_six_factions_with_stellar_pilgrim_as_the_only_draft():
    factions = {f.slug: f for f in book.factions()}
    assert set(factions) == {
        "terran-makers",
        "transcendent",
        "cyber-demons",
        "astral",
        "fungus-pandemia",
        "stellar-pilgrim",
    }
    assert [s for s, f in factions.items() if f.is_draft] == ["stellar-pilgrim"]
    assert all(f.rule == f"faction-{f.slug}" and f.description for f in factions.values())


def test_the_swarm_is_background_only():
    assert "swarm" not in {f.slug for f in book.factions()}


@pytest.mark.parametrize(
    ("faction", "rules"),
    [
        ("terran-makers", ("maker-weapon",)),
        ("transcendent", ("generator", "conduit")),
        ("astral", ("portal",)),
        ("fungus-pandemia", ("root", "hypha", "sprout")),
        ("cyber-demons", ("regeneration", "berserk", "bloodlust", "broodmother")),
        ("stellar-pilgrim", ()),
    ],
)
def test_faction_special_rules_are_trait_slugs(faction: str, rules: tuple[str, ...]):
    spec = {f.slug: f for f in book.factions()}[faction]
    assert spec.special_rules == rules
    assert set(rules) <= set(by_slug("trait"))


def test_one_trait_per_canonical_name_with_its_category_and_value_flag():
    traits = of_kind("trait")
    assert [(t.slug, t.name, t.category, t.data["valued"]) for t in traits] == [
        (t.slug, t.name, t.category, t.valued) for t in TRAIT_NAMES
    ]
    assert all(t.faction == "" and t.rule == f"trait-{t.slug}" and t.text for t in traits)


def test_only_screen_transport_carrier_and_shields_take_a_value():
    valued = {t.slug for t in of_kind("trait") if t.data["valued"]}
    assert valued == {"screen", "transport", "carrier", "shields"}


def test_eight_general_orders_and_astral_hit_and_run():
    orders = of_kind("order")
    general = [o.slug for o in orders if o.faction == ""]
    assert general == [
        "advance",
        "assault",
        "march",
        "continuous-fire",
        "patrol",
        "regroup",
        "scatter",
        "veer-off",
    ]
    assert [(o.slug, o.faction) for o in orders if o.faction] == [("hit-and-run", "astral")]
    assert all(o.rule == f"order-{o.slug}" for o in orders)


def test_flyers_take_six_orders_and_pay_two_supply_except_to_veer_off():
    orders = by_slug("order")
    flyer_orders = {s for s, o in orders.items() if o.data["flyers"]}
    assert flyer_orders == {
        "advance",
        "continuous-fire",
        "patrol",
        "regroup",
        "scatter",
        "veer-off",
    }
    assert {s: orders[s].data["flyer_supply"] for s in flyer_orders} == {
        "advance": 2,
        "continuous-fire": 2,
        "patrol": 2,
        "regroup": 2,
        "scatter": 2,
        "veer-off": 0,
    }
    assert [s for s, o in orders.items() if o.data.get("flyers_only")] == ["veer-off"]


def test_immobile_formations_take_advance_patrol_regroup_and_scatter():
    orders = by_slug("order")
    assert {s for s, o in orders.items() if o.data["immobile"]} == {
        "advance",
        "patrol",
        "regroup",
        "scatter",
    }


def test_order_movement_shooting_and_stances():
    orders = by_slug("order")
    assert {s: o.data["move"] for s, o in orders.items() if o.faction == ""} == {
        "advance": "basic",
        "assault": "double",
        "march": "triple",
        "continuous-fire": "none",
        "patrol": "basic",
        "regroup": "5 cm",
        "scatter": "basic",
        "veer-off": "straight off the table",
    }
    assert {s for s, o in orders.items() if o.data["fire"]} == {
        "advance",
        "continuous-fire",
        "hit-and-run",
    }
    assert {s: o.data["stance"] for s, o in orders.items() if "stance" in o.data} == {
        "march": "march",
        "patrol": "patrol",
    }


def test_stances_from_orders_checks_berserk_and_flight():
    stances = by_slug("stance")
    assert list(stances) == ["patrol", "march", "scatter", "rage", "fly-high", "flying-low"]
    assert {s for s, st in stances.items() if st.data.get("attacker_advantage")} == {
        "march",
        "scatter",
    }
    assert all(st.rule == f"stance-{st.slug}" for st in stances.values())


def test_seven_terrain_samples_with_their_kinds():
    terrain = {t.name: t.data["kinds"] for t in of_kind("terrain")}
    assert terrain == {
        "Forest": ["cover", "difficult", "shelter"],
        "Building": ["cover", "difficult", "shelter"],
        "Hill": ["high-ground"],
        "Lake": ["difficult", "impassable"],
        "Minefield": ["deadly"],
        "Fortress": ["fortification", "impassable"],
        "Street": ["street"],
    }
    assert by_slug("terrain")["lake"].data["by_type"] == {"tank": ["impassable"]}
    assert {t.rule for t in of_kind("terrain")} == {"terrain-samples"}


def test_six_setup_tiers_with_the_training_game_at_exactly_500():
    tiers = of_kind("setup-tier")
    assert len(tiers) == 6
    training = tiers[0].data
    assert tiers[0].slug == "training-500"
    assert training["training"] is True
    assert (training["min_points"], training["max_points"]) == (500, 500)
    assert (
        training["supply_cards_per_round"],
        training["points_of_interest"],
        training["stars"],
    ) == (0, 0, 0)
    assert not any(t.data["training"] for t in tiers[1:])


def test_setup_tiers_cover_every_budget_once_from_1_upwards():
    ranges = [(t.data["min_points"], t.data["max_points"]) for t in of_kind("setup-tier")[1:]]
    assert ranges == [(1, 1000), (1001, 2000), (2001, 4000), (4001, 9999), (10000, None)]


def test_setup_tier_figures_match_the_book():
    rows = [
        (
            t.data["supply_cards_per_round"],
            t.data["points_of_interest"],
            t.data["stars"],
            t.data["table_cm"],
            t.data["terrain_pieces"],
            t.data["reshuffle"],
        )
        for t in of_kind("setup-tier")
    ]
    assert rows == [
        (0, 0, 0, [100, 80], 2, False),
        (1, 2, 1, [100, 80], 2, False),
        (2, 3, 2, [120, 120], 6, False),
        (3, 4, 3, [120, 120], 6, False),
        (3, 6, 5, [200, 120], 10, False),
        (4, 8, 8, [200, 200], 16, True),
    ]
    assert {t.rule for t in of_kind("setup-tier")} == {"game-setup-table"}


def test_eight_supply_cards_five_copies_each_make_a_deck_of_forty():
    cards = of_kind("supply-card")
    assert {c.name: c.data["value"] for c in cards} == {
        "Lucky Shot": 2,
        "Reinforcements": 2,
        "Shock and Awe": 2,
        "More Fuel": 3,
        "More Ammunition": 2,
        "Orbital Barrage": 3,
        "Second Wind": 3,
        "Against All Odds": 2,
    }
    assert sum(c.data["copies"] for c in cards) == 40
    assert all(c.data["alternate_use"] for c in cards)


def test_critical_hit_tables_have_one_seven_and_twelve_rows():
    counts = Counter(e.category for e in of_kind("critical-hit"))
    assert counts == {"titan-tank": 1, "moderate": 7, "big": 12}  # big: 2D6 2-12 and (13)


def test_moderate_table_rolls_1_to_7_and_big_table_2_to_13():
    rolls = {
        table: [e.data["roll"] for e in of_kind("critical-hit") if e.category == table]
        for table in ("moderate", "big")
    }
    assert rolls == {"moderate": list(range(1, 8)), "big": list(range(2, 14))}


def test_critical_hit_rows_name_the_weapon_mounts_of_the_rulings():
    mounts = {e.slug: e.data["mount"] for e in of_kind("critical-hit") if "mount" in e.data}
    assert mounts == {
        "moderate-3-left-weapon": "left-weapon",
        "moderate-4-right-weapon": "right-weapon",
        "big-7-left-arm": "left-arm",
        "big-8-right-arm": "right-arm",
        "big-9-left-mount": "left-mount",
        "big-10-right-mount": "right-mount",
    }


def test_critical_hit_tables_apply_by_structure():
    hits = by_slug("critical-hit")
    assert hits["titan-tank-plating-penetrated"].data["max_structure"] == 6
    assert hits["titan-tank-plating-penetrated"].data["structure_damage"] == 3
    assert hits["moderate-1-legs"].data["max_structure"] == 15
    assert hits["big-2-left-leg"].data["min_structure"] == 16
    assert hits["moderate-7-generator"].data["structure_damage"] == 4
    assert hits["big-13-generator"].data["structure_damage"] == 5


def test_five_death_throes_cover_one_to_six():
    throes = of_kind("death-throe")
    assert [(t.name, t.data["rolls"]) for t in throes] == [
        ("Nothing Special", [1, 2]),
        ("Small Detonation", [3]),
        ("Losing Hope", [4]),
        ("Cheers", [5]),
        ("Large Detonation", [6]),
    ]
    assert {t.rule for t in throes} == {"death-of-a-titan"}


def test_six_points_of_interest_one_per_face_of_the_d6_table():
    points = of_kind("point-of-interest")
    assert [(p.slug, p.data["rolls"]) for p in points] == [
        ("source-of-supply-1", [1]),
        ("source-of-supply-2", [2]),
        ("ordnance", [3]),
        ("fortification", [4]),
        ("reliquary", [5]),
        ("landing-zone", [6]),
    ]
    assert points[1].data["terrain_examples"] == ["Crossroads", "Alien artifacts"]
    assert all(p.rule == f"poi-{slugify(p.name)}" for p in points)


def test_slugs_are_unique_within_each_kind():
    keys = Counter((e.kind, e.slug) for e in ENTRIES)
    assert [k for k, n in keys.items() if n > 1] == []


def test_entries_are_numbered_in_the_books_order():
    for kind in {e.kind for e in ENTRIES}:
        assert [e.order for e in of_kind(kind)] == list(range(1, len(of_kind(kind)) + 1))


def test_book_entries_carry_no_prices_and_no_django():
    assert all(e.points is None for e in ENTRIES)
    assert "django" not in Path(book.__file__).read_text(encoding="utf-8").lower()
