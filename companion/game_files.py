"""A game's own templates and static files, served from its package.

Everything particular to a game lives in ``companion/games/<package>/``: its templates in
``templates/`` and its scripts and styles in ``static/``. Both are reached under one name,
``games/<slug>/<file>``, by the template loader and the static files finder below. They
ask the registry at lookup time, so a game registered later (a test's toy game) is served
like the others, and no setting lists the games.

Names a game may provide (each has a generic fallback where the site needs one):
``view.js`` (the module that draws its live-table panel and its public board on the
device, from the JSON views: ``table(t)`` and ``board(t)``), ``builder.html`` (its list
builder), ``new_list.html`` (its "new list" form), ``table.css``, ``table.js`` and
``board.css``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from django.contrib.staticfiles.finders import BaseFinder
from django.contrib.staticfiles.utils import matches_patterns
from django.core.files.storage import FileSystemStorage
from django.template import Origin
from django.template.loaders.filesystem import Loader as FilesystemLoader

from companion.games.registry import all_games

PREFIX = "games"
GENERIC_VIEW = "table/generic.js"  # the static module drawing a game without its own view.js
# The site's generic template for each name a game may provide.
FALLBACKS = {
    "builder.html": "armies/builder/generic.html",
    "new_list.html": "armies/new/generic.html",
}


def game_file(name: str, folder: str) -> Path | None:
    """The file ``games/<slug>/<rest>`` names inside the game's ``folder``, or None when
    ``name`` is not such a name, the game is unknown or the path leaves the folder."""
    parts = name.split("/", 2)
    if len(parts) != 3 or parts[0] != PREFIX or not parts[2]:
        return None
    game = all_games().get(parts[1])
    if game is None:
        return None
    root = (game.package_dir / folder).resolve()
    path = (root / parts[2]).resolve()
    return path if path.is_relative_to(root) else None


def game_template(slug: str, name: str, fallback: str) -> list[str]:
    """Template names to try, in order: the game's own ``name``, then ``fallback``."""
    return [f"{PREFIX}/{slug}/{name}", fallback]


class TemplateLoader(FilesystemLoader):
    """Loads ``games/<slug>/<file>`` from ``<package>/templates/<file>``."""

    def get_template_sources(self, template_name: str) -> Iterator[Origin]:
        path = game_file(template_name, "templates")
        if path is not None:
            yield Origin(name=str(path), template_name=template_name, loader=self)


class StaticFinder(BaseFinder):
    """Finds ``games/<slug>/<file>`` in ``<package>/static/<file>``; lists every game's
    files under that prefix for ``collectstatic``."""

    def check(self, **kwargs: Any) -> list:
        return []

    def find(self, path: str, find_all: bool = False, **kwargs: Any) -> Any:
        find_all = find_all or kwargs.get("all", False)
        found = game_file(path, "static")
        if found is None or not found.is_file():
            return []  # Django's own finders answer "nothing" with an empty list
        return [str(found)] if find_all else str(found)

    def list(self, ignore_patterns: Any) -> Iterator[tuple[str, FileSystemStorage]]:
        for slug, game in all_games().items():
            root = game.package_dir / "static"
            if not root.is_dir():
                continue
            storage = FileSystemStorage(location=str(root))
            storage.prefix = f"{PREFIX}/{slug}"  # type: ignore[attr-defined]
            for path in sorted(root.rglob("*")):
                relative = path.relative_to(root).as_posix()
                if path.is_file() and not matches_patterns(relative, ignore_patterns or ()):
                    yield relative, storage
