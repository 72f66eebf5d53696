"""A game declares which optional modules it has; nothing is found by import-and-except."""

from __future__ import annotations

import importlib
import sys
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from companion.games.base import Capabilities, GameSystem
from companion.games.registry import all_games

GAMES = list(all_games().values())


@pytest.fixture(params=GAMES, ids=lambda g: g.slug)
def game(request) -> GameSystem:
    return request.param


def _pieces_games() -> list[GameSystem]:
    return [game for game in all_games().values() if game.capability("models3d") is not None]


def _module_exists(package_dir: Path, name: str) -> bool:
    return (package_dir / f"{name}.py").is_file() or (package_dir / name / "__init__.py").is_file()


def test_every_capability_is_declared_present_or_absent(game):
    assert isinstance(game.capabilities, Capabilities)
    for name in Capabilities.names():
        declared = getattr(game.capabilities, name)
        if declared is None:  # absent: no module of the conventional name lies unused
            assert not _module_exists(game.package_dir, name), (game.slug, name)
        else:
            assert _module_exists(game.package_dir, declared), (game.slug, name, declared)
            assert game.capability(name) is importlib.import_module(
                f"{type(game).__module__}.{declared}"
            )


def test_a_game_with_lists_declares_its_build_rules(game):
    assert bool(game.list_noun) == (game.capabilities.build_rules is not None)
    if game.capabilities.list_edits is not None:
        assert game.capabilities.build_rules is not None  # edits make lists to validate


def test_table_engine_is_the_declared_engines_engine(game):
    module = game.capability("engine")
    assert module is None or game.table_engine() is module.ENGINE


def test_an_unknown_capability_is_a_key_error(game):
    with pytest.raises(KeyError):
        game.capability("no-such-capability")


# --- a toy game in a temporary package ---------------------------------------------------------

TOY_INIT = """
from companion.games.base import Capabilities, GameSystem


class Toy(GameSystem):
    slug = "toy"
    name = "Toy"
    short_name = "Toy"
    min_players = 2
    max_players = 2
    summary = "A toy."
    kinds = ()
    capabilities = Capabilities(engine="engine", printables={printables!r})


GAME = Toy()
"""


def _toy(tmp_path: Path, monkeypatch, files: dict[str, str], printables: str | None = None):
    """Import a toy game package (unique per test) whose modules are ``files``."""
    name = f"toy_game_{tmp_path.name.replace('-', '_')}"
    package = tmp_path / name
    package.mkdir()
    (package / "__init__.py").write_text(TOY_INIT.format(printables=printables))
    for module, text in files.items():
        (package / f"{module}.py").write_text(textwrap.dedent(text))
    monkeypatch.syspath_prepend(str(tmp_path))
    stale = [n for n in sys.modules if n == name or n.startswith(f"{name}.")]
    for module_name in stale:
        monkeypatch.delitem(sys.modules, module_name)
    return importlib.import_module(name).GAME


def test_an_import_error_inside_a_declared_engine_surfaces(tmp_path, monkeypatch):
    toy = _toy(tmp_path, monkeypatch, {"engine": "import no_such_module_of_muster\n"})
    with pytest.raises(ModuleNotFoundError, match="no_such_module_of_muster"):
        toy.table_engine()


def test_a_declared_module_that_is_missing_is_an_error_not_an_absence(tmp_path, monkeypatch):
    toy = _toy(tmp_path, monkeypatch, {}, printables="printables")
    with pytest.raises(ModuleNotFoundError):
        toy.capability("printables")


def test_an_undeclared_module_is_absent_even_when_a_file_has_its_name(tmp_path, monkeypatch):
    toy = _toy(tmp_path, monkeypatch, {"engine": "ENGINE = 1\n", "models3d": "MODELS = ()\n"})
    assert toy.table_engine() == 1
    assert toy.capability("models3d") is None
    assert toy.capability("list_edits") is None
    assert toy.builder_choices({}, None) == {}


# --- the site with a game that has lists but no list edits -------------------------------------


@pytest.fixture
def without_list_edits(monkeypatch):
    """Little Game as if it declared no ``list_edits``: no taps, no ``start`` action."""
    game = all_games()["little-game"]
    monkeypatch.setattr(
        type(game), "capabilities", replace(game.capabilities, list_edits=None), raising=True
    )

    def no_edits(*args, **kwargs):
        raise AssertionError("edit_list called for a game without list edits")

    monkeypatch.setattr(type(game), "edit_list", no_edits)
    return game


@pytest.mark.django_db
def test_a_game_without_list_edits_can_still_create_a_list(
    client, user, catalogue, without_list_edits
):
    from armies.models import SavedList

    client.force_login(user)
    response = client.post("/games/little-game/lists/new/", {"name": "Plain list"})
    assert response.status_code == 302
    saved = SavedList.objects.get(owner=user, name="Plain list")
    assert saved.body == {}
    page = client.get(saved.get_absolute_url())
    assert page.status_code == 200


@pytest.mark.parametrize("game", _pieces_games(), ids=lambda g: g.slug)
def test_a_game_with_pieces_declares_its_model_kinds_and_size_rows(game):
    from companion.games.meshes.sizes import Size

    module = game.capability("models3d")
    kinds = {kind.slug for kind in game.kinds}
    assert module.MODEL_KINDS and set(module.MODEL_KINDS) <= kinds
    assert module.SIZES and all(isinstance(size, Size) for size in module.SIZES)
    rows = {size.key for size in module.SIZES} | {"other"}
    assert module.size_row("") in rows
    for model in module.MODELS:
        if isinstance(model.size, str):
            assert model.size in rows, (model.slug, model.size)
