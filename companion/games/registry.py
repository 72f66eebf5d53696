"""Slug -> game: every package under ``companion/games`` that exposes ``GAME`` is a game.

Adding a game means adding one package here; nothing else registers it.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from companion.games.base import GameSystem

_PACKAGE = "companion.games"


@cache
def all_games() -> dict[str, GameSystem]:
    """Every game, keyed by slug, in a stable order (by name)."""
    package = importlib.import_module(_PACKAGE)
    games: list[GameSystem] = []
    for info in pkgutil.iter_modules(package.__path__):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{_PACKAGE}.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, GameSystem):
            games.append(game)
    return {game.slug: game for game in sorted(games, key=lambda g: g.name)}


def get_game(slug: str) -> GameSystem:
    """The game with ``slug``; ``KeyError`` when there is none."""
    return all_games()[slug]


def declares(slug: str, capability: str) -> bool:
    """Whether the game with ``slug`` exists and declares ``capability``: what an app asks
    before serving a page or an endpoint of that capability (404 otherwise)."""
    game = all_games().get(slug)
    return game is not None and game.declares(capability)
