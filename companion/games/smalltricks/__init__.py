"""Smalltricks: a two-player skirmish of six dice a side on a 6x6 hex battlefield."""

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
from companion.games.smalltricks.book import (
    ABILITY_SLUGS,
    ABILITY_TYPES,
    BASE_TYPE_SLUGS,
)

UNIT_CATEGORIES = ("base", "alternative")

UNIT_TYPE_FIELDS = (
    FieldSpec(
        "face",
        "Die face",
        "int",
        required=True,
        min_value=1,
        max_value=6,
        show_in_list=True,
        help="The face of the die that stands for this unit.",
    ),
    FieldSpec("life", "Life", "int", required=True, min_value=1, show_in_list=True),
    FieldSpec(
        "combat_damage",
        "Combat damage",
        "int",
        required=True,
        min_value=0,
        show_in_list=True,
        help="Damage each unit deals in a Combat; 2 unless a rule says.",
    ),
    FieldSpec(
        "movement",
        "Movement (hexagons)",
        "int",
        required=True,
        min_value=0,
        show_in_list=True,
        help="Hexagons per Movement, with the unit's own Charge.",
    ),
    FieldSpec(
        "range",
        "Range",
        "int",
        required=True,
        min_value=0,
        show_in_list=True,
        help="The unit's own range, 0 by default; abilities state their own.",
    ),
    FieldSpec(
        "max_per_hex",
        "Most per hexagon",
        "int",
        min_value=1,
        max_value=2,
        help="Units of this type one faction may have in a hexagon.",
    ),
    FieldSpec("abilities", "Abilities", "list", choices=ABILITY_SLUGS, show_in_list=True),
    FieldSpec(
        "replaces",
        "Replaces",
        "choice",
        choices=BASE_TYPE_SLUGS,
        show_in_list=True,
        help="Alternatives only: the base type of the same die face.",
    ),
)

ABILITY_FIELDS = (
    FieldSpec("range", "Range", "int", min_value=0, show_in_list=True),
    FieldSpec("damage", "Damage", "int", min_value=0, show_in_list=True),
    FieldSpec("options", "Changed by options", "list"),
)

BOARD_FIELDS = (
    FieldSpec("columns", "Columns", "int", show_in_list=True),
    FieldSpec("rows", "Rows", "int", show_in_list=True),
    FieldSpec("cells", "Hexagons", "int"),
    FieldSpec("hexes", "Hexagons' orientation", "str", show_in_list=True),
    FieldSpec("layout", "Layout", "str"),
    FieldSpec("halves", "Halves", "dict", help="Side to its rows."),
    FieldSpec("castle_rows", "Castle rows", "dict", help="Side to its castle row."),
    FieldSpec(
        "units_per_faction_per_hex", "Units per faction per hexagon", "int", show_in_list=True
    ),
)

OPTION_FIELDS = (
    FieldSpec("default", "Default", "str", required=True, show_in_list=True),
    FieldSpec("alternatives", "Alternatives", "list", show_in_list=True),
    FieldSpec("value_type", "Value type", "choice", choices=("choice", "int")),
    FieldSpec("min_value", "Lowest value", "int", help="Number options only."),
)


class Smalltricks(GameSystem):
    """Smalltricks' declaration: catalogue kinds only; the game has no points or prices."""

    slug = "smalltricks"
    name = "Smalltricks"
    short_name = "Smalltricks"
    min_players = 2
    max_players = 2
    summary = (
        "A fast two-player skirmish on a 6x6 hex board: each side fields six dice as units, "
        "and matches of short, sharp games are won by hurting the enemy castle first."
    )
    list_noun = "faction"
    list_kinds = ("unit-type",)
    # Two factions: a player who leaves concedes the match to the other.
    seat_leaving = SeatLeaving.CONCEDE
    capabilities = Capabilities(
        build_rules="build_rules",
        list_edits="list_edits",
        engine="engine",
        printables="printables",
        models3d="models3d",
    )
    kinds = (
        KindSpec(
            "unit-type",
            "Unit type",
            "Unit types",
            UNIT_TYPE_FIELDS,
            categories=UNIT_CATEGORIES,
            homebrew=True,
        ),
        KindSpec("ability", "Ability", "Abilities", ABILITY_FIELDS, categories=ABILITY_TYPES),
        KindSpec("board", "Board", "Boards", BOARD_FIELDS),
        KindSpec("option", "Option", "Options", OPTION_FIELDS),
    )

    def clean_homebrew(self, kind: str, data: Mapping[str, Any]) -> dict[str, Any]:
        """Field checks, plus: an alternative shares the die face of the type it replaces."""
        cleaned = super().clean_homebrew(kind, data)
        if kind == "unit-type" and cleaned.get("replaces"):
            from companion.games.smalltricks import catalogue

            faces = {e.slug: e.data["face"] for e in catalogue.unit_types()}
            if faces[cleaned["replaces"]] != cleaned["face"]:
                raise RuleError(
                    {
                        "data.replaces": f"Needs die face {faces[cleaned['replaces']]}, "
                        f"the face of the type it replaces."
                    }
                )
        return cleaned

    def shared_body(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """A faction's starting arrangement stays secret unless its owner shows it."""
        shared = super().shared_body(body)
        if not shared.get("show_arrangement"):
            shared.pop("arrangement", None)
        return shared


GAME = Smalltricks()
