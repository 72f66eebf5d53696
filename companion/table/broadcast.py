"""Telling every device at a table that its view changed, after the commit only.

Each device listens on its own seat's group (or the public one), so a message carries one
view and no socket ever holds another seat's. Messages may be lost or reordered (Channels
delivers at most once), so they carry the new ``seq``: a device that notices a gap or a
silence asks for a full resync.

Each seat's view is built and encoded once per change, here, and never once per device: a
socket only forwards that text, untouched. Table pages and API clients get the same text:
a page draws the view on the device (``companion/static/table/``).

Whatever the log holds, a view can be encoded: a stored value the encoder refuses (written
before the input gate, or around it) is shown as unreadable (``selectors.sendable``) instead
of failing every device's push, poll and connect.

A push is best effort: the move is committed before it starts, so nothing here may turn
the move's answer into an error. A channel layer that fails (Redis gone) or anything else
that goes wrong is logged and dropped; devices catch up by polling.
"""

from __future__ import annotations

import asyncio
import logging
from contextvars import ContextVar
from typing import Any

import orjson
from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.db import transaction

from companion import json_limits
from companion.table import layer_guard, selectors
from companion.table.models import Seat, Table, TableStatus
from companion.table.view_texts import TEXTS

logger = logging.getLogger(__name__)


def group_name(code: str, key: str) -> str:
    """By the table's random code, not its row id: ids repeat across databases (test
    workers, staging) that may share one Redis. ``key``: ``seat_key(seat)`` or
    ``public``."""
    return f"table-{code}.{key}"


def seat_key(seat: Seat) -> str:
    """A seat's group key, by its row (never its number, which the start may renumber)."""
    return f"seat-{seat.pk}"


def after_commit(table: Table, *, latest: Any = None) -> None:
    """Push every seat's view once the transaction commits. A caller that holds the table
    as it is being committed (``latest``: the action it just logged) saves re-reading it."""
    if latest is None:
        transaction.on_commit(lambda: push(table.pk))
    else:
        transaction.on_commit(lambda: push(table.pk, table=table, latest=latest))


def push(table_id: int, *, table: Table | None = None, latest: Any = selectors.UNREAD) -> None:
    """``send_views``, never raising: it runs after the commit, when the move stands."""
    try:
        if layer_guard.breaker.is_open():
            return  # the layer failed a moment ago: don't build views nobody will get
        if table is None:
            table = Table.objects.select_related("game", "host").get(pk=table_id)
        send_views(table, latest=latest)
    except layer_guard.LayerDown:
        pass  # logged where it failed
    except Exception as exc:  # a push must not undo a committed move's answer
        logger.error("table %s: views not pushed (%s)", table_id, layer_guard.where(exc))


def send_views(table: Table, *, latest: Any = selectors.UNREAD) -> None:
    """Every seat's view, built and encoded once here from the committed state, each sent
    to its own seat's group. A removed seat's devices get the public view, marked so that
    they stop acting. ``LayerDown`` when the channel layer cannot take them.

    The work is done once per seat, never once per device: a socket forwards the text as
    it is. A view nobody listens to (the public board, mostly) is not built at all, when
    the layer can tell."""
    layer = get_channel_layer()
    if layer is None:
        return
    rows = selectors.seats_for_views(table)
    sends = [(group_name(table.code, selectors.PUBLIC), selectors.PUBLIC, False)]
    sends += [
        (
            group_name(table.code, seat_key(s)),
            selectors.PUBLIC if s.removed else str(s.number),
            s.removed,
        )
        for s in rows
    ]
    sends = [send for send in sends if _listened(layer, send[0])]
    views = selectors.views_by_seat(
        table, seat_rows=rows, latest=latest, keys={key for _, key, _ in sends}
    )
    texts = {key: view_message(view) for key, view in views.items()}
    TEXTS.put(table, rows, texts)
    messages = [
        (group, pushed(views[key]["seq"], texts[key], removed=removed))
        for group, key, removed in sends
    ]
    if not messages:
        return
    outbox = OUTBOX.get()
    if outbox is not None:  # a socket's move: its consumer sends them, on the event loop
        outbox.append((table.pk, layer, messages))
    else:
        async_to_sync(_send_all)(layer, messages)


# Set by a socket's consumer around its trip to the database thread (which sees it, as it
# runs in a copy of the consumer's context): the pushes of the move it makes are queued
# here and sent by the consumer once the trip is back, so the database thread, which every
# socket of the process shares, never waits for the event loop to send them.
OUTBOX: ContextVar[list[tuple[int, Any, list[tuple[str, dict[str, Any]]]]] | None] = ContextVar(
    "table_outbox", default=None
)


async def deliver(outbox: list[tuple[int, Any, list[tuple[str, dict[str, Any]]]]]) -> None:
    """Send what ``send_views`` queued in ``outbox``, never raising (as ``push``)."""
    for table_id, layer, messages in outbox:
        try:
            await _send_all(layer, messages)
        except layer_guard.LayerDown:
            pass  # logged where it failed
        except Exception as exc:  # a push must not undo a committed move's answer
            logger.error("table %s: views not pushed (%s)", table_id, layer_guard.where(exc))


def _listened(layer: Any, group: str) -> bool:
    """Whether a device may listen to ``group``: in the embedded default's in-memory layer
    the members are right here, and a device that joins after this look reads the
    committed view itself (it listens, then reads). Any other layer: assume so."""
    if isinstance(layer, InMemoryChannelLayer):
        return bool(layer.groups.get(group))
    return True


def device_text(code: str, seat_id: int | None, *, table: Table | None = None) -> str:
    """What a device connecting or resyncing is sent: its seat's view (by seat row; None
    or a removed seat: the public view) as the last change encoded it, else read and
    encoded now together with every other seat's, for the devices of the table that
    follow it. The table is read after the device listens (``table``: a caller that has
    just read it): its version alone when that finds a kept text, else the whole row.
    ``LookupError`` when the table is gone."""
    if table is None:  # the version alone first: the kept text, when there is one
        current = selectors.table_version(code)
        kept = None if current is None else TEXTS.get_version(current, seat_id)
        if kept is not None:
            return kept
    table = table or selectors.table_by_code(code)
    if table is None:
        raise LookupError(code)
    kept = TEXTS.get(table, seat_id)
    if kept is not None:
        return kept
    rows = selectors.seats_for_views(table)
    seat = next((s for s in rows if s.pk == seat_id and not s.removed), None)
    if table.status == TableStatus.OPEN:  # not kept: one view only
        return view_message(selectors.view_for(table, seat, seat_rows=rows))
    views = selectors.views_by_seat(table, seat_rows=rows)
    texts = {key: view_message(view) for key, view in views.items()}
    TEXTS.put(table, rows, texts)
    return texts[selectors.PUBLIC if seat is None else str(seat.number)]


def pushed(seq: int, text: str, *, removed: bool = False) -> dict[str, Any]:
    """The channel layer message: the final text, which the layer hands to every device as
    it is (the view as a dict would be deep-copied for each device and encoded again by
    each socket)."""
    message: dict[str, Any] = {"seq": seq, "text": text}
    if removed:
        message["removed"] = True
    return message


def view_message(view: dict[str, Any], error: dict[str, Any] | None = None) -> str:
    """A view as every device gets it: ``{"type", "seq", "data"}``, encoded; the answer to
    a refused tap adds ``error`` (field path to message), which the page shows."""
    message: dict[str, Any] = {"type": "view", "seq": view["seq"], "data": view}
    if error:
        message["error"] = error
    # orjson: a big table's view is a megabyte of JSON, which the standard library
    # encodes about 15 times slower. Keys that are numbers become text, as ``json`` does.
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except orjson.JSONEncodeError:  # a stored value it refuses: shown as unreadable
        message["data"] = selectors.sendable(view, code=str(view.get("code", "")))
        if error:
            message["error"] = json_limits.repaired(error)
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


async def _send_all(layer: Any, messages: list[tuple[str, dict[str, Any]]]) -> None:
    await layer_guard.call(_group_send_all(layer, messages), "push")


async def _group_send_all(layer: Any, messages: list[tuple[str, dict[str, Any]]]) -> None:
    """Every seat's message at once: on Redis each is a round trip of its own, and no
    device hears two of them (one group each)."""
    await asyncio.gather(
        *(
            layer.group_send(group, {"type": "table.changed", **message})
            for group, message in messages
        )
    )
