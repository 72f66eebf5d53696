"""The battlefield as one seat draws it: hexagon outlines and the units in each.

Each player sees their own castle at the bottom, nearest them: seat 0 (rows 1-3) sees
row 1 at the bottom; seat 1 sees the board turned half a turn, row 6 at the bottom.
Spectators see it as seat 0 does. Only placed units appear, so an arrangement that is not
revealed yet is never drawn for anyone.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from companion.games.smalltricks import board
from companion.games.smalltricks.board import Cell
from companion.games.smalltricks.table_setup import SIDE_OF_SEAT

SIZE = 50.0
WIDTH = round(SIZE * (1 + 1.5 * (board.COLUMNS - 1)) + SIZE, 1)
HEIGHT = round(SIZE * math.sqrt(3) * (board.ROWS + 0.5), 1)
_CORNERS = ((1, 0), (0.5, 0.866), (-0.5, 0.866), (-1, 0), (-0.5, -0.866), (0.5, -0.866))
# Up to four units share a hexagon: the viewer's own at the bottom, the opponent's on top.
_SLOTS = {"own": ((-15, 17), (15, 17)), "other": ((-15, -17), (15, -17))}


def _position(cell: Cell, seat: int | None) -> tuple[float, float]:
    """Centre of ``cell`` on this seat's screen."""
    shown = board.mirrored(cell) if seat == 1 else cell
    x, y = board.center(shown, SIZE)
    return x, HEIGHT - y


def board_view(state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    """Cells with their outline, owner, castle mark and the placed units in them."""
    viewer = seat if seat in (0, 1) else 0
    by_cell: dict[str, list[dict[str, Any]]] = {}
    for unit in state["units"]:
        if unit["alive"] and unit["cell"]:
            by_cell.setdefault(unit["cell"], []).append(unit)
    cells = []
    for cell in board.CELLS:
        x, y = _position(cell, seat)
        pieces = []
        for side in ("own", "other"):
            mine = [
                u for u in by_cell.get(cell.label, []) if (u["seat"] == viewer) == (side == "own")
            ]
            for unit, (dx, dy) in zip(mine, _SLOTS[side], strict=False):
                pieces.append(
                    {
                        "id": unit["id"],
                        "seat": unit["seat"],
                        "face": unit["face"],
                        "name": unit["name"],
                        "life": unit["life"],
                        "activated": unit["activated"],
                        "x": round(x + dx - 14, 1),
                        "y": round(y + dy - 14, 1),
                        "cx": round(x + dx, 1),
                        "cy": round(y + dy, 1),
                    }
                )
        castle = board.castle_side(cell)
        cells.append(
            {
                "label": cell.label,
                "x": round(x, 1),
                "y": round(y, 1),
                "points": " ".join(
                    f"{x + SIZE * dx:.1f},{y + SIZE * dy:.1f}" for dx, dy in _CORNERS
                ),
                "half": SIDE_OF_SEAT.index(board.half(cell)),
                "castle": None if castle is None else SIDE_OF_SEAT.index(castle),
                "pieces": pieces,
            }
        )
    return {"width": WIDTH, "height": HEIGHT, "cells": cells, "viewer": viewer}
