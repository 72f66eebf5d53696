"""Micro and Macro deck validation: every broken deckbuilding rule of a deck body, and its
figures.

The rules are chapter 7 as settled by RULINGS.md: a main deck of 30-40 cards and a
building pile of at most 7 cards including exactly one main building, every card of the
deck's faction symbol or neutral (a neutral deck takes neutral cards only), no copy limit.
An upgrade that fits none of the chosen buildings is only a warning (the book's
"suggestion"). Drafts and homebrew are opt-in. Nothing here raises on bad input: whatever
cannot be read becomes a problem with a dotted path (``main.3``, ``buildings.0``).

Problem codes: ``malformed``, ``unknown-faction``, ``draft-faction``, ``unknown-card``,
``bad-count`` (the body cannot be read as a deck), ``main-too-small``, ``main-too-large``,
``building-in-main``, ``not-a-building``, ``too-many-buildings``, ``no-main-building``,
``several-main-buildings``, ``wrong-faction``, ``draft-card``, ``homebrew-not-allowed``,
and the warnings ``upgrade-fits-nothing`` and ``empty-deck``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.building import BuildReport, Catalogue
from companion.games.micro_and_macro.deck_figures import figures, known
from companion.games.micro_and_macro.deck_reading import (
    NEUTRAL,
    TYPE_ORDER,
    Card,
    Deck,
    Line,
    draft_units,
    faction_name,
    read,
)
from companion.games.micro_and_macro.mechanics import (
    MAIN_DECK_MAX,
    MAIN_DECK_MIN,
    MAX_BUILDING_CARDS,
)

EXAMPLE: dict[str, Any] = {
    "faction": "bloodmages",
    "main": [
        {"card": "unholy-relic", "count": 3},
        {"card": "rite-of-undeath", "count": 3},
        {"card": "masters-bond", "count": 2},
        {"card": "beacon-shrine", "count": 2},
        {"card": "ghoul-hunger", "count": 2},
        {"card": "leech-brood", "count": 2},
        {"card": "mortar-sigil", "count": 2},
        {"card": "cursed-blades", "count": 2},
        {"card": "bone-bows", "count": 2},
        {"card": "blood-tithe", "count": 4},
        {"card": "raise-the-dead", "count": 4},
        {"card": "dark-pact", "count": 3},
        {"card": "fel-ward", "count": 3},
    ],
    "buildings": [
        {"card": "blood-spire", "count": 1},
        {"card": "graveyard", "count": 2},
        {"card": "wolf-den", "count": 1},
        {"card": "fel-forge", "count": 1},
        {"card": "sacrificial-pit", "count": 1},
    ],
    "options": {"allow_drafts": False, "allow_homebrew": False},
}

TYPE_TITLES = {"building": "Buildings", "upgrade": "Upgrades", "instant": "Instants"}


def validate(body: Mapping[str, Any], catalogue: Catalogue) -> BuildReport:
    """Every problem of the deck and its figures; never raises, whatever ``body`` is."""
    report = BuildReport()
    try:
        deck = read(body, catalogue, report)
        for line in deck.lines:
            _check_line(deck, line, report)
        _check_deck(deck, report)
        report.figures = figures(deck)
    except Exception as exc:  # a bug must not take the builder down; tests look for this
        report.error("internal-error", f"The deck could not be checked ({type(exc).__name__}).")
    return report


def model_counts(body: Mapping[str, Any], catalogue: Catalogue) -> dict[str, int]:
    """Unit slug -> 1 for every unit the building pile can make: the miniatures a player
    needs at least one of (how many take the field is decided in play, not by the deck)."""
    deck = read(body, catalogue, BuildReport())
    return {unit["slug"]: 1 for unit in figures(deck)["units"] if unit["known"]}


def summary(body: Mapping[str, Any], catalogue: Catalogue, report: BuildReport) -> str:
    """The deck as plain text for forums: main deck by type, the building pile, verdict."""
    deck = read(body, catalogue, BuildReport())
    fig = figures(deck)
    title = "Neutral deck" if deck.faction == "" else f"{deck.faction_name} deck"
    out = [
        f"{title}: {fig['main_count']} main-deck cards + {fig['building_count']} "
        f"in the building pile ({fig['total']} cards)"
    ]
    groups: dict[str, list[Line]] = {}
    for line in _merged(deck.main):
        key = line.card.category if line.card is not None else "unknown"
        groups.setdefault(key or "other", []).append(line)
    order = [*TYPE_ORDER, *sorted(set(groups) - set(TYPE_ORDER))]
    for key in (k for k in order if k in groups):
        lines = groups[key]
        head = TYPE_TITLES.get(key, "Unknown cards" if key == "unknown" else key.capitalize())
        out += ["", f"{head} ({sum(line.count for line in lines)})"]
        out += [_line_text(line) for line in lines]
    pile = _merged(deck.buildings)
    if pile:
        out += ["", f"Building pile ({fig['building_count']})"]
        out += [_line_text(line) for line in pile]
    out.append("")
    out.extend(report.verdict_lines())
    return "\n".join(out)


def _merged(lines: list[Line]) -> list[Line]:
    """One line per card with its copies added up, in first-seen order; empty lines go."""
    merged: dict[str, Line] = {}
    for line in lines:
        if line.count <= 0:
            continue
        if line.slug in merged:
            merged[line.slug].count += line.count
        else:
            merged[line.slug] = Line(line.pile, line.index, line.slug, line.count, line.card)
    return list(merged.values())


def _line_text(line: Line) -> str:
    main = " (main building)" if line.card and line.card.is_building and line.card.is_main else ""
    return f"{line.count}x {line.name}{main}"


# Checking -------------------------------------------------------------------------------


def _check_line(deck: Deck, line: Line, report: BuildReport) -> None:
    """The rules of one card: its pile, its symbol, drafts and homebrew."""
    card = line.card
    if card is None:
        return
    if line.pile == "main" and card.is_building:
        report.error(
            "building-in-main",
            f"{card.name} is a building: it goes in the building pile, not the main deck.",
            line.path,
        )
    elif line.pile == "buildings" and not card.is_building:
        report.error(
            "not-a-building",
            f"{card.name} is {_a(card.category or 'card')}: only buildings go in the "
            "building pile.",
            line.path,
        )
    if deck.faction is not None and card.symbol not in {deck.faction or NEUTRAL, NEUTRAL}:
        takes = (
            "only neutral cards"
            if deck.faction == ""
            else f"only {deck.faction_name} and neutral cards"
        )
        report.error(
            "wrong-faction",
            f"{card.name} carries the {faction_name(card.symbol)} symbol; "
            f"a {deck.faction_name if deck.faction else 'neutral'} deck takes {takes}.",
            line.path,
        )
    if not deck.allow_drafts:
        _check_drafts(deck, line, card, report)
    if card.item.is_homebrew and not deck.allow_homebrew:
        report.error(
            "homebrew-not-allowed",
            f"{card.name} is homebrew; turn on 'allow homebrew' to use it.",
            line.path,
        )


def _check_drafts(deck: Deck, line: Line, card: Card, report: BuildReport) -> None:
    """A draft card, or one that makes or changes draft units, is not buildable."""
    if card.item.is_draft:
        report.error(
            "draft-card",
            f"{card.name} is an unfinished draft; turn on 'allow drafts' to use it.",
            line.path,
        )
        return
    drafts = draft_units(card, deck.catalogue)
    if drafts:
        verb = "makes" if card.is_building else "changes"
        report.error(
            "draft-card",
            f"{card.name} {verb} unfinished draft units ({', '.join(drafts)}); "
            "turn on 'allow drafts' to use it.",
            line.path,
        )


def _cards(n: int) -> str:
    return f"{n} card{'' if n == 1 else 's'}"


def _a(word: str) -> str:
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


def _check_deck(deck: Deck, report: BuildReport) -> None:
    """Pile sizes, the one main building, upgrades with nowhere to go, an empty deck."""
    if not deck.lines:
        report.warning("empty-deck", "The deck has no cards yet.", "")
    main, pile = deck.main_count, deck.building_count
    if main < MAIN_DECK_MIN:
        report.error(
            "main-too-small",
            f"The main deck has {_cards(main)}; it needs at least {MAIN_DECK_MIN}.",
            "main",
        )
    elif main > MAIN_DECK_MAX:
        report.error(
            "main-too-large",
            f"The main deck has {_cards(main)}; it holds at most {MAIN_DECK_MAX}.",
            "main",
        )
    if pile > MAX_BUILDING_CARDS:
        report.error(
            "too-many-buildings",
            f"The building pile has {_cards(pile)}; it holds at most {MAX_BUILDING_CARDS}, "
            "main building included.",
            "buildings",
        )
    heads = [
        (line, card) for line, card in known(deck.buildings) if card.is_building and card.is_main
    ]
    copies = sum(line.count for line, _ in heads)
    if copies == 0:
        report.error(
            "no-main-building",
            "The building pile has no main building; it needs exactly one.",
            "buildings",
        )
    elif copies > 1:
        named = ", ".join(f"{line.count}x {card.name}" for line, card in heads)
        report.error(
            "several-main-buildings",
            f"The building pile has {copies} main buildings ({named}); it takes exactly one.",
            "buildings",
        )
    chosen = {card.slug for _, card in known(deck.buildings) if card.is_building}
    for line, card in known(deck.main):
        if card.is_upgrade and card.fits and not chosen & set(card.fits):
            fits = " or ".join(deck.name_of("card", slug, card.symbol) for slug in card.fits)
            report.warning(
                "upgrade-fits-nothing",
                f"{card.name} fits only on {fits}, and the building pile has none of them.",
                line.path,
            )
