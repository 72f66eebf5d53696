"""POST /api/maker-war/unit-cost/: the calculator over HTTP, with field-named errors."""

import pytest

pytestmark = pytest.mark.django_db

URL = "/api/maker-war/unit-cost/"


def post(client, body):
    return client.post(URL, body, content_type="application/json")


def test_prices_the_rulings_tank_with_a_breakdown(client, catalogue):
    response = post(
        client,
        {
            "type": "tank",
            "armor": 3,
            "speed": 20,
            "fire_range": 45,
            "fire_power": 2,
            "fire_traits": ["AT"],
            "melee": 0,
        },
    )
    assert response.status_code == 200
    body = response.json()
    assert body["points"] == 47
    assert body["breakdown"] and all(isinstance(v, float | int) for v in body["breakdown"].values())


def test_valued_traits_are_given_as_numbers(client, catalogue):
    response = post(
        client,
        {
            "type": "tank",
            "armor": 2,
            "speed": 15,
            "fire_range": 30,
            "fire_power": 1,
            "traits": {"hover": 1, "transport": 4, "screen": 2},
        },
    )
    assert response.json()["points"] == 59


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"type": "tank", "armor": 2, "traits": {"laser-eyes": 1}}, "traits.laser-eyes"),
        ({"type": "tank", "armor": -1}, "armor"),
        ({"type": "tank", "speed": -5}, "speed"),
        ({"type": "tank", "fire_power": "lots"}, "fire_power"),
        ({"type": "spaceship"}, "type"),
        ({"type": "tank", "fire_traits": ["XX"]}, "fire_traits"),
        ({"type": "tank", "fire_arc": "up"}, "fire_arc"),
    ],
)
def test_bad_input_is_400_naming_the_field(client, catalogue, body, field):
    response = post(client, body)
    assert response.status_code == 400
    assert field in response.json()


def test_a_body_that_is_not_an_object_is_400(client, catalogue):
    assert post(client, [1, 2]).status_code == 400
    assert client.post(URL, "not json", content_type="application/json").status_code == 400


def test_games_without_a_formula_answer_404(client, catalogue):
    response = client.post(
        "/api/smalltricks/unit-cost/", {"type": "tank"}, content_type="application/json"
    )
    assert response.status_code == 404
