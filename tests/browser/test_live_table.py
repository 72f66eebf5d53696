"""Two players on two devices (two browser contexts) play the little game: each device
updates without a reload, and neither ever sees the other's hand."""

import pytest

from tests.browser.tables import open_table, seat_guest_and_start
from tests.browser.test_army_builder import sign_up

pytestmark = pytest.mark.browser


def test_two_devices_play_rounds_of_the_little_game(page, live_server, browser):
    base = live_server.url
    sign_up(page, base, "host")
    page.goto(f"{base}/tables/")
    page.select_option("select[name=game]", "little-game")
    code = open_table(page)

    guest = seat_guest_and_start(page, browser, base, code)
    page.wait_for_selector("#my-hand")
    guest.wait_for_selector("#my-hand")  # the guest's page switched from lobby to game

    # Round 1: the host holds the evens, the guest the odds (RULINGS default split).
    host_evens = [b.get_attribute("data-card") for b in page.query_selector_all("#my-hand button")]
    assert host_evens == ["2", "4", "6", "8", "10"]
    assert "2" not in guest.inner_text("#my-hand")  # never the other's hand
    page.click("#my-hand button[data-card='2']")
    page.wait_for_selector("text=You chose")
    guest.click("#my-hand button[data-card='5']")
    for device in (page, guest):
        try:
            device.wait_for_selector(".revealed:has-text('worth 2 and 3')")
        except Exception:
            device.screenshot(path="/tmp/fail-table.png", full_page=True)
            raise

    # The host acts first (lower card): one unit advances; the guest then retreats. Nobody
    # is under pressure or in contact, so Recover and Attack are not offered, and say why.
    page.check(".act-form:has(button[data-action=advance]) input[name=list_units] >> nth=0")
    page.click("button[data-action=advance]")
    guest.wait_for_selector("button[data-action=retreat]")
    assert not guest.query_selector("button[data-action=recover]")
    assert not guest.query_selector("button[data-action=attack]")
    assert "none of your units touches an enemy" in guest.inner_text(".not-offered")
    guest.click("button[data-action=retreat]")
    for device in (page, guest):
        device.wait_for_selector(".phase:has-text('break card')")
    page.click("#my-hand button[data-card='4']")
    guest.click("#my-hand button[data-card='1']")
    for device in (page, guest):
        device.wait_for_selector(".phase:has-text('Round 2')")
    assert page.url.endswith(f"/t/{code}/") and guest.url.endswith(f"/t/{code}/")
    guest.screenshot(path="/tmp/muster-table-guest.png", full_page=True)
    guest.context.close()
