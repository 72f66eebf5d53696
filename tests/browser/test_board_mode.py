"""The public board (``?board=1``) on the screens it is made for: a tablet lying flat
(1024x768 and 768x1024) and a 1920x1080 TV. For each game, a started table's board fits
the screen without a scrollbar, in type no smaller than a phone's, and holds no seat's
secret: a hidden choice made on a seat's device, or the cards in a hand, are on that device
only. The board follows the table live (table.js draws each public view it polls here: the
test server speaks no WebSocket), and shows the join QR code while seats are open."""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Iterable

import pytest

from tests.browser.tables import open_table, seat_guest_and_start
from tests.browser.test_army_builder import sign_up

pytestmark = pytest.mark.browser

SCREENS = ((1024, 768), (768, 1024), (1920, 1080))
SMALLEST_TYPE = 14  # px: the board's root type, the smallest text but the muted notes
FITS = """() => {
  const page = document.scrollingElement;
  return {height: page.scrollHeight, width: page.scrollWidth, innerHeight, innerWidth,
          type: parseFloat(getComputedStyle(document.documentElement).fontSize)};
}"""


def start(page, browser, base: str, game: str, *, third_seat: bool = False):
    """The host opens a table of ``game``, a guest takes a seat on its own device (a third
    seat joins by the service when the game needs three) and the host starts it."""
    sign_up(page, base, "host")
    page.goto(f"{base}/tables/")
    page.select_option("select[name=game]", game)
    code = open_table(page)
    if third_seat:
        from companion.table import services
        from companion.table.models import Table

        services.seat_join(table=Table.objects.get(code=code), name="Cy")
    guest = seat_guest_and_start(page, browser, base, code, timeout=15_000)
    return code, guest


def board_page(browser, base: str, code: str, screen: tuple[int, int]):
    """The board on a screen of this size, once it has shown the table's view."""
    width, height = screen
    board = browser.new_context(viewport={"width": width, "height": height}).new_page()
    board.set_default_timeout(15_000)
    errors: list[str] = []
    board.on("pageerror", lambda error: errors.append(str(error)))
    board.goto(f"{base}/t/{code}/?board=1")
    board.wait_for_selector("#board-view .board-live")  # table.js drew the public view
    board.evaluate("document.fonts.ready.then(() => true)")
    board.errors = errors  # type: ignore[attr-defined]
    return board


def assert_fits(board, name: str) -> None:
    m = board.evaluate(FITS)
    board.screenshot(path=f"/tmp/muster-board-{name}-{m['innerWidth']}x{m['innerHeight']}.png")
    assert m["height"] <= m["innerHeight"] and m["width"] <= m["innerWidth"], m
    assert m["type"] >= SMALLEST_TYPE, m
    assert board.errors == []  # type: ignore[attr-defined]


def check_boards(
    browser, base: str, code: str, mark: str, name: str, secrets: Iterable[str] = ()
) -> None:
    """At each screen size: the game's board, fitting, without any of ``secrets``."""
    secrets = list(secrets)
    for screen in SCREENS:
        board = board_page(browser, base, code, screen)
        board.wait_for_selector(mark)
        assert_fits(board, name)
        assert leaks(board, secrets) == []
        assert board.query_selector("header.top, nav, footer") is None  # no site chrome
        board.context.close()


def leaks(board, secrets: Iterable[str]) -> list[str]:
    """The ``secrets`` found in the board's markup or text (hidden parts included)."""
    html = board.content().lower()
    text = board.evaluate("document.documentElement.textContent").lower()
    return [s for s in secrets if s.lower() in html or s.lower() in text]


def words(html: str) -> str:
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


def test_little_game_board(page, live_server, browser):
    base = live_server.url
    code, guest = start(page, browser, base, "little-game")
    page.wait_for_selector("#my-hand")
    page.click("#my-hand button[data-card='10']")
    page.wait_for_selector("text=You chose")
    check_boards(browser, base, code, ".lgb-side:has-text('chosen ✓')", "little-game")
    board = board_page(browser, base, code, SCREENS[0])
    text = words(board.content().replace(code, ""))
    assert not re.search(r"\b10\b", text) and "data-card" not in board.content()
    board.context.close()
    guest.context.close()


def test_missiles_and_microchips_board_follows_the_table_live(page, live_server, browser):
    base = live_server.url
    code, guest = start(page, browser, base, "missiles-and-microchips", third_seat=True)
    board = board_page(browser, base, code, SCREENS[2])
    assert board.locator(".mmb-player:has-text('choosing…')").count() == 3
    guest.wait_for_selector(".target-row button.charge")
    guest.click(".target-row button.charge >> nth=0")
    guest.wait_for_selector(".my-choice:has-text('charge')")
    # Pushed to the board without a reload (here by table.js polling), the choice unseen.
    board.wait_for_selector(".mmb-player:has-text('Guest'):has-text('chosen ✓')")
    assert leaks(board, ["charge"]) == []
    assert_fits(board, "missiles-and-microchips-live")
    board.context.close()
    check_boards(browser, base, code, ".mmb-player:has-text('chosen ✓')", "mm", secrets=["charge"])
    guest.context.close()


def test_smalltricks_board(page, live_server, browser):
    base = live_server.url
    code, guest = start(page, browser, base, "smalltricks")
    page.wait_for_selector("#st-cells")
    cells = page.input_value("#st-cells")
    page.click("button[data-action=ready]")
    page.wait_for_selector("text=Your arrangement is in")
    arrangement = [cells, ", ".join(cells.split(",")), "stb-piece", "data-unit"]
    check_boards(
        browser, base, code, ".stb-player:has-text('arrangement in ✓')", "smalltricks",
        secrets=arrangement,
    )  # fmt: skip
    guest.context.close()


def hand_secrets(code: str, hand: str, glossary: str = "") -> list[str]:
    """The names of the cards in every hand that nothing public names (``glossary``: a
    list of every card's name, which says nothing of who holds which)."""
    from companion.table import selectors
    from companion.table.models import Table

    table = Table.objects.get(code=code)
    public = selectors.view_for(table, None)
    public["view"].pop(glossary, None)
    text = json.dumps(public, ensure_ascii=False)
    names = {
        card["name"]
        for seat in table.seats.all()
        for card in selectors.view_for(table, seat)["view"][hand]
    }
    return sorted(name for name in names if name not in text)


def test_micro_and_macro_board(page, live_server, browser):
    base = live_server.url
    code, guest = start(page, browser, base, "micro-and-macro")
    page.wait_for_selector("#my-hand .mam-card")
    secrets = hand_secrets(code, "hand")
    assert secrets and any(name in page.inner_text("#my-hand") for name in secrets)
    check_boards(browser, base, code, ".mamb-side", "micro-and-macro", secrets=secrets)
    guest.context.close()


def test_maker_war_board(page, live_server, browser):
    from companion.table import services
    from companion.table.models import Table

    base = live_server.url
    code, guest = start(page, browser, base, "maker-war")
    page.wait_for_selector(".mw-board")
    table = Table.objects.get(code=code)
    services.act(
        table=table,
        seat=0,
        payload={"type": "begin-deployment"},
        seen_seq=table.seq,
        client_id=uuid.uuid4().hex,
    )
    table.refresh_from_db()  # two supply cards in each hand (the deck's first four)
    supply = table.state["supply"]
    supply["hands"] = [supply["deck"][:2], supply["deck"][2:4]]
    supply["deck"] = supply["deck"][4:]
    table.save(update_fields=["state"])
    secrets = hand_secrets(code, "my_hand", "card_names")
    page.reload()
    page.wait_for_selector("#mw-hand .mw-card")
    assert secrets and any(name in page.inner_text("#mw-hand") for name in secrets)
    check_boards(browser, base, code, ".mwb-board .mwb-poi", "maker-war", secrets=secrets)
    guest.context.close()


def test_the_lobby_board_shows_the_join_code_until_the_game_starts(page, live_server, browser):
    base = live_server.url
    sign_up(page, base, "host")
    page.goto(f"{base}/tables/")
    page.select_option("select[name=game]", "little-game")
    code = open_table(page)
    for screen in SCREENS:
        board = board_page(browser, base, code, screen)
        board.wait_for_selector(".board-join .qr svg")
        box = board.locator(".board-join .qr").bounding_box()
        assert box is not None and box["width"] >= 0.3 * min(screen)  # a camera finds it
        assert_fits(board, "lobby")
        if screen != SCREENS[-1]:
            board.context.close()
    # The last one stays on while a guest sits down and the host starts: no reload.
    guest = seat_guest_and_start(page, browser, base, code, timeout=15_000)
    board.wait_for_selector(".lgb-sides")
    assert board.query_selector(".board-join") is None and "Guest" in board.inner_text("body")
    assert_fits(board, "lobby-started")
    board.context.close()
    guest.context.close()
