"""In a real browser, the calculator's price follows the fields as the player types."""

import pytest

pytestmark = pytest.mark.browser


def test_price_updates_while_editing(page, live_server):
    page.goto(f"{live_server.url}/games/maker-war/calculator/")
    points = page.locator("#points")
    assert points.inner_text() == "6"
    page.select_option("select[name=type]", "tank")
    page.fill("input[name=armor]", "3")
    page.fill("input[name=speed]", "20")
    page.fill("input[name=fire_range]", "45")
    page.fill("input[name=fire_power]", "2")
    page.fill("input[name=melee]", "0")
    page.check("input[name=fire_traits][value=AT]")
    page.wait_for_function("document.querySelector('#points').innerText === '47'")
    page.screenshot(path="/tmp/muster-calculator.png", full_page=True)


def test_a_bad_value_shows_the_field_in_error(page, live_server):
    page.goto(f"{live_server.url}/games/maker-war/calculator/")
    page.fill("input[name=armor]", "0")
    page.wait_for_selector(".errors code:text('armor')")


def test_catalogue_search_filters_as_you_type(page, live_server):
    page.goto(f"{live_server.url}/games/micro-and-macro/catalogue/?kind=unit")
    page.fill("input[name=q]", "knight")
    page.wait_for_function("!document.querySelector('#rows').innerText.includes('Peasant')")
    assert "Knight" in page.inner_text("#rows")
