"""The little game's table arithmetic: hands, units, card values and the six actions.

The moves of ``engine`` (which holds the phases and the round flow) are built from these.
Every function that changes a state works on the engine's private copy and returns the
event it caused; every check raises ``RuleError`` before anything is changed, so a refused
action leaves no trace.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import Any

from companion.games import table_engine
from companion.games.base import RuleError
from companion.games.little_game import UNIT_KINDS
from companion.games.little_game.build_rules import CARDS, DEFAULT_SPLIT, EVENS_ODDS
from companion.games.table import Seat

ACTIONS = ("advance", "retreat", "shift", "recover", "attack", "shoot")
MAX_INCHES = 1000
MAX_DELTA = table_engine.MAX_DELTA  # pressure may change by a fraction, within the same bound

Number = int | float


def is_number(value: Any) -> bool:
    """A finite JSON number, not a bool (``True`` is an int in Python)."""
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def tidy(value: Number) -> Number:
    """Pressure to two decimals, whole numbers as ints: typed distances may be fractional,
    and rounding every sum keeps replays and JSON free of float noise."""
    if isinstance(value, int):
        return value
    rounded = round(value, 2)
    return int(rounded) if rounded == int(rounded) else rounded


def card_values(first: int, second: int) -> list[int]:
    """The worth of two cards played together: the lower its number, the higher the
    difference (4 and 9 are worth 4 and 5). Two of the ten cards never tie."""
    low = min(first, second)
    return [card if card == low else card - low for card in (first, second)]


def hands_from(options: Mapping[str, Any]) -> list[list[int]]:
    """Seat 0's and seat 1's starting hands. Evens/odds gives seat 0 the evens (the text
    does not say who; Muster's builder lists the evens as hand 1); an agreed split is two
    lists, seat 0's first, sharing out the ten cards each once."""
    split = options.get("split", DEFAULT_SPLIT) if isinstance(options, Mapping) else None
    if split is None or split == DEFAULT_SPLIT:
        return [list(hand) for hand in EVENS_ODDS]
    if isinstance(split, str):  # the table form: the first seat's cards, the rest to the other
        try:
            first = [int(card) for card in split.replace(",", " ").split()]
        except ValueError:
            first = []
        split = [first, [card for card in CARDS if card not in first]] if first else None
    good = (
        isinstance(split, list | tuple)
        and len(split) == 2
        and all(isinstance(hand, list | tuple) for hand in split)
        and all(isinstance(c, int) and not isinstance(c, bool) for hand in split for c in hand)
    )
    if not good or sorted(c for hand in split for c in hand) != list(CARDS):
        raise RuleError(
            {"options.split": "Use 'evens-odds' or two hands sharing out the cards 1-10 once."}
        )
    return [sorted(hand) for hand in split]


def split_of(options: Any, seats: list[Seat]) -> Any:
    """The split the table deals: the table's own option when it names an agreed split,
    else the agreed split saved on the players' lists (the builder's "hand 1" is the first
    seat's), else evens/odds. Two lists that saved different splits have agreed on none:
    the table must choose, rather than one list silently winning."""
    chosen = options.get("split", DEFAULT_SPLIT) if isinstance(options, Mapping) else None
    if chosen not in (None, DEFAULT_SPLIT, ""):
        return chosen
    saved: list[Any] = []
    for seat in seats:
        body = seat.list_body if isinstance(seat.list_body, Mapping) else {}
        listed = body.get("options")
        split = listed.get("split") if isinstance(listed, Mapping) else None
        if split not in (None, DEFAULT_SPLIT) and split not in saved:
            saved.append(split)
    if len(saved) > 1:
        raise RuleError(
            {
                "options.split": "The two lists saved different card splits: agree on one "
                "and type the first seat's cards in the table's Card split option."
            }
        )
    return saved[0] if saved else DEFAULT_SPLIT


def units_from(seat: Seat, index: int) -> list[dict[str, Any]]:
    """The seat's units as the table tracks them; ids are ``"<seat>-<position in list>"``."""
    body = seat.list_body if isinstance(seat.list_body, Mapping) else {}
    units = body.get("units") or []
    if not isinstance(units, list):
        raise RuleError({f"seats.{index}.units": "The army's units must be a list."})
    made = []
    for position, unit in enumerate(units):
        path = f"seats.{index}.units.{position}"
        if not isinstance(unit, Mapping):
            raise RuleError({path: "A unit must be an object."})
        quality = unit.get("quality", 0)
        if not isinstance(quality, int) or isinstance(quality, bool) or not 0 <= quality <= 5:
            raise RuleError({f"{path}.quality": "Quality is a whole number 0-5."})
        kinds = unit.get("kinds") or []
        if not isinstance(kinds, list):
            raise RuleError({f"{path}.kinds": "Kinds must be a list."})
        name = unit.get("name")
        made.append(
            {
                "id": f"{index}-{position}",
                "name": name.strip()
                if isinstance(name, str) and name.strip()
                else f"Unit {position + 1}",
                "quality": quality,
                "kinds": [k for k in UNIT_KINDS if k in kinds],
                "pressure": 0,
                "in_contact": False,
                "contacts": [],
                "removed": False,
            }
        )
    return made


def all_units(state: Mapping[str, Any]) -> Iterator[tuple[int, dict[str, Any]]]:
    """Every unit with its seat, removed ones too."""
    for seat, units in enumerate(state["units"]):
        for unit in units:
            yield seat, unit


def find_unit(state: Mapping[str, Any], unit_id: Any, path: str) -> tuple[int, dict[str, Any]]:
    """The seat and unit named ``unit_id``, which must still be on the table."""
    for seat, unit in all_units(state):
        if unit["id"] == unit_id and isinstance(unit_id, str):
            if unit["removed"]:
                raise RuleError({path: f"{unit['name']} has broken and left the table."})
            return seat, unit
    raise RuleError({path: f"No unit {unit_id!r} at this table."})


def live(units: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [unit for unit in units if not unit["removed"]]


def set_contact(one: dict[str, Any], other: dict[str, Any], on: bool) -> None:
    """Record or lift the touch of two enemy units, on both (touching is mutual)."""
    for unit, enemy in ((one, other), (other, one)):
        if on and enemy["id"] not in unit["contacts"]:
            unit["contacts"] = sorted([*unit["contacts"], enemy["id"]])
        if not on and enemy["id"] in unit["contacts"]:
            unit["contacts"] = [c for c in unit["contacts"] if c != enemy["id"]]
        unit["in_contact"] = bool(unit["contacts"])


def clear_contacts(state: dict[str, Any], unit: dict[str, Any]) -> None:
    """The unit touches no enemy any more (it moved away, or broke)."""
    for contact_id in list(unit["contacts"]):
        for _, other in all_units(state):
            if other["id"] == contact_id:
                set_contact(unit, other, False)


def move_inches(unit: Mapping[str, Any], value: int) -> int:
    """Advance and Retreat allowance: the value, doubled for cavalry."""
    return value * (2 if "cavalry" in unit["kinds"] else 1)


def shot_pressure(unit: Mapping[str, Any], value: int, distance: Number) -> Number:
    """``value - distance`` (long ranged ``2 x value - distance``), never below 0."""
    factor = 2 if "long-ranged" in unit["kinds"] else 1
    return tidy(max(0, factor * value - distance))


def _checked_act(
    state: Mapping[str, Any], seat: int, action: Mapping[str, Any]
) -> tuple[str, list[dict[str, Any]], dict[str, dict[str, Any]], dict[str, Number]]:
    """Check an ``act`` and return its action, units, targets and distances."""
    name = action.get("action")
    if name not in ACTIONS:
        raise RuleError({"action": f"Choose one of: {', '.join(ACTIONS)}."})
    ids = action.get("units", [])
    targets = action.get("targets") or {}
    distances = action.get("distances") or {}
    if not isinstance(ids, list) or len(set(map(repr, ids))) != len(ids):
        raise RuleError({"units": "List each unit taking the action once."})
    if not isinstance(targets, Mapping) or not isinstance(distances, Mapping):
        raise RuleError({"targets": "Targets and distances map unit ids to values."})
    errors: dict[str, str] = {}
    units: list[dict[str, Any]] = []
    for position, unit_id in enumerate(ids):
        owner, unit = find_unit(state, unit_id, f"units.{position}")
        if owner != seat:
            errors[f"units.{position}"] = f"{unit['name']} is not yours."
        units.append(unit)
    for field, keyed in (("targets", targets), ("distances", distances)):
        for key in keyed:
            if key not in ids:
                errors[f"{field}.{key}"] = f"{key!r} is not one of the units taking the action."
    if targets and name not in ("attack", "shoot"):
        errors["targets"] = "Only Attack and Shoot have targets."
    if distances and name != "shoot":
        errors["distances"] = "Only Shoot takes a distance."
    if errors:
        raise RuleError(errors)
    if name in WITH_EFFECT and not units and not _able(state, seat)[name]:
        raise RuleError({"action": _nothing_to_do(name)})
    chosen: dict[str, dict[str, Any]] = {}
    for position, unit in enumerate(units):
        where = f"units.{position}"
        if name == "recover" and unit["in_contact"]:
            errors[where] = f"{unit['name']} touches an enemy and may not recover."
        if name == "attack":
            target_id = targets.get(unit["id"])
            if target_id is None and len(unit["contacts"]) == 1:
                target_id = unit["contacts"][0]
            if target_id not in unit["contacts"]:
                errors[f"targets.{unit['id']}"] = (
                    f"{unit['name']} attacks only an enemy touching its front."
                )
            else:
                chosen[unit["id"]] = find_unit(state, target_id, f"targets.{unit['id']}")[1]
        if name == "shoot":
            if not {"ranged", "long-ranged"} & set(unit["kinds"]):
                errors[where] = f"{unit['name']} is not ranged and may not shoot."
            elif unit["in_contact"]:
                errors[where] = f"{unit['name']} touches an enemy and may not shoot."
            target_id = targets.get(unit["id"])
            owner: int | None = None
            target: dict[str, Any] | None = None
            if target_id is not None:
                owner, target = next(
                    ((s, u) for s, u in all_units(state) if u["id"] == target_id), (None, None)
                )
            if target is None or owner == seat or target["removed"]:
                errors[f"targets.{unit['id']}"] = "Name the enemy unit straight ahead."
            else:
                chosen[unit["id"]] = target
            distance = distances.get(unit["id"])
            if not is_number(distance) or not 0 <= distance <= MAX_INCHES:
                errors[f"distances.{unit['id']}"] = "Type the distance in inches (0 or more)."
    if errors:
        raise RuleError(errors)
    return name, units, chosen, {k: v for k, v in distances.items()}


def resolve_act(
    state: dict[str, Any], seat: int, action: Mapping[str, Any], value: int
) -> dict[str, Any]:
    """Apply one player's action with their card ``value``; return the event.

    Moves change nothing in the state: the engine reports each unit's allowance and the
    players move the models (and update contact themselves).
    """
    name, units, targets, distances = _checked_act(state, seat, action)
    lines: list[str] = []
    effects: dict[str, Any] = {}
    for unit in units:
        if name in ("advance", "retreat"):
            inches = move_inches(unit, value)
            effects[unit["id"]] = {"inches": inches}
            way = "forward" if name == "advance" else "back"
            lines.append(f"{unit['name']} moves {inches} in {way}")
        elif name == "shift":
            effects[unit["id"]] = {}
            lines.append(f"{unit['name']} pivots on a corner")
        elif name == "recover":
            before = unit["pressure"]
            unit["pressure"] = tidy(max(0, before - value))
            effects[unit["id"]] = {"pressure": tidy(unit["pressure"] - before)}
            lines.append(f"{unit['name']} recovers to {unit['pressure']} pressure")
        else:
            target = targets[unit["id"]]
            if name == "attack":
                added: Number = value
            else:
                added = shot_pressure(unit, value, distances[unit["id"]])
            target["pressure"] = tidy(target["pressure"] + added)
            effects[unit["id"]] = {"target": target["id"], "pressure": added}
            verb = "attacks" if name == "attack" else "shoots"
            lines.append(
                f"{unit['name']} {verb} {target['name']}: +{added} (now {target['pressure']})"
            )
    player = state["names"][seat]
    detail = "; ".join(lines) if lines else "no unit takes it"
    return {
        "type": "act",
        "seat": seat,
        "action": name,
        "value": value,
        "effects": effects,
        "text": f"{player}: {name.capitalize()} with value {value}: {detail}.",
    }


def resolve_contact(state: dict[str, Any], seat: int | None, action: Mapping[str, Any]) -> dict:
    """A touch the players see on the table: ``enemy`` None lifts all of the unit's."""
    owner, unit = find_unit(state, action.get("unit"), "unit")
    enemy_id = action.get("enemy")
    touching = action.get("in_contact", True)
    if not isinstance(touching, bool):
        raise RuleError({"in_contact": "Say true or false."})
    if enemy_id is None:
        clear_contacts(state, unit)
        text = f"{unit['name']} touches no enemy."
    else:
        enemy_owner, enemy = find_unit(state, enemy_id, "enemy")
        if enemy_owner == owner:
            raise RuleError({"enemy": "Contact is with an enemy unit."})
        set_contact(unit, enemy, touching)
        text = f"{unit['name']} {'touches' if touching else 'no longer touches'} {enemy['name']}."
    return {"type": "contact", "seat": seat, "unit": unit["id"], "enemy": enemy_id, "text": text}


def resolve_adjust(state: dict[str, Any], seat: int | None, action: Mapping[str, Any]) -> dict:
    """A hand correction of a unit's pressure; it may not go below 0."""
    _, unit = find_unit(state, action.get("unit"), "unit")
    delta = action.get("delta")
    if not is_number(delta) or delta == 0 or abs(delta) > MAX_DELTA:
        raise RuleError({"delta": f"A change of pressure between -{MAX_DELTA} and {MAX_DELTA}."})
    after = tidy(unit["pressure"] + delta)
    if after < 0:
        raise RuleError({"delta": f"{unit['name']} has only {unit['pressure']} pressure."})
    unit["pressure"] = after
    sign = "+" if delta > 0 else ""
    return {
        "type": "adjust",
        "seat": seat,
        "unit": unit["id"],
        "delta": tidy(delta),
        "text": f"{unit['name']}: pressure {sign}{tidy(delta)} (now {after}).",
    }


# The actions that act on pressure: when no unit can take one it changes nothing, and the
# player's one action would be spent for nothing (moves only report inches: always open).
WITH_EFFECT = ("recover", "attack", "shoot")


def _able(state: Mapping[str, Any], seat: int) -> dict[str, list[dict[str, Any]]]:
    """The seat's living units that each pressure action can do something with: Recover a
    free unit under pressure, Attack a unit touching an enemy, Shoot a free ranged unit
    while an enemy stands."""
    own = live(state["units"][seat])
    enemies = live(state["units"][1 - seat])
    free = [unit for unit in own if not unit["in_contact"]]
    return {
        "recover": [unit for unit in free if unit["pressure"] > 0],
        "attack": [unit for unit in own if unit["contacts"]],
        "shoot": [u for u in free if {"ranged", "long-ranged"} & set(u["kinds"]) and enemies],
    }


def _nothing_to_do(name: str) -> str:
    """Why an Attack, Shoot or Recover that no unit can take is refused, in the player's
    words (said before the action is spent, not after)."""
    why = {
        "recover": "none of your units out of contact is under pressure",
        "attack": "none of your units touches an enemy",
        "shoot": "none of your ranged units is free to shoot at a standing enemy",
    }[name]
    return f"{name.capitalize()} would do nothing: {why}. Choose another action."


def act_templates(state: Mapping[str, Any], seat: int) -> list[dict[str, Any]]:
    """The actions that can do something, valid as they stand: units that may take each,
    first targets, distance 0 (the page lets the player edit them). Advance, Retreat and
    Shift are always offered; Recover, Attack and Shoot only when a unit can take them."""
    own = live(state["units"][seat])
    enemies = live(state["units"][1 - seat])
    able = _able(state, seat)
    ids = [unit["id"] for unit in own]
    offers: list[dict[str, Any]] = [
        {"type": "act", "action": "advance", "units": ids},
        {"type": "act", "action": "retreat", "units": ids},
        {"type": "act", "action": "shift", "units": ids},
    ]
    if able["recover"]:
        offers.append(
            {"type": "act", "action": "recover", "units": [u["id"] for u in able["recover"]]}
        )
    if able["attack"]:
        offers.append(
            {
                "type": "act",
                "action": "attack",
                "units": [unit["id"] for unit in able["attack"]],
                "targets": {unit["id"]: unit["contacts"][0] for unit in able["attack"]},
            }
        )
    if able["shoot"]:
        offers.append(
            {
                "type": "act",
                "action": "shoot",
                "units": [unit["id"] for unit in able["shoot"]],
                "targets": {unit["id"]: enemies[0]["id"] for unit in able["shoot"]},
                "distances": {unit["id"]: 0 for unit in able["shoot"]},
            }
        )
    return offers


def unavailable_actions(state: Mapping[str, Any], seat: int) -> list[dict[str, str]]:
    """The pressure actions not offered now, each with why, for the page to explain."""
    able = _able(state, seat)
    return [
        {"action": name, "reason": _nothing_to_do(name)} for name in WITH_EFFECT if not able[name]
    ]
