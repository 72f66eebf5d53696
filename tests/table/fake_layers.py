"""Channel layers whose Redis is gone: every call fails, or hangs."""

from __future__ import annotations

import asyncio
from typing import Any

from redis.exceptions import ConnectionError as RedisConnectionError

# What redis says, with a password in it: no log line may repeat it.
SECRET = "hunter2"
REFUSED = RedisConnectionError(f"Error 111 connecting to redis://:{SECRET}@10.9.9.9:6379.")


class DeadLayer:
    """Every call raises as channels_redis does with Redis down; ``calls`` counts them.
    ``only``: the names of the calls that fail (the others work, in memory)."""

    def __init__(self, only: tuple[str, ...] | None = None):
        self.calls: list[str] = []
        self.only = only
        self.channels: set[str] = set()

    async def _maybe_fail(self, name: str) -> None:
        self.calls.append(name)
        if self.only is None or name in self.only:
            raise REFUSED

    async def new_channel(self, prefix: str = "specific.") -> str:
        await self._maybe_fail("new_channel")
        self.channels.add(f"{prefix}dead")
        return f"{prefix}dead"

    async def receive(self, channel: str) -> dict[str, Any]:
        await asyncio.Event().wait()  # nothing ever arrives
        return {}

    async def group_add(self, group: str, channel: str) -> None:
        await self._maybe_fail("group_add")

    async def group_discard(self, group: str, channel: str) -> None:
        await self._maybe_fail("group_discard")

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        await self._maybe_fail("group_send")


class HangingLayer(DeadLayer):
    """Redis that takes the connection and never answers (a blackholed host)."""

    async def _maybe_fail(self, name: str) -> None:
        self.calls.append(name)
        await asyncio.sleep(30)
