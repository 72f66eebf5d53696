"""Two players on two devices (two browser contexts) play Smalltricks: a secret set-up by
tapping the hex board, the reveal, and a move by tapping that the other device sees
without a reload."""

import pytest

from tests.browser.tables import open_table, seat_guest_and_start
from tests.browser.test_army_builder import sign_up

pytestmark = pytest.mark.browser


def cells_of(device) -> str:
    return device.input_value("#st-cells")


def test_two_devices_set_up_reveal_and_move_on_the_hex_board(page, live_server, browser):
    base = live_server.url
    page.set_viewport_size({"width": 390, "height": 844})  # a phone, portrait
    script_errors: list[str] = []
    page.on("pageerror", lambda error: script_errors.append(str(error)))
    sign_up(page, base, "host")
    page.goto(f"{base}/tables/")
    page.select_option("select[name=game]", "smalltricks")
    page.select_option("select[name=opt_smalltricks__match]", "best-of-3")
    code = open_table(page)

    guest = seat_guest_and_start(  # a phone in landscape
        page, browser, base, code, viewport=(900, 600), timeout=10_000, script_errors=script_errors
    )
    page.wait_for_selector(".st-board")
    guest.wait_for_selector(".st-board")
    assert "best-of-3" in page.inner_text(".st-score")

    # Set-up: the saved example arrangement is the default; the host taps Archers, then A2.
    assert cells_of(page).startswith("B2,C2")
    page.click("#st-chips .chip >> nth=0")
    page.click(".st-board .hex[data-cell='A2']")
    assert cells_of(page).startswith("A2,C2")
    assert page.query_selector(".setup-layer .piece")  # drawn where it will stand
    page.screenshot(path="/tmp/muster-smalltricks-setup.png", full_page=True)
    page.click("button[data-action=ready]")
    page.wait_for_selector("text=Your arrangement is in")
    guest.wait_for_selector("text=Your opponent is ready")
    assert guest.query_selector_all(".st-board .hex .piece") == []  # nothing of the host
    assert len(guest.query_selector_all(".setup-layer .piece.seat-1")) == 6  # its own plan
    assert guest.query_selector(".st-board .hex[data-cell='A2'] .piece") is None

    guest.click("button[data-action=ready]")
    for device in (page, guest):
        device.wait_for_selector(".st-board .piece[data-unit='0-0']")
        assert len(device.query_selector_all(".st-board .hex .piece")) == 12
    assert guest.query_selector(".st-board .hex[data-cell='A2'] .piece[data-unit='0-0']")

    # The first faction (drawn at random) taps its Archers, then a highlighted hexagon.
    first = page if page.get_attribute("#st-table", "data-active") == "0" else guest
    other = guest if first is page else page
    seat = first.get_attribute("#st-table", "data-me")
    archers = f".st-board .piece[data-unit='{seat}-0']"
    start = first.eval_on_selector(archers, "p => p.closest('.hex').dataset.cell")
    first.click(archers)
    first.wait_for_selector(".st-board .hex.target")
    targets = first.eval_on_selector_all(
        ".st-board .hex.target", "hs => hs.map(h => h.dataset.cell)"
    )
    destination = next(cell for cell in targets if cell != start)
    first.click(f".st-board .hex[data-cell='{destination}']")
    moved = f".st-board .hex[data-cell='{destination}'] .piece[data-unit='{seat}-0']"
    first.wait_for_selector(moved)
    other.wait_for_selector(moved)  # pushed to the other device, no reload
    assert f"moves {start} → {destination}" in other.inner_text("#st-log")
    assert page.url.endswith(f"/t/{code}/") and guest.url.endswith(f"/t/{code}/")
    page.screenshot(path="/tmp/muster-smalltricks-host.png", full_page=True)
    guest.screenshot(path="/tmp/muster-smalltricks-guest.png", full_page=True)
    assert script_errors == []
    guest.context.close()
