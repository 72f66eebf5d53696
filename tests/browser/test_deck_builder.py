"""In a real browser: build a legal Bloodmages deck by tapping the card pool, break it
(41 cards, a second main building), see both problems, fix them, playtest, export."""

import json
from pathlib import Path

import pytest

from tests.browser.test_army_builder import problems, sign_up

pytestmark = pytest.mark.browser

MAIN_CARDS = [
    "unholy-relic",
    "rite-of-undeath",
    "beacon-shrine",
    "ghoul-hunger",
    "masters-bond",
    "mortar-sigil",
    "cursed-blades",
    "bone-bows",
    "blood-tithe",
    "raise-the-dead",
]


def tap_and_wait(page, selector: str, counter: str, expected: int) -> None:
    page.click(selector)
    page.wait_for_function(
        "([id, n]) => { const e = document.getElementById(id);"
        " return e !== null && e.innerText.trim() === String(n); }",
        arg=[counter, expected],
    )


def test_build_break_fix_playtest_export(page, live_server):
    base = live_server.url
    sign_up(page, base, "decker")
    page.goto(f"{base}/games/micro-and-macro/lists/")
    page.fill("input[name=name]", "Blood rush")
    page.select_option("select[name=faction]", "bloodmages")
    page.click("button:has-text('Create')")
    page.wait_for_selector("#pool")

    # Search as you type narrows the pool at once.
    everything = page.locator("#pool li:visible").count()
    page.fill("#pool-search", "spire")
    assert 0 < page.locator("#pool li:visible").count() < everything
    assert page.locator("#pool li[data-card=blood-spire]").is_visible()
    assert not page.locator("#pool li[data-card=blood-tithe]").is_visible()
    tap_and_wait(page, "#pool li[data-card=blood-spire] button", "building-count", 1)
    page.fill("#pool-search", "")
    tap_and_wait(page, "#pool li[data-card=graveyard] button", "building-count", 2)

    count = 0
    for name in MAIN_CARDS:
        for _ in range(4):
            count += 1
            tap_and_wait(page, f"#pool li[data-card={name}] button", "main-count", count)
    assert count == 40
    page.wait_for_selector("#legal-badge.legal")

    # Break it twice.
    tap_and_wait(page, "#pool li[data-card=fel-ward] button", "main-count", 41)
    tap_and_wait(
        page,
        "#pile-buildings li[data-card=blood-spire] button[aria-label='One more']",
        "building-count",
        3,
    )
    assert {"main-too-large", "several-main-buildings"} <= problems(page)
    assert page.inner_text("#legal-badge").strip().startswith("✗")

    # Fix both.
    tap_and_wait(
        page, "#pile-main li[data-card=fel-ward] button[aria-label='One fewer']", "main-count", 40
    )
    tap_and_wait(
        page,
        "#pile-buildings li[data-card=blood-spire] button[aria-label='One fewer']",
        "building-count",
        2,
    )
    page.wait_for_selector("#legal-badge.legal")
    assert problems(page) == set()

    # Playtest: an opening hand of five, then draw one more.
    page.click("button:has-text('Draw an opening hand')")
    page.wait_for_function("document.querySelectorAll('#playtest .playing-card').length === 5")
    page.click("button:has-text('Draw a card')")
    page.wait_for_function("document.querySelectorAll('#playtest .playing-card').length === 6")

    # Export the list.
    with page.expect_download() as download:
        page.click("a:has-text('Export JSON')")
    document = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert document["format"] == "muster-list" and document["game"] == "micro-and-macro"
    assert sum(line["count"] for line in document["list"]["main"]) == 40
    page.screenshot(path="/tmp/muster-deck.png", full_page=True)
