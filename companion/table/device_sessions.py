"""A table socket lives no longer than the session that opened it.

Channels reads a socket's user once, at connect: a sign-out, a password change or a
deleted account would otherwise leave an open socket forwarding the seat's secrets and
acting for it. So:

- every socket of a signed-in user listens on the user's group, and a guest's socket that
  holds its seat by its session's token on the session's group; when a session ends the
  server sends ``session.ended`` there and the socket closes with ``SESSION_ENDED``
  (a sign-out ends only that session's sockets, a password change or a deleted account
  all of the user's);
- a seat the host gives to someone else closes the sockets that held it (``end_seat``,
  with ``SEAT_LOST``);
- the channel layer may be down, and a message may be lost: a socket's act and sync first
  prove the seat again (``check``: its session, its user and the seat's holder, in the
  one indexed query that reads the seat's number) and close when it is gone.

A page states whose it is (``device_identity``), so that what it keeps for offline
reading is never shown to the next player of the device (``companion/static/sw.js``).
"""

from __future__ import annotations

import functools
import hashlib
import logging
import re
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.contrib import auth
from django.contrib.auth.signals import user_logged_out
from django.db import connection, transaction
from django.dispatch import receiver
from django.http import HttpRequest
from django.utils import timezone
from django.utils.crypto import salted_hmac

from companion.table import layer_guard, selectors
from companion.table.broadcast import group_name

logger = logging.getLogger(__name__)

SESSION_ENDED = 4401  # close code: the session that opened this socket ended
SEAT_LOST = 4403  # close code: its seat went to someone else
DB_ENGINE = "django.contrib.sessions.backends.db"
# What Django's own session keys look like (lowercase letters and digits, 32 of them):
# anything else in the cookie is never looked up (a NUL would fail PostgreSQL's query).
SESSION_KEY_RE = re.compile(r"[a-z0-9]{8,64}")


def valid_session_key(key: Any) -> bool:
    return isinstance(key, str) and SESSION_KEY_RE.fullmatch(key) is not None


def session_tag(session_key: str) -> str:
    """A session's name in channel messages: its key never travels through the layer."""
    return hashlib.sha256(session_key.encode()).hexdigest()[:24]


@functools.cache
def _database_tag(name: str) -> str:
    return hashlib.sha256(name.encode()).hexdigest()[:8]


def user_group(user_id: int) -> str:
    """A user's sockets. Row ids repeat across databases (test workers, staging) that may
    share one Redis, hence the database's tag."""
    return f"user-{user_id}-{_database_tag(str(settings.DATABASES['default']['NAME']))}"


def guest_group(session_key: str) -> str:
    """The sockets of a guest whose seat is held by its session's token."""
    return f"guest-{session_tag(session_key)}"


def device_identity(request: HttpRequest) -> str:
    """Whose page this is, as the service worker and the table script compare it: changes
    with every sign-in and sign-out (Django gives the session a new key then), and tells
    nothing about the session's key."""
    session = getattr(request, "session", None)
    key = session.session_key if session is not None else None
    user = getattr(request, "user", None)
    user_id = user.pk if user is not None and user.is_authenticated else ""
    return salted_hmac("muster.table.device-identity", f"{key or ''}:{user_id}").hexdigest()[:20]


# --- ending sessions (the HTTP side) --------------------------------------------------


def end_user_sessions(user_id: int, *, session_key: str | None = None) -> None:
    """Close the table sockets of ``user_id`` (only those opened by ``session_key``, when
    given) once the transaction commits. Best effort: with the layer down nothing is sent
    and each socket's next act or sync finds its session ended."""
    message: dict[str, Any] = {"type": "session.ended"}
    if session_key:
        message["session"] = session_tag(session_key)
    transaction.on_commit(lambda: _send(user_group(user_id), message))


def end_guest_session(session_key: str) -> None:
    """Close the table sockets whose seat this guest session's token holds."""
    transaction.on_commit(lambda: _send(guest_group(session_key), {"type": "session.ended"}))


def end_seat(code: str, seat_id: int) -> None:
    """Close every socket that holds seat ``seat_id`` of table ``code`` (with
    ``SEAT_LOST``) once the transaction commits: the seat went to someone else (the host
    gave it to a guest), and its next views are theirs. Best effort, as above: the old
    devices' next act or sync finds the seat gone anyway."""
    message = {"type": "session.ended", "code": SEAT_LOST}
    transaction.on_commit(lambda: _send(group_name(code, f"seat-{seat_id}"), message))


def _send(group: str, message: dict[str, Any]) -> None:
    """``message`` to ``group``, never raising: the session has ended whether or not its
    sockets hear of it now."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(_group_send)(layer, group, message)
    except layer_guard.LayerDown:
        pass  # logged where it failed
    except Exception as exc:  # a sign-out must not fail because a socket could not be told
        logger.error("sockets of an ended session not told (%s)", layer_guard.where(exc))


async def _group_send(layer: Any, group: str, message: dict[str, Any]) -> None:
    await layer_guard.call(layer.group_send(group, message), "end session")


@receiver(user_logged_out, dispatch_uid="muster-table-sockets-sign-out")
def _signed_out(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """A sign-out on this device ends this session's sockets (the user's others stay)."""
    session = getattr(request, "session", None)
    key = session.session_key if session is not None else None
    if user is not None and getattr(user, "pk", None) is not None:
        if key:
            end_user_sessions(user.pk, session_key=key)
    elif key:
        end_guest_session(key)


# --- the socket's side ----------------------------------------------------------------

HELD, REMOVED, ENDED, LOST = "held", "removed", "ended", "lost"


@dataclass(frozen=True)
class Holder:
    """How a socket proved its seat at connect, to be proved again: the seat's row, and a
    signed-in user's session (its key, the user, the password hash then) or a guest's
    token (kept in its session, or sent as ``?seat=`` by an API client, then with no
    session)."""

    seat_id: int
    session_key: str | None = None
    user_id: int | None = None
    password: str | None = field(default=None, repr=False)
    code: str = ""
    token: str | None = field(default=None, repr=False)
    token_in_session: bool = False


def holder_of(
    seat_id: int, session: Any, user: Any, *, code: str, token: str | None, token_in_session: bool
) -> Holder:
    """What the socket that found seat ``seat_id`` with this session, user and token
    must prove again."""
    key = getattr(session, "session_key", None)
    key = key if valid_session_key(key) else None
    signed_in = getattr(user, "is_authenticated", False) and key is not None
    return Holder(
        seat_id=seat_id,
        session_key=key if signed_in or token_in_session else None,
        user_id=user.pk if signed_in else None,
        password=user.password if signed_in else None,
        code=code,
        token=token,
        token_in_session=token_in_session and key is not None,
    )


def check(holder: Holder) -> tuple[str, int | None]:
    """Whether the socket still holds its seat, and the seat's number now (the start may
    renumber it): ``HELD``; ``REMOVED`` (the host took the seat away: the device watches);
    ``ENDED`` (its session was flushed, expired, or its user changed password, was
    deleted or deactivated); ``LOST`` (the seat went to someone else).

    One indexed query with the database's sessions (Django's default), which also reads
    the seat's number: an act costs no more queries than before the check."""
    row = _read(holder) if settings.SESSION_ENGINE == DB_ENGINE else _read_from_store(holder)
    if row is None:
        return REMOVED, None
    number, seat_user, seat_token, data, password, active = row
    if holder.session_key is not None and data is None:
        return ENDED, None
    if holder.user_id is not None:
        if not (
            data is not None
            and data.get(auth.SESSION_KEY) == str(holder.user_id)
            and password is not None
            and password == holder.password
            and active
        ):
            return ENDED, None
        if seat_user == holder.user_id:
            return HELD, number
    if holder.token_in_session:
        kept = data.get(selectors.SESSION_KEY) if data is not None else None
        if not isinstance(kept, dict) or kept.get(holder.code) != holder.token:
            return ENDED, None
    if holder.token is not None and seat_token == holder.token:
        return HELD, number
    return LOST, None


@functools.cache
def _store_class() -> Any:
    return import_module(settings.SESSION_ENGINE).SessionStore


@functools.cache
def _check_sql(vendor: str) -> str:
    """The seat's row, the socket's session's and its user's, in one query (``NULL``
    where there is none), written once: the ORM's SQL costs more to build than to run,
    on the thread every socket of the process shares."""
    from django.contrib.auth import get_user_model
    from django.contrib.sessions.models import Session

    from companion.table.models import Seat

    q = connection.ops.quote_name
    users, sessions, seats = get_user_model()._meta, Session._meta, Seat._meta

    def col(meta: Any, name: str) -> str:
        return q(meta.get_field(name).column)

    return (
        f"SELECT t.{col(seats, 'number')}, t.{col(seats, 'user')}, t.{col(seats, 'token')},"
        f" s.{col(sessions, 'session_data')}, u.{col(users, 'password')},"
        f" u.{col(users, 'is_active')}"
        f" FROM {q(seats.db_table)} t"
        f" LEFT JOIN {q(sessions.db_table)} s ON s.{col(sessions, 'session_key')} = %s"
        f" AND s.{col(sessions, 'expire_date')} > %s"
        f" LEFT JOIN {q(users.db_table)} u ON u.{q(users.pk.column)} = %s"
        f" WHERE t.{q(seats.pk.column)} = %s AND NOT t.{col(seats, 'removed')}"
    )


# The seat's number, user and token; the session's data, its user's password and state.
Row = tuple[int, Any, str, dict[str, Any] | None, str | None, Any]


def _read(holder: Holder) -> Row | None:
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    params = [holder.session_key, now, holder.user_id, holder.seat_id]
    with connection.cursor() as cursor:
        cursor.execute(_check_sql(connection.vendor), params)
        row = cursor.fetchone()
    if row is None:
        return None
    number, seat_user, seat_token, session_data, password, active = row
    data = None if session_data is None else _store_class()(None).decode(session_data)
    return number, seat_user, seat_token, data, password, active


def _read_from_store(holder: Holder) -> Row | None:
    """Any other session engine: the seat, the store, then the user."""
    from django.contrib.auth import get_user_model

    from companion.table.models import Seat

    seat = (
        Seat.objects.filter(pk=holder.seat_id, removed=False)
        .values_list("number", "user_id", "token")
        .first()
    )
    if seat is None:
        return None
    data = None
    if holder.session_key is not None:
        store = _store_class()(holder.session_key)
        loaded = store.load()
        data = loaded if store.session_key is not None else None  # None: gone or expired
    user = None
    if holder.user_id is not None:
        user = (
            get_user_model()
            .objects.filter(pk=holder.user_id)
            .values_list("password", "is_active")
            .first()
        )
    password, active = user if user is not None else (None, None)
    return seat[0], seat[1], seat[2], data, password, active
