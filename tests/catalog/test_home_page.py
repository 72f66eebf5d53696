"""The home page: each game offers Build, Play and Print beside Catalogue and Rules, each
only when the game declares what the link leads to."""

from __future__ import annotations

import dataclasses
import re

import pytest
from django.urls import reverse

from companion.games.registry import all_games, get_game

pytestmark = pytest.mark.django_db


def _actions(client) -> dict[str, dict[str, str]]:
    """Game slug -> {action: href} as the home page shows them."""
    html = client.get("/").content.decode()
    found = {}
    for slug, card in re.findall(r'<li class="card" data-game="([^"]+)">(.*?)</li>', html, re.S):
        found[slug] = dict(
            (action, href.replace("&amp;", "&"))
            for href, action in re.findall(r'<a [^>]*?href="([^"]+)"[^>]*?>(\w+)</a>', card)
            if action in {"Build", "Play", "Print", "Catalogue", "Rules"}
        )
    return found


def test_each_game_offers_build_play_print_catalogue_and_rules(client, catalogue):
    actions = _actions(client)
    assert set(actions) == set(all_games())
    for slug in all_games():
        assert actions[slug] == {
            "Build": reverse("armies:mine", args=[slug]),
            "Play": f"{reverse('table:home')}?game={slug}",
            "Print": reverse("printing:form", args=["game", slug]),
            "Catalogue": reverse("catalog:entries", args=[slug]),
            "Rules": reverse("catalog:rules", args=[slug]),
        }


def test_a_link_follows_what_the_game_declares(client, catalogue, monkeypatch):
    game = get_game("little-game")
    lacking = dataclasses.replace(game.capabilities, engine=None, build_rules=None)
    monkeypatch.setattr(game, "capabilities", lacking)
    actions = _actions(client)
    assert set(actions["little-game"]) == {"Print", "Catalogue", "Rules"}
    assert set(actions["smalltricks"]) == {"Build", "Play", "Print", "Catalogue", "Rules"}


def test_every_offered_link_answers(client, catalogue, user):
    client.force_login(user)
    for links in _actions(client).values():
        for href in links.values():
            assert client.get(href).status_code == 200, href


def test_play_opens_the_table_form_on_that_game(client, catalogue, user):
    client.force_login(user)
    html = client.get(reverse("table:home"), {"game": "smalltricks"}).content.decode()
    assert '<option value="smalltricks" selected>' in html
    assert client.get(reverse("table:home"), {"game": "<bogus>"}).status_code == 200
