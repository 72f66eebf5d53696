"""A socket's moves are counted in its own process: the rate holds, the window slides,
identities whose window passed are swept, and no move waits on the shared cache."""

from __future__ import annotations

from unittest import mock

from companion import throttling


def test_the_rate_holds_and_the_window_slides(settings):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "table": "3/min"}
    counts = throttling._SocketCounts()
    clock = [1000.0]
    with mock.patch.object(throttling.time, "monotonic", lambda: clock[0]):
        assert [counts.refusal_wait("table", "seat-1") for _ in range(3)] == [None] * 3
        wait = counts.refusal_wait("table", "seat-1")
        assert wait is not None and 59 <= wait <= 60
        assert counts.refusal_wait("table", "seat-2") is None  # another seat counts apart
        clock[0] += 61
        assert counts.refusal_wait("table", "seat-1") is None


def test_identities_whose_window_passed_are_swept(settings):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "table": "3/min"}
    counts = throttling._SocketCounts()
    counts.SWEEP_EVERY = 10
    clock = [0.0]
    with mock.patch.object(throttling.time, "monotonic", lambda: clock[0]):
        for n in range(9):
            counts.refusal_wait("table", f"seat-{n}")
        clock[0] += 120
        counts.refusal_wait("table", "seat-new")  # the tenth call sweeps
    assert set(counts._sent) == {("table", "seat-new")}


def test_a_socket_move_never_touches_the_shared_cache(settings):
    settings.THROTTLE_ENABLED = True
    with mock.patch.object(throttling, "caches") as caches:
        assert throttling.socket_refusal("table", "seat-77") is None
    caches.__getitem__.assert_not_called()
