"""The channel layer of the embedded default (one process, no Redis)."""

from __future__ import annotations

import time

from channels.layers import InMemoryChannelLayer


class InMemoryLayer(InMemoryChannelLayer):
    """Channels' in-memory layer, sweeping out expired messages and group members at most
    once a second. Channels sweeps on every send and receive, walking every channel and
    every group: with 200 devices at 50 tables that walk was an eighth of the server's
    time, and it grows with the square of the devices. Expiry is 60 s for a message and a
    day for a group member, so a second's delay changes nothing anyone sees."""

    SWEEP_EVERY_S = 1.0
    _swept = 0.0

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._swept >= self.SWEEP_EVERY_S:
            self._swept = now
            super()._clean_expired()
