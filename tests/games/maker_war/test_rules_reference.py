"""The Maker-War rules reference: anchored, complete, and reachable from every entry."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from companion.games import reference
from companion.games.maker_war import book
from companion.games.maker_war.traits import TRAIT_NAMES

RULES = (Path(book.__file__).parent / "rules.md").read_text(encoding="utf-8")
IDS = reference.section_ids(RULES)

REQUIRED = {
    "units",
    "titans",
    "flyers",
    "formations",
    "unit-cost",
    "game-setup-table",
    "terrain-samples",
    "supply-cards",
    "critical-hits",
    "death-of-a-titan",
    "points-of-interest",
}


def test_every_required_section_exists():
    assert REQUIRED - set(IDS) == set()


def test_every_trait_has_a_section():
    assert {f"trait-{t.slug}" for t in TRAIT_NAMES} - set(IDS) == set()


def test_section_ids_are_unique():
    assert [i for i, n in Counter(IDS).items() if n > 1] == []


def test_every_heading_ends_with_an_anchor():
    headings = [line for line in RULES.splitlines() if line.startswith("#")]
    bare = [h for h in headings if not re.search(r"\{#[a-z0-9][a-z0-9-]*\}$", h)]
    assert bare == []
    assert len(headings) == len(IDS)


@pytest.mark.parametrize(
    "kind", ["trait", "order", "stance", "point-of-interest", "terrain", "critical-hit"]
)
def test_every_entry_links_to_an_existing_section(kind: str):
    missing = [e.slug for e in book.entries() if e.kind == kind and e.rule not in IDS]
    assert missing == []


def test_every_faction_links_to_its_section():
    assert [f.rule for f in book.factions() if f.rule not in IDS] == []


def test_internal_links_land_on_sections():
    targets = set(re.findall(r"\]\(#([a-z0-9-]+)\)", RULES))
    assert targets - set(IDS) == set()


def test_searching_screen_finds_the_screen_trait():
    assert "trait-screen" in [s.id for s in reference.search(RULES, "screen")]


def test_search_finds_the_fortification_screen_value():
    found = [s.id for s in reference.search(RULES, "fortification screen 6")]
    assert "terrain-fortification" in found


def test_the_swarm_is_described_without_a_faction():
    assert "the-swarm" in IDS and "faction-swarm" not in IDS


def test_rulings_are_marked_where_applied():
    bodies = {s.id: s.body for s in reference.sections(RULES)}
    for section in ("unit-cost", "deployment", "poi-placement-app", "game-setup-table"):
        assert "Muster's ruling" in bodies[section], section


def test_the_reference_is_a_readable_size():
    assert 25_000 <= len(RULES.encode("utf-8")) <= 65_000
