"""Faction turns: where a unit may go, and what its movement abilities do on arrival.

A unit moves to an adjacent hexagon or stays; it may pass through its own units and stops
in the first hexagon with an opponent unit. Charge (Mounted) adds a second hexagon and hits
on arrival after two, unless Spears counter it; Trample (Assault Beasts) moves out of an
Engagement (and, with the option, hurts the opponent units where it arrives); Assault
(Aerial) lands on any hexagon with no unit. A faction has at most two units in a hexagon
(one Militia).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.base import RuleError
from companion.games.smalltricks import board
from companion.games.smalltricks.board import Cell
from companion.games.smalltricks.table.units import (
    Unit,
    at,
    describe,
    enemies_at,
    has,
    hurt,
    is_engaged,
    live,
    unit_of,
    unit_type,
)


def _room(state: Mapping[str, Any], unit: Unit, label: str) -> str | None:
    """Why ``unit`` may not end its move in ``label``, or None when it may."""
    own = [u for u in at(state, label, unit["seat"]) if u["id"] != unit["id"]]
    if len(own) >= board.UNITS_PER_FACTION_PER_HEX:
        return f"{label} already holds two of your units."
    if unit_type(unit["type"]).get("max_per_hex", 2) < 2 and any(
        u["type"] == unit["type"] for u in own
    ):
        return f"{label} already holds one of your {unit['name']}: only one per hexagon."
    return None


def check_path(state: Mapping[str, Any], unit: Unit, path: list[str]) -> None:
    """``RuleError`` with the reason when ``unit`` may not take ``path`` (cell labels)."""
    if not path:
        return
    start = unit["cell"]
    if is_engaged(state, unit) and not has(unit, "trample"):
        raise RuleError(
            {"path": f"{unit['name']} is Engaged and cannot move (only Trample allows that)."}
        )
    cells = [Cell.parse(label) for label in path]
    if path[-1] == start:
        raise RuleError({"path": "The path comes back to its start: send no path to stay."})
    assault = (
        has(unit, "aerial-assault")
        and len(path) == 1
        and board.distance(Cell.parse(start), cells[0]) > 1
    )
    if assault:
        if at(state, path[0]):
            raise RuleError({"path": f"Assault lands only on an empty hexagon; {path[0]} is not."})
    else:
        reach = unit_type(unit["type"])["movement"]
        if len(path) > reach:
            raise RuleError({"path": f"{unit['name']} moves at most {reach} hexagon(s)."})
        previous = Cell.parse(start)
        for index, cell in enumerate(cells):
            if not board.are_adjacent(previous, cell):
                raise RuleError({f"path.{index}": f"{cell.label} is not next to {previous.label}."})
            if index < len(cells) - 1 and enemies_at(state, cell.label, unit["seat"]):
                raise RuleError(
                    {f"path.{index}": f"The move stops at {cell.label}: it holds opponent units."}
                )
            previous = cell
    reason = _room(state, unit, path[-1])
    if reason:
        raise RuleError({"path": reason})


def is_charge(state: Mapping[str, Any], unit: Unit, path: list[str]) -> bool:
    """Two hexagons moved by a Charging unit, ending Engaged."""
    return (
        has(unit, "charge") and len(path) == 2 and bool(enemies_at(state, path[-1], unit["seat"]))
    )


def counter_chargers(state: Mapping[str, Any], unit: Unit, label: str) -> list[Unit]:
    """Opponent Spears that turn a Charge into ``label`` back on the rider."""
    reach = 1 if state["options"]["counter_charge_range"] == "within-range-1" else 0
    target = Cell.parse(label)
    return [
        u
        for u in live(state, 1 - unit["seat"])
        if has(u, "counter-charge") and board.distance(Cell.parse(u["cell"]), target) <= reach
    ]


def move_options(state: Mapping[str, Any], unit: Unit) -> list[dict[str, Any]]:
    """Every distinct legal activation of ``unit`` as a complete action, with a label."""
    start = Cell.parse(unit["cell"])
    candidates: list[list[str]] = [[]]
    for first in board.neighbours(start):
        candidates.append([first.label])
        if unit_type(unit["type"])["movement"] >= 2:
            candidates += [[first.label, second.label] for second in board.neighbours(first)]
    if has(unit, "aerial-assault"):
        candidates += [[c.label] for c in board.CELLS if board.distance(start, c) > 1]
    options: list[dict[str, Any]] = []
    seen: set[tuple[str, bool]] = set()
    for path in candidates:
        try:
            check_path(state, unit, path)
        except RuleError:
            continue
        to = path[-1] if path else unit["cell"]
        charge = is_charge(state, unit, path)
        if (to, charge) in seen:
            continue
        seen.add((to, charge))
        base = {"type": "move", "unit": unit["id"], "path": path, "to": to}
        if not path:
            options.append({**base, "label": f"Stay in {to}"})
        elif charge and not counter_chargers(state, unit, to):
            for enemy in enemies_at(state, to, unit["seat"]):
                options.append(
                    {**base, "target": enemy["id"], "label": f"Charge {to}, hit {enemy['name']}"}
                )
        elif charge:
            options.append({**base, "label": f"Charge {to} (Spears counter it)"})
        else:
            options.append({**base, "label": f"Move to {to}"})
    return options


def apply_move(state: dict[str, Any], seat: int, action: Mapping[str, Any]) -> list[dict]:
    """Activate one unit of the active faction: stay or move, and what arriving does."""
    unit = unit_of(state, action.get("unit"))
    if unit["seat"] != seat or not unit["alive"] or not unit["cell"]:
        raise RuleError({"unit": "Activate one of your own units on the board."})
    if unit["activated"]:
        raise RuleError({"unit": f"{unit['name']} has already been activated this turn."})
    raw = action.get("path", [])
    if isinstance(raw, str):
        raw = [part for part in raw.replace(" ", ",").split(",") if part]
    if not isinstance(raw, list) or not all(isinstance(p, str) for p in raw):
        raise RuleError({"path": "A path is a list of cells such as ['C3', 'C4']."})
    try:
        path = [Cell.parse(p).label for p in raw]
    except ValueError as exc:
        raise RuleError({"path": str(exc)}) from None
    check_path(state, unit, path)
    names = state["names"]
    charge = is_charge(state, unit, path)
    start = unit["cell"]
    events: list[dict] = []
    if charge:
        counters = counter_chargers(state, unit, path[-1])
        enemies = enemies_at(state, path[-1], seat)
        target = action.get("target")
        if not counters:
            if target is None and len(enemies) == 1:
                target = enemies[0]["id"]
            if target not in [e["id"] for e in enemies]:
                raise RuleError({"target": "Choose which opponent unit in there the Charge hits."})
    unit["activated"] = True
    if path:
        unit["cell"] = path[-1]
        unit["moved"] = True
        text = f"{describe(unit, names)} moves {start} → {' → '.join(path)}."
    else:
        text = f"{describe(unit, names)} stays in {start}."
    events.append({"type": "move", "unit": unit["id"], "from": start, "path": path, "text": text})
    if charge:
        if counters:
            hurt(state, {unit["id"]: 2}, events, "Counter Charge by Spears")
        else:
            hurt(state, {target: 2}, events, f"{unit['name']}'s Charge")
    if (
        path
        and has(unit, "trample")
        and state["options"]["trample_damage"]
        and enemies_at(state, path[-1], seat)
    ):
        hits = {e["id"]: 1 for e in enemies_at(state, path[-1], seat)}
        hurt(state, hits, events, "Trample")
    return events
