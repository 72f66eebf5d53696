"""Every table test starts with the channel layer trusted again: a test that made it fail
leaves the breaker open for a few seconds, which would silence the next test's pushes."""

from __future__ import annotations

import pytest

from companion.table import layer_guard


@pytest.fixture(autouse=True)
def layer_trusted():
    layer_guard.breaker.reset()
    yield
    layer_guard.breaker.reset()
