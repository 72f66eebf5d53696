"""GET /api/games/: the five games with the kinds of entry each catalogue holds."""

import pytest

pytestmark = pytest.mark.django_db


def test_lists_the_five_games(client, catalogue):
    response = client.get("/api/games/")
    assert response.status_code == 200
    assert {g["slug"] for g in response.json()} == {
        "micro-and-macro",
        "little-game",
        "maker-war",
        "missiles-and-microchips",
        "smalltricks",
    }


def test_game_detail_describes_kinds_and_players(client, catalogue):
    body = client.get("/api/games/missiles-and-microchips/").json()
    assert body["min_players"] == 3 and body["max_players"] == 6
    assert body["players"] == "3-6"
    assert body["kinds"] and all("fields" in k for k in body["kinds"])


def test_maker_war_has_no_upper_player_limit(client, catalogue):
    body = client.get("/api/games/maker-war/").json()
    assert body["max_players"] is None and body["players"] == "2+"


def test_unknown_game_is_404(client, catalogue):
    assert client.get("/api/games/chess/").status_code == 404


def test_factions_of_a_game(client, catalogue):
    body = client.get("/api/maker-war/factions/").json()
    assert {"terran-makers", "transcendent", "cyber-demons", "astral", "fungus-pandemia"} <= {
        f["slug"] for f in body
    }
    one = client.get("/api/maker-war/factions/astral/").json()
    assert one["name"] and one["rule"]
