"""Writes at the live table: open, join, start, act, undo, remove a seat.

Every action goes through ``act``: one row lock on the table, the client id makes a
resend harmless, the ``seq`` the device last saw makes a stale action fail with the
current state (except plain counter deltas, which commute), the engine decides, and the
new view goes out to every device only after the commit.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, connection, transaction

from catalog.models import Game
from companion.games import dice
from companion.games.base import RuleError
from companion.games.registry import get_game
from companion.games.table import Seat as EngineSeat
from companion.games.table import action_rng, check_options, option_fields, replay
from companion.table import broadcast, rows
from companion.table.models import Action, Seat, Table, TableStatus
from companion.table.selectors import START, TABLE_ACTIONS, agreed_undo_target, undoable


class StaleAction(Exception):
    """The device acted on an old state; it gets the current one instead."""

    def __init__(self, table: Table):
        self.table = table
        super().__init__(f"The table is at {table.seq}; reload and try again.")


@dataclass
class ActResult:
    table: Table
    action: Action | None  # None: an undo request waiting for the other seats to agree
    replayed: bool  # True when this client id had already been applied


def engine_of(game: Game) -> Any:
    engine = get_game(game.slug).table_engine()
    if engine is None:
        raise RuleError({"game": f"{game.name} has no live table yet."})
    return engine


# The start entry's client id: ``table:`` ids are the table's own, refused from devices.
START_CLIENT_ID = "table:start"


def _engine_seats(table: Table) -> list[EngineSeat]:
    """The seats as the engine sees them; a player who brought no list plays the game's
    example list, so a table can start without anyone preparing one."""
    system = get_game(table.game.slug)
    fallback = system.example_list() if system.capabilities.build_rules is not None else {}
    return [
        EngineSeat(number=s.number, name=s.name, list_body=s.list_body or fallback)
        for s in table.seats.filter(removed=False).order_by("number")
    ]


def start_entry(seats: list[EngineSeat], options: Mapping[str, Any]) -> dict[str, Any]:
    """The log's first entry (``seq`` 0): the seats and options the game was dealt from,
    so that folding the log gives the same game whoever has left the table since. List
    bodies may be private: the entry is the table's own (``seat`` None), never exported."""
    return {
        "type": START,
        "seats": [
            {"number": s.number, "name": s.name, "list_body": dict(s.list_body)} for s in seats
        ],
        "options": dict(options),
    }


def seats_of_entry(payload: Mapping[str, Any]) -> list[EngineSeat]:
    """The engine's seats as a start entry recorded them, in their places."""
    return [
        EngineSeat(number=s["number"], name=s["name"], list_body=s["list_body"])
        for s in payload["seats"]
    ]


def _number_in_order(table: Table) -> None:
    """Seats ``0..n-1`` in table order before the deal, removed ones after them.

    Engines know a seat by its place among the players, and the table passes a seat's
    number: a seat removed in the lobby would otherwise shift every later player by one
    (seat 2 seeing and playing seat 3's hand). Safe while the table is open (nobody has a
    hidden view yet; devices find their seat by token and listen by seat row). Two steps
    (all past the highest number, then into place) so no step repeats a number."""
    seats = list(table.seats.order_by("removed", "number"))
    if all(seat.number == place for place, seat in enumerate(seats)):
        return
    past = max(seat.number for seat in seats) + 1
    for step in (lambda place, seat: past + seat.number, lambda place, seat: place):
        for place, seat in enumerate(seats):
            seat.number = step(place, seat)
        Seat.objects.bulk_update(seats, ["number"])


@transaction.atomic
def table_create(
    *,
    host: Any,
    game: Game,
    name: str,
    options: Mapping[str, Any] | None = None,
    list_body: Mapping[str, Any] | None = None,
) -> Table:
    """A new table with its host in seat 1; others join by code, link or QR code."""
    engine = engine_of(game)
    chosen = {**engine.OPTIONS, **(options or {})}
    unknown = set(chosen) - set(engine.OPTIONS)
    if unknown:
        raise RuleError({f"options.{k}": "Unknown option." for k in sorted(unknown)})
    check_options(option_fields(engine), chosen)
    if not name.strip():
        raise RuleError({"name": "This field is required."})
    for _ in range(5):
        try:
            with transaction.atomic():
                table = Table.objects.create(game=game, host=host, options=chosen)
            break
        except IntegrityError:  # a code clash, 1 in a billion: draw again
            continue
    Seat.objects.create(
        table=table, number=0, name=name.strip()[:40], user=host, list_body=dict(list_body or {})
    )
    return table


@transaction.atomic
def seat_join(
    *, table: Table, name: str, user: Any = None, list_body: Mapping[str, Any] | None = None
) -> Seat:
    """Take the next free seat while the table is still open."""
    table = Table.objects.select_for_update().get(pk=table.pk)
    if table.status != TableStatus.OPEN:
        raise RuleError({"table": "The game has started; join as a spectator instead."})
    if not name.strip():
        raise RuleError({"name": "This field is required."})
    system = get_game(table.game.slug)
    seats = list(table.seats.filter(removed=False))
    if system.max_players is not None and len(seats) >= system.max_players:
        raise RuleError({"table": f"The table is full ({system.max_players} players)."})
    if user is not None and getattr(user, "is_authenticated", False):
        mine = next((s for s in seats if s.user_id == user.pk), None)
        if mine is not None:
            return mine
    number = max((s.number for s in table.seats.all()), default=-1) + 1
    seat = Seat.objects.create(
        table=table,
        number=number,
        name=name.strip()[:40],
        user=user if getattr(user, "is_authenticated", False) else None,
        list_body=dict(list_body or {}),
    )
    broadcast.after_commit(table)  # the lobby on every screen shows the new seat
    return seat


@transaction.atomic
def seat_remove(*, table: Table, number: int, by: Any) -> None:
    """The host takes a seat away (a player who left); the game keeps its log."""
    if table.host_id != getattr(by, "pk", None):
        raise RuleError({"seat": "Only the host may remove a seat."})
    table = Table.objects.select_for_update().get(pk=table.pk)  # not while the start renumbers
    updated = table.seats.filter(number=number).update(removed=True)
    if not updated:
        raise RuleError({"seat": "No such seat."})
    table.save(update_fields=["updated"])  # a new version of every view (view_texts)
    broadcast.after_commit(table)


@transaction.atomic
def table_start(*, table: Table, by: Any) -> Table:
    """Deal the game: the engine's initial state from the seats and their lists."""
    table = Table.objects.select_for_update().get(pk=table.pk)
    if table.host_id != getattr(by, "pk", None):
        raise RuleError({"table": "Only the host may start the game."})
    if table.status != TableStatus.OPEN:
        raise RuleError({"table": "The game has already started."})
    system = get_game(table.game.slug)
    seated = table.seats.filter(removed=False).count()
    if seated < system.min_players:
        raise RuleError({"table": f"Waiting for {system.min_players - seated} more player(s)."})
    engine = engine_of(table.game)
    _number_in_order(table)
    seats = _engine_seats(table)
    dealt = engine.start(seats, table.options, action_rng(table.seed, 0))
    table.state = dealt.state
    Action.objects.create(
        table=table,
        seq=0,
        seat=None,
        client_id=START_CLIENT_ID,
        payload=start_entry(seats, table.options),
        events=[{"type": START, "text": "The game started."}, *dealt.events],
        author=by if getattr(by, "is_authenticated", False) else None,
    )
    table.status = TableStatus.PLAYING
    table.save(update_fields=["state", "status", "updated"])
    broadcast.after_commit(table)
    return table


def act(
    *,
    table: Table,
    seat: int | None,
    payload: Mapping[str, Any],
    seen_seq: int | None,
    client_id: str,
    author: Any = None,
) -> ActResult:
    """Apply one action, exactly once, or refuse it with the reason (``RuleError``) or the
    current state (``StaleAction``); nothing changes on refusal.

    A resend of an action already applied is found by its client id, but only when it would
    be refused or logged twice: the log's unique (table, client id) is what keeps it once,
    so the usual new action costs no search of the log."""
    _check_client_id(client_id)
    if not isinstance(payload, Mapping) or not isinstance(payload.get("type"), str):
        raise RuleError({"action": "Expected an object with a 'type'."})
    try:
        with transaction.atomic():
            locked = _locked(table.pk)
            try:
                action = _log(locked, seat, payload, seen_seq, client_id, author)
            except (StaleAction, RuleError):
                done = locked.actions.filter(client_id=client_id).first()
                if done is None:
                    raise
                return ActResult(locked, done, replayed=True)
    except IntegrityError:  # the same client id logged twice: the first one stands
        done = Action.objects.filter(table_id=table.pk, client_id=client_id).first()
        if done is None:
            raise
        fresh = Table.objects.select_related("game").get(pk=table.pk)
        return ActResult(fresh, done, replayed=True)
    return ActResult(locked, action, replayed=False)


@functools.cache
def _lock_sql(vendor: str) -> str:
    """The table's row with its game, the table's row locked (its game only read: every
    table of a game would otherwise wait for one another's moves)."""
    return (
        f"SELECT {rows.columns(Table, 't')}, {rows.columns(Game, 'g')}"
        f" FROM {rows.table(Table)} t JOIN {rows.table(Game)} g ON g.id = t.game_id"
        f" WHERE t.id = %s{rows.for_update('t')}"
    )


def _locked(table_id: int) -> Table:
    """The table, locked until the transaction ends, with its game (``rows``: the SQL of
    every move, which the ORM took longer to build than the database to run)."""
    whole = ((Table, None), (Game, None))
    found = rows.fetch_joined(whole, _lock_sql(connection.vendor), [table_id])
    if not found:
        raise Table.DoesNotExist(table_id)
    table, game = found[0]
    Table.game.field.set_cached_value(table, game)
    return table


def _check_client_id(client_id: Any) -> None:
    """A device's action id: a short text no device shares with the table's own entries
    (a resend with the start's id would otherwise "replay" the start)."""
    if (
        not isinstance(client_id, str)
        or not client_id
        or len(client_id) > 64
        or client_id.startswith("table:")
    ):
        raise RuleError({"client_id": "Send a unique id (at most 64 characters) per action."})


def _log(
    table: Table,
    seat: int | None,
    payload: Mapping[str, Any],
    seen_seq: int | None,
    client_id: str,
    author: Any,
) -> Action:
    """Under the table's lock: the engine's verdict on ``payload``, appended to the log."""
    if table.status != TableStatus.PLAYING:
        raise RuleError({"table": "The game is not being played."})
    engine = engine_of(table.game)
    if payload["type"] == "dice":  # the table's own dice: logged, outside the engine
        return _roll(table, seat, payload, client_id, author)
    # Deltas and simultaneous secret choices commute with whatever another seat did
    # meanwhile, so they stand even when the device had not seen the newest seq.
    commuting = engine.DELTA_ACTIONS | engine.INDEPENDENT_ACTIONS
    if payload["type"] not in commuting and seen_seq != table.seq:
        raise StaleAction(table)
    seq = table.seq + 1
    outcome = engine.apply(table.state, seat, dict(payload), action_rng(table.seed, seq))
    action = Action(
        table=table,
        seq=seq,
        seat=seat,
        client_id=client_id,
        payload=dict(payload),
        events=outcome.events,
        barrier=outcome.is_barrier,
        author=author if getattr(author, "is_authenticated", False) else None,
    )
    rows.insert(action)
    table.seq, table.state, table.undo_votes = seq, outcome.state, {}
    if engine.is_over(outcome.state):
        table.status = TableStatus.OVER
    rows.update(table, ["seq", "state", "status", "undo_votes", "updated"])
    broadcast.after_commit(table, latest=action)
    return action


ROLLS_SHOWN = 5  # the last dice every device shows


def _roll(
    table: Table, seat: int | None, payload: Mapping[str, Any], client_id: str, author: Any
) -> Action:
    """A dice roll any seat may make at any time: it changes no game state, so it never
    waits for the newest seq, and it is a barrier that undo cannot reach past."""
    seq = table.seq + 1
    names = {s.number: s.name for s in table.seats.all()}
    event = dice.roll(
        payload,
        action_rng(table.seed, seq),
        names.get(seat, "The table") if seat is not None else "The table",
    )
    action = Action(
        table=table,
        seq=seq,
        seat=seat,
        client_id=client_id,
        payload=dict(payload),
        events=[event],
        barrier=True,
        author=author if getattr(author, "is_authenticated", False) else None,
    )
    rows.insert(action)
    table.seq, table.rolls = seq, [event, *table.rolls][:ROLLS_SHOWN]
    rows.update(table, ["seq", "rolls", "updated"])
    broadcast.after_commit(table, latest=action)
    return action


def undo(
    *, table: Table, seat: int | None, seen_seq: int | None, client_id: str, author: Any = None
) -> ActResult:
    """Take back an action: appended to the log as an undo, the state rebuilt by folding
    the log without it. Its author may undo it alone until someone else acts; anyone else's
    request counts as a vote, and the action goes once every seated player has agreed."""
    _check_client_id(client_id)
    with transaction.atomic():
        locked = _locked(table.pk)
        done = locked.actions.filter(client_id=client_id).first()
        if done is not None:
            return ActResult(locked, done, replayed=True)
        if seen_seq != locked.seq:
            raise StaleAction(locked)
        target = undoable(locked, seat)
        if target is None:
            target = agreed_undo_target(locked)
            if target is None or seat is None:
                raise RuleError(
                    {"undo": "Nothing to undo: never a reveal, a random result or an undo."}
                )
            votes = (
                locked.undo_votes
                if locked.undo_votes.get("target") == target.seq
                else {"target": target.seq, "seats": []}
            )
            votes["seats"] = sorted(set(votes["seats"]) | {seat, target.seat} - {None})
            seated = set(locked.seats.filter(removed=False).values_list("number", flat=True))
            if not seated <= set(votes["seats"]):
                locked.undo_votes = votes
                locked.save(update_fields=["undo_votes", "updated"])
                broadcast.after_commit(locked)
                return ActResult(locked, None, replayed=False)
        target.undone = True
        target.save(update_fields=["undone"])
        seq = locked.seq + 1
        action = Action.objects.create(
            table=locked,
            seq=seq,
            seat=seat,
            client_id=client_id,
            payload={"type": "undo", "undoes": target.seq},
            events=[
                {"type": "undo", "text": f"Seat {(seat or 0) + 1} took back action {target.seq}."}
            ],
            author=author if getattr(author, "is_authenticated", False) else None,
        )
        locked.seq, locked.state, locked.undo_votes = seq, rebuild_state(locked), {}
        locked.save(update_fields=["seq", "state", "undo_votes", "updated"])
        broadcast.after_commit(locked, latest=action)
    return ActResult(locked, action, replayed=False)


def rebuild_state(table: Table) -> dict[str, Any]:
    """The fold of the log (without undone actions) through the engine: the truth. It
    starts from the seats and options of the log's first entry, not the seats now."""
    engine = engine_of(table.game)
    first = table.actions.filter(seq=0, payload__type=START).first()
    if first is None:  # started before the log kept its start (the migration writes it)
        seats, options = _engine_seats(table), table.options
    else:
        seats, options = seats_of_entry(first.payload), first.payload["options"]
    log = (
        table.actions.filter(undone=False).exclude(payload__type__in=TABLE_ACTIONS).order_by("seq")
    )
    return replay(engine, seats, options, table.seed, [(a.seq, a.seat, a.payload) for a in log])
