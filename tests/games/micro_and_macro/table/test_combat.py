"""Attacks on units and bases, and the strikes offered back, worked by hand."""

from __future__ import annotations

import random

import pytest

from companion.games.base import RuleError
from companion.games.micro_and_macro.engine import ENGINE
from tests.games.micro_and_macro.table.fixtures import (
    BEN,
    HIT,
    KOM,
    KOM_BUILDINGS,
    act,
    building,
    deck,
    markers,
    pass_turn,
    react_none,
    rich,
    skirmish,
    start,
)


def test_persistence_of_the_undead_halves_damage_on_a_five_or_six():
    state = skirmish()  # Ann's turn 3
    state = act(state, 0, {"type": "command", "unit": "u1"})
    # Hit (13 against 1): 2 damage; the skeleton rolls 5: half of 2 = 1.
    state = act(state, 0, {"type": "attack", "target": "u2", "faces": HIT}, faces=[5])
    assert state["units"][1]["lp"] == 3
    # Again: rolls 4, full 2 damage.
    state = act(state, 0, {"type": "attack", "target": "u2", "faces": HIT}, faces=[4])
    assert state["units"][1]["lp"] == 1
    assert state["phase"] == "react"  # two unit-actions end the command


def test_felsword_heals_and_infectious_bite_is_not_there_without_the_spell():
    state = skirmish()
    state = pass_turn(state)  # Ann passes; Ben's turn 4
    state = react_none(act(state, 1, {"type": "play", "card": "1c1", "building": "1c31"}))
    skeleton = state["units"][1]
    assert ENGINE.player_view(state, 1)["units"][1]["weapon_name"] == "Felsword"
    skeleton["lp"] = 2  # hurt earlier (a test shortcut on a copy)
    state = act(state, 1, {"type": "command", "unit": "u2"})
    state = act(state, 1, {"type": "attack", "target": "u1",
                           "faces": {"attacker": [4], "defender": [1]}})  # fmt: skip
    peasant, skeleton = state["units"]
    assert peasant["lp"] == 5 - 4  # Felsword deals 4
    assert skeleton["lp"] == 3  # and heals 1
    assert peasant["m_loss"] == 0


def test_a_miss_deals_nothing():
    state = skirmish()
    state = act(state, 0, {"type": "command", "unit": "u1"})
    miss = {"attacker": [2], "defender": [5]}
    outcome = ENGINE.apply(state, 0, {"type": "attack", "target": "u2", "faces": miss},
                           random.Random(0))  # fmt: skip
    assert outcome.state["units"][1]["lp"] == 4
    assert "miss" in outcome.events[0]["text"]


def test_an_entrenched_unit_may_strike_a_unit_that_moves_into_range_then_mobilizes():
    state = skirmish()
    state = pass_turn(state)  # Ben's turn 4
    state = act(state, 1, {"type": "command", "unit": "u2"})
    state = act(state, 1, {"type": "entrench"})
    assert state["units"][1]["mode"] == "entrenched"
    state = react_none(act(state, 1, {"type": "end-command"}))
    state = pass_turn(state)  # Ann's turn 5
    state = act(state, 0, {"type": "command", "unit": "u1"})
    state = act(state, 0, {"type": "move"})
    assert state["offers"] == [{"seat": 1, "kind": "interrupt", "units": ["u2"], "targets": ["u1"]}]
    with pytest.raises(RuleError):  # the interrupt comes before anything else
        act(state, 0, {"type": "move"})
    # Skeleton D4 attack: 4 (crit, 11) against the Peasant's D4 defense 2: 2 damage.
    state = act(state, 1, {"type": "respond", "faces": {"attacker": [4], "defender": [2]}})
    assert state["units"][0]["lp"] == 3
    assert state["units"][1]["mode"] == "mobile" and state["offers"] == []
    state = act(state, 0, {"type": "move"})  # Ann's second unit-action
    assert state["phase"] == "react"


def test_entrenched_units_cannot_move():
    state = skirmish()
    state = pass_turn(state)
    state = act(state, 1, {"type": "command", "unit": "u2"})
    state = act(state, 1, {"type": "entrench"})
    with pytest.raises(RuleError):
        act(state, 1, {"type": "move"})


def test_a_dueling_sword_strikes_back_when_attacked():
    main = [("royal-tax", 30)]
    ann = deck("kingdoms-of-men", main, KOM_BUILDINGS)
    state = rich(markers(start(ann=ann, ben=BEN)), 0, 20)
    state = react_none(act(state, 0, {"type": "build", "card": "0c33"}))  # Manor
    state = react_none(act(state, 0, {"type": "make-unit", "building": "0c33",
                                      "unit": "aristocrat"}))  # fmt: skip
    state = pass_turn(state)  # Ann's third action; Ben's turn
    state = rich(state, 1, 10)
    state = react_none(act(state, 1, {"type": "build", "card": "1c31"}))
    state = react_none(act(state, 1, {"type": "make-unit", "building": "1c31",
                                      "unit": "skeleton"}))  # fmt: skip
    state = act(state, 1, {"type": "command", "unit": "u2"})
    # Skeleton D4 against the Aristocrat's D10: 1 against 9, a miss; a strike back is offered.
    state = act(state, 1, {"type": "attack", "target": "u1",
                           "faces": {"attacker": [1], "defender": [9]}})  # fmt: skip
    assert state["offers"] == [{"seat": 0, "kind": "counter", "units": ["u1"], "targets": ["u2"]}]
    # Aristocrat D8 against the skeleton D6: 8 (crit 15) beats 3; the Dueling Sword deals 5.
    state = act(state, 0, {"type": "respond", "faces": {"attacker": [8], "defender": [3]}})
    assert [u["id"] for u in state["units"]] == ["u1"]  # the skeleton (4 LP) is slain
    assert state["phase"] == "react"  # the skeleton was gone: the command ended


def test_a_bow_doubles_its_damage_on_a_crit():
    main = [("archery-butts", 2), ("royal-tax", 28)]
    ann = deck("kingdoms-of-men", main, KOM_BUILDINGS)
    state = rich(markers(start(ann=ann, ben=BEN)), 0, 20)
    state = react_none(act(state, 0, {"type": "build", "card": "0c31"}))  # Barracks
    state = react_none(act(state, 0, {"type": "play", "card": "0c0", "building": "0c31"}))
    state = react_none(act(state, 0, {"type": "make-unit", "building": "0c31",
                                      "unit": "town-guard"}))  # fmt: skip
    state = rich(state, 1, 10)
    state = react_none(act(state, 1, {"type": "build", "card": "1c31"}))
    state = react_none(act(state, 1, {"type": "make-unit", "building": "1c31", "unit": "ghoul"}))
    state = pass_turn(state)  # Ann's turn 3
    state = act(state, 0, {"type": "command", "unit": "u1"})
    state = act(state, 0, {"type": "attack", "target": "u2", "faces": HIT})  # crit: 2 x 1
    assert state["units"][1]["lp"] == 8 - 2
    state = act(state, 0, {"type": "attack", "target": "u2",
                           "faces": {"attacker": [5], "defender": [1]}})  # fmt: skip
    assert state["units"][1]["lp"] == 8 - 3


def test_demonic_leech_is_a_magical_roll_off_with_one_caster():
    state = rich(markers(start(ann=KOM, ben=BEN)), 0, 10)
    state = react_none(act(state, 0, {"type": "make-unit", "building": "0c30", "unit": "peasant"}))
    state = pass_turn(state)
    state = rich(state, 1, 20)
    state = react_none(act(state, 1, {"type": "build", "card": "1c32"}))  # Fel Forge
    state = react_none(act(state, 1, {"type": "play", "card": "1c2", "building": "1c32"}))
    state = react_none(act(state, 1, {"type": "make-unit", "building": "1c32",
                                      "unit": "blood-knight"}))  # fmt: skip
    state = pass_turn(state)
    state["units"][1]["lp"] = 10  # wounded earlier
    state = act(state, 1, {"type": "command", "unit": "u2"})
    with pytest.raises(RuleError):  # a spell it does not know
        act(state, 1, {"type": "attack", "kind": "magical", "spell": "fel-mortar", "target": "u1"})
    # SP D6: 6 (crit 13) against the Peasant's MD D4 1: 8 damage kills it, the knight heals 4.
    state = act(state, 1, {"type": "attack", "kind": "magical", "spell": "demonic-leech",
                           "target": "u1", "faces": HIT})  # fmt: skip
    assert [u["id"] for u in state["units"]] == ["u2"]
    assert state["units"][0]["lp"] == 14


def test_the_left_most_building_takes_the_hit():
    state = rich(markers(start(ann=KOM, ben=BEN)), 0, 1)
    state = react_none(act(state, 0, {"type": "make-unit", "building": "0c30", "unit": "peasant"}))
    state = pass_turn(state)
    state = react_none(act(state, 1, {"type": "build", "card": "1c31"}))  # Graveyard, 6 LP, D6
    state = pass_turn(state)
    state = act(state, 0, {"type": "command", "unit": "u1"})
    state = act(state, 0, {"type": "attack", "target": "base", "faces": HIT})
    state = act(state, 0, {"type": "attack", "target": "base", "faces": HIT})
    assert building(state, 1, "graveyard")["lp"] == 2
    state = react_none(state)
    state = act(state, 0, {"type": "command", "unit": "u1"})
    state = act(state, 0, {"type": "attack", "target": "base", "faces": HIT})
    ben = state["players"][1]
    assert [b["slug"] for b in ben["buildings"]] == ["blood-spire"]  # destroyed, back to pile
    assert "1c31" in ben["pile"]
    assert ENGINE.player_view(state, 0)["players"][1]["radius"] == 1.0
    state = act(state, 0, {"type": "attack", "target": "base", "faces": HIT})
    assert building(state, 1, "blood-spire")["lp"] == 18


def test_a_strike_offered_against_a_unit_that_fell_is_withdrawn():
    state = skirmish()
    state = pass_turn(state)  # Ben's turn 4
    state = act(state, 1, {"type": "command", "unit": "u2"})
    state = act(state, 1, {"type": "entrench"})
    state = react_none(act(state, 1, {"type": "end-command"}))
    state = pass_turn(state)  # Ann's turn 5
    state = act(state, 0, {"type": "command", "unit": "u1"})
    state = act(state, 0, {"type": "move"})
    assert state["offers"][0]["targets"] == ["u1"]
    state = act(state, None, {"type": "lp", "unit": "u1", "delta": -5})  # the peasant falls
    assert state["offers"] == []
    assert state["phase"] == "turn" and state["command"]["units"] == ["u1"]
    assert ENGINE.legal_actions(state, 0)[0] == {"type": "end-command"}
