"""The macro game at the table: buildings left to right, overbuilding, upgrade slots."""

from __future__ import annotations

import pytest

from companion.games.base import RuleError
from companion.games.micro_and_macro.engine import ENGINE
from tests.games.micro_and_macro.table.fixtures import (
    KOM_BUILDINGS,
    act,
    building,
    deck,
    markers,
    outcome,
    pass_turn,
    react_none,
    rich,
    start,
)


def test_new_buildings_go_left_and_a_sixth_must_build_over_one():
    state = rich(markers(start(ann=deck("kingdoms-of-men", [("royal-tax", 30)],
                                           [*KOM_BUILDINGS, ("barracks", 1)]))), 0)  # fmt: skip
    for card in ("0c31", "0c32", "0c33"):  # barracks, chapel, manor
        state = react_none(act(state, 0, {"type": "build", "card": card}))
    state = pass_turn(state)  # Ben passes: Ann's turn 3
    state = react_none(act(state, 0, {"type": "build", "card": "0c34"}))  # market town
    names = [b["slug"] for b in state["players"][0]["buildings"]]
    assert names == ["market-town", "manor", "chapel", "barracks", "royal-keep"]
    assert ENGINE.player_view(state, 1)["players"][0]["radius"] == 3.0  # 0.5 + 0.5 x 5
    money = state["players"][0]["resources"]
    with pytest.raises(RuleError) as err:
        act(state, 0, {"type": "build", "card": "0c35"})  # a second Barracks, no room
    assert "over" in err.value.errors
    with pytest.raises(RuleError):
        act(state, 0, {"type": "build", "card": "0c35", "over": "0c30"})  # never the keep
    # Barracks (3) over Manor (4): 3 + half of 4 = 5.
    state = act(state, 0, {"type": "build", "card": "0c35", "over": "0c33"})
    player = state["players"][0]
    assert player["resources"] == money - 5
    assert [b["slug"] for b in player["buildings"]] == [
        "market-town", "barracks", "chapel", "barracks", "royal-keep"
    ]  # fmt: skip
    assert "0c33" in player["pile"]


def test_overbuilding_rounds_half_the_old_cost_up():
    buildings = [*KOM_BUILDINGS, ("chapel", 1)]
    state = rich(markers(start(ann=deck("kingdoms-of-men", [("royal-tax", 30)], buildings))), 0)
    for card in ("0c31", "0c33", "0c34"):  # barracks 3, manor 4, market town 3
        state = react_none(act(state, 0, {"type": "build", "card": card}))
    state = pass_turn(state)  # Ben passes: Ann's turn 3
    state = react_none(act(state, 0, {"type": "build", "card": "0c32"}))  # chapel 3: five
    money = state["players"][0]["resources"]
    # The second Chapel (3) over Market Town (3): 3 + 1.5 rounded up = 5.
    built = outcome(state, 0, {"type": "build", "card": "0c35", "over": "0c34"})
    assert built.state["players"][0]["resources"] == money - 5
    assert "over Market Town for 3 + 2" in built.events[-1]["text"]


def test_upgrade_slots_fill_then_a_new_upgrade_overwrites_and_discards():
    main = [("stone-walls", 3), ("royal-tax", 27)]
    state = rich(markers(start(ann=deck("kingdoms-of-men", main, KOM_BUILDINGS))), 0)
    state = react_none(act(state, 0, {"type": "build", "card": "0c34"}))  # Market Town, 1 slot
    state = react_none(act(state, 0, {"type": "play", "card": "0c0", "building": "0c34"}))
    town = building(state, 0, "market-town")
    assert town["upgrades"] == ["0c0"]
    view = ENGINE.player_view(state, 1)["players"][0]["buildings"][0]
    assert view["defense_now"] == "D6"  # D4 and Stone Walls
    state = react_none(act(state, 0, {"type": "play", "card": "0c1", "building": "0c34",
                                      "slot": 0}))  # fmt: skip
    assert building(state, 0, "market-town")["upgrades"] == ["0c1"]
    assert state["players"][0]["discard"] == ["0c0"]
    state = pass_turn(state)  # Ben passes: Ann's turn 3
    with pytest.raises(RuleError) as err:  # a slot the building does not have
        act(state, 0, {"type": "play", "card": "0c2", "building": "0c34", "slot": 1})
    assert "slot" in err.value.errors
    state = react_none(act(state, 0, {"type": "play", "card": "0c2", "building": "0c30"}))
    keep = building(state, 0, "royal-keep")
    assert keep["upgrades"] == ["0c2", None, None]
    assert ENGINE.player_view(state, 1)["players"][0]["buildings"][-1]["defense_now"] == "D10"


def test_an_upgrade_only_fits_its_buildings():
    main = [("drill-yard", 30)]
    state = rich(markers(start(ann=deck("kingdoms-of-men", main, KOM_BUILDINGS))), 0)
    with pytest.raises(RuleError) as err:
        act(state, 0, {"type": "play", "card": "0c0", "building": "0c30"})
    assert "Barracks" in err.value.errors["building"]
