"""Copies of game states: plain JSON-like data (dicts, lists, numbers, text)."""

from __future__ import annotations

import pickle
from typing import TypeVar

T = TypeVar("T")


def clone(value: T) -> T:
    """A deep copy of plain data, several times faster than ``copy.deepcopy``: a state is
    copied on every action and every view, so this is on the live table's hot path. The
    bytes never leave this call, so nothing untrusted is ever unpickled."""
    return pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))
