"""Properties of the Smalltricks table engine over random legal matches."""

from __future__ import annotations

import contextlib
import json
import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.base import RuleError
from companion.games.smalltricks import board, engine
from companion.games.smalltricks.board import Cell
from companion.games.table import Seat, action_rng, replay
from tests.games.smalltricks.random_play import arrangement, complete

SETTINGS = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TYPES = st.sampled_from(
    ["archers", "cannons", "mounted", "assault-beasts", "spears", "battery-ram",
     "muskets", "aerial", "militia"]
)  # fmt: skip
FACTION = st.lists(TYPES, min_size=6, max_size=6)
OPTIONS = st.fixed_dictionaries(
    {
        "match": st.sampled_from(["single", "best-of-3", "best-of-5", "first-to-n"]),
        "first_to": st.integers(1, 3),
        "end_of_game": st.sampled_from(["damage-and-hold", "player-driven"]),
        "round_limit": st.integers(1, 4),
        "rolled_factions": st.booleans(),
        "rolled_faction_types": st.sampled_from(["base", "alternatives"]),
        "max_rerolls": st.integers(0, 1),
        "max_shifts": st.integers(0, 1),
        "counter_charge_range": st.sampled_from(["same-hexagon", "within-range-1"]),
        "trample_damage": st.booleans(),
        "muskets_fire": st.sampled_from(["whether-moved-or-not", "only-if-not-moved"]),
    }
)


def random_action(state: dict[str, Any], rnd: random.Random) -> tuple[int, dict[str, Any]] | None:
    """A legal action of a random seat that has one, filled in at random."""
    choices = [(seat, a) for seat in (0, 1) for a in engine.legal_actions(state, seat)]
    if not choices:
        return None
    # Faction turns end rarely, so games see real moves; proposals to end are rarer still.
    weights = [
        0.05 if a["type"] in ("end-turn", "propose-end", "agree-end") else 1.0 for _s, a in choices
    ]
    seat, action = rnd.choices(choices, weights)[0]
    action = complete(state, seat, action, rnd)
    return seat, action


def play(seed: int, faction: list[str], options: dict[str, Any], steps: int):
    seats = [Seat(0, "Ann", {"units": faction}), Seat(1, "Ben", {"units": faction[::-1]})]
    rnd = random.Random(seed)
    state = engine.initial_state(seats, options, action_rng("s", 0))
    log: list[tuple[int, int, dict[str, Any]]] = []
    states = [state]
    for seq in range(1, steps + 1):
        picked = random_action(state, rnd)
        if picked is None:
            break
        seat, action = picked
        state = engine.apply(state, seat, action, action_rng("s", seq)).state
        log.append((seq, seat, action))
        states.append(state)
    return seats, state, log, states


def stacking_ok(state: dict[str, Any]) -> bool:
    per_cell: Counter[tuple[int, str]] = Counter()
    militia: Counter[tuple[int, str]] = Counter()
    for unit in state["units"]:
        if unit["alive"] and unit["cell"]:
            per_cell[unit["seat"], unit["cell"]] += 1
            if unit["type"] == "militia":
                militia[unit["seat"], unit["cell"]] += 1
    return max(per_cell.values(), default=0) <= 2 and max(militia.values(), default=0) <= 1


@SETTINGS
@given(st.integers(0, 10**6), FACTION, OPTIONS, st.integers(5, 120))
def test_replaying_the_log_gives_the_same_state(seed, faction, options, steps):
    seats, state, log, _states = play(seed, faction, options, steps)
    assert replay(engine, seats, options, "s", log) == state


@SETTINGS
@given(st.integers(0, 10**6), FACTION, OPTIONS, st.integers(5, 120))
def test_never_more_than_two_units_of_a_faction_in_a_hexagon(seed, faction, options, steps):
    _seats, _state, _log, states = play(seed, faction, options, steps)
    assert all(stacking_ok(s) for s in states)
    assert all(0 <= u["life"] <= 5 for s in states for u in s["units"])


@SETTINGS
@given(st.integers(0, 10**6), FACTION, OPTIONS, st.integers(5, 120))
def test_state_and_views_survive_a_json_round_trip(seed, faction, options, steps):
    _seats, state, _log, _states = play(seed, faction, options, steps)
    assert json.loads(json.dumps(state)) == state
    for seat in (0, 1, None):
        view = engine.player_view(state, seat)
        assert json.loads(json.dumps(view)) == view


@SETTINGS
@given(st.integers(0, 10**6), FACTION, st.integers(0, 10**6))
def test_a_hidden_set_up_never_shows_in_the_other_seats_view(seed, faction, other_seed):
    seats = [Seat(0, "Ann", {"units": faction}), Seat(1, "Ben", {"units": faction})]
    state = engine.initial_state(seats, {}, random.Random(seed))
    first = arrangement(state, 0, random.Random(seed))
    second = arrangement(state, 0, random.Random(other_seed))
    a = engine.apply(state, 0, {"type": "setup", "cells": first}, random.Random(1)).state
    b = engine.apply(state, 0, {"type": "setup", "cells": second}, random.Random(1)).state
    for viewer in (1, None):
        assert engine.player_view(a, viewer) == engine.player_view(b, viewer)
        assert engine.legal_actions(a, 1) == engine.legal_actions(b, 1)
    assert engine.player_view(a, 0)["my_setup"] == first


@SETTINGS
@given(st.integers(0, 10**6), FACTION, OPTIONS, st.integers(5, 150))
def test_secret_orders_never_show_in_the_other_seats_view(seed, faction, options, steps):
    """Whenever one seat has given orders and the other still owes some, the other's view
    is the same whatever those orders were."""
    _seats, _state, _log, states = play(seed, faction, options, steps)
    for state in states:
        res = state["resolution"]
        if res is None:
            continue
        for seat in (0, 1):
            if res["orders"][seat] is None or res["orders"][1 - seat] is not None:
                continue
            blank = json.loads(json.dumps(state))
            blank["resolution"]["orders"][seat] = {k: "" for k in res["orders"][seat]}
            assert engine.player_view(state, 1 - seat) == engine.player_view(blank, 1 - seat)


@SETTINGS
@given(st.integers(0, 10**6), FACTION, OPTIONS, st.integers(1, 60), st.data())
def test_a_refused_action_changes_nothing(seed, faction, options, steps, data):
    _seats, state, _log, _states = play(seed, faction, options, steps)
    before = json.dumps(state, sort_keys=True)
    junk = data.draw(
        st.fixed_dictionaries(
            {
                "type": st.sampled_from(["move", "setup", "orders", "keep", "shift", "nope"]),
                "unit": st.sampled_from(["0-0", "1-5", "9-9"]),
                "path": st.lists(st.sampled_from([c.label for c in board.CELLS]), max_size=3),
                "cells": st.text(max_size=10),
                "step": st.sampled_from(["combat", "melee"]),
            }
        )
    )
    with contextlib.suppress(RuleError):
        engine.apply(state, data.draw(st.sampled_from([0, 1])), junk, random.Random(1))
    assert json.dumps(state, sort_keys=True) == before
    assert all(Cell.parse(u["cell"]) for u in state["units"] if u["cell"])
