"""Micro and Macro preparation (2.1): the priority roll, the deal, the markers, the house option."""

from __future__ import annotations

import pytest

from companion.games.base import RuleError
from companion.games.micro_and_macro.engine import ENGINE
from companion.games.table import Seat
from tests.games.micro_and_macro.table.fixtures import (
    BLOOD,
    KOM,
    Scripted,
    act,
    building,
    deal,
    deck,
    markers,
    start,
)


def test_priority_roll_rerolls_ties_and_the_higher_die_starts():
    state = ENGINE.initial_state(
        [Seat(0, "Ann", KOM), Seat(1, "Ben", BLOOD)], {}, Scripted([4, 4, 2, 5])
    )
    assert state["priority_rolls"] == [[4, 4], [2, 5]]
    assert state["priority"] == 1


def test_preparation_deals_five_cards_and_puts_the_main_building_in_play():
    state = start()
    ann, ben = state["players"]
    assert ann["hand"] == ["0c0", "0c1", "0c2", "0c3", "0c4"]
    assert len(ann["deck"]) == 30 - 5
    assert [b["slug"] for b in ann["buildings"]] == ["royal-keep"]
    assert building(state, 0, "royal-keep")["lp"] == 20
    assert len(ann["pile"]) == 4 and len(ben["pile"]) == 3
    assert state["phase"] == "setup" and state["markers"] == [False, False]
    with pytest.raises(RuleError):
        act(state, 0, {"type": "pass"})


def test_the_deal_is_told_by_events_and_the_state_keeps_no_log():
    dealt = deal(priority=(2, 5))
    assert [e["type"] for e in dealt.events] == ["priority", "draw", "draw", "setup"]
    assert dealt.events[0]["text"] == (
        "Priority roll (D6 each, ties re-rolled): 2-5; Ben has the first priority."
    )
    assert [(e["seat"], e["count"]) for e in dealt.events[1:3]] == [(0, 5), (1, 5)]
    assert "log" not in dealt.state and "history" not in dealt.state


def test_each_player_places_one_marker_and_the_second_starts_the_first_turn():
    state = act(start(), 1, {"type": "marker"})
    assert state["markers"] == [False, True] and state["phase"] == "setup"
    with pytest.raises(RuleError) as err:
        act(state, 1, {"type": "marker"})
    assert err.value.errors == {"type": "Your marker is already placed."}
    state = act(state, 0, {"type": "marker"})
    assert state["phase"] == "turn" and state["turn"] == 1
    with pytest.raises(RuleError) as err:
        act(state, 0, {"type": "marker"})
    assert err.value.errors == {"type": "The markers are already placed."}


def test_first_turn_draws_a_card_and_the_main_building_pays_its_income():
    state = markers(start())
    ann = state["players"][0]
    assert state["phase"] == "turn" and state["priority"] == 0 and state["turn"] == 1
    assert len(ann["hand"]) == 6 and ann["hand"][-1] == "0c5"
    assert ann["resources"] == 2  # Royal Keep: at the start of your turn gain 2 resources
    assert state["players"][1]["resources"] == 0
    assert state["actions_left"] == 3


def test_a_deck_without_one_main_building_is_refused():
    bad = deck("kingdoms-of-men", [("royal-tax", 30)], [("barracks", 1)])
    with pytest.raises(RuleError) as err:
        start(ann=bad)
    assert "seats.0.list.buildings" in err.value.errors


def test_house_options_are_checked():
    with pytest.raises(RuleError):
        start(start_resources=-1)
    with pytest.raises(RuleError):
        start(income=3)
    assert [f.name for f in ENGINE.OPTION_FIELDS] == list(ENGINE.OPTIONS)
