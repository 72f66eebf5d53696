"""Properties particular to the Missiles & Microchips referee, over random legal games:
energy stays at 0 or more, every round ends legal (RULINGS.md) with its energies kept for
the chart, no view leaks another seat's face-down cards (whatever they are), and refused
near-miss actions change nothing. What every engine shares (replay equals state, JSON round
trips, same seed same game) is checked by ``tests/games/test_random_play.py``."""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.base import RuleError
from companion.games.missiles_and_microchips.engine import ENGINE
from companion.games.table import Seat, action_rng
from tests.games.strategies import json_like

MAX_STEPS = 120
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def round_is_legal(state: Mapping[str, Any]) -> None:
    """RULINGS.md: no negative energy, the dead hold no cards, one living start player."""
    players = state["players"]
    assert all(p["energy"] >= 0 for p in players)
    assert all(p["choice"] is None and p["decision"] is None for p in players)
    living = [p["seat"] for p in players if p["alive"]]
    if living:
        assert state["start"] in living
    else:
        assert ENGINE.is_over(state) and state["start"] is None
    if not ENGINE.is_over(state):
        assert len(living) >= 2 and state["phase"] == "choose"
        assert state["duel"] == (len(living) == 2)


def hide_others(state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    """The same state with every other seat's still-hidden card swapped for another."""
    other = copy.deepcopy(dict(state))
    for player in other["players"]:
        choice = player["choice"]
        if player["seat"] == seat or choice is None:
            continue
        choice["action"] = {"attack": "block", "block": "charge", "charge": "attack"}[
            choice["action"]
        ]
        if state["phase"] == "choose":
            choice["target"] = -1 - choice["target"]  # targets are still face down
    return other


def check_views(state: Mapping[str, Any]) -> None:
    for seat in [None, *range(len(state["players"]))]:
        view = ENGINE.player_view(state, seat)
        assert dump(view) == dump(ENGINE.player_view(hide_others(state, seat), seat))
        for player in view["players"]:
            assert ("choice" in player) == (player["seat"] == seat)
        json.loads(json.dumps(view))


@st.composite
def games(draw: st.DrawFn) -> dict[str, Any]:
    """A table (3-6 seats, options, seed) and a random legal action log."""
    count = draw(st.integers(3, 6))
    options = {
        "more_than_10": draw(st.booleans()),
        "start_player": draw(st.sampled_from(["first", "random", *range(count)])),
    }
    seed = draw(st.text("0123456789abcdef", min_size=1, max_size=6))
    seats = [Seat(i, f"Player {i}") for i in range(count)]
    state = ENGINE.initial_state(seats, options, action_rng(seed, 0))
    log = []
    host_rate = draw(st.sampled_from([0, 10]))
    for seq in range(1, MAX_STEPS + 1):
        if ENGINE.is_over(state):
            break
        moves = [(s, a) for s in range(count) for a in ENGINE.legal_actions(state, s)]
        if host_rate and draw(st.integers(0, host_rate)) == 0:
            moves = [(None, a) for a in ENGINE.legal_actions(state, None)]
        seat, action = draw(st.sampled_from(moves))
        state = ENGINE.apply(state, seat, action, action_rng(seed, seq)).state
        log.append((seq, seat, action))
    return {"seats": seats, "options": options, "seed": seed, "log": log}


def states(game: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The state before the first action and after each one, applied step by step."""
    state = ENGINE.initial_state(game["seats"], game["options"], action_rng(game["seed"], 0))
    found = [state]
    for seq, seat, action in game["log"]:
        state = ENGINE.apply(state, seat, action, action_rng(game["seed"], seq)).state
        found.append(state)
    return found


@SETTINGS
@given(games())
def test_energy_never_negative_and_every_round_ends_legal(game):
    previous, *rest = states(game)
    round_is_legal(previous)
    for state in rest:
        assert all(p["energy"] >= 0 for p in state["players"])
        assert all(p["choice"] is None for p in state["players"] if not p["alive"])
        if state["round"] != previous["round"] or ENGINE.is_over(state) != ENGINE.is_over(previous):
            round_is_legal(state)
        # Round 0 plus every finished round; the last round is finished once it is over.
        assert len(state["energy_by_round"]) == state["round"] + ENGINE.is_over(state)
        previous = state
    # The state keeps no log: it stays small however long the game.
    assert len(json.dumps(previous)) < 10_000


@settings(SETTINGS, max_examples=30)
@given(games())
def test_views_never_leak_face_down_cards(game):
    for state in states(game):
        check_views(state)


ACTION_KEYS = ["type", "target", "action", "seat", "delta"]
WORDS = ["choose", "change", "pass", "adjust", "attack", "block", "charge", "dance"]
near_misses = st.fixed_dictionaries(
    {"type": st.sampled_from(WORDS)},
    optional={
        "target": st.integers(-2, 7) | st.booleans() | st.none(),
        "action": st.sampled_from(WORDS) | st.none(),
        "seat": st.integers(-2, 7) | st.none(),
        "delta": st.integers(-8, 8) | st.floats(-2, 2) | st.booleans(),
    },
)


@SETTINGS
@given(
    games(),
    st.data(),
)
def test_refused_actions_leave_the_state_unchanged(game, data):
    for state in data.draw(st.lists(st.sampled_from(states(game)), min_size=1, max_size=5)):
        before = dump(state)
        seat = data.draw(st.none() | st.integers(-1, 7) | st.sampled_from(["0", True]))
        action = data.draw(near_misses | json_like(WORDS, ACTION_KEYS))
        try:
            outcome = ENGINE.apply(state, seat, action, action_rng("x", 1))
        except RuleError as error:
            assert error.errors
        else:
            json.loads(json.dumps(outcome.state))
            assert all(isinstance(e.get("text"), str) for e in outcome.events)
        assert dump(state) == before
