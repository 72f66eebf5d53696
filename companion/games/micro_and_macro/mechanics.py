"""The few numbers of Micro and Macro that code needs: die ladder, base radius, overbuilding.

Every rule here is the book's as settled by RULINGS.md; ``rules.md`` explains them in words.
"""

from __future__ import annotations

import math

# The die ladder (RULINGS): an attribute "increased by one" moves one step up.
DIE_LADDER: tuple[str, ...] = ("D4", "D6", "D8", "D10", "D12", "D16", "D20", "D24")

# Steps with no single die are rolled as two dice; a crit needs both on their top face.
TWO_DICE: dict[str, tuple[str, str]] = {"D16": ("D12", "D4"), "D24": ("D20", "D4")}

CRIT_BONUS = 7  # a die on its top face adds this to the roll-off value
ACTIONS_PER_TURN = 3  # RULINGS: section 2.2 wins over "two game-actions" in 3.4
MAX_BUILDINGS_IN_PLAY = 5  # main building included
MAX_UPGRADES_PER_BUILDING = 3
MAIN_DECK_MIN, MAIN_DECK_MAX = 30, 40
MAX_BUILDING_CARDS = 7  # the building pile, main building included
OPENING_HAND = 5  # (2.1.2) dealt at the table, and by the deck tools (``decks``)
DRAWS_PER_TURN = 1  # drawn at the start of each of your turns (2.2)


def raise_die(die: str, steps: int = 1) -> str:
    """Move ``die`` ``steps`` up (or down, if negative) the ladder, capped at D4 and D24."""
    if die not in DIE_LADDER:
        raise ValueError(f"{die!r} is not on the die ladder {DIE_LADDER}")
    index = DIE_LADDER.index(die) + steps
    return DIE_LADDER[max(0, min(index, len(DIE_LADDER) - 1))]


def dice_rolled(die: str) -> tuple[str, ...]:
    """The physical dice to roll for a ladder step: one die, or two for D16 and D24."""
    if die not in DIE_LADDER:
        raise ValueError(f"{die!r} is not on the die ladder {DIE_LADDER}")
    return TWO_DICE.get(die, (die,))


def base_radius(buildings: int) -> float:
    """Base-range radius in cm around the base marker: 0.5 + 0.5 per building (RULINGS)."""
    if buildings < 1:
        raise ValueError("A base has at least its main building.")
    return 0.5 + 0.5 * buildings


def overbuild_cost(old_building_cost: int) -> int:
    """Resources to tear down a building when building over it: half its cost, rounded up."""
    return math.ceil(old_building_cost / 2)
