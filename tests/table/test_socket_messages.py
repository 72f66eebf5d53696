"""The checks a socket message passes before anything acts on it, and the guard around
every channel layer call."""

from __future__ import annotations

import asyncio

import pytest

from companion.table import layer_guard
from companion.table.socket_messages import MAX_DEPTH, BadMessage, act_errors, depth, parse


def test_a_message_is_one_json_object():
    assert parse('{"type": "ping"}') == {"type": "ping"}
    for text in (None, "", "[]", "1", '"ping"', "{", "[" * 10_000 + "]" * 10_000):
        with pytest.raises(BadMessage):
            parse(text)


def test_nesting_is_bounded_without_recursion():
    deep: dict = {}
    node = deep
    for _ in range(MAX_DEPTH):
        node["a"] = {}
        node = node["a"]
    assert depth(deep) == MAX_DEPTH + 1 and depth([]) == 1 and depth(3) == 0
    with pytest.raises(BadMessage, match="deeper"):
        parse(str(deep).replace("'", '"'))


def test_an_acts_fields_have_their_types():
    assert act_errors({"action": {"type": "pass"}, "seq": 3, "client_id": "c"}) == {}
    assert act_errors({"action": {"type": "pass"}}) == {}  # no seq: the service says stale
    wrong = act_errors({"action": {"type": 1}, "seq": 1.5, "client_id": ["c"]})
    assert set(wrong) == {"action", "seq", "client_id"}


@pytest.mark.asyncio
async def test_a_failing_layer_call_trips_the_breaker_and_says_no_secret(caplog):
    layer_guard.breaker.reset()

    async def refused() -> None:
        raise ConnectionRefusedError("redis://:hunter2@10.9.9.9:6379 refused")

    with pytest.raises(layer_guard.LayerDown):
        await layer_guard.call(refused(), "push")
    assert layer_guard.breaker.is_open()
    assert "ConnectionRefusedError" in caplog.text and "hunter2" not in caplog.text
    never = asyncio.sleep(0)
    with pytest.raises(layer_guard.LayerDown):  # skipped while open; the coroutine closed
        await layer_guard.call(never, "push")
    assert never.cr_frame is None
    layer_guard.breaker.reset()
    assert await layer_guard.call(asyncio.sleep(0, result=7), "push") == 7
