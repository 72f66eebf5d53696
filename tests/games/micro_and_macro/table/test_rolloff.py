"""Roll-offs on the die ladder: typed and seeded faces, crits, a strictly higher value."""

from __future__ import annotations

import random

import pytest

from companion.games.base import RuleError
from companion.games.micro_and_macro.table import rolloff
from tests.games.micro_and_macro.table.fixtures import markers, outcome, start


def rolloff_event(state: dict, seat: int, attacker: str, defender: str, faces: dict) -> dict:
    """The event of the free roll-off tool with typed faces."""
    action = {"type": "rolloff", "attacker_die": attacker, "defender_die": defender}
    return outcome(state, seat, {**action, "faces": faces}).events[0]


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
