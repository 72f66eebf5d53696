"""Opening a table from the set-up form with saved lists, as two players do: what the
lists carry reaches the game (the little game's agreed card split, a Missiles &
Microchips computer and its colour), and the little game offers only actions that can do
something."""

from __future__ import annotations

import re
import uuid

import pytest
from django.test import Client

from armies.models import SavedList
from catalog.models import Game
from companion.table.models import Table
from tests.games.little_game.table_fixtures import ANN, BEN

pytestmark = pytest.mark.django_db


def saved(game: str, owner, body: dict) -> SavedList:
    return SavedList.objects.create(
        game=Game.objects.get(slug=game), owner=owner, name="Mine", body=body
    )


def open_with_lists(game: str, host: Client, guest: Client, first, second, **form) -> str:
    """The host opens the table with ``first`` from the set-up form, the guest joins with
    ``second`` from the table page, the host starts it; the table's code."""
    assert host.post("/tables/new/", {"game": game, "name": "Ada", "list": first.pk, **form})
    code = Table.objects.latest("pk").code
    guest.post(f"/t/{code}/", {"name": "Ben", "list": second.pk})
    assert host.post(f"/t/{code}/start/").status_code == 302
    return code


def send(code: str, device: Client, action: dict) -> None:
    body = {
        "action": action,
        "seq": Table.objects.get(code=code).seq,
        "client_id": uuid.uuid4().hex,
    }
    answer = device.post(f"/api/tables/{code}/actions/", body, content_type="application/json")
    assert answer.status_code == 200, answer.content


@pytest.fixture
def devices(client, user, other_user, catalogue) -> tuple[Client, Client]:
    client.force_login(user)
    guest = Client()
    guest.force_login(other_user)
    return client, guest


def test_the_little_games_split_saved_on_a_list_is_dealt(devices, user, other_user):
    host, guest = devices
    split = {"options": {"split": [[1, 2, 3, 9, 10], [4, 5, 6, 7, 8]]}}
    code = open_with_lists(
        "little-game", host, guest, saved("little-game", user, {**ANN, **split}),
        saved("little-game", other_user, BEN), opt_little_game__split="evens-odds",
    )  # fmt: skip
    assert Table.objects.get(code=code).state["hands"] == [[1, 2, 3, 9, 10], [4, 5, 6, 7, 8]]


@pytest.mark.browser
def test_attack_is_not_offered_while_no_unit_touches_an_enemy_and_the_page_says_why(
    devices, user, other_user, drawn_page
):
    host, guest = devices
    code = open_with_lists(
        "little-game", host, guest, saved("little-game", user, ANN),
        saved("little-game", other_user, BEN),
    )  # fmt: skip
    send(code, host, {"type": "play", "card": 2})  # Ada's 2 is lower: she acts first
    send(code, guest, {"type": "play", "card": 9})
    page = drawn_page(host, code)
    buttons = re.findall(r'data-action="(\w+)">', page)
    assert buttons[:3] == ["advance", "retreat", "shift"] and "attack" not in buttons
    assert "Attack would do nothing: none of your units touches an enemy." in page


@pytest.mark.browser
def test_a_computer_is_drawn_in_its_own_colour_whatever_its_seat(
    devices, user, other_user, drawn_page
):
    host, guest = devices
    verdant = saved("missiles-and-microchips", user, {"computer": "verdant-grid"})
    crimson = saved("missiles-and-microchips", other_user, {"computer": "crimson-core"})
    assert host.post("/tables/new/", {"game": "missiles-and-microchips", "list": verdant.pk})
    code = Table.objects.latest("pk").code
    guest.post(f"/t/{code}/", {"name": "Ben", "list": crimson.pk})
    Client().post(f"/t/{code}/", {"name": "Cy"})
    assert host.post(f"/t/{code}/start/").status_code == 302
    page = drawn_page(host, code)
    cards = re.findall(r'data-colour="(\w+)" style="--computer: (#\w+);', page)
    assert cards[:2] == [("green", "#16a34a"), ("red", "#dc2626")]  # seat 0 is Verdant Grid
    legend = re.findall(r'background:(#[0-9a-f]{6})"></span>([^<]+) <strong>', page)
    assert legend[:2] == [("#16a34a", "Verdant Grid"), ("#dc2626", "Crimson Core")]


@pytest.mark.browser
def test_a_lobby_names_an_open_player_count_in_words(user, drawn_page):
    """Maker-War seats two or more: the lobby says so, never "2–None players"."""
    host = Client()
    host.force_login(user)
    host.post("/tables/new/", {"game": "maker-war", "name": "Ada"})
    code = Table.objects.latest("pk").code
    page = drawn_page(host, code)
    assert "2 or more players" in page and "None" not in page
