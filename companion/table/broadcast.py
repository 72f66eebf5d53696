"""Telling every device at a table that its view changed, after the commit only.

Messages may be lost or reordered (Channels delivers at most once), so they carry just
the new ``seq``: each connection then reads its own seat's view from the database, and a
device that notices a gap or a silence asks for a full resync.
"""

from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction


def group_name(table_id: int) -> str:
    return f"table-{table_id}"


def after_commit(table_id: int, seq: int) -> None:
    transaction.on_commit(lambda: send_changed(table_id, seq))


def send_changed(table_id: int, seq: int) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    async_to_sync(layer.group_send)(group_name(table_id), {"type": "table.changed", "seq": seq})
