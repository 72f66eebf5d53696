"""The Smalltricks faction builder's actions: pick six unit types, or roll them, then
place them on the own half of the board. Random results come from the caller's
``rng`` (the server passes a secure one), so the same seed replays the same roll."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from typing import Any

from companion.games import plain_lists
from companion.games.base import RuleError
from companion.games.building import Catalogue
from companion.games.list_editing import arg_bool, arg_int, arg_quantity, arg_str
from companion.games.plain_lists import PlainLine, PlainReading
from companion.games.problems import Problem
from companion.games.smalltricks import board, rolling
from companion.games.smalltricks.rolling import BASE_BY_FACE

FACTION_SIZE = 6
OPTIONS = {"alternatives_on_roll": bool, "max_rerolls": int, "max_shifts": int}


def _units(body: dict[str, Any]) -> list[Any]:
    units = body.get("units")
    if not isinstance(units, list):
        units = body["units"] = []
    return units


def _arrangement(body: dict[str, Any]) -> list[Any]:
    units = _units(body)
    cells = body.get("arrangement")
    if not isinstance(cells, list):
        cells = []
    cells = (cells + [None] * len(units))[: len(units)]
    body["arrangement"] = cells
    return cells


def start(
    body: dict, args: Mapping[str, str], catalogue: Catalogue, rng: random.Random | None = None
) -> dict:
    """One of each base type, unplaced, arrangement hidden."""
    return {
        "units": [BASE_BY_FACE[face] for face in range(1, 7)],
        "arrangement": [None] * FACTION_SIZE,
        "show_arrangement": False,
        "options": {
            "rolled": False,
            "alternatives_on_roll": False,
            "max_rerolls": 1,
            "max_shifts": 1,
        },
    }


def set_unit(
    body: dict, args: Mapping[str, str], catalogue: Catalogue, rng: random.Random | None = None
) -> dict:
    """Choose the type of one of the six units (multiples allowed); ``quantity`` (e.g.
    "3x") sets that many units from ``index`` on, never past the sixth."""
    index = arg_int(args, "index", 0, FACTION_SIZE - 1)
    quantity = arg_quantity(args, high=FACTION_SIZE - index)
    slug = arg_str(args, "unit")
    if catalogue.get("unit-type", slug) is None:
        raise RuleError({"unit": f"No unit type '{slug}'."})
    units = _units(body)
    while len(units) < index + quantity:
        units.append(None)
    for at in range(index, index + quantity):
        units[at] = slug
    return body


def place(
    body: dict, args: Mapping[str, str], catalogue: Catalogue, rng: random.Random | None = None
) -> dict:
    """Put unit ``index`` on a cell of the own half (rows 1-3), or take it off (no cell)."""
    index = arg_int(args, "index", 0, FACTION_SIZE - 1)
    cells = _arrangement(body)
    if index >= len(cells):
        raise RuleError({"index": "No such unit."})
    label = str(args.get("cell", "")).strip().upper()
    if not label:
        cells[index] = None
        return body
    try:
        cell = board.Cell.parse(label)
    except ValueError as exc:
        raise RuleError({"cell": str(exc)}) from None
    if board.half(cell) != "a":
        raise RuleError({"cell": f"{cell.label} is not on your half: use rows 1 to 3."})
    cells[index] = cell.label
    return body


def set_option(
    body: dict, args: Mapping[str, str], catalogue: Catalogue, rng: random.Random | None = None
) -> dict:
    name = arg_str(args, "option")
    options = body.get("options") if isinstance(body.get("options"), dict) else {}
    if name == "show_arrangement":
        body["show_arrangement"] = arg_bool(args, "value")
        return body
    if name not in OPTIONS:
        raise RuleError({"option": f"Must be one of: show_arrangement, {', '.join(OPTIONS)}."})
    options[name] = (
        arg_int(args, "value", 0, 6) if OPTIONS[name] is int else arg_bool(args, "value")
    )
    body["options"] = options
    return body


def roll(
    body: dict, args: Mapping[str, str], catalogue: Catalogue, rng: random.Random | None = None
) -> dict:
    """Roll a whole new faction: six dice give six unit types; placements are cleared."""
    rng = rng or random.SystemRandom()
    options = body.get("options") if isinstance(body.get("options"), dict) else {}
    options["rolled"] = True
    body["options"] = options
    body["rolled"] = rolling.new_record(rng)
    return _units_from_dice(body)


def reroll(
    body: dict, args: Mapping[str, str], catalogue: Catalogue, rng: random.Random | None = None
) -> dict:
    rng = rng or random.SystemRandom()
    record = _rolled(body)
    dice, record = rolling.reroll(
        record["dice"],
        arg_int(args, "index"),
        rng,
        record,
        max_rerolls=_option(body, "max_rerolls"),
    )
    body["rolled"] = record
    return _units_from_dice(body)


def shift(
    body: dict, args: Mapping[str, str], catalogue: Catalogue, rng: random.Random | None = None
) -> dict:
    record = _rolled(body)
    dice, record = rolling.shift(
        record["dice"],
        arg_int(args, "index"),
        arg_int(args, "delta", -1, 1),
        record,
        max_shifts=_option(body, "max_shifts"),
    )
    body["rolled"] = record
    return _units_from_dice(body)


def _rolled(body: dict) -> dict[str, Any]:
    record = body.get("rolled")
    if not isinstance(record, dict) or not isinstance(record.get("dice"), list):
        raise RuleError({"rolled": "Roll the faction first."})
    return record


def _option(body: dict, name: str) -> int:
    options = body.get("options") if isinstance(body.get("options"), dict) else {}
    value = options.get(name, 0)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _units_from_dice(body: dict) -> dict:
    options = body.get("options") if isinstance(body.get("options"), dict) else {}
    body["units"] = rolling.units_for(
        body["rolled"]["dice"], alternatives=bool(options.get("alternatives_on_roll"))
    )
    body["arrangement"] = [None] * len(body["units"])
    return body


# Taps the builder's undo does not take back: a roll stands, as a die roll does at a table.
NOT_UNDONE = frozenset({"roll", "reroll", "shift"})

ACTIONS: dict[str, Callable[..., dict]] = {
    "start": start,
    "set-unit": set_unit,
    "place": place,
    "set-option": set_option,
    "roll": roll,
    "reroll": reroll,
    "shift": shift,
}


def choices(body: Mapping[str, Any], catalogue: Catalogue) -> dict[str, Any]:
    """The unit types to pick from, and the own half of the board as drawable hexes."""
    types = sorted(
        catalogue.of_kind("unit-type"),
        key=lambda t: (t.data.get("face", 9), t.category != "base", t.name),
    )
    size = 40.0
    height = round(size * 1.732 * 3.5 + 4, 1)
    cells = []
    for row in range(1, 4):
        for column in range(1, board.COLUMNS + 1):
            cell = board.Cell(column, row)
            x, y = board.center(cell, size)
            y = height - y  # the own castle (row 1) at the bottom, nearest the player
            corners = " ".join(
                f"{x + size * dx:.1f},{y + size * dy:.1f}"
                for dx, dy in (
                    (1, 0),
                    (0.5, 0.866),
                    (-0.5, 0.866),
                    (-1, 0),
                    (-0.5, -0.866),
                    (0.5, -0.866),
                )
            )
            cells.append(
                {
                    "label": cell.label,
                    "x": round(x, 1),
                    "y": round(y, 1),
                    "points": corners,
                    "castle": row == 1,
                }
            )
    return {
        "types": [
            {
                "slug": t.slug,
                "name": t.name,
                "face": t.data.get("face"),
                "category": t.category,
                "max_per_hex": t.data.get("max_per_hex", 2),
            }
            for t in types
        ],
        "names": {t.slug: t.name for t in types},
        "faces": {t.slug: t.data.get("face") for t in types},
        "cells": cells,
        "board_width": round(size * (1 + 1.5 * (board.COLUMNS - 1)) + size, 1),
        "board_height": height,
    }


_FACE = re.compile(r"\s*\[\d+\]$")
_GRID_ROW = re.compile(r"^(?P<row>[1-3])\s\s(?P<cells>.*?)(?:\s+\(castle\))?$")


def read_plain(lines: list[PlainLine], catalogue: Catalogue) -> PlainReading:
    """A faction as plain text: "2x Archers" lines (the export's "[face]" is skipped),
    and, when the export showed it, the arrangement grid (rows 3 to 1 under columns A-F,
    codes explained by the legend line below it). Units follow the "Choose" taps, so the
    faction starts as the page's new faction does, its units replaced by the text's."""
    types = plain_lists.Names((t.slug, t.name) for t in catalogue.of_kind("unit-type"))
    reading = PlainReading(body=start({}, {}, catalogue))
    reading.body["units"], reading.body["arrangement"] = [], []
    grid: dict[int, list[str]] = {}
    legend: dict[str, str] = {}
    in_grid = False
    for line in lines:
        text = line.text
        if plain_lists.is_verdict(line):
            break
        if text.lower().startswith("smalltricks faction") or text.lower().startswith("rolled:"):
            continue
        if text.lower().startswith("arrangement"):
            in_grid = text.lower().startswith("arrangement (")
            continue
        if in_grid:
            if re.fullmatch(r"A\s+B\s+C\s+D\s+E\s+F", text):
                continue
            row = _GRID_ROW.match(line.raw.strip())
            if row:
                cells = line.raw.strip()[3:].removesuffix("(castle)").rstrip()
                grid[int(row.group("row"))] = [cells[i : i + 8].strip() for i in range(0, 48, 8)]
                continue
            for part in text.split(", "):
                code, _, name = part.partition(" ")
                legend[code] = name
            in_grid = False
            continue
        slug = types.find(_FACE.sub("", line.name))
        if slug is None:
            reading.problems.append(plain_lists.unmatched(line, "no unit type of that name."))
            continue
        index = len(reading.body["units"])
        if index + line.count > FACTION_SIZE:
            reading.problems.append(
                plain_lists.unmatched(line, f"a faction has {FACTION_SIZE} units.")
            )
            continue
        plain_lists.apply(
            reading,
            ACTIONS,
            catalogue,
            line,
            "set-unit",
            index=index,
            unit=slug,
            quantity=line.count,
        )
    reading.body["arrangement"] = [None] * len(reading.body["units"])
    if grid:
        _place_from_grid(reading, grid, legend, types)
    return reading


def _place_from_grid(
    reading: PlainReading, grid: dict[int, list[str]], legend: dict[str, str], types: Any
) -> None:
    """Each code in a cell places the first unplaced unit of the legend's type there."""
    units, cells = reading.body["units"], reading.body["arrangement"]
    reading.body["show_arrangement"] = True
    for row, columns in sorted(grid.items()):
        for column, codes in enumerate(columns):
            for code in (c for c in codes.split("+") if c and c != "."):
                slug = types.find(legend.get(code, ""))
                free = [i for i, u in enumerate(units) if u == slug and cells[i] is None]
                if free:
                    cells[free[0]] = f"{'ABCDEF'[column]}{row}"
                else:
                    reading.problems.append(
                        Problem(
                            "unmatched-line",
                            "error",
                            f"The arrangement places “{code}” on {'ABCDEF'[column]}{row}, "
                            "but no unit of the list is left for it.",
                            "arrangement",
                        )
                    )
