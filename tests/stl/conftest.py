"""Fixtures of the 3D printing tests: uploads go to a scratch media folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from armies import services as list_services
from catalog.models import Entry, Game
from companion.games.registry import get_game
from printing.stl import bundle
from printing.stl.params import get_model


@pytest.fixture(autouse=True)
def in_process(jobs_in_process):
    """Bundle jobs run in this process, even on CI's Redis run."""
    return jobs_in_process


@pytest.fixture(autouse=True)
def media(settings, tmp_path) -> Path:
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


def stored_files(root: Path) -> list[Path]:
    return [p for p in Path(root).rglob("*") if p.is_file()] if Path(root).exists() else []


@pytest.fixture
def maker_war(catalogue) -> Game:
    return Game.objects.get(slug="maker-war")


@pytest.fixture
def rifles(maker_war) -> Entry:
    return Entry.objects.get(game=maker_war, kind="unit", slug="maker-rifles", owner__isnull=True)


@pytest.fixture
def infantry_stl() -> bytes:
    """A proxy infantry stand: a good design for an infantry unit."""
    return bundle.stl_bytes(get_model("maker-war", "proxy").make({"type": "infantry"}))


@pytest.fixture
def army(user, maker_war):
    """Ada's legal 1000-point Terran Makers army, private."""
    return list_services.list_create(
        owner=user, game=maker_war, name="Ada's army", body=get_game("maker-war").example_list()
    )
