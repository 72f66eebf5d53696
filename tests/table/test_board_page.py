"""The public board (``/t/<code>/?board=1``) is a page of its own: no site chrome, each
game's own board (or the generic one) drawn on the device from the public view, the join
QR code only while seats are open, the ids table.js needs to keep it live, and never a
seat's secret: what a seat chose, holds or arranged in secret is on that seat's page only,
neither in the board's data nor in its drawing."""

from __future__ import annotations

import json
import re
import uuid
from typing import Any

import pytest
from django.test import Client
from django.utils.html import escape

from catalog.models import Game
from companion.table import selectors, services
from companion.table.models import Table

pytestmark = [pytest.mark.django_db, pytest.mark.browser]

NAMES = ("Ada", "Bert", "Cy")
# Each game's board, by a mark only its own board template draws.
BOARDS = {
    "little-game": ("lgb-sides", 2),
    "missiles-and-microchips": ("mmb-players", 3),
    "smalltricks": ("stb-board", 2),
    "maker-war": ("mwb-board", 2),
    "micro-and-macro": ("mamb-sides", 2),
}


@pytest.fixture
def players(django_user_model, catalogue) -> list[Any]:
    return [
        django_user_model.objects.create_user(name.lower(), password="a-long-passphrase-42")
        for name in NAMES
    ]


def open_table(slug: str, players: list[Any], seats: int) -> Table:
    table = services.table_create(host=players[0], game=Game.objects.get(slug=slug), name=NAMES[0])
    for number in range(1, seats):
        services.seat_join(table=table, name=NAMES[number], user=players[number])
    return table


def started(slug: str, players: list[Any]) -> Table:
    table = open_table(slug, players, BOARDS[slug][1])
    services.table_start(table=table, by=players[0])
    table.refresh_from_db()
    return table


def act(table: Table, seat: int, action: dict[str, Any]) -> None:
    table.refresh_from_db()
    services.act(
        table=table, seat=seat, payload=action, seen_seq=table.seq, client_id=uuid.uuid4().hex
    )


def seat_client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def board_html(drawn):
    """``board_html(code, client)``: the board page (with the public view it embeds) and
    its live part as the device draws it, as any device (the host's included) gets them."""

    def get(code: str, client: Client | None = None) -> tuple[str, str]:
        client = client or Client()
        page = client.get(f"/t/{code}/?board=1")
        view = client.get(f"/t/{code}/view/?board=1")
        assert page.status_code == 200 and view.status_code == 200
        return page.content.decode(), drawn(view.json(), board=True)

    return get


@pytest.fixture
def own_page(drawn):
    """``own_page(client, code)``: the seat's view as its device draws it, and its JSON."""

    def get(client: Client, code: str) -> str:
        answer = client.get(f"/t/{code}/view/")
        return drawn(answer.json()) + "\n" + answer.content.decode()

    return get


def text_of(html: str) -> str:
    """The words a screen shows: no tags, scripts or styles."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize("slug", sorted(BOARDS))
def test_each_game_has_its_own_board_without_the_sites_chrome(slug, players, board_html):
    table = started(slug, players)
    page, part = board_html(table.code, seat_client(players[0]))
    mark = BOARDS[slug][0]
    assert mark in part and f"games/{slug}/view.js" in page
    # No site chrome: no navigation, header bar or footer of base.html.
    for chrome in ('<header class="top"', "<nav", "<footer", 'class="brand"'):
        assert chrome not in page
    # What table.js needs to keep it live: the page, its view box, its badge, the board flag.
    assert 'id="table-page"' in page and f'data-code="{table.code}"' in page
    assert f'data-view-url="/t/{table.code}/view/?board=1"' in page and 'data-board="1"' in page
    assert 'id="table-view"' in page and 'id="sync-state"' in page and "table.js" in page
    assert 'id="board-view"' in page and 'id="table-data"' in page  # where and what to draw
    assert f"games/{slug}/board.css" in page
    assert "<html" not in part and 'class="board-live"' in part
    assert "segno" not in page  # the join code is gone once the game has started


def test_the_live_part_tells_its_seq(players, drawn):
    table = started("little-game", players)
    act(table, 0, {"type": "play", "card": 2})
    response = Client().get(f"/t/{table.code}/view/?board=1")
    assert response["X-Seq"] == str(Table.objects.get(pk=table.pk).seq) != "0"
    assert 'data-seq="1"' in drawn(response.json(), board=True)


def test_the_join_code_is_on_the_board_while_seats_are_open(players, board_html):
    table = open_table("missiles-and-microchips", players, 2)
    page, part = board_html(table.code)
    assert 'class="lobby board-join"' in page and '<svg viewBox="0 0' in page and "segno" in page
    assert f"http://testserver/t/{table.code}/" in page and table.code in page
    assert "Ada" in part and "Bert" in part and "Waiting for 1 more player" in part
    # The page's own lobby (table.html) is not the board: no form to take a seat on it.
    assert "Take a seat" not in page and 'name="name"' not in page


def test_the_seats_page_is_unchanged_and_links_to_the_board(players):
    table = started("little-game", players)
    page = seat_client(players[0]).get(f"/t/{table.code}/").content.decode()
    assert '<header class="top"' in page and "board-page" not in page


def test_a_game_without_a_board_of_its_own_gets_the_generic_one(drawn):
    payload = {
        "status": "playing",
        "seq": 4,
        "game": "no-such-game",
        "game_name": "No such game",
        "seats": [
            {"number": 0, "name": "Ann", "removed": False, "is_host": True},
            {"number": 1, "name": "Ben", "removed": False, "is_host": False},
        ],
        "view": {"round": 3, "score": [1, 2]},
        "log": [{"text": "Ann pulls."}],
        "awaiting": [1],
    }
    html = drawn(payload, board=True)
    assert "generic-board" in html and "Round" in html and "Ann pulls." in html
    assert re.search(r"Waiting for\s*<span class=\"b-who\">Ben</span>", html)


def test_the_board_names_the_seats_the_table_waits_for(players, monkeypatch, board_html):
    from companion.games.little_game.engine import ENGINE

    monkeypatch.setattr(type(ENGINE), "awaiting", lambda self, state: [1])
    table = started("little-game", players)
    _, part = board_html(table.code)
    assert re.search(r"Waiting for\s*<span class=\"b-who\">Bert</span>", part)


def test_an_unknown_table_is_a_404_and_odd_parameters_a_page():
    assert Client().get("/t/NOPE42/?board=1").status_code == 404
    assert Client().get("/t/NOPE42/view/?board=1").status_code == 404


def test_odd_parameters_still_give_the_board(players):
    table = started("smalltricks", players)
    for query in ("board=1&part=2", "board=1&part=", "board=1&part=1&part=x"):
        response = Client().get(f"/t/{table.code}/?{query}")
        assert response.status_code == 200 and "board-page" in response.content.decode()


# --- Nobody's secret on the board ---------------------------------------------------------


def test_a_hidden_card_choice_is_not_on_the_board(players, board_html, own_page):
    table = started("little-game", players)
    act(table, 0, {"type": "play", "card": 10})
    own = own_page(seat_client(players[0]), table.code)
    assert "You chose <strong>10</strong>" in own
    page, part = board_html(table.code, seat_client(players[0]))
    assert "chosen ✓" in text_of(part) and "choosing…" in text_of(part)
    assert '"hand"' not in page and '"choice"' not in page  # not in the data either
    for html in (page, part):
        words = text_of(html.replace(table.code, ""))
        assert not re.search(r"\b10\b", words) and "data-card" not in html
        assert "2, 4, 6, 8" not in words  # nor the hand left


def test_a_hidden_target_and_action_are_not_on_the_board(players, board_html, own_page):
    table = started("missiles-and-microchips", players)
    act(table, 1, {"type": "choose", "target": 2, "action": "charge", "round": 1})
    own = own_page(seat_client(players[1]), table.code)
    assert "<strong>charge</strong>" in own
    page, part = board_html(table.code, seat_client(players[1]))
    assert "chosen ✓" in part
    for html in (page, part):
        assert "charge" not in html.lower()
        assert "→" not in text_of(html)  # no target before the Aim reveal


def test_a_secret_arrangement_is_not_on_the_board(players, board_html, own_page):
    table = started("smalltricks", players)
    cells = ["A1", "B1", "C1", "D1", "E1", "F1"]
    act(table, 0, {"type": "setup", "cells": cells})
    own = own_page(seat_client(players[0]), table.code)
    assert "A1, B1, C1, D1, E1, F1" in own
    page, part = board_html(table.code, seat_client(players[0]))
    assert "arrangement in ✓" in part
    for html in (page, part):
        assert "stb-piece" not in html and "data-unit" not in html
        assert "A1, B1" not in html and "A1,B1" not in html and '"A1", "B1"' not in html


def secret_names(table: Table, seat: int, hand_key: str, glossary: str = "") -> set[str]:
    """Names of the cards in ``seat``'s hand that nothing public names (but the game's
    ``glossary`` of every card's name, which says nothing of who holds which)."""
    table.refresh_from_db()
    mine = selectors.view_for(table, table.seats.get(number=seat))["view"][hand_key]
    public = selectors.view_for(table, None)
    public["view"].pop(glossary, None)
    text = json.dumps(public, ensure_ascii=False)
    return {card["name"] for card in mine if card["name"] not in text}


def found(names: set[str], html: str) -> list[str]:
    """The ``names`` written in ``html`` as text, HTML-escaped or as JSON escapes them."""
    return [
        name
        for name in names
        if any(form in html for form in (name, escape(name), json.dumps(name)[1:-1]))
    ]


def test_no_hand_of_micro_and_macro_is_on_the_board(players, board_html, own_page):
    table = started("micro-and-macro", players)
    secrets = secret_names(table, 0, "hand") | secret_names(table, 1, "hand")
    assert secrets
    own = own_page(seat_client(players[0]), table.code)
    assert found(secrets, own)
    page, part = board_html(table.code, seat_client(players[0]))
    assert "hand 5" in part  # counts only
    for html in (page, part):
        assert not found(secrets, html)


def test_no_hand_of_maker_war_is_on_the_board(players, board_html, own_page):
    table = started("maker-war", players)
    act(table, 0, {"type": "begin-deployment"})  # the hand shows from the deployment on
    table.refresh_from_db()
    supply = table.state["supply"]
    supply["hands"] = [supply["deck"][:2], supply["deck"][2:4]]
    supply["deck"] = supply["deck"][4:]
    table.save(update_fields=["state"])
    secrets = secret_names(table, 0, "my_hand", "card_names")
    secrets |= secret_names(table, 1, "my_hand", "card_names")
    assert secrets
    own = own_page(seat_client(players[0]), table.code)
    assert found(secrets, own)
    page, part = board_html(table.code, seat_client(players[0]))
    assert "cards in hand 2" in part
    for html in (page, part):
        assert not found(secrets, html)
