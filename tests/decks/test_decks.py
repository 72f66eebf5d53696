"""Micro and Macro decks on the shared list machinery: pages, playtest, odds, permissions."""

from __future__ import annotations

from dataclasses import replace

import pytest

from armies import services
from armies.models import SavedList
from catalog.models import Game
from companion.games.micro_and_macro import mechanics
from companion.games.registry import get_game

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}


@pytest.fixture
def deck(user, catalogue):
    game = Game.objects.get(slug="micro-and-macro")
    return services.list_create(
        owner=user, game=game, name="Blood deck", body=get_game("micro-and-macro").example_list()
    )


def test_the_example_deck_is_legal_and_counts_cards(deck):
    assert deck.legal and deck.total == 40


def test_a_new_deck_from_the_page_and_one_tap_adds(client, user, catalogue):
    client.force_login(user)
    client.post("/games/micro-and-macro/lists/new/", {"name": "Fresh", "faction": "bloodmages"})
    deck = SavedList.objects.get(owner=user, name="Fresh")
    url = f"/games/micro-and-macro/lists/{deck.pk}/edit/"
    panel = client.post(url, {"op": "add-card", "card": "blood-spire"}, headers=HX).content.decode()
    deck.refresh_from_db()
    assert deck.body["buildings"] == [{"card": "blood-spire", "count": 1}]
    assert 'data-code="main-too-small"' in panel and "Card pool" in panel
    client.post(url, {"op": "add-card", "card": "blood-spire"}, headers=HX)
    deck.refresh_from_db()
    assert "several-main-buildings" in {
        p.code
        for p in get_game("micro-and-macro")
        .validate_list(deck.body, get_game("micro-and-macro").official_catalogue())
        .problems
    }


def test_playtest_deals_five_then_draws_from_the_same_shuffle(client, user, deck):
    client.force_login(user)
    api = f"/api/micro-and-macro/lists/{deck.pk}/playtest/"
    first = client.get(api, {"seed": "abc"}).json()
    assert len(first["hand"]) == 5 and first["library"] == 29
    more = client.get(api, {"seed": "abc", "draws": 2}).json()
    assert more["hand"][:5] == first["hand"] and len(more["hand"]) == 7
    page = client.get(
        f"/games/micro-and-macro/lists/{deck.pk}/playtest/", {"seed": "abc"}, headers=HX
    ).content.decode()
    assert page.count('class="playing-card') == 5 and "Draw a card" in page


def test_odds_are_exact_and_grow_each_turn(client, user, deck):
    client.force_login(user)
    data = client.get(
        f"/api/micro-and-macro/lists/{deck.pk}/odds/",
        {"target": "card:unholy-relic", "k": 1, "turns": 5},
    ).json()
    assert data["deck_size"] == 34 and data["successes"] == 3
    probabilities = [row["probability"] for row in data["rows"]]
    assert probabilities == sorted(probabilities) and 0 < probabilities[0] < 1
    from math import comb

    seen = data["rows"][0]["cards_seen"]
    assert probabilities[0] == pytest.approx(1 - comb(31, seen) / comb(34, seen))
    bad = client.get(f"/api/micro-and-macro/lists/{deck.pk}/odds/", {"target": "nonsense"})
    assert bad.status_code == 404


def test_a_private_deck_and_its_tools_are_404_to_others(client, other_user, deck):
    client.force_login(other_user)
    for url in (
        f"/api/micro-and-macro/lists/{deck.pk}/",
        f"/api/micro-and-macro/lists/{deck.pk}/playtest/",
        f"/api/micro-and-macro/lists/{deck.pk}/odds/",
        f"/games/micro-and-macro/lists/{deck.pk}/playtest/",
        f"/games/micro-and-macro/lists/{deck.pk}/",
    ):
        assert client.get(url).status_code == 404, url
    assert (
        client.post(
            f"/games/micro-and-macro/lists/{deck.pk}/edit/",
            {"op": "add-card", "card": "blood-tithe"},
        ).status_code
        == 404
    )


def test_a_shared_deck_playtests_by_its_token(client, deck):
    deck.visibility = "link"
    deck.save()
    response = client.get(
        f"/games/micro-and-macro/lists/{deck.pk}/playtest/", {"token": deck.share_token}, headers=HX
    )
    assert response.status_code == 200


def test_the_decklist_exports_as_text_and_json(client, user, deck):
    client.force_login(user)
    text = client.get(f"/games/micro-and-macro/lists/{deck.pk}/summary/").content.decode()
    assert "Blood deck" in text and "Unholy Relic" in text
    document = client.get(f"/games/micro-and-macro/lists/{deck.pk}/export/").json()
    assert document["list"] == deck.body


def test_missiles_kit_lists_the_cards_for_the_printer(client, user, catalogue):
    client.force_login(user)
    client.post("/games/missiles-and-microchips/lists/new/", {"name": "Friday"})
    kit = SavedList.objects.get(owner=user, name="Friday")
    assert kit.legal and len(kit.body["computers"]) == 3
    url = f"/games/missiles-and-microchips/lists/{kit.pk}/edit/"
    panel = client.post(
        url, {"op": "add-computer", "computer": "cobalt-oracle"}, headers=HX
    ).content.decode()
    kit.refresh_from_db()
    assert len(kit.body["computers"]) == 4 and "What the kit needs" in panel


# --- deck tools come from the game's declaration ------------------------------------------------


def _tool_urls(game: str, pk: int) -> list[str]:
    return [
        f"/api/{game}/lists/{pk}/playtest/",
        f"/api/{game}/lists/{pk}/odds/?target=type:building",
        f"/games/{game}/lists/{pk}/playtest/",
        f"/games/{game}/lists/{pk}/odds/?target=type:building",
    ]


def test_a_game_without_deck_tools_gets_404_not_500(client, user, deck, monkeypatch):
    client.force_login(user)
    game = get_game("micro-and-macro")
    monkeypatch.setattr(type(game), "capabilities", replace(game.capabilities, decks=None))
    for url in _tool_urls("micro-and-macro", deck.pk):
        assert client.get(url, headers=HX).status_code == 404, url


def test_a_list_of_a_game_that_declares_no_deck_tools_has_none(client, user, catalogue):
    assert get_game("missiles-and-microchips").capability("decks") is None
    client.force_login(user)
    client.post("/games/missiles-and-microchips/lists/new/", {"name": "Friday"})
    kit = SavedList.objects.get(owner=user, name="Friday")
    for url in _tool_urls("missiles-and-microchips", kit.pk):
        assert client.get(url, headers=HX).status_code == 404, url


def test_the_opening_hand_is_the_games_declared_one(client, user, deck, monkeypatch):
    tools = get_game("micro-and-macro").capability("decks")
    assert tools.OPENING_HAND == mechanics.OPENING_HAND  # the table deals the same hand
    monkeypatch.setattr(tools, "OPENING_HAND", 7)
    client.force_login(user)
    api = client.get(f"/api/micro-and-macro/lists/{deck.pk}/playtest/", {"seed": "abc"}).json()
    assert len(api["hand"]) == 7 and api["library"] == 27
    page = client.get(
        f"/games/micro-and-macro/lists/{deck.pk}/playtest/", {"seed": "abc", "draws": 1}, headers=HX
    ).content.decode()
    assert page.count('class="playing-card') == 8 and page.count("playing-card drawn") == 1
    odds = client.get(
        f"/games/micro-and-macro/lists/{deck.pk}/odds/", {"target": "type:upgrade"}, headers=HX
    ).content.decode()
    assert "a 7-card opening hand" in odds
