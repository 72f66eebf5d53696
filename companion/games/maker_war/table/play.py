"""The flow of a Maker-War table: set-up, the first deployment, turns, rounds, the end.

Each handler takes the (copied) state, the acting seat, the action and the rng, changes
the state and returns its events. Combat lives in ``combat`` (and ``attacks``,
``melee``), cards in ``benefits``; the rules of orders and turn order in ``rounds``;
which phase allows which move is declared in ``engine``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.games.base import RuleError
from companion.games.maker_war.table import factions, points, rounds, setup, supply

Events = list[dict[str, Any]]


def event(kind: str, text: str, **extra: Any) -> dict[str, Any]:
    return {"type": kind, "text": text, **extra}


def formation(state: Mapping[str, Any], fid: Any, path: str = "formation") -> dict[str, Any]:
    for f in state["formations"]:
        if f["id"] == fid:
            return f
    raise RuleError({path: "No such formation."})


def own(state: Mapping[str, Any], seat: int, fid: Any, path: str = "formation") -> dict:
    f = formation(state, fid, path)
    if f["seat"] != seat:
        raise RuleError({path: "That formation is not yours."})
    return f


def name(state: Mapping[str, Any], seat: int) -> str:
    return state["names"][seat]


def my_turn(state: Mapping[str, Any], seat: int) -> None:
    """Refuse a move of the battle's turn by any seat but the one whose turn it is."""
    if state["turn"]["seat"] != seat:
        raise RuleError({"type": f"It is {name(state, state['turn']['seat'])}'s turn."})


# --- set-up -------------------------------------------------------------------------------


def place_terrain(state: dict, seat: int | None, action: Mapping, rng: random.Random) -> Events:
    number = state["counters"]["terrain"]
    piece = setup.terrain_piece(action, number, state["table_cm"])
    state["counters"]["terrain"] = number + 1
    state["terrain"].append(piece)
    return [event("terrain", f"A {piece['kind']} is placed at {piece['x']}, {piece['y']} cm.")]


def remove_terrain(state: dict, seat: int | None, action: Mapping, rng: random.Random) -> Events:
    kept = [t for t in state["terrain"] if t["id"] != action.get("terrain")]
    if len(kept) == len(state["terrain"]):
        raise RuleError({"terrain": "No such terrain piece."})
    state["terrain"] = kept
    return [event("terrain", "A terrain piece is taken away.")]


def place_pois(state: dict, seat: int | None, action: Mapping, rng: random.Random) -> Events:
    """Draw the points of interest again, by the app's method or the beads."""
    method = action.get("method", state["options"]["poi_method"])
    count = state["guidance"]["points_of_interest"]
    state["pois"] = setup.place(method, count, state["table_cm"], rng)
    state["options"]["poi_method"] = method
    listed = "; ".join(f"{p['name']} ({p['x']}, {p['y']})" for p in state["pois"]) or "none"
    return [event("pois", f"Points of interest ({method}): {listed}.", barrier=True)]


def begin_deployment(state: dict, seat: int | None, action: Mapping, rng: random.Random) -> Events:
    state["phase"] = "deploy"
    first = state["options"]["first_seat"]
    state["deploy_turn"] = first
    events = [event("deploy-start", f"Deployment begins; {name(state, first)} deploys first.")]
    auto_pass_deployment(state, events, rng)
    return events


# --- the first deployment -------------------------------------------------------------------


def deployable_first(state: Mapping[str, Any], seat: int) -> list[dict[str, Any]]:
    """Formations the seat may still place in the first deployment with its budget."""
    left = state["deploy_budget"][seat]
    return [
        f
        for f in state["formations"]
        if f["seat"] == seat
        and f["where"] == "off"
        and not (f["flyer"] or f["planetfall"] or f["invader"])
        and f["supply_cost"] <= left
    ]


def auto_pass_deployment(state: dict, events: Events, rng: random.Random) -> None:
    """Seats with nothing affordable pass; when all have passed the battle begins."""
    count = len(state["names"])
    for _ in range(count + 1):
        seat = state["deploy_turn"]
        if seat not in state["deploy_passed"] and deployable_first(state, seat):
            return
        if seat not in state["deploy_passed"]:
            state["deploy_passed"].append(seat)
            events.append(event("deploy-pass", f"{name(state, seat)} has nothing more to deploy."))
        if len(state["deploy_passed"]) == count:
            start_battle(state, events, rng)
            return
        state["deploy_turn"] = (seat + 1) % count


def deploy_first(state: dict, seat: int, action: Mapping, rng: random.Random) -> Events:
    if state["deploy_turn"] != seat:
        raise RuleError({"type": f"{name(state, state['deploy_turn'])} deploys now."})
    f = own(state, seat, action.get("formation"))
    if f["where"] != "off":
        raise RuleError({"formation": "That formation is already on the table."})
    if f["flyer"] or f["planetfall"] or f["invader"]:
        raise RuleError({"formation": "Flyers, planetfall and invaders are kept aside."})
    if f["supply_cost"] > state["deploy_budget"][seat]:
        raise RuleError(
            {"formation": f"It costs {f['supply_cost']}; {state['deploy_budget'][seat]} left."}
        )
    events = _enter(state, f, action, "edge")
    state["deploy_budget"][seat] -= f["supply_cost"]
    events[0]["text"] += f" ({state['deploy_budget'][seat]} of the first budget left)"
    state["deploy_turn"] = (seat + 1) % len(state["names"])
    auto_pass_deployment(state, events, rng)
    return events


def _enter(state: dict, f: dict, action: Mapping, way: str) -> Events:
    """The formation enters the table; Maker Weapons choose what they are."""
    if factions.needs_maker_weapon(f) and not f["entered"]:
        factions.choose_maker_weapon(f, action.get("maker_weapon"))
    f["where"] = "table"
    text = f"{name(state, f['seat'])} deploys {f['name']} ({f['supply_cost']} supply, {way})"
    waiting = [h for h in state["hypha"][f["seat"]] if h["where"] == "off"]
    for hypha in waiting:  # reading: the army's own hypha grow in with its first formation
        hypha["where"] = "table"
    if waiting:
        text += f"; {len(waiting)} hypha grow in beside it"
    if f["maker_weapon"] and not f["entered"]:
        text += f"; Maker Weapons: {f['maker_weapon']}"
    f["entered"] = True
    return [event("deploy", text, formation=f["id"])]


def start_battle(state: dict, events: Events, rng: random.Random) -> None:
    state["phase"] = "battle"
    state["started"] = True
    first, why = rounds.first_of_round(state, state["options"]["first_seat"])
    state["turn"] = rounds.new_turn(first)
    events.append(event("round", f"Round 1 begins: {name(state, first)} moves first ({why})."))
    _skip_idle(state, events, rng)


def pass_deployment(state: dict, seat: int, action: Mapping, rng: random.Random) -> Events:
    if state["deploy_turn"] != seat:
        raise RuleError({"type": f"{name(state, state['deploy_turn'])} deploys now."})
    state["deploy_passed"].append(seat)
    events = [event("deploy-pass", f"{name(state, seat)} passes for the rest of deployment.")]
    state["deploy_turn"] = (seat + 1) % len(state["names"])
    auto_pass_deployment(state, events, rng)
    return events


# --- deploying and activating in battle ------------------------------------------------------


def deploy(state: dict, seat: int, action: Mapping, rng: random.Random) -> Events:
    if state["phase"] == "deploy":
        return deploy_first(state, seat, action, rng)
    my_turn(state, seat)
    turn = state["turn"]
    if turn["activations"] >= turn["allowed"]:
        raise RuleError({"type": "Deploy instead of an activation: none is left this turn."})
    f = own(state, seat, action.get("formation"))
    if f["where"] != "off":
        raise RuleError({"formation": "Only a formation off the table can be deployed."})
    if f["flyer"] and f["entered"]:
        raise RuleError({"formation": "These flyers have entered before: activate them."})
    way = action.get("way", "planetfall" if f["planetfall"] else "edge")
    host = factions.check_entry(state, f, way, action.get("via"))
    supply.spend(state["supply"], seat, f["supply_cost"], "deploy")
    events = _enter(state, f, action, way)
    if host is not None:
        events[0]["text"] += f", through {host['name']}"
        host["carrying"] = [*host.get("carrying", []), f["id"]] if way == "carrier" else []
        if host.get("planetfall") and way == "carrier":
            turn["allowed"] += 1  # a planetfall carrier's invaders act on the same turn
    turn["deployed"].append(f["id"])
    if f["planetfall"]:
        events.append(
            event("planetfall", f"{f['name']} drops in: it counts as advancing and may not move.")
        )
    return events


def activate(state: dict, seat: int, action: Mapping, rng: random.Random) -> Events:
    my_turn(state, seat)
    turn = state["turn"]
    if turn["activations"] >= turn["allowed"]:
        raise RuleError({"type": "This turn's activation is used: end the turn."})
    f = own(state, seat, action.get("formation"))
    fresh = [fid for fid in turn["deployed"] if not formation(state, fid)["activated"]]
    if turn["deployed"] and turn["activations"] == 0 and f["id"] not in fresh:
        raise RuleError({"formation": "Activate the formation you have just deployed."})
    returning_flyer = f["flyer"] and f["where"] == "off" and f["entered"]
    if not (f["where"] == "table" or returning_flyer) or f["activated"]:
        raise RuleError({"formation": "That formation cannot be activated now."})
    order = action.get("order")
    problem = rounds.order_problem(state, f, order if isinstance(order, str) else "")
    if problem:
        raise RuleError({"order": problem})
    if f["planetfall"] and f["id"] in turn["deployed"] and order != "advance":
        raise RuleError({"order": "A formation that has just dropped in takes Advance."})
    events: Events = []
    if f["flyer"] and order != "veer-off" and f["id"] not in turn["deployed"]:
        supply.spend(state["supply"], seat, supply.FLYER_ORDER_COST, "flyer-order")
        events.append(event("supply", f"{name(state, seat)} pays 2 supply to order flyers."))
    change = action.get("maker_weapon")
    if (
        change
        and f["maker_weapon"]
        and change != f["maker_weapon"]
        and f["id"] not in turn["deployed"]
    ):
        supply.spend(state["supply"], seat, supply.MAKER_WEAPON_CHANGE_COST, "maker-weapon")
        factions.choose_maker_weapon(f, change)
        events.append(event("maker-weapon", f"{f['name']}'s Maker Weapons become {change}."))
    if f["flyer"]:
        altitude = action.get("altitude", "fly-high")
        if altitude not in rounds.FLY_STANCES:
            raise RuleError({"altitude": "Flyers fly high or low."})
    f["activated"] = True
    f["order"] = order
    f["reinforced"] = False
    turn["activations"] += 1
    turn["active"] = f["id"]
    turn["poi_start"] = points.held_by(state, f)
    if returning_flyer:
        f["where"] = "table"
    previous = f["stance"]
    f["stance"] = "rage" if previous == "rage" else rounds.ORDER_STANCES.get(order)
    if f["flyer"]:
        f["stance"] = f["stance"] or altitude
        f["altitude"] = altitude
    text = f"{name(state, seat)} activates {f['name']}: {rounds.ORDER_NAMES[order]}"
    events.insert(0, event("activate", text + ".", formation=f["id"], order=order))
    if order == "veer-off":
        f["where"] = "off"
        f["stance"] = None
        events.append(event("veer-off", f"{f['name']} flies off the table."))
    rolls = factions.generator_energy(f, rng)
    if rolls:
        state["energy"][seat] += sum(rolls)
        events.append(
            event(
                "energy",
                f"Generators give {sum(rolls)} energy ({', '.join(map(str, rolls))}); "
                f"{name(state, seat)} has {state['energy'][seat]}.",
                barrier=True,
            )
        )
    from companion.games.maker_war.table.combat import on_activation

    events += on_activation(state, f, order, previous, action, rng)
    return events


# --- turns and rounds -----------------------------------------------------------------------


def end_turn(state: dict, seat: int, action: Mapping, rng: random.Random) -> Events:
    my_turn(state, seat)
    turn = state["turn"]
    if turn["activations"] == 0 and not action.get("passing"):
        raise RuleError({"type": "Activate a formation (or deploy one), or pass for the round."})
    events: Events = []
    if turn["active"] is not None:
        f = formation(state, turn["active"])
        for poi in points.settle_control(state, f, turn["poi_start"]):
            events.append(event("poi", f"{name(state, seat)} now controls the {poi['name']}."))
    from companion.games.maker_war.table.combat import on_end_of_turn

    events += on_end_of_turn(state, seat, rng)
    lost = supply.expire(state["supply"], seat)
    if lost:
        events.append(event("supply", f"{lost} unspent supply point(s) expire."))
    state["last_attack"] = None
    state["reliquary"] = [0] * len(state["names"])
    if state["phase"] == "over":
        return events
    following = rounds.next_seat(state, seat)
    state["last_seat"] = seat
    if following is None:
        end_round(state, events, rng)
    else:
        state["turn"] = rounds.new_turn(following)
        events.append(event("turn", f"{name(state, following)}'s turn."))
    return events


def pass_round(state: dict, seat: int, action: Mapping, rng: random.Random) -> Events:
    if state["phase"] == "deploy":
        return pass_deployment(state, seat, action, rng)
    my_turn(state, seat)
    if state["turn"]["activations"]:
        raise RuleError({"type": "You have activated this turn: end the turn instead."})
    state["passed"].append(seat)
    events = [event("pass", f"{name(state, seat)} passes for the rest of the round.")]
    return events + end_turn(state, seat, {"passing": True}, rng)


def _skip_idle(state: dict, events: Events, rng: random.Random) -> None:
    """A seat with nothing to activate or deploy passes by itself."""
    seat = state["turn"]["seat"]
    if rounds.has_moves(state, seat):
        return
    state["passed"].append(seat)
    events.append(event("pass", f"{name(state, seat)} has nothing left to activate."))
    following = rounds.next_seat(state, seat)
    if following is None:
        end_round(state, events, rng)
    else:
        state["turn"] = rounds.new_turn(following)
        _skip_idle(state, events, rng)


def end_round(state: dict, events: Events, rng: random.Random) -> None:
    """Markers off, supply cards drawn by the tier, the next round opened."""
    for f in state["formations"]:
        f["activated"] = False
        f["order"] = None
    points.new_round(state)
    per = state["guidance"]["supply_cards_per_round"]
    seats = list(range(len(state["names"])))
    counts, note = supply.end_of_round_draw(state["supply"], per, seats, rng)
    drawn = ", ".join(f"{name(state, s)} {n}" for s, n in counts.items())
    events.append(
        event(
            "round-end", f"Round {state['round']} ends. Supply cards drawn: {drawn}.", barrier=True
        )
    )
    if note:
        events.append(event("deck", note))
    state["round"] += 1
    state["destroyed"].append([0, 0])
    state["passed"] = []
    in_line = (state.get("last_seat", 0) + 1) % len(state["names"])
    first, why = rounds.first_of_round(state, in_line)
    state["turn"] = rounds.new_turn(first)
    events.append(
        event("round", f"Round {state['round']} begins: {name(state, first)} moves first ({why}).")
    )
    if not any(rounds.has_moves(state, s) for s in seats):
        return
    _skip_idle(state, events, rng)
