"""Everything Maker-War's catalogue holds: the book's tables plus the starter armies."""

from __future__ import annotations

from companion.games.base import EntrySpec, FactionSpec
from companion.games.maker_war import book, formations, units


def factions() -> list[FactionSpec]:
    return book.factions()


def entries() -> list[EntrySpec]:
    return [*book.entries(), *units.entries(), *formations.entries()]
