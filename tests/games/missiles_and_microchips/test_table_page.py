"""The game's table as a device draws it (``static/view.js``): the log is the round
summaries the site builds from the stored events (``t.log``), the chart and its legend
come from the view, and nobody's face-down cards show before their reveal."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.games.api_moves import act, post

pytestmark = [pytest.mark.django_db, pytest.mark.browser]


@pytest.fixture
def board(drawn):
    """The table as a device without a seat draws it (no seat's secrets), and the JSON it
    draws from: a secret kept out of the drawing must be out of the data too."""

    def draw(code: str) -> str:
        answer = Client().get(f"/t/{code}/view/")
        return drawn(answer.json()) + "\n" + answer.content.decode()

    return draw


@pytest.fixture
def table(client, user, catalogue) -> tuple[str, list[str]]:
    """A started three-player table: Crimson Core, Ember Engine and Solar Lattice."""
    client.force_login(user)
    created = post(client, "/api/tables/", {"game": "missiles-and-microchips", "name": "Ada"})
    code, tokens = created.json()["code"], [created.json()["seat_token"]]
    for name in ("Bea", "Cy"):
        tokens.append(
            post(Client(), f"/api/tables/{code}/join/", {"name": name}).json()["seat_token"]
        )
    assert post(client, f"/api/tables/{code}/start/", {}).status_code == 200
    return code, tokens


def test_before_a_round_is_played_the_log_is_empty_and_the_chart_starts_at_five(table, board):
    code, _ = table
    html = board(code)
    assert "Nothing yet: the first round is under way." in html
    assert "revealed" not in html
    assert 'class="chart"' in html and 'aria-label="Energy over time"' in html
    legend = re.findall(r'background:(#[0-9a-f]{6})"></span>([^<]+) <strong>(\d+)', html)
    assert legend == [
        ("#dc2626", "Crimson Core", "5"),
        ("#ea580c", "Ember Engine", "5"),
        ("#ca8a04", "Solar Lattice", "5"),
    ]


def test_a_played_round_shows_its_reveal_its_lines_and_the_new_energies(table, board):
    code, tokens = table
    # A charges at B, B charges at A (Feedback: +0), C attacks A: A -1, no gain.
    act(code, tokens[0], {"type": "choose", "target": 1, "action": "charge"})
    act(code, tokens[1], {"type": "choose", "target": 0, "action": "charge"})
    act(code, tokens[2], {"type": "choose", "target": 0, "action": "attack"})
    assert "charge" not in board(code).lower()  # targets are up, actions still face down
    for seat in (0, 1, 2):  # the change phase: everyone keeps their card
        act(code, tokens[seat], {"type": "pass"})
    html = board(code)
    assert "Round 1 revealed" in html
    assert "Solar Lattice attacks Crimson Core: 1 damage" in html
    assert "Nothing yet" not in html
    log = html.split("<summary>Log</summary>")[1]
    assert log.count("<strong>Round 1</strong>") == 1
    assert "Crimson Core charges, aiming at Ember Engine: +0 (attacked by Solar Lattice)" in log
    assert "The start token passes" not in log  # the board shows the token, not the log
    legend = re.findall(r'background:(#[0-9a-f]{6})"></span>([^<]+) <strong>(\d+)', html)
    assert [(name, energy) for _, name, energy in legend] == [
        ("Crimson Core", "4"),
        ("Ember Engine", "5"),
        ("Solar Lattice", "5"),
    ]
    export = Client().get(f"/t/{code}/log.json").json()
    assert [entry["round"] for entry in export["events"]] == [1]
