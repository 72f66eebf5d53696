"""What every table shares, beside the engine framework: pure, no Django.

A game's ``engine`` module exposes ``ENGINE``, a ``companion.games.table_engine.TableEngine``
(its options, phases and moves). The live table stores an action log; the state is the
fold of that log through the engine (``replay``). Randomness comes only from the
``random.Random`` the site derives from the table's seed and the action's ``seq``
(``action_rng``), so replaying the log gives the same state. Events are small JSON dicts
with a ``type`` and a human ``text``; an event with ``"barrier": True`` (a reveal, a
random result) stops undo from reaching back past it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion.games.base import FieldSpec, RuleError

if TYPE_CHECKING:
    from companion.games.table_engine import TableEngine


# The table's own moves (``TableEngine``): taken by the table (seat None), never by a
# device, in any phase before the end: a seat leaving mid-game and the host ending the
# game. ``{"type": "leave", "seat": 2, "as": "concede"}`` carries how the seat left (the
# game's declaration then), so an old log replays the same.
LEAVE = "leave"
END = "end"
TABLE_MOVES = frozenset({LEAVE, END})
LEFT_SEATS = "left_seats"  # the state's sorted list of the seats that have left


@dataclass(frozen=True)
class Seat:
    """One seat at the table: its number, its player's name, and the list they bring."""

    number: int
    name: str
    list_body: Mapping[str, Any] = field(default_factory=dict)


@dataclass
class Outcome:
    state: dict[str, Any]
    events: list[dict[str, Any]] = field(default_factory=list)

    @property
    def is_barrier(self) -> bool:
        return any(event.get("barrier") for event in self.events)


def action_rng(seed: str, seq: int) -> random.Random:
    """The random source of the action with ``seq`` at a table with ``seed``."""
    return random.Random(f"{seed}:{seq}")


def replay(
    engine: TableEngine,
    seats: list[Seat],
    options: Mapping[str, Any],
    seed: str,
    log: list[tuple[int, int | None, Mapping[str, Any]]],
) -> dict[str, Any]:
    """The state after ``log`` ((seq, seat, action) in order): the source of truth. The
    one fold of the log: the site's ``rebuild_state`` and the tests both use it."""
    state = engine.initial_state(seats, options, action_rng(seed, 0))
    for seq, seat, action in log:
        state = engine.apply(state, seat, action, action_rng(seed, seq)).state
    return state


def retell(
    engine: TableEngine,
    seats: list[Seat],
    options: Mapping[str, Any],
    seed: str,
    log: list[tuple[int, int | None, Mapping[str, Any]]],
    undos: Mapping[int, int],
) -> tuple[list[dict[str, Any]], dict[int, list[dict[str, Any]]], dict[str, Any]]:
    """The log told again from ``seats`` (renamed, say): the events of the deal, each move's
    events as it was made at its time, and the state now. ``log`` holds every move (seq,
    seat, action), undone ones too; ``undos`` maps the seq of each undo to the seq it took
    back. A move is applied to the state of its time: the moves before it, less those
    undone by then. Names are in the events' texts, so renaming a seat means retelling.
    ``RuleError`` when a move no longer applies."""
    dealt = engine.start(seats, options, action_rng(seed, 0))
    state: dict[str, Any] = dealt.state
    before: dict[str, Any] | None = None  # the state before the latest standing move
    standing: list[tuple[int, int | None, Mapping[str, Any]]] = []
    told: dict[int, list[dict[str, Any]]] = {}
    entries: list[tuple[int, tuple[int | None, Mapping[str, Any]] | None]] = [
        (seq, (seat, action)) for seq, seat, action in log
    ]
    entries += [(seq, None) for seq in undos]
    entries.sort(key=lambda entry: entry[0])
    for seq, move in entries:
        if move is None:  # an undo: back to the state before the move it took back
            target = undos[seq]
            if standing and standing[-1][0] == target and before is not None:
                state, before = before, None
                standing.pop()
            else:
                standing = [entry for entry in standing if entry[0] != target]
                state, before = replay(engine, seats, options, seed, standing), None
            continue
        seat, action = move
        outcome = engine.apply(state, seat, action, action_rng(seed, seq))
        told[seq] = outcome.events
        before, state = state, outcome.state
        standing.append((seq, seat, action))
    return dealt.events, told, state


def option_fields(engine: TableEngine) -> tuple[FieldSpec, ...]:
    """The engine's declared options, in form order ((): a game without house rules)."""
    return tuple(engine.OPTION_FIELDS)


def read_option_form(fields: tuple[FieldSpec, ...], raw: Mapping[str, str]) -> dict[str, Any]:
    """Typed option values from a form's strings (``raw[name]``); a missing checkbox is
    False, a missing value keeps the default. ``RuleError`` names ``options.<name>``."""
    values: dict[str, Any] = {}
    errors: dict[str, str] = {}
    for spec in fields:
        text = raw.get(spec.name)
        if spec.type == "bool":
            values[spec.name] = text not in (None, "", "0", "false", "off")
        elif text in (None, ""):
            continue
        elif spec.type == "int":
            try:
                values[spec.name] = int(str(text).strip())
            except ValueError:
                errors[f"options.{spec.name}"] = "Expected a whole number."
        else:
            values[spec.name] = str(text).strip()
    if errors:
        raise RuleError(errors)
    check_options(fields, values)
    return values


def check_options(fields: tuple[FieldSpec, ...], options: Mapping[str, Any]) -> None:
    """Refuse option values of the wrong type, outside their bounds or not among their
    choices. ``str`` options are free-form here: the engine reads them at the start."""
    errors: dict[str, str] = {}
    for spec in fields:
        if spec.name not in options:
            continue
        value, path = options[spec.name], f"options.{spec.name}"
        if spec.type == "bool" and not isinstance(value, bool):
            errors[path] = "Expected true or false."
        elif spec.type == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                errors[path] = "Expected a whole number."
            elif spec.min_value is not None and value < spec.min_value:
                errors[path] = f"Must be at least {spec.min_value}."
            elif spec.max_value is not None and value > spec.max_value:
                errors[path] = f"Must be at most {spec.max_value}."
        elif spec.type == "choice" and value not in spec.choices:
            errors[path] = f"Must be one of: {', '.join(map(str, spec.choices))}."
    if errors:
        raise RuleError(errors)
