"""Everything the Micro and Macro catalogue holds: the book's tables plus starter cards."""

from __future__ import annotations

from companion.games.base import EntrySpec, FactionSpec
from companion.games.micro_and_macro import book, starter


def factions() -> list[FactionSpec]:
    """The book's six faction sections, placeholders included as drafts."""
    return book.factions()


def entries() -> list[EntrySpec]:
    """Book entries first, then Muster's clearly labelled starter cards."""
    return [*book.entries(), *starter.entries()]
