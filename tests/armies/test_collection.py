"""A player's collection against a list: what they own and what is missing."""

from __future__ import annotations

import pytest

from armies import selectors, services
from companion.games.base import RuleError

pytestmark = pytest.mark.django_db


def rows_for(army, user):
    catalogue = selectors.list_catalogue(game=army.game, user=user)
    return {
        r["unit"]: r
        for r in selectors.collection_report(saved_list=army, user=user, catalogue=catalogue)
    }


def test_owned_and_missing_models_per_unit(user, army, maker_war):
    needed = rows_for(army, user)
    unit, row = next(iter(needed.items()))
    assert row["owned"] == 0 and row["missing"] == row["needed"] > 0
    services.collection_set(owner=user, game=maker_war, unit=unit, printed=1, bought=100, painted=3)
    row = rows_for(army, user)[unit]
    assert row["owned"] == 101 and row["painted"] == 3 and row["missing"] == 0


def test_painting_more_than_owned_is_refused(user, maker_war):
    with pytest.raises(RuleError) as caught:
        services.collection_set(
            owner=user, game=maker_war, unit="maker-rifles", printed=1, painted=2
        )
    assert "painted" in caught.value.errors


def test_collection_api_counts_and_list_view(client, user, army, maker_war):
    client.force_login(user)
    response = client.post(
        "/api/maker-war/collection/",
        {"unit": "maker-rifles", "printed": 4},
        content_type="application/json",
    )
    assert response.json()["owned"] == 4
    bad = client.post(
        "/api/maker-war/collection/",
        {"unit": "maker-rifles", "printed": -1},
        content_type="application/json",
    )
    assert bad.status_code == 400 and "printed" in bad.json()
    rows = {r["unit"]: r for r in client.get(f"/api/maker-war/lists/{army.pk}/collection/").json()}
    if "maker-rifles" in rows:
        assert rows["maker-rifles"]["owned"] == 4


def test_another_players_collection_is_their_own(client, user, other_user, army, maker_war):
    services.collection_set(owner=other_user, game=maker_war, unit="maker-rifles", printed=50)
    assert all(r["owned"] == 0 for r in rows_for(army, user).values())
