"""Smalltricks at the table: the options a table is opened with, the units a game fields,
and the secret set-up of each side. Pure Python, no Django.

Seat 0 holds side a (rows 1-3, castle row 1) and seat 1 side b (rows 4-6, castle row 6)
for the whole match (RULINGS.md); who moves first alternates between games.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.base import FieldSpec, RuleError
from companion.games.smalltricks import board, catalogue, rolling
from companion.games.smalltricks.board import Cell, Side

SIDE_OF_SEAT: tuple[Side, Side] = ("a", "b")
MATCH_FORMATS = ("single", "best-of-3", "best-of-5", "first-to-n")

OPTIONS: dict[str, Any] = {
    "match": "single",
    "first_to": 3,
    "end_of_game": "damage-and-hold",
    "round_limit": 7,
    "rolled_factions": False,
    "rolled_faction_types": "base",
    "max_rerolls": 0,
    "max_shifts": 0,
    "counter_charge_range": "same-hexagon",
    "trample_damage": False,
    "muskets_fire": "whether-moved-or-not",
}

OPTION_FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec(
        "match",
        "Match",
        "choice",
        choices=MATCH_FORMATS,
        help="One game, best of 3 or 5 (a majority of wins, or the most after that many "
        "games), or first to a number of wins.",
    ),
    FieldSpec(
        "first_to",
        "First to (wins)",
        "int",
        min_value=1,
        max_value=20,
        help="Wins needed when the match is 'first-to-n'.",
    ),
    FieldSpec(
        "end_of_game",
        "End of game",
        "choice",
        choices=("damage-and-hold", "player-driven"),
        help="Damage and Hold checks castle-damage leads after every round; Player-driven "
        "ends a game when both players agree.",
    ),
    FieldSpec(
        "round_limit",
        "Round limit",
        "int",
        min_value=1,
        max_value=30,
        help="Under Damage and Hold, an undecided game is scored after this round.",
    ),
    FieldSpec(
        "rolled_factions",
        "Rolled factions",
        "bool",
        help="Each player rolls six dice for their faction before every game.",
    ),
    FieldSpec(
        "rolled_faction_types",
        "Rolled 2, 4 and 6 give",
        "choice",
        choices=("base", "alternatives"),
        help="The base types (Cannons, Assault Beasts, Battery Ram) or the alternatives "
        "(Muskets, Aerial, Militia).",
    ),
    FieldSpec(
        "max_rerolls",
        "Rerolls per roll",
        "int",
        min_value=0,
        max_value=6,
        help="Dice a player may roll again.",
    ),
    FieldSpec(
        "max_shifts",
        "Shifts per roll",
        "int",
        min_value=0,
        max_value=6,
        help="Dice a player may turn one face up or down.",
    ),
    FieldSpec(
        "counter_charge_range",
        "Counter Charge range",
        "choice",
        choices=("same-hexagon", "within-range-1"),
        help="Where Spears must stand to turn a Charge back on the rider.",
    ),
    FieldSpec(
        "trample_damage",
        "Trample damage",
        "bool",
        help="Assault Beasts deal 1 damage to each opponent unit in a hexagon they enter.",
    ),
    FieldSpec(
        "muskets_fire",
        "Muskets fire",
        "choice",
        choices=("whether-moved-or-not", "only-if-not-moved"),
        help="Whether Fire! needs Muskets that stayed put this round.",
    ),
)

_FIELDS = {spec.name: spec for spec in OPTION_FIELDS}


def clean_options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The table's options with defaults filled in; ``RuleError`` naming each bad one.

    Form text is accepted for numbers ("5") and switches ("true", "on")."""
    chosen = {**OPTIONS, **dict(options or {})}
    errors: dict[str, str] = {}
    cleaned: dict[str, Any] = {}
    for name, value in chosen.items():
        spec = _FIELDS.get(name)
        path = f"options.{name}"
        if spec is None:
            errors[path] = "Unknown option."
        elif spec.type == "bool":
            if isinstance(value, str) and value.lower() in ("true", "on", "1", "yes", "false", "0"):
                value = value.lower() in ("true", "on", "1", "yes")
            if not isinstance(value, bool):
                errors[path] = "Expected true or false."
            cleaned[name] = value
        elif spec.type == "int":
            if isinstance(value, str) and value.strip().isdigit():
                value = int(value)
            if isinstance(value, bool) or not isinstance(value, int):
                errors[path] = "Expected a whole number."
            elif spec.min_value is not None and value < spec.min_value:
                errors[path] = f"Must be at least {spec.min_value}."
            elif spec.max_value is not None and value > spec.max_value:
                errors[path] = f"Must be at most {spec.max_value}."
            cleaned[name] = value
        else:
            if value not in spec.choices:
                errors[path] = f"Must be one of: {', '.join(spec.choices)}."
            cleaned[name] = value
    if errors:
        raise RuleError(errors)
    return cleaned


_TYPES = {entry.slug: entry for entry in catalogue.unit_types()}


def unit_type(slug: str) -> Mapping[str, Any]:
    """The catalogue data of a unit type (life, damage, movement, abilities, ...)."""
    return _TYPES[slug].data


def type_name(slug: str) -> str:
    return _TYPES[slug].name


def faction_units(body: Mapping[str, Any], seat: int) -> list[str]:
    """The six unit-type slugs a seat's saved faction brings; ``RuleError`` otherwise."""
    units = body.get("units") if isinstance(body, Mapping) else None
    if not isinstance(units, list) or len(units) != 6:
        raise RuleError({f"seats.{seat}.units": "A Smalltricks faction is six units."})
    unknown = [slug for slug in units if not isinstance(slug, str) or slug not in _TYPES]
    if unknown:
        raise RuleError({f"seats.{seat}.units": f"No such unit type: {unknown[0]!r}."})
    return list(units)


def default_cells(body: Mapping[str, Any], seat: int) -> list[str | None]:
    """The saved starting arrangement on the real board (side b's mirrored), or six Nones."""
    from companion.games.smalltricks.build_rules import cells_for_side

    cells = cells_for_side(body, SIDE_OF_SEAT[seat]) if isinstance(body, Mapping) else []
    cells = (list(cells) + [None] * 6)[:6]
    try:
        check_arrangement(seat, [c for c in cells if c], [])
    except RuleError:
        return [None] * 6
    return cells


def new_units(types: Sequence[Sequence[str]]) -> list[dict[str, Any]]:
    """Fresh units of both factions, off the board until the set-up is revealed."""
    return [
        {
            "id": f"{seat}-{index}",
            "seat": seat,
            "type": slug,
            "name": type_name(slug),
            "face": unit_type(slug)["face"],
            "life": unit_type(slug)["life"],
            "cell": None,
            "alive": True,
            "activated": False,
            "moved": False,
            "last_target": None,
        }
        for seat, slugs in enumerate(types)
        for index, slug in enumerate(slugs)
    ]


def parse_cells(value: Any) -> list[str]:
    """Cell labels from a list or a comma-separated text ("B2, C2, ...")."""
    if isinstance(value, str):
        value = [part for part in value.replace(" ", ",").split(",") if part]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RuleError({"cells": "Give one cell such as 'C2' per unit."})
    labels = []
    for index, text in enumerate(value):
        try:
            labels.append(Cell.parse(text).label)
        except ValueError:
            raise RuleError(
                {f"cells.{index}": f"{text!r} is no cell; cells run A1 to F6."}
            ) from None
    return labels


def check_arrangement(seat: int, cells: Sequence[str], types: Sequence[str]) -> None:
    """Own half only, two units of the faction per hexagon, one Militia per hexagon."""
    rows = board.HALF_ROWS[SIDE_OF_SEAT[seat]]
    per_cell: Counter[str] = Counter()
    militia: Counter[tuple[str, str]] = Counter()
    for index, label in enumerate(cells):
        cell = Cell.parse(label)
        if cell.row not in rows:
            raise RuleError(
                {f"cells.{index}": f"{label} is outside your half (rows {rows[0]}-{rows[-1]})."}
            )
        per_cell[label] += 1
        if per_cell[label] > board.UNITS_PER_FACTION_PER_HEX:
            raise RuleError({f"cells.{index}": f"{label} already holds two of your units."})
        if index < len(types) and unit_type(types[index]).get("max_per_hex", 2) < 2:
            militia[label, types[index]] += 1
            if militia[label, types[index]] > 1:
                raise RuleError(
                    {f"cells.{index}": f"Only one {type_name(types[index])} per hexagon."}
                )


def rolled_types(dice: Sequence[int], options: Mapping[str, Any]) -> list[str]:
    """The unit types six dice give under the table's rolled-faction option."""
    return rolling.units_for(dice, alternatives=options["rolled_faction_types"] == "alternatives")
