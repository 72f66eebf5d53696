"""The layers hold (import-linter, run by ``make test``), and the check really fails on a
forbidden import: shown on a copy of the tree with one bad import added."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("companion", "catalog", "armies", "decks", "printing")
LINT = str(Path(sys.executable).with_name("lint-imports"))


def _lint(where: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [LINT, "--config", str(where / "pyproject.toml"), "--no-cache"],
        cwd=where,
        env={"PATH": str(Path(sys.executable).parent), "PYTHONPATH": str(where)},
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.fixture
def tree_copy(tmp_path: Path) -> Path:
    for package in PACKAGES:
        shutil.copytree(
            ROOT / package,
            tmp_path / package,
            ignore=shutil.ignore_patterns("__pycache__", "*.pdf", "*.png", "*.stl", "static"),
        )
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def _add_line(path: Path, line: str) -> None:
    path.write_text(path.read_text() + f"\n{line}\n")


def test_the_tree_keeps_every_layer(tree_copy):
    result = _lint(tree_copy)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.mark.parametrize(
    ("module", "line", "contract"),
    [
        ("companion/games/dice.py", "import django.db  # noqa", "import no Django"),
        ("companion/games/meshes/shapes.py", "import printing.models  # noqa", "no app"),
        ("catalog/selectors.py", "import armies.models  # noqa", "no lists and no printer"),
        (
            "armies/selectors.py",
            "import companion.games.maker_war.build_rules  # noqa",
            "only through the registry",
        ),
    ],
    ids=[
        "game-imports-django",
        "kernel-imports-an-app",
        "catalogue-imports-lists",
        "app-skips-registry",
    ],
)
def test_a_forbidden_import_breaks_its_contract(tree_copy, module, line, contract):
    _add_line(tree_copy / module, line)
    result = _lint(tree_copy)
    assert result.returncode != 0
    assert "BROKEN" in result.stdout and contract in result.stdout
