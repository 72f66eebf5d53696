"""One random-play harness for every registered table engine.

Each game that declares an engine is dealt from its example list (as the site deals a
seat that brought none) with its default options, and played for up to ``MAX_MOVES``
moves over several seeds, each move one of the actions ``legal_actions`` offers some seat
(or the table), chosen at random: first an action type, then one action of that type, so
a flood of side moves (counter corrections, contacts) does not drown the game's flow, and
a move that ends the game is put off most of the time so games get somewhere.

On some seeds (``LEAVE_SEEDS``) a seat leaves mid-game, early, as the table makes it
leave when its player deletes their account or the host removes it: the framework's
``leave`` move, taken by the table, as the game declares (``GameSystem.seat_leaving``).
The game must go on from there (or end) like any other: no seat waits for the one that
left, and the checks below hold across it.

A template that leaves the player's own choice open (where terrain goes, a set-up's
cells) is completed by the game's test package if it has ``random_play.complete(state,
seat, template, rnd)`` (``tests/games/<package>/random_play.py``); otherwise it is sent as
offered. An offered move the engine refuses is not a failure (templates may need that
choice); a game that is not over while no seat has a move the engine accepts is.

Checked for every game, the properties the games share:

1. folding the applied actions (as the site stores them: JSON, with ``action_rng(seed,
   seq)``) from the initial state gives the same state, with ``companion.games.table.replay``
   (which the site's ``rebuild_state`` uses too);
2. every state, every seat's view and the public view survive a JSON round trip, and
   ``apply`` never changes the state it is given;
3. the same seed gives the same game (two runs equal, move for move);
4. no secret choice shows: when a seat makes one of the engine's ``INDEPENDENT_ACTIONS``
   (simultaneous secret choices), every other seat's view, the public view and every other
   seat's offered actions are the same whichever of its offered choices it made, unless
   the move revealed something (an event with ``"barrier"``: a reveal or a random result).
   Hidden content dealt by the random source (hands, deck orders) has no generic marker in
   the engine contract, so which parts of a state a view may not show stays in each game's
   own property tests (``hide_other`` and the like).
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import random
from collections import Counter
from collections.abc import Callable
from copy import deepcopy
from dataclasses import dataclass, field
from typing import Any

import pytest

from companion.games.base import GameSystem, RuleError
from companion.games.registry import all_games
from companion.games.table import LEAVE, Outcome, Seat, action_rng, replay

MAX_MOVES = 200
SEEDS = range(5)
ALTERNATIVES = 6  # other secret choices compared per secret move
PUT_OFF = 0.9  # how often a move that would end the game is put off for another
LEAVE_SEEDS = (3, 4)  # a seat leaves the game early on these seeds

ENGINE_GAMES = [g for g in all_games().values() if g.capabilities.engine is not None]

Completer = Callable[[dict[str, Any], int | None, dict[str, Any], random.Random], dict[str, Any]]


def _as_offered(state: Any, seat: Any, template: dict[str, Any], rnd: Any) -> dict[str, Any]:
    return deepcopy(template)


def completer(game: GameSystem) -> Completer:
    """The game's test package's ``random_play.complete``, else the template as offered."""
    package = type(game).__module__.rpartition(".")[2]
    name = f"tests.games.{package}.random_play"
    if importlib.util.find_spec(f"tests.games.{package}") is None:
        return _as_offered
    if importlib.util.find_spec(name) is None:
        return _as_offered
    return importlib.import_module(name).complete


def seats_of(game: GameSystem, count: int) -> list[Seat]:
    """``count`` seats, as the site deals players who brought no list."""
    example = game.example_list() if game.list_noun else {}
    return [Seat(number=i, name=f"Player {i}", list_body=deepcopy(example)) for i in range(count)]


def deal(game: GameSystem, seed: int) -> tuple[list[Seat], dict[str, Any], str, dict[str, Any]]:
    """Seats, options, table seed and initial state: games that seat more than their
    minimum get one more seat on odd seeds, unless the engine refuses that many example
    lists with its default options (Maker-War's setup table caps a side's rare stars)."""
    engine = game.table_engine()
    options, table_seed = dict(engine.OPTIONS), f"random-play-{seed}"
    extra = seed % 2 and (game.max_players is None or game.max_players > game.min_players)
    counts = [game.min_players + 1, game.min_players] if extra else [game.min_players]
    for count in counts:
        seats = seats_of(game, count)
        try:
            state = engine.initial_state(seats, options, action_rng(table_seed, 0))
        except RuleError:
            if count == counts[-1]:
                raise  # even the minimum is refused: a real failure
            continue  # that many example lists refused: deal the minimum instead
        return seats, options, table_seed, state
    raise AssertionError("unreachable: the last count returns or raises")


def roundtrip(value: Any) -> Any:
    return json.loads(json.dumps(value))


@dataclass
class Played:
    seats: list[Seat]
    options: dict[str, Any]
    seed: str
    log: list[tuple[int, int | None, dict[str, Any]]] = field(default_factory=list)
    states: list[dict[str, Any]] = field(default_factory=list)
    refused: Counter[str] = field(default_factory=Counter)
    secret_checks: int = 0
    stuck: bool = False

    @property
    def state(self) -> dict[str, Any]:
        return self.states[-1]


def check_state(engine: Any, state: dict[str, Any], seats: int) -> None:
    assert roundtrip(state) == state, "the state does not survive JSON"
    for seat in [*range(seats), None]:
        view = engine.player_view(state, seat)
        assert roundtrip(view) == view, f"seat {seat}'s view does not survive JSON"


def try_move(
    engine: Any, state: dict[str, Any], seat: int | None, action: dict[str, Any], rng: Any
) -> Outcome | None:
    try:
        outcome = engine.apply(state, seat, action, rng)
    except RuleError as error:
        assert error.errors, "a refusal names what is wrong"
        outcome = None
    if outcome is not None:
        assert roundtrip(outcome.events) == outcome.events
        assert all(isinstance(e.get("type"), str) for e in outcome.events), outcome.events
    return outcome


def check_secret(
    engine: Any,
    played: Played,
    seat: int,
    action: dict[str, Any],
    outcome: Outcome,
    complete: Completer,
    rnd: random.Random,
) -> None:
    """Property 4 for one secret move: the other choices ``seat`` was offered leave
    everyone else's view and offered actions as they are after ``action``."""
    secret = getattr(engine, "INDEPENDENT_ACTIONS", frozenset())
    state, seq = played.state, len(played.log) + 1
    if action["type"] not in secret or outcome.is_barrier:
        return
    others = [*(s.number for s in played.seats if s.number != seat), None]
    seen = {
        viewer: (
            engine.player_view(outcome.state, viewer),
            engine.legal_actions(outcome.state, viewer),
        )
        for viewer in others
    }
    offered = [a for a in engine.legal_actions(state, seat) if a["type"] in secret]
    for template in rnd.sample(offered, min(ALTERNATIVES, len(offered))):
        other = complete(state, seat, template, rnd)
        if other == action:
            continue
        alternative = try_move(engine, state, seat, other, action_rng(played.seed, seq))
        if alternative is None or alternative.is_barrier:
            continue
        played.secret_checks += 1
        for viewer in others:
            got = (
                engine.player_view(alternative.state, viewer),
                engine.legal_actions(alternative.state, viewer),
            )
            assert got == seen[viewer], (
                f"seat {viewer} can tell seat {seat}'s secret {action} from {other}"
            )


def leave(game: GameSystem, played: Played, rnd: random.Random) -> tuple[None, dict, Outcome]:
    """A seat still in the game leaves it (the table's ``leave``, as the game declares):
    always accepted while the game is on."""
    engine = game.table_engine()
    state = played.state
    staying = [s.number for s in played.seats if not engine.has_left(state, s.number)]
    action = {"type": LEAVE, "seat": rnd.choice(staying), "as": game.seat_leaving.value}
    outcome = engine.apply(state, None, action, action_rng(played.seed, len(played.log) + 1))
    assert engine.has_left(outcome.state, action["seat"])
    assert engine.legal_actions(outcome.state, action["seat"]) == []
    assert action["seat"] not in engine.awaiting(outcome.state)
    return None, action, outcome


def play(game: GameSystem, seed: int, checks: bool = True) -> Played:
    """One seeded game; ``checks`` off plays the same moves without checking them."""
    engine = game.table_engine()
    complete = completer(game)
    rnd = random.Random(f"moves:{game.slug}:{seed}")
    secrets_rnd = random.Random(f"secrets:{game.slug}:{seed}")
    leaving = random.Random(f"leave:{game.slug}:{seed}")
    leave_at = leaving.randrange(2, 20) if seed in LEAVE_SEEDS else None
    seats, options, table_seed, state = deal(game, seed)
    played = Played(seats, options, table_seed)
    table = [*range(len(played.seats)), None]
    played.states.append(state)
    if checks:
        check_state(engine, state, len(played.seats))
    while len(played.log) < MAX_MOVES and not engine.is_over(state):
        seq = len(played.log) + 1
        if len(played.log) == leave_at:
            _, action, outcome = leave(game, played, leaving)
            state = outcome.state
            if checks:
                check_state(engine, state, len(played.seats))
            played.log.append((seq, None, roundtrip(action)))
            played.states.append(state)
            continue
        offered: dict[str, list[tuple[int | None, dict[str, Any]]]] = {}
        for seat in table:
            for template in engine.legal_actions(state, seat):
                offered.setdefault(template["type"], []).append((seat, template))
        chosen, ending = None, None
        frozen = json.dumps(state) if checks else ""
        while offered and chosen is None:
            kind = rnd.choice(sorted(offered))
            moves = offered[kind]
            seat, template = moves.pop(rnd.randrange(len(moves)))
            if not moves:
                del offered[kind]
            action = complete(state, seat, template, rnd)
            outcome = try_move(engine, state, seat, action, action_rng(played.seed, seq))
            if outcome is None:
                played.refused[kind] += 1
            elif engine.is_over(outcome.state) and offered and rnd.random() < PUT_OFF:
                ending = ending or (seat, action, outcome)
            else:
                chosen = (seat, action, outcome)
        chosen = chosen or ending
        if checks:
            assert json.dumps(state) == frozen, "apply changed the state it was given"
        if chosen is None:
            played.stuck = True
            break
        seat, action, outcome = chosen
        if checks and seat is not None:
            check_secret(engine, played, seat, action, outcome, complete, secrets_rnd)
        state = outcome.state
        if checks:
            check_state(engine, state, len(played.seats))
        played.log.append((seq, seat, roundtrip(action)))
        played.states.append(state)
    return played


CASES = [(game, seed) for game in ENGINE_GAMES for seed in SEEDS]


def test_every_engine_is_played() -> None:
    assert ENGINE_GAMES, "no registered game declares a table engine"
    assert all(game.table_engine() is not None for game in ENGINE_GAMES)


@pytest.mark.parametrize(("game", "seed"), CASES, ids=[f"{g.slug}-{s}" for g, s in CASES])
def test_random_play(game: GameSystem, seed: int) -> None:
    played = play(game, seed)
    engine = game.table_engine()
    over = engine.is_over(played.state)
    assert not played.stuck, (
        f"not over after {len(played.log)} moves, yet no seat has a move the engine "
        f"accepts (refused: {dict(played.refused)})"
    )
    assert played.log, f"no move was ever accepted (refused: {dict(played.refused)})"
    # 1. The site's fold of the stored log gives the same state.
    stored = roundtrip(played.log)
    folded = replay(engine, played.seats, roundtrip(played.options), played.seed, stored)
    assert folded == played.state
    # 3. The same seed gives the same game.
    again = play(game, seed, checks=False)
    assert again.log == played.log and again.states == played.states
    print(
        f"{game.slug} seed {seed}: {len(played.seats)} seats, {len(played.log)} moves, "
        f"{'over' if over else 'not over'}, {played.secret_checks} secret comparisons, "
        f"refused {dict(played.refused)}"
    )
