"""The little game's table as a device draws it (``static/view.js``): each seat sees its
own hand and nobody else's, the seat to act gets a form per action with the units that
may take it (and why the others are not offered), and the public board shows counts and
choices, never a card before its reveal."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from companion.games.little_game.engine import ENGINE
from tests.games.api_moves import act as play
from tests.games.api_moves import post
from tests.games.little_game.table_fixtures import dealt

pytestmark = [pytest.mark.django_db, pytest.mark.browser]


def seat_view(code: str, token: str = "") -> dict[str, Any]:
    headers = {"X-Seat-Token": token} if token else {}
    return Client().get(f"/api/tables/{code}/", headers=headers).json()


@pytest.fixture
def table(client, user, catalogue) -> tuple[str, list[str]]:
    """A started table of two with the example armies: Ann holds the evens, Ben the odds."""
    client.force_login(user)
    created = post(client, "/api/tables/", {"game": "little-game", "name": "Ann"})
    code, tokens = created.json()["code"], [created.json()["seat_token"]]
    tokens.append(post(Client(), f"/api/tables/{code}/join/", {"name": "Ben"}).json()["seat_token"])
    assert post(client, f"/api/tables/{code}/start/", {}).status_code == 200
    return code, tokens


def cards(html: str) -> list[str]:
    return re.findall(r'data-card="(\d+)"', html)


def test_each_seat_sees_its_own_hand_and_the_public_none(table, drawn) -> None:
    code, tokens = table
    ann, ben = (drawn(seat_view(code, token)) for token in tokens)
    assert cards(ann) == ["2", "4", "6", "8", "10"] and cards(ben) == ["1", "3", "5", "7", "9"]
    assert 'id="my-hand"' in ann and "Your move: tap a card." in ann
    assert '<strong>Ann</strong> <span class="you">(you)</span>: 5 cards in hand' in ann
    public = drawn(Client().get(f"/t/{code}/view/").json())
    assert cards(public) == [] and 'id="my-hand"' not in public
    assert '<details class="card" open=""><summary>Log</summary>' in public

    play(code, tokens[0], {"type": "play", "card": 10})
    ann = drawn(seat_view(code, tokens[0]))
    assert "You chose <strong>10</strong>; waiting for the other player…" in ann
    board = drawn(Client().get(f"/t/{code}/view/").json(), board=True)
    assert 'data-seat="0"' in board and "chosen ✓" in board and "choosing…" in board
    assert not re.search(r"\b10\b", re.sub(r"<[^>]+>", " ", board))


def test_the_seat_to_act_gets_a_form_per_action_and_the_reasons_for_the_rest(table, drawn) -> None:
    code, tokens = table
    play(code, tokens[0], {"type": "play", "card": 2})
    play(code, tokens[1], {"type": "play", "card": 5})  # worth 2 and 3: Ann acts first
    ann = drawn(seat_view(code, tokens[0]))
    assert re.search(r'<p class="revealed">Cards: .*worth 2 and 3 · Ann first</p>', ann)
    assert "Your turn: tick units and tap an action." in ann
    actions = re.findall(r'data-action="(\w+)"', ann)
    assert actions[:3] == ["advance", "retreat", "shift"] and "attack" not in actions
    assert '<input type="hidden" name="action" value="{&quot;type&quot;: &quot;act&quot;' in ann
    assert 'name="list_units"' in ann
    assert 'data-not-offered="attack"' in ann and "none of your units touches an enemy" in ann
    ben = drawn(seat_view(code, tokens[1]))
    assert "Waiting for Ann to act…" in ben and "act-form" not in ben
    board = drawn(Client().get(f"/t/{code}/view/").json(), board=True)
    assert "<strong>Ann</strong> acts" in board and "acting now" in board
    assert 'class="lgb-card">2</span>' in board  # revealed cards are public


@pytest.mark.parametrize(
    ("armies", "outcome"),
    [
        ({"second": {"units": []}}, "Ann wins"),
        ({"first": {"units": []}, "second": {"units": []}}, "A draw"),
    ],
)
def test_a_game_over_draws_for_every_seat_and_the_board(table, drawn, armies, outcome) -> None:
    code, tokens = table
    state = dealt(**armies).state
    for seat, token in ((0, tokens[0]), (1, tokens[1]), (None, "")):
        t = seat_view(code, token)
        t["view"] = ENGINE.player_view(state, seat)
        t["legal_actions"] = ENGINE.legal_actions(state, seat) if seat is not None else []
        html = drawn(t)
        assert "<strong>game over</strong>" in html and f"{outcome}." in html
        assert 'id="my-hand"' not in html and "act-form" not in html
        if seat is None:
            board = drawn(t, board=True)
            assert f'<p class="b-result">{outcome}</p>' in board and "has no units" in board
