"""In a real browser on a tablet-sized screen: build a legal Maker-War army from scratch,
break it twice, see both problems, fix them, share it and open the link signed out."""

import pytest

pytestmark = pytest.mark.browser


def sign_up(page, base: str, name: str) -> None:
    page.goto(f"{base}/accounts/signup/")
    page.fill("input[name=username]", name)
    page.fill("input[name=password1]", "a-long-passphrase-42")
    page.fill("input[name=password2]", "a-long-passphrase-42")
    page.click("main form button")
    page.wait_for_url(f"{base}/")


def problems(page) -> set[str]:
    return set(page.eval_on_selector_all("#problems li", "els => els.map(e => e.dataset.code)"))


def test_build_break_fix_share(page, live_server, browser):
    base = live_server.url
    sign_up(page, base, "builder")
    page.goto(f"{base}/games/maker-war/lists/")
    page.fill("input[name=name]", "Spearhead")
    page.select_option("select[name=faction]", "terran-makers")
    page.fill("input[name=budget]", "1000")
    page.click("button:has-text('Create')")
    page.wait_for_selector("#builder")

    # A classic rifle company in one tap, then an armoured spearhead, built by hand.
    page.select_option("select[name=plan]", "maker-rifle-company")
    page.click("button:has-text('Add classic formation')")
    page.wait_for_selector("#formation-0")
    page.select_option("select[name=plan]", "armoured-spearhead")
    page.click("button:has-text('Add empty')")
    page.wait_for_selector("#formation-1")
    for count in ("1", "2"):  # each tap waits for its answer, as a finger would
        page.click("#formation-1 button:has-text('+ Bulwark Tank')")
        page.wait_for_function(
            "(n) => { const c = document.querySelector('#formation-1 .count');"
            " return c !== null && c.innerText === n; }",
            arg=count,
        )
    page.click("#formation-1 button:has-text('Make chief')")
    page.wait_for_selector("#legal-badge.legal")

    # Break it: a budget too small and a second chief.
    page.fill("input[name=budget]", "200")
    page.press("input[name=budget]", "Tab")
    page.wait_for_selector("#problems li[data-code=over-budget]")
    page.click("#formation-0 li.line:has-text('Maker Rifles') button:has-text('Make chief')")
    page.wait_for_selector("#problems li[data-code=several-chiefs]")
    assert {"over-budget", "several-chiefs"} <= problems(page)
    assert page.inner_text("#legal-badge").strip().startswith("✗")

    # Fix both.
    page.click("#formation-0 li.line:has-text('Maker Rifles') button:has-text('Not chief')")
    page.wait_for_selector("#formation-0 li.line:has-text('Maker Rifles') >> text=Make chief")
    page.fill("input[name=budget]", "1000")
    page.press("input[name=budget]", "Tab")
    page.wait_for_selector("#legal-badge.legal")
    assert problems(page) == set()

    # Share it by link and open the link in a fresh, signed-out browser context.
    page.select_option("select[name=visibility]", "link")
    page.click("form[action$='/settings/'] button:has-text('Save')")
    link = page.get_attribute("#share-link", "href")
    stranger = browser.new_context(viewport={"width": 768, "height": 1024}).new_page()
    stranger.goto(f"{base}{link}")
    assert "Spearhead" in stranger.inner_text("h1")
    assert stranger.inner_text("#legal-badge").strip().startswith("✓")
    assert stranger.locator("#builder button").count() == 0  # read-only
    stranger.screenshot(path="/tmp/muster-shared-army.png", full_page=True)
    stranger.context.close()
