"""Golden tests: the 54 cards and the tables of Missiles & Microchips, as RULINGS.md reads them."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from companion.games import reference
from companion.games.base import EntrySpec, RuleError
from companion.games.missiles_and_microchips import GAME, book, catalogue

ENTRIES = catalogue.entries()
RULES = GAME.rules_markdown()
IDS = reference.section_ids(RULES)
COMPUTERS = [
    "crimson-core",
    "ember-engine",
    "solar-lattice",
    "verdant-grid",
    "cobalt-oracle",
    "violet-cipher",
]


def of_kind(kind: str, category: str | None = None) -> list[EntrySpec]:
    return [e for e in ENTRIES if e.kind == kind and category in (None, e.category)]


def by_slug(kind: str) -> dict[str, EntrySpec]:
    return {e.slug: e for e in of_kind(kind)}


def test_game_is_for_three_to_six_players() -> None:
    assert (GAME.slug, GAME.name) == ("missiles-and-microchips", "Missiles & Microchips")
    assert (GAME.min_players, GAME.max_players) == (3, 6)
    assert not any(k.priced for k in GAME.kinds)


def test_six_supercomputers_each_a_faction_with_its_own_colour() -> None:
    computers = of_kind("supercomputer")
    assert [c.slug for c in computers] == COMPUTERS
    assert [f.slug for f in GAME.factions()] == COMPUTERS
    assert all(c.faction == c.slug for c in computers)
    colours = [c.data["colour"] for c in computers]
    assert len(set(colours)) == 6
    assert [f.data["colour"] for f in GAME.factions()] == colours
    assert {f.rule for f in GAME.factions()} == {"supercomputers"}


def test_rules_say_the_computer_names_are_musters() -> None:
    body = {s.id: s.body for s in reference.sections(RULES)}["supercomputers"]
    assert "Muster's" in body
    assert all(c.name in body for c in of_kind("supercomputer"))


def test_fifty_four_cards_36_target_and_18_action() -> None:
    assert len(of_kind("card")) == 54
    assert len(of_kind("card", "target")) == 36
    assert len(of_kind("card", "action")) == 18
    assert {c.category for c in of_kind("card")} == {"target", "action"}


def test_each_computer_holds_six_target_and_three_action_cards() -> None:
    held = Counter((c.faction, c.category) for c in of_kind("card"))
    assert held == {
        **{(slug, "target"): 6 for slug in COMPUTERS},
        **{(slug, "action"): 3 for slug in COMPUTERS},
    }
    assert all(c.faction == c.data["computer"] for c in of_kind("card"))


def test_six_target_cards_of_each_computer_one_per_seat() -> None:
    shown = Counter(c.data["target"] for c in of_kind("card", "target"))
    assert shown == {slug: 6 for slug in COMPUTERS}
    pairs = {(c.data["computer"], c.data["target"]) for c in of_kind("card", "target")}
    assert pairs == {(h, t) for h in COMPUTERS for t in COMPUTERS}


def test_no_computer_targets_itself_its_own_card_lies_in_front() -> None:
    targets = of_kind("card", "target")
    own = [c for c in targets if c.data["identity"]]
    assert [(c.data["computer"], c.data["target"]) for c in own] == [(s, s) for s in COMPUTERS]
    aimable = [c for c in targets if not c.data["identity"]]
    assert len(aimable) == 30
    assert all(c.data["computer"] != c.data["target"] for c in aimable)


def test_each_computer_has_one_attack_block_and_charge() -> None:
    sets = {
        slug: sorted(c.data["action"] for c in of_kind("card", "action") if c.faction == slug)
        for slug in COMPUTERS
    }
    assert sets == {slug: ["attack", "block", "charge"] for slug in COMPUTERS}


def test_cards_refer_to_the_computer_or_action_they_use() -> None:
    for card in of_kind("card", "target"):
        assert card.refs == (("supercomputer", card.data["target"]),)
    for card in of_kind("card", "action"):
        assert card.refs == (("action", card.data["action"]),)


def test_card_slugs_are_unique_across_the_whole_deck() -> None:
    slugs = [c.slug for c in of_kind("card")]
    assert len(slugs) == len(set(slugs)) == 54
    assert [c.order for c in of_kind("card")] == list(range(1, 55))


def test_the_three_actions_resolve_as_the_rulings_say() -> None:
    actions = by_slug("action")
    assert list(actions) == ["attack", "block", "charge"]
    attack, block, charge = (actions[s].data for s in ("attack", "block", "charge"))
    assert (attack["damage_to_target"], attack["cancels_target_charge"]) == (1, True)
    assert attack["mirrored"] == "each takes 1, no extra"
    assert attack["special"] == "Mutually Assured Destruction"
    assert block["blocks_attacks"] is True
    assert (block["damage_to_each_attacker"], block["firewall_damage"]) == (1, 2)
    assert block["special"] == "Firewall"
    assert (charge["gain"], charge["chain_gain"]) == (1, 2)
    assert charge["mirrored"] == "gain 0 (Feedback)"
    assert all(a.rule == f"action-{a.slug}" for a in actions.values())


def test_five_phases_in_order_with_duels_skipping_aim_and_change() -> None:
    phases = of_kind("phase")
    assert [(p.slug, p.data["step"]) for p in phases] == [
        ("choose", 1),
        ("aim", 2),
        ("change", 3),
        ("action", 4),
        ("clean-up", 5),
    ]
    assert [p.slug for p in phases if not p.data["in_duels"]] == ["aim", "change"]
    assert [p.slug for p in phases if not p.data["simultaneous"]] == ["change"]


def test_three_ways_to_end() -> None:
    assert list(by_slug("ending")) == [
        "energy-win",
        "last-computer-standing",
        "scorched-earth",
    ]
    assert "10 or more" in by_slug("ending")["energy-win"].data["outcome"]
    assert book.WIN_ENERGY == 10 and book.START_ENERGY == 5


def test_the_components_with_their_quantities() -> None:
    components = {c.name: c.data["quantity"] for c in of_kind("component")}
    assert components == {
        "TARGET cards": 36,
        "ACTION cards": 18,
        "Energy tokens": 50,
        "Starting player token": 1,
    }
    assert components["TARGET cards"] == len(of_kind("card", "target"))
    assert components["ACTION cards"] == len(of_kind("card", "action"))


def test_every_entry_data_fits_its_kind_fields() -> None:
    for entry in ENTRIES:
        assert GAME.clean_homebrew(entry.kind, entry.data) == dict(entry.data), entry.slug


def test_only_cards_are_homebrew() -> None:
    assert [k.slug for k in GAME.kinds if k.homebrew] == ["card"]


@pytest.mark.parametrize(
    "data",
    [
        {"computer": "crimson-core", "target": "violet-cipher"},
        {"computer": "crimson-core", "target": "crimson-core", "identity": True},
        {"computer": "crimson-core", "action": "block"},
    ],
)
def test_a_homebrew_card_is_a_target_or_an_action_card(data: dict) -> None:
    assert GAME.clean_homebrew("card", data) == data


@pytest.mark.parametrize(
    "data",
    [
        {"computer": "crimson-core"},
        {"computer": "crimson-core", "target": "violet-cipher", "action": "attack"},
        {"computer": "crimson-core", "target": "crimson-core"},
        {"computer": "crimson-core", "target": "violet-cipher", "identity": True},
        {"computer": "crimson-core", "action": "attack", "identity": True},
        {"computer": "crimson-core", "action": "hack"},
        {"computer": "skynet", "action": "attack"},
    ],
)
def test_a_card_that_breaks_the_deck_rules_is_refused(data: dict) -> None:
    with pytest.raises(RuleError):
        GAME.clean_homebrew("card", data)


def test_every_heading_carries_a_stable_anchor() -> None:
    headings = [line for line in RULES.splitlines() if line.startswith("#")]
    assert all(re.search(r"\{#[a-z0-9][a-z0-9-]*\}$", h) for h in headings)
    assert len(headings) == len(IDS) == len(set(IDS))


def test_rules_reference_covers_the_texts_sections() -> None:
    assert {
        "components",
        "getting-started",
        "round-summary",
        "duels",
        "resolving-actions",
        "mirroring",
        "end-game",
        "options",
    } <= set(IDS)


def test_rules_state_the_rulings_readings() -> None:
    sections = {s.id: s.body for s in reference.sections(RULES)}
    assert "10 or more" in sections["energy-win"] and "more than 10" in sections["energy-win"]
    assert "simultaneous" in sections["resolving-actions"]
    assert "never drops below 0" in sections["resolving-actions"]
    assert "no extra" in sections["action-attack"]
    assert "at least 1E" in sections["phase-change"]
    assert "next living" in sections["phase-clean-up"]
