"""/api/<game>/homebrew/: a user's own entries, priced by the game, private by default."""

import pytest

from catalog.models import Entry

pytestmark = pytest.mark.django_db

URL = "/api/maker-war/homebrew/"
TANK = {
    "kind": "unit",
    "name": "Rust Bucket",
    "faction": "terran-makers",
    "data": {
        "type": "tank",
        "armor": 3,
        "speed": 20,
        "fire_range": 45,
        "fire_power": 2,
        "fire_traits": ["AT"],
        "melee": 0,
    },
}


def test_signed_out_users_cannot_add(client, catalogue):
    assert client.post(URL, TANK, content_type="application/json").status_code == 403


def test_a_unit_is_priced_by_the_formula_not_the_user(client, catalogue, user):
    client.force_login(user)
    response = client.post(URL, {**TANK, "points": 1}, content_type="application/json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["points"] == 47 and body["visibility"] == "private"
    entry = Entry.objects.get(pk=body["id"])
    assert entry.owner == user and entry.category == "tank"


def test_bad_data_is_400_with_paths_and_saves_nothing(client, catalogue, user):
    client.force_login(user)
    before = Entry.objects.count()
    bad = {
        **TANK,
        "faction": "nobody",
        "data": {**TANK["data"], "armor": 0, "traits": {"wings": 1}},
    }
    response = client.post(URL, bad, content_type="application/json")
    assert response.status_code == 400
    assert {"faction", "data.armor"} <= set(response.json())
    assert Entry.objects.count() == before


def test_kinds_that_are_not_homebrew_are_refused(client, catalogue, user):
    client.force_login(user)
    response = client.post(
        URL, {"kind": "supply-card", "name": "Free Win"}, content_type="application/json"
    )
    assert response.status_code == 400 and "kind" in response.json()


def test_another_user_cannot_read_edit_or_delete(client, catalogue, user, other_user):
    client.force_login(user)
    pk = client.post(URL, TANK, content_type="application/json").json()["id"]
    client.force_login(other_user)
    assert client.get(f"{URL}{pk}/").status_code == 404
    assert (
        client.patch(
            f"{URL}{pk}/", {"name": "Mine now"}, content_type="application/json"
        ).status_code
        == 404
    )
    assert client.delete(f"{URL}{pk}/").status_code == 404
    assert Entry.objects.get(pk=pk).name == "Rust Bucket"


def test_owner_edits_and_the_price_follows(client, catalogue, user):
    client.force_login(user)
    pk = client.post(URL, TANK, content_type="application/json").json()["id"]
    response = client.patch(
        f"{URL}{pk}/", {"data": {**TANK["data"], "armor": 4}}, content_type="application/json"
    )
    assert response.status_code == 200, response.content
    assert response.json()["points"] > 47


def test_a_card_for_micro_and_macro(client, catalogue, user):
    client.force_login(user)
    response = client.post(
        "/api/micro-and-macro/homebrew/",
        {
            "kind": "card",
            "name": "Village Well",
            "category": "building",
            "faction": "kingdoms-of-men",
            "text": "Gain 1 resource.",
            "data": {"cost": 2, "lp": 6, "defense": "D6", "upgrade_slots": 1},
        },
        content_type="application/json",
    )
    assert response.status_code == 201, response.content
