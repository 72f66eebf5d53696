"""The resolution turn, in RULINGS.md's order, as steps that wait for the players' choices.

Steps: ``engage`` (in a hexagon with one unit against two, the single unit's player picks
which of the two is Engaged), ``join`` (the other one's player decides whether it fights or
keeps its abilities), ``combat`` (each Engaged unit deals 2, Militia 3, split as its player
chooses among the opposing Engaged units of its hexagon), ``melee`` (Spear; Crash Through),
``order`` (only when a Spear would kill a Battery Ram that is Crashing Through: the two
cannot both happen, so the second faction picks which comes first), ``ranged`` (Volley,
Mortar Fire, Fire!), then castle damage. Inside a step everything is simultaneous: all
damage is added up and units at 0 life are removed at the end of the step.

Choices are secret until every player who has one has given them (``orders``); then they
are revealed together (a barrier: undo stops there) and the step resolves.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.base import RuleError
from companion.games.smalltricks import board
from companion.games.smalltricks.board import Cell
from companion.games.smalltricks.table.choices import engaged_ids, needs
from companion.games.smalltricks.table.setup import SIDE_OF_SEAT
from companion.games.smalltricks.table.units import at, has, hurt, live, unit_of, unit_type

REQUIRED = ("engage", "join", "damage", "order")  # kinds of choice that cannot be skipped


def start(state: dict[str, Any]) -> None:
    """Open the resolution turn at its first step."""
    state["resolution"] = {
        "step": "engage",
        "engage": {},
        "join": {},
        "engaged": [],
        "orders": [None, None],
        "pending": None,
    }


def enemy_castle_row(seat: int) -> int:
    return board.CASTLE_ROW[SIDE_OF_SEAT[1 - seat]]


def give_orders(state: dict[str, Any], seat: int, action: Mapping[str, Any]) -> list[dict]:
    """Store one seat's secret choices for the current step; resolve when all are in."""
    res = state["resolution"]
    if action.get("step") != res["step"]:
        raise RuleError({"step": f"The resolution is at the {res['step']} step now."})
    mine = needs(state)[seat]
    if not mine:
        raise RuleError({"type": "You have nothing to choose at this step."})
    if res["orders"][seat] is not None:
        raise RuleError({"type": "You have already given your orders for this step."})
    given = action.get("choices") or {}
    if not isinstance(given, Mapping):
        raise RuleError({"choices": "Choices are an object: key -> choice."})
    known = {need["key"]: need for need in mine}
    errors = {f"choices.{k}": "Nothing to choose there." for k in given if k not in known}
    chosen: dict[str, str] = {}
    for key, need in known.items():
        value = given.get(key, "")
        value = "" if value is None else str(value)
        allowed = [c[0] for c in need["choices"]]
        if value == "" and need["kind"] in REQUIRED:
            errors[f"choices.{key}"] = need["text"] + " Choose one."
        elif value not in allowed:
            errors[f"choices.{key}"] = f"{value!r} is not one of the choices."
        else:
            chosen[key] = value
    if errors:
        raise RuleError(errors)
    res["orders"][seat] = chosen
    events = [{"type": "orders", "seat": seat, "text": f"{state['names'][seat]} has given orders."}]
    return events


def waiting_for(state: Mapping[str, Any]) -> list[int]:
    """Seats that still owe choices at the current step."""
    res = state["resolution"]
    return [seat for seat, items in needs(state).items() if items and res["orders"][seat] is None]


def advance(state: dict[str, Any], events: list[dict]) -> str | None:
    """Resolve steps until one waits for choices; "castle" once the turn is done."""
    while True:
        res = state["resolution"]
        if waiting_for(state):
            return None
        step = res["step"]
        wanted = needs(state)
        orders = {s: res["orders"][s] or {} for s in (0, 1)}
        if any(wanted.values()):
            events.append(_reveal(state, step, wanted, orders))
        merged = {**orders[0], **orders[1]}
        res["orders"] = [None, None]
        if step == "engage":
            res["engage"] = merged
            res["step"] = "join"
        elif step == "join":
            res["join"] = merged
            res["engaged"] = sorted(engaged_ids(state))
            res["step"] = "combat"
        elif step == "combat":
            _combat(state, merged, events)
            res["step"] = "melee"
        elif step == "melee":
            if _melee(state, merged, events):
                return "crash"
        elif step == "order":
            if _crash(state, res["pending"]["hits"], res["pending"]["rams"], merged, events):
                return "crash"
            res["step"] = "ranged"
        elif step == "ranged":
            _ranged(state, merged, events)
            _castle(state, events)
            return "castle"


# Each kind of order as the log says it, before the unit or hexagon it concerns.
ORDER_WORDS = {
    "engage": "Engage",
    "join": "Join",
    "damage": "Damage split",
    "order": "Crash Through order",
    "spear": "Spear",
    "volley": "Volley",
    "mortar": "Mortar Fire",
}


def _order_subject(state: Mapping[str, Any], need: Mapping[str, Any]) -> str:
    """What an order is about, in words: "their Spearmen in B3", the hexagon "in C4", or
    nothing for a table-wide order (never a unit's id)."""
    key = need["key"]
    unit = next((u for u in state["units"] if u["id"] == key), None)
    if unit is not None:
        return f" by their {unit['name']} in {unit['cell']}" if unit.get("cell") else ""
    if need["kind"] == "engage":
        return f" in {key}"
    return ""


def _reveal(
    state: Mapping[str, Any], step: str, wanted: Mapping[int, list], orders: Mapping[int, dict]
) -> dict[str, Any]:
    parts = []
    for seat, items in wanted.items():
        for need in items:
            value = orders[seat].get(need["key"], "")
            label = next((c[1] for c in need["choices"] if c[0] == value), "hold")
            kind = ORDER_WORDS.get(need["kind"], need["kind"].capitalize())
            subject = _order_subject(state, need)
            parts.append(f"{state['names'][seat]}: {kind}{subject} → {label}")
    return {
        "type": "reveal",
        "step": step,
        "orders": {str(s): dict(o) for s, o in orders.items()},
        "text": f"Choices revealed ({step}): " + "; ".join(parts) + ".",
        "barrier": True,
    }


def _parse_split(value: str, amount: int) -> dict[str, int]:
    if ":" not in value:
        return {value: amount}
    return {part.split(":")[0]: int(part.split(":")[1]) for part in value.split(",")}


def _combat(state: dict[str, Any], choices: Mapping[str, str], events: list[dict]) -> None:
    engaged = set(state["resolution"]["engaged"])
    hits: dict[str, int] = {}
    for unit in live(state):
        if unit["id"] not in engaged:
            continue
        amount = unit_type(unit["type"])["combat_damage"]
        targets = [u for u in at(state, unit["cell"], 1 - unit["seat"]) if u["id"] in engaged]
        split = (
            {targets[0]["id"]: amount}
            if len(targets) == 1
            else _parse_split(choices[unit["id"]], amount)
        )
        for target, damage in split.items():
            hits[target] = hits.get(target, 0) + damage
    for unit in state["units"]:
        if unit["id"] in engaged:
            unit["last_target"] = None  # coming out of an Engagement: a new Volley target
    if hits:
        hurt(state, hits, events, "Combat")


def _rams(state: Mapping[str, Any]) -> list[dict]:
    engaged = set(state["resolution"]["engaged"])
    return [
        u
        for u in live(state)
        if has(u, "crash-through")
        and u["id"] not in engaged
        and Cell.parse(u["cell"]).row == enemy_castle_row(u["seat"])
    ]


def _melee(state: dict[str, Any], choices: Mapping[str, str], events: list[dict]) -> bool:
    """Spears and Crash Through; True when a Crash Through ended the game."""
    hits: dict[str, int] = {}
    for target in choices.values():
        if target:
            hits[target] = hits.get(target, 0) + 1
    rams = [u["id"] for u in _rams(state)]
    doomed = [r for r in rams if hits.get(r, 0) >= unit_of(state, r)["life"]]
    if doomed:
        state["resolution"]["pending"] = {"hits": hits, "rams": rams}
        state["resolution"]["step"] = "order"
        return False
    if _crash(state, hits, rams, {"crash": "crash"}, events):
        return True
    state["resolution"]["step"] = "ranged"
    return False


def _crash(
    state: dict[str, Any],
    hits: Mapping[str, int],
    rams: list[str],
    choices: Mapping[str, str],
    events: list[dict],
) -> bool:
    """Apply the Spears' damage and the Crash Throughs in the order chosen."""
    spears_first = choices.get("crash") == "spears"
    if hits:
        hurt(state, hits, events, "Spears")
    crashing = [r for r in rams if unit_of(state, r)["alive"] or not spears_first]
    seats = sorted({unit_of(state, r)["seat"] for r in crashing})
    if not seats:
        return False
    names = " and ".join(state["names"][s] for s in seats)
    events.append(
        {"type": "crash", "seats": seats, "text": f"Crash Through by {names}'s Battery Ram!"}
    )
    state["resolution"]["crash"] = seats
    return True


def _ranged(state: dict[str, Any], choices: Mapping[str, str], events: list[dict]) -> None:
    engaged = set(state["resolution"]["engaged"])
    hits: dict[str, int] = {}

    def add(unit_id: str, amount: int) -> None:
        hits[unit_id] = hits.get(unit_id, 0) + amount

    for key, value in choices.items():
        if not value:
            continue
        unit = unit_of(state, key)
        if has(unit, "volley"):
            damage = 2 - (1 if unit["moved"] else 0) - (1 if unit["last_target"] != value else 0)
            unit["last_target"] = value
            if damage > 0:
                add(value, damage)
        elif has(unit, "mortar-fire"):
            for target in at(state, value):
                add(target["id"], 1)
    only_still = state["options"]["muskets_fire"] == "only-if-not-moved"
    for unit in live(state):
        if not has(unit, "fire") or unit["id"] in engaged or (only_still and unit["moved"]):
            continue
        column = {cell.label for cell in board.column_of(Cell.parse(unit["cell"]))}
        for target in live(state, 1 - unit["seat"]):
            if target["cell"] in column:
                add(target["id"], 1)
    if hits:
        hurt(state, hits, events, "Ranged abilities")


def _castle(state: dict[str, Any], events: list[dict]) -> None:
    """Each unit unengaged in the opponent's castle row at the end deals it 1 damage.

    Unengaged here is the text's plain definition (no opposing unit in the hexagon): the
    one-and-two choice frees a unit only "for the purpose of" its abilities."""
    for seat in (0, 1):
        scorers = [
            u
            for u in live(state, seat)
            if Cell.parse(u["cell"]).row == enemy_castle_row(seat)
            and not at(state, u["cell"], 1 - seat)
        ]
        if scorers:
            state["castle"][1 - seat] += len(scorers)
            events.append(
                {
                    "type": "castle",
                    "seat": seat,
                    "damage": len(scorers),
                    "text": f"{state['names'][seat]} deals {len(scorers)} damage to "
                    f"{state['names'][1 - seat]}'s castle "
                    f"({', '.join(u['name'] + ' ' + u['cell'] for u in scorers)}).",
                }
            )
