"""Telling every device at a table that its view changed, after the commit only.

Messages may be lost or reordered (Channels delivers at most once), so they carry the new
``seq`` with the views: a connection forwards only its own seat's view (never another's),
and a device that notices a gap or a silence asks for a full resync.
"""

from __future__ import annotations

from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction


def group_name(code: str) -> str:
    """By the table's random code, not its row id: ids repeat across databases (test
    workers, staging) that may share one Redis."""
    return f"table-{code}"


def after_commit(table: Any) -> None:
    transaction.on_commit(lambda: send_changed(table.pk))


def send_changed(table_id: int) -> None:
    """Every seat's view, built once here from the committed state (a handful of queries
    for the whole table), so each socket only forwards its own seat's view."""
    from companion.table import selectors
    from companion.table.models import Table

    layer = get_channel_layer()
    if layer is None:
        return
    table = Table.objects.select_related("game", "host").get(pk=table_id)
    views = selectors.views_by_seat(table)
    async_to_sync(layer.group_send)(
        group_name(table.code), {"type": "table.changed", "seq": table.seq, "views": views}
    )
