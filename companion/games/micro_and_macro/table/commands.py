"""The command action: one unit or group, then up to two unit-actions (section 3).

Commanding a unit (and its group) is one of the three actions of a turn; the group then
moves, entrenches or mobilizes, uses an item or attacks, twice at most, or ends the
command early. A move passing entrenched enemies offers them a strike first.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.games.base import RuleError
from companion.games.micro_and_macro.table import combat, turns, units
from companion.games.table_engine import MoveFunction

COMMAND_STEPS = 2


def command(state: dict, seat: int, action: Mapping, rng: random.Random) -> list[dict]:
    turns.my_turn(state, seat)
    unit = units.own(state, seat, action.get("unit"))
    group = units.group_of(state, unit)
    for member in group:
        units.expire_buffs(member, "activates")
    state["command"] = {"units": [u["id"] for u in group], "steps": 0}
    names = ", ".join(f"{units.label(u)}" for u in group)
    return [{"type": "command", "text": f"{state['names'][seat]} commands {names}."}]


def _step(state: dict, events: list[dict]) -> list[dict]:
    """One unit-action done: the command ends after two, or when its units are gone."""
    state["command"]["steps"] += 1
    alive = [u for u in state["command"]["units"] if units.alive(state, u)]
    if state["command"]["steps"] >= COMMAND_STEPS or not alive:
        turns.finish_action(state, events)
    else:
        turns.check_end(state, events)
    return events


def _commanded(state: dict, seat: int) -> list[dict[str, Any]]:
    """The commanded units still in play, once ``seat`` may give them a unit-action."""
    turns.my_turn(state, seat, commanding=True)
    return [units.find(state, u) for u in state["command"]["units"] if units.alive(state, u)]


def move(state: dict, seat: int, action: Mapping, rng: random.Random) -> list[dict]:
    group = _commanded(state, seat)
    if any(u["mode"] == "entrenched" for u in group):
        raise RuleError({"type": "Entrenched units must mobilize before they move."})
    moves = ", ".join(f"{u['name']} up to {units.profile(state, u)['m']} cm" for u in group)
    events = [{"type": "move", "text": f"{state['names'][seat]} moves {moves}."}]
    enemy = 1 - seat
    dug_in = [u["id"] for u in state["units"] if u["owner"] == enemy and u["mode"] == "entrenched"]
    if dug_in and group:
        state["offers"].append(
            {
                "seat": enemy,
                "kind": "interrupt",
                "units": dug_in,
                "targets": [u["id"] for u in group],
            }
        )
        events.append(
            {
                "type": "offer",
                "text": f"{state['names'][enemy]} may strike with an entrenched unit if the "
                "move came into its range.",
            }
        )
    return _step(state, events)


def into_mode(mode: str) -> MoveFunction:
    """Entrench (from mobile) or mobilize (from entrenched) the commanded units."""

    def change(state: dict, seat: int, action: Mapping, rng: random.Random) -> list[dict]:
        group = _commanded(state, seat)
        want = "mobile" if mode == "entrenched" else "entrenched"
        if any(u["mode"] != want for u in group):
            raise RuleError({"type": f"Those units are already {mode}."})
        for unit in group:
            unit["mode"] = mode
        names = ", ".join(u["name"] for u in group)
        verb = "entrench" if mode == "entrenched" else "mobilize"
        return _step(state, [{"type": verb, "text": f"{names} {verb}."}])

    return change


def item(state: dict, seat: int, action: Mapping, rng: random.Random) -> list[dict]:
    """An item the units carry: Muster logs what the players say it does."""
    group = _commanded(state, seat)
    text = str(action.get("text") or "an item")[:200]
    names = ", ".join(u["name"] for u in group)
    return _step(state, [{"type": "item", "text": f"{names} use {text}."}])


def attack(state: dict, seat: int, action: Mapping, rng: random.Random) -> list[dict]:
    """A spell from one caster of the group, or every unit of it striking the target."""
    group = _commanded(state, seat)
    kind = action.get("kind", "physical")
    events: list[dict] = []
    if kind == "magical":
        caster_id = action.get("caster") or (group[0]["id"] if group else None)
        casters = [u for u in group if u["id"] == caster_id]
        if not casters:
            raise RuleError({"caster": "Only one unit of the commanded group casts."})
        events += combat.attack(
            state,
            casters[0],
            action.get("target"),
            kind,
            action.get("spell"),
            rng,
            action.get("faces"),
        )
    else:
        for unit in group:  # each unit of a group strikes the target in turn
            if unit in state["units"] and (
                action.get("target") == combat.BASE or units.alive(state, action.get("target"))
            ):
                events += combat.attack(
                    state, unit, action.get("target"), "physical", None, rng, action.get("faces")
                )
        if not events:
            raise RuleError({"target": "No such target in play."})
    return _step(state, events)


def end_command(state: dict, seat: int, action: Mapping, rng: random.Random) -> list[dict]:
    turns.my_turn(state, seat, commanding=True)
    events = [{"type": "end-command", "text": f"{state['names'][seat]} ends the command."}]
    turns.finish_action(state, events)
    return events
