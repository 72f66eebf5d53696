"""A Game of Micro and Macro: a miniature skirmish fed by a base-building card game."""

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
from companion.games.micro_and_macro.book import CARD_TYPES, SPELL_SLUGS, WEAPON_SLUGS
from companion.games.micro_and_macro.mechanics import DIE_LADDER, MAX_UPGRADES_PER_BUILDING

SPELL_CATEGORIES = ("active", "passive")
SPELL_TARGETS = ("self", "friendly", "enemy", "area")


def _die(name: str, label: str) -> FieldSpec:
    """A dice attribute: one step of the die ladder, as the book writes it."""
    return FieldSpec(
        name,
        label,
        "choice",
        required=True,
        choices=DIE_LADDER,
        show_in_list=True,
        help="A die-ladder step; D16 is rolled as D12 + D4, D24 as D20 + D4.",
    )


UNIT_FIELDS = (
    FieldSpec(
        "m", "M (movement, cm)", "int", required=True, min_value=1, max_value=100, show_in_list=True
    ),
    FieldSpec(
        "lp",
        "LP (life-points)",
        "int",
        required=True,
        min_value=1,
        max_value=100,
        show_in_list=True,
    ),
    _die("a", "A (attack)"),
    _die("d", "D (defense)"),
    _die("sp", "SP (spell-power)"),
    _die("md", "MD (magic defense)"),
    FieldSpec(
        "weapon",
        "Weapon",
        "choice",
        choices=WEAPON_SLUGS,
        help="The one weapon (or weapon set) it carries, by slug.",
    ),
    FieldSpec(
        "spells",
        "Spells",
        "list",
        choices=SPELL_SLUGS,
        help="Spells it knows without upgrades, by slug.",
    ),
)

WEAPON_FIELDS = (
    FieldSpec("range", "Range (cm)", "int", required=True, min_value=1, show_in_list=True),
    FieldSpec("damage", "Damage", "int", required=True, min_value=0, show_in_list=True),
    FieldSpec("ability", "Ability", "str", show_in_list=True),
)

SPELL_FIELDS = (
    FieldSpec(
        "range",
        "Range (cm)",
        "int",
        min_value=0,
        show_in_list=True,
        help="Empty when the spell has no range of its own.",
    ),
    FieldSpec("target", "Target", "choice", choices=SPELL_TARGETS, show_in_list=True),
)

CARD_FIELDS = (
    FieldSpec("cost", "Cost (resources)", "int", required=True, min_value=0, show_in_list=True),
    FieldSpec("symbol", "Symbol", "str", help="Faction slug, or 'neutral'."),
    FieldSpec("lp", "LP", "int", min_value=1, show_in_list=True, help="Buildings only."),
    FieldSpec(
        "defense",
        "Defense",
        "choice",
        choices=DIE_LADDER,
        show_in_list=True,
        help="Buildings only: a die-ladder step.",
    ),
    FieldSpec(
        "upgrade_slots",
        "Upgrade slots",
        "int",
        min_value=0,
        max_value=MAX_UPGRADES_PER_BUILDING,
        help="Buildings only.",
    ),
    FieldSpec("is_main", "Main building", "bool", help="Buildings only."),
    FieldSpec(
        "produces", "Makes units", "list", help='Buildings: [{"unit": slug, "cost": resources}].'
    ),
    FieldSpec("fits", "Fits on", "list", help="Upgrades: building slugs; empty fits any."),
    FieldSpec(
        "units",
        "Affects units",
        "list",
        help="Upgrades: unit slugs it changes; empty means the building itself.",
    ),
    FieldSpec("teaches", "Teaches spells", "list", choices=SPELL_SLUGS, help="Upgrades."),
    FieldSpec("weapon", "Changes weapon to", "choice", choices=WEAPON_SLUGS, help="Upgrades."),
)


class MicroAndMacro(GameSystem):
    """The game's declaration; it has no points, so ``cost`` stays the base's None."""

    slug = "micro-and-macro"
    name = "A Game of Micro and Macro"
    short_name = "Micro and Macro"
    min_players = 2
    max_players = 2
    summary = (
        "Two players each run a base of buildings in a card game and send the units it makes "
        "into a miniature skirmish, where dice attributes clash in roll-offs. Destroy the "
        "enemy's main building to win."
    )
    list_noun = "deck"
    list_kinds = ("card", "unit", "spell", "weapon")
    # Two players, and the book lets a player concede at any time: leaving concedes.
    seat_leaving = SeatLeaving.CONCEDE
    capabilities = Capabilities(
        build_rules="build_rules",
        list_edits="list_edits",
        engine="engine",
        printables="printables",
        models3d="models3d",
        decks="decks",
    )
    kinds = (
        KindSpec("unit", "Unit", "Units", UNIT_FIELDS, homebrew=True),
        KindSpec("weapon", "Weapon", "Weapons", WEAPON_FIELDS),
        KindSpec("spell", "Spell", "Spells", SPELL_FIELDS, categories=SPELL_CATEGORIES),
        KindSpec("card-type", "Card type", "Card types"),
        KindSpec("card", "Card", "Cards", CARD_FIELDS, categories=CARD_TYPES, homebrew=True),
    )

    def clean_homebrew(self, kind: str, data: Mapping[str, Any]) -> dict[str, Any]:
        """Field checks, plus the shape of a card's ``produces`` list."""
        cleaned = super().clean_homebrew(kind, data)
        if kind == "card":
            _check_produces(cleaned.get("produces", []))
        return cleaned


def _check_produces(produces: list[Any]) -> None:
    """Each made unit names a unit slug and a whole, non-negative resource cost."""
    for index, item in enumerate(produces):
        ok = (
            isinstance(item, Mapping)
            and set(item) == {"unit", "cost"}
            and isinstance(item["unit"], str)
            and item["unit"]
            and isinstance(item["cost"], int)
            and not isinstance(item["cost"], bool)
            and item["cost"] >= 0
        )
        if not ok:
            raise RuleError(
                {f"data.produces.{index}": 'Expected {"unit": slug, "cost": whole number >= 0}.'}
            )


GAME = MicroAndMacro()
