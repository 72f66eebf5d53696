"""Telling every device at a table that its view changed, after the commit only.

Messages may be lost or reordered (Channels delivers at most once), so they carry just
the new ``seq``: each connection then reads its own seat's view from the database, and a
device that notices a gap or a silence asks for a full resync.
"""

from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction


def group_name(code: str) -> str:
    """By the table's random code, not its row id: ids repeat across databases (test
    workers, staging) that may share one Redis."""
    return f"table-{code}"


def after_commit(code: str, seq: int) -> None:
    transaction.on_commit(lambda: send_changed(code, seq))


def send_changed(code: str, seq: int) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    async_to_sync(layer.group_send)(group_name(code), {"type": "table.changed", "seq": seq})
