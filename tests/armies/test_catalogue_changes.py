"""A list remembers what it was built against and shows what changed, never dropping an
entry: after a homebrew edit, and after a catalogue update."""

from __future__ import annotations

import pytest

from armies import selectors, services
from catalog import services as catalog_services
from catalog.models import Entry

pytestmark = pytest.mark.django_db

TANK = {"type": "tank", "armor": 2, "speed": 15, "fire_range": 30, "fire_power": 1}


@pytest.fixture
def homebrew_tank(user, maker_war):
    return catalog_services.homebrew_create(
        owner=user,
        game=maker_war,
        kind="unit",
        name="Scrap Crawler",
        faction="terran-makers",
        data=TANK,
    )


@pytest.fixture
def army_with_homebrew(user, maker_war, homebrew_tank):
    body = {
        "faction": "terran-makers",
        "budget": 1000,
        "options": {"allow_homebrew": True},
        "formations": [
            {
                "plan": "armoured-spearhead",
                "units": [
                    {"unit": "bulwark-tank", "count": 2, "chief": True},
                    {"unit": f"hb-{homebrew_tank.pk}", "count": 1},
                ],
            }
        ],
    }
    return services.list_create(owner=user, game=maker_war, name="With homebrew", body=body)


def test_a_homebrew_price_change_is_shown_with_the_new_total(
    user, army_with_homebrew, homebrew_tank, client
):
    before = army_with_homebrew.total
    old_points = homebrew_tank.points
    catalog_services.homebrew_update(
        entry=homebrew_tank,
        name="Scrap Crawler",
        faction="terran-makers",
        data={**TANK, "armor": 4},
    )
    homebrew_tank.refresh_from_db()
    catalogue = selectors.list_catalogue(game=army_with_homebrew.game, user=user)
    changes = selectors.catalogue_changes(army_with_homebrew, catalogue)
    assert changes == [
        {
            "entry": f"unit:hb-{homebrew_tank.pk}",
            "name": "Scrap Crawler",
            "change": "price",
            "before": old_points,
            "after": homebrew_tank.points,
            "fields": ["armor"],
        }
    ]
    client.force_login(user)
    data = client.get(f"/api/maker-war/lists/{army_with_homebrew.pk}/").json()
    assert data["changes"] == changes
    assert data["report"]["figures"]["total"] == before - old_points + homebrew_tank.points


def test_a_deleted_entry_stays_in_the_list_and_is_reported(user, army_with_homebrew, homebrew_tank):
    homebrew_tank.delete()
    catalogue = selectors.list_catalogue(game=army_with_homebrew.game, user=user)
    changes = selectors.catalogue_changes(army_with_homebrew, catalogue)
    assert [c["change"] for c in changes] == ["removed"]
    army_with_homebrew.refresh_from_db()
    units = army_with_homebrew.body["formations"][0]["units"]
    assert len(units) == 2  # never silently dropped
    detail = selectors.list_detail(army_with_homebrew, user)
    assert "unknown-unit" in {p["code"] for p in detail["report"]["problems"]}


def test_an_official_catalogue_update_changes_the_version_and_is_shown(user, army, maker_war):
    Entry.objects.filter(game=maker_war, kind="unit", slug="maker-rifles").update(points=99)
    maker_war.catalogue_version = "edited-by-test"
    maker_war.save()
    detail = selectors.list_detail(army, user)
    assert detail["catalogue_changed"] is True
    assert [c["name"] for c in detail["changes"]] == ["Maker Rifles"]
    catalog_services.load_catalogue()  # the official data comes back
    maker_war.refresh_from_db()
    army.refresh_from_db()
    assert selectors.list_detail(army, user)["changes"] == []


def test_saving_again_accepts_the_changes(user, army_with_homebrew, homebrew_tank):
    catalog_services.homebrew_update(
        entry=homebrew_tank,
        name="Scrap Crawler",
        faction="terran-makers",
        data={**TANK, "armor": 4},
    )
    services.list_save(saved_list=army_with_homebrew, body=army_with_homebrew.body)
    catalogue = selectors.list_catalogue(game=army_with_homebrew.game, user=user)
    assert selectors.catalogue_changes(army_with_homebrew, catalogue) == []
