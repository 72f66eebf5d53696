"""The WebSocket of one device at a table: pushes its seat's view after every change.

The socket only pushes and answers pings and resync requests; actions go through the same
service as the HTTP API (``act``), so there is one path for every change.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.template.loader import render_to_string
from django.utils import timezone

from companion.games.base import RuleError
from companion.table import broadcast, selectors, services
from companion.table.models import Seat, Table


class TableConsumer(AsyncJsonWebsocketConsumer):
    """One device. Its table and seat are found once, at connect: every later message
    (an action, a ping, a push) uses them without reading them again."""

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
        self.json_only = self._query().get("format") == "json"
        if not await self._find():
            await self.close(code=4404)
            return
        # Listen first, then read the view: a change in between is then pushed, not missed.
        await self._listen(selectors.PUBLIC if self.seat is None else str(self.seat.number))
        await self.accept()
        await self.send_view()

    async def _listen(self, key: str) -> None:
        """Join the group of this seat's views (or the public one), leaving the old one."""
        if getattr(self, "group", None):
            await self.channel_layer.group_discard(self.group, self.channel_name)
        self.group = broadcast.group_name(self.table.code, key)
        await self.channel_layer.group_add(self.group, self.channel_name)

    async def disconnect(self, code: int) -> None:
        if getattr(self, "group", None):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "ping":
            await self.send_json({"type": "pong", "seq": await self._seen()})
        elif kind == "sync":
            await self.send_view()
        elif kind == "act":
            await self.send_json(await self._act(content))
        else:
            await self.send_json({"type": "error", "errors": {"type": "Unknown message."}})

    async def table_changed(self, event: dict[str, Any]) -> None:
        """Forward the seat's view as the server encoded it; a page gets its HTML too."""
        if event.get("removed") and self.seat is not None:
            self.seat = None  # the host took this seat away: the device watches from now on
            await self._listen(selectors.PUBLIC)
        if self.json_only:
            await self.send(text_data=event["text"])
        else:
            await self.send_json(await self._with_html(json.loads(event["text"])))

    @database_sync_to_async
    def _with_html(self, message: dict[str, Any]) -> dict[str, Any]:
        return {**message, "html": render_to_string("table/_view.html", {"t": message["data"]})}

    async def send_view(self) -> None:
        await self.send_json(await self._view())

    @database_sync_to_async
    def _find(self) -> bool:
        """The table, and the seat whose views this socket may forward."""
        table = selectors.table_by_code(self.scope["url_route"]["kwargs"]["code"])
        if table is None:
            return False
        self.table, self.seat = table, self._seat(table)
        return True

    def _query(self) -> dict[str, str]:
        return {k: v[-1] for k, v in parse_qs(self.scope.get("query_string", b"").decode()).items()}

    def _seat(self, table: Table) -> Seat | None:
        """A browser proves its seat by its session; an API client by ``?seat=<token>``."""
        if self._query().get("board") == "1":  # the public board: no seat, whoever it is
            return None
        session = self.scope.get("session") or {}
        token = self._query().get("seat") or (session.get(selectors.SESSION_KEY) or {}).get(
            table.code
        )
        return selectors.seat_of(table, user=self.scope.get("user"), token=token)

    @database_sync_to_async
    def _view(self) -> dict[str, Any]:
        payload = selectors.view_for(selectors.table_by_code(self.table.code), self.seat)
        message = {"type": "view", "seq": payload["seq"], "data": payload}
        if not self.json_only:  # API clients skip the page's HTML
            message["html"] = render_to_string("table/_view.html", {"t": payload})
        return message

    @database_sync_to_async
    def _seen(self) -> int:
        """Note that the device is alive; the table's ``seq``, for it to spot a gap."""
        if self.seat is not None:
            Seat.objects.filter(pk=self.seat.pk).update(last_seen=timezone.now())
        return Table.objects.values_list("seq", flat=True).get(pk=self.table.pk)

    @database_sync_to_async
    def _act(self, content: dict[str, Any]) -> dict[str, Any]:
        if self.seat is None:
            return {"type": "error", "errors": {"seat": "Spectators cannot act."}}
        try:
            result = services.act(
                table=self.table,
                seat=self.seat.number,
                payload=content.get("action"),
                seen_seq=content.get("seq"),
                client_id=str(content.get("client_id", "")),
                author=self.scope.get("user"),
            )
        except services.StaleAction as stale:
            return {"type": "stale", "seq": stale.table.seq}
        except RuleError as exc:
            return {"type": "error", "errors": exc.errors}
        return {"type": "applied", "seq": result.action.seq, "replayed": result.replayed}
