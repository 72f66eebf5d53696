"""Reads for card decks: the main deck as cards, playtest hands and draw odds.

Decks are saved lists (``armies.SavedList``); this module only adds what a card game needs
on top: shuffling, drawing, and the exact odds of finding a card by a given turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games import drawing

OPENING_HAND = 5


def main_deck(body: Mapping[str, Any]) -> list[str]:
    """The main deck as one slug per card, in list order (shuffling comes later)."""
    cards: list[str] = []
    for line in body.get("main") or [] if isinstance(body, Mapping) else []:
        if isinstance(line, Mapping) and isinstance(line.get("card"), str):
            count = line.get("count", 1)
            if isinstance(count, int) and not isinstance(count, bool) and 0 < count <= 99:
                cards.extend([line["card"]] * count)
    return cards


def playtest(body: Mapping[str, Any], *, seed: str, draws: int) -> dict[str, Any]:
    """An opening hand of five from a seeded shuffle, plus ``draws`` more cards."""
    return drawing.draw_hand(main_deck(body), seed, opening=OPENING_HAND, draws=max(draws, 0))


def odds(
    body: Mapping[str, Any], *, cards: set[str], k: int = 1, turns: int = 10
) -> dict[str, Any]:
    """Exact odds of at least ``k`` of ``cards`` by each of your first ``turns`` turns."""
    deck = main_deck(body)
    successes = sum(1 for card in deck if card in cards)
    rows = drawing.odds_by_turn(len(deck), successes, k=k, opening=OPENING_HAND, turns=turns)
    return {"deck_size": len(deck), "successes": successes, "k": k, "rows": rows}
