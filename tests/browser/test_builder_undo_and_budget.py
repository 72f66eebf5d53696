"""In a real browser: a removed formation comes back with the toast's Undo or Ctrl+Z and is
saved, Redo takes it away again; a budget out of the book's bounds is refused with the
reason beside the field; a quantity adds that many; the chosen plan stays chosen."""

import pytest

from armies.models import SavedList

pytestmark = pytest.mark.browser


def sign_up(page, base: str, name: str) -> None:
    page.goto(f"{base}/accounts/signup/")
    page.fill("input[name=username]", name)
    page.fill("input[name=password1]", "a-long-passphrase-42")
    page.fill("input[name=password2]", "a-long-passphrase-42")
    page.click("main form button")
    page.wait_for_url(f"{base}/")


def new_army(page, base: str) -> None:
    page.goto(f"{base}/games/maker-war/lists/")
    page.fill("input[name=name]", "Undo army")
    page.select_option("select[name=faction]", "terran-makers")
    page.fill("input[name=budget]", "1000")
    page.click("button:has-text('Create')")
    page.wait_for_selector("#builder")


def saved_formations() -> list[str]:
    return [f["plan"] for f in SavedList.objects.get(name="Undo army").body["formations"]]


def test_remove_then_undo_brings_the_formation_back_saved(page, live_server):
    base = live_server.url
    sign_up(page, base, "undoer")
    new_army(page, base)
    page.select_option("select[name=plan]", "maker-rifle-company")
    page.click("button:has-text('Add classic formation')")
    page.wait_for_selector("#formation-0")
    # the plan stays chosen after the add
    assert page.eval_on_selector("select[name=plan]", "s => s.value") == "maker-rifle-company"

    page.click("#formation-0 button[aria-label^='Remove formation']")
    page.wait_for_selector("#formation-0", state="detached")
    page.wait_for_selector("#undo-toast")
    assert "Removed" in page.inner_text("#undo-toast")
    assert saved_formations() == []

    page.click("#undo-toast button:has-text('Undo')")
    page.wait_for_selector("#formation-0")
    assert saved_formations() == ["maker-rifle-company"]

    # Redo with the keyboard takes it away again, Ctrl+Z brings it back
    page.wait_for_function("() => !document.querySelector('[data-redo]').disabled")
    page.keyboard.press("Control+y")
    page.wait_for_selector("#formation-0", state="detached")
    assert saved_formations() == []
    page.wait_for_function("() => !document.querySelector('[data-undo]').disabled")
    page.keyboard.press("Control+z")
    page.wait_for_selector("#formation-0")
    assert saved_formations() == ["maker-rifle-company"]

    # and the buttons do the same
    page.click("[data-redo]")
    page.wait_for_selector("#formation-0", state="detached")
    page.click("[data-undo]")
    page.wait_for_selector("#formation-0")
    assert saved_formations() == ["maker-rifle-company"]


def test_a_budget_out_of_bounds_says_why_beside_the_field(page, live_server):
    base = live_server.url
    sign_up(page, base, "budgeter")
    new_army(page, base)
    for typed in ("-5", "0", "99999999999999999999"):
        page.fill("input[name=budget]", typed)
        with page.expect_response(lambda r: r.url.endswith("/edit/")):  # wait for its answer
            page.press("input[name=budget]", "Tab")
        page.wait_for_selector("#budget-error")
        assert "from 1 to 1,000,000 points" in page.inner_text("#budget-error")
        assert page.eval_on_selector("input[name=budget]", "i => i.value") == typed
        assert SavedList.objects.get(name="Undo army").body["budget"] == 1000
    assert "500000000000000000" not in page.inner_text("#builder")
    page.fill("input[name=budget]", "2000")
    page.press("input[name=budget]", "Tab")
    page.wait_for_selector("#budget-error", state="detached")
    assert SavedList.objects.get(name="Undo army").body["budget"] == 2000


def test_a_quantity_adds_that_many(page, live_server):
    base = live_server.url
    sign_up(page, base, "counter")
    new_army(page, base)
    page.select_option("select[name=plan]", "maker-rifle-company")
    page.click("button:has-text('Add empty')")
    page.wait_for_selector("#formation-0")
    page.fill("#quantity-0", "4")
    page.click("#formation-0 button:has-text('+ Maker Rifles')")
    page.wait_for_function(
        "() => { const c = document.querySelector('#formation-0 .count');"
        " return c !== null && c.innerText === '4'; }"
    )
    units = SavedList.objects.get(name="Undo army").body["formations"][0]["units"]
    assert units == [{"unit": "maker-rifles", "count": 4}]


def test_little_game_remove_has_an_undo_toast_and_figures_read_as_words(page, live_server):
    base = live_server.url
    sign_up(page, base, "skirmisher")
    page.goto(f"{base}/games/little-game/lists/")
    page.fill("input[name=name]", "Little undo")
    page.click("button:has-text('Create')")
    page.wait_for_selector("#builder")
    page.fill("form:has(input[value=add-unit]) input[name=quantity]", "2")
    page.fill("form:has(input[value=add-unit]) input[name=name]", "Lancers")
    page.click("form:has(input[value=add-unit]) button:has-text('Add')")
    page.wait_for_function(
        "() => document.querySelectorAll('form.unit-row input[name=index]').length === 2"
    )
    figures = page.inner_text("#figures")
    assert "Unit count" in figures and "{'" not in figures and "None" not in figures

    page.click("form.unit-row:has(input[name=index][value='0']) button:has-text('Remove')")
    page.wait_for_selector("#undo-toast")
    assert "Removed Lancers" in page.inner_text("#undo-toast")
    assert len(SavedList.objects.get(name="Little undo").body["units"]) == 1
    page.click("#undo-toast button:has-text('Undo')")
    page.wait_for_function(
        "() => document.querySelectorAll('form.unit-row input[name=index]').length === 2"
    )
    assert len(SavedList.objects.get(name="Little undo").body["units"]) == 2
