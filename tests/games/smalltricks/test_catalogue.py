"""Golden tests: Smalltricks' unit types, abilities, board and options, with the text's numbers."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from companion.games import reference
from companion.games.base import EntrySpec, GameSystem, RuleError
from companion.games.smalltricks import GAME, board, book, catalogue

ENTRIES = GAME.entries()
RULES = GAME.rules_markdown()
IDS = reference.section_ids(RULES)


def of_kind(kind: str) -> list[EntrySpec]:
    return [e for e in ENTRIES if e.kind == kind]


def by_slug(kind: str) -> dict[str, EntrySpec]:
    return {e.slug: e for e in of_kind(kind)}


# (slug, name, category, face, life, combat damage, movement, range, abilities, replaces)
STATS = [
    ("archers", "Archers", "base", 1, 5, 2, 1, 0, ["volley"], None),
    ("cannons", "Cannons", "base", 2, 5, 2, 1, 0, ["mortar-fire"], None),
    ("mounted", "Mounted", "base", 3, 5, 2, 2, 0, ["charge"], None),
    ("assault-beasts", "Assault Beasts", "base", 4, 5, 2, 1, 0, ["trample"], None),
    ("spears", "Spears", "base", 5, 5, 2, 1, 0, ["spear", "counter-charge"], None),
    ("battery-ram", "Battery Ram", "base", 6, 5, 2, 1, 0, ["crash-through"], None),
    ("muskets", "Muskets", "alternative", 2, 5, 2, 1, 0, ["fire"], "cannons"),
    ("aerial", "Aerial", "alternative", 4, 5, 2, 1, 0, ["aerial-assault"], "assault-beasts"),
    (
        "militia",
        "Militia",
        "alternative",
        6,
        5,
        3,
        1,
        0,
        ["rowdy-crowd", "melee-expertise"],
        "battery-ram",
    ),
]


def test_package_exposes_a_two_player_game_without_prices_for_the_registry() -> None:
    # The registry picks up any package whose ``GAME`` is a GameSystem; looking it up through
    # the registry is test_conformance's job, as it imports every sibling game.
    assert isinstance(GAME, GameSystem) and GAME.slug == "smalltricks"
    assert (GAME.name, GAME.min_players, GAME.max_players) == ("Smalltricks", 2, 2)
    assert not any(kind.priced for kind in GAME.kinds)
    assert GAME.price("unit-type", {}) is None


def test_kinds_are_unit_types_abilities_board_and_options_and_only_unit_types_are_homebrew() -> (
    None
):
    assert [k.slug for k in GAME.kinds] == ["unit-type", "ability", "board", "option"]
    assert [k.slug for k in GAME.kinds if k.homebrew] == ["unit-type"]
    assert GAME.kind("unit-type").categories == ("base", "alternative")


def test_players_build_factions_so_there_are_none_in_the_catalogue() -> None:
    assert GAME.factions() == []
    assert {e.faction for e in ENTRIES} == {""}


def test_exactly_nine_unit_types_six_base_and_three_alternatives() -> None:
    units = of_kind("unit-type")
    assert len(units) == 9
    assert Counter(u.category for u in units) == {"base": 6, "alternative": 3}


def test_base_types_take_faces_one_to_six_and_alternatives_faces_two_four_six() -> None:
    units = of_kind("unit-type")
    assert sorted(u.data["face"] for u in units if u.category == "base") == [1, 2, 3, 4, 5, 6]
    assert sorted(u.data["face"] for u in units if u.category == "alternative") == [2, 4, 6]


@pytest.mark.parametrize(
    ("slug", "name", "category", "face", "life", "damage", "movement", "reach", "abilities", "rep"),
    STATS,
)
def test_unit_type_stats_match_the_text(
    slug: str,
    name: str,
    category: str,
    face: int,
    life: int,
    damage: int,
    movement: int,
    reach: int,
    abilities: list[str],
    rep: str | None,
) -> None:
    unit = by_slug("unit-type")[slug]
    assert (unit.name, unit.category) == (name, category)
    data = unit.data
    assert (data["face"], data["life"], data["combat_damage"]) == (face, life, damage)
    assert (data["movement"], data["range"], data["abilities"]) == (movement, reach, abilities)
    assert data.get("replaces") == rep
    assert unit.rule == f"unit-{slug}" and unit.text


def test_unit_types_are_in_the_texts_order() -> None:
    assert [u.slug for u in of_kind("unit-type")] == [row[0] for row in STATS]


def test_an_alternative_shares_the_face_of_the_base_type_it_replaces() -> None:
    units = by_slug("unit-type")
    for unit in units.values():
        if unit.category == "alternative":
            replaced = units[unit.data["replaces"]]
            assert replaced.category == "base"
            assert replaced.data["face"] == unit.data["face"]
            assert ("unit-type", replaced.slug) in unit.refs


def test_only_militia_is_limited_to_one_per_hexagon() -> None:
    limits = {s: u.data["max_per_hex"] for s, u in by_slug("unit-type").items()}
    assert {s for s, n in limits.items() if n != 2} == {"militia"}
    assert limits["militia"] == 1


def test_every_ability_a_unit_names_exists_and_is_referenced() -> None:
    abilities = by_slug("ability")
    for unit in of_kind("unit-type"):
        assert set(unit.data["abilities"]) <= set(abilities), unit.slug
        assert [r for r in unit.refs if r[0] == "ability"] == [
            ("ability", a) for a in unit.data["abilities"]
        ]


def test_every_ability_belongs_to_exactly_one_unit_type() -> None:
    used = Counter(a for u in of_kind("unit-type") for a in u.data["abilities"])
    assert set(used) == set(by_slug("ability"))
    assert set(used.values()) == {1}


def test_abilities_carry_the_texts_type_range_and_damage() -> None:
    got = {
        s: (a.category, a.data.get("range"), a.data.get("damage"))
        for s, a in by_slug("ability").items()
    }
    assert got == {
        "volley": ("ranged", 2, 2),
        "mortar-fire": ("ranged", 2, 1),
        "charge": ("movement", None, 2),
        "trample": ("movement", None, 1),
        "spear": ("melee", 1, 1),
        "counter-charge": ("movement", 0, 2),
        "crash-through": ("melee", None, None),
        "fire": ("ranged", None, 1),
        "aerial-assault": ("movement", None, None),
        "rowdy-crowd": ("passive", None, None),
        "melee-expertise": ("passive", None, None),
    }
    assert all(a.rule == f"ability-{a.slug}" and a.text for a in of_kind("ability"))


def test_ability_data_records_the_rulings_defaults() -> None:
    abilities = by_slug("ability")
    assert abilities["volley"].data["first_volley_is_new_target"] is True
    assert abilities["charge"].data["when"] == "move-ends"
    assert abilities["charge"].data["extra_movement"] == 1
    assert abilities["trample"].data["entry_damage_by_default"] is False
    assert abilities["fire"].data["only_if_not_moved"] is False
    assert abilities["mortar-fire"].data["hits_own_units"] is True
    assert abilities["counter-charge"].data["range"] == 0
    assert abilities["melee-expertise"].data["combat_damage"] == 3


def test_options_are_the_six_rulings_with_their_defaults() -> None:
    options = {s: (o.data["default"], o.data["alternatives"]) for s, o in by_slug("option").items()}
    assert options == {
        "end-of-game": ("damage-and-hold", ["player-driven"]),
        "round-limit": ("7", []),
        "rolled-faction-types": ("base", ["alternatives"]),
        "counter-charge-range": ("same-hexagon", ["within-range-1"]),
        "trample-damage": ("off", ["on"]),
        "muskets-fire": ("whether-moved-or-not", ["only-if-not-moved"]),
    }
    assert by_slug("option")["round-limit"].data["value_type"] == "int"
    assert all(o.rule == f"option-{o.slug}" for o in of_kind("option"))


def test_abilities_changed_by_an_option_link_to_it_both_ways() -> None:
    abilities, options = by_slug("ability"), by_slug("option")
    pairs = {(s, o) for s, a in abilities.items() for o in a.data["options"]}
    assert pairs == {
        ("counter-charge", "counter-charge-range"),
        ("trample", "trample-damage"),
        ("fire", "muskets-fire"),
    }
    for ability, option in pairs:
        assert ("option", option) in abilities[ability].refs
        assert ("ability", ability) in options[option].refs


def test_the_board_entry_is_the_board_modules_geometry() -> None:
    (battlefield,) = of_kind("board")
    data = battlefield.data
    assert (data["columns"], data["rows"], data["cells"]) == (6, 6, 36)
    assert data["hexes"] == "flat-top"
    assert data["halves"] == {"a": [1, 2, 3], "b": [4, 5, 6]}
    assert data["castle_rows"] == {"a": 1, "b": 6}
    assert data["units_per_faction_per_hex"] == board.UNITS_PER_FACTION_PER_HEX == 2
    assert battlefield.rule == "battlefield"


def test_the_catalogue_is_the_books_rows_in_the_books_order() -> None:
    assert [e.slug for e in catalogue.unit_types()] == [row[0] for row in book.UNIT_TYPES]
    assert [e.slug for e in catalogue.abilities()] == list(book.ABILITY_SLUGS)
    assert [e.slug for e in catalogue.options()] == [row[0] for row in book.RULE_OPTIONS]
    assert catalogue.battlefield()[0].text == book.BATTLEFIELD_TEXT


def test_entries_are_fresh_copies_that_callers_cannot_spoil() -> None:
    for entry in catalogue.entries():
        for value in entry.data.values():
            if isinstance(value, list):
                value.append("spoiled")
    fresh = catalogue.entries()
    assert fresh[0].data["abilities"] == ["volley"]
    assert all("spoiled" not in v for e in fresh for v in e.data.values() if isinstance(v, list))


def test_homebrew_unit_type_is_checked_against_the_fields() -> None:
    data = {"face": 3, "life": 4, "combat_damage": 2, "movement": 1, "range": 0}
    data |= {"abilities": ["charge", "spear"]}
    assert GAME.clean_homebrew("unit-type", data) == data
    with pytest.raises(RuleError) as bad:
        GAME.clean_homebrew("unit-type", {**data, "face": 7, "abilities": ["fly"]})
    assert set(bad.value.errors) == {"data.face", "data.abilities"}


def test_homebrew_alternative_must_share_the_replaced_types_face() -> None:
    data = {"face": 3, "life": 5, "combat_damage": 2, "movement": 1, "range": 0}
    assert GAME.clean_homebrew("unit-type", {**data, "replaces": "mounted"})["replaces"] == (
        "mounted"
    )
    with pytest.raises(RuleError) as bad:
        GAME.clean_homebrew("unit-type", {**data, "replaces": "archers"})
    assert set(bad.value.errors) == {"data.replaces"}


# --- the rules reference ---------------------------------------------------------------

REQUIRED_SECTIONS = {
    "smalltricks",
    "match",
    "faction-building",
    "rolled-factions",
    "setup",
    "faction-turn",
    "movement",
    "resolution-turn",
    "combat",
    "melee-abilities",
    "ranged-abilities",
    "castle-damage",
    "end-of-game",
    "damage-and-hold",
    "player-driven",
    "battlefield",
    "engagement",
    "one-and-two-engagements",
    "base-stats",
    "unit-types",
    "alternative-unit-types",
    "options",
}


def test_rules_reference_opens_with_the_game_heading() -> None:
    assert RULES.splitlines()[0] == "# Smalltricks rules reference {#smalltricks}"


def test_every_heading_has_a_unique_anchor() -> None:
    headings = [line for line in RULES.splitlines() if line.startswith("#")]
    assert [h for h in headings if not re.search(r"\{#[a-z0-9][a-z0-9-]*\}$", h)] == []
    assert len(headings) == len(IDS) == len(set(IDS))


def test_rules_reference_covers_every_part_of_a_game() -> None:
    assert REQUIRED_SECTIONS - set(IDS) == set()


def test_every_entry_links_to_an_existing_section() -> None:
    assert [(e.kind, e.slug) for e in ENTRIES if e.rule not in IDS] == []


def test_every_in_page_link_points_to_a_section() -> None:
    targets = set(re.findall(r"\]\(#([a-z0-9-]+)\)", RULES))
    assert targets - set(IDS) == set()


def test_rules_reference_tables_repeat_the_catalogue_stats() -> None:
    rows = {
        cells[1]: cells
        for line in RULES.splitlines()
        if line.startswith("| ") and (cells := [c.strip() for c in line.strip("|").split("|")])
    }
    for unit in of_kind("unit-type"):
        cells = rows[unit.name]
        stats = cells[-5:-1]
        assert cells[0] == str(unit.data["face"])
        assert stats == [str(unit.data[k]) for k in ("life", "combat_damage", "movement", "range")]


def test_rulings_are_stated_as_muster_readings() -> None:
    for phrase in (
        "first Volley of a game as a new target",
        "as soon as the move ends",
        "Crash Through by each faction in the same round as a draw",
        "when the resolution turn starts",
        "deals 1 damage to that castle",
    ):
        assert phrase in " ".join(RULES.split()), phrase
