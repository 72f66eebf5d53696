"""The table as an installable app that plays through Wi-Fi drops, and the line that says
whom the table waits for: what the server gives the page script (table.js) and the
service worker (sw.js) to work with."""

from __future__ import annotations

import json
import re
import uuid
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import reverse
from PIL import Image

from companion import icons
from companion.games.missiles_and_microchips.engine import MissilesAndMicrochipsEngine
from companion.table import broadcast, selectors
from companion.table.models import Action, Table

pytestmark = pytest.mark.django_db


def _api(client: Client, url: str, body: dict) -> dict:
    response = client.post(url, body, content_type="application/json")
    assert response.status_code in (200, 201), response.content
    return response.json()


def _guest(code: str, name: str) -> Client:
    """A guest device: its seat lives in its session, as on a phone."""
    guest = Client()
    assert guest.post(f"/t/{code}/", {"name": name}).status_code == 302
    return guest


@pytest.fixture
def little_table(client, user, catalogue) -> tuple[str, Client, Client]:
    """A started little game: the signed-in host (seat 0, the evens) and a guest (seat 1)."""
    client.force_login(user)
    code = _api(client, "/api/tables/", {"game": "little-game", "name": "Ann"})["code"]
    guest = _guest(code, "Ben")
    _api(client, f"/api/tables/{code}/start/", {})
    return code, client, guest


@pytest.fixture
def mm_table(client, user, catalogue) -> tuple[str, list[Client]]:
    """A started four-player Missiles & Microchips table, every seat a page device."""
    client.force_login(user)
    code = _api(client, "/api/tables/", {"game": "missiles-and-microchips", "name": "Ada"})["code"]
    devices = [client, *(_guest(code, name) for name in ("Bea", "Cy", "Dee"))]
    _api(client, f"/api/tables/{code}/start/", {})
    return code, devices


def _tap(device: Client, code: str, action: dict, seq: int, client_id: str):
    """A tap as table.js sends it: the form's fields, the seq it was made on, its id."""
    return device.post(
        f"/t/{code}/act/",
        {"action": json.dumps(action), "seq": str(seq), "client_id": client_id},
    )


def _seq(code: str) -> int:
    return Table.objects.get(code=code).seq


# --- the installable app -------------------------------------------------------------------


def _sw_config(client: Client) -> dict:
    body = client.get("/sw.js").content.decode()
    first, _, _ = body.partition("\n")
    assert first.startswith("const CONFIG = ") and first.endswith(";")
    return json.loads(first[len("const CONFIG = ") : -1])


def test_the_service_worker_is_served_from_the_root_with_its_app_shell(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/javascript")
    assert "no-cache" in response["Cache-Control"]  # a new version is picked up at once
    assert 'addEventListener("fetch"' in response.content.decode()
    config = _sw_config(client)
    assert re.fullmatch(r"[0-9a-f]{12}", config["version"])
    for url in config["shell"]:  # install fails whole if one of them is missing
        shell = client.get(url)
        assert shell.status_code == 200, url
        if hasattr(shell, "close"):
            shell.close()
    assert config["signOut"] == [
        reverse("login"),
        reverse("logout"),
        reverse("signup"),
        reverse("account-delete"),
    ]
    assert client.post("/sw.js").status_code == 405


def test_the_worker_keeps_table_pages_and_builder_lists_and_nothing_else(client):
    config = _sw_config(client)
    pages = [re.compile(source) for source in config["pages"]]
    view = re.compile(config["views"])

    def kept(url: str) -> bool:
        return any(pattern.search(url) for pattern in pages)

    for url in (
        reverse("table:home"),
        reverse("table:table", args=["ABCD23"]),
        reverse("armies:mine", args=["maker-war"]),
        reverse("armies:detail", args=["maker-war", 12]),
        reverse("armies:summary", args=["maker-war", 12]),
        reverse("armies:shared", args=["tok3n"]),
    ):
        assert kept(url), url
    for url in (
        reverse("catalog:home"),
        reverse("login"),
        reverse("table:act", args=["ABCD23"]),
        reverse("table:log", args=["ABCD23"]),
        reverse("table:view", args=["ABCD23"]),
    ):
        assert not kept(url), url
    assert view.search(reverse("table:view", args=["ABCD23"]))
    assert not view.search(reverse("table:table", args=["ABCD23"]))


def test_the_manifest_makes_the_table_installable(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = response.json()
    assert manifest["display"] == "standalone" and manifest["scope"] == "/"
    assert manifest["name"] == "Muster" and manifest["short_name"]
    assert client.get(manifest["start_url"]).status_code == 200
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert icon["type"] == "image/png"
        path = finders.find(icon["src"].removeprefix("/static/"))
        assert path, icon["src"]
        with Image.open(path) as image:
            assert f"{image.width}x{image.height}" == icon["sizes"]


def test_every_page_links_the_manifest(client):
    body = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in body


def test_the_icons_script_draws_the_committed_sizes():
    for size in icons.SIZES:
        drawn = icons.draw(size)
        assert drawn.size == (size, size)
        with Image.open(icons.icon_path(size)) as committed:
            assert committed.size == (size, size) and committed.format == "PNG"
    assert Path(icons.icon_path(192)).parent == Path(finders.find("icons/muster-192.png")).parent


def test_the_table_page_carries_the_hooks_of_the_offline_queue(little_table):
    code, host, _ = little_table
    body = host.get(f"/t/{code}/").content.decode()
    assert 'data-me="0"' in body and 'data-sw="/sw.js"' in body
    assert 'id="pending-taps"' in body and 'id="turn-sound"' in body
    assert "table-offline.css" in body
    board = host.get(f"/t/{code}/?board=1").content.decode()  # never taps: keeps no taps
    assert 'data-me="0"' not in board
    assert 'id="pending-taps"' not in board and 'id="turn-sound"' not in board


# --- the server side of the offline queue ---------------------------------------------------


def test_a_kept_tap_sent_again_after_a_lost_answer_is_applied_once(little_table):
    """The page resends a tap whose answer never came with the same client id, and with
    the seq it was made on, now stale: the first one stands, the resend shows the view."""
    code, host, _ = little_table
    tap_id = uuid.uuid4().hex
    assert _tap(host, code, {"type": "play", "card": 2}, 0, tap_id).status_code == 200
    again = _tap(host, code, {"type": "play", "card": 2}, 0, tap_id)
    assert again.status_code == 200 and "error" not in again.json()
    assert Action.objects.filter(table__code=code, client_id=tap_id).count() == 1
    assert _seq(code) == 1


def test_two_taps_kept_on_one_view_are_applied_in_order(little_table):
    """Offline, two taps are made on the same view (seq 0); the page sends the second
    with the seq its first one reached (the chain), so both stand, in the order made."""
    code, host, _ = little_table
    first, second = uuid.uuid4().hex, uuid.uuid4().hex
    answer = _tap(host, code, {"type": "play", "card": 2}, 0, first)
    assert answer.status_code == 200 and answer["X-Seq"] == "1"
    dice = {"type": "dice", "dice": "1d6", "results": "4"}
    assert _tap(host, code, dice, int(answer["X-Seq"]), second).status_code == 200
    logged = list(
        Action.objects.filter(table__code=code, seq__gt=0).values_list("client_id", flat=True)
    )
    assert logged == [first, second]


def test_a_kept_tap_the_game_moved_past_is_refused_with_its_reason(little_table):
    code, host, guest = little_table
    assert _tap(host, code, {"type": "play", "card": 2}, 0, uuid.uuid4().hex).status_code == 200
    assert _tap(guest, code, {"type": "play", "card": 5}, 1, uuid.uuid4().hex).status_code == 200
    made_on = _seq(code)  # the host acts first (2 < 5); its tablet drops off and taps
    dice = {"type": "dice", "dice": "1d6", "results": "3"}
    assert _tap(guest, code, dice, made_on, uuid.uuid4().hex).status_code == 200
    kept = uuid.uuid4().hex
    answer = _tap(host, code, {"type": "act", "action": "advance", "units": []}, made_on, kept)
    assert answer.status_code == 409
    assert "Someone acted first" in answer.json()["error"]["seq"]  # what the page shows
    assert answer["X-Seq"] == str(made_on + 1)
    assert not Action.objects.filter(table__code=code, client_id=kept).exists()


# --- who the table waits for --------------------------------------------------------------


@pytest.fixture
def awaiting_bea_and_dee(monkeypatch):
    """No engine fills ``awaiting`` yet: Missiles & Microchips is told to wait for seats 1
    and 3, which is all the page needs to know."""
    monkeypatch.setattr(MissilesAndMicrochipsEngine, "awaiting", lambda self, state: [1, 3])


def _line(html: str) -> str:
    found = re.search(r'<p class="awaiting-line[^"]*"[^>]*>.*?</p>', html, re.S)
    assert found, "no awaiting line"
    return found.group(0)


@pytest.mark.browser
def test_every_page_names_who_the_table_waits_for(mm_table, awaiting_bea_and_dee, drawn):
    code, devices = mm_table
    host, bea = devices[0], devices[1]
    assert host.get(f"/t/{code}/").status_code == 200
    host_line = _line(drawn(host.get(f"/t/{code}/view/").json()))
    assert re.sub(r"<[^>]+>", "", host_line) == "Waiting for Bea, Dee"
    assert "your-turn" not in host_line and ">Cy<" not in host_line
    assert 'data-awaiting="1 3"' in host_line and 'data-me="0"' in host_line
    bea_line = _line(drawn(bea.get(f"/t/{code}/view/").json()))
    assert "your-turn" in bea_line and 'class="who me">you<' in bea_line
    assert re.sub(r"<[^>]+>", "", bea_line) == "Waiting for you, Dee"
    board_line = _line(drawn(host.get(f"/t/{code}/view/?board=1").json()))
    assert ">Bea<" in board_line and 'data-me=""' in board_line and "your-turn" not in board_line


@pytest.mark.browser
def test_the_awaiting_line_comes_with_pushes_and_tap_answers(mm_table, awaiting_bea_and_dee, drawn):
    code, devices = mm_table
    table = Table.objects.get(code=code)
    views = selectors.views_by_seat(table)
    pushed = json.loads(broadcast.view_message(views["1"]))  # what a socket forwards
    assert pushed["data"]["awaiting"] == [1, 3]
    assert "your-turn" in _line(drawn(pushed))
    roll = {"type": "dice", "dice": "1d6", "results": "2"}
    answer = _tap(devices[3], code, roll, 0, uuid.uuid4().hex)
    assert answer.status_code == 200
    assert "your-turn" in _line(drawn(answer.json()))  # Dee's own answer


@pytest.mark.browser
def test_no_line_when_the_table_waits_for_nobody(mm_table, monkeypatch, drawn):
    monkeypatch.setattr(MissilesAndMicrochipsEngine, "awaiting", lambda self, state: [])
    code, devices = mm_table
    assert "awaiting-line" not in drawn(devices[0].get(f"/t/{code}/view/").json())
    lobby = _api(devices[0], "/api/tables/", {"game": "little-game", "name": "Ann"})["code"]
    assert "awaiting-line" not in drawn(devices[0].get(f"/t/{lobby}/view/").json())
