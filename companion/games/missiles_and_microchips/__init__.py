"""Missiles & Microchips: rogue supercomputers bluff with TARGET and ACTION cards."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.base import (
    Capabilities,
    FieldSpec,
    GameSystem,
    KindSpec,
    RuleError,
    SeatLeaving,
)
from companion.games.missiles_and_microchips.book import (
    ACTIONS,
    CARD_TYPES,
    COMPUTER_SLUGS,
    MAX_PLAYERS,
    MIN_PLAYERS,
)

CARD_FIELDS = (
    FieldSpec(
        "computer",
        "Held by",
        "choice",
        required=True,
        choices=COMPUTER_SLUGS,
        help="The supercomputer whose player holds the card.",
        show_in_list=True,
    ),
    FieldSpec(
        "target",
        "Targets",
        "choice",
        choices=COMPUTER_SLUGS,
        help="TARGET cards: the supercomputer it aims at.",
        show_in_list=True,
    ),
    FieldSpec(
        "action",
        "Action",
        "choice",
        choices=ACTIONS,
        help="ACTION cards: attack, block or charge.",
        show_in_list=True,
    ),
    FieldSpec(
        "identity",
        "Own card, laid in front",
        "bool",
        help="The holder's own TARGET card: shows who they are, never aimed.",
        show_in_list=True,
    ),
)


class MissilesAndMicrochips(GameSystem):
    """The microdeck game: six supercomputers, 54 cards, energy as the only score."""

    slug = "missiles-and-microchips"
    name = "Missiles & Microchips"
    short_name = "Missiles & Microchips"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    summary = (
        "A 30-minute bluffing game for 3 to 6 rogue supercomputers: each round everyone "
        "secretly aims at a rival and picks attack, block or charge; reach 10 energy or be "
        "the last one running."
    )
    list_noun = "kit"
    list_kinds = ("supercomputer", "card", "component")
    # Every computer for itself: one that leaves is out, as if dead, and the others play on.
    seat_leaving = SeatLeaving.ELIMINATED
    capabilities = Capabilities(
        build_rules="build_rules",
        list_edits="list_edits",
        engine="engine",
        printables="printables",
        models3d="models3d",
    )
    kinds = (
        KindSpec(
            "supercomputer",
            "Supercomputer",
            "Supercomputers",
            (FieldSpec("colour", "Colour", "str", show_in_list=True),),
        ),
        KindSpec("card", "Card", "Cards", CARD_FIELDS, categories=CARD_TYPES, homebrew=True),
        KindSpec(
            "action",
            "Action",
            "Actions",
            (
                FieldSpec("effect", "Effect", "str", show_in_list=True),
                FieldSpec("special", "Special rule", "str", show_in_list=True),
                FieldSpec("damage_to_target", "Damage to target", "int", min_value=0),
                FieldSpec("cancels_target_charge", "Cancels target's charge", "bool"),
                FieldSpec("blocks_attacks", "Blocks attack damage", "bool"),
                FieldSpec("damage_to_each_attacker", "Damage to each attacker", "int", min_value=0),
                FieldSpec("firewall_damage", "Firewall damage", "int", min_value=0),
                FieldSpec("gain", "Energy gained", "int", min_value=0),
                FieldSpec("chain_gain", "Chain gain", "int", min_value=0),
                FieldSpec("mirrored", "When mirrored", "str"),
            ),
        ),
        KindSpec(
            "phase",
            "Phase",
            "Round phases",
            (
                FieldSpec("step", "Step", "int", min_value=1, show_in_list=True),
                FieldSpec("simultaneous", "Simultaneous", "bool", show_in_list=True),
                FieldSpec("in_duels", "Played in duels", "bool", show_in_list=True),
            ),
        ),
        KindSpec(
            "ending",
            "Way to end",
            "Ways to end",
            (FieldSpec("outcome", "Outcome", "str", show_in_list=True),),
        ),
        KindSpec(
            "component",
            "Component",
            "Components",
            (FieldSpec("quantity", "Quantity", "int", min_value=1, show_in_list=True),),
        ),
    )

    def clean_homebrew(self, kind: str, data: Mapping[str, Any]) -> dict[str, Any]:
        """A card is either a TARGET card (with ``target``) or an ACTION card (with ``action``)."""
        cleaned = super().clean_homebrew(kind, data)
        if kind == "card":
            has_target, has_action = "target" in cleaned, "action" in cleaned
            if has_target == has_action:
                raise RuleError("A card has either a target (TARGET card) or an action.")
            if has_action and cleaned.get("identity"):
                raise RuleError({"data.identity": "Only a TARGET card is laid in front."})
            if has_target and cleaned.get("identity", False) != (
                cleaned["target"] == cleaned["computer"]
            ):
                raise RuleError(
                    {"data.identity": "A computer's own card is laid in front, never aimed."}
                )
        return cleaned


GAME = MissilesAndMicrochips()
