"""Target (issue 17): a 4-player Maker-War game at 12,000 points a seat acts and views
in a few milliseconds: ``ENGINE.apply`` and ``ENGINE.player_view`` each at most 10 ms
median.

The expensive case is the battle with every formation on the table: each seat brings a
legal 12,000-point army (classic formations of its faction, a few rare ones within the
setup table's stars), the first deployment is played with the engine, and what its
budget leaves off the table is then placed as if deployed later in the battle. From
there the benchmark plays on: at each step every seat's view (and the public one) is
timed, alone and all drawn together as the site pushes them, then one action chosen
from ``ENGINE.legal_actions`` (activations, shots, cards, ends of turns; the way random
play picks them) is applied and timed. The same run measures the same steps at 1,000
points a seat, so the result also reads as a ratio on a shared, noisy machine.
"""

from __future__ import annotations

import gc
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from companion.games.base import RuleError
from companion.games.maker_war import formations as plans
from companion.games.maker_war.engine import ENGINE
from companion.games.maker_war.table.army import formations_of
from companion.games.maker_war.table.factions import needs_maker_weapon
from companion.games.maker_war.table.setup import guidance
from companion.games.plain_data import clone
from companion.games.table import Seat

TARGET_MS = 10.0
BUDGET = 12_000
BASELINE_BUDGET = 1_000
STEPS = 60
SEATS = 4
# Seats 0 and 2 against 1 and 3 (the default sides).
FACTIONS = ("terran-makers", "cyber-demons", "transcendent", "fungus-pandemia")
MAKER_WEAPONS = ("terror", "anti-tank", "sniper", "anti-air")


def _formation(slug: str, number: int) -> dict[str, Any]:
    """The classic shape of plan ``slug``, one chief marked (its first allowed chief, or
    the first unit when the plan names none)."""
    entry = next(e for e in plans.entries() if e.slug == slug)
    classic = entry.data["classic"]
    chief = (entry.data["chiefs"] or list(classic))[0]
    several = sum(classic.values()) > 1
    units: list[dict[str, Any]] = []
    for unit, count in classic.items():
        if several and unit == chief:
            units.append({"unit": unit, "count": 1, "chief": True})
            if count > 1:
                units.append({"unit": unit, "count": count - 1})
        else:
            units.append({"unit": unit, "count": count})
    return {"plan": slug, "name": f"{entry.name} {number}", "units": units}


def army(faction: str, budget: int) -> dict[str, Any]:
    """A legal army of ``faction`` as close to ``budget`` as classic formations come: the
    rare plans first while the seat's half of its side's stars lasts, then the common
    ones in turn."""
    entries = [e for e in plans.entries() if e.faction == faction]
    rare = [e.slug for e in entries if e.data["stars"]]
    common = [e.slug for e in entries if not e.data["stars"]]
    cost = {e.slug: _points(faction, e.slug) for e in entries}
    star_cost = {e.slug: e.data["stars"] for e in entries}
    chosen: list[dict[str, Any]] = []
    total, left = 0, guidance(budget)["stars"] // 2
    for slug in rare:
        if star_cost[slug] <= left and total + cost[slug] <= budget:
            chosen.append(_formation(slug, len(chosen) + 1))
            total, left = total + cost[slug], left - star_cost[slug]
    turn = 0
    while True:
        fitting = [s for s in common if total + cost[s] <= budget]
        if not fitting:
            break
        slug = fitting[turn % len(fitting)]
        chosen.append(_formation(slug, len(chosen) + 1))
        total, turn = total + cost[slug], turn + 1
    return _body(faction, budget, chosen)


def _points(faction: str, slug: str) -> int:
    """What the classic formation of ``slug`` costs, as the table reads it."""
    body = _body(faction, BUDGET, [_formation(slug, 1)])
    return formations_of(0, body)["formations"][0]["points"]


def _body(faction: str, budget: int, formations: list[dict[str, Any]]) -> dict[str, Any]:
    return {"faction": faction, "budget": budget, "formations": formations, "hypha": []}


def battle(budget: int, seed: int = 17) -> dict[str, Any]:
    """Four seats at ``budget`` each, the first deployment played, every other formation
    then on the table, the battle under way."""
    seats = [Seat(i, f"Player {i + 1}", army(FACTIONS[i], budget)) for i in range(SEATS)]
    state = ENGINE.initial_state(seats, {}, random.Random(seed))
    rng = random.Random(seed)
    state = ENGINE.apply(state, 0, {"type": "begin-deployment"}, rng).state
    while state["phase"] == "deploy":
        seat = state["deploy_turn"]
        deploys = [a for a in ENGINE.legal_actions(state, seat) if a["type"] == "deploy"]
        action = deploys[0] if deploys else {"type": "pass"}
        action = {**action, "maker_weapon": rng.choice(MAKER_WEAPONS)}
        state = ENGINE.apply(state, seat, action, rng).state
    for f in state["formations"]:  # deployed later in the battle, as far as the view goes
        if f["where"] == "off":
            if needs_maker_weapon(f) and not f["entered"]:
                f["maker_weapon"] = rng.choice(MAKER_WEAPONS)
            f["where"], f["entered"] = "table", True
    for hypha in state["hypha"]:
        for h in hypha:
            h["where"] = "table"
    ground = [
        [f["id"] for f in state["formations"] if not f["flyer"] and state["sides"][f["seat"]] == s]
        for s in (0, 1)
    ]
    for i, poi in enumerate(state["pois"]):  # occupied, every third one contested
        side = i % 2
        occupants = [rng.choice(ground[side])]
        if i % 3 == 0:
            occupants.append(rng.choice(ground[1 - side]))
        action = {"type": "poi", "poi": poi["id"], "formations": occupants}
        state = ENGINE.apply(state, i % SEATS, action, rng).state
    return state


def complete(
    state: dict[str, Any], seat: int, template: dict[str, Any], rnd: random.Random
) -> dict[str, Any]:
    """What the player types beside an offered action: a distance, whom a charge meets."""
    action = dict(template)
    if action["type"] == "shoot":
        action["distance"] = rnd.choice([10, 30, 60])
    elif action["type"] == "close-combat":
        side = state["sides"][seat]
        action["defenders"] = [
            f["id"]
            for f in state["formations"]
            if f["where"] == "table" and state["sides"][f["seat"]] != side and not f["flyer"]
        ][:1]
    elif action["type"] == "play-card":
        action["use"] = "points"
    return action


# Moves that end the game or only correct the books: not what a table does all evening.
SKIPPED = frozenset({"surrender", "death-throes"})


def play(state: dict[str, Any], steps: int, seed: int = 17) -> dict[str, list[float]]:
    """``steps`` rounds of what the site does on a change: every seat's view (and the
    public one), every seat's legal actions, the seats awaited; then one offered action
    applied. Each is timed (milliseconds): each view alone (``view``, as one device's
    resync would build it), and every view of the change drawn together (``views``, as
    the site pushes them). So is a deep copy of the whole state (``copy``: what every
    apply made before the engine copied only what a move changes)."""
    rnd = random.Random(seed)
    names = ("apply", "view", "views", "legal", "copy", "awaiting")
    times: dict[str, list[float]] = {name: [] for name in names}
    clock = time.perf_counter

    def timed(name: str, work: Callable[..., Any], *args: Any) -> Any:
        start = clock()
        result = work(*args)
        times[name].append((clock() - start) * 1000)
        return result

    for step in range(steps):
        for seat in [*range(SEATS), None]:
            timed("view", ENGINE.player_view, state, seat)
        timed("views", ENGINE.player_views, state, [*range(SEATS), None])
        offered: list[tuple[int, dict[str, Any]]] = []
        for seat in range(SEATS):
            actions = timed("legal", ENGINE.legal_actions, state, seat)
            offered += [(seat, a) for a in actions if a["type"] not in SKIPPED]
        timed("awaiting", ENGINE.awaiting, state)
        timed("copy", clone, dict(state))
        if ENGINE.is_over(state) or not offered:
            break
        by_type: dict[str, list[tuple[int, dict[str, Any]]]] = {}
        for seat, action in offered:
            by_type.setdefault(action["type"], []).append((seat, action))
        kinds = sorted(by_type)
        while kinds:  # an action type at random, then one action of it, as random play does
            kind = kinds.pop(rnd.randrange(len(kinds)))
            seat, template = rnd.choice(by_type[kind])
            action = complete(state, seat, template, rnd)
            dice = random.Random(f"{seed}:{step}")
            try:
                outcome = timed("apply", ENGINE.apply, state, seat, action, dice)
            except RuleError:  # refused (not timed): another of the offered moves
                continue
            state = outcome.state
            break
    return times


def _stats(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]


def measure(budget: int, steps: int = STEPS, frozen: bool = False) -> dict[str, Any]:
    """``frozen``: the process's heap moved out of the collector's sight first
    (``gc.freeze``), as a server may do once started: the slow tail of a big table's
    views and actions is the cyclic collector walking every object the process holds."""
    state = battle(budget)
    play(state, 3)  # warm the caches (catalogue, cards)
    if frozen:
        gc.collect()
        gc.freeze()
    try:
        times = play(state, steps)
    finally:
        if frozen:
            gc.unfreeze()
    return {
        "formations": len(state["formations"]),
        "units": sum(len(f["units"]) for f in state["formations"]),
        "view_kb": len(json.dumps(ENGINE.player_view(state, 0))) / 1024,
        **{name: _stats(values) for name, values in times.items()},
        "count": {name: len(values) for name, values in times.items()},
    }


def _ms(result: dict[str, Any], name: str) -> str:
    median, p95 = result[name]
    return f"{median:.2f} ms median, {p95:.2f} ms p95"


def met(result: dict[str, Any]) -> bool:
    """Both medians within the target, over enough applied actions to mean something."""
    enough = result["count"]["apply"] >= STEPS // 2
    return enough and result["apply"][0] <= TARGET_MS and result["view"][0] <= TARGET_MS


def run() -> dict[str, Any]:
    big, small = measure(BUDGET), measure(BASELINE_BUDGET)
    frozen = measure(BUDGET, STEPS // 2, frozen=True)
    apply_ms, view_ms = big["apply"][0], big["view"][0]
    return {
        "name": f"Maker-War table, {SEATS} seats x {BUDGET:,} points, battle, all deployed",
        "target": f"apply and view each <= {TARGET_MS:.0f} ms median",
        "result": (
            f"{big['formations']} formations, {big['units']:,} units: apply {_ms(big, 'apply')}"
            f" ({big['count']['apply']} actions; a deep copy of the whole state alone: "
            f"{big['copy'][0]:.2f} ms median); view {_ms(big, 'view')} "
            f"({big['count']['view']} views, {big['view_kb']:,.0f} KB of JSON each); all "
            f"{SEATS + 1} views of a change drawn together {_ms(big, 'views')}; legal "
            f"actions {_ms(big, 'legal')} per seat; awaiting {_ms(big, 'awaiting')}. With "
            f"the heap frozen (gc.freeze): apply {_ms(frozen, 'apply')}, view "
            f"{_ms(frozen, 'view')}. Same run at {BASELINE_BUDGET:,} points "
            f"({small['units']} units): apply {small['apply'][0]:.2f} ms, view "
            f"{small['view'][0]:.2f} ms median (12x the points: apply "
            f"x{apply_ms / small['apply'][0]:.1f}, view x{view_ms / small['view'][0]:.1f})"
        ),
        "ok": met(big),
    }


if __name__ == "__main__":
    print(run())
