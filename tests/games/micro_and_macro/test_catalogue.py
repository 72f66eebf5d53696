"""Golden tests: the book's tables arrive whole, and the starter cards make legal decks."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from companion.games.base import EntrySpec
from companion.games.micro_and_macro import GAME, book, mechanics, starter

ENTRIES = GAME.entries()
FACTIONS = {f.slug: f for f in GAME.factions()}
STARTER_FACTIONS = ("kingdoms-of-men", "bloodmages")


def of_kind(kind: str, faction: str | None = None) -> list[EntrySpec]:
    return [e for e in ENTRIES if e.kind == kind and (faction is None or e.faction == faction)]


def by_slug(kind: str) -> dict[str, EntrySpec]:
    return {e.slug: e for e in of_kind(kind)}


def cards(faction: str, category: str) -> list[EntrySpec]:
    return [c for c in of_kind("card", faction) if c.category == category]


# --- factions -------------------------------------------------------------------------


def test_six_faction_sections_with_the_four_unfinished_ones_as_drafts():
    assert list(FACTIONS) == [
        "kingdoms-of-men",
        "bloodmages",
        "swampbeasts",
        "mountain-men",
        "dwarfs",
        "unnamed",
    ]
    drafts = {slug for slug, f in FACTIONS.items() if f.is_draft}
    assert drafts == {"swampbeasts", "mountain-men", "dwarfs", "unnamed"}
    assert all(f.rule == f"faction-{f.slug}" for f in FACTIONS.values())
    assert all(f.description for f in FACTIONS.values())


def test_faction_keywords_are_the_books_without_placeholders():
    assert FACTIONS["kingdoms-of-men"].keywords == (
        "mortal",
        "many",
        "ambitious",
        "resilient",
        "principled",
        "hierarchy",
    )
    assert FACTIONS["bloodmages"].keywords == (
        "daemonic",
        "vicious",
        "inconsiderate",
        "self-destructive",
    )
    assert FACTIONS["swampbeasts"].keywords == (
        "hidden",
        "predator",
        "ambush",
        "one with nature",
        "claws and teeth",
    )
    assert FACTIONS["mountain-men"].keywords == (
        "few",
        "hermit",
        "mysterious",
        "sorcerer",
        "shaman",
    )
    assert FACTIONS["dwarfs"].keywords == ("greedy", "amulets")
    assert FACTIONS["unnamed"].keywords == ()


# --- units ----------------------------------------------------------------------------


def test_five_units_per_named_faction_and_none_for_the_blank_section():
    counts = Counter(u.faction for u in of_kind("unit"))
    assert counts == {
        "kingdoms-of-men": 5,
        "bloodmages": 5,
        "swampbeasts": 5,
        "mountain-men": 5,
        "dwarfs": 5,
    }


def test_unit_names_per_faction_in_the_books_order():
    names = {f: [u.name for u in of_kind("unit", f)] for f in FACTIONS}
    assert names == {
        "kingdoms-of-men": ["Peasant", "Town-guard", "Knight", "Cleric", "Aristocrat"],
        "bloodmages": ["Bloodmage", "Blood Knight", "Skeleton", "Direwolf", "Ghoul"],
        "swampbeasts": ["Troll", "Mud-Tree", "Mosquitoswarm", "Giant Frog", "???"],
        "mountain-men": ["Shaman", "Hermit", "Tracker", "Beastmaster", "Bear"],
        "dwarfs": ["Miner", "Gem-Stone Prist", "Detoneer", "Berserk", "???"],
        "unnamed": [],
    }


def stats(slug: str) -> tuple:
    d = by_slug("unit")[slug].data
    return (d["m"], d["lp"], d["a"], d["d"], d["sp"], d["md"], d["weapon"], d["spells"])


@pytest.mark.parametrize(
    ("slug", "expected"),
    [
        ("peasant", (4, 5, "D6", "D4", "D4", "D4", "rusty-sword", ["mobstrength"])),
        ("town-guard", (4, 8, "D6", "D6", "D4", "D4", "sword-and-board", [])),
        ("knight", (6, 12, "D8", "D10", "D6", "D8", "sword-and-board", ["commanding-presence"])),
        ("cleric", (5, 8, "D4", "D6", "D12", "D10", "wooden-staff", ["inspiring-aura"])),
        ("aristocrat", (6, 12, "D8", "D10", "D8", "D10", "dueling-sword", [])),
        ("bloodmage", (5, 20, "D6", "D6", "D16", "D12", "wooden-staff", ["demonic-leech"])),
        ("blood-knight", (6, 15, "D12", "D8", "D6", "D8", "felsword", ["beacon-of-evil"])),
        ("skeleton", (3, 4, "D4", "D6", "D4", "D6", "rusty-sword", ["masters-presence"])),
        ("direwolf", (8, 8, "D10", "D6", "D4", "D4", "teeth", ["infectious-bite"])),
        ("ghoul", (3, 8, "D6", "D6", "D12", "D12", "claws", ["fel-mortar"])),
    ],
)
def test_finished_units_carry_the_books_stat_lines(slug: str, expected: tuple):
    assert stats(slug) == expected
    assert not by_slug("unit")[slug].is_draft


def test_units_refer_to_their_weapon_and_spells():
    knight = by_slug("unit")["knight"]
    assert knight.refs == (("weapon", "sword-and-board"), ("spell", "commanding-presence"))
    assert by_slug("unit")["town-guard"].refs == (("weapon", "sword-and-board"),)


def test_placeholder_factions_units_are_zero_d4_drafts_without_gear():
    placeholders = [u for u in of_kind("unit") if u.faction in book.PLACEHOLDER_FACTIONS]
    assert len(placeholders) == 15
    for unit in placeholders:
        assert unit.is_draft, unit.slug
        assert stats(unit.slug) == (0, 0, "D4", "D4", "D4", "D4", "", [])
        assert unit.refs == ()


def test_only_the_placeholder_factions_units_are_drafts():
    drafts = {u.faction for u in of_kind("unit") if u.is_draft}
    assert drafts == {"swampbeasts", "mountain-men", "dwarfs"}
    assert sum(u.is_draft for u in of_kind("unit")) == 15


def test_unknown_units_are_drafts_with_faction_specific_slugs():
    unknown = [(u.faction, u.slug) for u in of_kind("unit") if u.name == "???"]
    assert unknown == [("swampbeasts", "swampbeasts-unknown"), ("dwarfs", "dwarfs-unknown")]
    assert all(by_slug("unit")[slug].is_draft for _, slug in unknown)


def test_unit_slugs_are_unique_across_factions():
    slugs = [u.slug for u in of_kind("unit")]
    assert len(slugs) == len(set(slugs)) == 25


def test_finished_units_pass_the_homebrew_checks():
    for unit in of_kind("unit"):
        if not unit.is_draft:
            assert GAME.clean_homebrew("unit", unit.data) == dict(unit.data)


# --- weapons --------------------------------------------------------------------------


def test_exactly_nine_weapons_with_range_damage_and_ability():
    rows = [
        (w.name, w.data["range"], w.data["damage"], bool(w.data["ability"]))
        for w in of_kind("weapon")
    ]
    assert rows == [
        ("Wooden Staff", 1, 4, False),
        ("Rusty Sword", 1, 2, False),
        ("Lance", 2, 2, False),
        ("Bow", 12, 1, True),
        ("Sword and Board", 1, 3, True),
        ("Teeth", 1, 3, False),
        ("Felsword", 1, 4, True),
        ("Claws", 1, 1, False),
        ("Dueling Sword", 1, 5, True),
    ]
    assert all(w.rule == "weapons" and w.faction == "" and w.text for w in of_kind("weapon"))


def test_weapon_abilities_say_what_the_book_says():
    weapons = by_slug("weapon")
    assert "double damage" in weapons["bow"].data["ability"].lower()
    assert "defense" in weapons["sword-and-board"].data["ability"].lower()
    assert "heals 1" in weapons["felsword"].data["ability"]
    assert "strikes back" in weapons["dueling-sword"].data["ability"]


# --- spells ---------------------------------------------------------------------------


def test_fourteen_spells_by_faction():
    counts = Counter(s.faction for s in of_kind("spell"))
    assert counts == {"": 1, "kingdoms-of-men": 5, "bloodmages": 7, "mountain-men": 1}
    assert len(of_kind("spell")) == 14


def test_spell_names_in_the_books_order():
    assert [s.name for s in of_kind("spell")] == [
        "Commanding presence",
        "Blessing of the Gods",
        "Inspiring Aura",
        "Knight's Order",
        "Mobstrength",
        "Thats an order!",
        "Beacon of Evil",
        "Demonic Leech",
        "Fel Mortar",
        "Infectious bite",
        "Masters Presence",
        "Unholy Presence",
        "Persistence of the Undead",
        "Hermit",
    ]


def test_spells_are_active_or_passive_with_unholy_presence_passive():
    spells = by_slug("spell")
    active = {slug for slug, s in spells.items() if s.category == "active"}
    assert active == {"blessing-of-the-gods", "thats-an-order", "demonic-leech", "fel-mortar"}
    assert spells["unholy-presence"].category == "passive"
    assert all(s.category in ("active", "passive") for s in spells.values())


def test_spell_ranges_are_centimetres_from_the_book():
    ranges = {slug: s.data["range"] for slug, s in by_slug("spell").items()}
    assert ranges == {
        "commanding-presence": 5,
        "blessing-of-the-gods": 3,
        "inspiring-aura": 3,
        "knights-order": None,
        "mobstrength": None,
        "thats-an-order": 6,
        "beacon-of-evil": 2,
        "demonic-leech": 8,
        "fel-mortar": 10,
        "infectious-bite": None,
        "masters-presence": 2,
        "unholy-presence": 5,
        "persistence-of-the-undead": None,
        "hermit": 10,
    }


def test_spell_texts_keep_the_books_numbers():
    spells = by_slug("spell")
    assert "8 damage" in spells["demonic-leech"].text and "4 LP" in spells["demonic-leech"].text
    assert "D6" in spells["fel-mortar"].text
    assert "5 or 6" in spells["persistence-of-the-undead"].text
    assert "rounded down" in spells["persistence-of-the-undead"].text
    assert "heals 3" in spells["blessing-of-the-gods"].text
    assert "4 or more" in spells["mobstrength"].text
    assert "3 Movement" in spells["hermit"].text
    assert all(s.rule == f"spell-{s.slug}" and s.text for s in spells.values())


def test_every_unit_spell_and_weapon_exists_in_the_arsenal():
    spells, weapons = set(by_slug("spell")), set(by_slug("weapon"))
    for unit in of_kind("unit"):
        assert set(unit.data["spells"]) <= spells, unit.slug
        assert unit.data["weapon"] in weapons | {""}, unit.slug


# --- card types -----------------------------------------------------------------------


def test_three_card_types_each_explained():
    types = of_kind("card-type")
    assert [(t.slug, t.rule) for t in types] == [
        ("building", "card-type-building"),
        ("upgrade", "card-type-upgrade"),
        ("instant", "card-type-instant"),
    ]
    assert all(t.text for t in types)


# --- starter cards --------------------------------------------------------------------


def test_starter_cards_exist_only_for_the_two_finished_factions():
    assert {c.faction for c in of_kind("card")} == set(STARTER_FACTIONS)
    assert all(c.is_starter for c in of_kind("card"))
    assert not any(e.is_starter for e in ENTRIES if e.kind != "card")


def test_every_starter_card_says_it_is_musters():
    for card in of_kind("card"):
        assert card.text.startswith("Muster starter card."), card.slug
        assert card.data["symbol"] == card.faction


@pytest.mark.parametrize("faction", STARTER_FACTIONS)
def test_starter_counts_five_buildings_nine_upgrades_four_instants(faction: str):
    counts = Counter(c.category for c in of_kind("card", faction))
    assert counts == {"building": 5, "upgrade": 9, "instant": 4}


@pytest.mark.parametrize("faction", STARTER_FACTIONS)
def test_exactly_one_main_building_whose_text_gives_the_income(faction: str):
    mains = [b for b in cards(faction, "building") if b.data["is_main"]]
    assert len(mains) == 1
    assert "At the start of your turn gain 2 resources" in mains[0].text


@pytest.mark.parametrize("faction", STARTER_FACTIONS)
def test_a_building_pile_fits_the_limit_of_seven(faction: str):
    buildings = cards(faction, "building")
    assert len(buildings) <= mechanics.MAX_BUILDING_CARDS
    assert len(buildings) <= mechanics.MAX_BUILDINGS_IN_PLAY


@pytest.mark.parametrize("faction", STARTER_FACTIONS)
def test_buildings_have_lp_a_defense_die_and_at_most_three_slots(faction: str):
    for building in cards(faction, "building"):
        data = building.data
        assert data["lp"] >= 1 and data["defense"] in mechanics.DIE_LADDER, building.slug
        assert 1 <= data["upgrade_slots"] <= 3, building.slug
        assert data["cost"] >= 0


@pytest.mark.parametrize("faction", STARTER_FACTIONS)
def test_every_unit_of_the_faction_can_be_made_at_a_stated_cost(faction: str):
    made: dict[str, int] = {}
    for building in cards(faction, "building"):
        for item in building.data["produces"]:
            made[item["unit"]] = item["cost"]
            assert building.text.count(by_slug("unit")[item["unit"]].name) >= 1
    units = {u.slug for u in of_kind("unit", faction)}
    assert set(made) == units
    assert all(cost > 0 for cost in made.values())


@pytest.mark.parametrize("faction", STARTER_FACTIONS)
def test_upgrades_teach_existing_spells_of_their_faction_or_general_ones(faction: str):
    spells = by_slug("spell")
    taught: set[str] = set()
    for upgrade in cards(faction, "upgrade"):
        for slug in upgrade.data.get("teaches", []):
            assert slug in spells, slug
            assert spells[slug].faction in (faction, ""), slug
            taught.add(slug)
    own = {s.slug for s in of_kind("spell", faction)}
    innate = {s for u in of_kind("unit", faction) for s in u.data["spells"]}
    assert own - innate <= taught, "every faction spell no unit knows is taught by a card"


@pytest.mark.parametrize("faction", STARTER_FACTIONS)
def test_upgrades_fit_faction_buildings_and_affect_units_those_buildings_make(faction: str):
    buildings = {b.slug: b for b in cards(faction, "building")}
    for upgrade in cards(faction, "upgrade"):
        fits = upgrade.data["fits"]
        assert set(fits) <= set(buildings), upgrade.slug
        made = {
            item["unit"]
            for slug in (fits or buildings)
            for item in buildings[slug].data["produces"]
        }
        assert set(upgrade.data["units"]) <= made, upgrade.slug
        assert upgrade.data.get("teaches") or upgrade.data.get("weapon") or not fits


@pytest.mark.parametrize("faction", STARTER_FACTIONS)
def test_weapon_upgrades_name_a_book_weapon(faction: str):
    weapons = by_slug("weapon")
    swaps = [u.data["weapon"] for u in cards(faction, "upgrade") if "weapon" in u.data]
    assert swaps and set(swaps) <= set(weapons)


@pytest.mark.parametrize("faction", STARTER_FACTIONS)
def test_a_legal_thirty_card_main_deck_can_be_built(faction: str):
    pool = [c for c in of_kind("card", faction) if c.category != "building"]
    assert len(pool) >= 8  # no copy limit: cycling these fills any deck size
    deck = [pool[i % len(pool)].slug for i in range(mechanics.MAIN_DECK_MIN)]
    assert mechanics.MAIN_DECK_MIN <= len(deck) <= mechanics.MAIN_DECK_MAX
    assert all(c.data["symbol"] in (faction, "neutral") for c in pool)


def test_starter_card_slugs_are_unique_across_factions():
    slugs = [c.slug for c in of_kind("card")]
    assert len(slugs) == len(set(slugs)) == 36


def test_starter_cards_pass_the_homebrew_checks():
    for card in of_kind("card"):
        assert GAME.clean_homebrew("card", card.data) == dict(card.data)


# --- whole catalogue ------------------------------------------------------------------


def test_entries_are_numbered_in_order_within_each_kind():
    for kind in {e.kind for e in ENTRIES}:
        assert [e.order for e in of_kind(kind)] == list(range(1, len(of_kind(kind)) + 1))


def test_no_prices_and_no_django():
    assert all(e.points is None for e in ENTRIES)
    assert GAME.cost("unit", by_slug("unit")["knight"].data) is None
    package = Path(book.__file__).parent
    for path in package.glob("*.py"):
        assert "django" not in path.read_text(encoding="utf-8").lower(), path.name


def test_starter_module_only_adds_cards():
    assert {e.kind for e in starter.entries()} == {"card"}
