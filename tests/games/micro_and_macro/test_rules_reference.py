"""The Micro and Macro rules reference: anchored, complete, and reachable from every entry."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from companion.games import reference
from companion.games.micro_and_macro import GAME

RULES = GAME.rules_markdown()
IDS = reference.section_ids(RULES)
SECTIONS = {s.id: s for s in reference.sections(RULES)}


def flat(section: str) -> str:
    """A section's body on one line: Markdown line wraps mean nothing."""
    return " ".join(SECTIONS[section].body.split())


REQUIRED = {
    "micro-and-macro",
    "preparation",
    "a-turn",
    "end-of-game",
    "out-of-cards",
    "base-range",
    "attributes",
    "die-ladder",
    "roll-off",
    "allocating-damage",
    "micro-actions",
    "unit-group",
    "unit-actions",
    "card-types",
    "card-type-building",
    "card-type-upgrade",
    "card-type-instant",
    "build-buildings",
    "damage-to-buildings",
    "card-effects",
    "weapons",
    "spells",
    "deck-building",
    "word-clarifications",
    "whispers-from-the-realm",
    "starter-cards",
}


def test_the_top_heading_is_the_games_reference():
    assert RULES.splitlines()[0] == "# A Game of Micro and Macro rules reference {#micro-and-macro}"


def test_every_required_section_exists():
    assert REQUIRED - set(IDS) == set()


def test_section_ids_are_unique():
    assert [i for i, n in Counter(IDS).items() if n > 1] == []


def test_every_heading_ends_with_an_anchor():
    headings = [line for line in RULES.splitlines() if line.startswith("#")]
    bare = [h for h in headings if not re.search(r"\{#[a-z0-9][a-z0-9-]*\}$", h)]
    assert bare == []
    assert len(headings) == len(IDS)


def test_every_entry_and_faction_links_to_an_existing_section():
    missing = [(e.kind, e.slug, e.rule) for e in GAME.entries() if e.rule not in IDS]
    missing += [("faction", f.slug, f.rule) for f in GAME.factions() if f.rule not in IDS]
    assert missing == []


def test_every_spell_has_its_own_section():
    spells = [e for e in GAME.entries() if e.kind == "spell"]
    assert {f"spell-{s.slug}" for s in spells} <= set(IDS)


def test_internal_links_land_on_sections():
    targets = set(re.findall(r"\]\(#([a-z0-9-]+)\)", RULES))
    assert targets - set(IDS) == set()


@pytest.mark.parametrize(
    ("section", "words"),
    [
        ("a-turn", ("three actions", "Muster reads")),
        ("base-range", ("0.5 + 0.5", "Muster reads")),
        ("die-ladder", ("D12 + D4", "D20 + D4", "Muster")),
        ("roll-off", ("strictly greater", "7")),
        ("out-of-cards", ("1 damage",)),
        ("build-buildings", ("5 buildings", "rounded up")),
        ("card-type-building", ("three upgrade slots",)),
        ("deck-building", ("30 to 40", "at most 7", "exactly one main building", "warning")),
        ("spell-unholy-presence", ("passive",)),
        ("weapons", ("cm",)),
    ],
)
def test_rulings_are_written_into_their_sections(section: str, words: tuple[str, ...]):
    body = flat(section)
    for word in words:
        assert word in body, (section, word)


def test_every_starter_card_is_named_in_its_factions_section():
    for card in (e for e in GAME.entries() if e.kind == "card"):
        assert card.name in flat(f"starter-cards-{card.faction}"), card.slug


def test_every_unit_is_named_in_its_factions_section():
    for unit in (e for e in GAME.entries() if e.kind == "unit"):
        assert unit.name in flat(unit.rule), unit.slug
