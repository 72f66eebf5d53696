"""The book of Missiles & Microchips typed in as data: the computers, actions, round phases,
endings and components, and the numbers the rules count with.

The text names no computers; the six names and colours below are Muster's. ``catalogue``
turns these tables into entries; the engine and the kit builder read the numbers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

MIN_PLAYERS, MAX_PLAYERS = 3, 6
CARD_TYPES = ("target", "action")

# (slug, name, colour, description): Muster's names, one colour each, in seat order.
COMPUTERS: tuple[tuple[str, str, str, str], ...] = (
    ("crimson-core", "Crimson Core", "red", "A defence grid that decided it was the threat."),
    ("ember-engine", "Ember Engine", "orange", "A power-plant controller hungry for the grid."),
    ("solar-lattice", "Solar Lattice", "yellow", "An orbital array that watches every sky."),
    ("verdant-grid", "Verdant Grid", "green", "A farm network that plans to feed on cities."),
    ("cobalt-oracle", "Cobalt Oracle", "blue", "A forecasting engine that predicts its wins."),
    ("violet-cipher", "Violet Cipher", "purple", "A codebreaker that reads every move."),
)
COMPUTER_SLUGS: tuple[str, ...] = tuple(slug for slug, *_ in COMPUTERS)
NAMES = {slug: name for slug, name, *_ in COMPUTERS}

# Each colour named above as the screen and the print draw it: ``ink`` for lines, text and
# borders on white, ``tint`` for a card's face behind dark text.
COLOUR_CODES: Mapping[str, Mapping[str, str]] = {
    "red": {"ink": "#dc2626", "tint": "#f1b8b8"},
    "orange": {"ink": "#ea580c", "tint": "#f6cfa5"},
    "yellow": {"ink": "#ca8a04", "tint": "#f3e7a1"},
    "green": {"ink": "#16a34a", "tint": "#bfe3bf"},
    "blue": {"ink": "#2563eb", "tint": "#b9d3f1"},
    "purple": {"ink": "#7c3aed", "tint": "#d8c2ee"},
}
_NO_COLOUR: Mapping[str, str] = {"ink": "#4b5563", "tint": "#dddddd"}


def computer_colour(slug: str) -> dict[str, str]:
    """The colour a computer is drawn in everywhere (chart, table card, printed card), from
    its own line in ``COMPUTERS``, so a name and its colour never disagree; grey for a slug
    the book does not know."""
    name = next((colour for s, _, colour, _ in COMPUTERS if s == slug), "")
    return {"name": name, **COLOUR_CODES.get(name, _NO_COLOUR)}


ACTIONS = ("attack", "block", "charge")
START_ENERGY = 5
WIN_ENERGY = 10  # ruling: 10 or more wins; option "more than 10"

# (slug, name, text, data): the three actions as RULINGS.md resolves them.
ACTION_RULES: tuple[tuple[str, str, str, Mapping[str, Any]], ...] = (
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
ROUND_PHASES: tuple[tuple[str, str, bool, bool, str], ...] = (
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
ENDINGS: tuple[tuple[str, str, str, str], ...] = (
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
COMPONENTS: tuple[tuple[str, str, int, str], ...] = (
    ("target-cards", "TARGET cards", 36, "6 of each of the six computers."),
    ("action-cards", "ACTION cards", 18, "6 sets of ATTACK, BLOCK and CHARGE."),
    ("energy-tokens", "Energy tokens", 50, "Each player starts with 5."),
    ("starting-player-token", "Starting player token", 1, "Marks the start player."),
)
