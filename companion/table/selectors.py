"""Reads at the live table: who a device is, and what that seat may see.

Every payload that leaves the server for a device is built here from the engine's
``player_view`` for that seat, so a hidden choice can only leak through the engine,
where the property tests watch for it.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Collection
from typing import Any

import orjson
from django.db import connection
from django.db.models import QuerySet
from django.http import HttpRequest

from catalog.models import Game
from companion import json_limits
from companion.games.registry import all_games, declares, get_game
from companion.table import rows, view_texts
from companion.table.models import Action, Seat, Table, TableStatus

logger = logging.getLogger(__name__)

SESSION_KEY = "table_seats"  # code -> seat token, for guests without an account

# The reads every move and every connecting device make, written as SQL (``rows``):
# building the ORM's SQL for them cost 0.5-1 ms each on a 2-core machine, running it
# 0.03 ms, and they sit on the one thread a process's sockets share.
_SEAT_FIELDS = ("id", "number", "name", "removed", "user_id")
_SEATS_SQL = (
    f"SELECT {rows.columns(Seat, 's', _SEAT_FIELDS)} FROM {rows.table(Seat)} s"
    " WHERE s.table_id = %s ORDER BY s.number"
)
_SEAT_NUMBER_SQL = f"SELECT number FROM {rows.table(Seat)} WHERE id = %s AND NOT removed"
_SOCKET_TABLE = ((Table, ("id", "code", "game_id")), (Game, ("id", "slug")))
_SOCKET_TABLE_SQL = (
    f"SELECT {rows.columns(Table, 't', _SOCKET_TABLE[0][1])},"
    f" {rows.columns(Game, 'g', _SOCKET_TABLE[1][1])}"
    f" FROM {rows.table(Table)} t JOIN {rows.table(Game)} g ON g.id = t.game_id"
    " WHERE t.code = %s"
)
_SEAT_OF_FIELDS = ("id", "number", "table_id")
_SEAT_OF = (
    f"SELECT {rows.columns(Seat, 's', _SEAT_OF_FIELDS)} FROM {rows.table(Seat)} s"
    " WHERE s.table_id = %s AND NOT s.removed"
)
_SEAT_OF_USER_SQL = f"{_SEAT_OF} AND s.user_id = %s"
_SEAT_OF_TOKEN_SQL = f"{_SEAT_OF} AND s.token = %s"
_VERSION_FIELDS = ("id", "seed", "seq", "status", "updated")
_VERSION_SQL = (
    f"SELECT {rows.columns(Table, 't', _VERSION_FIELDS)} FROM {rows.table(Table)} t"
    " WHERE t.code = %s"
)


def games_with_tables() -> list[Any]:
    return [g for g in all_games().values() if g.table_engine() is not None]


def has_table(game_slug: str) -> bool:
    """Whether the game declares a table (its ``engine``): its tables are served only then."""
    return declares(game_slug, "engine")


def _one(queryset: QuerySet[Any]) -> Any:
    """The row a unique lookup finds, or None, unsorted: ``first()`` and the models'
    default orders (a seat's follows its table's) add sorting and joins whose SQL, on a
    socket's connect, cost more to build than to run."""
    return next(iter(queryset.order_by()[:1]), None)


def _first(found: list[Any]) -> Any:
    return found[0] if found else None


def table_by_code(code: str) -> Table | None:
    """The table with ``code``; None (404) also when its game declares no table."""
    table = _one(Table.objects.select_related("game", "host").filter(code=code.upper()))
    return table if table is not None and has_table(table.game.slug) else None


def seat_of(table: Table, *, user: Any = None, token: str | None = None) -> Seat | None:
    """The seat this device holds: by its signed-in user, or the guest token it keeps."""
    return _held(table.seats.filter(removed=False), user, token)


def _held(seats: QuerySet[Seat], user: Any, token: str | None) -> Seat | None:
    if user is not None and getattr(user, "is_authenticated", False):
        mine = _one(seats.filter(user=user))
        if mine is not None:
            return mine
    return _one(seats.filter(token=token)) if token else None


def device_at(
    code: str, *, user: Any = None, token: str | None = None, board: bool = False
) -> tuple[Table | None, Seat | None]:
    """A socket's table and the seat it holds (as ``seat_of`` finds it), or None for the
    table when there is none to serve; the board holds no seat, whoever it is. The rows
    hold what a socket uses (ids, code, number), read with the SQL above."""
    found = rows.fetch_joined(_SOCKET_TABLE, _SOCKET_TABLE_SQL, [code.upper()])
    if not found:
        return None, None
    table, game = found[0]
    Table.game.field.set_cached_value(table, game)
    if not has_table(game.slug):
        return None, None
    if board:
        return table, None
    seat = None
    if user is not None and getattr(user, "is_authenticated", False):
        seat = _first(rows.fetch(Seat, _SEAT_OF_USER_SQL, [table.pk, user.pk], _SEAT_OF_FIELDS))
    if seat is None and token:
        seat = _first(rows.fetch(Seat, _SEAT_OF_TOKEN_SQL, [table.pk, token], _SEAT_OF_FIELDS))
    return table, seat


def table_version(code: str) -> tuple[Any, ...] | None:
    """The table's version (``view_texts.version``) by its code, read alone: what a
    device that connects or resyncs needs when its view is already encoded."""
    row = _first(rows.fetch(Table, _VERSION_SQL, [code.upper()], _VERSION_FIELDS))
    return None if row is None else view_texts.version(row)


def is_board(request: HttpRequest) -> bool:
    """``?board=1``: this screen shows the public board (the host's tablet in the middle
    of the table), never its owner's seat, whoever is signed in."""
    return request.GET.get("board") == "1"


def is_host(table: Table, *, user: Any = None, seat: Any = None) -> bool:
    """Whether a device holds the table's host rights (start, remove a seat, give one to
    a guest, end the game, act for the table): signed in as the host, or holding the
    host's seat, or the guest seat the rights passed to when the host deleted their
    account with only guests left (``Table.host_seat``)."""
    if table.host_id is not None:
        if getattr(user, "is_authenticated", False) and user.pk == table.host_id:
            return True
        if seat is not None and seat.user_id == table.host_id:
            return True
    return seat is not None and table.host_seat_id is not None and seat.pk == table.host_seat_id


def seat_for_request(table: Table, request: HttpRequest) -> Seat | None:
    if is_board(request):
        return None
    token = request.session.get(SESSION_KEY, {}).get(table.code)
    return seat_of(table, user=request.user, token=token)


PUBLIC = "public"
# Log entries the table keeps for itself; the engine never sees them, undo never takes
# them back. ``start`` is the first (seq 0): the seats and options the game was dealt from;
# ``rename`` says that seats were renamed (a player deleted their account): the log's
# events were told again under the new name (``services.seats_renamed``).
START = "start"
RENAME = "rename"
TABLE_ACTIONS = ("undo", "dice", START, RENAME)
UNREAD: Any = object()  # "not read yet", where None means "no action yet"


def latest_action(table: Table) -> Action | None:
    return table.actions.order_by("-seq").first()


def undoable(table: Table, seat: int | None, latest: Any = UNREAD) -> Action | None:
    """The action ``seat`` may take back now: its own latest, if nothing came after it (an
    undo included) and it revealed nothing and drew nothing at random. ``latest`` saves the
    query when the caller already read the newest action."""
    if latest is UNREAD:
        latest = latest_action(table)
    if latest is None or latest.undone or latest.payload.get("type") in TABLE_ACTIONS:
        return None
    if latest.barrier or latest.seat != seat:
        return None
    return latest


def agreed_undo_target(table: Table, latest: Any = UNREAD) -> Action | None:
    """The latest action, when every seat could agree to take it back: a game move (not a
    roll or an undo) that revealed nothing and drew nothing at random."""
    if latest is UNREAD:
        latest = latest_action(table)
    if latest is None or latest.undone or latest.barrier:
        return None
    return None if latest.payload.get("type") in TABLE_ACTIONS else latest


# The entries the host may take back when they cannot be read: a game's move (a barrier
# too) and the table's dice; never the start, an undo or a rename (the table's own).
RECOVERABLE = ("dice",)


def unreadable(action: Action) -> bool:
    """Whether a stored log entry cannot be encoded (``encodes``, the test ``sendable``
    applies): every device is shown it as unreadable."""
    return not (encodes(action.payload) and encodes(action.events))


def recovery_target(table: Table, latest: Any = UNREAD) -> Action | None:
    """The latest action that stands (undos aside: one that took back a later move
    leaves it the latest again), when it cannot be read (a value stored before the input
    gate existed): the host may take it back whatever it was, a reveal or a roll
    included, so that a poisoned table can always be recovered (``services.undo``). None
    otherwise: every other undo keeps the barrier rules."""
    if latest is UNREAD:
        latest = latest_action(table)
    if latest is not None and latest.payload.get("type") == "undo":
        standing = table.actions.filter(undone=False).exclude(payload__type="undo")
        latest = standing.order_by("-seq").first()
    if latest is None or latest.undone:
        return None
    kind = latest.payload.get("type")
    if kind in TABLE_ACTIONS and kind not in RECOVERABLE:
        return None
    return latest if unreadable(latest) else None


def seats_for_views(table: Table) -> list[Seat]:
    """The seats as a view needs them (number, name, removed, user), without the lists
    they brought (read at the start) or their tokens."""
    return rows.fetch(Seat, _SEATS_SQL, [table.pk], _SEAT_FIELDS)


def seat_number(seat_id: int) -> int | None:
    """Seat row ``seat_id``'s number now; None once it was removed (the start may
    renumber a seat, and a removal's push may have been lost)."""
    with connection.cursor() as cursor:
        cursor.execute(_SEAT_NUMBER_SQL, [seat_id])
        row = cursor.fetchone()
    return None if row is None else row[0]


def views_by_seat(
    table: Table,
    *,
    seat_rows: list[Seat] | None = None,
    latest: Any = UNREAD,
    keys: Collection[str] | None = None,
) -> dict[str, dict[str, Any]]:
    """Every seated device's payload and the public one, keyed by seat number (as text)
    and ``public`` (only those in ``keys``, when given): the seats, the newest action and
    the events read once for the whole table (or taken from a caller that holds them)."""
    rows = seats_for_views(table) if seat_rows is None else seat_rows
    wanted = [None] if keys is None or PUBLIC in keys else []
    wanted += [s for s in rows if not s.removed and (keys is None or str(s.number) in keys)]
    if not wanted:
        return {}
    if latest is UNREAD and any(seat is not None for seat in wanted):
        latest = latest_action(table)  # the public view never needs it
    events = logged_events(table, latest)
    waits = awaited(table)
    drawn = engine_views(table, [None if seat is None else seat.number for seat in wanted])
    return {
        PUBLIC if seat is None else str(seat.number): view_for(
            table,
            seat,
            seat_rows=rows,
            latest=latest,
            events=events,
            awaiting=waits,
            drawn=drawn.get(None if seat is None else seat.number),
        )
        for seat in wanted
    }


def engine_views(table: Table, numbers: list[int | None]) -> dict[int | None, dict[str, Any]]:
    """The engine's view of each seat in ``numbers``, drawn together (what they share is
    drawn once); none while the table is open."""
    if table.status == TableStatus.OPEN or not table.state:
        return {}
    return get_game(table.game.slug).table_engine().player_views(table.state, numbers)


def awaited(table: Table) -> list[int]:
    """The seats the game waits for (public): asked of the engine once per change."""
    if table.status != TableStatus.PLAYING or not table.state:
        return []
    return get_game(table.game.slug).table_engine().awaiting(table.state)


class StandingEvents:
    """Each table's standing events as of its newest seq, kept in this process so that a
    change reads only its own action, never the whole log again (a long game's log is
    read once per process, then grows by one action per move).

    Keyed by the table's row and secret seed (a row id alone may be reused after a
    deletion) and valid for one seq: the log changes only by a new action, so the events
    at seq n+1 are those at n plus the new action's, unless that action is an undo (which
    takes an earlier one back: read again) or the table's dice (not in the log)."""

    SIZE = 512  # tables kept, the least recently used dropped first

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._kept: OrderedDict[tuple[int, str], tuple[int, list[dict[str, Any]]]] = OrderedDict()

    def get(self, table: Table, latest: Any = UNREAD) -> list[dict[str, Any]]:
        """The events (never to be changed by the caller). ``latest``: the table's newest
        action, when the caller has it, which lets one new action extend the kept list."""
        key = (table.pk, table.seed)
        with self._lock:
            kept = self._kept.get(key)
        if kept is not None and kept[0] == table.seq:
            events = kept[1]
        elif kept is not None and kept[0] == table.seq - 1 and _extends(latest, table.seq):
            events = kept[1] + [e for e in latest.events if e.get("type") != START]
        else:
            events = _read_events(table)
        with self._lock:
            self._kept[key] = (table.seq, events)
            self._kept.move_to_end(key)
            while len(self._kept) > self.SIZE:
                self._kept.popitem(last=False)
        return events

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()


def _extends(latest: Any, seq: int) -> bool:
    """Whether ``latest`` is the action of ``seq`` and adds its events to the standing log."""
    return (
        isinstance(latest, Action)
        and latest.seq == seq
        and not latest.undone
        and latest.payload.get("type") not in ("undo", "dice", RENAME)
    )


STANDING = StandingEvents()


def logged_events(table: Table, latest: Any = UNREAD) -> list[dict[str, Any]]:
    """Every event of the log that stands, in order: the dealing (the start entry's
    events) and the game's moves, without undone ones, undos and table dice (shown apart).
    The state keeps no copy of the log: this is it, before each seat's filter."""
    if table.status == TableStatus.OPEN:
        return []
    return STANDING.get(table, latest)


def _read_events(table: Table) -> list[dict[str, Any]]:
    rows = (
        table.actions.filter(undone=False)
        .exclude(payload__type__in=("undo", "dice"))
        .order_by("seq")
        .values_list("events", flat=True)
    )
    return [event for row in rows for event in row if event.get("type") != START]


def view_for(
    table: Table,
    seat: Seat | None,
    *,
    seat_rows: list[Seat] | None = None,
    latest: Any = UNREAD,
    events: list[dict[str, Any]] | None = None,
    awaiting: list[int] | None = None,
    drawn: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The whole payload for one device: table facts, the engine's view of its seat and
    the log as that seat may read it. ``latest``: the newest action, when the caller has
    read it (None: there is none); ``events``, ``awaiting`` and ``drawn`` (the engine's
    view): ``logged_events``, ``awaited`` and ``engine_views``, when already known."""
    number = seat.number if seat else None
    system = get_game(table.game.slug)
    started = table.status != TableStatus.OPEN and bool(table.state)
    left = set(system.table_engine().left_seats(table.state)) if started else set()
    seats = [
        {
            "number": s.number,
            "name": s.name,
            "removed": s.removed,
            "left": s.number in left,  # out of the game in play (``leave``)
            "is_host": is_host(table, seat=s),
        }
        for s in (seat_rows if seat_rows is not None else seats_for_views(table))
    ]
    payload: dict[str, Any] = {
        "code": table.code,
        "game": table.game.slug,
        "game_name": table.game.name,
        "seq": table.seq,
        "status": table.status,
        "seats": seats,
        "me": number,
        "is_host": is_host(table, seat=seat),
        "min_players": system.min_players,
        "max_players": system.max_players,
        "waiting_for": max(system.min_players - sum(1 for s in seats if not s["removed"]), 0),
        "view": None,
        "log": [],
        "awaiting": [],  # seat numbers the game waits for (public)
        "legal_actions": [],
        "can_undo": False,
        "rolls": table.rolls,  # public to everyone
        "undo_votes": table.undo_votes,
    }
    if table.status != TableStatus.OPEN and table.state:
        engine = system.table_engine()
        payload["view"] = engine.player_view(table.state, number) if drawn is None else drawn
        payload["awaiting"] = awaited(table) if awaiting is None else awaiting
        payload["log"] = engine.visible_log(
            logged_events(table) if events is None else events, number
        )
        payload["legal_actions"] = (
            engine.legal_actions(table.state, number) if number is not None else []
        )
        if number is not None:
            latest = latest_action(table) if latest is UNREAD else latest
            # The host may take back an unreadable latest entry, whatever it was.
            payload["undo_unreadable"] = (
                payload["is_host"] and recovery_target(table, latest) is not None
            )
            payload["can_undo"] = (
                payload["undo_unreadable"] or undoable(table, number, latest) is not None
            )
            target = agreed_undo_target(table, latest)
            payload["can_ask_undo"] = not payload["can_undo"] and target is not None
    return payload


def log_export(table: Table, seat: Seat | None) -> dict[str, Any]:
    """The game's log as one seat may keep it: every action's number, seat, time and type
    (the details only of the seat's own actions), and the engine's filtered event log.

    Stored payloads and events are never copied out for other seats: a secret choice is
    a payload, so the export shows that a seat chose, never what.
    """
    number = seat.number if seat else None
    actions = [
        {
            "seq": action.seq,
            "seat": action.seat,
            "at": action.created.isoformat(),
            "type": action.payload.get("type"),
            "undone": action.undone,
            **({"action": action.payload} if number is not None and action.seat == number else {}),
        }
        for action in table.actions.order_by("seq")
    ]
    return sendable(
        {
            "code": table.code,
            "game": table.game.slug,
            "seat": number,
            "seats": [s.name for s in table.seats.order_by("number")],
            "actions": actions,
            "events": view_for(table, seat)["log"],
        },
        code=table.code,
    )


# --- what leaves for a device can always be encoded ------------------------------------

# The lists of a payload whose entries are the log (a view's ``log``, an export's
# ``actions`` and ``events``, the table's ``rolls``): one that cannot be encoded is shown as
# this entry, keeping only its place in the log.
ENTRY_KEYS = ("log", "events", "actions", "rolls")
UNREADABLE = "unreadable"
UNREADABLE_TEXT = "This entry of the log cannot be read; the host may undo it."
_PLACE = ("seq", "seat", "at", "undone", "round")


def encodes(value: Any) -> bool:
    """Whether orjson, the strictest encoder a payload meets, can write ``value``."""
    try:
        orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)
    except orjson.JSONEncodeError:
        return False
    return True


def sendable(payload: dict[str, Any], *, code: str = "") -> dict[str, Any]:
    """``payload`` (a seat's view, a log export) as every device can be sent it: itself,
    nearly always; when something stored cannot be encoded (a lone surrogate or an
    integer beyond 64 bits written before the gate existed, or around it), a copy in which
    each such log entry is shown as unreadable and any other such value repaired
    (``json_limits.repaired``), so one bad entry never turns every device's poll, board,
    log and socket into an error. The host can then undo it."""
    if encodes(payload):
        return payload
    logger.warning("table %s: a stored value cannot be encoded; shown as unreadable", code)
    safe = dict(payload)
    for key in ENTRY_KEYS:
        entries = safe.get(key)
        if isinstance(entries, list):
            safe[key] = [entry if encodes(entry) else _unreadable(entry) for entry in entries]
    return json_limits.repaired(safe)


def _unreadable(entry: Any) -> dict[str, Any]:
    place = {
        key: entry[key]
        for key in _PLACE
        if isinstance(entry, dict) and key in entry and encodes(entry[key])
    }
    return {**place, "type": UNREADABLE, "text": UNREADABLE_TEXT}
