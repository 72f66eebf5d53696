"""Micro and Macro table engine: whole games and their parts, worked by hand.

Decks here are dealt by ``Scripted``, a random source that never shuffles and rolls the
faces it is given, so every draw and every roll-off below can be followed on paper.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

import pytest

from companion.games.base import RuleError
from companion.games.micro_and_macro import engine
from companion.games.table import Seat


class Scripted(random.Random):
    """Deals decks in list order and rolls the given faces, in order."""

    def __init__(self, faces: Iterable[int] = ()) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def shuffle(self, x: Any) -> None:  # type: ignore[override]
        return None

    def randint(self, a: int, b: int) -> int:
        face = self.faces.pop(0)
        assert a <= face <= b, (face, a, b)
        return face


def deck(faction: str, main: list[tuple[str, int]], buildings: list[tuple[str, int]]) -> dict:
    return {
        "faction": faction,
        "main": [{"card": c, "count": n} for c, n in main],
        "buildings": [{"card": c, "count": n} for c, n in buildings],
    }


KOM_BUILDINGS = [
    ("royal-keep", 1),
    ("barracks", 1),
    ("chapel", 1),
    ("manor", 1),
    ("market-town", 1),
]
BLOOD_BUILDINGS = [("blood-spire", 1), ("graveyard", 1), ("fel-forge", 1), ("sacrificial-pit", 1)]
# Ann's deck, in draw order: 0c0 royal-tax, 0c1 royal-tax, 0c2 shield-wall, 0c3 stone-walls,
# 0c4 stone-walls, 0c5 call-to-arms, 0c6.. mend-the-walls; buildings follow.
KOM = deck(
    "kingdoms-of-men",
    [("royal-tax", 2), ("shield-wall", 1), ("stone-walls", 2), ("call-to-arms", 1),
     ("mend-the-walls", 24)],
    KOM_BUILDINGS,
)  # fmt: skip
BLOOD = deck(
    "bloodmages",
    [("blood-tithe", 5), ("dark-pact", 25)],
    BLOOD_BUILDINGS,
)


def start(
    ann: dict = KOM, ben: dict = BLOOD, priority: tuple[int, int] = (6, 1), **options: Any
) -> dict[str, Any]:
    """A dealt table; the priority roll is ``priority`` (Ann's die, Ben's die)."""
    seats = [Seat(0, "Ann", ann), Seat(1, "Ben", ben)]
    return engine.initial_state(seats, options, Scripted(priority))


def act(state: dict, seat: int | None, action: dict, faces: Iterable[int] = ()) -> dict:
    return engine.apply(state, seat, action, Scripted(faces)).state


def markers(state: dict) -> dict:
    return act(act(state, 0, {"type": "marker"}), 1, {"type": "marker"})


def react_none(state: dict) -> dict:
    return act(state, state["react"]["seat"], {"type": "no-reaction"})


def pass_turn(state: dict) -> dict:
    return react_none(act(state, state["priority"], {"type": "pass"}))


def building(state: dict, seat: int, slug: str) -> dict:
    return next(b for b in state["players"][seat]["buildings"] if b["slug"] == slug)


# --- preparation ----------------------------------------------------------------------------


def test_priority_roll_rerolls_ties_and_the_higher_die_starts():
    state = engine.initial_state(
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


# --- turns, reactions, the resource counter -------------------------------------------------


def test_each_action_opens_a_reaction_and_three_actions_pass_priority():
    state = markers(start())
    state = act(state, 0, {"type": "make-unit", "building": "0c30", "unit": "peasant"})
    assert state["phase"] == "react" and state["react"] == {"seat": 1}
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
    view = engine.player_view(state, 0)
    assert view["units"][0]["profile"]["d"] == "D6"  # D4 one step up
    assert state["players"][0]["resources"] == 0  # 2 - peasant 1 - shield wall 1
    assert state["phase"] == "react"
    state = react_none(state)
    assert state["actions_left"] == 2 and state["priority"] == 1


def test_resources_change_by_hand_but_never_below_zero():
    state = markers(start())
    state = act(state, 1, {"type": "resources", "delta": 4})
    assert state["players"][1]["resources"] == 4
    with pytest.raises(RuleError):
        act(state, 1, {"type": "resources", "delta": -5})
    state = act(state, None, {"type": "resources", "seat": 0, "delta": -2})
    assert state["players"][0]["resources"] == 0
    assert "resources" in engine.DELTA_ACTIONS


# --- buildings, overbuilding, slots ---------------------------------------------------------


def rich(state: dict, seat: int, amount: int = 40) -> dict:
    return act(state, seat, {"type": "resources", "delta": amount})


def test_new_buildings_go_left_and_a_sixth_must_build_over_one():
    state = rich(markers(start(ann=deck("kingdoms-of-men", [("royal-tax", 30)],
                                           [*KOM_BUILDINGS, ("barracks", 1)]))), 0)  # fmt: skip
    for card in ("0c31", "0c32", "0c33"):  # barracks, chapel, manor
        state = react_none(act(state, 0, {"type": "build", "card": card}))
    state = pass_turn(state)  # Ben passes: Ann's turn 3
    state = react_none(act(state, 0, {"type": "build", "card": "0c34"}))  # market town
    names = [b["slug"] for b in state["players"][0]["buildings"]]
    assert names == ["market-town", "manor", "chapel", "barracks", "royal-keep"]
    assert engine.player_view(state, 1)["players"][0]["radius"] == 3.0  # 0.5 + 0.5 x 5
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
    state = act(state, 0, {"type": "build", "card": "0c35", "over": "0c34"})
    assert state["players"][0]["resources"] == money - 5
    assert "over Market Town for 3 + 2" in state["log"][-1]["text"]


def test_upgrade_slots_fill_then_a_new_upgrade_overwrites_and_discards():
    main = [("stone-walls", 3), ("royal-tax", 27)]
    state = rich(markers(start(ann=deck("kingdoms-of-men", main, KOM_BUILDINGS))), 0)
    state = react_none(act(state, 0, {"type": "build", "card": "0c34"}))  # Market Town, 1 slot
    state = react_none(act(state, 0, {"type": "play", "card": "0c0", "building": "0c34"}))
    town = building(state, 0, "market-town")
    assert town["upgrades"] == ["0c0"]
    view = engine.player_view(state, 1)["players"][0]["buildings"][0]
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
    assert engine.player_view(state, 1)["players"][0]["buildings"][-1]["defense_now"] == "D10"


def test_an_upgrade_only_fits_its_buildings():
    main = [("drill-yard", 30)]
    state = rich(markers(start(ann=deck("kingdoms-of-men", main, KOM_BUILDINGS))), 0)
    with pytest.raises(RuleError) as err:
        act(state, 0, {"type": "play", "card": "0c0", "building": "0c30"})
    assert "Barracks" in err.value.errors["building"]
