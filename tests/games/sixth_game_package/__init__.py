"""Tug of War: the toy sixth game, a whole game in one package.

The test ``tests/games/test_sixth_game.py`` copies this folder into a temporary
directory, registers it beside the five games and has the site serve it end to end. It
uses only the public contract (the declaration below, ``catalogue``, ``build_rules``,
``engine``, ``printables``, ``models3d`` and ``rules.md``) and relies on the site's generic
templates, so a game needs nothing outside its own package.

Two teams of pullers heave on one rope: each pull is a d6 plus the team's strength, and
the side that drags the mark past its line wins.
"""

from __future__ import annotations

from companion.games.base import Capabilities, FieldSpec, GameSystem, KindSpec


class TugOfWar(GameSystem):
    """Teams of pullers, one rope, two moves at the table."""

    slug = "tug-of-war"
    name = "Tug of War"
    short_name = "Tug"
    min_players = 2
    max_players = 2
    summary = "Two teams of pullers heave on one rope; the first to drag the mark home wins."
    list_noun = "team"
    list_kinds = ("puller",)
    capabilities = Capabilities(
        build_rules="build_rules",
        engine="engine",
        printables="printables",
        models3d="models3d",
    )
    kinds = (
        KindSpec(
            "puller",
            "Puller",
            "Pullers",
            (
                FieldSpec(
                    "strength",
                    "Strength",
                    "int",
                    required=True,
                    min_value=1,
                    max_value=3,
                    help="Added to every pull of the team.",
                    show_in_list=True,
                ),
            ),
        ),
    )


GAME = TugOfWar()
