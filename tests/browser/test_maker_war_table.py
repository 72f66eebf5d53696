"""Two players on two tablets play the first round of a Maker-War battle: 1000-point
armies deployed within the first-deployment budget, a salvo, a close combat, a round of
activations, and the supply cards drawn at its end (each hand only on its own device)."""

import pytest

from tests.browser.tables import open_table, seat_guest_and_start
from tests.browser.test_army_builder import sign_up

pytestmark = pytest.mark.browser


def wait_turn(device, name: str) -> None:
    device.wait_for_selector(f'.mw-turn:has-text("{name}\'s turn")')


def activate(device, formation: str, order: str) -> None:
    device.select_option("form.mw-activate select[name=field_formation]", formation)
    device.select_option("form.mw-activate select[name=field_order]", order)
    device.click("form.mw-activate button[data-action=activate]")
    device.wait_for_selector(f".mw-active[data-active='{formation}']")


def end_turn(device) -> None:
    device.click("button[data-action=end-turn]")


def test_two_tablets_play_a_round_of_maker_war(page, live_server, browser):
    base = live_server.url
    sign_up(page, base, "host")
    page.goto(f"{base}/tables/")
    page.select_option("select[name=game]", "maker-war")
    page.fill("input[name='opt_maker-war__budget']", "1000")
    code = open_table(page)

    guest = seat_guest_and_start(page, browser, base, code, timeout=10_000)

    # Set-up: the to-scale diagram with the two points of interest of the 1-1000 tier.
    page.wait_for_selector(".mw-board")
    assert page.locator(".mw-board .mw-poi").count() == 2
    assert "100×80 cm" in page.inner_text(".mw-guidance")
    page.fill("form.mw-terrain-form input[name=field_x]", "-25")
    page.click("form.mw-terrain-form button")
    page.wait_for_selector(".mw-board .mw-terrain")
    page.screenshot(path="/tmp/muster-maker-war-setup.png", full_page=True)
    page.click("button[data-action=begin-deployment]")

    # First deployment: 5 supply each; companies cost 2, the Titan 1.
    for device, formation in (
        (page, "s0f0"),
        (guest, "s1f0"),
        (page, "s0f1"),
        (guest, "s1f1"),
        (page, "s0f4"),
        (guest, "s1f4"),
    ):
        button = device.locator(f"button[data-deploy={formation}]")
        button.wait_for()
        form = device.locator(f"form.mw-deploy-form:has(button[data-deploy={formation}])")
        if form.locator("select[name=field_maker_weapon]").count():
            form.locator("select[name=field_maker_weapon]").select_option("anti-tank")
        button.click()
    for device in (page, guest):
        wait_turn(device, "host")

    # Round 1. The host's first company advances and fires a salvo at the guest's.
    activate(page, "s0f0", "advance")
    page.select_option("form.mw-shoot select[name=field_target]", "s1f0")
    page.fill("form.mw-shoot input[name=field_distance]", "30")
    # Muster rolls by default: the typed faces are off until real dice are chosen.
    faces = page.locator("form.mw-shoot input[name=field_rolls]")
    assert faces.is_disabled()
    page.check("form.mw-shoot input[name=field_dice][value=physical]")
    assert faces.is_enabled()
    page.check("form.mw-shoot input[name=field_dice][value=muster]")
    assert faces.is_disabled()
    box = page.locator("form.mw-shoot .mw-edges label.check").first.bounding_box()
    assert box is not None and box["height"] >= 44  # a touch target
    page.click("button[data-action=shoot]")
    page.wait_for_selector(".mw-log li:has-text('fires at First company')", state="attached")
    page.screenshot(path="/tmp/muster-maker-war-salvo.png", full_page=True)
    end_turn(page)

    # The guest's first company assaults the host's: a close combat.
    wait_turn(guest, "Guest")
    activate(guest, "s1f0", "assault")
    guest.check("form.mw-melee input[name=list_defenders][value=s0f0]")
    guest.click("button[data-action=close-combat]")
    guest.wait_for_selector(".mw-log li:has-text('melee dice')", state="attached")
    end_turn(guest)

    # The other formations patrol; the round ends and each player draws one card.
    for device, formation in (
        (page, "s0f1"),
        (guest, "s1f1"),
        (page, "s0f4"),
        (guest, "s1f4"),
    ):
        wait_turn(device, "host" if device is page else "Guest")
        activate(device, formation, "patrol")
        end_turn(device)
    for device in (page, guest):
        try:
            device.wait_for_selector(".phase:has-text('Round 2')")
        except Exception:
            device.screenshot(path="/tmp/mw-fail.png", full_page=True)
            print(device.inner_text(".mw-log"))
            raise
        device.wait_for_selector("#mw-hand .mw-card")
        assert device.locator("#mw-hand .mw-card").count() == 1
    assert "host 1, Guest 1" in page.inner_text(".mw-supply")
    losses = page.text_content(".mw-losses")
    assert "First company" in losses
    guest.screenshot(path="/tmp/muster-maker-war-guest.png", full_page=True)
    guest.context.close()
