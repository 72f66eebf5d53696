"""Dice at the table: rolled by the server from the seeded log, or typed in from real
dice; logged, public, and never a move undo can take back."""

from __future__ import annotations

import random

import pytest

from companion.games import dice
from companion.games.base import RuleError
from companion.table.models import Action, Table
from tests.table.test_game_through_api import open_table, post, send

pytestmark = pytest.mark.django_db


def test_virtual_rolls_replay_from_the_seed():
    first = dice.roll({"dice": "3d6"}, random.Random("seed:4"), "Ada")
    again = dice.roll({"dice": "3d6"}, random.Random("seed:4"), "Ada")
    assert first == again and len(first["results"]) == 3 and not first["physical"]
    assert all(1 <= r <= 6 for r in first["results"])


@pytest.mark.parametrize(
    ("action", "field"),
    [
        ({"dice": "d6"}, "dice"),
        ({"dice": "0d6"}, "dice"),
        ({"dice": "2d1"}, "dice"),
        ({"dice": "2d6", "results": [7, 1]}, "results.0"),
        ({"dice": "2d6", "results": "3"}, "results"),
    ],
)
def test_bad_dice_name_the_field(action, field):
    with pytest.raises(RuleError) as caught:
        dice.roll(action, random.Random(1), "Ada")
    assert field in caught.value.errors


def test_a_roll_through_the_api_is_logged_and_public(client, user, catalogue):
    code, tokens = open_table(client, user, 3)
    state = Table.objects.get(code=code).state
    view = send(code, tokens[1], {"type": "dice", "dice": "2d6", "results": "3 5"})
    assert view["rolls"][0]["results"] == [3, 5] and view["rolls"][0]["physical"]
    table = Table.objects.get(code=code)
    assert table.state == state  # the game state is untouched
    stranger = client.get(f"/api/tables/{code}/").json()
    assert stranger["rolls"][0]["total"] == 8
    undo = post(
        client, f"/api/tables/{code}/undo/", {"seq": table.seq, "client_id": "u"}, tokens[1]
    )
    assert undo.status_code == 400  # a random or typed result is a barrier
    assert Action.objects.filter(table=table, payload__type="dice").count() == 1


def test_a_virtual_roll_needs_no_fresh_seq(client, user, catalogue):
    code, tokens = open_table(client, user, 3)
    send(code, tokens[0], {"type": "choose", "target": 1, "action": "charge", "round": 1})
    response = post(
        client,
        f"/api/tables/{code}/actions/",
        {"action": {"type": "dice", "dice": "1d20"}, "seq": 0, "client_id": "d"},
        tokens[2],
    )
    assert response.status_code == 200
