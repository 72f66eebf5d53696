"""The floor of the live-table benchmark: a bare Channels app carrying the same traffic.

A device opens ``/floor/<table>/``; each ``act`` it sends makes the table's next seq and
one ``group_send`` of a view-sized message (``MUSTER_FLOOR_BYTES``, ~2 KB) to the table's
group, which every socket forwards as it is; ``sync`` answers the current message. No
database, no engine, no template: what is left is Channels, daphne and the channel layer
(the site's own ``InMemoryLayer``), so the site's p99 over this one is what the site adds.

Served by daphne: ``daphne bench.floor_app:application`` (without DJANGO_SETTINGS_MODULE).
"""

from __future__ import annotations

import json
import os
from typing import Any

from django.conf import settings

if not settings.configured:
    settings.configure(
        CHANNEL_LAYERS={"default": {"BACKEND": "companion.table.layers.InMemoryLayer"}}
    )

from channels.consumer import get_handler_name  # noqa: E402
from channels.exceptions import StopConsumer  # noqa: E402
from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402

PAD = "x" * int(os.environ.get("MUSTER_FLOOR_BYTES", 2048))
SEQ: dict[str, int] = {}
LATEST: dict[str, str] = {}


def _view(table: str, client_id: str) -> str:
    """The table's message at its current seq: what the benchmark's devices read from a
    view (its seq, one legal action) and the padding that gives it a view's weight."""
    seq = SEQ.get(table, 0)
    data = {"seq": seq, "client_id": client_id, "legal_actions": [{"type": "tap"}], "pad": PAD}
    return json.dumps({"type": "view", "seq": seq, "data": data})


class FloorConsumer(AsyncWebsocketConsumer):
    """One device at a floor table."""

    async def dispatch(self, message: dict[str, Any]) -> None:
        """As the site's consumer: no trip to a database thread per message (there is no
        database), so the floor is Channels' own cost and nothing else."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self) -> None:
        self.table = self.scope["path"].strip("/").split("/")[-1]
        self.group = f"floor-{self.table}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send(text_data=LATEST.setdefault(self.table, _view(self.table, "")))

    async def websocket_disconnect(self, message: dict[str, Any]) -> None:
        """Leave the table's group; no database connections to close, unlike Channels'."""
        await self.channel_layer.group_discard(self.group, self.channel_name)
        raise StopConsumer()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        content = json.loads(text_data or "{}")
        if content.get("type") == "act":
            SEQ[self.table] = SEQ.get(self.table, 0) + 1
            client_id = str(content.get("client_id", ""))
            LATEST[self.table] = text = _view(self.table, client_id)
            await self.channel_layer.group_send(self.group, {"type": "table.changed", "text": text})
            answer = {"type": "applied", "seq": SEQ[self.table], "client_id": client_id}
            await self.send(text_data=json.dumps(answer))
        elif content.get("type") == "sync":
            await self.send(text_data=LATEST[self.table])

    async def table_changed(self, event: dict[str, Any]) -> None:
        await self.send(text_data=event["text"])


application = FloorConsumer.as_asgi()
