"""Every game's parametric models, found through the registry (no Django).

The model contract itself (``Model3D``, ``Param``) is the pure kernel's
(``companion.games.meshes.models``); this module is where printing looks them up.
"""

from __future__ import annotations

from functools import cache

from companion.games.meshes.models import (
    MINIMUM_FEATURE,
    Model3D,
    Param,
    minimum_feature_param,
)
from companion.games.registry import all_games

__all__ = [
    "MINIMUM_FEATURE",
    "Model3D",
    "Param",
    "all_models",
    "get_model",
    "minimum_feature_param",
]


@cache
def all_models() -> dict[tuple[str, str], Model3D]:
    """(game slug, model slug) -> model, for every game package with a ``models3d`` module."""
    found: dict[tuple[str, str], Model3D] = {}
    for slug, game in all_games().items():
        module = game.capability("models3d")
        if module is None:
            continue
        for model in module.MODELS:
            found[(slug, model.slug)] = _with_game(model, slug)
    return found


def _with_game(model: Model3D, game: str) -> Model3D:
    from dataclasses import replace

    return replace(model, game=game)


def get_model(game: str, slug: str) -> Model3D:
    """The model; ``KeyError`` when the game has none of that name."""
    return all_models()[(game, slug)]
