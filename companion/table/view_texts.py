"""Each seat's view as the last change encoded it, kept in this process for the devices
that connect or resync after it: a table's four tablets waking at once (a Wi-Fi drop, a
connection storm at the start of a club night) cost one build of the table's views, not
one per device.

A text is kept under the table's version, everything a view is made of: its row and
secret seed (a row id alone may be reused after a deletion), ``seq`` (every move, roll and
undo), ``status`` and ``updated`` (saved by every change of the table or its seats that is
not a move: the start, a removed seat, undo votes, a deleted account). A version that has
moved on is simply not found. Tables still open for seats are not kept: a seat taking its
place is not a change of the table's row."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any

from companion.table.models import Seat, Table, TableStatus

PUBLIC = "public"


def version(table: Table) -> tuple[Any, ...]:
    return (table.pk, table.seed, table.seq, table.status, table.updated)


class ViewTexts:
    """Encoded views by table version and by seat row (a removed seat's devices get the
    public view)."""

    SIZE = 1024  # table versions kept, the least recently used dropped first

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._kept: OrderedDict[tuple[Any, ...], dict[Any, str]] = OrderedDict()

    def get(self, table: Table, seat_id: int | None) -> str | None:
        """The text for the device of seat row ``seat_id`` (None: the public view)."""
        return self.get_version(version(table), seat_id)

    def get_version(self, key: tuple[Any, ...], seat_id: int | None) -> str | None:
        """``get`` by the table's version (``version``), as read without its row."""
        with self._lock:
            texts = self._kept.get(tuple(key))
        return None if texts is None else texts.get(PUBLIC if seat_id is None else seat_id)

    def put(self, table: Table, seats: Iterable[Seat], texts: dict[str, str]) -> None:
        """Keep ``texts`` (by seat number as text, and ``public``) for each seat row."""
        if table.status == TableStatus.OPEN:
            return
        by_row: dict[Any, str] = {}
        if PUBLIC in texts:
            by_row[PUBLIC] = texts[PUBLIC]
        for seat in seats:
            text = texts.get(PUBLIC if seat.removed else str(seat.number))
            if text is not None:
                by_row[seat.pk] = text
        key = version(table)
        with self._lock:
            self._kept.setdefault(key, {}).update(by_row)
            self._kept.move_to_end(key)
            while len(self._kept) > self.SIZE:
                self._kept.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()


TEXTS = ViewTexts()
