"""The WebSocket of one device at a table: pushes its seat's view after every change.

The socket only pushes and answers pings and resync requests; actions go through the same
service as the HTTP API (``act``), so there is one path for every change.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.template.loader import render_to_string
from django.utils import timezone

from companion.games.base import RuleError
from companion.table import broadcast, selectors, services
from companion.table.models import Seat


class TableConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self) -> None:
        found = await self._find()
        if found is None:
            await self.close(code=4404)
            return
        self.table_id, self.code = found
        self.group = broadcast.group_name(self.code)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send_view()

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "ping":
            await self._seen()
            await self.send_json({"type": "pong", "seq": await self._seq()})
        elif kind == "sync":
            await self.send_view()
        elif kind == "act":
            await self.send_json(await self._act(content))
        else:
            await self.send_json({"type": "error", "errors": {"type": "Unknown message."}})

    async def table_changed(self, event: dict[str, Any]) -> None:
        views = event.get("views") or {}
        payload = views.get(self.seat_key) or views.get(selectors.PUBLIC)
        if payload is None:
            await self.send_view()
            return
        message = {"type": "view", "seq": payload["seq"], "data": payload}
        if not self.json_only:
            message["html"] = await self._render(payload)
        await self.send_json(message)

    @database_sync_to_async
    def _render(self, payload: dict[str, Any]) -> str:
        return render_to_string("table/_view.html", {"t": payload})

    async def send_view(self) -> None:
        await self.send_json(await self._view())

    @database_sync_to_async
    def _find(self) -> tuple[int, str] | None:
        """The table, and which seat's pushes this socket may forward (fixed at connect)."""
        code = self.scope["url_route"]["kwargs"]["code"]
        table = selectors.table_by_code(code)
        if table is None:
            return None
        seat = self._seat(table)
        self.seat_key = str(seat.number) if seat is not None else selectors.PUBLIC
        self.json_only = self._query().get("format") == "json"
        return table.pk, table.code

    def _query(self) -> dict[str, str]:
        return {k: v[-1] for k, v in parse_qs(self.scope.get("query_string", b"").decode()).items()}

    def _seat(self, table: Any) -> Seat | None:
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
        table = selectors.table_by_code(self.code)
        payload = selectors.view_for(table, self._seat(table))
        message = {"type": "view", "seq": payload["seq"], "data": payload}
        if self._query().get("format") != "json":  # API clients skip the page's HTML
            message["html"] = render_to_string("table/_view.html", {"t": payload})
        return message

    @database_sync_to_async
    def _seq(self) -> int:
        return selectors.table_by_code(self.code).seq

    @database_sync_to_async
    def _seen(self) -> None:
        table = selectors.table_by_code(self.code)
        seat = self._seat(table)
        if seat is not None:
            Seat.objects.filter(pk=seat.pk).update(last_seen=timezone.now())

    @database_sync_to_async
    def _act(self, content: dict[str, Any]) -> dict[str, Any]:
        table = selectors.table_by_code(self.code)
        seat = self._seat(table)
        if seat is None:
            return {"type": "error", "errors": {"seat": "Spectators cannot act."}}
        try:
            result = services.act(
                table=table,
                seat=seat.number,
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
