"""Maker-War: 6 mm mass battles of formations, supply cards and Titans."""

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
from companion.games.maker_war.cost import FIRE_ARCS, FIRE_TRAITS, MAXIMA, UNIT_TYPES

UNIT_FIELDS = (
    FieldSpec("type", "Type", "choice", required=True, choices=UNIT_TYPES),
    FieldSpec("armor", "Armor", "int", min_value=1, max_value=MAXIMA["armor"], show_in_list=True),
    FieldSpec(
        "structure",
        "Structure",
        "int",
        min_value=1,
        max_value=MAXIMA["structure"],
        help="Titans only.",
    ),
    FieldSpec(
        "speed", "Speed (cm)", "int", min_value=0, max_value=MAXIMA["speed"], show_in_list=True
    ),
    FieldSpec(
        "fire_range",
        "Fire range (cm)",
        "int",
        min_value=0,
        max_value=MAXIMA["fire_range"],
        show_in_list=True,
    ),
    FieldSpec(
        "fire_power",
        "Fire power (dice)",
        "int",
        min_value=0,
        max_value=MAXIMA["fire_power"],
        show_in_list=True,
    ),
    FieldSpec("fire_traits", "Fire traits", "list", choices=FIRE_TRAITS),
    FieldSpec("fire_arc", "Fire arc", "choice", choices=FIRE_ARCS),
    FieldSpec(
        "melee",
        "Melee / AA (dice)",
        "int",
        min_value=0,
        max_value=MAXIMA["melee"],
        show_in_list=True,
    ),
    FieldSpec("traits", "Traits", "dict", help='Trait slug to 1, or its value X: {"screen": 2}.'),
    FieldSpec("mounts", "Weapon mounts", "list", help="Titans: [{mount, weapon}]."),
    FieldSpec("titan", "Carried by", "str", help="Weapons: the Titan that carries it."),
    FieldSpec("mount", "Mount", "str", help="Weapons: the named mount it sits on."),
)

FORMATION_PLAN_FIELDS = (
    FieldSpec(
        "choices",
        "Unit choices",
        "list",
        required=True,
        help="[{unit, min, max, obligatory}] by unit slug.",
    ),
    FieldSpec("min_units", "Fewest units", "int", min_value=1, max_value=50, show_in_list=True),
    FieldSpec("max_units", "Most units", "int", min_value=1, max_value=50, show_in_list=True),
    FieldSpec("chiefs", "Allowed chiefs", "list", help="Unit slugs; empty: any unit may lead."),
    FieldSpec(
        "dependencies",
        "Dependencies",
        "list",
        help="[{unit, per, per_unit}]: at most one `unit` per `per` of `per_unit`.",
    ),
    FieldSpec("stars", "Rare stars", "int", min_value=0, max_value=5, show_in_list=True),
    FieldSpec(
        "classic", "Classic formation", "dict", help="Unit slug to count: the one-click template."
    ),
    FieldSpec("invader", "Invader formation", "bool"),
)


class MakerWar(GameSystem):
    slug = "maker-war"
    name = "Maker-War"
    short_name = "Maker-War"
    min_players = 2
    max_players = None
    summary = (
        "A 6 mm mass battle for two or more players in two sides: formations of infantry, "
        "tanks, flyers and Titans, supply cards, points of interest."
    )
    list_noun = "army"
    list_kinds = ("unit", "formation-plan", "setup-tier")
    # Two sides of one or more players: a teammate takes the army of one who leaves; a side
    # left with nobody surrenders.
    seat_leaving = SeatLeaving.TEAMMATE
    capabilities = Capabilities(
        build_rules="build_rules",
        list_edits="list_edits",
        engine="engine",
        printables="printables",
        models3d="models3d",
        calculator="calculator",
    )
    kinds = (
        KindSpec(
            "unit", "Unit", "Units", UNIT_FIELDS, categories=UNIT_TYPES, homebrew=True, priced=True
        ),
        KindSpec(
            "formation-plan",
            "Formation plan",
            "Formation plans",
            FORMATION_PLAN_FIELDS,
            homebrew=True,
        ),
        KindSpec(
            "trait",
            "Trait",
            "Traits",
            (FieldSpec("valued", "Takes a value X", "bool", show_in_list=True),),
            categories=("firepower", "unit", "chief-and-formation", "flyer", "titan", "faction"),
        ),
        KindSpec("order", "Order", "Orders"),
        KindSpec("stance", "Stance", "Stances"),
        KindSpec("terrain", "Terrain sample", "Terrain samples"),
        KindSpec("setup-tier", "Setup tier", "Game setup table"),
        KindSpec(
            "supply-card",
            "Supply card",
            "Supply cards",
            (
                FieldSpec("value", "Supply value", "int", show_in_list=True),
                FieldSpec("copies", "Copies in the deck", "int", show_in_list=True),
            ),
        ),
        KindSpec(
            "critical-hit",
            "Critical hit",
            "Critical-hit tables",
            categories=("titan-tank", "moderate", "big"),
        ),
        KindSpec("death-throe", "Death throe", "Death throes"),
        KindSpec("point-of-interest", "Point of interest", "Points of interest"),
    )

    def cost(self, kind: str, data: Mapping[str, Any]) -> tuple[int, dict[str, float]] | None:
        if kind != "unit":
            return None
        from companion.games.maker_war import cost

        result = cost.unit_cost(cost.UnitProfile.from_data(data))
        return result.points, result.breakdown

    def clean_homebrew(self, kind: str, data: Mapping[str, Any]) -> dict[str, Any]:
        cleaned = super().clean_homebrew(kind, data)
        if kind == "unit":
            from companion.games.maker_war import cost

            try:
                cost.UnitProfile.from_data(cleaned)
            except RuleError as exc:  # the formula names profile fields; homebrew nests them
                raise RuleError({f"data.{k}": v for k, v in exc.errors.items()}) from exc
        elif kind == "formation-plan":
            from companion.games.maker_war import formations

            formations.check_plan_data(cleaned)
        return cleaned

    def facts(self, kind: str, data: Mapping[str, Any]) -> list[tuple[str, str]]:
        from companion.games.maker_war import describe

        if kind == "unit":
            return describe.unit_facts(data)
        if kind == "formation-plan":
            return describe.plan_facts(data)
        return super().facts(kind, data)


GAME = MakerWar()
