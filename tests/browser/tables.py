"""Two devices at one table: the steps every game's browser test starts with."""

from __future__ import annotations


def open_table(page) -> str:
    """Open the table chosen on ``/tables/`` (game and house rules already set); its code."""
    page.click("button:has-text('Open table')")
    page.wait_for_selector(".table-page")
    return page.inner_text(".table-head .code").strip()


def seat_guest_and_start(
    page,
    browser,
    base: str,
    code: str,
    *,
    viewport: tuple[int, int] = (768, 1024),
    timeout: int | None = None,
    script_errors: list[str] | None = None,
):
    """A second device (its own browser context) takes a seat by the table's code; the
    host's device sees the seat pushed to it and starts the game. The guest's page."""
    width, height = viewport
    guest = browser.new_context(viewport={"width": width, "height": height}).new_page()
    if timeout is not None:
        guest.set_default_timeout(timeout)
    if script_errors is not None:
        guest.on("pageerror", lambda error: script_errors.append(str(error)))
    guest.goto(f"{base}/tables/")
    guest.fill("input[name=code]", code)
    guest.click("button:has-text('Join')")
    guest.fill("input[name=name]", "Guest")
    guest.click("button:has-text('Take a seat')")
    guest.wait_for_selector("li.me:has-text('Guest')")
    page.wait_for_selector("ul.seats li:has-text('Guest')")  # pushed to the host's device
    page.reload()
    page.click("button:has-text('Start the game')")
    return guest
