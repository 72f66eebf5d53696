"""The public board (``/t/<code>/?board=1``) is a page of its own: no site chrome, each
game's own board (or the generic one), the join QR code only while seats are open, the ids
table.js needs to keep it live, its live part alone with ``&part=1``, and never a seat's
secret: what a seat chose, holds or arranged in secret is on that seat's page only."""

from __future__ import annotations

import json
import re
import uuid
from typing import Any

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.utils.html import escape

from catalog.models import Game
from companion.table import selectors, services
from companion.table.models import Table

pytestmark = pytest.mark.django_db

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


def board_html(code: str, client: Client | None = None) -> tuple[str, str]:
    """The board page and its live part, as any device (the host's included) gets them."""
    client = client or Client()
    page = client.get(f"/t/{code}/?board=1")
    part = client.get(f"/t/{code}/?board=1&part=1")
    assert page.status_code == 200 and part.status_code == 200
    return page.content.decode(), part.content.decode()


def text_of(html: str) -> str:
    """The words a screen shows: no tags, scripts or styles."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize("slug", sorted(BOARDS))
def test_each_game_has_its_own_board_without_the_sites_chrome(slug, players):
    table = started(slug, players)
    page, part = board_html(table.code, seat_client(players[0]))
    mark = BOARDS[slug][0]
    assert mark in page and mark in part
    # No site chrome: no navigation, header bar or footer of base.html.
    for chrome in ('<header class="top"', "<nav", "<footer", 'class="brand"'):
        assert chrome not in page
    # What table.js needs to keep it live: the page, its view box, its badge, the board flag.
    assert 'id="table-page"' in page and f'data-code="{table.code}"' in page
    assert f'data-view-url="/t/{table.code}/view/?board=1"' in page and 'data-board="1"' in page
    assert 'id="table-view"' in page and 'id="sync-state"' in page and "table.js" in page
    assert f"games/{slug}/board.css" in page
    # The live part is the board alone, with its age for the page to order answers by.
    assert "<html" not in part and "table.js" not in part
    assert "segno" not in page  # the join code is gone once the game has started


def test_the_live_part_tells_its_seq(players):
    table = started("little-game", players)
    act(table, 0, {"type": "play", "card": 2})
    response = Client().get(f"/t/{table.code}/?board=1&part=1")
    assert response["X-Seq"] == str(Table.objects.get(pk=table.pk).seq) != "0"
    assert 'data-seq="1"' in response.content.decode()


def test_the_join_code_is_on_the_board_while_seats_are_open(players):
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


def test_a_game_without_a_board_of_its_own_gets_the_generic_one():
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
    html = render_to_string("table/_board.html", {"t": payload})
    assert "generic-board" in html and "Round" in html and "Ann pulls." in html
    assert re.search(r"Waiting for\s*<span class=\"b-who\">Ben</span>", html)


def test_the_board_names_the_seats_the_table_waits_for(players, monkeypatch):
    from companion.games.little_game.engine import ENGINE

    monkeypatch.setattr(type(ENGINE), "awaiting", lambda self, state: [1])
    table = started("little-game", players)
    _, part = board_html(table.code)
    assert re.search(r"Waiting for\s*<span class=\"b-who\">Bert</span>", part)


def test_an_unknown_table_is_a_404_and_odd_parameters_a_page():
    assert Client().get("/t/NOPE42/?board=1").status_code == 404
    assert Client().get("/t/NOPE42/?board=1&part=1").status_code == 404


def test_odd_parameters_still_give_the_board(players):
    table = started("smalltricks", players)
    for query in ("board=1&part=2", "board=1&part=", "board=1&part=1&part=x"):
        response = Client().get(f"/t/{table.code}/?{query}")
        assert response.status_code == 200 and "stb-board" in response.content.decode()


# --- Nobody's secret on the board ---------------------------------------------------------


def test_a_hidden_card_choice_is_not_on_the_board(players):
    table = started("little-game", players)
    act(table, 0, {"type": "play", "card": 10})
    own = seat_client(players[0]).get(f"/t/{table.code}/view/").content.decode()
    assert "You chose <strong>10</strong>" in own
    for html in board_html(table.code, seat_client(players[0])):
        words = text_of(html)
        assert "chosen ✓" in words and "choosing…" in words
        assert not re.search(r"\b10\b", words) and "data-card" not in html
        assert "2, 4, 6, 8" not in words  # nor the hand left


def test_a_hidden_target_and_action_are_not_on_the_board(players):
    table = started("missiles-and-microchips", players)
    act(table, 1, {"type": "choose", "target": 2, "action": "charge", "round": 1})
    own = seat_client(players[1]).get(f"/t/{table.code}/view/").content.decode()
    assert "<strong>charge</strong>" in own
    for html in board_html(table.code, seat_client(players[1])):
        assert "charge" not in html.lower() and "chosen ✓" in html
        assert "→" not in text_of(html)  # no target before the Aim reveal


def test_a_secret_arrangement_is_not_on_the_board(players):
    table = started("smalltricks", players)
    cells = ["A1", "B1", "C1", "D1", "E1", "F1"]
    act(table, 0, {"type": "setup", "cells": cells})
    own = seat_client(players[0]).get(f"/t/{table.code}/view/").content.decode()
    assert "A1, B1, C1, D1, E1, F1" in own
    for html in board_html(table.code, seat_client(players[0])):
        assert "stb-piece" not in html and "data-unit" not in html
        assert "A1, B1" not in html and "A1,B1" not in html
        assert "arrangement in ✓" in html


def secret_names(table: Table, seat: int, hand_key: str, glossary: str = "") -> set[str]:
    """Names of the cards in ``seat``'s hand that nothing public names (but the game's
    ``glossary`` of every card's name, which says nothing of who holds which)."""
    table.refresh_from_db()
    mine = selectors.view_for(table, table.seats.get(number=seat))["view"][hand_key]
    public = selectors.view_for(table, None)
    public["view"].pop(glossary, None)
    text = json.dumps(public, ensure_ascii=False)
    return {escape(card["name"]) for card in mine if card["name"] not in text}


def test_no_hand_of_micro_and_macro_is_on_the_board(players):
    table = started("micro-and-macro", players)
    secrets = secret_names(table, 0, "hand") | secret_names(table, 1, "hand")
    assert secrets
    own = seat_client(players[0]).get(f"/t/{table.code}/view/").content.decode()
    assert any(name in own for name in secrets)
    for html in board_html(table.code, seat_client(players[0])):
        assert not [name for name in secrets if name in html]
        assert "hand 5" in html  # counts only


def test_no_hand_of_maker_war_is_on_the_board(players):
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
    own = seat_client(players[0]).get(f"/t/{table.code}/view/").content.decode()
    assert any(name in own for name in secrets)
    for html in board_html(table.code, seat_client(players[0])):
        assert not [name for name in secrets if name in html]
        assert "cards in hand 2" in html
