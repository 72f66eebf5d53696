"""What each seat sees of the little game: its own hand and choice, counts of the other's,
and a log of public events that never names a hidden card."""

from __future__ import annotations

import json
from copy import deepcopy

from companion.games.little_game.engine import ENGINE
from tests.games.little_game.table_fixtures import (
    act,
    acting,
    break_ready,
    do,
    play,
    start,
    with_pressure,
)


def test_a_secret_choice_is_no_barrier_and_names_no_card() -> None:
    outcome = do(start(), 0, {"type": "play", "card": 6})
    assert not outcome.is_barrier
    assert "6" not in json.dumps(outcome.events)
    assert ENGINE.player_view(outcome.state, 1)["has_chosen"] == [True, False]
    assert "chosen" not in ENGINE.player_view(outcome.state, None)
    assert ENGINE.player_view(outcome.state, 0)["chosen"] == 6


def test_views_show_own_hand_and_only_counts_of_the_other() -> None:
    state = play(start(), 1, 7)
    ann, ben, public = (ENGINE.player_view(state, s) for s in (0, 1, None))
    assert ann["hand"] == [2, 4, 6, 8, 10] and ann["chosen"] is None
    assert ben["hand"] == [1, 3, 5, 9] and ben["chosen"] == 7
    assert ann["hand_counts"] == ben["hand_counts"] == public["hand_counts"] == [5, 4]
    assert "hand" not in public and "hands" not in ann
    assert ann["revealed"] is None and ann["has_chosen"] == [False, True]
    json.dumps([ann, ben, public])


def test_the_cards_of_a_steal_are_known_to_the_two_players_only() -> None:
    state = break_ready(u1_0=9)
    after = play(play(state, 0, 6), 1, 4)
    cards = after["last_steal"]["cards"]
    assert ENGINE.player_view(after, 0)["last_steal"]["cards"] == cards
    assert ENGINE.player_view(after, 1)["last_steal"]["cards"] == cards
    public = ENGINE.player_view(after, None)["last_steal"]
    assert "cards" not in public and public["count"] == 1


def test_the_state_and_the_views_hold_no_log() -> None:
    state = break_ready()
    assert "log" not in state
    assert all("log" not in ENGINE.player_view(state, seat) for seat in (0, 1, None))


def test_every_seat_reads_every_event_and_no_event_names_a_hidden_card() -> None:
    """A round with a steal: the log is the events in order, the same for the two
    players and the public; a choice is logged without its card, a steal without the
    cards taken."""
    events = []
    state = acting((4, 9))  # the two action choices, then the reveal
    for step in (
        lambda s: act(s, 0, "shift", []),
        lambda s: act(s, 1, "shift", []),
        lambda s: do(s, 0, {"type": "play", "card": 6}),
    ):
        outcome = step(state)
        events += outcome.events
        state = outcome.state
    state = with_pressure(state, u1_0=9)  # Ben's Spearmen break at the next reveal
    last = do(state, 1, {"type": "play", "card": 4}, seed=7)
    events += last.events
    assert [e["type"] for e in events] == [
        *("act", "act", "pass", "chose", "chose", "reveal", "break", "break", "pass", "steal")
    ]
    for seat in (0, 1, None):
        assert ENGINE.visible_log(events, seat) == events
    chose = [e for e in events if e["type"] == "chose"]
    assert chose == [
        {"type": "chose", "seat": 0, "text": "Ann has chosen a card."},
        {"type": "chose", "seat": 1, "text": "Ben has chosen a card."},
    ]
    stolen = last.state["last_steal"]["cards"]
    steal = events[-1]
    assert steal["count"] == len(stolen) == 1 and "cards" not in steal
    assert str(stolen[0]) not in steal["text"]


def test_only_the_public_keys_and_what_the_view_adds_reach_another_seat() -> None:
    """The hands and the chosen cards are not ``PUBLIC``: Ann's view, and the public one,
    are the same whatever Ben holds and chose (counts aside), and a state key nobody
    declared never reaches a device."""
    state = play(start(), 1, 7)
    assert {"hands", "chosen"}.isdisjoint(ENGINE.PUBLIC)
    swapped = deepcopy(state)
    swapped["hands"][1], swapped["chosen"][1] = [1, 3, 5, 7], 9
    swapped["undeclared"] = "a-probe"
    for seat in (0, None):
        view = ENGINE.player_view(swapped, seat)
        assert view == ENGINE.player_view(state, seat)
        assert "hands" not in view and "undeclared" not in view and "a-probe" not in str(view)
    assert ENGINE.player_view(swapped, 1)["hand"] == [1, 3, 5, 7]
