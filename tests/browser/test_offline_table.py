"""A tablet through a Wi-Fi drop (Playwright's ``set_offline``), in the little game: taps
made offline wait on the device and are applied once each, in order, when it comes back;
a tap the game moved past meanwhile is shown refused with the reason; and the table is an
installed app whose last view, and the army lists opened before, read offline."""

from __future__ import annotations

import re

import pytest

from companion.table.models import Action, Table
from tests.browser.tables import open_table, seat_guest_and_start
from tests.browser.test_army_builder import sign_up

pytestmark = pytest.mark.browser


def _little_table(page, browser, base: str):
    """The host's tablet (``page``, seat 0, the evens) and the guest's (seat 1, the odds),
    the game started; the table's code and the guest's page."""
    sign_up(page, base, "host")
    page.goto(f"{base}/tables/")
    page.select_option("select[name=game]", "little-game")
    code = open_table(page)
    guest = seat_guest_and_start(page, browser, base, code)
    page.wait_for_selector("#my-hand")
    guest.wait_for_selector("#my-hand")
    return code, guest


def _moves(code: str) -> list[tuple[int, str, str]]:
    """The log after the start: (seq, seat, action type), in order."""
    return list(
        Action.objects.filter(table__code=code, seq__gt=0)
        .order_by("seq")
        .values_list("seq", "seat", "payload__type")
    )


def _sent(request) -> dict[str, str]:
    """The fields of a tap as the page posted it (multipart form data)."""
    body = request.post_data or ""
    return dict(re.findall(r'name="(\w+)"\r\n\r\n([^\r]*)', body))


def _go_offline(page) -> None:
    page.context.set_offline(True)
    page.wait_for_selector("#sync-state:has-text('offline')")


def test_two_taps_made_offline_are_applied_once_in_order_when_back(page, live_server, browser):
    code, guest = _little_table(page, browser, live_server.url)
    posted: list[dict[str, str]] = []  # the taps that reached the server, as sent
    page.on(
        "requestfinished",
        lambda request: posted.append(_sent(request)) if request.url.endswith("/act/") else None,
    )
    _go_offline(page)

    page.click("#my-hand button[data-card='2']")  # 1: a secret card
    page.fill("input[name=field_results]", "4")
    page.click(".dice-form button")  # 2: a die rolled at the table, typed in
    page.wait_for_selector("#pending-taps li:nth-child(2):has-text('waiting for the connection')")
    taps = page.locator("#pending-taps li")
    assert taps.count() == 2
    assert "waiting for the connection" in taps.nth(0).inner_text()
    assert "Play" in taps.nth(0).inner_text() and "Dice" in taps.nth(1).inner_text()
    page.wait_for_selector("#sync-state:has-text('2 taps waiting')")
    kept = page.evaluate(f"JSON.parse(localStorage.getItem('muster.taps.{code}')).taps")
    assert [tap["label"] for tap in kept] == ["Play: 2", "Dice: Roll"]
    assert _moves(code) == []  # nothing reached the server

    page.context.set_offline(False)
    page.wait_for_selector("#pending-taps", state="hidden")
    page.wait_for_selector("text=You chose")
    assert _moves(code) == [(1, 0, "play"), (2, 0, "dice")]
    ids = [tap["id"] for tap in kept]
    assert [Action.objects.filter(table__code=code, client_id=i).count() for i in ids] == [1, 1]
    assert page.evaluate(f"localStorage.getItem('muster.taps.{code}')") is None
    # Each sent once; the second with the seq the first one reached, as if made after it.
    assert [(tap["client_id"], tap["seq"]) for tap in posted] == [(ids[0], "0"), (ids[1], "1")]
    # The other device sees both: the host has chosen, and the die shows 4.
    guest.wait_for_selector(".lg-hands li:has-text('host'):has-text('chosen ✓')")
    guest.wait_for_selector(".rolls li.newest:has-text('4')")
    guest.context.close()


def test_a_tap_whose_answer_was_lost_is_sent_again_and_applied_once(page, live_server, browser):
    """The tap reaches the server, but its answer is lost on the way back (the Wi-Fi drops
    at that moment): the device keeps it and sends it again with the same client id."""
    code, guest = _little_table(page, browser, live_server.url)
    reached: list[dict[str, str]] = []

    def lose_the_first_answer(route) -> None:
        reached.append(_sent(route.request))
        if len(reached) == 1:
            route.fetch()  # the server applies it...
            route.abort("internetdisconnected")  # ...and the answer never arrives
        else:
            route.continue_()

    page.route("**/act/", lose_the_first_answer)
    page.click("#my-hand button[data-card='2']")
    page.wait_for_selector("#pending-taps li:has-text('Play: 2')")
    assert _moves(code) == [(1, 0, "play")]  # applied, though the device does not know it
    page.wait_for_selector("text=You chose", timeout=15_000)  # the retry's answer
    page.wait_for_selector("#pending-taps", state="hidden")
    assert len(reached) == 2 and reached[0]["client_id"] == reached[1]["client_id"]
    assert _moves(code) == [(1, 0, "play")]  # once
    guest.context.close()


def test_a_tap_the_game_moved_past_while_offline_is_refused_with_its_reason(
    page, live_server, browser
):
    code, guest = _little_table(page, browser, live_server.url)
    page.click("#my-hand button[data-card='2']")
    guest.click("#my-hand button[data-card='5']")
    page.wait_for_selector("button[data-action=advance]")  # 2 < 5: the host acts first
    made_on = Table.objects.get(code=code).seq

    _go_offline(page)
    page.click("button[data-action=advance]")
    page.wait_for_selector("#pending-taps li:has-text('Act: Advance')")
    guest.fill("input[name=field_results]", "6")  # meanwhile the guest rolls a die
    guest.click(".dice-form button")
    guest.wait_for_selector(".rolls li.newest:has-text('6')")
    assert Table.objects.get(code=code).seq == made_on + 1

    page.context.set_offline(False)
    refused = page.wait_for_selector("#pending-taps li.refused")
    assert "Act: Advance" in refused.inner_text()
    assert "not applied: Someone acted first" in refused.inner_text()
    page.wait_for_selector("#sync-state:has-text('1 refused')")
    assert [move[2] for move in _moves(code)] == ["play", "play", "dice"]  # no advance
    page.wait_for_selector(".rolls li.newest:has-text('6')")  # the host now sees the table
    page.click("#pending-taps li.refused button:has-text('OK')")
    page.wait_for_selector("#pending-taps", state="hidden")
    page.click("button[data-action=advance]")  # tapped again on the current view: it stands
    page.wait_for_selector("button[data-action=advance]", state="detached")
    assert [move[2] for move in _moves(code)][-1] == "act"
    guest.context.close()


def test_the_table_installs_and_reads_offline(page, live_server, browser):
    from django.contrib.auth import get_user_model

    from armies.models import SavedList
    from catalog.models import Game

    base = live_server.url
    code, guest = _little_table(page, browser, base)
    manifest = page.evaluate(
        "async () => { const link = document.querySelector('link[rel=manifest]');"
        " const response = await fetch(link.href);"
        " return [response.status, await response.json()]; }"
    )
    assert manifest[0] == 200 and manifest[1]["display"] == "standalone"
    scope = page.evaluate("async () => (await navigator.serviceWorker.ready).scope")
    assert scope == f"{base}/"
    page.reload()  # from now on the worker serves this page
    assert page.evaluate("() => navigator.serviceWorker.controller !== null")

    host = get_user_model().objects.get(username="host")
    SavedList.objects.create(
        game=Game.objects.get(slug="little-game"), owner=host, name="Offline Vanguard"
    )
    page.goto(f"{base}/games/little-game/lists/")  # a builder list opened while online
    page.wait_for_selector("text=Offline Vanguard")
    page.goto(f"{base}/t/{code}/")
    guest.click("#my-hand button[data-card='5']")  # a move pushed while the host watches
    page.wait_for_selector(".lg-hands li:has-text('Guest'):has-text('chosen ✓')")

    _go_offline(page)
    page.reload()
    page.wait_for_selector(".lg-hands li:has-text('Guest'):has-text('chosen ✓')")
    page.wait_for_selector("#sync-state:has-text('offline')")
    assert page.locator("#my-hand button[data-card='2']").count() == 1  # the host's own hand
    page.goto(f"{base}/games/little-game/lists/")
    page.wait_for_selector("text=Offline Vanguard")
    page.goto(f"{base}/games/maker-war/calculator/")  # never opened: said so, plainly
    page.wait_for_selector("h1:has-text('Offline')")

    # Signing out forgets the pages kept: the next player of this tablet reads none.
    page.context.set_offline(False)
    page.goto(f"{base}/games/little-game/lists/")
    assert (
        page.evaluate(
            "async () => (await caches.open('muster-pages').then((c) => c.keys())).length"
        )
        > 0
    )
    page.click("header.top button:has-text('Log out')")
    page.wait_for_url(f"{base}/")
    page.wait_for_function("async () => !(await caches.has('muster-pages'))")
    assert page.evaluate("() => caches.has('muster-pages')") is False
    guest.context.close()
