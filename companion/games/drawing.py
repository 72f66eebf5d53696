"""Opening hands, draws and exact draw odds, for any card game.

Game-free on purpose: a deck is a sequence of card names (one entry per copy), and the odds
only need counts. Shuffles are seeded so a playtest can be replayed or shared by its seed,
and the odds are exact (hypergeometric, integer arithmetic) so pages never show sampling
noise; ``simulate`` exists to check the exact figures, not to replace them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import comb
from typing import Any


def draw_hand(
    cards: Sequence[str], seed: int | str, opening: int = 5, draws: int = 0
) -> dict[str, Any]:
    """The opening hand plus ``draws`` more cards from one seeded shuffle of ``cards``.

    The same seed always gives the same order, so asking again with more draws extends the
    same hand rather than dealing a new one. Drawing past the last card stops there and sets
    ``exhausted`` (games differ on what an empty deck costs; that is not decided here).
    """
    deck = list(cards)
    random.Random(seed).shuffle(deck)
    wanted = max(opening, 0) + max(draws, 0)
    hand = deck[:wanted]
    return {
        "hand": hand,
        "library": len(deck) - len(hand),
        "seed": seed,
        "exhausted": wanted > len(deck),
    }


def _check_counts(deck_size: int, successes: int) -> None:
    if deck_size < 0:
        raise ValueError("deck_size must be 0 or more.")
    if not 0 <= successes <= deck_size:
        raise ValueError("successes must be between 0 and deck_size.")


def at_least(deck_size: int, successes: int, drawn: int, k: int = 1) -> float:
    """Exact probability of at least ``k`` successes among ``drawn`` cards, no replacement.

    The hypergeometric tail is summed as integers and divided once, so the result is the
    correctly rounded float of the true fraction. ``drawn`` is clamped to 0..deck_size
    (you cannot see more cards than the deck holds); ``k <= 0`` is certain.
    """
    _check_counts(deck_size, successes)
    drawn = min(max(drawn, 0), deck_size)
    if k <= 0:
        return 1.0
    top = min(successes, drawn)
    if k > top:
        return 0.0
    failures = deck_size - successes
    favourable = sum(comb(successes, i) * comb(failures, drawn - i) for i in range(k, top + 1))
    return favourable / comb(deck_size, drawn)


def cards_seen(
    turn: int, opening: int = 5, per_turn: int = 1, draw_on_first_turn: bool = True
) -> int:
    """Cards seen by the start of your ``turn``-th turn (before the deck runs out)."""
    draws = turn if draw_on_first_turn else turn - 1
    return max(opening, 0) + max(per_turn, 0) * max(draws, 0)


def odds_by_turn(
    deck_size: int,
    successes: int,
    k: int = 1,
    opening: int = 5,
    per_turn: int = 1,
    turns: int = 10,
    draw_on_first_turn: bool = True,
) -> list[dict[str, Any]]:
    """Exact odds of at least ``k`` successes by each of your first ``turns`` turns.

    Assumed turn structure (A Game of Micro and Macro, 2.1.2 and 2.2): a five-card opening
    hand, then the player with priority draws one card at the start of each of their turns.
    The text gives the first player no exception, so by default the first turn draws too:
    turn N has seen ``opening + per_turn * N`` cards. Pass ``draw_on_first_turn=False`` for
    games (or house rules) where the first player skips that draw: ``opening + per_turn *
    (N - 1)``. Cards seen never exceed the deck; the draw from an empty deck is the game's
    business (in Micro and Macro it damages the main building).
    """
    _check_counts(deck_size, successes)
    rows = []
    for turn in range(1, max(turns, 0) + 1):
        seen = min(cards_seen(turn, opening, per_turn, draw_on_first_turn), deck_size)
        rows.append(
            {
                "turn": turn,
                "cards_seen": seen,
                "probability": at_least(deck_size, successes, seen, k),
            }
        )
    return rows


def simulate(
    deck_size: int, successes: int, drawn: int, k: int, trials: int, seed: int | str
) -> float:
    """A seeded Monte Carlo estimate of ``at_least``: the tests' independent check."""
    _check_counts(deck_size, successes)
    if trials <= 0:
        raise ValueError("trials must be 1 or more.")
    drawn = min(max(drawn, 0), deck_size)
    if k <= 0:
        return 1.0
    rng = random.Random(seed)
    population = range(deck_size)  # cards 0..successes-1 are the successes
    hits = sum(
        1
        for _ in range(trials)
        if sum(1 for card in rng.sample(population, drawn) if card < successes) >= k
    )
    return hits / trials
