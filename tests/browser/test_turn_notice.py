"""Your turn, noticed without looking: on the device whose seat the table starts waiting
for, the title gets a badge, the device vibrates and (when the player turned it on) beeps;
every device names who the table waits for."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from companion.games.little_game.engine import LittleGameEngine
from tests.browser.tables import open_table, seat_guest_and_start
from tests.browser.test_army_builder import sign_up

pytestmark = pytest.mark.browser

# What the devices report: vibrations asked for, beeps started, turn notices sent.
WATCH = """
Object.defineProperty(Navigator.prototype, "vibrate", {
  configurable: true,
  value(pattern) { (window.__vibrations ||= []).push(pattern); return true; },
});
const RealAudio = window.AudioContext;
window.AudioContext = class extends RealAudio {
  createOscillator() {
    window.__beeps = (window.__beeps || 0) + 1;
    return super.createOscillator();
  }
};
document.addEventListener("muster:turn", (event) => {
  (window.__turns ||= []).push(event.detail);
});
"""


def _waiting_for(state: Mapping[str, Any]) -> list[int]:
    """The little game's seats to move, for this test: whoever has still to choose a card,
    or the seat to act. (Its engine does not say yet; the page only needs the numbers.)"""
    if state["phase"] == "act":
        return [] if state["to_act"] is None else [state["to_act"]]
    if state["phase"] in ("play-card", "break-card"):
        return [seat for seat, card in enumerate(state["chosen"]) if card is None]
    return []


@pytest.fixture
def little_game_awaits(monkeypatch):
    monkeypatch.setattr(LittleGameEngine, "awaiting", lambda self, state: _waiting_for(state))


def _title(device) -> str:
    return device.evaluate("document.title")


def test_the_turn_badge_appears_on_the_device_whose_turn_it_becomes(
    page, live_server, browser, little_game_awaits
):
    base = live_server.url
    page.context.add_init_script(WATCH)
    sign_up(page, base, "host")
    page.goto(f"{base}/tables/")
    page.select_option("select[name=game]", "little-game")
    code = open_table(page)
    guest = seat_guest_and_start(page, browser, base, code)
    guest.context.add_init_script(WATCH)
    guest.reload()
    page.wait_for_selector("#my-hand")
    guest.wait_for_selector("#my-hand")

    # Both choose a card: both are awaited. A page opened on its turn badges its title,
    # without buzzing (nothing changed while the player looked).
    for device in (page, guest):
        device.wait_for_function("document.title.startsWith('● Your turn · ')")
        assert "Waiting for" in device.inner_text(".awaiting-line")
    assert page.inner_text(".awaiting-line") == "Waiting for you, Guest"
    page.check("#turn-sound")  # the host wants a sound; remembered on this device
    assert page.evaluate("localStorage.getItem('muster.turnSound')") == "on"
    beeps_before = page.evaluate("window.__beeps || 0")  # the toggle's own beep

    page.click("#my-hand button[data-card='2']")
    page.wait_for_function("!document.title.startsWith('●')")
    assert page.inner_text(".awaiting-line") == "Waiting for Guest"
    guest.wait_for_selector(".awaiting-line:has-text('Waiting for you')")
    assert _title(guest).startswith("● Your turn")

    guest.click("#my-hand button[data-card='5']")  # 2 < 5: the host acts first
    page.wait_for_function("document.title.startsWith('● Your turn · ')")
    assert page.inner_text(".awaiting-line") == "Waiting for you"
    assert page.evaluate("window.__vibrations") == [200]
    assert page.evaluate("window.__turns") == [{"sound": True}]
    assert page.evaluate("window.__beeps") == beeps_before + 1
    guest.wait_for_selector(".awaiting-line:has-text('Waiting for host')")
    assert not _title(guest).startswith("●")
    assert guest.evaluate("window.__vibrations || []") == []  # it stopped being its turn
    assert guest.evaluate("window.__turns || []") == []

    page.click("button[data-action=advance]")  # the host acts: now the guest's turn
    guest.wait_for_function("document.title.startsWith('● Your turn · ')")
    assert guest.evaluate("window.__vibrations") == [200]
    assert guest.evaluate("window.__turns") == [{"sound": False}]  # sound is off by default
    assert guest.evaluate("window.__beeps || 0") == 0
    page.wait_for_function("!document.title.startsWith('●')")

    page.reload()
    assert page.is_checked("#turn-sound")  # the choice survives a reload
    guest.context.close()
