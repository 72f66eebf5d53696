"""The embedded default's channel layer: Channels' in-memory layer that sweeps for
expired messages once a second instead of on every send."""

from __future__ import annotations

import pytest

from companion.table.layers import InMemoryLayer

pytestmark = pytest.mark.asyncio


async def test_a_group_message_reaches_every_member():
    layer = InMemoryLayer()
    channels = [await layer.new_channel() for _ in range(3)]
    for channel in channels:
        await layer.group_add("table-ABC.public", channel)
    await layer.group_send("table-ABC.public", {"type": "table.changed", "text": "{}"})
    for channel in channels:
        assert (await layer.receive(channel))["text"] == "{}"


async def test_expired_members_are_swept_once_a_second_not_on_every_call():
    layer = InMemoryLayer(group_expiry=1)
    channel = await layer.new_channel()
    await layer.group_add("table-ABC.0", channel)
    layer._clean_expired()  # a sweep: the member is fresh
    layer.groups["table-ABC.0"][channel] -= 10  # now it joined long ago
    layer._clean_expired()  # within the second of the last sweep: skipped
    assert channel in layer.groups["table-ABC.0"]
    layer._swept -= InMemoryLayer.SWEEP_EVERY_S
    layer._clean_expired()
    assert channel not in layer.groups.get("table-ABC.0", {})
