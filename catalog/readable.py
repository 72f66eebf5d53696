"""Catalogue data as a player reads it: the entries, factions and choices a value names by
slug ("foundry-rail-cannon", "kingdoms-of-men") shown by name, kinds by their label and the
price's terms in the game's words, never the program's identifiers."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from catalog.models import Entry, Faction, Game
from companion.games.base import GameSystem, show_value

# A slug: lower-case words joined by hyphens, starting with a letter ("within-range-1";
# never "2-4" or "D8").
SLUG = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)+")
_PARTS = re.compile(r"(, |; |: )")  # how show_value joins lists and objects


def names_of(game: Game) -> dict[str, str]:
    """Slug -> name of every official entry and faction of ``game``."""
    names = dict(Entry.objects.official().filter(game=game).values_list("slug", "name"))
    names.update(Faction.objects.filter(game=game).values_list("slug", "name"))
    return names


def words(slug: str) -> str:
    """A slug nobody named, as words: "damage-and-hold" -> "damage and hold"."""
    return slug.replace("-", " ")


def readable(value: Any, names: Mapping[str, str]) -> str:
    """``value`` as text, each part that is a slug shown by its name (or as words)."""
    text = value if isinstance(value, str) else show_value(value)
    parts = _PARTS.split(text)
    for index, part in enumerate(parts):
        if index % 2:  # a separator
            continue
        if part in names:
            parts[index] = names[part]
        elif SLUG.fullmatch(part):
            parts[index] = words(part)
    return "".join(parts)


def readable_facts(
    facts: Iterable[tuple[str, str]], names: Mapping[str, str]
) -> list[tuple[str, str]]:
    return [(label, readable(value, names)) for label, value in facts]


def kind_label(system: GameSystem, slug: str) -> str:
    """A kind's label ("Formation plan"), whatever its slug ("formation-plan")."""
    try:
        return system.kind(slug).label
    except KeyError:
        return words(slug).capitalize()


def term_labels(system: GameSystem, terms: Mapping[str, float]) -> list[tuple[str, float]]:
    """The price's terms named as the game's calculator names them (the book's words)."""
    spec = system.capability("calculator")
    label = getattr(spec, "term_label", None)
    if label is None:
        return [(term.replace("_", " ").capitalize(), value) for term, value in terms.items()]
    return [(label(term), value) for term, value in terms.items()]
