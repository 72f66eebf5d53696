"""The builder pages: each tap is an htmx post that answers with the new panel."""

from __future__ import annotations

import pytest

from armies.models import SavedList

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}


@pytest.fixture
def new_army(client, user, maker_war):
    client.force_login(user)
    response = client.post(
        "/games/maker-war/lists/new/",
        {"name": "Page army", "faction": "terran-makers", "budget": "1000"},
    )
    assert response.status_code == 302
    return SavedList.objects.get(owner=user, name="Page army")


def tap(client, saved_list, **args):
    url = f"/games/{saved_list.game.slug}/lists/{saved_list.pk}/edit/"
    response = client.post(url, args, headers=HX)
    assert response.status_code == 200
    saved_list.refresh_from_db()
    return response.content.decode()


def test_my_lists_page_offers_factions_and_budget(client, user, maker_war):
    client.force_login(user)
    page = client.get("/games/maker-war/lists/").content.decode()
    assert "Terran Makers" in page and 'name="budget"' in page
    assert "Stellar Pilgrim" not in page  # a draft faction is not offered


def test_a_new_army_starts_empty_with_its_faction_and_budget(new_army):
    assert new_army.body["faction"] == "terran-makers" and new_army.body["budget"] == 1000
    assert new_army.body["formations"] == []


def test_classic_formation_in_one_tap_then_units_and_chief(client, new_army):
    panel = tap(client, new_army, op="add-formation", plan="maker-rifle-company", classic="1")
    formation = new_army.body["formations"][0]
    assert {line["unit"]: line["count"] for line in formation["units"]} == {
        "squad-leader": 1,
        "maker-rifles": 6,
        "maker-heavy-weapons": 2,
        "mule-carrier": 2,
    }
    assert [line["unit"] for line in formation["units"] if line.get("chief")] == ["squad-leader"]
    assert "List is legal" in panel
    tap(client, new_army, op="add-unit", formation="0", unit="maker-rifles")
    counts = {line["unit"]: line["count"] for line in new_army.body["formations"][0]["units"]}
    assert counts["maker-rifles"] == 7
    panel = tap(client, new_army, op="toggle-chief", formation="0", unit="maker-rifles")
    assert 'data-code="several-chiefs"' in panel and "Not legal yet" in panel
    panel = tap(client, new_army, op="set-chief", formation="0", unit="squad-leader")
    assert "several-chiefs" not in panel


def test_budget_and_options_are_taps_too(client, new_army):
    tap(client, new_army, op="add-formation", plan="armoured-spearhead", classic="1")
    panel = tap(client, new_army, op="set-budget", budget="100")
    assert 'data-code="over-budget"' in panel
    tap(client, new_army, op="set-option", option="ignore_setup_guidelines", value="1")
    assert new_army.body["options"]["ignore_setup_guidelines"] is True


def test_a_bad_tap_says_why_and_changes_nothing(client, new_army):
    before = new_army.body
    panel = tap(client, new_army, op="set-budget", budget="lots")
    assert "Expected a whole number" in panel
    assert new_army.body == before


def test_quick_taps_make_one_version(client, new_army):
    for _ in range(3):
        tap(client, new_army, op="set-budget", budget="1500")
    assert new_army.versions.count() == 2  # created, then one coalesced edit


def test_others_cannot_tap_on_someone_elses_list(client, other_user, new_army):
    new_army.visibility = "public"
    new_army.save()
    client.force_login(other_user)
    url = f"/games/maker-war/lists/{new_army.pk}/edit/"
    assert client.post(url, {"op": "set-budget", "budget": "5"}, headers=HX).status_code == 404
    page = client.get(f"/games/maker-war/lists/{new_army.pk}/").content.decode()
    assert "hx-post" not in page.split('id="builder"')[1].split("list-tools")[0]


def test_shared_link_opens_signed_out_read_only(client, new_army):
    new_army.visibility = "link"
    new_army.save()
    client.logout()
    assert client.get(f"/games/maker-war/lists/{new_army.pk}/").status_code == 404
    page = client.get(f"/lists/shared/{new_army.share_token}/")
    assert page.status_code == 200 and "Page army" in page.content.decode()


def test_versions_page_restores(client, new_army):
    tap(client, new_army, op="set-budget", budget="2000")
    new_army.versions.update(note="pinned")  # keep the next tap from coalescing
    tap(client, new_army, op="set-budget", budget="3000")
    assert (
        "Restore" in client.get(f"/games/maker-war/lists/{new_army.pk}/versions/").content.decode()
    )
    client.post(f"/games/maker-war/lists/{new_army.pk}/restore/", {"number": "1"})
    new_army.refresh_from_db()
    assert new_army.body["budget"] == 1000


def test_import_page_shows_errors_and_saves_nothing(client, user, maker_war):
    client.force_login(user)
    response = client.post("/games/maker-war/lists/import/", {"document": "{not json"})
    assert response.status_code == 400 and "Not valid JSON" in response.content.decode()
    response = client.post(
        "/games/maker-war/lists/import/", {"document": '{"format": "muster-list", "version": 1}'}
    )
    assert response.status_code == 400 and "game" in response.content.decode()
    assert not SavedList.objects.filter(owner=user).exists()


def test_smalltricks_faction_pick_roll_and_place(client, user, smalltricks):
    client.force_login(user)
    client.post("/games/smalltricks/lists/new/", {"name": "Hexers"})
    faction = SavedList.objects.get(owner=user, name="Hexers")
    assert len(faction.body["units"]) == 6
    tap(client, faction, op="set-unit", index="0", unit="militia")
    panel = tap(client, faction, op="place", index="0", cell="B2")
    assert faction.body["arrangement"][0] == "B2" and 'data-cell="B2"' in panel
    panel = tap(client, faction, op="place", index="1", cell="B5")
    assert "not on your half" in panel and faction.body["arrangement"][1] is None
    tap(client, faction, op="roll")
    assert len(faction.body["rolled"]["dice"]) == 6
    assert faction.body["arrangement"] == [None] * 6


def test_little_game_units_from_the_form(client, user, catalogue):
    client.force_login(user)
    client.post("/games/little-game/lists/new/", {"name": "Skirmishers"})
    army = SavedList.objects.get(owner=user, name="Skirmishers")
    tap(
        client,
        army,
        op="add-unit",
        name="Horse archers",
        base="rectangular",
        quality="2",
        cavalry="1",
        shooting="ranged",
    )
    assert army.body["units"] == [
        {
            "name": "Horse archers",
            "base": "rectangular",
            "quality": 2,
            "kinds": ["cavalry", "ranged"],
        }
    ]
    panel = tap(client, army, op="add-unit", name="Bad", base="square", quality="9")
    assert "at most 5" in panel and len(army.body["units"]) == 1


def test_little_game_hands_split_evens_odds_or_as_agreed(client, user, catalogue):
    client.force_login(user)
    client.post("/games/little-game/lists/new/", {"name": "Hands"})
    army = SavedList.objects.get(owner=user, name="Hands")
    panel = tap(client, army, op="set-split", hand="1 2 3 9 10")
    assert army.body["options"]["split"] == [[1, 2, 3, 9, 10], [4, 5, 6, 7, 8]]
    assert "1, 2, 3, 9, 10" in panel
    tap(client, army, op="set-split", split="evens-odds")
    assert army.body["options"]["split"] == "evens-odds"
    panel = tap(client, army, op="set-split", hand="1 12")
    assert "numbered 1 to 10" in panel
