"""The secret set-up of each side: where a faction's saved arrangement puts its units by
default, the cells a player sends, and the reveal once both are in.

Seat 0 holds side a (rows 1-3, castle row 1) and seat 1 side b (rows 4-6, castle row 6)
for the whole match (RULINGS.md); who moves first alternates between games. An
arrangement stays in ``state["setup"]`` until both are in: units are placed only at the
reveal, so no view and no log entry shows one side's plan to the other before that.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.base import RuleError
from companion.games.smalltricks import board
from companion.games.smalltricks.board import Cell, Side
from companion.games.smalltricks.build_rules import cells_for_side
from companion.games.smalltricks.table.units import type_name, unit_type

SEATS = (0, 1)
SIDE_OF_SEAT: tuple[Side, Side] = ("a", "b")


def default_cells(body: Mapping[str, Any], seat: int) -> list[str | None]:
    """The saved starting arrangement on the real board (side b's mirrored), or six Nones."""
    cells = cells_for_side(body, SIDE_OF_SEAT[seat]) if isinstance(body, Mapping) else []
    cells = (list(cells) + [None] * 6)[:6]
    try:
        check_arrangement(seat, [c for c in cells if c], [])
    except RuleError:
        return [None] * 6
    return cells


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


def submit(state: dict[str, Any], seat: int, action: Mapping[str, Any]) -> list[dict]:
    """Keep one side's arrangement, unseen by the other; its event says only that it is in."""
    if state["setup"][seat] is not None:
        raise RuleError({"type": "Your arrangement is in; wait for your opponent."})
    cells = parse_cells(action.get("cells"))
    mine = [u for u in state["units"] if u["seat"] == seat]
    if len(cells) != len(mine):
        raise RuleError({"cells": f"Place all {len(mine)} units, one cell each."})
    check_arrangement(seat, cells, [u["type"] for u in mine])
    state["setup"][seat] = cells
    return [{"type": "ready", "seat": seat, "text": f"{state['names'][seat]} has set up, hidden."}]


def reveal(state: dict[str, Any]) -> dict[str, Any]:
    """Put both factions' units where their players chose; the event shows both (a barrier)."""
    parts = []
    for owner, cells in enumerate(state["setup"]):
        units = [u for u in state["units"] if u["seat"] == owner]
        for unit, cell in zip(units, cells, strict=True):
            unit["cell"] = cell
        parts.append(
            f"{state['names'][owner]}: " + ", ".join(f"{u['name']} {u['cell']}" for u in units)
        )
    return {
        "type": "reveal",
        "step": "setup",
        "cells": [list(c) for c in state["setup"]],
        "text": "Both arrangements revealed. " + " · ".join(parts) + ".",
        "barrier": True,
    }
