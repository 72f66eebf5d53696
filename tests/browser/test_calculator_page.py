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
    page.wait_for_selector(".errors li[data-field=armor]:has-text('Armor')")


def test_catalogue_search_filters_as_you_type(page, live_server):
    page.goto(f"{live_server.url}/games/micro-and-macro/catalogue/?kind=unit")
    page.fill("input[name=q]", "knight")
    page.wait_for_function("!document.querySelector('#rows').innerText.includes('Peasant')")
    assert "Knight" in page.inner_text("#rows")


IN_VIEW = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
  return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0
    && r.right <= innerWidth; }"""


def test_on_a_phone_the_price_stays_in_view_while_ticking_a_trait_far_down(page, live_server):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/games/maker-war/calculator/")
    boxes = page.locator(".traits input[type=checkbox]")
    middle = boxes.nth(boxes.count() // 2)  # far down, and far above the end of the page
    middle.scroll_into_view_if_needed()
    assert page.evaluate("window.scrollY") > 1000
    assert page.evaluate("document.documentElement.scrollHeight - scrollY") > 2 * 844
    before = page.inner_text("#points")
    middle.check()
    page.wait_for_function(f"document.querySelector('#points').innerText !== '{before}'")
    assert page.evaluate(IN_VIEW, "#points")
    assert page.evaluate("(el) => el.checked", middle.element_handle())
    # the last box is not hidden under the price bar once scrolled to
    page.locator(".traits input[type=checkbox]").last.scroll_into_view_if_needed()
    assert page.evaluate(IN_VIEW, ".traits label:last-child input")
    page.screenshot(path="/tmp/muster-calculator-phone.png")


def test_a_huge_price_fits_a_phone(page, live_server):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/games/maker-war/calculator/")
    page.select_option("select[name=type]", "titan")
    for name, value in (
        ("structure", "100"),
        ("speed", "100"),
        ("fire_range", "300"),
        ("fire_power", "20"),
        ("melee", "20"),
    ):
        page.fill(f"input[name={name}]", value)
    for trait in ("annihilation", "bombard", "assault", "conduit"):
        page.locator(f"input[name=trait_{trait}]").check()
    page.wait_for_function("document.querySelector('#points').innerText.length >= 6")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.evaluate(IN_VIEW, "#points")
    page.screenshot(path="/tmp/muster-calculator-huge.png")
    page.set_viewport_size({"width": 1024, "height": 768})  # beside the form, in its box
    inside = """() => { const p = document.querySelector('.price').getBoundingClientRect();
      const box = document.querySelector('#result').getBoundingClientRect();
      return p.right <= box.right && p.left >= box.left; }"""
    assert page.evaluate(inside)


def test_the_homebrew_unit_form_prices_live_like_the_calculator(page, live_server):
    from django.contrib.auth import get_user_model

    get_user_model().objects.create_user("ada", password="pw-for-tests-1")
    page.goto(f"{live_server.url}/accounts/login/?next=/games/maker-war/homebrew/new/unit/")
    page.fill("input[name=username]", "ada")
    page.fill("input[name=password]", "pw-for-tests-1")
    page.click("form button[type=submit], form input[type=submit], form button")
    page.wait_for_url("**/homebrew/new/unit/")
    assert page.inner_text("#points") == "6"
    page.fill("input[name=name]", "Scrap Crawler")
    page.select_option("select[name=type]", "tank")
    page.fill("input[name=armor]", "3")
    page.fill("input[name=speed]", "20")
    page.fill("input[name=fire_range]", "45")
    page.fill("input[name=fire_power]", "2")
    page.fill("input[name=melee]", "0")
    page.get_by_label("AT", exact=True).check()  # the box is inside its label
    page.wait_for_function("document.querySelector('#points').innerText === '47'")
    page.screenshot(path="/tmp/muster-homebrew-unit.png", full_page=True)
    page.click("#homebrew-form button.primary")
    page.wait_for_selector("text=47")
    assert "/homebrew/new/" not in page.url
