"""One tablet, two tabs on the table (issue 26, finding 4): the player signs out in one
tab, the next player signs in there and goes offline. The tab left open must not have
kept the first player's seat (her hand) for the next one to read offline.

The table's socket is what kept forwarding her seat to the forgotten tab, so this runs
the site as production does, over HTTP and WebSockets (uvicorn, in a thread of this
process): ``live_server`` speaks no WebSocket."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.tables import open_table, seat_guest_and_start
from tests.browser.test_army_builder import sign_up

pytestmark = pytest.mark.browser


@pytest.fixture
def asgi_server(transactional_db) -> Iterator[str]:
    """``companion.asgi.application`` served by uvicorn on a free port; its base URL.

    On SQLite's in-memory test database every thread uses this thread's connection, as
    Django's own live server does (a new connection would open another, empty database)."""
    import uvicorn
    from django.db import connections

    from catalog.services import load_catalogue
    from companion.asgi import application

    load_catalogue()
    shared = connections["default"]
    in_memory = shared.vendor == "sqlite" and shared.is_in_memory_db()
    real_create = connections.create_connection
    if in_memory:
        shared.inc_thread_sharing()
        connections.create_connection = lambda alias: (  # type: ignore[method-assign]
            shared if alias == "default" else real_create(alias)
        )
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    port = listening.getsockname()[1]
    config = uvicorn.Config(application, lifespan="off", log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started, "uvicorn did not start"
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
        listening.close()
        if in_memory:
            connections.create_connection = real_create  # type: ignore[method-assign]
            shared.dec_thread_sharing()


def _kept_views(tab: Any) -> list[dict[str, Any]]:
    """Every table view this device keeps for offline reading (sw.js's pages cache)."""
    texts = tab.evaluate(
        """async () => {
          if (!(await caches.has('muster-pages'))) return [];
          const cache = await caches.open('muster-pages');
          const found = [];
          for (const request of await cache.keys()) {
            if (!/\\/view\\/$/.test(new URL(request.url).pathname)) continue;
            found.push(await (await cache.match(request)).text());
          }
          return found;
        }"""
    )
    return [json.loads(text) for text in texts]


def test_a_tab_left_open_keeps_no_seat_for_the_next_player_to_read_offline(asgi_server, browser):
    base = asgi_server
    device = browser.new_context(viewport={"width": 820, "height": 1180})  # one tablet
    first = device.new_page()
    first.set_default_timeout(15_000)
    sign_up(first, base, "ada")
    first.goto(f"{base}/tables/")
    first.select_option("select[name=game]", "little-game")
    code = open_table(first)
    guest = seat_guest_and_start(first, browser, base, code)
    first.wait_for_selector("#my-hand button[data-card='2']")
    first.evaluate("async () => (await navigator.serviceWorker.ready).scope")
    first.reload()  # from now on the worker serves this tablet's pages
    assert first.evaluate("() => navigator.serviceWorker.controller !== null")

    second = device.new_page()  # the same table in a second tab: Ada's hand, live
    second.set_default_timeout(15_000)
    second.goto(f"{base}/t/{code}/")
    second.wait_for_selector("#my-hand button[data-card='2']")
    second.wait_for_selector("#sync-state:has-text('live')")
    first.wait_for_selector("#sync-state:has-text('live')")

    first.click("header.top button:has-text('Log out')")  # Ada signs out in the first tab
    first.wait_for_url(f"{base}/")
    sign_up(first, base, "bert")  # and Bert signs in there
    first.goto(f"{base}/t/{code}/")  # Bert looks at the table (kept for him), then leaves
    first.wait_for_selector("#sync-state:has-text('live')")
    assert first.locator("#my-hand").count() == 0
    first.goto(f"{base}/tables/")

    guest.click("#my-hand button[data-card='5']")  # a move: pushed to every device
    second.wait_for_selector(".lg-hands li:has-text('Guest'):has-text('chosen ✓')")
    second.wait_for_timeout(500)  # what the second tab keeps of it is written
    kept = _kept_views(first)
    assert kept and all(view["data"]["me"] is None for view in kept), kept

    device.set_offline(True)
    first.goto(f"{base}/t/{code}/")  # Bert, offline: the table as this tablet kept it
    first.wait_for_selector("#sync-state:has-text('offline')")
    first.wait_for_selector(".lg-hands li:has-text('Guest')")
    first.wait_for_timeout(500)  # the kept view, read back
    assert first.locator("#my-hand").count() == 0  # never Ada's hand
    device.set_offline(False)
    guest.context.close()
    device.close()
