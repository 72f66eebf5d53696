"""Micro and Macro table engine: roll-offs, attacks, and games to their end, by hand."""

from __future__ import annotations

import random

import pytest

from companion.games.base import RuleError
from companion.games.micro_and_macro import engine
from companion.games.micro_and_macro import table_rolloff as rolloff
from tests.games.micro_and_macro.test_engine_game import (
    BLOOD_BUILDINGS,
    KOM,
    KOM_BUILDINGS,
    act,
    building,
    deck,
    markers,
    pass_turn,
    react_none,
    rich,
    start,
)

# Ben's cards: 1c0 Rite of Undeath, 1c1 Cursed Blades, 1c2 Leech Brood, 1c3-1c4 Blood Tithe,
# then Dark Pacts; 1c30 Blood Spire, 1c31 Graveyard, 1c32 Fel Forge, 1c33 Sacrificial Pit.
BEN = deck(
    "bloodmages",
    [("rite-of-undeath", 1), ("cursed-blades", 1), ("leech-brood", 1), ("blood-tithe", 2),
     ("dark-pact", 25)],
    BLOOD_BUILDINGS,
)  # fmt: skip
HIT = {"attacker": [6], "defender": [1]}  # a D6 on its top face (13) against a 1


def rolloff_event(state: dict, seat: int, attacker: str, defender: str, faces: dict) -> dict:
    action = {"type": "rolloff", "attacker_die": attacker, "defender_die": defender}
    return engine.apply(state, seat, {**action, "faces": faces}, random.Random(0)).events[0]


# --- the die ladder -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("die", "faces", "value", "crit"),
    [
        ("D4", [4], 11, True),
        ("D4", [3], 3, False),
        ("D10", [10], 17, True),
        ("D12", [11], 11, False),
        ("D16", [12, 4], 23, True),  # D12 + D4, both on top
        ("D16", [12, 3], 15, False),  # one top face is no crit
        ("D16", [11, 4], 15, False),
        ("D20", [20], 27, True),
        ("D24", [20, 4], 31, True),  # D20 + D4
        ("D24", [20, 1], 21, False),
        ("D24", [1, 4], 5, False),
    ],
)
def test_typed_faces_across_the_ladder(die, faces, value, crit):
    rolled = rolloff.roll(die, random.Random(0), faces)
    assert (rolled["value"], rolled["crit"]) == (value, crit)


def test_the_attacker_needs_a_strictly_higher_value():
    state = markers(start())
    tie = rolloff_event(state, 0, "D6", "D6", {"attacker": [3], "defender": [3]})
    assert not tie["hit"] and "the defender holds" in tie["text"]
    small = rolloff_event(state, 1, "D4", "D20", {"attacker": [4], "defender": [10]})
    assert small["hit"]  # 4 + 7 = 11 beats 10: the crit lets a small unit hit hard
    both = rolloff_event(state, 0, "D16", "D24", {"attacker": [12, 4], "defender": [20, 4]})
    assert (both["attack"]["value"], both["defense"]["value"], both["hit"]) == (23, 31, False)
    assert both["barrier"]


def test_typed_faces_must_match_the_dice():
    state = markers(start())
    with pytest.raises(RuleError):
        rolloff_event(state, 0, "D16", "D6", {"attacker": [12], "defender": [3]})
    with pytest.raises(RuleError):
        rolloff_event(state, 0, "D12", "D6", {"attacker": [13], "defender": [3]})
    with pytest.raises(RuleError):
        rolloff_event(state, 0, "D14", "D6", {})


@pytest.mark.parametrize(("die", "dice"), [("D16", (12, 4)), ("D24", (20, 4))])
def test_seeded_two_dice_steps_crit_only_on_both_top_faces(die, dice):
    crits = 0
    for seed in range(400):
        rolled = rolloff.roll(die, random.Random(seed))
        first, second = rolled["faces"]
        assert 1 <= first <= dice[0] and 1 <= second <= dice[1]
        assert rolled["crit"] == ((first, second) == dice)
        assert rolled["value"] == first + second + (7 if rolled["crit"] else 0)
        crits += rolled["crit"]
    assert crits > 0  # 1 in 48 (D16) or 1 in 80 (D24): 400 seeds see some
    again = [rolloff.roll(die, random.Random(7))["faces"] for _ in range(2)]
    assert again[0] == again[1]  # same seed, same roll


# --- attacks on units -----------------------------------------------------------------------


def skirmish() -> dict:
    """Ann has a Peasant (u1); Ben a Graveyard with Rite of Undeath and a Skeleton (u2).
    Ben's turn 2 has 1 action left."""
    state = rich(markers(start(ann=KOM, ben=BEN)), 0, 10)
    state = react_none(act(state, 0, {"type": "make-unit", "building": "0c30", "unit": "peasant"}))
    state = react_none(act(state, 0, {"type": "play", "card": "0c0"}))
    state = react_none(act(state, 0, {"type": "play", "card": "0c1"}))
    state = rich(state, 1, 10)  # Ben: 2 income + 10
    state = react_none(act(state, 1, {"type": "build", "card": "1c31"}))
    state = react_none(act(state, 1, {"type": "play", "card": "1c0", "building": "1c31"}))
    return react_none(act(state, 1, {"type": "make-unit", "building": "1c31", "unit": "skeleton"}))


def test_units_show_their_current_dice_with_upgrades_applied():
    state = skirmish()
    view = engine.player_view(state, 0)
    peasant, skeleton = view["units"]
    assert (peasant["profile"]["a"], peasant["profile"]["d"], peasant["lp"]) == ("D6", "D4", 5)
    assert peasant["weapon_name"] == "Rusty Sword" and peasant["weapon_damage"] == 2
    assert "persistence-of-the-undead" in skeleton["profile"]["spells"]  # the Rite's gift
    assert skeleton["profile"]["d"] == "D6" and skeleton["lp"] == 4


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
    assert engine.player_view(state, 1)["units"][1]["weapon_name"] == "Felsword"
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
    outcome = engine.apply(state, 0, {"type": "attack", "target": "u2", "faces": miss},
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


def test_groups_take_one_kind_and_mobstrength_needs_four():
    state = rich(markers(start(ann=KOM, ben=BEN)), 0, 20)
    for _ in range(3):
        state = react_none(act(state, 0, {"type": "make-unit", "building": "0c30",
                                          "unit": "peasant"}))  # fmt: skip
    state = pass_turn(state)
    state = react_none(act(state, 0, {"type": "make-unit", "building": "0c30", "unit": "peasant"}))
    state = act(state, 0, {"type": "group", "units": ["u1", "u2", "u3"]})
    assert engine.player_view(state, 1)["units"][0]["profile"]["a"] == "D6"
    state = act(state, 0, {"type": "group", "units": ["u1", "u2", "u3", "u4"]})
    view = engine.player_view(state, 1)["units"][0]["profile"]
    assert (view["a"], view["d"], view["why"]) == ("D8", "D6", ["Mobstrength"])
    state = act(state, 0, {"type": "command", "unit": "u1"})
    assert state["command"]["units"] == ["u1", "u2", "u3", "u4"]
    state = act(state, 0, {"type": "attack", "target": "base",
                           "faces": HIT})  # fmt: skip  # each of the four strikes
    assert building(state, 1, "blood-spire")["lp"] == 20 - 4 * 2


def test_auras_the_players_measure_raise_the_dice():
    state = rich(markers(start(ann=KOM, ben=BEN)), 0, 20)
    state = react_none(act(state, 0, {"type": "build", "card": "0c32"}))  # Chapel
    state = react_none(act(state, 0, {"type": "make-unit", "building": "0c32", "unit": "cleric"}))
    with pytest.raises(RuleError):  # nobody else has Inspiring Aura: the cleric has no peasant
        act(state, 0, {"type": "aura", "unit": "u1", "spell": "inspiring-aura"})
    state = react_none(act(state, 0, {"type": "make-unit", "building": "0c30", "unit": "peasant"}))
    state = act(state, 0, {"type": "aura", "unit": "u2", "spell": "inspiring-aura"})
    assert engine.player_view(state, 0)["units"][1]["profile"]["md"] == "D6"
    state = act(state, 0, {"type": "aura", "unit": "u2", "spell": "inspiring-aura", "on": False})
    assert engine.player_view(state, 0)["units"][1]["profile"]["md"] == "D4"


# --- the end of the game --------------------------------------------------------------------


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
    assert state["phase"] == "over" and engine.is_over(state)
    assert state["result"]["winner"] == 0 and "Ben is destroyed" in state["result"]["reason"]
    assert engine.legal_actions(state, 0) == []
    with pytest.raises(RuleError):
        act(state, 1, {"type": "pass"})


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
    assert engine.player_view(state, 0)["players"][1]["radius"] == 1.0
    state = act(state, 0, {"type": "attack", "target": "base", "faces": HIT})
    assert building(state, 1, "blood-spire")["lp"] == 18


def test_a_game_ends_when_an_empty_deck_wears_the_main_building_down():
    ann = deck("kingdoms-of-men", [("royal-tax", 5)], KOM_BUILDINGS)
    ben = deck("bloodmages", [("blood-tithe", 5)], BLOOD_BUILDINGS)
    state = markers(start(ann=ann, ben=ben))
    assert building(state, 0, "royal-keep")["lp"] == 19  # turn 1: no card to draw
    while state["phase"] != "over":
        state = pass_turn(state)
    # Ann takes 1 damage in each of her turns (1, 3, ..., 39), Ben in his (2, ..., 38).
    assert state["turn"] == 39
    assert building(state, 0, "royal-keep")["lp"] == 0
    assert building(state, 1, "blood-spire")["lp"] == 1
    assert state["result"]["winner"] == 1
    assert sum(e["type"] == "out-of-cards" for e in state["log"]) == 39


def test_a_player_who_can_only_pass_at_the_start_of_a_turn_loses():
    poor = deck("bloodmages", [("mortar-sigil", 30)], [("blood-spire", 1), ("fel-forge", 1)])
    state = markers(start(ann=poor))  # 2 resources: Mortar Sigil 3, Fel Forge 4, Bloodmage 6
    assert state["phase"] == "over"
    assert state["result"] == {"winner": 1, "loser": 0, "reason": "Ann can do nothing but pass"}
    state = markers(start(ann=poor, start_resources=1))  # a house option: 3 resources
    assert state["phase"] == "turn"
    assert {"type": "play", "card": "0c0", "building": "0c30"} in engine.legal_actions(state, 0)


def test_a_player_may_concede_at_any_time():
    state = markers(start())
    state = act(state, 1, {"type": "concede"})
    assert state["result"]["winner"] == 0 and state["phase"] == "over"


def test_house_options_are_checked():
    with pytest.raises(RuleError):
        start(start_resources=-1)
    with pytest.raises(RuleError):
        start(income=3)
    assert [f.name for f in engine.OPTION_FIELDS] == list(engine.OPTIONS)


def test_lp_corrections_by_hand_cap_at_the_printed_lp_and_can_end_the_game():
    state = skirmish()
    state = act(state, None, {"type": "lp", "unit": "u2", "delta": -1})
    assert state["units"][1]["lp"] == 3
    state = act(state, 1, {"type": "lp", "unit": "u2", "delta": 5})
    assert state["units"][1]["lp"] == 4  # never above the Skeleton's 4
    state = act(state, 0, {"type": "lp", "unit": "u2", "delta": -4})
    assert [u["id"] for u in state["units"]] == ["u1"]
    state = act(state, 0, {"type": "lp", "building": "1c31", "delta": -6})
    assert "1c31" in state["players"][1]["pile"]  # the Graveyard is destroyed
    with pytest.raises(RuleError):
        act(state, 0, {"type": "lp", "building": "1c31", "delta": -1})
    state = act(state, 0, {"type": "lp", "building": "1c30", "delta": -20})
    assert state["result"]["winner"] == 0 and state["phase"] == "over"


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
    assert engine.legal_actions(state, 0)[0] == {"type": "end-command"}
