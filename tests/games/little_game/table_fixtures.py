"""Two armies and the steps of a round, shared by the little game's table tests."""

from __future__ import annotations

import random
from collections.abc import Mapping
from copy import deepcopy
from typing import Any

import pytest

from companion.games.base import RuleError
from companion.games.little_game.engine import ENGINE
from companion.games.table import Outcome, Seat

ANN = {
    "units": [
        {"name": "Lancers", "base": "rectangular", "quality": 1, "kinds": ["cavalry"]},
        {"name": "Bowmen", "base": "rectangular", "quality": 0, "kinds": ["ranged"]},
    ]
}
BEN = {
    "units": [
        {"name": "Spearmen", "base": "rectangular", "quality": 2},
        {"name": "Slingers", "base": "rectangular", "quality": 0, "kinds": ["long-ranged"]},
    ]
}
LANCERS, BOWMEN, SPEARMEN, SLINGERS = "0-0", "0-1", "1-0", "1-1"


def seats(first: Mapping = ANN, second: Mapping = BEN) -> list[Seat]:
    return [Seat(0, "Ann", first), Seat(1, "Ben", second)]


def dealt(options: Mapping[str, Any] | None = None, **armies: Mapping) -> Outcome:
    """The start of a table: its state and the events of dealing it."""
    table = seats(armies.get("first", ANN), armies.get("second", BEN))
    return ENGINE.start(table, options or {}, random.Random(0))


def start(options: Mapping[str, Any] | None = None, **armies: Mapping) -> dict[str, Any]:
    return dealt(options, **armies).state


def do(state: Mapping, seat: int | None, action: Mapping, seed: int = 0) -> Outcome:
    return ENGINE.apply(state, seat, action, random.Random(seed))


def play(state: Mapping, seat: int, card: int) -> dict[str, Any]:
    return do(state, seat, {"type": "play", "card": card}).state


def act(state: Mapping, seat: int, action: str, units: list[str], **extra: Any) -> Outcome:
    return do(state, seat, {"type": "act", "action": action, "units": units, **extra})


def unit(state: Mapping, unit_id: str) -> dict[str, Any]:
    return next(u for units in state["units"] for u in units if u["id"] == unit_id)


def acting(cards: tuple[int, int] = (4, 9), **kwargs: Any) -> dict[str, Any]:
    """Both action cards revealed: seat 0 plays ``cards[0]``, seat 1 ``cards[1]``."""
    options = kwargs.pop("options", None)
    if options is None and cards[0] % 2 == 1:
        options = {"split": [[1, 3, 5, 7, 9], [2, 4, 6, 8, 10]]}
    state = start(options, **kwargs)
    return play(play(state, 0, cards[0]), 1, cards[1])


def with_pressure(state: Mapping, **pressures: int) -> dict[str, Any]:
    new = deepcopy(dict(state))
    for key, value in pressures.items():
        unit(new, key.replace("_", "-").lstrip("u"))["pressure"] = value
    return new


def break_ready(**pressures: int) -> dict[str, Any]:
    """Round 1 after 4 v 9 and two shifts: hands [2 6 8 9 10] and [1 3 4 5 7]."""
    state = act(act(acting((4, 9)), 0, "shift", []).state, 1, "shift", []).state
    return with_pressure(state, **pressures)


def refused(state: Mapping, seat: int | None, action: Mapping) -> dict[str, str]:
    """The errors of an action the engine refuses; the state it was given is unchanged."""
    before = deepcopy(state)
    with pytest.raises(RuleError) as caught:
        do(state, seat, action)
    assert state == before
    return caught.value.errors
