"""Properties of the Maker-War table under random play: the log replays to the same state,
the state survives JSON, counters never go negative, the 40 supply cards are never lost
or doubled, and no seat ever sees the deck order or the other side's hands."""

from __future__ import annotations

import contextlib
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.base import RuleError
from companion.games.maker_war import engine
from companion.games.table import Seat, action_rng, replay
from tests.games.maker_war.random_play import complete
from tests.games.maker_war.table_fixtures import army

TERRAN = army("maker-rifle-company", "maker-rifle-company", "foundry-titan")
DRONES = army("drone-host", "phase-squadron", "seraph-choir")
SEED = "property-table"


def _seat_to_act(state: dict, rnd: random.Random) -> int:
    if state["phase"] == "deploy":
        return state["deploy_turn"]
    if state["phase"] == "battle" and rnd.random() < 0.85:
        return state["turn"]["seat"]
    return rnd.randrange(len(state["names"]))


def _check(state: dict) -> None:
    for f in state["formations"]:
        assert f["impact_tokens"] >= 0 and 0 <= f["terror_tokens"] <= f["impact_tokens"]
        for unit in f["units"]:
            if unit["type"] == "titan":
                assert unit["structure"] >= 0 and unit["shields"] >= 0
    sup = state["supply"]
    assert min(sup["points"]) >= 0 and min(sup["landing"]) >= 0 and min(state["energy"]) >= 0
    total = len(sup["deck"]) + len(sup["discard"]) + sum(len(h) for h in sup["hands"])
    assert total == 40
    assert json.loads(json.dumps(state)) == state
    for seat in [None, *range(len(state["names"]))]:
        view = engine.player_view(state, seat)
        text = json.dumps(view)
        assert "deck" not in view or not isinstance(view.get("deck"), list)
        if len(sup["deck"]) > 1:
            assert json.dumps(sup["deck"]) not in text
        allowed = (
            set()
            if seat is None
            else {
                str(s)
                for s in range(len(state["names"]))
                if state["sides"][s] == state["sides"][seat]
            }
        )
        assert set(view["hands"]) <= allowed
        json.loads(text)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**16), steps=st.integers(5, 60), drones=st.booleans())
def test_random_play_replays_and_keeps_every_limit(seed, steps, drones):
    rnd = random.Random(seed)
    seats = [Seat(0, "Ada", DRONES if drones else TERRAN), Seat(1, "Ben", TERRAN)]
    state = engine.initial_state(seats, {}, action_rng(SEED, 0))
    log = []
    seq = 0
    for _ in range(steps):
        if engine.is_over(state):
            break
        seat = _seat_to_act(state, rnd)
        options = [
            a
            for a in engine.legal_actions(state, seat)
            if a["type"] != "surrender" or rnd.random() < 0.02
        ]
        if not options:
            continue
        action = complete(state, seat, rnd.choice(options), rnd)
        try:
            out = engine.apply(state, seat, action, action_rng(SEED, seq + 1))
        except RuleError:
            continue
        seq += 1
        log.append((seq, seat, action))
        state = out.state
        _check(state)
        assert all(isinstance(e["text"], str) for e in out.events)
    assert replay(engine, seats, {}, SEED, log) == state


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**16))
def test_a_refused_action_changes_nothing(seed):
    seats = [Seat(0, "Ada", TERRAN), Seat(1, "Ben", TERRAN)]
    state = engine.initial_state(seats, {}, action_rng(SEED, 0))
    frozen = json.dumps(state, sort_keys=True)
    for bad in (
        {"type": "deploy", "formation": "s0f0"},
        {"type": "shoot"},
        {"type": "nope"},
        {"type": "terrain", "kind": "fortress"},
        {"type": "impact", "formation": "s0f0", "delta": -seed - 1},
    ):
        with contextlib.suppress(RuleError):
            engine.apply(state, 0, bad, random.Random(seed))
    assert json.dumps(state, sort_keys=True) == frozen
