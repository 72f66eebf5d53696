"""The cards and tables of Missiles & Microchips as catalogue entries, in Muster's own words.

The text counts 36 TARGET cards, 6 of each computer, and 18 ACTION cards in 6 sets of 3.
At setup each player keeps one card of their own computer and hands one to every other
player, so every seat ends up holding one TARGET card of each computer: 6 seats x 6 computers
= 36. The card of one's own computer is laid face up in front (no computer targets itself).
Each card is filed under the faction of the computer that holds it. The text names no
computers; the six names and colours below are Muster's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.games.base import EntrySpec, FactionSpec

# (slug, name, colour, description): Muster's names, one colour each, in seat order.
_COMPUTERS: tuple[tuple[str, str, str, str], ...] = (
    ("crimson-core", "Crimson Core", "red", "A defence grid that decided it was the threat."),
    ("ember-engine", "Ember Engine", "orange", "A power-plant controller hungry for the grid."),
    ("solar-lattice", "Solar Lattice", "yellow", "An orbital array that watches every sky."),
    ("verdant-grid", "Verdant Grid", "green", "A farm network that plans to feed on cities."),
    ("cobalt-oracle", "Cobalt Oracle", "blue", "A forecasting engine that predicts its wins."),
    ("violet-cipher", "Violet Cipher", "purple", "A codebreaker that reads every move."),
)
COMPUTER_SLUGS: tuple[str, ...] = tuple(slug for slug, *_ in _COMPUTERS)
_NAMES = {slug: name for slug, name, *_ in _COMPUTERS}

ACTIONS = ("attack", "block", "charge")
START_ENERGY = 5
WIN_ENERGY = 10  # ruling: 10 or more wins; option "more than 10"

# (slug, name, text, data): the three actions as RULINGS.md resolves them.
_ACTIONS: tuple[tuple[str, str, str, Mapping[str, Any]], ...] = (
    (
        "attack",
        "Attack",
        "The target loses 1 energy and gains nothing from a charge this round. Two players "
        "attacking each other (Mutually Assured Destruction) each lose 1, no more.",
        {
            "effect": "1 damage to the target; cancels its charge",
            "special": "Mutually Assured Destruction",
            "damage_to_target": 1,
            "cancels_target_charge": True,
            "mirrored": "each takes 1, no extra",
        },
    ),
    (
        "block",
        "Block",
        "Ignores all damage from attacks on you; every attacker loses 1, or 2 if you "
        "targeted that attacker (Firewall).",
        {
            "effect": "no attack damage; 1 damage to each attacker",
            "special": "Firewall",
            "blocks_attacks": True,
            "damage_to_each_attacker": 1,
            "firewall_damage": 2,
            "mirrored": "nothing happens",
        },
    ),
    (
        "charge",
        "Charge",
        "Gain 1 energy, 2 if your target also revealed a charge (Chain); nothing if the two "
        "of you charge each other (Feedback) or if anyone attacks you.",
        {
            "effect": "+1 energy; +2 Chain; +0 mirrored or attacked",
            "special": "Chain, Feedback",
            "gain": 1,
            "chain_gain": 2,
            "mirrored": "gain 0 (Feedback)",
        },
    ),
)

# (slug, name, simultaneous, in duels, text), in round order.
_PHASES: tuple[tuple[str, str, bool, bool, str], ...] = (
    (
        "choose",
        "Choose",
        True,
        True,
        "Everyone puts one TARGET card and one ACTION card from hand face down. In a duel, "
        "only the ACTION card.",
    ),
    (
        "aim",
        "Aim",
        True,
        False,
        "Everyone turns their TARGET card face up at once: all aims are known.",
    ),
    (
        "change",
        "Change",
        False,
        False,
        "Clockwise from the start player, each player once passes aloud or swaps their "
        "action for another from hand, paying 1 energy at once (needs at least 1).",
    ),
    (
        "action",
        "Action",
        True,
        True,
        "ACTION cards are revealed together and every action is resolved at the same time.",
    ),
    (
        "clean-up",
        "Clean Up",
        True,
        True,
        "Cards go back to hand; computers at 0 energy die and their TARGET cards are "
        "discarded; winners are checked; the start token moves to the next living player "
        "clockwise; two survivors start a duel.",
    ),
)

# (slug, name, outcome, text): the three ways the game ends, all at the end of a round.
_ENDINGS: tuple[tuple[str, str, str, str], ...] = (
    (
        "energy-win",
        "Energy Win",
        "everyone with 10 or more energy wins together",
        "A round ends with one or more players at 10 energy or more: they share the win.",
    ),
    (
        "last-computer-standing",
        "Last Computer Standing",
        "the survivor wins",
        "Every other computer has died: the one left wins.",
    ),
    (
        "scorched-earth",
        "Scorched Earth",
        "everyone loses",
        "The last computers all die in the same round: no one wins.",
    ),
)

# (slug, name, quantity, text): the component list.
_COMPONENTS: tuple[tuple[str, str, int, str], ...] = (
    ("target-cards", "TARGET cards", 36, "6 of each of the six computers."),
    ("action-cards", "ACTION cards", 18, "6 sets of ATTACK, BLOCK and CHARGE."),
    ("energy-tokens", "Energy tokens", 50, "Each player starts with 5."),
    ("starting-player-token", "Starting player token", 1, "Marks the start player."),
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
        for slug, name, colour, description in _COMPUTERS
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
        for index, (slug, name, colour, description) in enumerate(_COMPUTERS, start=1)
    ]


def target_cards() -> list[EntrySpec]:
    """36 cards: every holder gets one card of every computer, its own laid in front."""
    cards = []
    for holder in COMPUTER_SLUGS:
        for target in COMPUTER_SLUGS:
            own = holder == target
            text = (
                f"{_NAMES[holder]}'s own card: laid face up in front of its player, never aimed."
                if own
                else f"In {_NAMES[holder]}'s hand: aims this round's action at {_NAMES[target]}."
            )
            cards.append(
                EntrySpec(
                    kind="card",
                    slug=f"{holder}-target-{target}",
                    name=f"TARGET: {_NAMES[target]}" + (" (own card)" if own else ""),
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
    texts = {slug: text for slug, _, text, _ in _ACTIONS}
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
        for index, (slug, name, text, data) in enumerate(_ACTIONS, start=1)
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
        for step, (slug, name, simultaneous, in_duels, text) in enumerate(_PHASES, start=1)
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
        for index, (slug, name, outcome, text) in enumerate(_ENDINGS, start=1)
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
        for index, (slug, name, quantity, text) in enumerate(_COMPONENTS, start=1)
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
