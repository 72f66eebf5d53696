"""The WebSocket of one device at a table: pushes its seat's view after every change.

The socket only pushes and answers pings and resync requests; actions go through the same
service as the HTTP API (``act``), so there is one path for every change.

Without a channel layer (Redis down) a socket cannot get pushes: it is accepted, sent the
current view and closed with ``LAYER_DOWN``, so the page polls (every 2 s) and reconnects
with back-off until the layer is back. An open socket that never pushed would instead stop
the page polling and leave it stale until its next heartbeat.

A socket lives no longer than the session that opened it (``device_sessions``): it closes
with ``SESSION_ENDED`` when told so, and an act or a sync reads the session again first.
The handshake's table code and seat token are checked before any query: a NUL, a lone
surrogate or a kilobyte of text closes it with ``NOT_FOUND`` or ``BAD_REQUEST``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import re
from types import SimpleNamespace
from typing import Any
from urllib.parse import parse_qs

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from channels.layers import get_channel_layer
from channels.utils import await_many_dispatch
from django.contrib import auth
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone

from companion import throttling
from companion.games.base import RuleError
from companion.table import (
    broadcast,
    device_sessions,
    layer_guard,
    selectors,
    services,
    socket_messages,
)
from companion.table.models import Seat, Table

logger = logging.getLogger(__name__)

LAYER_DOWN = 4503  # close code: no live pushes now, poll and reconnect later
SESSION_ENDED = device_sessions.SESSION_ENDED  # 4401: signed out, sign in and reconnect
SEAT_LOST = device_sessions.SEAT_LOST  # 4403: the seat went to someone else (a guest)
NOT_FOUND = 4404  # no such table (or a code no table can have)
BAD_REQUEST = 4400  # a query string or seat token no device sends

# What a table's code and a seat's token can be (``models.new_code``, ``new_token``):
# anything else is refused before it reaches a query.
CODE_RE = re.compile(r"[A-Za-z0-9]{1,8}")
TOKEN_RE = re.compile(r"[A-Za-z0-9_-]{1,40}")
MAX_QUERY = 512  # bytes: ``?seat=<token>&board=1&format=json`` is under 100
SESSION_GONE = {"session": "You were signed out on this device; sign in again."}
SEAT_GONE = {"seat": "This seat was given to someone else."}
GONE = {SESSION_ENDED: SESSION_GONE, SEAT_LOST: SEAT_GONE}


def _user(session: Any) -> Any:
    """The user the session's cookie signs in (Django's ``get_user``, which reads only
    the request's session), else the anonymous user."""
    if session is None:
        return AnonymousUser()
    return auth.get_user(SimpleNamespace(session=session))


def _session(scope: dict[str, Any]) -> Any:
    """The handshake's session, or None when there is none or its cookie is not a key
    Django could have made (never looked up)."""
    session = scope.get("session")
    if session is None or not device_sessions.valid_session_key(session.session_key):
        return None
    return session


class TableConsumer(AsyncJsonWebsocketConsumer):
    """One device. Its table and seat are found once, at connect; the seat's number is
    read again whenever it matters (an action, a view), since the start may renumber it."""

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        """Channels' own loop, except that a channel layer that cannot give this socket a
        channel (Redis down) leaves it without one instead of failing the handshake."""
        self.scope, self.base_send = scope, send
        self.channel_layer = get_channel_layer(self.channel_layer_alias)
        sources = [receive]
        if self.channel_layer is not None:
            try:
                self.channel_name = await layer_guard.call(
                    self.channel_layer.new_channel(), "new channel"
                )
            except layer_guard.LayerDown:
                self.channel_layer = None
            else:
                self.channel_receive = functools.partial(
                    self.channel_layer.receive, self.channel_name
                )
                sources.append(self.channel_receive)
        with contextlib.suppress(StopConsumer):
            await await_many_dispatch(sources, self.dispatch)

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Hand ``message`` to its handler, without Channels' trip to the database thread
        first to close stale connections: every database call here goes through
        ``database_sync_to_async``, which does that itself, and a push to forward would
        otherwise queue behind every other table's move on that single thread."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self) -> None:
        self.ended = False
        refused = self._refused()
        if refused:
            await self.close(code=refused)
            return
        if not await self._find():
            await self.close(code=NOT_FOUND)
            return
        # Listen first, then read the view: a change in between is then pushed, not missed.
        # The session's group too: a socket that could not hear its session end would
        # forward the seat's views to whoever uses the device next.
        listening = await asyncio.gather(
            self._listen(selectors.PUBLIC if self.seat is None else broadcast.seat_key(self.seat)),
            self._join_own(),
        )
        await self.accept()
        try:
            await self.send_view()
        except LookupError:  # the table was deleted meanwhile
            await self.close(code=NOT_FOUND)
            return
        if not all(listening):
            await self.close(code=LAYER_DOWN)

    def _refused(self) -> int | None:
        """A close code for a handshake no page or API client sends (a NUL, a lone
        surrogate or a kilobyte in the code or the seat token), before any query; else
        None, with ``code`` and ``query`` read."""
        code = self.scope["url_route"]["kwargs"]["code"]
        if not CODE_RE.fullmatch(code):
            return NOT_FOUND
        raw = self.scope.get("query_string", b"")
        if len(raw) > MAX_QUERY:
            return BAD_REQUEST
        try:
            query = {k: v[-1] for k, v in parse_qs(raw.decode(), errors="strict").items()}
        except (UnicodeError, ValueError):
            return BAD_REQUEST
        if "seat" in query and not TOKEN_RE.fullmatch(query["seat"]):
            return BAD_REQUEST
        self.code, self.query = code.upper(), query
        return None

    async def _join_own(self) -> bool:
        """Join the group that hears this socket's session end (``device_sessions``);
        False when the channel layer cannot be reached."""
        self.own_group = None
        if self.own is None:
            return True
        if self.channel_layer is None:
            return False
        try:
            await layer_guard.call(
                self.channel_layer.group_add(self.own, self.channel_name), "join own"
            )
        except layer_guard.LayerDown:
            return False
        self.own_group = self.own
        return True

    async def session_ended(self, event: dict[str, Any]) -> None:
        """This socket's session ended (a sign-out, a password change, a deleted account),
        or its seat went to someone else: nothing more is forwarded or done for it. A
        sign-out names its session; the same user's other devices stay."""
        wanted = event.get("session")
        if wanted is not None and wanted != self.tag:
            return
        await self._end(SEAT_LOST if event.get("code") == SEAT_LOST else SESSION_ENDED)

    async def _end(self, code: int = SESSION_ENDED) -> None:
        self.ended, self.seat, self.holder = True, None, None
        await self.close(code=code)

    async def _listen(self, key: str) -> bool:
        """Join the group of this seat's views (or the public one), leaving the old one;
        False when the channel layer cannot be reached."""
        if self.channel_layer is None:
            return False
        await self._leave()
        group = broadcast.group_name(self.table.code, key)
        try:
            await layer_guard.call(self.channel_layer.group_add(group, self.channel_name), "join")
        except layer_guard.LayerDown:
            return False
        self.group = group
        return True

    async def _leave(self) -> None:
        group, self.group = getattr(self, "group", None), None
        await self._discard(group)

    async def _discard(self, group: str | None) -> None:
        if group and self.channel_layer is not None:
            # On failure: Redis forgets the subscription with the connection anyway.
            with contextlib.suppress(layer_guard.LayerDown):
                await layer_guard.call(
                    self.channel_layer.group_discard(group, self.channel_name), "leave"
                )

    async def disconnect(self, code: int) -> None:
        await self._leave()
        own, self.own_group = getattr(self, "own_group", None), None
        await self._discard(own)

    @classmethod
    async def decode_json(cls, text_data: str) -> Any:
        return socket_messages.parse(text_data)

    async def receive(
        self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: Any
    ) -> None:
        """One message from the device. Whatever it is, the device gets an answer and the
        socket stays open: a malformed one is told what is wrong."""
        try:
            content = await self.decode_json(text_data)
        except socket_messages.BadMessage as bad:
            await self.send_json({"type": "error", "errors": bad.errors})
            return
        try:
            await self.receive_json(content, **kwargs)
        except OSError:  # the device left while its answer was on the way: nobody to tell
            return
        except Exception as exc:  # one bad message must not close the socket
            logger.error("table socket: message not handled (%s)", layer_guard.where(exc))
            await self.send_json(
                {"type": "error", "errors": {"message": "The server could not do that."}}
            )

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        if self.ended:
            return
        if kind == "ping":
            await self.send_json({"type": "pong", "seq": await self._seen()})
        elif kind == "sync":
            text = await self._view(check=True)
            if isinstance(text, int):
                await self._gone(text)
            else:
                await self.send(text_data=text)
        elif kind == "act":
            errors = socket_messages.act_errors(content)
            answer = (
                {"type": "error", "errors": errors} if errors else await self._act_and_push(content)
            )
            if isinstance(answer, int):
                await self._gone(answer)
            else:
                await self.send_json(answer)
        else:
            await self.send_json({"type": "error", "errors": {"type": "Unknown message."}})

    async def table_changed(self, event: dict[str, Any]) -> None:
        """Forward the seat's view as the server encoded it once for every device of the
        seat, untouched: a push costs this socket no decoding, encoding or trip to the
        database thread."""
        if self.ended:
            return  # queued before the session ended: never forwarded after it
        if event.get("removed") and self.seat is not None:
            # The host took this seat away: the device watches from now on.
            self.seat, self.holder = None, None
            await self._listen(selectors.PUBLIC)
        await self.send(text_data=event["text"])

    async def send_view(self) -> None:
        await self.send(text_data=await self._view())

    async def _gone(self, code: int) -> None:
        """The session that opened this socket ended (or its seat went to someone else)
        while the message to say so was lost, or the layer is down: the device is told
        why, then the socket closes with ``code``."""
        await self.send_json({"type": "error", "errors": GONE[code]})
        await self._end(code)

    @database_sync_to_async
    def _find(self) -> bool:
        """The signed-in user, the table, and the seat whose views this socket may
        forward: one trip to the database thread (200 tablets may connect in a second).
        A browser proves its seat by its session; an API client by ``?seat=<token>``.
        What the session must prove again later (``holder``) and the group that hears it
        end (``own``) are noted here too."""
        session = _session(self.scope)
        self.scope["user"] = user = _user(session)
        code, query = self.code, self.query
        kept = (session.get(selectors.SESSION_KEY) if session is not None else None) or {}
        held = kept.get(code) if isinstance(kept, dict) else None
        held = held if isinstance(held, str) and TOKEN_RE.fullmatch(held) else None
        token = query.get("seat") or held
        table, self.seat = selectors.device_at(
            code, user=user, token=token, board=query.get("board") == "1"
        )
        if table is None:
            return False
        self.table = table
        key = session.session_key if session is not None else None
        self.tag = device_sessions.session_tag(key) if key else None
        self.holder = (
            None
            if self.seat is None
            else device_sessions.holder_of(
                self.seat.pk,
                session,
                user,
                code=code,
                token=token,
                token_in_session=not query.get("seat") and held is not None,
            )
        )
        if user.is_authenticated:
            self.own: str | None = device_sessions.user_group(user.pk)
        elif self.holder is not None and self.holder.token_in_session:
            self.own = device_sessions.guest_group(self.holder.session_key or "")
        else:
            self.own = None
        return True

    def _recheck(self) -> tuple[int | None, int | None]:
        """This socket's seat's number as it is now (None once the host removed the seat:
        the device watches), proving its session again: a close code instead when the
        session ended or the seat went to someone else. One query (``device_sessions``)."""
        if self.holder is None:
            return None, None
        found, number = device_sessions.check(self.holder)
        if found == device_sessions.ENDED:
            return None, SESSION_ENDED
        if found == device_sessions.LOST:
            return None, SEAT_LOST
        if found == device_sessions.REMOVED:
            self.seat, self.holder = None, None
        return number, None

    @database_sync_to_async
    def _view(self, check: bool = False) -> str | int:
        """The seat's view now, encoded off the event loop (kept from the last change when
        this process encoded it then). ``check``: the session proved again first, and a
        close code instead of any view when it ended."""
        if check:
            closing = self._recheck()[1]
            if closing is not None:
                return closing
        return broadcast.device_text(self.table.code, None if self.seat is None else self.seat.pk)

    @database_sync_to_async
    def _seen(self) -> int:
        """Note that the device is alive; the table's ``seq``, for it to spot a gap."""
        if self.seat is not None:
            Seat.objects.filter(pk=self.seat.pk).update(last_seen=timezone.now())
        return Table.objects.values_list("seq", flat=True).get(pk=self.table.pk)

    async def _act_and_push(self, content: dict[str, Any]) -> dict[str, Any] | int:
        """The move, made on the database thread, then its pushes, sent from here
        (``broadcast.OUTBOX``) before the answer: every device hears of the move no later
        than the one that made it."""
        outbox: list[Any] = []
        token = broadcast.OUTBOX.set(outbox)
        try:
            return await self._act(content)
        finally:
            broadcast.OUTBOX.reset(token)
            await broadcast.deliver(outbox)

    @database_sync_to_async
    def _act(self, content: dict[str, Any]) -> dict[str, Any] | int:
        """The move's answer; a close code, and nothing applied, when the session that
        proved the seat has ended or the seat went to someone else (a socket may outlive
        the message that says so)."""
        number, closing = self._recheck()
        if closing is not None:
            return closing
        if number is None:
            return {"type": "error", "errors": {"seat": "Spectators cannot act."}}
        refused = throttling.socket_refusal("table", f"seat-{self.seat.pk}")
        if refused:
            return {"type": "error", "errors": {"action": refused}}
        try:
            result = services.act(
                table=self.table,
                seat=number,
                payload=content["action"],
                seen_seq=content.get("seq"),
                client_id=content.get("client_id", ""),
                author=self.scope.get("user"),
            )
        except services.StaleAction as stale:
            return {"type": "stale", "seq": stale.table.seq}
        except RuleError as exc:
            return {"type": "error", "errors": exc.errors}
        return {"type": "applied", "seq": result.action.seq, "replayed": result.replayed}
