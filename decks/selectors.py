"""Reads for card decks: playtest hands and draw odds, from the game's deck declaration.

Decks are saved lists (``armies.SavedList``); this module only adds what a card game needs
on top: shuffling, drawing, and the exact odds of finding a card by a given turn. What a
deck is (which cards, how many dealt, how many a turn) is the game's ``decks`` capability;
nothing here knows a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import Any

from companion.games import drawing
from companion.games.registry import all_games


def deck_tools(game: str) -> ModuleType | None:
    """The deck declaration of the game with slug ``game``; None when it has no deck tools."""
    system = all_games().get(game)
    return None if system is None else system.capability("decks")


def playtest(
    tools: ModuleType, body: Mapping[str, Any], *, seed: str, draws: int
) -> dict[str, Any]:
    """The game's opening hand from a seeded shuffle, plus ``draws`` more cards."""
    return drawing.draw_hand(
        tools.library(body), seed, opening=tools.OPENING_HAND, draws=max(draws, 0)
    )


def odds(
    tools: ModuleType, body: Mapping[str, Any], *, cards: set[str], k: int = 1, turns: int = 10
) -> dict[str, Any]:
    """Exact odds of at least ``k`` of ``cards`` by each of your first ``turns`` turns."""
    deck = tools.library(body)
    successes = sum(1 for card in deck if card in cards)
    rows = drawing.odds_by_turn(
        len(deck),
        successes,
        k=k,
        opening=tools.OPENING_HAND,
        per_turn=tools.DRAWS_PER_TURN,
        turns=turns,
    )
    return {"deck_size": len(deck), "successes": successes, "k": k, "rows": rows}
