"""How random play fills Smalltricks' action templates: a set-up's cells and a
resolution's orders are the player's own choice, so the templates leave them open."""

from __future__ import annotations

import random
from typing import Any

from companion.games.smalltricks import board
from companion.games.smalltricks.engine import ENGINE
from companion.games.smalltricks.table.setup import SIDE_OF_SEAT
from companion.games.smalltricks.table.units import unit_type


def arrangement(state: dict[str, Any], seat: int, rnd: random.Random) -> list[str]:
    """A random legal set-up: own half, two per hexagon, one Militia per hexagon."""
    rows = board.HALF_ROWS[SIDE_OF_SEAT[seat]]
    cells = [c.label for c in board.CELLS if c.row in rows]
    placed: list[str] = []
    mine = [u for u in state["units"] if u["seat"] == seat]
    for unit in mine:
        while True:
            cell = rnd.choice(cells)
            same = [mine[i]["type"] for i, c in enumerate(placed) if c == cell]
            alone = unit_type(unit["type"])["max_per_hex"] < 2
            if len(same) < 2 and not (alone and unit["type"] in same):
                placed.append(cell)
                break
    return placed


def complete(
    state: dict[str, Any], seat: int | None, template: dict[str, Any], rnd: random.Random
) -> dict[str, Any]:
    """``template`` as a player would send it: without the page's labels, with cells
    for a set-up and one of the offered choices for each order."""
    action = {k: v for k, v in template.items() if k not in ("label", "to")}
    if action["type"] == "setup" and seat is not None:
        action["cells"] = arrangement(state, seat, rnd)
    elif action["type"] == "orders" and seat is not None:
        needs = ENGINE.player_view(state, seat)["resolution"]["needs"]
        action["choices"] = {
            n["key"]: rnd.choice([c[0] for c in n["choices"] if c[0] != ""] or [""]) for n in needs
        }
    return action
