"""Units' current dice: upgrades, groups (Mobstrength) and auras the players measure."""

from __future__ import annotations

import pytest

from companion.games.base import RuleError
from companion.games.micro_and_macro.engine import ENGINE
from tests.games.micro_and_macro.table.fixtures import (
    BEN,
    HIT,
    KOM,
    act,
    building,
    markers,
    pass_turn,
    react_none,
    rich,
    skirmish,
    start,
)


def test_units_show_their_current_dice_with_upgrades_applied():
    state = skirmish()
    view = ENGINE.player_view(state, 0)
    peasant, skeleton = view["units"]
    assert (peasant["profile"]["a"], peasant["profile"]["d"], peasant["lp"]) == ("D6", "D4", 5)
    assert peasant["weapon_name"] == "Rusty Sword" and peasant["weapon_damage"] == 2
    assert "persistence-of-the-undead" in skeleton["profile"]["spells"]  # the Rite's gift
    assert skeleton["profile"]["d"] == "D6" and skeleton["lp"] == 4


def test_groups_take_one_kind_and_mobstrength_needs_four():
    state = rich(markers(start(ann=KOM, ben=BEN)), 0, 20)
    for _ in range(3):
        state = react_none(act(state, 0, {"type": "make-unit", "building": "0c30",
                                          "unit": "peasant"}))  # fmt: skip
    state = pass_turn(state)
    state = react_none(act(state, 0, {"type": "make-unit", "building": "0c30", "unit": "peasant"}))
    state = act(state, 0, {"type": "group", "units": ["u1", "u2", "u3"]})
    assert ENGINE.player_view(state, 1)["units"][0]["profile"]["a"] == "D6"
    state = act(state, 0, {"type": "group", "units": ["u1", "u2", "u3", "u4"]})
    view = ENGINE.player_view(state, 1)["units"][0]["profile"]
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
    assert ENGINE.player_view(state, 0)["units"][1]["profile"]["md"] == "D6"
    state = act(state, 0, {"type": "aura", "unit": "u2", "spell": "inspiring-aura", "on": False})
    assert ENGINE.player_view(state, 0)["units"][1]["profile"]["md"] == "D4"
