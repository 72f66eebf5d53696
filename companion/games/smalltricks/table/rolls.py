"""Rolled factions at the table: each player rolls six dice before a game (or types the
faces of real dice), may reroll or shift within the table's limits (``rolling`` does the
arithmetic), then keeps the roll. Rolls and rerolls are random results, so they are
barriers that undo cannot pass.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.games.base import RuleError
from companion.games.dice import typed_faces
from companion.games.smalltricks import rolling
from companion.games.smalltricks.table.units import new_units


def roll(state: dict, seat: int, action: Mapping, rng: random.Random) -> list[dict]:
    if state["roll"][seat] is not None:
        raise RuleError({"type": "You have rolled your faction already."})
    typed = action.get("results")
    state["roll"][seat] = {**rolling.new_record(rng, typed), "kept": False}
    dice = state["roll"][seat]["dice"]
    return [_rolled_event(state, seat, f"rolls {' '.join(map(str, dice))}", typed, True)]


def _rolled_event(
    state: dict, seat: int, what: str, typed: Any = None, barrier: bool = False
) -> dict[str, Any]:
    real = " (real dice)" if typed_faces(typed, "results") is not None else ""
    event = {"type": "roll", "seat": seat, "text": f"{state['names'][seat]} {what}{real}."}
    return {**event, "barrier": True} if barrier else event


def _my_roll(state: dict, seat: int) -> dict[str, Any]:
    record = state["roll"][seat]
    if record is None:
        raise RuleError({"type": "Roll your faction first."})
    if record["kept"]:
        raise RuleError({"type": "You have kept your roll."})
    return record


def reroll(state: dict, seat: int, action: Mapping, rng: random.Random) -> list[dict]:
    record = _my_roll(state, seat)
    typed = action.get("results")
    dice, new = rolling.reroll(
        record["dice"],
        action.get("index"),  # type: ignore[arg-type]
        rng,
        record,
        max_rerolls=state["options"]["max_rerolls"],
        typed=typed,
    )
    state["roll"][seat] = {**new, "kept": False}
    return [_rolled_event(state, seat, f"rerolls a die: {' '.join(map(str, dice))}", typed, True)]


def shift(state: dict, seat: int, action: Mapping, rng: random.Random) -> list[dict]:
    record = _my_roll(state, seat)
    dice, new = rolling.shift(
        record["dice"],
        action.get("index"),  # type: ignore[arg-type]
        action.get("delta"),  # type: ignore[arg-type]
        record,
        max_shifts=state["options"]["max_shifts"],
    )
    state["roll"][seat] = {**new, "kept": False}
    return [_rolled_event(state, seat, f"shifts a die: {' '.join(map(str, dice))}")]


def keep(state: dict, seat: int, action: Mapping, rng: random.Random) -> list[dict]:
    _my_roll(state, seat)["kept"] = True
    return [_rolled_event(state, seat, "keeps the roll")]


def both_kept(state: Mapping[str, Any]) -> bool:
    return all(r is not None and r["kept"] for r in state["roll"])


def field_factions(state: dict[str, Any]) -> dict[str, Any]:
    """The units both kept rolls give, under the table's rolled-faction option."""
    alternatives = state["options"]["rolled_faction_types"] == "alternatives"
    state["units"] = new_units(
        [rolling.units_for(r["dice"], alternatives=alternatives) for r in state["roll"]]
    )
    return {"type": "factions", "text": "Both factions are rolled: set up."}


def legal(state: Mapping[str, Any], seat: int) -> list[dict[str, Any]]:
    """Roll, reroll, shift and keep, as far as the table's limits allow."""
    actions: list[dict[str, Any]] = []
    record = state["roll"][seat]
    if record is None:
        actions.append({"type": "roll"})
    elif not record["kept"]:
        if record["rerolls"] < state["options"]["max_rerolls"]:
            actions += [{"type": "reroll", "index": i} for i in range(6)]
        if record["shifts"] < state["options"]["max_shifts"]:
            for i, face in enumerate(record["dice"]):
                actions += [
                    {"type": "shift", "index": i, "delta": d} for d in (-1, 1) if 1 <= face + d <= 6
                ]
        actions.append({"type": "keep"})
    return actions
