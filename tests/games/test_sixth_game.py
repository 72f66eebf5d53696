"""A sixth game is one package: Tug of War (``sixth_game_package/``), copied into a
temporary folder and registered like the five, is served end to end by the site, and
taking a capability out of its declaration takes that capability's pages away (404).

The registry finds every package on ``companion.games.__path__``; the fixture adds the
temporary folder to it (process-local, so other test workers never see the toy), loads
its catalogue with ``manage.py load_catalogue`` as ``make run`` does, and undoes it all.
"""

from __future__ import annotations

import csv
import inspect
import io
import json
import shutil
import sys
import uuid
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import pytest
import trimesh
from django.core.management import call_command
from django.test import Client

import companion.games
from armies import services as list_services
from armies.models import SavedList
from catalog import selectors as catalog_selectors
from catalog.models import Entry, Game
from companion.games.base import Capabilities, GameSystem
from companion.games.registry import all_games, get_game
from companion.games.table_engine import TableEngine
from companion.table.models import Table
from printing import printables
from printing.models import JobStatus, PrintJob
from printing.stl import params, upload_check
from printing.stl import services as stl_services
from tests.games import test_capabilities as capability_checks
from tests.games import test_conformance as conformance_checks
from tests.games import test_random_play as random_play
from tests.printing.pdfcheck import text

pytestmark = pytest.mark.django_db

PACKAGE = "tug_of_war"
SLUG = "tug-of-war"
SOURCE = Path(__file__).with_name("sixth_game_package")
ROOT = Path(__file__).resolve().parents[2]
PRINT = {"paper": "a4", "card": "poker", "mode": "home", "back_dx": "0", "back_dy": "0"}
PULL_BUTTON = 'value="{&quot;type&quot;:&quot;pull&quot;}"><button>Pull</button>'
TEAM = ["anchor", "heaver", "grip"]  # strength 3 + 2 + 1 = 6, the most allowed


def forget_games() -> None:
    """Drop every process-wide memo of which games exist and what they hold, so the next
    look-up asks the registry again (a running site never changes its games)."""
    all_games.cache_clear()
    printables.module.cache_clear()
    printables._official.cache_clear()
    params.all_models.cache_clear()
    stl_services._built.cache_clear()
    catalog_selectors.rules_html.cache_clear()
    catalog_selectors.rules_sections.cache_clear()


def _unimport(name: str) -> None:
    for module in [m for m in sys.modules if m == name or m.startswith(f"{name}.")]:
        del sys.modules[module]
    if hasattr(companion.games, PACKAGE):
        delattr(companion.games, PACKAGE)


@pytest.fixture
def toy(tmp_path, monkeypatch, settings, jobs_in_process) -> Iterator[GameSystem]:
    """Tug of War registered from a temporary folder, its catalogue loaded."""
    settings.MEDIA_ROOT = tmp_path / "media"
    games = tmp_path / "games"
    shutil.copytree(SOURCE, games / PACKAGE, ignore=shutil.ignore_patterns("__pycache__"))
    name = f"companion.games.{PACKAGE}"
    _unimport(name)
    monkeypatch.setattr(companion.games, "__path__", [*companion.games.__path__, str(games)])
    forget_games()
    try:
        game = get_game(SLUG)
        call_command("load_catalogue", SLUG, stdout=io.StringIO())
        yield game
    finally:
        monkeypatch.undo()
        _unimport(name)
        forget_games()


def without(game: GameSystem, monkeypatch, capability: str) -> None:
    """``game`` as if its declaration named no module for ``capability``."""
    declared = replace(game.capabilities, **{capability: None})
    monkeypatch.setattr(type(game), "capabilities", declared)
    forget_games()


def saved_team(user, body: dict | None = None) -> SavedList:
    """``user``'s private team "Reds" (by default the strongest legal one)."""
    return list_services.list_create(
        owner=user,
        game=Game.objects.get(slug=SLUG),
        name="Reds",
        body={"team": list(TEAM)} if body is None else body,
    )


def api(client: Client, url: str, body: dict, token: str = ""):
    headers = {"X-Seat-Token": token} if token else {}
    return client.post(url, body, content_type="application/json", headers=headers)


def open_table(client: Client, user, team: SavedList) -> tuple[str, str]:
    """A table opened through the API by ``user`` bringing ``team``: its code and the
    host's seat token."""
    client.force_login(user)
    created = api(client, "/api/tables/", {"game": SLUG, "name": "Ada", "list": team.pk})
    assert created.status_code == 201, created.content
    code, token = created.json()["code"], created.json()["seat_token"]
    return code, token


def pull(code: str, token: str, roll: int) -> dict:
    seq = Table.objects.get(code=code).seq
    body = {"action": {"type": "pull", "roll": roll}, "seq": seq, "client_id": uuid.uuid4().hex}
    response = api(Client(), f"/api/tables/{code}/actions/", body, token)
    assert response.status_code == 200, response.content
    return response.json()["view"]


# --- one package, registered like the five -------------------------------------------------


def test_the_registry_finds_the_package_with_its_declared_capabilities(toy, tmp_path):
    assert all_games()[SLUG] is toy
    assert toy.package_dir == tmp_path / "games" / PACKAGE
    engine = toy.table_engine()
    assert isinstance(engine, TableEngine) and engine is toy.capability("engine").ENGINE
    assert {name for name in Capabilities.names() if getattr(toy.capabilities, name)} == {
        "build_rules",
        "engine",
        "printables",
        "models3d",
    }
    for name in ("build_rules", "engine", "printables", "models3d"):
        assert Path(toy.capability(name).__file__).parent == toy.package_dir
    game = Game.objects.get(slug=SLUG)
    assert game.name == "Tug of War" and game.catalogue_version
    assert set(Entry.objects.official().filter(game=game).values_list("slug", flat=True)) == set(
        TEAM
    )


def test_no_file_of_the_site_names_the_new_game():
    """Nothing outside the package knows the game: no app, template or setting names it."""
    places = ["catalog", "armies", "decks", "printing", "companion", "templates"]
    files = [
        p
        for place in places
        for p in (ROOT / place).rglob("*")
        if p.suffix in {".py", ".html", ".js", ".css"}
    ]
    assert files
    for path in files:
        words = path.read_text(encoding="utf-8", errors="replace")
        assert "tug-of-war" not in words and "tug_of_war" not in words, path


def _checks_of_every_game() -> dict[str, Callable[[GameSystem], None]]:
    """The tests the five games run one by one (a test of ``game`` alone), by name."""
    return {
        f"{module.__name__.rpartition('.')[2]}.{name}": check
        for module in (conformance_checks, capability_checks)
        for name, check in vars(module).items()
        if name.startswith("test_") and list(inspect.signature(check).parameters) == ["game"]
    }


CHECKS = _checks_of_every_game()


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_it_passes_the_checks_every_game_passes(toy, check):
    CHECKS[check](toy)


@pytest.mark.parametrize("seed", range(3))
def test_the_one_random_play_harness_plays_its_engine_like_the_five(toy, seed):
    """Replay equals state, JSON round trips, same seed same game: the harness's checks."""
    random_play.test_random_play(toy, seed)


# --- the site serves all of it -------------------------------------------------------------


def test_its_catalogue_and_rules_are_served(toy, client):
    game_page = client.get(f"/games/{SLUG}/")
    assert game_page.status_code == 200 and b"Tug of War" in game_page.content
    listing = client.get(f"/games/{SLUG}/catalogue/").content.decode()
    assert all(name in listing for name in ("Anchor", "Heaver", "Grip"))
    anchor = Entry.objects.official().get(game__slug=SLUG, slug="anchor")
    entry = client.get(f"/games/{SLUG}/entries/{anchor.pk}-anchor/")
    assert entry.status_code == 200 and b"does not let go" in entry.content
    rules = client.get(f"/games/{SLUG}/rules/")
    assert rules.status_code == 200 and b'id="pulling"' in rules.content
    assert client.get(f"/api/games/{SLUG}/").json()["name"] == "Tug of War"
    entries = client.get(f"/api/{SLUG}/entries/").json()
    rows = entries["results"] if isinstance(entries, dict) else entries
    assert {row["slug"]: row["data"]["strength"] for row in rows} == {
        "anchor": 3,
        "heaver": 2,
        "grip": 1,
    }


def test_a_team_is_built_in_the_generic_builder_and_checked_by_its_list_rule(toy, client, user):
    client.force_login(user)
    assert client.get(f"/games/{SLUG}/lists/").status_code == 200
    made = client.post(f"/games/{SLUG}/lists/new/", {"name": "Reds"})
    assert made.status_code == 302
    team = SavedList.objects.get(owner=user, game__slug=SLUG)
    assert team.body == {}  # no list edits declared: the generic editor fills it
    page = client.get(made["Location"]).content.decode()
    assert "A team needs at least one puller." in page
    edit = f"/games/{SLUG}/lists/{team.pk}/edit/"
    client.post(edit, {"op": "replace-body", "body": json.dumps({"team": ["anchor"] * 3})})
    page = client.get(team.get_absolute_url()).content.decode()
    assert "The team&#x27;s strength is 9; at most 6 may pull." in page
    client.post(edit, {"op": "replace-body", "body": json.dumps({"team": TEAM})})
    team.refresh_from_db()
    assert team.body == {"team": TEAM}
    summary = client.get(f"/games/{SLUG}/lists/{team.pk}/summary/").content.decode()
    assert "Team: Anchor, Heaver, Grip" in summary and "Strength: 6 of 6" in summary
    assert summary.rstrip().endswith("Legal")
    document = client.get(f"/api/{SLUG}/lists/{team.pk}/export/").json()
    document["list"] = {"team": ["anchor", "nobody"]}
    checked = api(client, f"/api/{SLUG}/validate/", document)
    problems = {p["code"]: p["path"] for p in checked.json()["problems"]}
    assert problems == {"unknown-puller": "team.1"}
    listed = api(client, f"/api/{SLUG}/lists/", {"name": "Blues", "body": {"team": ["grip"]}})
    assert listed.status_code == 201 and listed.json()["report"]["figures"]["strength"] == 1


@dataclass
class Played:
    """A table of the toy played to its end through the API and the page: the answers a
    device got on the way (each a view message, drawn on the device by the generic module)."""

    code: str
    page: str  # the guest's table page when it is the guest's turn
    guest_view: dict  # the view that page draws
    acted: dict  # the answer to the guest's pull (typed roll)
    refused: dict  # the answer to the guest pulling out of turn (400)
    conceded: dict  # the answer to the guest letting go
    final: dict  # the host's view at the end, through the API


def play_a_table(client: Client, user) -> Played:
    code, host = open_table(client, user, saved_team(user, {"team": ["anchor", "grip"]}))
    guest = Client()
    joined = guest.post(f"/t/{code}/", {"name": "Bea"})
    assert joined.status_code == 302
    assert api(client, f"/api/tables/{code}/start/", {}).status_code == 200
    table = pull(code, host, 5)  # 5 + strength 4
    assert table["view"]["rope"] == 9 and table["view"]["turn"] == 1
    page = guest.get(f"/t/{code}/")
    assert page.status_code == 200
    guest_view = guest.get(f"/t/{code}/view/").json()
    seq = Table.objects.get(code=code).seq
    acted = guest.post(
        f"/t/{code}/act/",
        {"action": json.dumps({"type": "pull"}), "field_roll": "2", "seq": seq},
    )
    assert acted.status_code == 200
    refused = guest.post(
        f"/t/{code}/act/",
        {"action": json.dumps({"type": "pull"}), "seq": Table.objects.get(code=code).seq},
    )
    assert refused.status_code == 400
    table = pull(code, host, 6)  # 1 + 6 + 4 = 11: not home yet
    assert table["view"]["rope"] == 11 and table["status"] == "playing"
    seq = Table.objects.get(code=code).seq
    conceded = guest.post(f"/t/{code}/act/", {"action": '{"type": "concede"}', "seq": seq})
    assert conceded.status_code == 200
    final = client.get(f"/api/tables/{code}/").json()
    return Played(
        code,
        page.content.decode(),
        guest_view,
        acted.json(),
        refused.json(),
        conceded.json(),
        final,
    )


def texts(message: dict) -> list[str]:
    return [event["text"] for event in message["data"]["log"]]


def test_a_table_is_played_through_the_api_and_the_page(toy, client, user):
    played = play_a_table(client, user)
    assert "/static/table/generic.js" in played.page  # no module of its own: the generic one
    assert "Ada rolls 5 and pulls 9: the mark is at 9." in texts(played.guest_view)
    assert {"type": "pull"} in played.guest_view["data"]["legal_actions"]  # the guest's turn
    assert "Bea rolls 2 and pulls 8: the mark is at 1." in texts(played.acted)  # example team
    assert "It is Ada's pull." in played.refused["error"].values()
    assert "Bea lets go of the rope: Ada wins." in texts(played.conceded)
    final = played.final
    assert final["status"] == "over" and final["view"]["winner"] == 0
    assert final["legal_actions"] == []
    assert [event["type"] for event in final["log"]] == ["setup", "pull", "pull", "pull", "concede"]
    assert final["log"][-1]["text"] == "Bea lets go of the rope: Ada wins."


@pytest.mark.browser
def test_the_generic_panel_draws_its_table_on_the_device(toy, client, user, drawn):
    """What the guest's device draws of each answer, with the generic module."""
    played = play_a_table(client, user)
    page = drawn(played.guest_view)
    assert "Ada rolls 5 and pulls 9: the mark is at 9." in page
    assert PULL_BUTTON in page  # the guest's turn: the generic panel offers a Pull button
    assert "Bea rolls 2 and pulls 8: the mark is at 1." in drawn(played.acted)  # example team
    refused = drawn(played.refused)
    assert '<ul class="errors" role="alert">' in refused and "It is Ada's pull." in refused
    assert "Ada wins." in drawn(played.conceded)


def test_its_team_sheet_prints(toy, client, user, django_capture_on_commit_callbacks):
    team = saved_team(user)
    client.force_login(user)
    url = f"/print/list/{team.pk}/"
    assert url in client.get(team.get_absolute_url()).content.decode()
    assert "/print/game/" not in client.get(f"/games/{SLUG}/").content.decode()  # none declared
    form = client.get(url)
    assert form.status_code == 200 and b"team.pdf" in form.content
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, {**PRINT, "what": "team.pdf", "safe": "3"})
    job = PrintJob.objects.get()
    assert response.status_code == 302 and response["Location"] == job.get_absolute_url()
    assert job.status == JobStatus.DONE and job.is_private, job.error
    words = text(job.file.read())
    assert all(name in words for name in ("Reds", "Anchor", "Heaver", "Grip"))
    assert client.get(job.get_download_url()).status_code == 200


def _mesh(data: bytes) -> trimesh.Trimesh:
    _, triangles = upload_check.parse(data)
    faces = np.arange(len(triangles) * 3).reshape(-1, 3)
    return trimesh.Trimesh(triangles.reshape(-1, 3), faces)


def test_its_piece_is_an_stl_and_a_team_a_bundle(
    toy, client, user, django_capture_on_commit_callbacks
):
    page = client.get(f"/3d/{SLUG}/puller-base/")
    assert page.status_code == 200 and b"Puller base" in page.content
    stl = client.get(f"/3d/{SLUG}/puller-base/model.stl?diameter=30&label=Anchor")
    assert stl.status_code == 200 and stl["Content-Type"] == "model/stl"
    x, y, z = _mesh(stl.content).extents
    assert x == pytest.approx(30, abs=0.2) and y == pytest.approx(30, abs=0.2)
    assert z == pytest.approx(3, abs=0.01)
    team = saved_team(user)
    client.force_login(user)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            f"/3d/lists/{team.pk}/bundle/",
            {"grouping": "unit", "bed_width": "220", "bed_depth": "220", "min_feature": "0.8"},
        )
    job = PrintJob.objects.get(kind="stl-bundle")
    assert response.status_code == 302 and job.status == JobStatus.DONE, job.error
    archive = zipfile.ZipFile(io.BytesIO(job.file.read()))
    rows = list(csv.DictReader(io.StringIO(archive.read("parts.csv").decode())))
    assert {row["part"]: int(row["count"]) for row in rows} == {
        "Anchor": 1,
        "Heaver": 1,
        "Grip": 1,
    }


# --- a capability taken out of the declaration takes its pages with it -------------------

DECLARED = ("build_rules", "engine", "printables", "models3d")
LISTS, TABLE, PRINTS, PIECES = (frozenset({name}) for name in DECLARED)


Body = Callable[[SavedList, str], dict]


@dataclass(frozen=True)
class Page:
    """One page or endpoint of the toy: the capabilities it needs, and how to ask."""

    url: str  # with {slug}, {pk} (the team) and {code} (the table)
    needs: frozenset[str] = frozenset()
    body: Body | None = None  # a POST of this JSON body (of the team and the table code)
    ok: int = 200  # the answer while every capability it needs is declared

    @property
    def name(self) -> str:
        return f"{'GET' if self.body is None else 'POST'} {self.url}"

    def ask(self, client: Client, team: SavedList, code: str) -> int:
        """The status of the answer to ``client``."""
        url = self.url.format(slug=SLUG, pk=team.pk, code=code)
        if self.body is None:
            return client.get(url).status_code
        body = self.body(team, code)
        return client.post(url, body, content_type="application/json").status_code


def _document(team: SavedList, code: str) -> dict:
    return {
        "format": list_services.DOCUMENT_FORMAT,
        "version": list_services.DOCUMENT_VERSION,
        "game": SLUG,
        "name": "Check",
        "list": {"team": TEAM},
    }


def _pull(team: SavedList, code: str) -> dict:
    seq = Table.objects.get(code=code).seq
    return {"action": {"type": "pull", "roll": 1}, "seq": seq, "client_id": uuid.uuid4().hex}


def _nothing(team: SavedList, code: str) -> dict:
    return {}


SERVED = (
    Page("/games/{slug}/"),
    Page("/games/{slug}/catalogue/"),
    Page("/games/{slug}/rules/"),
    Page("/api/games/{slug}/"),
    Page("/api/{slug}/entries/"),
    Page("/games/{slug}/lists/", LISTS),
    Page("/games/{slug}/lists/import/", LISTS),
    Page("/games/{slug}/gallery/", LISTS),
    Page("/games/{slug}/collection/", LISTS),
    Page("/games/{slug}/lists/{pk}/", LISTS),
    Page("/games/{slug}/lists/{pk}/summary/", LISTS),
    Page("/games/{slug}/lists/{pk}/export/", LISTS),
    Page("/games/{slug}/lists/{pk}/versions/", LISTS),
    Page("/api/{slug}/lists/", LISTS),
    Page("/api/{slug}/lists/{pk}/", LISTS),
    Page("/api/{slug}/lists/{pk}/summary/", LISTS),
    Page("/api/{slug}/gallery/", LISTS),
    Page("/api/{slug}/collection/", LISTS),
    Page("/api/{slug}/validate/", LISTS, _document),
    Page("/t/{code}/", TABLE),
    Page("/t/{code}/view/", TABLE),
    Page("/t/{code}/log.json", TABLE),
    Page("/api/tables/{code}/", TABLE),
    Page("/api/tables/{code}/log/", TABLE),
    Page("/api/tables/{code}/actions/", TABLE, _pull),
    Page("/print/list/{pk}/", LISTS | PRINTS),
    Page("/3d/{slug}/puller-base/", PIECES),
    Page("/3d/{slug}/puller-base/preview.json", PIECES),
    Page("/3d/{slug}/puller-base/model.stl", PIECES),
    Page("/api/stl/models/{slug}/puller-base/check/", PIECES, _nothing),
    Page("/3d/lists/{pk}/bundle/", LISTS | PIECES),
    Page("/3d/lists/{pk}/missing/", LISTS | PIECES),
    Page("/api/stl/lists/{pk}/bundle/", LISTS | PIECES, _nothing, ok=201),
)
# What the toy never declares: deck tools, a cost calculator, prints of the game alone.
ABSENT = (
    Page("/games/{slug}/lists/{pk}/playtest/"),
    Page("/games/{slug}/lists/{pk}/odds/"),
    Page("/api/{slug}/lists/{pk}/playtest/"),
    Page("/api/{slug}/lists/{pk}/odds/"),
    Page("/games/{slug}/calculator/"),
    Page("/api/{slug}/unit-cost/", body=_nothing),
    Page("/print/game/{slug}/"),
)


@pytest.mark.parametrize("removed", [None, *DECLARED])
def test_each_capability_serves_its_pages_only_while_declared(
    toy, client, user, monkeypatch, removed
):
    team = saved_team(user)
    code, _ = open_table(client, user, team)
    api(Client(), f"/api/tables/{code}/join/", {"name": "Bea"})
    assert api(client, f"/api/tables/{code}/start/", {}).status_code == 200
    if removed is not None:
        without(toy, monkeypatch, removed)
    if removed != "engine":  # a new table still opens and starts, with or without lists
        fresh = api(client, "/api/tables/", {"game": SLUG, "name": "Ada"}).json()["code"]
        api(Client(), f"/api/tables/{fresh}/join/", {"name": "Cy"})
        started = api(client, f"/api/tables/{fresh}/start/", {})
        assert started.status_code == 200 and started.json()["view"]["rope"] == 0
    else:  # the game names no table: no new one (the game is a field of the request: 400)
        refused = api(client, "/api/tables/", {"game": SLUG, "name": "Ada"})
        assert refused.status_code == 400 and "game" in refused.json()
    answers = {page.name: page.ask(client, team, code) for page in (*SERVED, *ABSENT)}
    expected = {page.name: 404 if removed in page.needs else page.ok for page in SERVED}
    expected.update({page.name: 404 for page in ABSENT})
    assert answers == expected
    home = client.get("/tables/").content.decode()
    assert (f'<option value="{SLUG}">' in home) == (removed != "engine")  # a new table of it
    assert (f"/t/{code}/" in home) == (removed != "engine")  # and the host's own table
    game_page = client.get(f"/games/{SLUG}/").content.decode()
    assert (f"/games/{SLUG}/lists/" in game_page) == (removed != "build_rules")
    if removed != "build_rules":  # the list's page links only to what is declared
        list_page = client.get(team.get_absolute_url()).content.decode()
        assert (f"/print/list/{team.pk}/" in list_page) == (removed != "printables")
        assert (f"/3d/lists/{team.pk}/bundle/" in list_page) == (removed != "models3d")
