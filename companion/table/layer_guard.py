"""Calls to the channel layer that cannot hurt a move: bounded in time, and skipped for a
few seconds after one fails.

Pushes are a courtesy on top of the log: a device that misses one resyncs (a gap in
``seq``, the heartbeat's pong, polling). So a dead or hanging Redis must cost a move at
most a second, once, and never its success; after a failure the layer is left alone for
``PAUSE_S`` (a small circuit breaker) rather than waited on by every move of every table.
"""

from __future__ import annotations

import asyncio
import logging
import time
import traceback
from collections.abc import Awaitable
from typing import Any, TypeVar

logger = logging.getLogger(__name__)

TIMEOUT_S = 1.0  # one batch of pushes, or one socket's subscription
PAUSE_S = 5.0  # how long a failed layer is left alone

T = TypeVar("T")


class LayerDown(Exception):
    """The channel layer failed or is resting after a failure; nothing was sent."""


class _Breaker:
    """Open (skip the layer) until ``until``, a ``time.monotonic()`` instant; per process."""

    until = 0.0

    def is_open(self) -> bool:
        return time.monotonic() < self.until

    def trip(self) -> None:
        self.until = time.monotonic() + PAUSE_S

    def reset(self) -> None:
        self.until = 0.0


breaker = _Breaker()


def where(exc: BaseException) -> str:
    """An exception as a log line may carry it: its class and the line that raised it, not
    its message (which may quote a seat's view or a Redis URL)."""
    frames = traceback.extract_tb(exc.__traceback__)
    last = f" at {frames[-1].filename.rsplit('/', 1)[-1]}:{frames[-1].lineno}" if frames else ""
    return f"{type(exc).__name__}{last}"


async def call(awaitable: Awaitable[T], what: str) -> T:
    """``awaitable`` (a channel layer call) within ``TIMEOUT_S``, or ``LayerDown``.

    Any failure counts (redis' ``ConnectionError``, ``OSError``, ``TimeoutError``, a
    serializer error…): it is logged once without secrets and trips the breaker."""
    if breaker.is_open():
        _close(awaitable)
        raise LayerDown(what)
    try:
        return await asyncio.wait_for(awaitable, TIMEOUT_S)
    except Exception as exc:  # every failure of a best-effort push is the same
        breaker.trip()
        logger.warning(
            "channel layer unavailable (%s: %s); pushes paused %.0f s, devices resync by polling",
            what,
            where(exc),
            PAUSE_S,
        )
        raise LayerDown(what) from exc


def _close(awaitable: Any) -> None:
    """A coroutine never awaited would warn; close it instead."""
    close = getattr(awaitable, "close", None)
    if close is not None:
        close()
