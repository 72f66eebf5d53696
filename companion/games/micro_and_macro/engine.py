"""Table engine of A Game of Micro and Macro (the ``companion.games.table`` contract).

Pure Python; the state is plain JSON. Muster keeps the macro game (decks,
hands, buildings, resources, turns) and the numbers of the micro game (units, their dice,
roll-offs, damage); the players measure on the battlefield and tell Muster what they saw
(a unit in range, an aura reaching a unit). The rules live in the ``table_*`` modules.

Actions (``seat`` acting; None is the table host)::

    {"type": "marker"}                                  setup: my entry-point marker is placed
    {"type": "command", "unit": "u3"}                   an action: that unit (and its group)
      {"type": "move"} / {"type": "entrench"} / {"type": "mobilize"} / {"type": "item", "text": ""}
      {"type": "attack", "kind": "physical"|"magical", "target": "u4"|"base",
       "spell": slug, "caster": "u3", "faces": {"attacker": [..], "defender": [..]}}
      {"type": "end-command"}                           up to two unit-actions per command
    {"type": "make-unit", "building": "0c40", "unit": "peasant"}   an action
    {"type": "ability", "building": "1c44", "unit": "u2"}          an action, once per turn
    {"type": "play", "card": "0c3", "building": .., "slot": 0, "unit": ..}  an action, or
                                                        an instant as a reaction
    {"type": "build", "card": "0c41", "over": "0c42"}   an action (playing a card)
    {"type": "pass"}                                    an action: ends the turn
    {"type": "no-reaction"}                             the reacting player is done
    {"type": "respond", "unit": .., "target": ..} / {"type": "decline"}  an offered strike
    {"type": "group", "units": [..]} / {"type": "ungroup", "unit": ..}   bases touching
    {"type": "aura", "unit": .., "spell": slug, "on": true}              the players measured
    {"type": "resources", "delta": 2, "seat": 0}        the counter by hand (a delta)
    {"type": "rolloff", "attacker_die": "D16", "defender_die": "D8"}     the free roll-off tool
    {"type": "lp", "unit": "u2" | "building": "1c31", "delta": -3}      LP corrected by hand
    {"type": "concede"}
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from companion.games.base import FieldSpec, RuleError
from companion.games.micro_and_macro import table_bookkeeping as free
from companion.games.micro_and_macro import table_cards as cards
from companion.games.micro_and_macro import table_combat as combat
from companion.games.micro_and_macro import table_macro as macro
from companion.games.micro_and_macro import table_setup as setup
from companion.games.micro_and_macro import table_turns as turns
from companion.games.micro_and_macro import table_units as units
from companion.games.micro_and_macro.table_view import player_view  # noqa: F401
from companion.games.plain_data import clone
from companion.games.table import Outcome, Seat, handler_for

OPTIONS: dict[str, Any] = {"start_resources": 0}
OPTION_FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec(
        "start_resources",
        "Resources at the start",
        "int",
        min_value=0,
        max_value=setup.MAX_START_RESOURCES,
        help="The book gives no starting resources; 0 unless you agree otherwise.",
    ),
)
DELTA_ACTIONS: frozenset[str] = frozenset({"resources"})
SEATS = (0, 1)
COMMAND_STEPS = 2
Handler = Callable[[dict[str, Any], int | None, Mapping[str, Any], random.Random], list[dict]]


def initial_state(
    seats: list[Seat], options: Mapping[str, Any], rng: random.Random
) -> dict[str, Any]:
    """Priority rolled, decks shuffled, main buildings in play, five cards each."""
    return setup.initial_state(seats, options, OPTIONS, rng)


def apply(
    state: Mapping[str, Any], seat: int | None, action: Mapping[str, Any], rng: random.Random
) -> Outcome:
    """The state after ``action`` by ``seat`` and its events; ``RuleError`` changes nothing."""
    handler = handler_for(_HANDLERS, action)
    if state["phase"] == "over":
        raise RuleError({"type": "The game is over."})
    if seat is not None and seat not in SEATS:
        raise RuleError({"seat": "No such seat."})
    # The log only grows and its events are never changed: share them, copy the rest.
    new = clone({key: value for key, value in state.items() if key != "log"})
    new["log"] = list(state["log"])
    events = handler(new, seat, action, rng)
    new["log"].extend(events)
    return Outcome(new, events)


_player = free.player


def _no_offers(state: dict[str, Any]) -> None:
    if state["offers"]:
        who = state["names"][state["offers"][0]["seat"]]
        raise RuleError({"type": f"Waiting for {who} to strike back or decline."})


def _my_turn(state: dict[str, Any], seat: int | None, commanding: bool = False) -> int:
    """The player with priority, in their turn, with or without a command under way."""
    seat = _player(seat)
    _no_offers(state)
    if state["phase"] == "setup":
        raise RuleError({"type": "Place both entry-point markers first."})
    if state["phase"] == "react":
        who = state["names"][state["react"]["seat"]]
        raise RuleError({"type": f"{who} may react first."})
    if state["priority"] != seat:
        raise RuleError({"type": "It is not your turn."})
    if commanding and state["command"] is None:
        raise RuleError({"type": "Command a unit or group first."})
    if not commanding and state["command"] is not None:
        raise RuleError({"type": "Finish commanding your unit first (end the command)."})
    return seat


# --- setup, reactions, offers ---------------------------------------------------------------


def _marker(state: dict, seat: int | None, action: Mapping, rng: random.Random) -> list[dict]:
    seat = _player(seat)
    if state["phase"] != "setup":
        raise RuleError({"type": "The markers are already placed."})
    if state["markers"][seat]:
        raise RuleError({"type": "Your marker is already placed."})
    state["markers"][seat] = True
    events = [{"type": "marker", "text": f"{state['names'][seat]} places the entry-point marker."}]
    if all(state["markers"]):
        turns.start_turn(state, state["priority"], events)
    return events


def _no_reaction(state: dict, seat: int | None, action: Mapping, rng: random.Random) -> list:
    seat = _player(seat)
    _no_offers(state)
    if state["phase"] != "react" or state["react"]["seat"] != seat:
        raise RuleError({"type": "There is nothing to react to."})
    events = [{"type": "no-reaction", "text": f"{state['names'][seat]} does not react."}]
    turns.close_reaction(state, events)
    return events


def _concede(state: dict, seat: int | None, action: Mapping, rng: random.Random) -> list[dict]:
    seat = _player(seat)
    events: list[dict] = []
    turns.end(state, seat, f"{state['names'][seat]} concedes", events)
    return events


# --- the five kinds of action ---------------------------------------------------------------


def _command(state: dict, seat: int | None, action: Mapping, rng: random.Random) -> list[dict]:
    seat = _my_turn(state, seat)
    unit = units.own(state, seat, action.get("unit"))
    group = units.group_of(state, unit)
    for member in group:
        units.expire_buffs(member, "activates")
    state["command"] = {"units": [u["id"] for u in group], "steps": 0}
    names = ", ".join(f"{u['name']} ({u['id']})" for u in group)
    return [{"type": "command", "text": f"{state['names'][seat]} commands {names}."}]


def _step(state: dict, events: list[dict]) -> list[dict]:
    state["command"]["steps"] += 1
    alive = [u for u in state["command"]["units"] if turns.alive(state, u)]
    if state["command"]["steps"] >= COMMAND_STEPS or not alive:
        turns.finish_action(state, events)
    else:
        turns.check_end(state, events)
    return events


def _commanded(state: dict) -> list[dict[str, Any]]:
    return [units.find(state, u) for u in state["command"]["units"] if turns.alive(state, u)]


def _move(state: dict, seat: int | None, action: Mapping, rng: random.Random) -> list[dict]:
    seat = _my_turn(state, seat, commanding=True)
    group = _commanded(state)
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


def _mode(mode: str) -> Handler:
    def handler(state: dict, seat: int | None, action: Mapping, rng: random.Random) -> list:
        seat = _my_turn(state, seat, commanding=True)
        group = _commanded(state)
        want = "mobile" if mode == "entrenched" else "entrenched"
        if any(u["mode"] != want for u in group):
            raise RuleError({"type": f"Those units are already {mode}."})
        for unit in group:
            unit["mode"] = mode
        names = ", ".join(u["name"] for u in group)
        verb = "entrench" if mode == "entrenched" else "mobilize"
        return _step(state, [{"type": verb, "text": f"{names} {verb}."}])

    return handler


def _item(state: dict, seat: int | None, action: Mapping, rng: random.Random) -> list[dict]:
    seat = _my_turn(state, seat, commanding=True)
    text = str(action.get("text") or "an item")[:200]
    names = ", ".join(u["name"] for u in _commanded(state))
    return _step(state, [{"type": "item", "text": f"{names} use {text}."}])


def _attack(state: dict, seat: int | None, action: Mapping, rng: random.Random) -> list[dict]:
    seat = _my_turn(state, seat, commanding=True)
    group = _commanded(state)
    kind = action.get("kind", "physical")
    events: list[dict] = []
    if kind == "magical":
        caster_id = action.get("caster") or group[0]["id"]
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
                action.get("target") == combat.BASE or turns.alive(state, action.get("target"))
            ):
                events += combat.attack(
                    state, unit, action.get("target"), "physical", None, rng, action.get("faces")
                )
        if not events:
            raise RuleError({"target": "No such target in play."})
    return _step(state, events)


def _end_command(state: dict, seat: int | None, action: Mapping, rng: random.Random) -> list:
    seat = _my_turn(state, seat, commanding=True)
    events = [{"type": "end-command", "text": f"{state['names'][seat]} ends the command."}]
    turns.finish_action(state, events)
    return events


def _make_unit(state: dict, seat: int | None, action: Mapping, rng: random.Random) -> list:
    seat = _my_turn(state, seat)
    events = [macro.make_unit(state, seat, action.get("building"), action.get("unit"))]
    turns.finish_action(state, events)
    return events


def _ability(state: dict, seat: int | None, action: Mapping, rng: random.Random) -> list[dict]:
    seat = _my_turn(state, seat)
    events = macro.use_ability(state, seat, dict(action), rng)
    turns.finish_action(state, events)
    return events


def _play(state: dict, seat: int | None, action: Mapping, rng: random.Random) -> list[dict]:
    """A card from hand: in your turn as an action, or an instant as a reaction."""
    seat = _player(seat)
    card_id = action.get("card")
    if card_id not in state["players"][seat]["hand"]:
        raise RuleError({"card": "Choose a card in your hand."})
    facts = cards.card(state["cards"][card_id])
    reacting = state["phase"] == "react" and state["react"]["seat"] == seat
    if reacting:
        _no_offers(state)
        if facts["category"] != "instant":
            raise RuleError({"card": "Only instants can be played as a reaction."})
        events = macro.play_instant(state, seat, dict(action), rng)
        turns.check_end(state, events)
        return events
    seat = _my_turn(state, seat)
    if facts["category"] == "upgrade":
        events = [macro.play_upgrade(state, seat, dict(action))]
    else:
        events = macro.play_instant(state, seat, dict(action), rng)
    turns.finish_action(state, events)
    return events


def _build(state: dict, seat: int | None, action: Mapping, rng: random.Random) -> list[dict]:
    seat = _my_turn(state, seat)
    events = [macro.build(state, seat, dict(action))]
    turns.finish_action(state, events)
    return events


def _pass(state: dict, seat: int | None, action: Mapping, rng: random.Random) -> list[dict]:
    seat = _my_turn(state, seat)
    events = [{"type": "pass", "text": f"{state['names'][seat]} passes the turn."}]
    state["actions_left"] = 1  # finish_action spends the last one
    turns.finish_action(state, events)
    return events


def _checked(handler: Handler) -> Handler:
    """A correction by hand may destroy a main building: the end is checked after it."""

    def run(state: dict, seat: int | None, action: Mapping, rng: random.Random) -> list[dict]:
        events = handler(state, seat, action, rng)
        turns.check_end(state, events)
        return events

    return run


_HANDLERS: dict[str, Handler] = {
    "marker": _marker,
    "command": _command,
    "move": _move,
    "entrench": _mode("entrenched"),
    "mobilize": _mode("mobile"),
    "item": _item,
    "attack": _attack,
    "end-command": _end_command,
    "make-unit": _make_unit,
    "ability": _ability,
    "play": _play,
    "build": _build,
    "pass": _pass,
    "no-reaction": _no_reaction,
    "respond": combat.respond,
    "decline": combat.decline,
    "group": free.group,
    "ungroup": free.ungroup,
    "aura": free.aura,
    "resources": free.resources,
    "rolloff": free.rolloff_tool,
    "lp": _checked(free.correct_lp),
    "concede": _concede,
}


def is_over(state: Mapping[str, Any]) -> bool:
    return state["phase"] == "over"


def legal_actions(state: Mapping[str, Any], seat: int | None) -> list[dict]:
    """Actions the page offers ``seat`` now, each valid as it stands (forms may edit the
    target, the slot or the faces before sending)."""
    if is_over(state) or seat not in SEATS:
        return []
    live: dict[str, Any] = state  # type: ignore[assignment]
    found: list[dict[str, Any]] = []
    if live["phase"] == "setup":
        if not live["markers"][seat]:
            found.append({"type": "marker"})
    elif live["offers"]:
        offer = live["offers"][0]
        if offer["seat"] == seat:
            found += [
                {"type": "respond", "unit": u, "target": t}
                for u in offer["units"]
                for t in offer["targets"]
            ]
            found.append({"type": "decline"})
    elif live["phase"] == "react":
        if live["react"]["seat"] == seat:
            found += turns.card_plays(live, seat, instants_only=True)
            found.append({"type": "no-reaction"})
    elif live["priority"] == seat:
        found += turns.command_steps(live) if live["command"] else turns.turn_actions(live, seat)
    found.append({"type": "resources", "delta": 1})
    if live["players"][seat]["resources"] > 0:
        found.append({"type": "resources", "delta": -1})
    found.append({"type": "concede"})
    return found
