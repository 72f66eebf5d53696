"""What one seat may see of the table, and the battlefield as it draws it.

A seat sees its own set-up and orders; of the other's only whether they are in. Every
event of the log is public, as the framework's ``visible_event`` leaves it: none carries an
arrangement before the reveal, or an order before every seat has given its own.

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
from companion.games.smalltricks.table.choices import needs
from companion.games.smalltricks.table.resolution import waiting_for
from companion.games.smalltricks.table.setup import SEATS, SIDE_OF_SEAT

SIZE = 50.0
WIDTH = round(SIZE * (1 + 1.5 * (board.COLUMNS - 1)) + SIZE, 1)
HEIGHT = round(SIZE * math.sqrt(3) * (board.ROWS + 0.5), 1)
_CORNERS = ((1, 0), (0.5, 0.866), (-0.5, 0.866), (-1, 0), (-0.5, -0.866), (0.5, -0.866))
# Up to four units share a hexagon: the viewer's own at the bottom, the opponent's on top.
_SLOTS = {"own": ((-15, 17), (15, 17)), "other": ((-15, -17), (15, -17))}


def seat_view(state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    """Beyond the engine's ``PUBLIC`` keys: ``seat``'s own set-up and orders, whether the
    other's are in, and the board. Units are placed only once both arrangements are
    revealed."""
    player = seat in SEATS
    view: dict[str, Any] = {"seat": seat}
    view["ready"] = [cells is not None for cells in state["setup"]]
    view["my_setup"] = list(state["setup"][seat] or []) if player else []
    view["default_cells"] = list(state["defaults"][seat]) if player else []
    view["resolution"] = None
    res = state["resolution"]
    if res is not None:
        view["resolution"] = {
            "step": res["step"],
            "waiting_for": waiting_for(state),
            "given": [orders is not None for orders in res["orders"]],
            "my_orders": dict(res["orders"][seat] or {}) if player else {},
            "needs": needs(state)[seat] if player else [],
        }
    view["board"] = board_view(state, seat)
    return view


def _position(cell: Cell, seat: int | None) -> tuple[float, float]:
    """Centre of ``cell`` on this seat's screen."""
    shown = board.mirrored(cell) if seat == 1 else cell
    x, y = board.center(shown, SIZE)
    return x, HEIGHT - y


def board_view(state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    """Cells with their outline, owner, castle mark and the placed units in them."""
    viewer = seat if seat in SEATS else 0
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
