"""The contract of a game's table engine (``<package>/engine.py``): pure, no Django.

The live table stores an action log; the state is the fold of that log through the
engine. A game's ``engine`` module exposes:

- ``OPTIONS: dict[str, Any]`` the named house rules (RULINGS.md **options**) and defaults.
- ``OPTION_FIELDS: tuple[FieldSpec, ...]`` one field per ``OPTIONS`` key (label, type
  ``bool``/``int``/``choice``/``str``, choices, bounds, help): the table-creation form is
  built from them, and a value of the wrong type or out of range is refused up front.
- ``initial_state(seats: list[Seat], options: Mapping, rng: Random) -> dict``: the JSON
  state before the first action. ``seats`` are numbered from 0 in table order.
- ``apply(state: Mapping, seat: int | None, action: Mapping, rng: Random) -> Outcome``:
  the new state and the events the action caused, or ``RuleError`` (companion.games.base)
  naming what is wrong. ``seat`` is None for the table itself (host actions). Never
  mutates ``state``. All randomness comes from ``rng``, which the server derives from the
  table's seed and the action's ``seq``, so replaying the log gives the same state.
- ``player_view(state: Mapping, seat: int | None) -> dict``: what that seat may know
  (None: the public board / spectators). Hidden choices, hands and deck orders of other
  seats never appear in it.
- ``is_over(state) -> bool`` and ``legal_actions(state, seat) -> list[dict]`` (action
  templates the page can offer as buttons).
- ``DELTA_ACTIONS: frozenset[str]``: action types that are plain counter changes (sent as
  deltas): they commute, so the table applies them even when the sender's ``seq`` is stale.
- ``INDEPENDENT_ACTIONS: frozenset[str]`` (optional): simultaneous secret choices, which
  do not depend on what another seat just did; they too stand on a stale ``seq``.

Events are small JSON dicts with a ``type`` and a human ``text``; an event with
``"barrier": True`` (a reveal, a random result) stops undo from reaching back past it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from companion.games.base import FieldSpec, RuleError


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


class Engine(Protocol):
    OPTIONS: dict[str, Any]
    DELTA_ACTIONS: frozenset[str]

    def initial_state(
        self, seats: list[Seat], options: Mapping[str, Any], rng: random.Random
    ) -> dict[str, Any]: ...

    def apply(
        self,
        state: Mapping[str, Any],
        seat: int | None,
        action: Mapping[str, Any],
        rng: random.Random,
    ) -> Outcome: ...

    def player_view(self, state: Mapping[str, Any], seat: int | None) -> dict[str, Any]: ...

    def is_over(self, state: Mapping[str, Any]) -> bool: ...

    def legal_actions(self, state: Mapping[str, Any], seat: int | None) -> list[dict]: ...


def handler_for(handlers: Mapping[str, Any], action: Any) -> Any:
    """The move function an engine keeps for ``action``'s type: one clear refusal, the
    same in every game, for anything that is not an object with a known type."""
    if not isinstance(action, Mapping):
        raise RuleError({"action": "An action is an object with a type."})
    kind = action.get("type")
    handler = handlers.get(kind) if isinstance(kind, str) else None
    if handler is None:
        raise RuleError({"type": f"Unknown action {kind!r}."})
    return handler


def action_rng(seed: str, seq: int) -> random.Random:
    """The random source of the action with ``seq`` at a table with ``seed``."""
    return random.Random(f"{seed}:{seq}")


def replay(
    engine: Engine,
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


def option_fields(engine: Any) -> tuple[FieldSpec, ...]:
    """The engine's declared options, in form order ((): a game without house rules)."""
    return tuple(getattr(engine, "OPTION_FIELDS", ()))


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
