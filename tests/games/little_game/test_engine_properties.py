"""Properties particular to the little game's engine, over random legal games with
random armies and splits, and random junk.

The shared harness (``tests/games/test_random_play.py``) already checks, for the example
armies, that a replay gives the same state, that states and views survive JSON, that
``apply`` never changes its input and that the same seed gives the same game. Here: the
ten cards are always all accounted for, pressure never goes below 0, no view depends on
the cards it may not know, and junk or out-of-turn actions are refused without a trace.
"""

from __future__ import annotations

from copy import deepcopy
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from companion.games.base import RuleError
from companion.games.little_game.engine import ENGINE
from companion.games.little_game.table import ACTIONS
from companion.games.table import Seat, action_rng
from tests.games.strategies import json_like

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
KINDS = st.sampled_from([[], ["cavalry"], ["ranged"], ["long-ranged"], ["cavalry", "ranged"]])
UNIT = st.fixed_dictionaries(
    {"name": st.sampled_from(["Foot", "Horse", "Bows"]), "quality": st.integers(0, 5),
     "kinds": KINDS, "base": st.just("rectangular")}
)  # fmt: skip
ARMY = st.fixed_dictionaries({"units": st.lists(UNIT, min_size=1, max_size=3)})


@st.composite
def splits(draw: st.DrawFn) -> Any:
    """Evens/odds, or an agreed split with a card or more in each hand."""
    if draw(st.booleans()):
        return "evens-odds"
    cards = draw(st.permutations(range(1, 11)))
    cut = draw(st.integers(1, 9))
    return [sorted(cards[:cut]), sorted(cards[cut:])]


@st.composite
def tables(draw: st.DrawFn) -> tuple[list[Seat], dict[str, Any], str]:
    seats = [Seat(0, "Ann", draw(ARMY)), Seat(1, "Ben", draw(ARMY))]
    return seats, {"split": draw(splits())}, draw(st.text("abc123", min_size=1, max_size=6))


def live_ids(state: dict[str, Any], seat: int) -> list[str]:
    return [u["id"] for u in state["units"][seat] if not u["removed"]]


def fill(data: st.DataObject, state: dict[str, Any], seat: int, template: dict) -> dict:
    """A template made into the player's own choice: some of its units, typed distances,
    any living enemy for a shot, any enemy it touches for an attack."""
    units = template["units"]
    chosen = data.draw(st.lists(st.sampled_from(units), unique=True) if units else st.just([]))
    action = {"type": "act", "action": template["action"], "units": chosen}
    by_id = {u["id"]: u for u in state["units"][seat]}
    if template["action"] == "attack":
        action["targets"] = {
            uid: data.draw(st.sampled_from(by_id[uid]["contacts"])) for uid in chosen
        }
    if template["action"] == "shoot":
        enemies = live_ids(state, 1 - seat)
        action["targets"] = {uid: data.draw(st.sampled_from(enemies)) for uid in chosen}
        inches = st.integers(0, 24) | st.sampled_from([0.5, 2.5, 7.25, 30.0])
        action["distances"] = {uid: data.draw(inches) for uid in chosen}
    return action


def hide_other(state: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """The state with what ``seat`` may not know replaced by other cards of the same count."""
    other = deepcopy(state)
    for s in (0, 1):
        if s == seat:
            continue
        other["hands"][s] = [100 + n for n in range(len(other["hands"][s]))]
        if other["chosen"][s] is not None:
            other["chosen"][s] = 99
    return other


def check(state: dict[str, Any]) -> None:
    """Invariants of every state: cards all accounted for, no negative pressure, and
    views that never depend on what their seat may not know."""
    held = sum(len(hand) for hand in state["hands"])
    chosen = sum(card is not None for card in state["chosen"])
    out = 2 if state["phase"] == "act" else chosen  # cards face up until they pass
    assert held + out == 10
    assert all(u["pressure"] >= 0 for units in state["units"] for u in units)
    for seat in (0, 1, None):
        view = ENGINE.player_view(state, seat)
        assert view == ENGINE.player_view(hide_other(state, seat), seat)
        if seat is not None:
            assert view["hand"] == state["hands"][seat]
            assert "hands" not in view


def next_action(data: st.DataObject, state: dict[str, Any]) -> tuple[int | None, dict]:
    """A legal step: mostly the game's flow, sometimes a table fact."""
    flow = [
        (seat, action)
        for seat in (0, 1)
        for action in ENGINE.legal_actions(state, seat)
        if action["type"] in ("play", "act")
    ]
    side = [
        (seat, action)
        for seat in (0, 1, None)
        for action in ENGINE.legal_actions(state, seat)
        if action["type"] in ("contact", "adjust")
    ]
    if flow and (not side or data.draw(st.integers(0, 9)) >= 3):
        seat, template = data.draw(st.sampled_from(flow))
        if template["type"] == "act":
            return seat, fill(data, state, seat, template)  # type: ignore[arg-type]
        return seat, template
    return data.draw(st.sampled_from(side))


@settings(SETTINGS, max_examples=40)
@given(table=tables(), data=st.data())
def test_random_legal_games_keep_their_invariants(table, data) -> None:
    seats, options, seed = table
    state = ENGINE.initial_state(seats, options, action_rng(seed, 0))
    check(state)
    events = []
    for seq in range(1, 90):
        if ENGINE.is_over(state):
            assert ENGINE.legal_actions(state, 0) == []
            break
        seat, action = next_action(data, state)
        outcome = ENGINE.apply(state, seat, action, action_rng(seed, seq))
        assert all(event["text"] and event["type"] for event in outcome.events)
        state = outcome.state
        check(state)
        events += outcome.events
    event(f"phase at the end: {state['phase']}")
    event(f"steal happened: {any(e['type'] == 'steal' for e in events)}")


ACTION_TYPES = ["play", "act", "contact", "adjust", "concede"]
KEYS = ["type", "card", "action", "units", "targets", "distances", "unit", "enemy", "delta"]
WORDS = [*ACTION_TYPES, *ACTIONS, "0-0", "0-1", "1-0", "1-1", "9-9"]


@st.composite
def junk_actions(draw: st.DrawFn) -> Any:
    """Nearly right actions with wrong parts, and plain junk."""
    if draw(st.booleans()):
        return draw(json_like(WORDS, KEYS))
    action = {"type": draw(st.sampled_from(ACTION_TYPES))}
    for key in draw(st.lists(st.sampled_from(KEYS[1:]), unique=True, max_size=5)):
        action[key] = draw(
            st.integers(-3, 12) | st.sampled_from(WORDS) | st.none() | json_like(WORDS, KEYS)
        )
    return action


@SETTINGS
@given(table=tables(), data=st.data(), junk=st.lists(junk_actions(), min_size=1, max_size=8))
def test_any_action_is_applied_or_refused_with_no_trace(table, data, junk) -> None:
    seats, options, seed = table
    state = ENGINE.initial_state(seats, options, action_rng(seed, 0))
    for seq, action in enumerate(junk, start=1):
        if ENGINE.is_over(state):
            break
        # Walk a little into the game so junk meets every phase.
        for _ in range(data.draw(st.integers(0, 4))):
            if ENGINE.is_over(state):
                break
            seat, legal = next_action(data, state)
            state = ENGINE.apply(state, seat, legal, action_rng(seed, seq)).state
        seat = data.draw(st.sampled_from([0, 1, None]))
        before = deepcopy(state)
        try:
            state = ENGINE.apply(state, seat, action, action_rng(seed, seq)).state
        except RuleError as error:
            assert error.errors
            assert state == before
        else:
            check(state)


@SETTINGS
@given(table=tables(), data=st.data())
def test_cards_outside_the_hand_and_turns_out_of_order_are_refused(table, data) -> None:
    seats, options, seed = table
    state = ENGINE.initial_state(seats, options, action_rng(seed, 0))
    for seq in range(1, 40):
        if ENGINE.is_over(state):
            break
        for seat in (0, 1):
            before = deepcopy(state)
            missing = [c for c in range(1, 11) if c not in state["hands"][seat]]
            choosing = state["phase"] in ("play-card", "break-card")
            if missing or not choosing or state["chosen"][seat] is not None:
                card = missing[0] if missing else state["hands"][seat][0]
                try:
                    ENGINE.apply(state, seat, {"type": "play", "card": card}, action_rng(seed, 0))
                except RuleError:
                    assert state == before
                else:
                    raise AssertionError("a card outside the hand was played")
            if state["to_act"] != seat:
                action = {"type": "act", "action": "shift", "units": []}
                try:
                    ENGINE.apply(state, seat, action, action_rng(seed, 0))
                except RuleError:
                    assert state == before
                else:
                    raise AssertionError("acted out of turn")
        seat, action = next_action(data, state)
        state = ENGINE.apply(state, seat, action, action_rng(seed, seq)).state
