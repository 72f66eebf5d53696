"""Micro and Macro on two devices (two browser contexts): the host brings a saved deck,
the guest plays the example deck; a card played on one device shows on the other without
a reload, and neither ever sees the other's hand."""

import contextlib

import pytest

from tests.browser.tables import open_table, seat_guest_and_start
from tests.browser.test_army_builder import sign_up

pytestmark = pytest.mark.browser

# Every card of it can be played on turn 1 with the Royal Keep's 2 resources.
HOST_DECK = {
    "faction": "kingdoms-of-men",
    "main": [{"card": "royal-tax", "count": 20}, {"card": "mend-the-walls", "count": 10}],
    "buildings": [
        {"card": slug, "count": 1}
        for slug in ("royal-keep", "barracks", "chapel", "manor", "market-town")
    ],
}


def tap(device, selector: str, then: str) -> None:
    """Click until ``then`` shows: without a socket (the test server speaks no WebSocket)
    the page polls and swaps its view every 2 s, which may redraw the button under the
    click. A second click that arrives late is refused by the server (stale seq), so
    retrying never acts twice."""
    for _ in range(6):
        if device.query_selector(then):
            return
        button = device.query_selector(selector)
        if button is not None:
            with contextlib.suppress(Exception):  # detached by a redraw: look again
                button.click(timeout=2000)
        try:
            device.wait_for_selector(then, timeout=4000)
            return
        except Exception:  # noqa: BLE001 - not yet: click again if the button is there
            continue
    device.screenshot(path="/tmp/fail-mam.png", full_page=True)
    raise AssertionError(f"{selector} did not lead to {then}")


def test_two_devices_play_micro_and_macro(page, live_server, browser):
    from django.contrib.auth import get_user_model

    from armies.models import SavedList
    from catalog.models import Game

    base = live_server.url
    page.set_default_timeout(20_000)  # two devices polling on a busy 2-core machine
    sign_up(page, base, "host")
    saved = SavedList.objects.create(
        game=Game.objects.get(slug="micro-and-macro"),
        owner=get_user_model().objects.get(username="host"),
        name="Taxes",
        body=HOST_DECK,
    )
    page.goto(f"{base}/tables/")
    page.select_option("select[name=game]", "micro-and-macro")
    page.select_option("select[name=list]", str(saved.pk))
    code = open_table(page)

    guest = seat_guest_and_start(page, browser, base, code, timeout=20_000)
    guest.wait_for_selector("#my-hand .mam-card")  # the guest's page left the lobby
    guest.reload()  # and settled (its lobby-to-game reload may still be under way)
    for device, name in ((page, "host"), (guest, "Guest")):
        device.wait_for_selector("#my-hand .mam-card")
        tap(device, "button[data-action=marker]", f".mam-log li:has-text('{name} places')")
    for device in (page, guest):
        try:
            device.wait_for_selector(".phase:has-text('Turn 1')")
        except Exception:
            device.screenshot(path="/tmp/fail-mam.png", full_page=True)
            raise

    # The host's cards never reach the guest's device, and the other way round.
    host_cards = page.eval_on_selector_all(
        "#my-hand .mam-card", "els => els.map(e => e.dataset.card)"
    )
    assert host_cards and all(card.startswith("0c") for card in host_cards)
    assert 'data-card="0c' not in guest.content() and "Royal Tax" not in guest.content()
    assert 'data-card="1c' not in page.content()

    if guest.query_selector("button[data-action=pass]"):  # the guest won the priority roll
        tap(guest, "button[data-action=pass]", ".phase:has-text('may react')")
        page.wait_for_selector("button[data-action=no-reaction]")
        tap(page, "button[data-action=no-reaction]", ".phase:has-text('Turn 2')")
    turn = page.inner_text(".phase").split("·")[0].strip()

    before = len(host_cards)
    tap(page, "#my-hand .mam-card:first-child button[data-action=play]", ".mam-log li.instant")
    # The guest's device updates without a reload: the reaction is offered, the card is logged.
    guest.wait_for_selector("button[data-action=no-reaction]")
    guest.wait_for_selector(".mam-log li.instant")
    assert "Royal Tax" in guest.inner_text(".mam-log") or "Mend the Walls" in guest.inner_text(
        ".mam-log"
    )
    assert 'data-card="0c' not in guest.inner_html("#table-view .mam-mine")
    tap(guest, "button[data-action=no-reaction]", ".mam-table[data-phase=turn]")
    page.wait_for_selector(".mam-table[data-phase=turn]")
    assert page.inner_text(".phase").startswith(turn) and "2 actions left" in page.inner_text(
        ".phase"
    )
    assert len(page.query_selector_all("#my-hand .mam-card")) >= before - 1
    guest.screenshot(path="/tmp/muster-mam-guest.png", full_page=True)
    page.screenshot(path="/tmp/muster-mam-host.png", full_page=True)
    guest.context.close()
