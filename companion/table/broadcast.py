"""Telling every device at a table that its view changed, after the commit only.

Each device listens on its own seat's group (or the public one), so a message carries one
view and no socket ever holds another seat's. Messages may be lost or reordered (Channels
delivers at most once), so they carry the new ``seq``: a device that notices a gap or a
silence asks for a full resync.
"""

from __future__ import annotations

import json
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from companion.table import selectors
from companion.table.models import Table


def group_name(code: str, key: str) -> str:
    """By the table's random code, not its row id: ids repeat across databases (test
    workers, staging) that may share one Redis. ``key``: a seat number as text, or
    ``public``."""
    return f"table-{code}.{key}"


def after_commit(table: Table, *, latest: Any = None) -> None:
    """Push every seat's view once the transaction commits. A caller that holds the table
    as it is being committed (``latest``: the action it just logged) saves re-reading it."""
    if latest is None:
        transaction.on_commit(lambda: send_changed(table.pk))
    else:
        transaction.on_commit(lambda: send_views(table, latest=latest))


def send_changed(table_id: int) -> None:
    send_views(Table.objects.select_related("game", "host").get(pk=table_id))


def send_views(table: Table, *, latest: Any = selectors.UNREAD) -> None:
    """Every seat's view, built once here from the committed state, each sent to its own
    seat's group. A removed seat's devices get the public view, marked so that they stop
    acting."""
    layer = get_channel_layer()
    if layer is None:
        return
    rows = selectors.seats_for_views(table)
    views = {
        key: view_message(view)
        for key, view in selectors.views_by_seat(table, seat_rows=rows, latest=latest).items()
    }
    messages = [(group_name(table.code, key), {"text": text}) for key, text in views.items()]
    messages += [
        (group_name(table.code, str(s.number)), {"text": views[selectors.PUBLIC], "removed": True})
        for s in rows
        if s.removed
    ]
    async_to_sync(_send_all)(layer, messages)


def view_message(view: dict[str, Any]) -> str:
    """A view as the socket sends it, encoded once here for every device of its seat: the
    channel layer copies a text for free, where it would deep-copy a dict per device."""
    return json.dumps({"type": "view", "seq": view["seq"], "data": view})


async def _send_all(layer: Any, messages: list[tuple[str, dict[str, Any]]]) -> None:
    for group, message in messages:
        await layer.group_send(group, {"type": "table.changed", **message})
