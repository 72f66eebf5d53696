"""Smalltricks at the table: scenarios worked by hand from the rules text and RULINGS.md.

Board facts used below (flat-top, even columns half a hex toward row 6): C2-C3-C4 is a
straight line up column C; D4 touches C4; B5 touches C6 and A6; F3 touches F2, which
touches F1. Seat 0 holds rows 1-3 (castle row 1), seat 1 rows 4-6 (castle row 6).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from copy import deepcopy
from typing import Any

import pytest

from companion.games.base import RuleError
from companion.games.smalltricks import engine
from companion.games.smalltricks.build_rules import EXAMPLE
from companion.games.smalltricks.table_setup import new_units
from companion.games.table import Seat

ALL_TYPES = ["archers", "cannons", "mounted", "assault-beasts", "spears", "battery-ram"]
RNG = random.Random(7)


def seats(units: list[str] | None = None) -> list[Seat]:
    body = {**EXAMPLE, "units": units or list(EXAMPLE["units"])}
    return [Seat(0, "Ann", body), Seat(1, "Ben", body)]


def board_state(
    placed: list[tuple[int, str, str]],
    options: Mapping[str, Any] | None = None,
    first: int = 0,
) -> dict[str, Any]:
    """A game at round 1, faction turn of ``first``, with exactly ``placed`` units
    ((seat, unit type, cell)) on the board: a hand-built position for a scenario."""
    state = engine.initial_state(seats(), options or {}, random.Random(1))
    types: list[list[str]] = [[], []]
    for seat, slug, _cell in placed:
        types[seat].append(slug)
    units = new_units(types)
    cells = {0: [c for s, _t, c in placed if s == 0], 1: [c for s, _t, c in placed if s == 1]}
    for unit in units:
        unit["cell"] = cells[unit["seat"]][int(unit["id"].split("-")[1])]
    state.update(units=units, phase="turn", round=1, first=first, active=first)
    state["setup"] = [[], []]
    return state


def act(state: Mapping[str, Any], seat: int, action: dict[str, Any]) -> dict[str, Any]:
    return engine.apply(state, seat, action, RNG).state


def end_turns(state: Mapping[str, Any]) -> dict[str, Any]:
    """Both factions leave every unit where it is; the resolution turn runs."""
    first = state["first"]
    state = act(state, first, {"type": "end-turn"})
    if state["phase"] == "turn" and state["active"] == 1 - first:  # else it had no units
        state = act(state, 1 - first, {"type": "end-turn"})
    return state


def unit(state: Mapping[str, Any], unit_id: str) -> dict[str, Any]:
    return next(u for u in state["units"] if u["id"] == unit_id)


# --- Charge and Counter Charge ---------------------------------------------------------


def test_charge_after_two_hexagons_hits_the_unit_it_engages():
    state = board_state([(0, "mounted", "C2"), (1, "archers", "C4")])
    state = act(state, 0, {"type": "move", "unit": "0-0", "path": ["C3", "C4"]})
    assert unit(state, "1-0")["life"] == 3  # 5 - 2
    assert unit(state, "0-0")["life"] == 5


def test_a_charge_into_spears_is_countered_and_the_rider_takes_the_damage():
    state = board_state([(0, "mounted", "C2"), (1, "spears", "C4")])
    state = act(state, 0, {"type": "move", "unit": "0-0", "path": ["C3", "C4"]})
    assert unit(state, "0-0")["life"] == 3
    assert unit(state, "1-0")["life"] == 5
    assert "Counter Charge" in state["log"][-1]["text"]


def test_a_one_hexagon_move_into_an_enemy_is_no_charge():
    state = board_state([(0, "mounted", "C3"), (1, "archers", "C4")])
    state = act(state, 0, {"type": "move", "unit": "0-0", "path": ["C4"]})
    assert unit(state, "1-0")["life"] == 5


@pytest.mark.parametrize(("reach", "archers_life", "rider_life"), [
    ("same-hexagon", 3, 5), ("within-range-1", 5, 3),
])  # fmt: skip
def test_counter_charge_range_option(reach, archers_life, rider_life):
    """Spears in D4 touch the charged C4: they counter only under the range-1 option."""
    state = board_state(
        [(0, "mounted", "C2"), (1, "archers", "C4"), (1, "spears", "D4")],
        {"counter_charge_range": reach},
    )
    state = act(state, 0, {"type": "move", "unit": "0-0", "path": ["C3", "C4"]})
    assert unit(state, "1-0")["life"] == archers_life
    assert unit(state, "0-0")["life"] == rider_life


def test_a_charge_into_two_enemies_needs_a_target():
    state = board_state([(0, "mounted", "C2"), (1, "archers", "C4"), (1, "cannons", "C4")])
    with pytest.raises(RuleError) as error:
        act(state, 0, {"type": "move", "unit": "0-0", "path": ["C3", "C4"]})
    assert "target" in error.value.errors
    state = act(state, 0, {"type": "move", "unit": "0-0", "path": ["C3", "C4"], "target": "1-1"})
    assert unit(state, "1-1")["life"] == 3 and unit(state, "1-0")["life"] == 5


# --- Movement refusals -----------------------------------------------------------------


@pytest.mark.parametrize(("placed", "path", "reason"), [
    ([(0, "archers", "C2")], ["C4"], "not next to"),
    ([(0, "archers", "C2")], ["C3", "C4"], "at most 1"),
    ([(0, "mounted", "C2"), (1, "archers", "C3")], ["C3", "C4"], "stops at C3"),
    ([(0, "archers", "C2"), (0, "spears", "C3"), (0, "cannons", "C3")], ["C3"], "two of your"),
    ([(0, "archers", "C3"), (1, "spears", "C3")], ["C2"], "Engaged"),
])  # fmt: skip
def test_illegal_moves_are_refused_with_the_reason(placed, path, reason):
    state = board_state(placed)
    before = deepcopy(state)
    with pytest.raises(RuleError) as error:
        act(state, 0, {"type": "move", "unit": "0-0", "path": path})
    assert reason in str(error.value)
    assert state == before


def test_units_pass_through_friends_and_mounted_may_not_stop_on_two():
    placed = [(0, "mounted", "C2"), (0, "spears", "C3"), (0, "cannons", "C3")]
    state = act(board_state(placed), 0, {"type": "move", "unit": "0-0", "path": ["C3", "C4"]})
    assert unit(state, "0-0")["cell"] == "C4"
    with pytest.raises(RuleError):
        act(board_state(placed), 0, {"type": "move", "unit": "0-0", "path": ["C3"]})


def test_one_militia_per_hexagon():
    state = board_state([(0, "militia", "C2"), (0, "militia", "C3")])
    with pytest.raises(RuleError) as error:
        act(state, 0, {"type": "move", "unit": "0-0", "path": ["C3"]})
    assert "only one per hexagon" in str(error.value)


def test_a_unit_is_activated_once_per_turn():
    state = board_state([(0, "archers", "C2"), (0, "spears", "A1")])
    state = act(state, 0, {"type": "move", "unit": "0-0", "path": ["C3"]})
    with pytest.raises(RuleError) as error:
        act(state, 0, {"type": "move", "unit": "0-0", "path": ["C4"]})
    assert "already been activated" in str(error.value)


def test_trample_moves_out_of_an_engagement():
    state = board_state([(0, "assault-beasts", "C3"), (1, "spears", "C3")])
    state = act(state, 0, {"type": "move", "unit": "0-0", "path": ["C2"]})
    assert unit(state, "0-0")["cell"] == "C2"


@pytest.mark.parametrize(("on", "life"), [(False, 5), (True, 4)])
def test_trample_damage_option(on, life):
    state = board_state([(0, "assault-beasts", "C3"), (1, "spears", "C4")], {"trample_damage": on})
    state = act(state, 0, {"type": "move", "unit": "0-0", "path": ["C4"]})
    assert unit(state, "1-0")["life"] == life


def test_aerial_assault_lands_on_any_empty_hexagon_only():
    state = board_state([(0, "aerial", "A1"), (1, "spears", "F6")])
    with pytest.raises(RuleError) as error:
        act(state, 0, {"type": "move", "unit": "0-0", "path": ["F6"]})
    assert "empty hexagon" in str(error.value)
    state = act(state, 0, {"type": "move", "unit": "0-0", "path": ["E5"]})
    assert unit(state, "0-0")["cell"] == "E5"


# --- Resolution turn -------------------------------------------------------------------


def test_mortar_fire_hits_its_own_side_too():
    """Spears (seat 0) and Militia (seat 1) fight in C4: Militia deals 3, Spears 2. Then
    seat 0's Cannons in C2 shell C4 (range 2): 1 more to each, the own Spears included."""
    state = board_state([(0, "cannons", "C2"), (0, "spears", "C4"), (1, "militia", "C4")])
    state = end_turns(state)
    assert state["resolution"]["step"] == "ranged"
    assert unit(state, "0-1")["life"] == 2 and unit(state, "1-0")["life"] == 3  # combat done
    assert engine.legal_actions(state, 1) == []  # seat 1 has nothing to choose
    state = act(state, 0, {"type": "orders", "step": "ranged", "choices": {"0-0": "C4"}})
    assert unit(state, "0-1")["life"] == 1
    assert unit(state, "1-0")["life"] == 2
    assert state["round"] == 2 and state["phase"] == "turn"


def test_combat_damage_is_split_as_the_owner_chooses_and_deaths_are_simultaneous():
    """C4: seat 0 Militia (3) and Spears (2) against seat 1 Archers and Cannons (2 + 2)."""
    state = board_state(
        [(0, "militia", "C4"), (0, "spears", "C4"), (1, "archers", "C4"), (1, "cannons", "C4")]
    )
    state["units"][2]["life"] = 3  # seat 1's Archers, hurt before
    state = end_turns(state)
    assert state["resolution"]["step"] == "combat"
    state = act(
        state, 0, {"type": "orders", "step": "combat", "choices": {"0-0": "1-0", "0-1": "1-1"}}
    )
    view = engine.player_view(state, 1)
    assert view["resolution"]["my_orders"] == {}  # seat 0's split stays hidden
    assert "1-0" not in str(view["log"][-1])
    state = act(
        state,
        1,
        {"type": "orders", "step": "combat", "choices": {"1-0": "0-0:1,0-1:1", "1-1": "0-0"}},
    )
    assert not unit(state, "1-0")["alive"]  # 3 - 3
    assert unit(state, "1-1")["life"] == 3  # 5 - 2
    assert unit(state, "0-0")["life"] == 2  # 5 - 1 - 2
    assert unit(state, "0-1")["life"] == 4  # 5 - 1


def test_one_and_two_engagement_the_single_unit_chooses_and_the_free_one_may_fire():
    """C4: seat 0 Spears alone against seat 1 Archers and Cannons. Seat 0 engages the
    Cannons; the Archers keep out and Volley the Spears (new target: 2 - 1 = 1)."""
    state = board_state([(0, "spears", "C4"), (1, "archers", "C4"), (1, "cannons", "C4")])
    state = end_turns(state)
    assert state["resolution"]["step"] == "engage"
    assert engine.legal_actions(state, 1) == []
    state = act(state, 0, {"type": "orders", "step": "engage", "choices": {"C4": "1-1"}})
    assert state["resolution"]["step"] == "join"
    state = act(state, 1, {"type": "orders", "step": "join", "choices": {"1-0": "hold"}})
    # Combat 1 against 1 resolved by itself; the Archers are free at the ranged step.
    assert unit(state, "0-0")["life"] == 3 and unit(state, "1-1")["life"] == 3
    assert state["resolution"]["step"] == "ranged"
    state = act(state, 1, {"type": "orders", "step": "ranged", "choices": {"1-0": "0-0"}})
    assert unit(state, "0-0")["life"] == 2


def test_volley_penalties_for_moving_and_for_a_new_target():
    """The first Volley is a new target (1); the same target again, standing still, 2;
    after the Archers move (C2 -> D2, still range 2 of C4), 1 again."""
    state = board_state([(0, "archers", "C2"), (1, "spears", "C4")])
    lives = []
    for move in (None, None, ["D2"]):
        if move:
            state = act(state, 0, {"type": "move", "unit": "0-0", "path": move})
        state = end_turns(state) if not move else act(state, 1, {"type": "end-turn"})
        state = act(state, 0, {"type": "orders", "step": "ranged", "choices": {"0-0": "1-0"}})
        lives.append(unit(state, "1-0")["life"])
    assert lives == [4, 2, 1]


def test_spear_hits_a_unit_in_range_1():
    state = board_state([(0, "spears", "C3"), (1, "archers", "C4")])
    state = end_turns(state)
    state = act(state, 0, {"type": "orders", "step": "melee", "choices": {"0-0": "1-0"}})
    assert unit(state, "1-0")["life"] == 4


@pytest.mark.parametrize(("rule", "life"), [
    ("whether-moved-or-not", 4), ("only-if-not-moved", 5),
])  # fmt: skip
def test_muskets_fire_option(rule, life):
    state = board_state([(0, "muskets", "C1"), (1, "spears", "C6")], {"muskets_fire": rule})
    state = act(state, 0, {"type": "move", "unit": "0-0", "path": ["C2"]})
    state = act(state, 1, {"type": "end-turn"})
    assert unit(state, "1-0")["life"] == life


# --- Crash Through, castle damage and the end of a game ---------------------------------


def test_crash_through_wins_the_game_and_a_single_game_match():
    state = board_state([(0, "battery-ram", "C6"), (1, "spears", "A4")])
    state = end_turns(state)
    assert state["result"]["winner"] == 0 and state["result"]["reason"] == "Crash Through"
    assert state["phase"] == "match-over" and engine.is_over(state)
    assert state["match"]["score"] == [1, 0]


def test_two_crash_throughs_in_one_round_are_a_draw():
    state = board_state([(0, "battery-ram", "C6"), (1, "battery-ram", "D1")])
    state = end_turns(state)
    assert state["result"]["winner"] is None
    assert state["match"]["draws"] == 1


@pytest.mark.parametrize(("order", "winner"), [("crash", 0), ("spears", None)])
def test_the_second_faction_orders_a_spear_killing_a_crashing_ram(order, winner):
    """Seat 0's Ram (1 life) stands in C6; seat 1's Spears in B5 would kill it. Both cannot
    happen at once: seat 1, the second faction, chooses which comes first."""
    state = board_state([(0, "battery-ram", "C6"), (1, "spears", "B5")])
    state["units"][0]["life"] = 1
    state = end_turns(state)
    state = act(state, 1, {"type": "orders", "step": "melee", "choices": {"1-0": "0-0"}})
    assert state["resolution"]["step"] == "order"
    assert engine.legal_actions(state, 0) == []
    state = act(state, 1, {"type": "orders", "step": "order", "choices": {"crash": order}})
    if winner is None:
        assert state["result"] is None and not unit(state, "0-0")["alive"]
    else:
        assert state["result"]["winner"] == 0


def test_damage_and_hold_two_ahead_after_one_round():
    state = board_state([(0, "assault-beasts", "A6"), (0, "assault-beasts", "B6")])
    state = end_turns(state)
    assert state["castle"] == [0, 2]
    assert state["result"]["winner"] == 0
    assert "2 more damage" in state["result"]["reason"]


def test_damage_and_hold_one_ahead_two_rounds_in_a_row():
    """Round 1: seat 0's Beast in A6 scores, 1-0. Round 2: it scores again and seat 1's
    Beast, moved F3 -> F2 -> F1, scores once: 2-1, seat 1 is 1 behind a second time."""
    state = board_state([(0, "assault-beasts", "A6"), (1, "assault-beasts", "F3")])
    state = act(state, 0, {"type": "end-turn"})
    state = act(state, 1, {"type": "move", "unit": "1-0", "path": ["F2"]})
    assert state["round"] == 2 and state["hold"] == [0, 1] and state["result"] is None
    state = act(state, 0, {"type": "end-turn"})
    state = act(state, 1, {"type": "move", "unit": "1-0", "path": ["F1"]})
    assert state["castle"] == [1, 2]
    assert state["result"]["winner"] == 0
    assert "two rounds in a row" in state["result"]["reason"]


def test_the_round_limit_scores_an_undecided_game_on_units_left():
    state = board_state(
        [(0, "archers", "A1"), (0, "spears", "B1"), (1, "cannons", "F6")], {"round_limit": 1}
    )
    state = end_turns(state)
    state = act(state, 1, {"type": "orders", "step": "ranged", "choices": {"1-0": ""}})
    assert state["result"]["winner"] == 0
    assert (
        "round limit 1" in state["result"]["reason"] and "units left" in state["result"]["reason"]
    )


def test_without_the_round_limit_reached_the_game_goes_on():
    state = board_state([(0, "archers", "A1"), (1, "spears", "F6")], {"round_limit": 2})
    state = end_turns(state)
    assert state["result"] is None and state["round"] == 2


def test_player_driven_games_end_only_by_agreement():
    state = board_state(
        [(0, "assault-beasts", "A6"), (0, "assault-beasts", "B6")],
        {"end_of_game": "player-driven"},
    )
    state = end_turns(state)
    assert state["result"] is None and state["castle"] == [0, 2]  # no Damage and Hold
    state = act(state, 1, {"type": "propose-end"})
    with pytest.raises(RuleError):
        act(state, 1, {"type": "agree-end"})  # not one's own proposal
    declined = act(state, 0, {"type": "decline-end"})
    assert declined["end_proposal"] is None and declined["result"] is None
    state = act(state, 0, {"type": "agree-end"})
    assert state["result"]["winner"] == 0 and "agreement" in state["result"]["reason"]


def test_damage_and_hold_refuses_a_proposal_to_end():
    state = board_state([(0, "archers", "A1"), (1, "spears", "F6")])
    with pytest.raises(RuleError):
        act(state, 0, {"type": "propose-end"})


# --- Match ------------------------------------------------------------------------------


def _place(state: dict[str, Any], cells: dict[str, str | None]) -> dict[str, Any]:
    """After a real set-up, move units by hand (a hand-made position for the next game)."""
    state = deepcopy(state)
    for u in state["units"]:
        if u["id"] in cells:
            u["cell"] = cells[u["id"]]
            u["alive"] = cells[u["id"]] is not None
    return state


def _setup_both(state: dict[str, Any]) -> dict[str, Any]:
    state = act(state, 0, {"type": "setup", "cells": "A1,B1,C1,D1,E1,F1"})
    return act(state, 1, {"type": "setup", "cells": "A6,B6,C6,D6,E6,F6"})


def test_a_best_of_three_match_score_with_the_first_faction_alternating():
    units = ["assault-beasts"] * 6
    state = engine.initial_state(seats(units), {"match": "best-of-3"}, random.Random(3))
    first = state["first"]
    winners = [0, 1, 0]
    for number, winner in enumerate(winners, start=1):
        assert state["game"] == number and state["phase"] == "setup"
        assert state["first"] == (first if number % 2 else 1 - first)
        state = _setup_both(state)
        loser = 1 - winner
        keep = {
            f"{winner}-0": "A6" if winner == 0 else "A1",
            f"{winner}-1": "B6" if winner == 0 else "B1",
        }
        keep.update({f"{winner}-{i}": None for i in range(2, 6)})
        keep.update({f"{loser}-{i}": None for i in range(6)})
        state = _place(state, keep)
        state = end_turns(state)
        assert state["result"]["winner"] == winner
        if number < 3:
            assert state["phase"] == "game-over"
            state = act(state, loser, {"type": "next-game"})
    assert state["match"]["score"] == [2, 1]
    assert state["match"]["winner"] == 0 and state["phase"] == "match-over"
    with pytest.raises(RuleError):
        act(state, 0, {"type": "next-game"})


def test_best_of_three_ends_early_at_two_wins():
    units = ["assault-beasts"] * 6
    state = engine.initial_state(seats(units), {"match": "best-of-3"}, random.Random(3))
    for _ in range(2):
        state = _setup_both(state)
        keep = {"0-0": "A6", "0-1": "B6", **{f"0-{i}": None for i in range(2, 6)}}
        state = end_turns(_place(state, {**keep, **{f"1-{i}": None for i in range(6)}}))
        if state["phase"] == "game-over":
            state = act(state, 1, {"type": "next-game"})
    assert state["match"] == {**state["match"], "score": [2, 0], "winner": 0, "over": True}


def test_an_engaged_unit_in_the_castle_row_deals_no_castle_damage():
    state = board_state([(0, "assault-beasts", "A6"), (1, "assault-beasts", "A6")])
    state = end_turns(state)
    assert unit(state, "0-0")["life"] == 3 and unit(state, "1-0")["life"] == 3
    assert state["castle"] == [0, 0] and state["round"] == 2


def test_a_unit_whose_enemy_fell_in_combat_ends_unengaged_and_scores():
    """RULINGS.md: castle damage counts units that END the resolution turn unengaged."""
    state = board_state([(0, "assault-beasts", "A6"), (1, "assault-beasts", "A6")])
    state["units"][1]["life"] = 2
    state = end_turns(state)
    assert not unit(state, "1-0")["alive"]
    assert state["castle"] == [0, 1] and state["hold"] == [0, 1]
