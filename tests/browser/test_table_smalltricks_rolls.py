"""Smalltricks rolled factions: a reroll or shift past the agreed limit is not a button
that silently does nothing (it is disabled, the reason beside it), and "Roll six dice"
asks before it clears a placed arrangement."""

import pytest
from django.contrib.auth import get_user_model

from armies.models import SavedList
from catalog.models import Game
from companion.games.smalltricks import rolling
from tests.browser.test_army_builder import sign_up

pytestmark = pytest.mark.browser
DICE = [1, 2, 3, 4, 5, 6]


def test_spent_rerolls_disable_their_buttons_and_a_new_roll_asks_first(page, live_server):
    base = live_server.url
    sign_up(page, base, "roller")
    body = {
        "units": rolling.units_for(DICE),
        "arrangement": ["B2", "C2", "A3", "F3", "B2", "E1"],
        "show_arrangement": False,
        "options": {"rolled": True, "alternatives_on_roll": False, "max_rerolls": 1,
                    "max_shifts": 1},
        "rolled": {"dice": DICE, "rerolls": 1, "shifts": 0},
    }  # fmt: skip
    saved = SavedList.objects.create(
        game=Game.objects.get(slug="smalltricks"),
        owner=get_user_model().objects.get(username="roller"),
        name="Rolled crew",
        body=body,
    )
    page.goto(f"{base}/games/smalltricks/lists/{saved.pk}/")
    page.wait_for_selector("ol.dice")
    rerolls = page.query_selector_all("ol.dice button:has-text('reroll')")
    assert len(rerolls) == 6 and all(b.is_disabled() for b in rerolls)
    assert "Rerolls used: 1 of 1 (none left" in page.inner_text("#roll-limits")
    assert page.is_disabled("button[aria-label='Shift die 1 down to 0']")  # a 1 stays a 1
    assert page.is_enabled("button[aria-label='Shift die 1 up to 2']")  # one shift is left

    asked: list[str] = []

    def answer(dialog):
        asked.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", answer)
    page.click("#roll-six")
    page.wait_for_timeout(300)
    assert asked and "arrangement" in asked[0]
    saved.refresh_from_db()
    assert saved.body["rolled"]["dice"] == DICE  # dismissed: nothing rolled, nothing cleared
    assert saved.body["arrangement"][0] == "B2"
