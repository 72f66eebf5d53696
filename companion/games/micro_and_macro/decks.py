"""Micro and Macro's deck tools: what the playtest hand and the draw odds read of a deck.

The site's ``decks`` app knows no game: it deals ``OPENING_HAND`` cards from a seeded
shuffle of ``library(body)``, then ``DRAWS_PER_TURN`` a turn, and names cards by looking
them up as catalogue entries of ``CARD_KIND``; the odds target a card or one of
``CARD_TYPES``. Pure, and never raises on a bad body.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.micro_and_macro.deck_reading import MAX_COPIES, TYPE_ORDER, whole
from companion.games.micro_and_macro.mechanics import DRAWS_PER_TURN, OPENING_HAND

__all__ = ["CARD_KIND", "CARD_TYPES", "DRAWS_PER_TURN", "OPENING_HAND", "library"]

CARD_KIND = "card"  # the catalogue kind a deck's lines name
CARD_TYPES = TYPE_ORDER  # the card categories odds can target as "any <type>"; first: default


def library(body: Any) -> list[str]:
    """The main deck as one card slug per copy, in list order (the building pile is not
    drawn from); lines that name no card or hold no readable count are skipped."""
    cards: list[str] = []
    lines = body.get("main") if isinstance(body, Mapping) else None
    for line in lines if isinstance(lines, list) else []:
        if isinstance(line, Mapping) and isinstance(line.get("card"), str):
            count = whole(line.get("count", 1))
            if count is not None and 0 < count <= MAX_COPIES:
                cards.extend([line["card"]] * count)
    return cards
