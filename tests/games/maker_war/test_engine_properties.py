"""Properties of the Maker-War table particular to this game, under random play (the
shared harness, ``tests/games/test_random_play.py``, checks replay, JSON, same seed and
secret choices for every game): counters never go negative, the 40 supply cards are
never lost or doubled, no seat ever sees the deck order or the other side's hands, and
every move the table offers is accepted as the page would send it (only a card's
alternate use, whose moment is the player's to judge, may be refused)."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.base import RuleError
from companion.games.maker_war.engine import ENGINE
from companion.games.table import Seat, action_rng
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
    for seat in [None, *range(len(state["names"]))]:
        view = ENGINE.player_view(state, seat)
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


def _judged_by_the_player(action: dict) -> bool:
    """A card's alternate use: the page offers it with every card, its moment is the
    player's call (right after an attack, at the end of the turn...)."""
    return action["type"] == "play-card" and action.get("use") == "effect"


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**16), steps=st.integers(5, 60), drones=st.booleans())
def test_random_play_keeps_every_limit_and_each_offer_stands(seed, steps, drones):
    rnd = random.Random(seed)
    seats = [Seat(0, "Ada", DRONES if drones else TERRAN), Seat(1, "Ben", TERRAN)]
    state = ENGINE.initial_state(seats, {}, action_rng(SEED, 0))
    seq = 0
    for _ in range(steps):
        if ENGINE.is_over(state):
            break
        seat = _seat_to_act(state, rnd)
        options = [
            a
            for a in ENGINE.legal_actions(state, seat)
            if a["type"] != "surrender" or rnd.random() < 0.02
        ]
        if not options:
            continue
        action = complete(state, seat, rnd.choice(options), rnd)
        try:
            out = ENGINE.apply(state, seat, action, action_rng(SEED, seq + 1))
        except RuleError as refused:
            assert _judged_by_the_player(action), (action, refused.errors)
            continue
        seq += 1
        state = out.state
        _check(state)
        assert all(isinstance(e["text"], str) for e in out.events)
