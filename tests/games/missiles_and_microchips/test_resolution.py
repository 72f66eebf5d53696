"""The Action and Clean Up phases (``resolution``), each round worked by hand from the text and
RULINGS.md: simultaneous resolution, the floor at 0, deaths, the start token, duels and the
three ways the game ends."""

from __future__ import annotations

import pytest

from companion.games.base import RuleError
from companion.games.missiles_and_microchips.engine import ENGINE
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
    texts,
)


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
    assert ENGINE.legal_actions(state, A) == [
        {"type": "choose", "action": "attack", "round": 2},
        {"type": "choose", "action": "block", "round": 2},
        {"type": "choose", "action": "charge", "round": 2},
    ]
    with pytest.raises(RuleError):
        ENGINE.apply(state, A, {"type": "choose", "target": C, "action": "attack"}, RNG)
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
    assert ENGINE.is_over(state)
    assert (state["ending"], state["winners"], state["losers"]) == ("energy-win", [A], [B, C, D])
    assert ENGINE.legal_actions(state, A) == [] and ENGINE.legal_actions(state, None) == []
    with pytest.raises(RuleError):
        ENGINE.apply(state, A, {"type": "choose", "target": B, "action": "attack"}, RNG)
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
    assert energies(state)[A] == 10 and not ENGINE.is_over(state)
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
    assert state["start"] is None and ENGINE.is_over(state)
    *_, over, summary = events  # the game ends the round; the round's summary closes it
    assert over["type"] == "game-over" and over["barrier"] is True
    assert summary["type"] == "summary" and summary["lines"][-1] == over["text"]


def test_scorched_earth_in_a_duel():
    state, _ = play_round(
        new_game(3, [2, 1, 2]), {A: (B, "attack"), B: (C, "charge"), C: (A, "attack")}
    )
    assert energies(state) == [1, 0, 2]
    state = act(state, None, {"type": "adjust", "seat": C, "delta": -1})
    assert state["duel"] and [p["alive"] for p in state["players"]] == [True, False, True]
    state, _ = play_round(state, {A: "attack", C: "attack"})
    assert state["ending"] == "scorched-earth" and state["winners"] == []
