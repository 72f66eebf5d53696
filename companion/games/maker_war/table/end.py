"""The end of a Maker-War battle and the deaths that may bring it: surrender, annihilation
(a side with no unit but flyers left, on the table or waiting to enter), and units the
players remove by hand.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.games.base import RuleError
from companion.games.maker_war.table.army import living
from companion.games.maker_war.table.play import Events, event, name
from companion.games.maker_war.table.report import record_loss


def surrender(state: dict, seat: int, action: Mapping, rng: random.Random) -> Events:
    side = state["sides"][seat]
    finish(state, 1 - side, f"{name(state, seat)} surrenders with dignity for side {side + 1}")
    return [event("over", state["result"]["text"])]


def finish(state: dict, winner: int, why: str) -> None:
    state["phase"] = "over"
    names = [n for s, n in enumerate(state["names"]) if state["sides"][s] == winner]
    state["result"] = {
        "winner_side": winner,
        "why": why,
        "text": f"{why}: side {winner + 1} ({', '.join(names)}) wins.",
    }


def check_annihilation(state: dict, events: Events) -> None:
    """A side with no unit but flyers on the table, and none waiting to enter, is beaten."""
    if state["phase"] == "over" or not state["started"]:
        return
    for side in (0, 1):
        alive = [
            f
            for f in state["formations"]
            if state["sides"][f["seat"]] == side
            and not f["flyer"]
            and f["where"] in ("table", "off")
            and living(f)
        ]
        if not alive:
            finish(state, 1 - side, f"Side {side + 1} has no units left on the battlefield")
            events.append(event("over", state["result"]["text"]))
            return


def kill(state: dict, f: dict, uid: str, *, token: bool) -> dict[str, Any]:
    """Mark a unit dead (impact token unless Expendable or told not to)."""
    for unit in f["units"]:
        if unit["id"] == uid and unit["alive"]:
            unit["alive"] = False
            record_loss(state, f, unit)
            if token and "expendable" not in unit["traits"]:
                f["impact_tokens"] += 1
            if not living(f):
                f["where"] = "gone"
            return unit
    raise RuleError({"unit": "No such living unit in that formation."})
