"""The site shell in a real browser: Back after htmx searches and builder taps, pages that
fit a 390 px phone, the compact menu, thumb-sized ticks, the favicon."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def _signed_in_context(browser, live_server, user, viewport=None):
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport=viewport or {"width": 820, "height": 1180})
    context.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                "url": live_server.url,
            }
        ]
    )
    return context


@pytest.fixture
def shared_army(page, django_user_model):
    """Ada's Maker-War army, shared by link (the catalogue is loaded by ``page``)."""
    from armies import services
    from catalog.models import Game
    from companion.games.registry import get_game

    ada = django_user_model.objects.create_user("ada", password="a-long-passphrase-42")
    return services.list_create(
        owner=ada,
        game=Game.objects.get(slug="maker-war"),
        name="Spearhead",
        body=get_game("maker-war").example_list(),
        visibility="link",
    )


def overflow(page) -> tuple[int, int]:
    return page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")


def test_back_after_a_catalogue_search_shows_the_whole_page(page, live_server):
    base = live_server.url
    page.goto(f"{base}/games/maker-war/catalogue/")
    with page.expect_response(lambda r: "q=tank" in r.url):
        page.fill("input[name=q]", "tank")
    page.wait_for_url("**q=tank**")
    with page.expect_response(lambda r: "faction=terran-makers" in r.url):
        page.select_option("select[name=faction]", "terran-makers")
    page.wait_for_url("**faction=terran-makers**")
    page.wait_for_load_state("networkidle")
    page.click("#rows table.entries tbody a >> nth=0")
    page.wait_for_selector("h1")
    assert "/entries/" in page.url

    page.go_back()
    page.wait_for_load_state("load")
    assert "faction=terran-makers" in page.url
    assert page.locator("header.top .brand").is_visible()  # the page, not the partial
    assert page.locator("form.filters input[name=q]").input_value() == "tank"
    assert page.locator("#rows table.entries").count() == 1


def test_rules_and_list_pages_fit_a_phone(browser, live_server, page, shared_army):
    from companion.games.registry import all_games

    phone = browser.new_context(viewport=PHONE).new_page()
    for slug in all_games():
        phone.goto(f"{live_server.url}/games/{slug}/rules/")
        width, inner = overflow(phone)
        assert width <= inner, f"{slug} rules: {width}px at {inner}px"
    phone.context.close()

    owner = _signed_in_context(browser, live_server, shared_army.owner, PHONE).new_page()
    owner.goto(f"{live_server.url}{shared_army.get_absolute_url()}")
    assert owner.locator("#share-link").is_visible()
    width, inner = overflow(owner)
    assert width <= inner, f"the owner's list page: {width}px at {inner}px"
    owner.context.close()


@pytest.fixture
def bfcache_browser(browser):
    """Chromium as players have it: Playwright turns the back/forward cache off, this
    one keeps it, so Back shows the page as it was kept."""
    from tests.browsers import CHROMIUM, FLAGS

    kept = browser.browser_type.launch(
        executable_path=CHROMIUM,
        args=FLAGS,
        headless=True,
        ignore_default_args=["--disable-back-forward-cache"],
    )
    yield kept
    kept.close()


def test_builder_after_back_shows_the_list_as_saved(
    bfcache_browser, live_server, page, shared_army
):
    context = _signed_in_context(bfcache_browser, live_server, shared_army.owner)
    context.add_init_script("addEventListener('pageshow', (e) => { window.kept = e.persisted; })")
    owner = context.new_page()
    url = f"{live_server.url}{shared_army.get_absolute_url()}"
    owner.goto(url)
    # Nothing in flight when it leaves: chromium keeps no page with a request outstanding
    # (on a busy machine the builder's own requests were, and Back reloaded it instead).
    owner.wait_for_load_state("networkidle")
    before = owner.inner_text("#total")

    owner.click(".crumbs a >> nth=0")  # away to the game's page
    owner.wait_for_selector("h1:has-text('Maker-War')")
    # Meanwhile the list changes (another tab, or the same list on a second device).
    other = context.new_page()
    other.goto(url)
    other.click("#formation-0 .stepper button:has-text('+') >> nth=0")
    other.wait_for_function("(t) => document.querySelector('#total').innerText !== t", arg=before)
    after = other.inner_text("#total")
    other.close()

    owner.go_back(wait_until="commit")  # a kept page fires no load event
    owner.wait_for_function("window.kept === true")  # the page came back from the cache
    owner.wait_for_function("(t) => document.querySelector('#total').innerText === t", arg=after)
    assert owner.inner_text("#total") == after
    context.close()


def test_the_nav_is_one_line_with_a_menu_on_a_phone(browser, live_server, page):
    phone = browser.new_context(viewport=PHONE).new_page()
    phone.goto(f"{live_server.url}/")
    header = phone.locator("header.top").bounding_box()
    assert header["height"] <= 64, f"the header is {header['height']}px tall"
    assert not phone.locator("#site-nav").is_visible()
    phone.click("header.top .menu-toggle")
    assert phone.locator("#site-nav a:has-text('Tables')").is_visible()
    assert phone.get_attribute("header.top .menu-toggle", "aria-expanded") == "true"
    width, inner = overflow(phone)
    assert width <= inner
    phone.context.close()


def test_checkboxes_and_radios_are_thumb_sized(page, live_server):
    page.goto(f"{live_server.url}/games/maker-war/calculator/")
    boxes = page.locator("input[type=checkbox], input[type=radio]")
    assert boxes.count() > 0
    for n in range(min(boxes.count(), 5)):
        box = boxes.nth(n).bounding_box()
        assert box["width"] >= 22 and box["height"] >= 22, box


def test_the_favicon_is_the_site_icon(page, live_server):
    response = page.request.get(f"{live_server.url}/favicon.ico")
    assert response.status == 200
    assert response.headers["content-type"] == "image/png"
    assert response.body()[:8] == b"\x89PNG\r\n\x1a\n"
