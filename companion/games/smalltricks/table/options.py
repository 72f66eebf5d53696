"""The options a Smalltricks table is opened with (RULINGS.md's house rules), one form field
each, and their cleaning: form text is read, anything unknown or out of bounds is refused
by name before the table starts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.base import FieldSpec, RuleError

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
