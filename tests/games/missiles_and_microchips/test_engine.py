"""The Missiles & Microchips referee, scenario by scenario, each worked by hand from the text
and RULINGS.md. Seats 0-3 play Crimson Core, Ember Engine, Solar Lattice, Verdant Grid."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import pytest

from companion.games.base import RuleError
from companion.games.missiles_and_microchips import engine
from companion.games.table import Seat

RNG = random.Random(0)
A, B, C, D = 0, 1, 2, 3


def new_game(players: int = 4, energy: list[int] | None = None, **options: Any) -> dict:
    """A fresh game; ``energy`` sets each seat's energy by host adjustments."""
    seats = [Seat(i, f"Player {i}") for i in range(players)]
    state = engine.initial_state(seats, options, random.Random(0))
    for seat, wanted in enumerate(energy or []):
        if wanted != 5:
            state = engine.apply(
                state, None, {"type": "adjust", "seat": seat, "delta": wanted - 5}, RNG
            ).state
    return state


def act(state: Mapping, seat: int | None, action: Mapping) -> dict:
    return engine.apply(state, seat, action, RNG).state


def play_round(
    state: Mapping,
    choices: Mapping[int, tuple[int, str] | str],
    changes: Mapping[int, str] | None = None,
) -> tuple[dict, list[dict]]:
    """Everyone chooses (a bare action in a duel), then each changes or passes in turn."""
    events: list[dict] = []
    changes = changes or {}
    for seat, choice in choices.items():
        action = (
            {"type": "choose", "action": choice}
            if isinstance(choice, str)
            else {"type": "choose", "target": choice[0], "action": choice[1]}
        )
        outcome = engine.apply(state, seat, action, RNG)
        state, events = outcome.state, events + outcome.events
    while state["phase"] == "change":
        seat = state["turn"]
        action = (
            {"type": "change", "action": changes[seat]} if seat in changes else {"type": "pass"}
        )
        outcome = engine.apply(state, seat, action, RNG)
        state, events = outcome.state, events + outcome.events
    return dict(state), events


def energies(state: Mapping) -> list[int]:
    return [p["energy"] for p in state["players"]]


def texts(events: list[dict]) -> list[str]:
    return [e["text"] for e in events]


# --- set-up -------------------------------------------------------------------------------


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
    state = engine.initial_state(seats, {}, RNG)
    assert [p["computer"] for p in state["players"]] == [
        "violet-cipher",
        "ember-engine",
        "crimson-core",
    ]
    kit = {"computers": ["cobalt-oracle", "solar-lattice", "verdant-grid"]}
    state = engine.initial_state([Seat(0, "a", kit), Seat(1, "b"), Seat(2, "c")], {}, RNG)
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
        engine.initial_state(seats, options, RNG)
    assert path in error.value.errors


def test_random_start_player_comes_from_the_rng():
    seats = [Seat(i, "x") for i in range(6)]
    starts = {
        engine.initial_state(seats, {"start_player": "random"}, random.Random(n))["start"]
        for n in range(40)
    }
    assert starts == set(range(6))
    assert engine.initial_state(seats, {"start_player": 4}, RNG)["start"] == 4


# --- choose and aim -----------------------------------------------------------------------


def test_choices_stay_secret_until_the_aim_reveal():
    state = act(new_game(4), A, {"type": "choose", "target": B, "action": "attack"})
    state = act(state, A, {"type": "choose", "target": C, "action": "block"})  # chose again
    assert state["players"][A]["choice"] == {"target": C, "action": "block"}
    for seat in (None, B, C, D):
        view = engine.player_view(state, seat)
        assert view["players"][A]["chosen"] is True
        assert view["players"][A]["target"] is None
        assert "choice" not in view["players"][A]
        assert "block" not in json.dumps(view)
    assert engine.player_view(state, A)["players"][A]["choice"] == {"target": C, "action": "block"}
    state = act(state, B, {"type": "choose", "target": A, "action": "charge"})
    state = act(state, C, {"type": "choose", "target": A, "action": "charge"})
    outcome = engine.apply(state, D, {"type": "choose", "target": A, "action": "attack"}, RNG)
    assert outcome.state["phase"] == "change" and outcome.state["turn"] == A
    aim = outcome.events[-1]
    assert aim["type"] == "aim" and aim["barrier"] is True
    view = engine.player_view(outcome.state, B)
    assert [p["target"] for p in view["players"]] == [C, A, A, A]
    assert "attack" not in json.dumps(view) and "block" not in json.dumps(view)


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
        engine.apply(state, seat, action, RNG)
    assert path in error.value.errors
    assert json.dumps(state) == before


def test_a_stale_choose_from_an_earlier_round_is_refused():
    """Choosing is an independent action (stands on a stale seq): its round guards it."""
    assert "choose" in engine.INDEPENDENT_ACTIONS
    state, _ = play_round(
        new_game(4), {A: (B, "block"), B: (C, "block"), C: (D, "block"), D: (A, "block")}
    )
    assert state["round"] == 2
    for stale in (1, True, "2"):
        with pytest.raises(RuleError) as error:
            engine.apply(
                state, A, {"type": "choose", "target": B, "action": "attack", "round": stale}, RNG
            )
        assert "round" in error.value.errors
    template = engine.legal_actions(state, A)[0]
    assert template["round"] == 2
    assert act(state, A, template)["players"][A]["choice"] == {"target": B, "action": "attack"}


def test_a_dead_computer_can_neither_act_nor_be_aimed_at():
    state, _ = play_round(
        new_game(4, [5, 1, 5, 5]),
        {A: (B, "attack"), B: (A, "charge"), C: (D, "block"), D: (C, "block")},
    )
    assert state["players"][B]["alive"] is False
    with pytest.raises(RuleError) as error:
        engine.apply(state, A, {"type": "choose", "target": B, "action": "attack"}, RNG)
    assert "dead" in error.value.errors["target"]
    with pytest.raises(RuleError):
        engine.apply(state, B, {"type": "choose", "target": A, "action": "attack"}, RNG)
    assert engine.legal_actions(state, B) == []
    assert {a["target"] for a in engine.legal_actions(state, A)} == {C, D}


# --- resolution ---------------------------------------------------------------------------


def test_mirrored_attacks_each_take_one_and_mirrored_charges_gain_nothing():
    """Mutually Assured Destruction (no extra damage) and Feedback in one round."""
    state, events = play_round(
        new_game(4), {A: (B, "attack"), B: (A, "attack"), C: (D, "charge"), D: (C, "charge")}
    )
    assert energies(state) == [4, 4, 5, 5]
    assert "Crimson Core attacks Ember Engine: 1 damage (Mutually Assured Destruction)" in texts(
        events
    )
    assert "Solar Lattice charges, aiming at Verdant Grid: +0 (Feedback)" in texts(events)


def test_firewall_hurts_the_attacker_the_blocker_aims_at_twice():
    """B blocks aiming at A: A (attacking B) takes 2, C (attacking B) takes 1, B takes
    nothing; D charges at A, who attacks rather than charges: +1."""
    state, events = play_round(
        new_game(4), {A: (B, "attack"), B: (A, "block"), C: (B, "attack"), D: (A, "charge")}
    )
    assert energies(state) == [3, 5, 4, 6]
    assert (
        "Ember Engine blocks, aiming at Crimson Core: Crimson Core takes 2 (Firewall), "
        "Solar Lattice takes 1" in texts(events)
    )
    assert "Crimson Core attacks Ember Engine, who blocks: no damage" in texts(events)


def test_chain_counts_even_a_cancelled_charge():
    """The worked example of rules.md: A charges at B, B charges at D, C attacks B, D blocks
    at C. A +2 (Chain), B -1 and no gain, C and D unchanged."""
    state, events = play_round(
        new_game(4), {A: (B, "charge"), B: (D, "charge"), C: (B, "attack"), D: (C, "block")}
    )
    assert energies(state) == [7, 4, 5, 5]
    assert "Crimson Core charges, aiming at Ember Engine: +2 (Chain)" in texts(events)
    assert "Ember Engine charges, aiming at Verdant Grid: +0 (attacked by Solar Lattice)" in texts(
        events
    )
    resolved = [e for e in events if e["type"] == "resolve"]
    assert [e["seat"] for e in resolved] == [A, B, C, D]
    assert all(e["barrier"] for e in resolved)
    assert resolved[0]["changes"] == [{"seat": A, "energy": 2}]


def test_an_attack_on_a_charger_cancels_the_charge_and_hurts():
    state, _ = play_round(
        new_game(4), {A: (B, "charge"), B: (C, "block"), C: (A, "attack"), D: (A, "attack")}
    )
    # A attacked twice: -2, no gain. B blocks with no attackers. C, D untouched.
    assert energies(state) == [3, 5, 5, 5]


def test_energy_never_drops_below_zero():
    state, events = play_round(
        new_game(4, [1, 5, 5, 5]),
        {A: (B, "attack"), B: (A, "block"), C: (A, "attack"), D: (A, "attack")},
    )
    # A takes 2 (Firewall) + 1 + 1 from 1 energy: 0, and dies.
    assert energies(state) == [0, 5, 5, 5]
    assert state["players"][A]["alive"] is False
    assert "Crimson Core has no energy left and dies" in texts(events)


# --- change phase -------------------------------------------------------------------------


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
    assert [a["type"] for a in engine.legal_actions(state, C)] == ["pass", "change", "change"]
    assert engine.legal_actions(state, D) == []
    with pytest.raises(RuleError) as error:
        engine.apply(state, D, {"type": "pass"}, RNG)
    assert "Solar Lattice's turn" in error.value.errors["seat"]
    with pytest.raises(RuleError):
        engine.apply(state, C, {"type": "change", "action": "charge"}, RNG)  # already charge
    state = act(state, C, {"type": "change", "action": "attack"})
    assert energies(state) == [5, 5, 4, 5] and state["turn"] == D  # paid at once
    view = engine.player_view(state, A)
    assert view["players"][C]["decision"] == "change"
    assert "choice" not in view["players"][C]
    state = act(state, D, {"type": "pass"})
    assert state["turn"] == A
    state = act(state, A, {"type": "change", "action": "block"})
    with pytest.raises(RuleError):
        engine.apply(state, A, {"type": "pass"}, RNG)  # one decision each
    state, events = play_round(state, {}, {B: "charge"})
    # Played: A blocks at B, B charges at A (paid 1), C attacks D (paid 1), D blocks at C.
    # C's attack hits D's block with D aiming at C: Firewall, C -2. B +1 (A blocks, no chain).
    assert energies(state) == [4, 5, 2, 5]
    assert [p["changed"] for p in state["history"][-1]["plays"]] == [True, False, True, True]
    assert [p["seat"] for p in state["history"][-1]["plays"]] == [C, D, A, B]
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
    assert engine.legal_actions(state, A) == [{"type": "pass"}]
    with pytest.raises(RuleError) as error:
        engine.apply(state, A, {"type": "change", "action": "attack"}, RNG)
    assert "1 energy" in error.value.errors["action"]
    state, _ = play_round(state, {})
    # A's charge at a blocker: +1, so A ends the round at 1 and lives.
    assert energies(state) == [1, 5, 5, 5] and state["players"][A]["alive"]


# --- clean-up, start token, duel, endings -------------------------------------------------


def test_start_token_skips_the_dead():
    state, events = play_round(
        new_game(4, [5, 1, 1, 5]),
        {A: (B, "attack"), B: (C, "attack"), C: (D, "charge"), D: (A, "block")},
    )
    # B -1 (A's attack) and C -1 (B's attack, charge cancelled): both die; A: D blocks but A
    # attacked B, so nothing; D blocks with no attackers.
    assert energies(state) == [5, 0, 0, 5]
    assert state["start"] == D
    assert "The start token passes to Verdant Grid" in texts(events)
    assert [p["choice"] for p in state["players"]] == [None] * 4
    assert state["duel"] is True


def test_a_duel_has_no_targets_and_no_change_phase():
    state, events = play_round(
        new_game(3, [5, 5, 1]), {A: (C, "attack"), B: (C, "charge"), C: (A, "charge")}
    )
    # C attacked: dies at 0 with no gain; B chains on C's (cancelled) charge: +2; no mirror,
    # as C aims at A.
    assert energies(state) == [5, 7, 0]
    assert state["duel"] and state["phase"] == "choose" and state["start"] == B
    assert any(e["type"] == "duel" for e in events)
    assert engine.legal_actions(state, A) == [
        {"type": "choose", "action": "attack", "round": 2},
        {"type": "choose", "action": "block", "round": 2},
        {"type": "choose", "action": "charge", "round": 2},
    ]
    with pytest.raises(RuleError):
        engine.apply(state, A, {"type": "choose", "target": C, "action": "attack"}, RNG)
    state = act(state, A, {"type": "choose", "target": B, "action": "attack"})  # opponent: ok
    state, events = play_round(state, {B: "block"})
    assert state["phase"] == "choose" and state["round"] == 3  # resolved straight away
    # B blocks aiming at A (the two always aim at each other): Firewall, A -2.
    assert energies(state) == [3, 7, 0]
    state, _ = play_round(state, {A: "charge", B: "charge"})
    assert energies(state) == [3, 7, 0]  # Feedback
    state, _ = play_round(state, {A: "attack", B: "charge"})
    assert energies(state) == [3, 6, 0]
    state, _ = play_round(state, {A: "charge", B: "block"})
    assert energies(state) == [4, 6, 0]


def test_energy_win_at_ten_or_more_shared():
    state, events = play_round(
        new_game(4, [9, 8, 5, 5]),
        {A: (C, "charge"), B: (D, "charge"), C: (D, "charge"), D: (A, "block")},
    )
    # A +2 (Chain on C), B +2 (D blocks... no: D blocks, so +1), C +1.
    assert energies(state) == [11, 9, 6, 5]
    assert engine.is_over(state)
    assert (state["ending"], state["winners"], state["losers"]) == ("energy-win", [A], [B, C, D])
    assert engine.legal_actions(state, A) == [] and engine.legal_actions(state, None) == []
    with pytest.raises(RuleError):
        engine.apply(state, A, {"type": "choose", "target": B, "action": "attack"}, RNG)
    state, _ = play_round(
        new_game(4, [9, 9, 5, 5]),
        {A: (C, "charge"), B: (C, "charge"), C: (D, "block"), D: (C, "block")},
    )
    assert energies(state) == [10, 10, 5, 5]
    assert (state["ending"], state["winners"]) == ("energy-win", [A, B])


def test_more_than_ten_option():
    state, _ = play_round(
        new_game(4, [9, 5, 5, 5], more_than_10=True),
        {A: (C, "charge"), B: (C, "block"), C: (D, "block"), D: (C, "block")},
    )
    assert energies(state)[A] == 10 and not engine.is_over(state)
    state, _ = play_round(
        state, {A: (C, "charge"), B: (C, "block"), C: (D, "block"), D: (C, "block")}
    )
    assert energies(state)[A] == 11
    assert (state["ending"], state["winners"]) == ("energy-win", [A])


def test_last_computer_standing():
    state, events = play_round(
        new_game(3, [5, 1, 1]), {A: (B, "charge"), B: (C, "attack"), C: (B, "attack")}
    )
    # B and C mirror attacks: both 0. A charges at an attacker: +1.
    assert energies(state) == [6, 0, 0]
    assert (state["ending"], state["winners"], state["losers"]) == (
        "last-computer-standing",
        [A],
        [B, C],
    )
    assert "Last Computer Standing: Crimson Core wins" in texts(events)
    assert state["start"] == A


def test_scorched_earth_everyone_dies_together_and_loses():
    """Scorched Earth: all the computers still in the game die in the same round."""
    state, events = play_round(
        new_game(3, [1, 1, 1]), {A: (B, "attack"), B: (C, "attack"), C: (A, "attack")}
    )
    assert energies(state) == [0, 0, 0]
    assert (state["ending"], state["winners"], state["losers"]) == (
        "scorched-earth",
        [],
        [A, B, C],
    )
    assert state["start"] is None and engine.is_over(state)
    assert events[-1]["type"] == "game-over" and events[-1]["barrier"] is True


def test_scorched_earth_in_a_duel():
    state, _ = play_round(
        new_game(3, [2, 1, 2]), {A: (B, "attack"), B: (C, "charge"), C: (A, "attack")}
    )
    assert energies(state) == [1, 0, 2]
    state = act(state, None, {"type": "adjust", "seat": C, "delta": -1})
    assert state["duel"] and [p["alive"] for p in state["players"]] == [True, False, True]
    state, _ = play_round(state, {A: "attack", C: "attack"})
    assert state["ending"] == "scorched-earth" and state["winners"] == []


# --- host adjustments and views -----------------------------------------------------------


def test_adjust_is_a_host_delta():
    assert sorted(engine.DELTA_ACTIONS) == ["adjust"]
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
    assert {"type": "adjust", "seat": A, "delta": -1} in engine.legal_actions(state, None)


def test_public_view_has_history_and_log():
    state, _ = play_round(
        new_game(4), {A: (B, "charge"), B: (D, "charge"), C: (B, "attack"), D: (C, "block")}
    )
    view = engine.player_view(state, None)
    assert view["energy_history"]["rounds"] == [0, 1]
    assert [s["energy"] for s in view["energy_history"]["seats"]] == [
        [5, 7],
        [5, 4],
        [5, 5],
        [5, 5],
    ]
    assert view["log"][0]["plays"][2] == {
        "seat": C,
        "target": B,
        "action": "attack",
        "changed": False,
    }
    assert "Solar Lattice attacks Ember Engine: 1 damage" in view["log"][0]["lines"]
    assert [p["start"] for p in view["players"]] == [False, True, False, False]
    assert view["you"] is None and all("choice" not in p for p in view["players"])
