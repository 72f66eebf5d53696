"""Invariants of the Micro and Macro table engine over random legal games and junk.

The random-play harness (``tests/games/test_random_play.py``) checks what every engine
shares (replay, JSON, same seed); here: no card lost or made, the limits of a base, and
no card id a seat may not know in its view.
"""

from __future__ import annotations

import json
from copy import deepcopy
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.base import RuleError
from companion.games.micro_and_macro.engine import ENGINE
from companion.games.table import Seat, action_rng
from tests.games.micro_and_macro.table.fixtures import DECKS
from tests.games.strategies import json_like

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def tables(draw: st.DrawFn) -> tuple[list[Seat], dict[str, Any], str]:
    first, second = draw(st.permutations(DECKS))
    seats = [Seat(0, "Ann", first), Seat(1, "Ben", second)]
    options = {"start_resources": draw(st.integers(0, 8))}
    return seats, options, draw(st.text("abc123", min_size=1, max_size=6))


def hidden_ids(state: dict[str, Any], seat: int | None, shown: set[str]) -> set[str]:
    """Card ids ``seat`` may not be sent: every deck, the other player's hand, and the
    buildings in the other's pile that were never in play (``shown``)."""
    ids: set[str] = set()
    for number, player in enumerate(state["players"]):
        ids |= set(player["deck"])
        if number != seat:
            ids |= set(player["hand"]) | (set(player["pile"]) - shown)
    return ids


def check(
    state: dict[str, Any],
    totals: list[int],
    shown: set[str] | None = None,
    events: list[dict[str, Any]] | None = None,
) -> None:
    """The limits and the cards of ``state``; what each seat is sent of it and of
    ``events`` (the log of the move that led to it) names no card it may not know."""
    shown = set() if shown is None else shown
    shown |= {b["id"] for p in state["players"] for b in p["buildings"]}
    for number, player in enumerate(state["players"]):
        assert len(player["buildings"]) <= 5
        assert all(len(b["upgrades"]) <= 3 for b in player["buildings"])
        assert player["resources"] >= 0
        placed = sum(1 + sum(1 for u in b["upgrades"] if u) for b in player["buildings"])
        zones = player["deck"] + player["hand"] + player["discard"] + player["pile"]
        assert len(zones) + placed == totals[number]  # no card lost or made
        assert sum(1 for b in player["buildings"] if b["main"]) <= 1
    for seat in (0, 1, None):
        view = ENGINE.player_view(state, seat)
        text = json.dumps([view, ENGINE.visible_log(events or [], seat)])
        assert "deck" not in {k for p in view["players"] for k in p}
        for card_id in hidden_ids(state, seat, shown):
            assert f'"{card_id}"' not in text, (seat, card_id)


def play(data: st.DataObject, steps: int) -> None:
    seats, options, seed = data.draw(tables())
    dealt = ENGINE.start(seats, options, action_rng(seed, 0))
    state = dealt.state
    totals = [
        len(p["deck"]) + len(p["hand"]) + len(p["pile"]) + len(p["buildings"])
        for p in state["players"]
    ]
    shown: set[str] = set()
    check(state, totals, shown, dealt.events)
    for seq in range(1, steps + 1):
        if ENGINE.is_over(state):
            break
        offered = [
            (seat, action)
            for seat in (0, 1)
            for action in ENGINE.legal_actions(state, seat)
            if action["type"] not in ("concede", "resources")
        ]
        seat, action = data.draw(st.sampled_from(offered))
        outcome = ENGINE.apply(state, seat, action, action_rng(seed, seq))
        state = outcome.state
        check(state, totals, shown, outcome.events)


@SETTINGS
@given(st.data())
def test_random_legal_games_keep_every_limit_and_every_card(data):
    play(data, 60)


JUNK = json_like(
    ["command", "attack", "play", "build", "base", "u1", "0c0", "1c30", "D16", "physical"],
    ["type", "unit", "card", "building", "target", "kind", "spell", "slot", "faces", "delta"],
)
TYPES = st.sampled_from(sorted(ENGINE.MOVES))


@SETTINGS
@given(st.data(), st.integers(0, 30))
def test_junk_actions_are_refused_cleanly_and_change_nothing(data, steps):
    seats = [Seat(0, "Ann", DECKS[0]), Seat(1, "Ben", DECKS[1])]
    state = ENGINE.initial_state(seats, {}, action_rng("x", 0))
    for seq in range(1, steps + 1):  # into the game a little, by legal moves
        offered = [
            (s, a)
            for s in (0, 1)
            for a in ENGINE.legal_actions(state, s)
            if a["type"] not in ("concede", "resources")
        ]
        if not offered:
            break
        seat, action = offered[seq % len(offered)]
        state = ENGINE.apply(state, seat, action, action_rng("x", seq)).state
    before = deepcopy(state)
    junk = data.draw(JUNK)
    action = {**junk, "type": data.draw(TYPES)} if isinstance(junk, dict) else junk
    seat = data.draw(st.sampled_from([0, 1, None, 5]))
    try:
        outcome = ENGINE.apply(state, seat, action, action_rng("x", 999))
    except RuleError:
        pass  # a refusal is a fine answer to junk; what is checked is that nothing changed
    else:
        check(outcome.state, _totals(before))
    assert state == before


def _totals(state: dict[str, Any]) -> list[int]:
    return [
        len(p["deck"] + p["hand"] + p["discard"] + p["pile"])
        + sum(1 + sum(1 for u in b["upgrades"] if u) for b in p["buildings"])
        for p in state["players"]
    ]
