"""Reads at the live table: who a device is, and what that seat may see.

Every payload that leaves the server for a device is built here from the engine's
``player_view`` for that seat, so a hidden choice can only leak through the engine,
where the property tests watch for it.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from companion.games.registry import all_games, get_game
from companion.table.models import Seat, Table, TableStatus

SESSION_KEY = "table_seats"  # code -> seat token, for guests without an account


def games_with_tables() -> list[Any]:
    return [g for g in all_games().values() if g.table_engine() is not None]


def table_by_code(code: str) -> Table | None:
    return Table.objects.select_related("game", "host").filter(code=code.upper()).first()


def seat_of(table: Table, *, user: Any = None, token: str | None = None) -> Seat | None:
    """The seat this device holds: by its signed-in user, or the guest token it keeps."""
    seats = table.seats.filter(removed=False)
    if user is not None and getattr(user, "is_authenticated", False):
        mine = seats.filter(user=user).first()
        if mine is not None:
            return mine
    if token:
        return seats.filter(token=token).first()
    return None


def is_board(request: HttpRequest) -> bool:
    """``?board=1``: this screen shows the public board (the host's tablet in the middle
    of the table), never its owner's seat, whoever is signed in."""
    return request.GET.get("board") == "1"


def seat_for_request(table: Table, request: HttpRequest) -> Seat | None:
    if is_board(request):
        return None
    token = request.session.get(SESSION_KEY, {}).get(table.code)
    return seat_of(table, user=request.user, token=token)


PUBLIC = "public"


def views_by_seat(table: Table) -> dict[str, dict[str, Any]]:
    """Every seated device's payload and the public one, keyed by seat number (as text)
    and ``public``: read the seats and the newest action once for the whole table."""

    rows = list(table.seats.all())
    latest = table.actions.order_by("-seq").first()
    rolls = recent_rolls(table)
    views = {PUBLIC: view_for(table, None, seat_rows=rows, latest=latest, rolls=rolls)}
    for seat in rows:
        if not seat.removed:
            views[str(seat.number)] = view_for(
                table, seat, seat_rows=rows, latest=latest, rolls=rolls
            )
    return views


def recent_rolls(table: Table, count: int = 5) -> list[dict[str, Any]]:
    """The last dice rolled at the table, newest first: public to everyone."""
    actions = table.actions.filter(payload__type="dice").order_by("-seq")[:count]
    return [event for action in actions for event in action.events]


def view_for(
    table: Table,
    seat: Seat | None,
    *,
    seat_rows: list[Seat] | None = None,
    latest: Any = None,
    rolls: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The whole payload for one device: table facts plus the engine's view of its seat."""
    from companion.table.services import undoable

    number = seat.number if seat else None
    seats = [
        {
            "number": s.number,
            "name": s.name,
            "removed": s.removed,
            "is_host": s.user_id == table.host_id and s.user_id is not None,
        }
        for s in (seat_rows if seat_rows is not None else table.seats.all())
    ]
    system = get_game(table.game.slug)
    payload: dict[str, Any] = {
        "code": table.code,
        "game": table.game.slug,
        "game_name": table.game.name,
        "seq": table.seq,
        "status": table.status,
        "seats": seats,
        "me": number,
        "is_host": seat is not None and seat.user_id == table.host_id,
        "min_players": system.min_players,
        "max_players": system.max_players,
        "waiting_for": max(system.min_players - sum(1 for s in seats if not s["removed"]), 0),
        "view": None,
        "legal_actions": [],
        "can_undo": False,
        "rolls": rolls if rolls is not None else recent_rolls(table),
        "undo_votes": table.undo_votes,
    }
    if table.status != TableStatus.OPEN and table.state:
        engine = system.table_engine()
        payload["view"] = engine.player_view(table.state, number)
        payload["legal_actions"] = (
            engine.legal_actions(table.state, number) if number is not None else []
        )
        if number is not None:
            found = (
                undoable(table, number) if seat_rows is None else undoable(table, number, latest)
            )
            payload["can_undo"] = found is not None
            from companion.table.services import agreed_undo_target

            target = (
                agreed_undo_target(table)
                if seat_rows is None
                else agreed_undo_target(table, latest)
            )
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
    view = view_for(table, seat)["view"] or {}
    return {
        "code": table.code,
        "game": table.game.slug,
        "seat": number,
        "seats": [s.name for s in table.seats.order_by("number")],
        "actions": actions,
        "events": view.get("log", []),
    }
