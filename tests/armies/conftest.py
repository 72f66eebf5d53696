"""Fixtures of the list tests: a legal example list of each game, saved for a user."""

from __future__ import annotations

import pytest

from armies import services
from catalog.models import Game
from companion.games.registry import get_game


@pytest.fixture
def maker_war(catalogue) -> Game:
    return Game.objects.get(slug="maker-war")


@pytest.fixture
def smalltricks(catalogue) -> Game:
    return Game.objects.get(slug="smalltricks")


@pytest.fixture
def army(user, maker_war):
    """Ada's legal 1000-point Terran Makers army, private."""
    return services.list_create(
        owner=user, game=maker_war, name="Ada's army", body=get_game("maker-war").example_list()
    )


def document(game: str, body: dict, name: str = "Imported") -> dict:
    return {
        "format": "muster-list",
        "version": 1,
        "game": game,
        "name": name,
        "notes": "",
        "list": body,
    }
