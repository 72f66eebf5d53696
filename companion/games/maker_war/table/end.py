"""The end of a Maker-War battle and the deaths that may bring it: surrender, annihilation
(a side with no unit but flyers left, on the table or waiting to enter), and units the
players remove by hand; a player who leaves the table (their army passes to a teammate, or
their side surrenders) and the host ending the battle.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.games.base import RuleError
from companion.games.maker_war.table import play
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


def hand_over(state: dict, seat: int, gone: set[int], rng: random.Random) -> Events:
    """``seat``'s player left the table (``gone``: every seat that has): the first teammate
    still there takes their army (formations, hypha, supply hand and points, energy, the
    rest of the first-deployment budget) and plays on from where it is, the turn in hand
    included. A side with nobody left surrenders."""
    side = state["sides"][seat]
    mates = [
        s for s, s_side in enumerate(state["sides"]) if s_side == side and s not in gone | {seat}
    ]
    if not mates:
        finish(state, 1 - side, f"{name(state, seat)} left the table and side {side + 1} with it")
        return [event("over", state["result"]["text"])]
    mate = mates[0]
    for f in state["formations"]:
        if f["seat"] == seat:
            f["faction"] = f.get("faction") or state["factions"][seat]
            f["seat"] = mate
    state["hypha"][mate] += state["hypha"][seat]
    state["hypha"][seat] = []
    supply = state["supply"]
    supply["hands"][mate] += supply["hands"][seat]
    supply["hands"][seat] = []
    for counts in (supply["points"], supply["landing"], state["energy"], state["reliquary"]):
        counts[mate] += counts[seat]
        counts[seat] = 0
    state["deploy_budget"][mate] += state["deploy_budget"][seat]
    state["deploy_budget"][seat] = 0
    if state["last_attack"] and state["last_attack"].get("seat") == seat:
        state["last_attack"]["seat"] = mate
    events = [event("hand-over", f"{name(state, mate)} takes over {name(state, seat)}'s army.")]
    if state["phase"] == "deploy":
        if seat not in state["deploy_passed"]:
            state["deploy_passed"].append(seat)
        if state["deploy_turn"] == seat:
            state["deploy_turn"] = (seat + 1) % len(state["names"])
        play.auto_pass_deployment(state, events, rng)
    elif state["phase"] == "battle":
        if seat not in state["passed"]:
            state["passed"].append(seat)
        if state["turn"]["seat"] == seat:
            state["turn"]["seat"] = mate
    return events


def host_ended(state: dict) -> Events:
    """The host ended the battle: nobody wins."""
    state["phase"] = "over"
    state["result"] = {"winner_side": None, "why": "ended", "text": "The host ended the battle."}
    return []
