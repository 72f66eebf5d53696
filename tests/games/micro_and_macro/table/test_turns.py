"""Micro and Macro turns (2.2), reactions and the end of the game (2.3), worked by hand."""

from __future__ import annotations

import pytest

from companion.games.base import RuleError
from companion.games.micro_and_macro.engine import ENGINE
from tests.games.micro_and_macro.table.fixtures import (
    BEN,
    BLOOD_BUILDINGS,
    HIT,
    KOM,
    KOM_BUILDINGS,
    Played,
    act,
    building,
    deck,
    markers,
    pass_turn,
    react_none,
    rich,
    start,
)


def test_each_action_opens_a_reaction_and_three_actions_pass_priority():
    state = markers(start())
    state = act(state, 0, {"type": "make-unit", "building": "0c30", "unit": "peasant"})
    assert state["phase"] == "react" and state["react"]["seat"] == 1
    with pytest.raises(RuleError):  # Ann waits for Ben's reaction
        act(state, 0, {"type": "pass"})
    with pytest.raises(RuleError):  # only instants react
        act(state, 1, {"type": "make-unit", "building": "1c30", "unit": "skeleton"})
    state = react_none(state)
    assert state["actions_left"] == 2 and state["players"][0]["resources"] == 1
    state = react_none(act(state, 0, {"type": "play", "card": "0c0"}))  # Royal Tax: +3
    assert state["players"][0]["resources"] == 1 - 1 + 3
    state = react_none(act(state, 0, {"type": "play", "card": "0c1"}))
    assert state["players"][0]["resources"] == 3 - 1 + 3
    assert state["priority"] == 1 and state["turn"] == 2
    assert state["players"][1]["resources"] == 2 and len(state["players"][1]["hand"]) == 6


def test_an_instant_as_a_reaction_costs_no_action_and_is_paid():
    state = markers(start())
    state = act(state, 0, {"type": "make-unit", "building": "0c30", "unit": "peasant"})
    state = react_none(state)
    state = pass_turn(state)  # Ben's turn 2: 2 resources
    state = act(state, 1, {"type": "build", "card": "1c31"})  # Graveyard for 2
    assert state["players"][1]["resources"] == 0
    # Ann reacts: Shield Wall (1) on her peasant.
    state = act(state, 0, {"type": "play", "card": "0c2", "unit": "u1"})
    peasant = state["units"][0]
    assert peasant["buffs"] == [
        {"stat": "d", "steps": 1, "until": ["activates"], "source": "Shield Wall"}
    ]
    view = ENGINE.player_view(state, 0)
    assert view["units"][0]["profile"]["d"] == "D6"  # D4 one step up
    assert state["players"][0]["resources"] == 0  # 2 - peasant 1 - shield wall 1
    assert state["phase"] == "react"
    state = react_none(state)
    assert state["actions_left"] == 2 and state["priority"] == 1


def test_a_game_ends_when_the_main_building_is_destroyed():
    state = rich(markers(start(ann=KOM, ben=BEN)), 0, 1)  # 2 income + 1
    state = react_none(act(state, 0, {"type": "make-unit", "building": "0c30", "unit": "peasant"}))
    for _ in range(2):  # two commands: four hits of 2 on the Blood Spire (D8, 20 LP)
        state = act(state, 0, {"type": "command", "unit": "u1"})
        state = act(state, 0, {"type": "attack", "target": "base", "faces": HIT})
        state = react_none(act(state, 0, {"type": "attack", "target": "base", "faces": HIT}))
    assert building(state, 1, "blood-spire")["lp"] == 12
    state = pass_turn(state)  # Ben passes; Ann's turn 3
    for hits in range(6):
        if hits % 2 == 0:
            state = act(state, 0, {"type": "command", "unit": "u1"})
        state = act(state, 0, {"type": "attack", "target": "base", "faces": HIT})
        if state["phase"] == "react":
            state = react_none(state)
    assert building(state, 1, "blood-spire")["lp"] == 0
    assert state["phase"] == "over" and ENGINE.is_over(state)
    assert state["result"]["winner"] == 0 and "Ben is destroyed" in state["result"]["reason"]
    assert ENGINE.legal_actions(state, 0) == []
    with pytest.raises(RuleError):
        act(state, 1, {"type": "pass"})


def test_a_game_ends_when_an_empty_deck_wears_the_main_building_down():
    ann = deck("kingdoms-of-men", [("royal-tax", 5)], KOM_BUILDINGS)
    ben = deck("bloodmages", [("blood-tithe", 5)], BLOOD_BUILDINGS)
    table = Played.dealt(ann=ann, ben=ben).act(0, {"type": "marker"}).act(1, {"type": "marker"})
    assert building(table.state, 0, "royal-keep")["lp"] == 19  # turn 1: no card to draw
    while table.state["phase"] != "over":
        table.act(table.state["priority"], {"type": "pass"})
        table.act(table.state["react"]["seat"], {"type": "no-reaction"})
    state = table.state
    # Ann takes 1 damage in each of her turns (1, 3, ..., 39), Ben in his (2, ..., 38).
    assert state["turn"] == 39
    assert building(state, 0, "royal-keep")["lp"] == 0
    assert building(state, 1, "blood-spire")["lp"] == 1
    assert state["result"]["winner"] == 1
    assert sum(e["type"] == "out-of-cards" for e in table.events) == 39
    assert table.events[-1]["text"] == "Ben wins: the main building of Ann is destroyed."


def test_a_player_who_can_only_pass_at_the_start_of_a_turn_loses():
    poor = deck("bloodmages", [("mortar-sigil", 30)], [("blood-spire", 1), ("fel-forge", 1)])
    state = markers(start(ann=poor))  # 2 resources: Mortar Sigil 3, Fel Forge 4, Bloodmage 6
    assert state["phase"] == "over"
    assert state["result"] == {"winner": 1, "loser": 0, "reason": "Ann can do nothing but pass"}
    state = markers(start(ann=poor, start_resources=1))  # a house option: 3 resources
    assert state["phase"] == "turn"
    assert {"type": "play", "card": "0c0", "building": "0c30"} in ENGINE.legal_actions(state, 0)


def test_a_player_may_concede_at_any_time():
    state = markers(start())
    state = act(state, 1, {"type": "concede"})
    assert state["result"]["winner"] == 0 and state["phase"] == "over"
