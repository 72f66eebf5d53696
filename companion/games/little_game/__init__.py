"""A little game I made: a two-player skirmish driven by ten numbered cards."""

from __future__ import annotations

import re
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

UNIT_KINDS = ("cavalry", "ranged", "long-ranged")
BASE_SHAPES = ("square", "rectangular")
IN_CONTACT = ("required", "forbidden", "no limit")

_BASE_SIZE = re.compile(r"^\s*(\d+)\s*[xX×]\s*(\d+)\s*(?:mm)?\s*$")

UNIT_FIELDS = (
    FieldSpec(
        "base_size",
        "Base size (mm)",
        "str",
        required=True,
        help="Width x depth in mm, e.g. 30x60; square or rectangular.",
        show_in_list=True,
    ),
    FieldSpec(
        "quality",
        "Quality",
        "int",
        required=True,
        min_value=0,
        max_value=5,
        help="0-5: subtracted from the pressure when checking for breaks.",
        show_in_list=True,
    ),
    FieldSpec(
        "kinds",
        "Special kinds",
        "list",
        choices=UNIT_KINDS,
        help="Any of cavalry, ranged, long-ranged; none for a plain unit.",
        show_in_list=True,
    ),
)


class LittleGame(GameSystem):
    """The forum-post skirmish: cards give the value of every move, hit and break check."""

    slug = "little-game"
    name = "A little game I made"
    short_name = "Little game"
    min_players = 2
    max_players = 2
    summary = (
        "A tiny two-player skirmish: ten cards numbered 1 to 10 set how far units move, how "
        "hard they hit and whether they break, and losing units costs you cards."
    )
    list_noun = "army"
    list_kinds = ("base-size", "unit-kind")
    # Two players: a player who leaves concedes, the other wins.
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
            "card",
            "Card",
            "Cards",
            (
                FieldSpec(
                    "value",
                    "Number",
                    "int",
                    required=True,
                    min_value=1,
                    max_value=10,
                    show_in_list=True,
                ),
                FieldSpec(
                    "parity",
                    "Evens/odds hand",
                    "choice",
                    choices=("even", "odd"),
                    show_in_list=True,
                ),
            ),
        ),
        KindSpec(
            "unit-kind",
            "Unit kind",
            "Unit kinds",
            (
                FieldSpec(
                    "move_factor", "Advance/Retreat x", "int", min_value=1, show_in_list=True
                ),
                FieldSpec("shoots", "May shoot", "bool", show_in_list=True),
                FieldSpec("shoot_factor", "Shoot value x", "int", min_value=0, show_in_list=True),
            ),
        ),
        KindSpec(
            "quality",
            "Quality",
            "Quality table",
            (
                FieldSpec("quality", "Quality", "int", min_value=0, max_value=5, show_in_list=True),
                FieldSpec("breaks_when", "Breaks when", "str", show_in_list=True),
            ),
        ),
        KindSpec(
            "base-size",
            "Base size",
            "Base sizes",
            (FieldSpec("example", "Example", "str", show_in_list=True),),
            categories=BASE_SHAPES,
        ),
        KindSpec(
            "action",
            "Action",
            "Actions",
            (
                FieldSpec("effect", "Effect", "str", show_in_list=True),
                FieldSpec("move", "Move", "choice", choices=("forward", "backward", "pivot")),
                FieldSpec("inches", "Inches", "str"),
                FieldSpec("pressure", "Pressure", "str"),
                FieldSpec("long_ranged_pressure", "Pressure, long ranged", "str"),
                FieldSpec(
                    "in_contact",
                    "In contact with an enemy",
                    "choice",
                    choices=IN_CONTACT,
                    show_in_list=True,
                ),
                FieldSpec("cavalry_double", "Double for cavalry", "bool"),
                FieldSpec("shooters_only", "Ranged units only", "bool"),
            ),
        ),
        KindSpec("unit", "Unit", "Units", UNIT_FIELDS, homebrew=True),
    )

    def clean_homebrew(self, kind: str, data: Mapping[str, Any]) -> dict[str, Any]:
        """Fields first, then a unit's base size and kinds, so forms can name the field."""
        cleaned = super().clean_homebrew(kind, data)
        if kind == "unit":
            errors: dict[str, str] = {}
            match = _BASE_SIZE.match(cleaned.get("base_size", ""))
            if not match or 0 in (int(match.group(1)), int(match.group(2))):
                errors["data.base_size"] = "Write width x depth in mm, e.g. 30x60."
            else:
                cleaned["base_size"] = f"{int(match.group(1))}x{int(match.group(2))}"
            kinds = cleaned.get("kinds", [])
            if len(set(kinds)) != len(kinds):
                errors["data.kinds"] = "Each kind once."
            elif "ranged" in kinds and "long-ranged" in kinds:
                errors["data.kinds"] = "Long ranged already shoots: pick ranged or long-ranged."
            if errors:
                raise RuleError(errors)
        return cleaned


GAME = LittleGame()
