"""The cards and tables of Missiles & Microchips as catalogue entries, built from ``book``.

The text counts 36 TARGET cards, 6 of each computer, and 18 ACTION cards in 6 sets of 3.
At setup each player keeps one card of their own computer and hands one to every other
player, so every seat ends up holding one TARGET card of each computer: 6 seats x 6 computers
= 36. The card of one's own computer is laid face up in front (no computer targets itself).
Each card is filed under the faction of the computer that holds it.
"""

from __future__ import annotations

from dataclasses import replace

from companion.games.base import EntrySpec, FactionSpec
from companion.games.missiles_and_microchips.book import (
    ACTION_RULES,
    ACTIONS,
    COMPONENTS,
    COMPUTER_SLUGS,
    COMPUTERS,
    ENDINGS,
    NAMES,
    ROUND_PHASES,
    START_ENERGY,
)


def factions() -> list[FactionSpec]:
    """One faction per supercomputer, so its player's cards can be listed together."""
    return [
        FactionSpec(
            slug=slug,
            name=name,
            description=f"{description} Its colour is {colour}; the name is Muster's.",
            rule="supercomputers",
            data={"colour": colour},
        )
        for slug, name, colour, description in COMPUTERS
    ]


def supercomputers() -> list[EntrySpec]:
    """The six computers, each under its own faction."""
    return [
        EntrySpec(
            kind="supercomputer",
            slug=slug,
            name=name,
            faction=slug,
            text=f"{description} Starts with {START_ENERGY} energy.",
            data={"colour": colour},
            rule="supercomputers",
            order=index,
        )
        for index, (slug, name, colour, description) in enumerate(COMPUTERS, start=1)
    ]


def target_cards() -> list[EntrySpec]:
    """36 cards: every holder gets one card of every computer, its own laid in front."""
    cards = []
    for holder in COMPUTER_SLUGS:
        for target in COMPUTER_SLUGS:
            own = holder == target
            text = (
                f"{NAMES[holder]}'s own card: laid face up in front of its player, never aimed."
                if own
                else f"In {NAMES[holder]}'s hand: aims this round's action at {NAMES[target]}."
            )
            cards.append(
                EntrySpec(
                    kind="card",
                    slug=f"{holder}-target-{target}",
                    name=f"TARGET: {NAMES[target]}" + (" (own card)" if own else ""),
                    faction=holder,
                    category="target",
                    text=text,
                    data={"computer": holder, "target": target, "identity": own},
                    rule="target-cards",
                    refs=(("supercomputer", target),),
                )
            )
    return cards


def action_cards() -> list[EntrySpec]:
    """18 cards: ATTACK, BLOCK and CHARGE for each computer."""
    texts = {slug: text for slug, _, text, _ in ACTION_RULES}
    return [
        EntrySpec(
            kind="card",
            slug=f"{holder}-{action}",
            name=action.upper(),
            faction=holder,
            category="action",
            text=texts[action],
            data={"computer": holder, "action": action},
            rule="action-cards",
            refs=(("action", action),),
        )
        for holder in COMPUTER_SLUGS
        for action in ACTIONS
    ]


def cards() -> list[EntrySpec]:
    """The 54 cards, numbered in holder order: each seat's TARGET cards, then its actions."""
    targets, actions = target_cards(), action_cards()
    ordered = [
        card
        for holder in COMPUTER_SLUGS
        for card in (*targets, *actions)
        if card.data["computer"] == holder
    ]
    return [replace(card, order=index) for index, card in enumerate(ordered, start=1)]


def actions() -> list[EntrySpec]:
    """Attack, Block and Charge with their special rules."""
    return [
        EntrySpec(
            kind="action",
            slug=slug,
            name=name,
            text=text,
            data=dict(data),
            rule=f"action-{slug}",
            order=index,
        )
        for index, (slug, name, text, data) in enumerate(ACTION_RULES, start=1)
    ]


def phases() -> list[EntrySpec]:
    """The five phases of a round; duels skip Aim and Change."""
    return [
        EntrySpec(
            kind="phase",
            slug=slug,
            name=name,
            text=text,
            data={"step": step, "simultaneous": simultaneous, "in_duels": in_duels},
            rule=f"phase-{slug}",
            order=step,
        )
        for step, (slug, name, simultaneous, in_duels, text) in enumerate(ROUND_PHASES, start=1)
    ]


def endings() -> list[EntrySpec]:
    """The three ways a game ends."""
    return [
        EntrySpec(
            kind="ending",
            slug=slug,
            name=name,
            text=text,
            data={"outcome": outcome},
            rule=slug,
            order=index,
        )
        for index, (slug, name, outcome, text) in enumerate(ENDINGS, start=1)
    ]


def components() -> list[EntrySpec]:
    """What is in the box."""
    return [
        EntrySpec(
            kind="component",
            slug=slug,
            name=name,
            text=text,
            data={"quantity": quantity},
            rule="components",
            order=index,
        )
        for index, (slug, name, quantity, text) in enumerate(COMPONENTS, start=1)
    ]


def entries() -> list[EntrySpec]:
    """Every table: computers, cards, actions, phases, endings, components."""
    return [
        *supercomputers(),
        *cards(),
        *actions(),
        *phases(),
        *endings(),
        *components(),
    ]
