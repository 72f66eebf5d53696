"""Invariants particular to Smalltricks over random legal matches of any factions and
options: stacking limits and life bounds, and a hidden set-up that shows in no other
seat's view, offers or log. (Replay, JSON round trips, same seed same game and secret
choices in views are the shared harness's, tests/games/test_random_play.py.)"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.smalltricks.engine import ENGINE
from companion.games.table import Seat, action_rng
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
    choices = [(seat, a) for seat in (0, 1) for a in ENGINE.legal_actions(state, seat)]
    if not choices:
        return None
    # Faction turns end rarely, so games see real moves; proposals to end are rarer still.
    weights = [
        0.05 if a["type"] in ("end-turn", "propose-end", "agree-end") else 1.0 for _s, a in choices
    ]
    seat, action = rnd.choices(choices, weights)[0]
    action = complete(state, seat, action, rnd)
    return seat, action


def play(seed: int, faction: list[str], options: dict[str, Any], steps: int) -> list[dict]:
    """Every state of a random match of ``faction`` (and its mirror) under ``options``."""
    seats = [Seat(0, "Ann", {"units": faction}), Seat(1, "Ben", {"units": faction[::-1]})]
    rnd = random.Random(seed)
    state = ENGINE.initial_state(seats, options, action_rng("s", 0))
    states = [state]
    for seq in range(1, steps + 1):
        picked = random_action(state, rnd)
        if picked is None:
            break
        seat, action = picked
        state = ENGINE.apply(state, seat, action, action_rng("s", seq)).state
        states.append(state)
    return states


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
def test_never_more_than_two_units_of_a_faction_in_a_hexagon(seed, faction, options, steps):
    states = play(seed, faction, options, steps)
    assert all(stacking_ok(s) for s in states)
    assert all(0 <= u["life"] <= 5 for s in states for u in s["units"])


@SETTINGS
@given(st.integers(0, 10**6), FACTION, st.integers(0, 10**6))
def test_a_hidden_set_up_never_shows_in_the_other_seats_view_offers_or_log(
    seed, faction, other_seed
):
    seats = [Seat(0, "Ann", {"units": faction}), Seat(1, "Ben", {"units": faction})]
    state = ENGINE.initial_state(seats, {}, random.Random(seed))
    first = arrangement(state, 0, random.Random(seed))
    second = arrangement(state, 0, random.Random(other_seed))
    a = ENGINE.apply(state, 0, {"type": "setup", "cells": first}, random.Random(1))
    b = ENGINE.apply(state, 0, {"type": "setup", "cells": second}, random.Random(1))
    for viewer in (1, None):
        assert ENGINE.player_view(a.state, viewer) == ENGINE.player_view(b.state, viewer)
        assert ENGINE.legal_actions(a.state, 1) == ENGINE.legal_actions(b.state, 1)
        seen = ENGINE.visible_log(a.events, viewer)
        assert seen == ENGINE.visible_log(b.events, viewer)
        assert not [cell for cell in first if cell in json.dumps(seen)]
    assert ENGINE.player_view(a.state, 0)["my_setup"] == first
