"""A Smalltricks faction's starting arrangement never reaches anyone but its owner,
unless the owner chooses to show it."""

from __future__ import annotations

import json

import pytest

from armies import services
from companion.games.registry import get_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def faction(user, smalltricks):
    body = get_game("smalltricks").example_list()
    body["arrangement"] = ["A1", "A1", "B2", "C3", "D2", "F1"]
    body["show_arrangement"] = False
    return services.list_create(
        owner=user, game=smalltricks, name="Hidden", body=body, visibility="public"
    )


def responses_for_others(client, faction) -> list[str]:
    urls = [
        f"/api/smalltricks/lists/{faction.pk}/",
        f"/api/smalltricks/lists/{faction.pk}/export/",
        f"/api/smalltricks/lists/{faction.pk}/summary/",
        f"/api/lists/shared/{faction.share_token}/",
        f"/games/smalltricks/lists/{faction.pk}/",
        f"/games/smalltricks/lists/{faction.pk}/export/",
        f"/games/smalltricks/lists/{faction.pk}/summary/",
        f"/lists/shared/{faction.share_token}/",
        "/api/smalltricks/gallery/",
    ]
    return [client.get(url).content.decode() for url in urls]


def test_the_arrangement_is_absent_from_every_response_to_others(client, other_user, faction):
    client.force_login(other_user)
    for text in responses_for_others(client, faction):
        assert '"arrangement"' not in text and "data-cell=" not in text
        assert ">C3<" not in text and '"C3"' not in text and " C3" not in text


def test_a_copy_does_not_carry_the_hidden_arrangement(client, other_user, faction):
    client.force_login(other_user)
    data = client.post(f"/api/smalltricks/lists/{faction.pk}/copy/").json()
    assert "arrangement" not in data["body"]


def test_the_owner_sees_it_and_can_show_it(client, user, other_user, faction):
    client.force_login(user)
    assert (
        client.get(f"/api/smalltricks/lists/{faction.pk}/").json()["body"]["arrangement"][3] == "C3"
    )
    services.list_save(saved_list=faction, body={**faction.body, "show_arrangement": True})
    client.force_login(other_user)
    body = client.get(f"/api/smalltricks/lists/{faction.pk}/").json()["body"]
    assert body["arrangement"][3] == "C3"
    assert (
        json.loads(client.get(f"/api/smalltricks/lists/{faction.pk}/export/").content)["list"][
            "arrangement"
        ][5]
        == "F1"
    )
