"""Rounds, turns and orders at the Maker-War table.

Players take turns in seat order, skipping those who passed for the round; a turn is one
activation (more with More Fuel, or deployments paid for with supply). The first turn of a
round goes to the seat next in line from the last round, unless one side has more
strategists on the battlefield: then the first seat of that side in line goes first (the
very first round included). A round ends when every seat has passed or has nothing left
to activate; then activation markers are cleared and supply cards are drawn.

Orders follow the book: flyers may not March or Assault (and pay 2 supply for any order but
Veer Off, except on the turn they were deployed); immobile formations may only Advance,
Patrol, Regroup or Scatter; Hit and Run is Astral only and needs every unit to hover or be
transported; a scattered formation must Scatter (Regroup with Reinforcements), a raging one
must Assault; a Titan with broken Legs may not Assault or March, broken Quarters forbid
Regroup.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.maker_war import titans
from companion.games.maker_war.table.army import count_trait, living, trait_total

ORDERS = (
    "advance",
    "assault",
    "march",
    "continuous-fire",
    "patrol",
    "regroup",
    "scatter",
    "veer-off",
    "hit-and-run",
)
ORDER_NAMES = {
    "advance": "Advance",
    "assault": "Assault",
    "march": "March",
    "continuous-fire": "Continuous Fire",
    "patrol": "Patrol",
    "regroup": "Regroup",
    "scatter": "Scatter",
    "veer-off": "Veer Off",
    "hit-and-run": "Hit and Run",
}
FLYER_ORDERS = frozenset({"advance", "continuous-fire", "patrol", "regroup", "scatter", "veer-off"})
IMMOBILE_ORDERS = frozenset({"advance", "patrol", "regroup", "scatter"})
ORDER_STANCES = {"march": "march", "patrol": "patrol"}
FIRING_ORDERS = frozenset({"advance", "continuous-fire", "hit-and-run"})
FLY_STANCES = ("fly-high", "flying-low")


def faction_of(state: Mapping[str, Any], formation: Mapping[str, Any]) -> str:
    """The formation's faction: its army's, which a formation taken over from a player who
    left the table keeps (``end.hand_over``)."""
    return formation.get("faction") or state["factions"][formation["seat"]]


def on_table(state: Mapping[str, Any], seat: int) -> list[dict[str, Any]]:
    return [f for f in state["formations"] if f["seat"] == seat and f["where"] == "table"]


def strategists(state: Mapping[str, Any], side: int) -> int:
    return sum(
        count_trait(f, "strategist")
        for f in state["formations"]
        if f["where"] == "table" and state["sides"][f["seat"]] == side
    )


def hover_or_transported(formation: Mapping[str, Any]) -> bool:
    """Every unit hovers, or is infantry that the hovering transports can carry."""
    units = living(formation)
    walkers = [u for u in units if "hover" not in u["traits"]]
    if any(u["type"] != "infantry" for u in walkers):
        return False
    room = sum(
        u["traits"].get("transport", 0) + u["traits"].get("carrier", 0)
        for u in units
        if "hover" in u["traits"]
    )
    return len(walkers) <= room


def titan_effects(formation: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The lasting effects of the broken systems of each living Titan in the formation."""
    return [titans.effects(u) for u in formation["units"] if u["alive"] and u["type"] == "titan"]


def order_problem(
    state: Mapping[str, Any],
    formation: Mapping[str, Any],
    order: str,
    lasting: list[dict[str, Any]] | None = None,
) -> str:
    """Why ``formation`` may not take ``order`` now ("" when it may)."""
    if order not in ORDERS:
        return f"There is no order '{order}'."
    name = ORDER_NAMES[order]
    if formation["flyer"] and order not in FLYER_ORDERS:
        return f"Flyers cannot take the {name} order."
    if order == "veer-off" and not formation["flyer"]:
        return "Only flyers veer off."
    if formation["immobile"] and order not in IMMOBILE_ORDERS:
        return f"An immobile formation cannot take the {name} order."
    if order == "hit-and-run":
        if faction_of(state, formation) != "astral":
            return "Hit and Run is an Astral order."
        if not hover_or_transported(formation):
            return "Hit and Run needs every unit to hover or be transported."
    stance = formation["stance"]
    reinforced = order == "regroup" and formation.get("reinforced")
    if stance == "scatter" and order != "scatter" and not reinforced:
        return "A scattered formation must take the Scatter order (Reinforcements allow Regroup)."
    if stance == "rage" and order != "assault":
        return "A raging formation must take the Assault order."
    if order not in ("assault", "march", "regroup"):
        return ""
    for effect in titan_effects(formation) if lasting is None else lasting:
        if order in ("assault", "march") and effect["no_assault_or_march"]:
            return f"The Titan's legs are broken: no {name} order."
        if order == "regroup" and effect["no_regroup"]:
            return "The Titan's quarters are broken: no Regroup order."
    return ""


def allowed_orders(
    state: Mapping[str, Any],
    formation: Mapping[str, Any],
    lasting: list[dict[str, Any]] | None = None,
) -> list[str]:
    """The orders ``formation`` may take now. Every seat's view lists them for every
    formation on every change, so the answer is worked out by ``order_problem`` once per
    combination of the facts it reads (``order_facts``) and remembered. ``lasting``: the
    formation's ``titan_effects``, when the caller has them."""
    lasting = titan_effects(formation) if lasting is None else lasting
    facts = order_facts(state, formation, lasting)
    allowed = _ALLOWED.get(facts)
    if allowed is None:
        allowed = tuple(o for o in ORDERS if not order_problem(state, formation, o, lasting))
        _ALLOWED[facts] = allowed
    return list(allowed)


# Allowed orders by ``order_facts``: at most 2**8 entries.
_ALLOWED: dict[tuple[bool, ...], tuple[str, ...]] = {}


def order_facts(
    state: Mapping[str, Any], formation: Mapping[str, Any], lasting: list[dict[str, Any]]
) -> tuple[bool, ...]:
    """Everything ``order_problem`` reads of a formation, as far as it decides whether an
    order is allowed (not the wording of a refusal): a new condition there is a new fact
    here (``tests/games/maker_war/test_orders.py`` holds them together)."""
    stance = formation["stance"]
    astral = faction_of(state, formation) == "astral"
    return (
        bool(formation["flyer"]),
        bool(formation["immobile"]),
        astral and hover_or_transported(formation),
        stance == "scatter",
        stance == "rage",
        bool(formation.get("reinforced")),
        any(effect["no_assault_or_march"] for effect in lasting),
        any(effect["no_regroup"] for effect in lasting),
    )


def can_activate(state: Mapping[str, Any], formation: Mapping[str, Any]) -> bool:
    return formation["where"] == "table" and not formation["activated"]


def has_moves(state: Mapping[str, Any], seat: int) -> bool:
    """Something left this round: a formation on the table to activate, or one waiting."""
    mine = [f for f in state["formations"] if f["seat"] == seat]
    return any(can_activate(state, f) for f in mine) or any(f["where"] == "off" for f in mine)


def round_done(state: Mapping[str, Any]) -> bool:
    """Every formation on the table has been activated (or its player passed): waiting
    formations and flyers off the table do not hold the round open."""
    return not any(
        can_activate(state, f) and f["seat"] not in state["passed"] for f in state["formations"]
    )


def next_seat(state: Mapping[str, Any], after: int) -> int | None:
    """The next seat in line after ``after`` that has not passed and can still act;
    None when the round is done."""
    if round_done(state):
        return None
    count = len(state["names"])
    for step in range(1, count + 1):
        seat = (after + step) % count
        if seat not in state["passed"] and has_moves(state, seat):
            return seat
    return None


def first_of_round(state: Mapping[str, Any], in_line: int) -> tuple[int, str]:
    """Who opens the round: the strategist side's first seat in line, else ``in_line``."""
    counts = [strategists(state, side) for side in (0, 1)]
    count = len(state["names"])
    if counts[0] != counts[1]:
        side = 0 if counts[0] > counts[1] else 1
        for step in range(count):
            seat = (in_line + step) % count
            if state["sides"][seat] == side:
                return seat, f"more strategists ({max(counts)} to {min(counts)})"
    return in_line, "next in line"


def screen_total(formation: Mapping[str, Any]) -> int:
    return trait_total(formation, "screen")


def new_turn(seat: int) -> dict[str, Any]:
    return {
        "seat": seat,
        "active": None,  # the formation activated in this turn
        "activations": 0,
        "allowed": 1,  # More Fuel adds one
        "deployed": [],  # formations deployed this turn
        "poi_start": [],  # points of interest the active formation held at its start
        "attacks": 0,
        "fired": [],  # units and Titan weapons that have fired this turn
        "scatter_pending": None,  # a formation between the two halves of its Scatter order
        "sprouted": False,
    }
