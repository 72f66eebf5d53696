"""The WebSocket of one device at a table: pushes its seat's view after every change.

The socket only pushes and answers pings and resync requests; actions go through the same
service as the HTTP API (``act``), so there is one path for every change.

Without a channel layer (Redis down) a socket cannot get pushes: it is accepted, sent the
current view and closed with ``LAYER_DOWN``, so the page polls (every 2 s) and reconnects
with back-off until the layer is back. An open socket that never pushed would instead stop
the page polling and leave it stale until its next heartbeat.
"""

from __future__ import annotations

import contextlib
import functools
import logging
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
from companion.table import broadcast, layer_guard, selectors, services, socket_messages
from companion.table.models import Seat, Table

logger = logging.getLogger(__name__)

LAYER_DOWN = 4503  # close code: no live pushes now, poll and reconnect later


def _user(scope: dict[str, Any]) -> Any:
    """The user the session's cookie signs in (Django's ``get_user``, which reads only
    the request's session), else the anonymous user."""
    session = scope.get("session")
    if session is None:
        return AnonymousUser()
    return auth.get_user(SimpleNamespace(session=session))


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
        if not await self._find():
            await self.close(code=4404)
            return
        # Listen first, then read the view: a change in between is then pushed, not missed.
        listening = await self._listen(
            selectors.PUBLIC if self.seat is None else broadcast.seat_key(self.seat)
        )
        await self.accept()
        try:
            await self.send_view()
        except LookupError:  # the table was deleted meanwhile
            await self.close(code=4404)
            return
        if not listening:
            await self.close(code=LAYER_DOWN)

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
        if group and self.channel_layer is not None:
            # On failure: Redis forgets the subscription with the connection anyway.
            with contextlib.suppress(layer_guard.LayerDown):
                await layer_guard.call(
                    self.channel_layer.group_discard(group, self.channel_name), "leave"
                )

    async def disconnect(self, code: int) -> None:
        await self._leave()

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
        if kind == "ping":
            await self.send_json({"type": "pong", "seq": await self._seen()})
        elif kind == "sync":
            await self.send_view()
        elif kind == "act":
            errors = socket_messages.act_errors(content)
            await self.send_json(
                {"type": "error", "errors": errors} if errors else await self._act_and_push(content)
            )
        else:
            await self.send_json({"type": "error", "errors": {"type": "Unknown message."}})

    async def table_changed(self, event: dict[str, Any]) -> None:
        """Forward the seat's view as the server encoded it once for every device of the
        seat, untouched: a push costs this socket no decoding, encoding or trip to the
        database thread."""
        if event.get("removed") and self.seat is not None:
            self.seat = None  # the host took this seat away: the device watches from now on
            await self._listen(selectors.PUBLIC)
        await self.send(text_data=event["text"])

    async def send_view(self) -> None:
        await self.send(text_data=await self._view())

    @database_sync_to_async
    def _find(self) -> bool:
        """The signed-in user, the table, and the seat whose views this socket may
        forward: one trip to the database thread (200 tablets may connect in a second).
        A browser proves its seat by its session; an API client by ``?seat=<token>``."""
        self.scope["user"] = user = _user(self.scope)
        query = self._query()
        code = self.scope["url_route"]["kwargs"]["code"]
        session = self.scope.get("session") or {}
        token = query.get("seat") or (session.get(selectors.SESSION_KEY) or {}).get(code.upper())
        table, self.seat = selectors.device_at(
            code, user=user, token=token, board=query.get("board") == "1"
        )
        if table is None:
            return False
        self.table = table
        return True

    def _query(self) -> dict[str, str]:
        return {k: v[-1] for k, v in parse_qs(self.scope.get("query_string", b"").decode()).items()}

    def _seat_number(self) -> int | None:
        """This socket's seat's number as it is now; None once the seat was removed."""
        return None if self.seat is None else selectors.seat_number(self.seat.pk)

    @database_sync_to_async
    def _view(self) -> str:
        """The seat's view now, encoded off the event loop (kept from the last change when
        this process encoded it then)."""
        return broadcast.device_text(self.table.code, None if self.seat is None else self.seat.pk)

    @database_sync_to_async
    def _seen(self) -> int:
        """Note that the device is alive; the table's ``seq``, for it to spot a gap."""
        if self.seat is not None:
            Seat.objects.filter(pk=self.seat.pk).update(last_seen=timezone.now())
        return Table.objects.values_list("seq", flat=True).get(pk=self.table.pk)

    async def _act_and_push(self, content: dict[str, Any]) -> dict[str, Any]:
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
    def _act(self, content: dict[str, Any]) -> dict[str, Any]:
        number = self._seat_number()
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
