"""A neutral deck is allowed (RULINGS.md: one faction symbol, or neutral) but the book
prints no neutral card: the new-deck form and the builder say so instead of offering an
empty pool without a word."""

from __future__ import annotations

import pytest

from armies.models import SavedList
from catalog.models import Game

pytestmark = pytest.mark.django_db


def test_the_new_deck_form_says_what_a_neutral_deck_holds(client, user, catalogue):
    client.force_login(user)
    page = client.get("/games/micro-and-macro/lists/").content.decode()
    assert '<option value="neutral">Neutral (neutral cards only)</option>' in page
    assert "The book prints none" in page


def test_an_empty_neutral_deck_explains_its_empty_pool(client, user, catalogue):
    client.force_login(user)
    deck = SavedList.objects.create(
        game=Game.objects.get(slug="micro-and-macro"),
        owner=user,
        name="Drifters",
        body={"faction": "neutral", "main": [], "buildings": []},
    )
    page = client.get(f"/games/micro-and-macro/lists/{deck.pk}/").content.decode()
    assert "A neutral deck takes neutral cards only, and the book prints none" in page
    assert "Allow my homebrew" in page
