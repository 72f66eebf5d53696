"""Whole four-player games of Missiles & Microchips, every round's energies worked by hand.

Seats: A Crimson Core, B Ember Engine, C Solar Lattice, D Verdant Grid; A starts.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

from companion.games.missiles_and_microchips.engine import ENGINE
from companion.games.table import Seat, action_rng, replay

A, B, C, D = 0, 1, 2, 3
SEATS = [Seat(i, name) for i, name in enumerate(["Ada", "Ben", "Cy", "Dee"])]

# (choices, changes, energies after the round, start player after, why)
GAME: list[tuple[dict[int, Any], dict[int, str], list[int], int | None, str]] = [
    (
        {A: (B, "charge"), B: (A, "charge"), C: (D, "attack"), D: (C, "block")},
        {B: "attack"},
        [4, 4, 3, 5],
        B,
        "B pays 1 to attack A, cancelling A's charge; D blocks C with Firewall: C -2",
    ),
    (
        {A: (D, "charge"), B: (C, "charge"), C: (B, "charge"), D: (A, "charge")},
        {B: "attack", D: "block"},
        [5, 3, 2, 4],
        C,
        "B and D pay 1 each; A +1 (D blocks); B hits C, whose charge is cancelled",
    ),
    (
        {A: (C, "attack"), B: (C, "attack"), C: (A, "block"), D: (B, "charge")},
        {A: "charge"},
        [5, 2, 2, 5],
        D,
        "A pays 1 and charges into C's block: +1; C blocks B's attack: B -1 (no Firewall, "
        "C aims at A); D +1 (B attacks, no Chain)",
    ),
    (
        {A: (B, "attack"), B: (C, "attack"), C: (B, "attack"), D: (B, "attack")},
        {},
        [5, 0, 1, 5],
        A,
        "B takes 3 from 2 (floored at 0) and dies; B and C mirror: C -1",
    ),
    (
        {A: (C, "charge"), C: (D, "charge"), D: (A, "charge")},
        {},
        [7, 0, 3, 7],
        C,
        "a ring of charges, no mirror: Chain +2 each; the token skips dead B",
    ),
    (
        {A: (C, "attack"), C: (A, "block"), D: (A, "charge")},
        {},
        [5, 0, 3, 8],
        D,
        "Firewall: A -2; D +1",
    ),
    (
        {A: (C, "attack"), C: (D, "charge"), D: (C, "attack")},
        {C: "block"},
        [4, 0, 2, 6],
        A,
        "C pays 1 to block aiming at D: A -1, D -2 (Firewall)",
    ),
    (
        {A: (C, "attack"), C: (A, "attack"), D: (C, "attack")},
        {},
        [3, 0, 0, 6],
        D,
        "A and C mirror attacks; C also takes D's: C dies, A and D duel",
    ),
    ({A: "charge", D: "charge"}, {}, [3, 0, 0, 6], A, "duel: mirrored charges, Feedback"),
    ({A: "block", D: "attack"}, {}, [3, 0, 0, 4], D, "duel: the blocker always aims: Firewall"),
    ({A: "charge", D: "block"}, {}, [4, 0, 0, 4], A, "duel: charge into a block: +1"),
    ({A: "attack", D: "charge"}, {}, [4, 0, 0, 3], D, "duel: attack cancels the charge"),
    ({A: "attack", D: "block"}, {}, [2, 0, 0, 3], A, "duel: Firewall"),
    ({A: "attack", D: "attack"}, {}, [1, 0, 0, 2], D, "duel: mirrored attacks"),
    ({A: "charge", D: "attack"}, {}, [0, 0, 0, 2], D, "A dies: D is the last computer"),
]


def choose(choice: Any, number: int) -> dict[str, Any]:
    if isinstance(choice, str):
        return {"type": "choose", "action": choice, "round": number}
    return {"type": "choose", "target": choice[0], "action": choice[1], "round": number}


def run(
    rounds: list[tuple[dict[int, Any], dict[int, str], list[int], int | None, str]],
    options: Mapping[str, Any],
    seed: str = "table",
) -> tuple[dict[str, Any], list[tuple[int, int | None, dict[str, Any]]], list[dict[str, Any]]]:
    """Play the rounds through ``apply``, checking each against the hand-worked numbers;
    the final state, the action log and every move's events (as the site keeps them)."""
    state = ENGINE.initial_state(SEATS, options, action_rng(seed, 0))
    log: list[tuple[int, int | None, dict[str, Any]]] = []
    events: list[dict[str, Any]] = []

    def step(seat: int, action: dict[str, Any]) -> None:
        nonlocal state
        assert action in ENGINE.legal_actions(state, seat), (state["round"], seat, action)
        log.append((len(log) + 1, seat, action))
        outcome = ENGINE.apply(state, seat, action, action_rng(seed, len(log)))
        state = outcome.state
        events.extend(outcome.events)

    for number, (choices, changes, energies, start, why) in enumerate(rounds, start=1):
        assert state["round"] == number and not ENGINE.is_over(state)
        assert state["duel"] == (len(choices) == 2)
        for seat, choice in choices.items():
            step(seat, choose(choice, number))
        while state["phase"] == "change":
            seat = state["turn"]
            step(
                seat,
                {"type": "change", "action": changes[seat]}
                if seat in changes
                else {"type": "pass"},
            )
        assert [p["energy"] for p in state["players"]] == energies, (number, why)
        assert state["start"] == start, (number, why)
        assert state["energy_by_round"][number] == energies
    return state, log, events


def test_a_whole_game_to_last_computer_standing():
    state, log, events = run(GAME, {})
    assert ENGINE.is_over(state)
    assert (state["ending"], state["winners"], state["losers"]) == (
        "last-computer-standing",
        [D],
        [A, B, C],
    )
    assert [p["alive"] for p in state["players"]] == [False, False, False, True]
    assert replay(ENGINE, SEATS, {}, "table", log) == state
    chart = ENGINE.player_view(state, None)["energy_chart"]
    assert chart["steps"] == list(range(len(GAME) + 1))
    assert chart["series"][D]["values"] == [5] + [r[2][D] for r in GAME]
    log = ENGINE.visible_log(events, None)
    assert [entry["round"] for entry in log] == list(range(1, len(GAME) + 1))
    assert [entry["energy"] for entry in log] == [r[2] for r in GAME]
    assert log[-1]["lines"][-1] == "Last Computer Standing: Verdant Grid wins"
    assert len(json.dumps(state)) < 20_000


CHARGERS = [
    (
        {A: (B, "charge"), B: (C, "charge"), C: (D, "charge"), D: (A, "charge")},
        {},
        [7, 7, 7, 7],
        B,
        "a ring of charges: Chain +2 each",
    ),
    (
        {A: (B, "charge"), B: (A, "block"), C: (D, "charge"), D: (A, "charge")},
        {},
        [8, 7, 9, 9],
        C,
        "A +1 (B blocks); C +2 (D charges); D +2 (A charges, no mirror: A aims at B)",
    ),
    (
        {A: (C, "charge"), B: (A, "block"), C: (B, "charge"), D: (B, "charge")},
        {},
        [10, 7, 10, 10],
        D,
        "A +2 (C charges); C and D +1 (B blocks)",
    ),
]


def test_an_energy_win_shared_at_ten():
    state, _, _ = run(CHARGERS, {})
    assert (state["ending"], state["winners"], state["losers"]) == ("energy-win", [A, C, D], [B])


def test_more_than_ten_plays_on_until_eleven():
    fourth = (
        {A: (C, "charge"), B: (D, "block"), C: (A, "charge"), D: (B, "charge")},
        {},
        [10, 7, 10, 11],
        A,
        "A and C mirror charges: Feedback; D +1 (B blocks)",
    )
    state, _, _ = run([*CHARGERS, fourth], {"more_than_10": True})
    assert (state["ending"], state["winners"]) == ("energy-win", [D])


def test_a_random_start_replays_the_same():
    state = ENGINE.initial_state(SEATS, {"start_player": "random"}, action_rng("abc", 0))
    again = replay(ENGINE, SEATS, {"start_player": "random"}, "abc", [])
    assert state == again
    assert state["start"] == random.Random("abc:0").randrange(4)
