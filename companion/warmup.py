"""Ready a server process before it takes requests: every game's modules imported and
the live table's page templates compiled, then the garbage collector told to leave them be.

A game's modules and a template are loaded on first use. Loaded after ``gc.freeze()``,
their ~140,000 objects stay in the collected generations, and every full collection
walks them again: measured here, pauses of 70-150 ms in the middle of a game, which
every device of every table waits through. Loaded first and then frozen, a full
collection has only the objects of the moment to walk."""

from __future__ import annotations

import gc

from django.template.loader import get_template

from companion.games.base import Capabilities
from companion.games.registry import all_games

SITE_TEMPLATES = ("table/table.html", "table/board.html")


def warm() -> None:
    """Import each declared module of every game and compile the table's templates."""
    for game in all_games().values():
        for name in Capabilities.names():
            game.capability(name)
    for name in SITE_TEMPLATES:
        get_template(name)


def warm_and_freeze() -> None:
    """``warm``, then move everything alive into the permanent generation."""
    warm()
    gc.collect()
    gc.freeze()
