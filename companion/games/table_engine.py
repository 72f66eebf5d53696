"""The one engine framework every table engine is built on: pure, no Django.

A game declares its phases (which moves each allows, what follows) and its moves (pure
functions that change a fresh copy of the state and return events); ``TableEngine`` owns
what every engine used to repeat: refusing an action that is not an object with a known
type, a move after the end, a seat that does not exist, a move its phase does not allow;
copying the state; stamping events; filtering what each seat may see of the log.

The state holds no copy of the log: the site keeps every action's events and builds the
log a seat sees through ``visible_log``. Randomness comes only from the ``rng`` passed in
(the site derives it from the table's seed and the action's seq), so a replay of the log
gives the same state.

A game's ``engine`` module exposes ``ENGINE``, an instance of its ``TableEngine``
subclass, which sets the class attributes and overrides ``setup``, ``view`` and
``offers`` (and where needed ``seat_count``, ``stamp`` and ``visible_event``). A game with
a large state may also override ``copy_state`` (copy only what its moves change) and
``shared_view`` (draw once what every seat's view holds alike): the site builds every
seat's view of a change together (``player_views``).

Two moves belong to the framework, logged by the table itself (never sent by a device):
``leave`` (a seat leaves mid-game, as the game declares in ``GameSystem.seat_leaving``:
the engine's ``concede``, ``eliminate`` or ``hand_over``) and ``end`` (the host ends the
game: ``end_by_host``). They go through ``apply`` like any move, so a replay of the log
and an undo see them; a seat that has left is offered nothing and may not act.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from companion.games.base import FieldSpec, RuleError, SeatLeaving
from companion.games.plain_data import clone
from companion.games.table import END, LEAVE, LEFT_SEATS, TABLE_MOVES, Outcome, Seat

Event = dict[str, Any]
# The largest change one counter correction may make (energy, resources, life points,
# impact tokens, pressure), declared once for every game: more than any counter of the
# five books holds, so a correction the table needs is never refused, yet no typed
# number can grow a counter past what the state, the log and every device hold.
MAX_DELTA = 100

# A move: changes ``state`` (a fresh copy it may mutate) for ``seat`` and returns its events.
MoveFunction = Callable[[dict[str, Any], Any, Mapping[str, Any], random.Random], list[Event]]


def counter_delta(action: Mapping[str, Any], key: str = "delta", *, what: str = "A change") -> int:
    """``action[key]`` as a counter correction: a whole number other than 0, at most
    ``MAX_DELTA`` either way, else a ``RuleError`` on ``key`` naming the bound. Every
    game's hand corrections read their delta here, so the bound is the same on every
    table and no path (API, page, socket) can skip it."""
    delta = action.get(key)
    if (
        isinstance(delta, bool)
        or not isinstance(delta, int)
        or delta == 0
        or not -MAX_DELTA <= delta <= MAX_DELTA
    ):
        raise RuleError({key: f"{what}: a whole number from -{MAX_DELTA} to {MAX_DELTA}, not 0."})
    return delta


@dataclass(frozen=True)
class Move:
    """One kind of action: its function, who may take it, and what a refusal says when
    the phase does not allow it."""

    run: MoveFunction
    players_only: bool = True  # the table itself (seat None) may not take it
    refusal: str = ""  # "" : "<type> is not possible <phase label>."


@dataclass(frozen=True)
class Phase:
    """One phase of play, as data: the moves it allows and the phase that follows it."""

    name: str
    moves: frozenset[str] = frozenset()
    label: str = ""  # for refusals: "during setup"
    then: str | None = None  # the phase ``TableEngine.end_phase`` moves to
    over: bool = False  # the game has ended: no move is possible

    @property
    def during(self) -> str:
        return self.label or f"during {self.name.replace('-', ' ')}"


class TableEngine(ABC):
    """Base of every table engine; see the module docstring for what a game provides."""

    OPTIONS: ClassVar[dict[str, Any]] = {}
    OPTION_FIELDS: ClassVar[tuple[FieldSpec, ...]] = ()
    # Plain counter changes: they commute, so the table applies them on a stale seq.
    DELTA_ACTIONS: ClassVar[frozenset[str]] = frozenset()
    # Simultaneous secret choices: they do not depend on another seat's latest move.
    INDEPENDENT_ACTIONS: ClassVar[frozenset[str]] = frozenset()
    PHASES: ClassVar[tuple[Phase, ...]] = ()
    MOVES: ClassVar[Mapping[str, Move]] = {}
    ANYTIME: ClassVar[frozenset[str]] = frozenset()  # allowed in every phase not over
    # Keys of the state every seat sees as they are. Nothing else of the state reaches a
    # device unless ``view`` adds it for that seat: a secret is never sent by default.
    PUBLIC: ClassVar[tuple[str, ...]] = ()
    PHASE_KEY: ClassVar[str] = "phase"
    OVER_TEXT: ClassVar[str] = "The game is over."

    def __init__(self) -> None:
        self.phases: dict[str, Phase] = {phase.name: phase for phase in self.PHASES}
        unknown = {
            move
            for phase in self.PHASES
            for move in phase.moves | self.ANYTIME
            if move not in self.MOVES
        }
        unknown |= {p.then for p in self.PHASES if p.then and p.then not in self.phases}
        if unknown:
            raise ValueError(f"{type(self).__name__} declares unknown moves or phases: {unknown}")
        if TABLE_MOVES & set(self.MOVES):
            raise ValueError(f"{type(self).__name__} declares the table's own moves {TABLE_MOVES}")
        self.table_moves: dict[str, Move] = {
            LEAVE: Move(self._leave, players_only=False),
            END: Move(self._end, players_only=False),
        }

    # --- what a game provides ----------------------------------------------------------

    @abstractmethod
    def setup(
        self, seats: list[Seat], options: Mapping[str, Any], rng: random.Random
    ) -> tuple[dict[str, Any], list[Event]]:
        """The state before the first action, and the events of dealing it."""

    @abstractmethod
    def view(self, state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know of ``state`` beyond the ``PUBLIC`` keys (None: the public
        board): its own secrets, and of the other seats only what they let show."""

    def offers(self, state: Mapping[str, Any], seat: int | None) -> list[dict[str, Any]]:
        """Action templates the page offers as buttons (the framework keeps only those the
        phase allows)."""
        return []

    def awaiting(self, state: Mapping[str, Any]) -> list[int]:
        """The seats whose move the table waits for now (whose turn it is, who has still
        to choose): their devices say so, and every page names them. Public: it tells
        that a seat must act, never what it holds. By default, the seats offered a move
        that is more than bookkeeping (``ANYTIME`` corrections and counter deltas)."""
        if self.is_over(state):
            return []
        bookkeeping = self.ANYTIME | self.DELTA_ACTIONS
        return [
            seat
            for seat in range(self.seat_count(state))
            if any(a["type"] not in bookkeeping for a in self.legal_actions(state, seat))
        ]

    def seat_count(self, state: Mapping[str, Any]) -> int:
        return len(state["names"])

    def stamp(self, state: Mapping[str, Any], event: Event) -> None:  # noqa: B027 (optional)
        """Add facts of the new ``state`` to an event (a round number, ...)."""

    def visible_event(self, event: Mapping[str, Any], seat: int | None) -> Event | None:
        """What ``seat`` may see of a logged event; None hides it. Events are public
        unless a game says otherwise."""
        return dict(event)

    def copy_state(self, state: Mapping[str, Any]) -> dict[str, Any]:
        """The fresh copy a move changes: a deep copy. A game whose state is large may
        share the parts no move ever changes in place (the random-play harness checks
        that ``apply`` leaves its input as it was)."""
        return clone(dict(state))

    def seat_name(self, state: Mapping[str, Any], seat: int) -> str:
        """The seat's player as the game's events name them (its ``names`` by default)."""
        names = state.get("names")
        return str(names[seat]) if isinstance(names, list) else f"Seat {seat + 1}"

    def concede(self, state: dict[str, Any], seat: int, rng: random.Random) -> list[Event]:
        """``seat`` has left and the game ends with it: the others win. The kernel only
        ends the game; a game with winners records them here."""
        self.finish(state)
        return []

    def eliminate(self, state: dict[str, Any], seat: int, rng: random.Random) -> list[Event]:
        """``seat`` has left and the game goes on without it: nothing waits for it any
        more. A game that declares ``SeatLeaving.ELIMINATED`` says how."""
        raise RuleError({"as": "This game cannot go on without a seat."})

    def hand_over(self, state: dict[str, Any], seat: int, rng: random.Random) -> list[Event]:
        """``seat`` has left and a teammate plays its side on. A game that declares
        ``SeatLeaving.TEAMMATE`` says how."""
        raise RuleError({"as": "This game has no teams."})

    def end_by_host(self, state: dict[str, Any], rng: random.Random) -> list[Event]:
        """The host ends the game: nobody wins. The kernel only ends it; a game that shows
        a result says so here."""
        self.finish(state)
        return []

    def shared_view(self, state: Mapping[str, Any]) -> dict[str, Any]:
        """What every seat's view holds alike, built once per change for all of them:
        the ``PUBLIC`` keys, and what a game draws the same for every seat (it is given
        no seat, so it cannot hold a secret of one)."""
        return {key: clone(state[key]) for key in self.PUBLIC}

    # --- what the framework owns ---------------------------------------------------------

    def phase(self, state: Mapping[str, Any]) -> Phase:
        return self.phases[state[self.PHASE_KEY]]

    def start(self, seats: list[Seat], options: Mapping[str, Any], rng: random.Random) -> Outcome:
        state, events = self.setup(seats, options or {}, rng)
        for event in events:
            self.stamp(state, event)
        return Outcome(state, events)

    def initial_state(
        self, seats: list[Seat], options: Mapping[str, Any], rng: random.Random
    ) -> dict[str, Any]:
        return self.start(seats, options, rng).state

    def allows(self, state: Mapping[str, Any], kind: str) -> bool:
        """Whether the current phase allows actions of type ``kind`` (the table's own moves:
        every phase before the end)."""
        phase = self.phase(state)
        return not phase.over and (
            kind in phase.moves or kind in self.ANYTIME or kind in TABLE_MOVES
        )

    def apply(
        self,
        state: Mapping[str, Any],
        seat: int | None,
        action: Mapping[str, Any],
        rng: random.Random,
    ) -> Outcome:
        """The state after ``action`` by ``seat`` and its events; a ``RuleError`` names
        what is wrong and changes nothing (``state`` is never mutated)."""
        kind, move = self._move(action)
        phase = self.phase(state)
        if phase.over:
            raise RuleError({"type": self.OVER_TEXT})
        if seat is None:
            if move.players_only:
                raise RuleError({"seat": "Only a player may do this."})
        elif kind in TABLE_MOVES:
            raise RuleError({"seat": "Only the table itself does this."})
        elif not self.is_seat(state, seat):
            raise RuleError({"seat": "No such seat."})
        elif self.has_left(state, seat):
            raise RuleError({"seat": "This seat has left the game."})
        if not self.allows(state, kind):
            raise RuleError({"type": self.refusal(state, seat, kind)})
        new = self.copy_state(state)
        events = move.run(new, seat, action, rng)
        for event in events:
            self.stamp(new, event)
        return Outcome(new, events)

    def refusal(self, state: Mapping[str, Any], seat: int | None, kind: str) -> str:
        """What a move its phase does not allow is told: the move's own refusal, else a
        plain sentence. A game may word it from the state ("Ben may react first.")."""
        move = self.MOVES[kind]
        return move.refusal or f"{kind.capitalize()} is not possible {self.phase(state).during}."

    def _move(self, action: Any) -> tuple[str, Move]:
        if not isinstance(action, Mapping):
            raise RuleError({"action": "An action is an object with a type."})
        kind = action.get("type")
        move = None
        if isinstance(kind, str):
            move = self.MOVES.get(kind) or self.table_moves.get(kind)
        if move is None:
            raise RuleError({"type": f"Unknown action {kind!r}."})
        return kind, move

    def end_phase(self, state: dict[str, Any]) -> str:
        """Move ``state`` to the phase its current phase declares next."""
        following = self.phase(state).then
        if following is None:
            raise ValueError(f"Phase {state[self.PHASE_KEY]!r} declares no next phase.")
        state[self.PHASE_KEY] = following
        return following

    def finish(self, state: dict[str, Any]) -> str:
        """End the game from any phase: move ``state`` to the phase declared over."""
        final = next(phase.name for phase in self.PHASES if phase.over)
        state[self.PHASE_KEY] = final
        return final

    def is_seat(self, state: Mapping[str, Any], seat: Any) -> bool:
        """Whether ``seat`` is a seat number of this game (None, the table, is not)."""
        return (
            isinstance(seat, int)
            and not isinstance(seat, bool)
            and 0 <= seat < self.seat_count(state)
        )

    def is_over(self, state: Mapping[str, Any]) -> bool:
        return self.phase(state).over

    def left_seats(self, state: Mapping[str, Any]) -> list[int]:
        """The seats that have left the game (``leave``), in order."""
        return list(state.get(LEFT_SEATS, ()))

    def has_left(self, state: Mapping[str, Any], seat: Any) -> bool:
        return seat in state.get(LEFT_SEATS, ())

    def _leave(
        self, state: dict[str, Any], seat: None, action: Mapping[str, Any], rng: random.Random
    ) -> list[Event]:
        """The table's move ``leave``: the seat is out of the game from now on (offered
        nothing, refused any move), then the game goes on as it was declared."""
        leaving = action.get("seat")
        if not self.is_seat(state, leaving):
            raise RuleError({"seat": "No such seat."})
        if self.has_left(state, leaving):
            raise RuleError({"seat": "This seat has already left the game."})
        try:
            how = SeatLeaving(action.get("as"))
        except ValueError:
            raise RuleError({"as": f"One of: {', '.join(SeatLeaving)}."}) from None
        state[LEFT_SEATS] = sorted({*self.left_seats(state), leaving})
        left: Event = {
            "type": LEAVE,
            "seat": leaving,
            "as": how.value,
            "text": f"{self.seat_name(state, leaving)} has left the table.",
            "barrier": True,  # nobody takes back a player's leaving
        }
        run = {
            SeatLeaving.CONCEDE: self.concede,
            SeatLeaving.ELIMINATED: self.eliminate,
            SeatLeaving.TEAMMATE: self.hand_over,
        }[how]
        return [left, *run(state, leaving, rng)]

    def _end(
        self, state: dict[str, Any], seat: None, action: Mapping[str, Any], rng: random.Random
    ) -> list[Event]:
        """The table's move ``end``: the host ends the game."""
        ended: Event = {"type": END, "text": "The host ended the game.", "barrier": True}
        return [ended, *self.end_by_host(state, rng)]

    def player_view(self, state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know: the declared public keys (and the rest of the shared
        view), plus what the game's ``view`` adds for that seat (its own hand, whether the
        others have chosen...)."""
        return self.player_views(state, [seat])[seat]

    def player_views(
        self, state: Mapping[str, Any], seats: Iterable[int | None]
    ) -> dict[int | None, dict[str, Any]]:
        """Each of ``seats``' views of one state, the shared part built once. The views
        share its objects: they are read and encoded, never changed."""
        shared = self.shared_view(state)
        return {seat: {**shared, **self.view(state, seat)} for seat in seats}

    def legal_actions(self, state: Mapping[str, Any], seat: int | None) -> list[dict[str, Any]]:
        if self.is_over(state) or (
            seat is not None and (not self.is_seat(state, seat) or self.has_left(state, seat))
        ):
            return []
        return [a for a in self.offers(state, seat) if self.allows(state, a["type"])]

    def visible_log(self, events: Iterable[Mapping[str, Any]], seat: int | None) -> list[Event]:
        """The log as ``seat`` may read it, from the stored events in order."""
        shown = (self.visible_event(event, seat) for event in events)
        return [event for event in shown if event is not None]
