"""The Missiles & Microchips referee's moves, scenario by scenario, each worked by hand from
the text and RULINGS.md: the set-up, choosing, the change phase, the host's corrections and
every refusal."""

from __future__ import annotations

import json
import random

import pytest

from companion.games.base import RuleError
from companion.games.missiles_and_microchips.engine import ENGINE
from companion.games.table import Seat
from tests.games.missiles_and_microchips.table_fixtures import (
    RNG,
    A,
    B,
    C,
    D,
    act,
    energies,
    new_game,
    play_round,
)


def test_initial_state_follows_getting_started():
    state = new_game(4)
    assert energies(state) == [5, 5, 5, 5]
    assert [p["computer"] for p in state["players"]] == [
        "crimson-core",
        "ember-engine",
        "solar-lattice",
        "verdant-grid",
    ]
    assert (state["round"], state["phase"], state["start"], state["duel"]) == (
        1,
        "choose",
        0,
        False,
    )
    assert json.loads(json.dumps(state)) == state


def test_seats_bring_their_computer_or_a_kit():
    seats = [
        Seat(0, "a", {"computer": "violet-cipher"}),
        Seat(1, "b"),
        Seat(2, "c", {"computer": "crimson-core"}),
    ]
    state = ENGINE.initial_state(seats, {}, RNG)
    assert [p["computer"] for p in state["players"]] == [
        "violet-cipher",
        "ember-engine",
        "crimson-core",
    ]
    kit = {"computers": ["cobalt-oracle", "solar-lattice", "verdant-grid"]}
    state = ENGINE.initial_state([Seat(0, "a", kit), Seat(1, "b"), Seat(2, "c")], {}, RNG)
    assert [p["computer"] for p in state["players"]] == list(kit["computers"])


@pytest.mark.parametrize(
    "seats, options, path",
    [
        ([Seat(i, "x") for i in range(2)], {}, "seats"),
        ([Seat(i, "x") for i in range(7)], {}, "seats"),
        ([Seat(0, "x", {"computer": "hal"}), Seat(1, "y"), Seat(2, "z")], {}, "seats.0.computer"),
        (
            [Seat(0, "x", {"computer": "ember-engine"}), Seat(1, "y", {"computer": "ember-engine"})]
            + [Seat(2, "z")],
            {},
            "seats.1.computer",
        ),
        ([Seat(i, "x") for i in range(3)], {"more_than_10": "yes"}, "options.more_than_10"),
        ([Seat(i, "x") for i in range(3)], {"start_player": 3}, "options.start_player"),
        ([Seat(i, "x") for i in range(3)], {"house_rule": 1}, "options.house_rule"),
    ],
)
def test_bad_setups_are_refused(seats, options, path):
    with pytest.raises(RuleError) as error:
        ENGINE.initial_state(seats, options, RNG)
    assert path in error.value.errors


def test_random_start_player_comes_from_the_rng():
    seats = [Seat(i, "x") for i in range(6)]
    starts = {
        ENGINE.initial_state(seats, {"start_player": "random"}, random.Random(n))["start"]
        for n in range(40)
    }
    assert starts == set(range(6))
    assert ENGINE.initial_state(seats, {"start_player": 4}, RNG)["start"] == 4


@pytest.mark.parametrize(
    "seat, action, path",
    [
        (A, {"type": "choose", "target": A, "action": "attack"}, "target"),
        (A, {"type": "choose", "target": 9, "action": "attack"}, "target"),
        (A, {"type": "choose", "target": True, "action": "attack"}, "target"),
        (A, {"type": "choose", "target": B, "action": "nuke"}, "action"),
        (A, {"type": "pass"}, "type"),
        (A, {"type": "change", "action": "block"}, "type"),
        (None, {"type": "choose", "target": B, "action": "attack"}, "seat"),
        (7, {"type": "choose", "target": B, "action": "attack"}, "seat"),
        (A, {"type": "dance"}, "type"),
        (A, {"type": "adjust", "seat": B, "delta": 1}, "seat"),
        (None, {"type": "adjust", "seat": B, "delta": 0}, "delta"),
        (None, {"type": "adjust", "seat": B, "delta": -6}, "delta"),
        (None, {"type": "adjust", "seat": B, "delta": 1.5}, "delta"),
    ],
)
def test_illegal_actions_are_refused_and_change_nothing(seat, action, path):
    state = new_game(4)
    before = json.dumps(state)
    with pytest.raises(RuleError) as error:
        ENGINE.apply(state, seat, action, RNG)
    assert path in error.value.errors
    assert json.dumps(state) == before


def test_a_stale_choose_from_an_earlier_round_is_refused():
    """Choosing is an independent action (stands on a stale seq): its round guards it."""
    assert "choose" in ENGINE.INDEPENDENT_ACTIONS
    state, _ = play_round(
        new_game(4), {A: (B, "block"), B: (C, "block"), C: (D, "block"), D: (A, "block")}
    )
    assert state["round"] == 2
    for stale in (1, True, "2"):
        with pytest.raises(RuleError) as error:
            ENGINE.apply(
                state, A, {"type": "choose", "target": B, "action": "attack", "round": stale}, RNG
            )
        assert "round" in error.value.errors
    template = ENGINE.legal_actions(state, A)[0]
    assert template["round"] == 2
    assert act(state, A, template)["players"][A]["choice"] == {"target": B, "action": "attack"}


def test_a_dead_computer_can_neither_act_nor_be_aimed_at():
    state, _ = play_round(
        new_game(4, [5, 1, 5, 5]),
        {A: (B, "attack"), B: (A, "charge"), C: (D, "block"), D: (C, "block")},
    )
    assert state["players"][B]["alive"] is False
    with pytest.raises(RuleError) as error:
        ENGINE.apply(state, A, {"type": "choose", "target": B, "action": "attack"}, RNG)
    assert "dead" in error.value.errors["target"]
    with pytest.raises(RuleError):
        ENGINE.apply(state, B, {"type": "choose", "target": A, "action": "attack"}, RNG)
    assert ENGINE.legal_actions(state, B) == []
    assert {a["target"] for a in ENGINE.legal_actions(state, A)} == {C, D}


def test_change_phase_goes_clockwise_from_the_start_player_and_costs_one_at_once():
    state = new_game(4, start_player=C)
    for seat, choice in {
        A: (B, "attack"),
        B: (A, "attack"),
        C: (D, "charge"),
        D: (C, "block"),
    }.items():
        state = act(state, seat, {"type": "choose", "target": choice[0], "action": choice[1]})
    assert (state["phase"], state["turn"]) == ("change", C)
    assert [a["type"] for a in ENGINE.legal_actions(state, C)] == ["pass", "change", "change"]
    assert ENGINE.legal_actions(state, D) == []
    with pytest.raises(RuleError) as error:
        ENGINE.apply(state, D, {"type": "pass"}, RNG)
    assert "Solar Lattice's turn" in error.value.errors["seat"]
    with pytest.raises(RuleError):
        ENGINE.apply(state, C, {"type": "change", "action": "charge"}, RNG)  # already charge
    state = act(state, C, {"type": "change", "action": "attack"})
    assert energies(state) == [5, 5, 4, 5] and state["turn"] == D  # paid at once
    view = ENGINE.player_view(state, A)
    assert view["players"][C]["decision"] == "change"
    assert "choice" not in view["players"][C]
    state = act(state, D, {"type": "pass"})
    assert state["turn"] == A
    state = act(state, A, {"type": "change", "action": "block"})
    with pytest.raises(RuleError):
        ENGINE.apply(state, A, {"type": "pass"}, RNG)  # one decision each
    state, events = play_round(state, {}, {B: "charge"})
    # Played: A blocks at B, B charges at A (paid 1), C attacks D (paid 1), D blocks at C.
    # C's attack hits D's block with D aiming at C: Firewall, C -2. B +1 (A blocks, no chain).
    assert energies(state) == [4, 5, 2, 5]
    summary = events[-1]
    assert summary["type"] == "summary" and summary["round"] == 1
    assert [p["changed"] for p in summary["plays"]] == [True, False, True, True]
    assert [p["seat"] for p in summary["plays"]] == [C, D, A, B]
    assert state["start"] == D


def test_a_change_needs_at_least_one_energy():
    state = new_game(4)
    state = act(state, None, {"type": "adjust", "seat": A, "delta": -5})
    assert energies(state)[A] == 0 and state["players"][A]["alive"]  # dies only at clean-up
    for seat, choice in {
        A: (B, "charge"),
        B: (C, "block"),
        C: (D, "block"),
        D: (A, "block"),
    }.items():
        state = act(state, seat, {"type": "choose", "target": choice[0], "action": choice[1]})
    assert ENGINE.legal_actions(state, A) == [{"type": "pass"}]
    with pytest.raises(RuleError) as error:
        ENGINE.apply(state, A, {"type": "change", "action": "attack"}, RNG)
    assert "1 energy" in error.value.errors["action"]
    state, _ = play_round(state, {})
    # A's charge at a blocker: +1, so A ends the round at 1 and lives.
    assert energies(state) == [1, 5, 5, 5] and state["players"][A]["alive"]


def test_adjust_is_a_host_delta():
    assert sorted(ENGINE.DELTA_ACTIONS) == ["adjust"]
    state = new_game(4)
    one = act(
        act(state, None, {"type": "adjust", "seat": B, "delta": 2}),
        None,
        {"type": "adjust", "seat": C, "delta": -1},
    )
    two = act(
        act(state, None, {"type": "adjust", "seat": C, "delta": -1}),
        None,
        {"type": "adjust", "seat": B, "delta": 2},
    )
    assert one == two and energies(one) == [5, 7, 4, 5]
    assert {"type": "adjust", "seat": A, "delta": -1} in ENGINE.legal_actions(state, None)
