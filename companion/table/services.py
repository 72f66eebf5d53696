"""Writes at the live table: open, join, start, act, undo, remove a seat, a seat leaving
the game in play, the host ending it or giving a seat to a guest, renaming seats.

Every action goes through ``act``: one row lock on the table, the client id makes a
resend harmless, the ``seq`` the device last saw makes a stale action fail with the
current state (except plain counter deltas, which commute), the engine decides, and the
new view goes out to every device only after the commit.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import IntegrityError, connection, transaction

from catalog.models import Game
from companion import json_limits
from companion.games import dice
from companion.games.base import RuleError
from companion.games.registry import get_game
from companion.games.table import (
    END,
    LEAVE,
    TABLE_MOVES,
    action_rng,
    check_options,
    option_fields,
    replay,
    retell,
)
from companion.games.table import Seat as EngineSeat
from companion.table import broadcast, rows
from companion.table.models import Action, Seat, Table, TableStatus, new_token
from companion.table.selectors import (
    RENAME,
    START,
    TABLE_ACTIONS,
    agreed_undo_target,
    is_host,
    latest_action,
    recovery_target,
    undoable,
)

logger = logging.getLogger(__name__)


class StaleAction(Exception):
    """The device acted on an old state; it gets the current one instead."""

    def __init__(self, table: Table):
        self.table = table
        super().__init__(f"The table is at {table.seq}; reload and try again.")


class HostOnly(RuleError):
    """Only the host may do this (the undo of an entry that cannot be read): a page
    answers it 403, the API 400, as any refusal."""


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


def seat_limit(game: Game) -> int:
    """The most seats a table of ``game`` takes: the game's own maximum, else
    ``TABLE_MAX_SEATS`` (a game "for two or more" still has a table of finite size, and a
    script must not fill one with thousands of guests)."""
    stated = get_game(game.slug).max_players
    return stated if stated is not None else int(settings.TABLE_MAX_SEATS)


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
    seats = list(table.seats.filter(removed=False))
    if user is not None and getattr(user, "is_authenticated", False):
        mine = next((s for s in seats if s.user_id == user.pk), None)
        if mine is not None:
            return mine
    most = seat_limit(table.game)
    if len(seats) >= most:
        raise RuleError({"table": f"The table is full ({most} players)."})
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
def seat_remove(*, table: Table, number: int, by: Any, by_seat: Seat | None = None) -> None:
    """The host takes a seat away (a player who left); the game keeps its log. In a game
    in play the seat leaves it first (``seat_leave``), so nothing waits for it."""
    if not is_host(table, user=by, seat=by_seat):
        raise RuleError({"seat": "Only the host may remove a seat."})
    table = Table.objects.select_for_update().get(pk=table.pk)  # not while the start renumbers
    updated = table.seats.filter(number=number).update(removed=True)
    if not updated:
        raise RuleError({"seat": "No such seat."})
    if seat_leave(table=table, number=number, author=by) is not None:
        return  # the leave's own views go out, with the seat removed
    table.save(update_fields=["updated"])  # a new version of every view (view_texts)
    broadcast.after_commit(table)


@transaction.atomic
def table_start(*, table: Table, by: Any, by_seat: Seat | None = None) -> Table:
    """Deal the game: the engine's initial state from the seats and their lists."""
    table = Table.objects.select_for_update().get(pk=table.pk)
    if not is_host(table, user=by, seat=by_seat):
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
    # The one gate every path meets (API, page, socket): what is stored can be sent back.
    json_limits.check_action(payload)
    try:
        with transaction.atomic():
            locked = _locked(table.pk)
            try:
                action = _log(locked, seat, payload, seen_seq, client_id, author)
            except rows.Unstorable:  # the outcome cannot be stored: the action written
                raise  # before it is no resend, and goes with the rollback
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
        or json_limits.text_problem(client_id) is not None
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
    if payload["type"] in TABLE_MOVES and not client_id.startswith("table:"):
        raise RuleError({"type": "The table does this itself: ask the host."})
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
    request counts as a vote, and the action goes once every seated player has agreed.
    The latest entry that cannot be read (``selectors.recovery_target``) the host takes
    back alone, a reveal or a roll included: a poisoned table can always be recovered."""
    _check_client_id(client_id)
    with transaction.atomic():
        locked = _locked(table.pk)
        done = locked.actions.filter(client_id=client_id).first()
        if done is not None:
            return ActResult(locked, done, replayed=True)
        if seen_seq != locked.seq:
            raise StaleAction(locked)
        latest = latest_action(locked)
        unreadable = recovery_target(locked, latest)
        if unreadable is not None and _by_host(locked, seat, author):
            target = unreadable  # the host recovers the table: past any barrier
        else:
            target = undoable(locked, seat, latest)
        if target is None:
            target = agreed_undo_target(locked, latest)
            if unreadable is not None and (target is None or seat is None):
                raise HostOnly({"undo": "Only the host may undo an entry that cannot be read."})
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
            seated -= set(engine_of(locked.game).left_seats(locked.state))
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
                {
                    "type": "undo",
                    "text": f"Seat {(seat or 0) + 1} took back action {target.seq}"
                    + (", which could not be read." if target is unreadable else "."),
                }
            ],
            author=author if getattr(author, "is_authenticated", False) else None,
        )
        locked.seq, locked.state, locked.undo_votes = seq, rebuild_state(locked), {}
        changed = ["seq", "state", "undo_votes", "updated"]
        if target is unreadable:
            changed += _recovered(locked, target)
        locked.save(update_fields=changed)
        broadcast.after_commit(locked, latest=action)
    return ActResult(locked, action, replayed=False)


def _by_host(table: Table, seat: int | None, author: Any) -> bool:
    """Whether the device undoing holds the host rights (``selectors.is_host``): the
    host's account, or seat ``seat`` when it is the host's."""
    held = None if seat is None else table.seats.filter(number=seat, removed=False).first()
    return is_host(table, user=author, seat=held)


def _recovered(table: Table, target: Action) -> list[str]:
    """After the host took back ``target``, an unreadable entry (the state already
    folded again without it): the dice shown and whether the game is over follow the log
    again, since the entry may have been a roll or the move that ended the game. The
    fields changed."""
    if target.payload.get("type") == "dice":
        rolled = (
            table.actions.filter(undone=False, payload__type="dice")
            .order_by("-seq")
            .values_list("events", flat=True)[:ROLLS_SHOWN]
        )
        table.rolls = [events[0] for events in rolled if events]
        return ["rolls"]
    if table.status in (TableStatus.PLAYING, TableStatus.OVER):
        over = engine_of(table.game).is_over(table.state)
        table.status = TableStatus.OVER if over else TableStatus.PLAYING
        return ["status"]
    return []


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


# --- seats that leave, the host's tools, renamed seats --------------------------------


def seat_leave(*, table: Table, number: int, author: Any = None) -> Action | None:
    """Seat ``number`` leaves the game in play (its player deleted their account, or the
    host removed the seat): the game goes on as it declares (``GameSystem.seat_leaving``),
    through the engine and logged like any move (the framework's ``leave``), so replay and
    undo keep it and no device waits for the seat again. None when there is no game in
    play, or the seat has left it already."""
    with transaction.atomic():
        locked = _locked(table.pk)
        engine = engine_of(locked.game)
        if (
            locked.status != TableStatus.PLAYING
            or not engine.is_seat(locked.state, number)
            or engine.has_left(locked.state, number)
        ):
            return None
        how = get_game(locked.game.slug).seat_leaving
        payload = {"type": LEAVE, "seat": number, "as": how.value}
        return _log(locked, None, payload, locked.seq, f"table:leave-{number}", author)


def table_end(*, table: Table, by: Any, by_seat: Seat | None = None) -> Action:
    """The host ends the game in play: nobody wins (the framework's ``end``, logged)."""
    with transaction.atomic():
        locked = _locked(table.pk)
        if not is_host(locked, user=by, seat=by_seat):
            raise RuleError({"table": "Only the host may end the game."})
        if locked.status != TableStatus.PLAYING:
            raise RuleError({"table": "The game is not being played."})
        return _log(locked, None, {"type": END}, locked.seq, "table:end", by)


@transaction.atomic
def seat_to_guest(*, table: Table, number: int, by: Any, by_seat: Seat | None = None) -> Seat:
    """The host gives seat ``number`` to a guest: a new seat row in its place, with no
    account and a new token, which whoever opens its claim link plays from there on. The
    old row is removed (past the others' numbers), so the devices that held it watch the
    public view from the next push and may not act. Not the host's own seat, nor one that
    has left the game in play (it has gone on without it)."""
    locked = _locked(table.pk)
    if not is_host(locked, user=by, seat=by_seat):
        raise RuleError({"seat": "Only the host may give a seat to a guest."})
    seat = locked.seats.filter(number=number, removed=False).first()
    if seat is None:
        raise RuleError({"seat": "No such seat."})
    if is_host(locked, seat=seat):
        raise RuleError({"seat": "The host keeps their own seat."})
    if locked.status != TableStatus.OPEN and engine_of(locked.game).has_left(locked.state, number):
        raise RuleError({"seat": "This seat has left the game."})
    place = seat.number
    seat.number, seat.removed = max(s.number for s in locked.seats.all()) + 1, True
    seat.save(update_fields=["number", "removed"])
    given = Seat.objects.create(
        table=locked, number=place, name=seat.name, list_body=seat.list_body, token=new_token()
    )
    locked.save(update_fields=["updated"])  # a new version of every view (view_texts)
    broadcast.after_commit(locked)
    return given


def seats_renamed(*, table: Table, numbers: set[int], name: str) -> None:
    """Seats ``numbers`` take ``name`` everywhere the table keeps a name: their rows, the
    start entry the game was dealt from, and every event told since, the state and the
    dice shown (a name is in the events' texts, so the log is told again from the renamed
    start: ``companion.games.table.retell``). A started table logs a ``rename`` entry, so
    every process reads the retold log again and every device gets the new views."""
    with transaction.atomic():
        locked = _locked(table.pk)
        locked.seats.filter(number__in=numbers).update(name=name)
        start = locked.actions.filter(seq=0, payload__type=START).first()
        if start is None:  # nothing told yet (an open table)
            locked.save(update_fields=["updated"])
            broadcast.after_commit(locked)
            return
        for seat in start.payload["seats"]:
            if seat["number"] in numbers:
                seat["name"] = name
        Action.objects.filter(pk=start.pk).update(payload=start.payload)
        _retell(locked, start, numbers, name)
        seq = locked.seq + 1
        shown = ", ".join(str(number + 1) for number in sorted(numbers))
        renamed = Action.objects.create(
            table=locked,
            seq=seq,
            seat=None,
            client_id=f"table:rename-{seq}",
            payload={"type": RENAME, "seats": sorted(numbers), "name": name},
            events=[{"type": RENAME, "text": f"Seat {shown} is now called “{name}”."}],
        )
        locked.seq = seq
        locked.save(update_fields=["seq", "state", "rolls", "updated"])
        broadcast.after_commit(locked, latest=renamed)


def _retell(table: Table, start: Action, numbers: set[int], name: str) -> None:
    """Store the events of ``table``'s log told again from its (renamed) start entry, and
    the state and dice they come to (``seats_renamed``). A log that no longer replays (an
    engine changed under it) keeps its events and state as they were."""
    engine = engine_of(table.game)
    actions = list(table.actions.filter(seq__gt=0).order_by("seq"))
    moves = [(a.seq, a.seat, a.payload) for a in actions if a.payload["type"] not in TABLE_ACTIONS]
    undos = {a.seq: a.payload["undoes"] for a in actions if a.payload["type"] == "undo"}
    try:
        dealt, told, state = retell(
            engine,
            seats_of_entry(start.payload),
            start.payload["options"],
            table.seed,
            moves,
            undos,
        )
    except RuleError:
        logger.warning("table %s: its log no longer replays; events kept as told", table.code)
        return
    start.events = [*start.events[:1], *dealt]
    changed = [start]
    for action in actions:
        if action.seq in told:
            action.events = told[action.seq]
        elif action.payload["type"] == "dice" and action.seat in numbers:
            rolled = dice.roll(action.payload, action_rng(table.seed, action.seq), name)
            action.events = [rolled]
        else:
            continue
        changed.append(action)
    Action.objects.bulk_update(changed, ["events"], batch_size=500)
    rolls = [a.events[0] for a in reversed(actions) if a.payload["type"] == "dice"]
    table.state, table.rolls = state, rolls[:ROLLS_SHOWN]
