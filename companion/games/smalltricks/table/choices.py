"""The choices of the resolution turn: who must or may choose what at each step.

Engagement first: a hexagon holding units of both factions is a Combat; where one unit
stands against two, the single unit's player picks which of the two it Engages and the
other's player decides whether that one joins the Combat or keeps its abilities. Then
the splits of combat damage, and the targets of Spear, Volley and Mortar Fire (each may
hold). Every choice is a ``need``: kind, key, a sentence, and the allowed values.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.smalltricks import board
from companion.games.smalltricks.board import Cell
from companion.games.smalltricks.table.units import at, has, live, unit_type


def contested(state: Mapping[str, Any]) -> list[str]:
    cells = {u["cell"] for u in live(state, 0)} & {u["cell"] for u in live(state, 1)}
    return sorted(cells, key=lambda label: Cell.parse(label))


def one_and_two(state: Mapping[str, Any]) -> list[tuple[str, int, list[dict]]]:
    """(cell, seat of the single unit, the two opposing units) of each one-against-two."""
    found = []
    for cell in contested(state):
        mine, theirs = at(state, cell, 0), at(state, cell, 1)
        if len(mine) == 1 and len(theirs) == 2:
            found.append((cell, 0, theirs))
        elif len(mine) == 2 and len(theirs) == 1:
            found.append((cell, 1, mine))
    return found


def engaged_ids(state: Mapping[str, Any]) -> set[str]:
    """Units in a Combat this turn: all in contested hexagons but free units that hold."""
    res = state["resolution"]
    ids = {u["id"] for cell in contested(state) for u in at(state, cell)}
    for cell, _single, pair in one_and_two(state):
        chosen = res["engage"].get(cell)
        for unit in pair:
            if chosen and unit["id"] != chosen and res["join"].get(unit["id"]) == "hold":
                ids.discard(unit["id"])
    return ids


def _splits(amount: int, targets: list[dict]) -> list[list[str]]:
    """Every way to split ``amount`` damage between two targets, as choice strings."""
    first, second = targets
    choices = [[first["id"], f"all {amount} to {first['name']}"]]
    choices.append([second["id"], f"all {amount} to {second['name']}"])
    for part in range(1, amount):
        choices.append(
            [
                f"{first['id']}:{part},{second['id']}:{amount - part}",
                f"{part} to {first['name']}, {amount - part} to {second['name']}",
            ]
        )
    return choices


def _label(unit: Mapping[str, Any], state: Mapping[str, Any]) -> str:
    return f"{state['names'][unit['seat']]}'s {unit['name']} ({unit['cell']}, {unit['life']} life)"


def needs(state: Mapping[str, Any]) -> dict[int, list[dict[str, Any]]]:
    """The choices each seat must or may make at the current step (seat -> list)."""
    res = state["resolution"]
    step = res["step"]
    found: dict[int, list[dict[str, Any]]] = {0: [], 1: []}
    if step == "engage":
        for cell, single, pair in one_and_two(state):
            found[single].append(
                {
                    "kind": "engage",
                    "key": cell,
                    "text": f"In {cell}, which of the two opposing units does yours Engage?",
                    "choices": [[u["id"], _label(u, state)] for u in pair],
                }
            )
    elif step == "join":
        for cell, _single, pair in one_and_two(state):
            for unit in pair:
                if unit["id"] != res["engage"].get(cell):
                    found[unit["seat"]].append(
                        {
                            "kind": "join",
                            "key": unit["id"],
                            "text": f"Your {unit['name']} in {cell} is not Engaged.",
                            "choices": [
                                ["fight", "Join the Combat"],
                                ["hold", "Keep out and use its abilities"],
                            ],
                        }
                    )
    elif step == "combat":
        engaged = engaged_ids(state)
        for unit in live(state):
            if unit["id"] not in engaged:
                continue
            targets = [u for u in at(state, unit["cell"], 1 - unit["seat"]) if u["id"] in engaged]
            if len(targets) == 2:
                amount = unit_type(unit["type"])["combat_damage"]
                found[unit["seat"]].append(
                    {
                        "kind": "damage",
                        "key": unit["id"],
                        "text": f"Your {unit['name']} in {unit['cell']} deals {amount}.",
                        "choices": _splits(amount, targets),
                    }
                )
    elif step == "melee":
        for unit in _free(state, "spear"):
            targets = _in_range(state, unit, 1)
            if targets:
                found[unit["seat"]].append(_target_need("spear", unit, targets, state, 1))
    elif step == "order":
        second = 1 - state["first"]
        found[second].append(
            {
                "kind": "order",
                "key": "crash",
                "text": "A Spear would kill a Battery Ram that is Crashing Through: "
                "as the second faction, choose which comes first.",
                "choices": [
                    ["crash", "Crash Through first: the Ram wins before it falls"],
                    ["spears", "Spears first: a Ram killed does not Crash Through"],
                ],
            }
        )
    elif step == "ranged":
        for unit in _free(state, "volley"):
            targets = _in_range(state, unit, 2)
            if targets:
                found[unit["seat"]].append(_target_need("volley", unit, targets, state, 2))
        for unit in _free(state, "mortar-fire"):
            cells = [
                c.label for c in board.within(Cell.parse(unit["cell"]), 2) if at(state, c.label)
            ]
            found[unit["seat"]].append(
                {
                    "kind": "mortar",
                    "key": unit["id"],
                    "text": f"Your Cannons in {unit['cell']}: Mortar Fire on a hexagon "
                    "within range 2 (1 damage to every unit there, yours too).",
                    "choices": [["", "Hold fire"]]
                    + [[c, f"{c}: {len(at(state, c))} unit(s)"] for c in cells],
                }
            )
    return found


def _free(state: Mapping[str, Any], ability: str) -> list[dict]:
    """Living units with ``ability`` that are not in a Combat this turn."""
    engaged = set(state["resolution"]["engaged"])
    return [u for u in live(state) if has(u, ability) and u["id"] not in engaged]


def _in_range(state: Mapping[str, Any], unit: Mapping[str, Any], reach: int) -> list[dict]:
    here = Cell.parse(unit["cell"])
    return [
        u
        for u in live(state, 1 - unit["seat"])
        if board.distance(here, Cell.parse(u["cell"])) <= reach
    ]


def _target_need(
    kind: str, unit: Mapping[str, Any], targets: list[dict], state: Mapping[str, Any], reach: int
) -> dict[str, Any]:
    verb = {"spear": "Spear (1 damage)", "volley": "Volley"}[kind]
    return {
        "kind": kind,
        "key": unit["id"],
        "text": f"Your {unit['name']} in {unit['cell']}: {verb} on a unit within range {reach}.",
        "choices": [["", "Hold"]] + [[u["id"], _label(u, state)] for u in targets],
    }
