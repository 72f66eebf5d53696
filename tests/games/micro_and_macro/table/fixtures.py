"""Helpers for the Micro and Macro table tests: decks, a scripted random source, a dealt
table, and one-line actions.

Decks here are dealt by ``Scripted``, a random source that never shuffles and rolls the
faces it is given, so every draw and every roll-off in the tests can be followed on paper.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from companion.games.micro_and_macro import GAME
from companion.games.micro_and_macro.engine import ENGINE
from companion.games.micro_and_macro.starter import entries as starter_entries
from companion.games.table import Outcome, Seat


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
# Ben's cards: 1c0 Rite of Undeath, 1c1 Cursed Blades, 1c2 Leech Brood, 1c3-1c4 Blood Tithe,
# then Dark Pacts; 1c30 Blood Spire, 1c31 Graveyard, 1c32 Fel Forge, 1c33 Sacrificial Pit.
BEN = deck(
    "bloodmages",
    [("rite-of-undeath", 1), ("cursed-blades", 1), ("leech-brood", 1), ("blood-tithe", 2),
     ("dark-pact", 25)],
    BLOOD_BUILDINGS,
)  # fmt: skip
HIT = {"attacker": [6], "defender": [1]}  # a D6 on its top face (13) against a 1


def starter_deck() -> dict[str, Any]:
    """Every Kingdoms of Men starter card: upgrades twice, instants three times."""
    kom = [e for e in starter_entries() if e.faction == "kingdoms-of-men"]
    return {
        "faction": "kingdoms-of-men",
        "main": [
            {"card": e.slug, "count": 2 if e.category == "upgrade" else 3}
            for e in kom
            if e.category != "building"
        ],
        "buildings": [{"card": e.slug, "count": 1} for e in kom if e.category == "building"],
    }


DECKS = [starter_deck(), GAME.example_list()]  # two whole decks, as players bring them


def deal(
    ann: dict = KOM, ben: dict = BLOOD, priority: tuple[int, int] = (6, 1), **options: Any
) -> Outcome:
    """A dealt table and the events of dealing it; the priority roll is ``priority``
    (Ann's die, Ben's die)."""
    seats = [Seat(0, "Ann", ann), Seat(1, "Ben", ben)]
    return ENGINE.start(seats, options, Scripted(priority))


def start(
    ann: dict = KOM, ben: dict = BLOOD, priority: tuple[int, int] = (6, 1), **options: Any
) -> dict[str, Any]:
    """A dealt table (see ``deal``)."""
    return deal(ann, ben, priority, **options).state


def outcome(state: dict, seat: int | None, action: dict, faces: Iterable[int] = ()) -> Outcome:
    """The state after ``action`` and its events; ``faces`` are the dice Muster rolls."""
    return ENGINE.apply(state, seat, action, Scripted(faces))


def act(state: dict, seat: int | None, action: dict, faces: Iterable[int] = ()) -> dict:
    return outcome(state, seat, action, faces).state


@dataclass
class Played:
    """A table played action by action, keeping every event as the site's log does."""

    state: dict[str, Any]
    events: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def dealt(cls, **kwargs: Any) -> Played:
        """From the deal (``deal``'s arguments), its events first."""
        start = deal(**kwargs)
        return cls(start.state, list(start.events))

    def act(self, seat: int | None, action: dict, faces: Iterable[int] = ()) -> Played:
        done = outcome(self.state, seat, action, faces)
        self.state = done.state
        self.events += done.events
        return self


def markers(state: dict) -> dict:
    return act(act(state, 0, {"type": "marker"}), 1, {"type": "marker"})


def react_none(state: dict) -> dict:
    return act(state, state["react"]["seat"], {"type": "no-reaction"})


def pass_turn(state: dict) -> dict:
    return react_none(act(state, state["priority"], {"type": "pass"}))


def building(state: dict, seat: int, slug: str) -> dict:
    return next(b for b in state["players"][seat]["buildings"] if b["slug"] == slug)


def rich(state: dict, seat: int, amount: int = 40) -> dict:
    return act(state, seat, {"type": "resources", "delta": amount})


def skirmish() -> dict:
    """Ann has a Peasant (u1); Ben a Graveyard with Rite of Undeath and a Skeleton (u2).
    Then it is Ann's turn 3."""
    state = rich(markers(start(ann=KOM, ben=BEN)), 0, 10)
    state = react_none(act(state, 0, {"type": "make-unit", "building": "0c30", "unit": "peasant"}))
    state = react_none(act(state, 0, {"type": "play", "card": "0c0"}))
    state = react_none(act(state, 0, {"type": "play", "card": "0c1"}))
    state = rich(state, 1, 10)  # Ben: 2 income + 10
    state = react_none(act(state, 1, {"type": "build", "card": "1c31"}))
    state = react_none(act(state, 1, {"type": "play", "card": "1c0", "building": "1c31"}))
    return react_none(act(state, 1, {"type": "make-unit", "building": "1c31", "unit": "skeleton"}))
