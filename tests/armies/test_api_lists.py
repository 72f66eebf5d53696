"""The lists API: create, read, save, history, copy, export/import, validate, permissions."""

from __future__ import annotations

import pytest

from armies.models import ListVersion, SavedList
from companion.games.registry import get_game
from tests.armies.conftest import document

pytestmark = pytest.mark.django_db


def test_create_checks_and_stores_the_outcome(client, user, maker_war):
    client.force_login(user)
    body = get_game("maker-war").example_list()
    response = client.post(
        "/api/maker-war/lists/", {"name": "Mine", "body": body}, content_type="application/json"
    )
    assert response.status_code == 201, response.content
    data = response.json()
    assert data["report"]["legal"] is True
    assert data["report"]["figures"]["total"] <= body["budget"]
    saved = SavedList.objects.get(pk=data["id"])
    assert saved.legal and saved.total == data["report"]["figures"]["total"]
    assert saved.version == 1 and saved.catalogue_version == maker_war.catalogue_version


def test_an_illegal_list_is_saved_as_a_draft_and_shown_illegal(client, user, maker_war):
    client.force_login(user)
    body = {**get_game("maker-war").example_list(), "budget": 100}
    data = client.post(
        "/api/maker-war/lists/", {"name": "Too big", "body": body}, content_type="application/json"
    ).json()
    assert data["report"]["legal"] is False
    assert "over-budget" in {p["code"] for p in data["report"]["problems"]}
    assert SavedList.objects.filter(pk=data["id"], legal=False).exists()


def test_bad_input_is_400_with_field_paths_and_saves_nothing(client, user, maker_war):
    client.force_login(user)
    response = client.post(
        "/api/maker-war/lists/", {"name": "", "body": [1]}, content_type="application/json"
    )
    assert response.status_code == 400
    assert {"name", "body"} <= set(response.json())
    assert not SavedList.objects.exists()


def test_saving_adds_a_version_and_restoring_brings_an_old_one_back(client, user, army):
    client.force_login(user)
    url = f"/api/maker-war/lists/{army.pk}/"
    client.patch(url, {"body": {**army.body, "budget": 1500}}, content_type="application/json")
    assert client.get(url).json()["body"]["budget"] == 1500
    versions = client.get(url + "versions/").json()
    assert [v["number"] for v in versions] == [2, 1]
    restored = client.post(url + "restore/", {"number": 1}, content_type="application/json").json()
    assert restored["body"]["budget"] == 1000 and restored["version"] == 3
    assert ListVersion.objects.filter(saved_list=army).count() == 3


def test_restoring_a_missing_version_is_400(client, user, army):
    client.force_login(user)
    response = client.post(
        f"/api/maker-war/lists/{army.pk}/restore/", {"number": 9}, content_type="application/json"
    )
    assert response.status_code == 400 and "version" in response.json()


def test_a_private_list_is_404_to_others_and_signed_out_users(client, other_user, army):
    assert client.get(f"/api/maker-war/lists/{army.pk}/").status_code == 404
    client.force_login(other_user)
    url = f"/api/maker-war/lists/{army.pk}/"
    assert client.get(url).status_code == 404
    assert (
        client.patch(url, {"name": "Mine now"}, content_type="application/json").status_code == 404
    )
    assert client.delete(url).status_code == 404
    assert client.get(url + "export/").status_code == 404
    army.refresh_from_db()
    assert army.name == "Ada's army"


def test_nobody_but_the_owner_edits_a_public_list(client, user, other_user, army):
    army.visibility = "public"
    army.save()
    client.force_login(other_user)
    url = f"/api/maker-war/lists/{army.pk}/"
    assert client.get(url).status_code == 200
    assert client.patch(url, {"name": "x"}, content_type="application/json").status_code == 403
    assert client.delete(url).status_code == 403
    assert (
        client.post(url + "restore/", {"number": 1}, content_type="application/json").status_code
        == 403
    )
    assert SavedList.objects.filter(pk=army.pk, name="Ada's army").exists()


def test_a_link_shared_list_opens_read_only_by_its_token_only(client, other_user, army):
    army.visibility = "link"
    army.save()
    client.force_login(other_user)
    assert client.get(f"/api/maker-war/lists/{army.pk}/").status_code == 404
    data = client.get(f"/api/lists/shared/{army.share_token}/").json()
    assert data["name"] == "Ada's army" and data["is_owner"] is False
    assert data["share_url"] is None and data["changes"] == []


def test_the_gallery_lists_public_lists_and_searches_them(client, user, army, maker_war):
    from armies import services

    services.list_create(owner=user, game=maker_war, name="Secret plan", body=army.body)
    army.visibility = "public"
    army.save()
    names = [row["name"] for row in client.get("/api/maker-war/gallery/").json()]
    assert names == ["Ada's army"]
    assert client.get("/api/maker-war/gallery/", {"q": "zebra"}).json() == []
    assert len(client.get("/api/maker-war/gallery/", {"q": "ada"}).json()) == 1


def test_copy_to_my_lists_makes_a_private_copy(client, other_user, army):
    army.visibility = "public"
    army.save()
    client.force_login(other_user)
    data = client.post(f"/api/maker-war/lists/{army.pk}/copy/").json()
    copy = SavedList.objects.get(pk=data["id"])
    assert copy.owner == other_user and copy.visibility == "private"
    assert copy.body == army.body and copy.copied_from == army


def test_export_then_import_round_trips(client, user, army):
    client.force_login(user)
    exported = client.get(f"/api/maker-war/lists/{army.pk}/export/").json()
    assert exported["format"] == "muster-list" and exported["version"] == 1
    response = client.post(
        "/api/maker-war/lists/import/", exported, content_type="application/json"
    )
    assert response.status_code == 201, response.content
    imported = SavedList.objects.get(pk=response.json()["id"])
    assert imported.body == army.body and imported.legal


def test_an_import_with_errors_names_them_all_and_changes_nothing(client, user, maker_war):
    client.force_login(user)
    body = get_game("maker-war").example_list()
    body["formations"][0]["units"][0]["unit"] = "laser-dragon"
    bad = {**document("smalltricks", body), "version": 7}
    response = client.post("/api/maker-war/lists/import/", bad, content_type="application/json")
    assert response.status_code == 400
    assert {"version", "game"} <= set(response.json())
    response = client.post(
        "/api/maker-war/lists/import/", document("maker-war", body), content_type="application/json"
    )
    assert response.status_code == 400
    assert any(key.startswith("list.formations.0") for key in response.json())
    assert not SavedList.objects.exists()


def test_a_rule_breaking_import_arrives_as_an_illegal_draft(client, user, maker_war):
    client.force_login(user)
    body = {**get_game("maker-war").example_list(), "budget": 100}
    response = client.post(
        "/api/maker-war/lists/import/", document("maker-war", body), content_type="application/json"
    )
    assert response.status_code == 201
    assert response.json()["report"]["legal"] is False


@pytest.mark.parametrize(
    "game",
    ["maker-war", "smalltricks", "little-game", "micro-and-macro", "missiles-and-microchips"],
)
def test_validate_checks_the_example_of_every_game_without_saving(client, catalogue, game):
    response = client.post(
        f"/api/{game}/validate/",
        document(game, get_game(game).example_list()),
        content_type="application/json",
    )
    assert response.status_code == 200, response.content
    assert response.json()["legal"] is True
    assert not SavedList.objects.exists()


def test_validate_reports_problems_and_rejects_a_bad_document(client, catalogue):
    body = {**get_game("maker-war").example_list(), "budget": 100}
    report = client.post(
        "/api/maker-war/validate/", document("maker-war", body), content_type="application/json"
    ).json()
    assert report["legal"] is False and report["problems"][0]["path"] is not None
    response = client.post(
        "/api/maker-war/validate/", {"format": "zip"}, content_type="application/json"
    )
    assert response.status_code == 400 and "format" in response.json()


def test_unknown_games_have_no_list_api(client, catalogue):
    assert (
        client.post("/api/chess/validate/", {}, content_type="application/json").status_code == 404
    )


def test_plain_text_summary(client, user, army):
    client.force_login(user)
    response = client.get(f"/api/maker-war/lists/{army.pk}/summary/")
    assert response["Content-Type"].startswith("text/plain")
    text = response.content.decode()
    assert "Ada's army" in text and "Terran Makers" in text


def test_the_api_docs_carry_an_example_per_game(client, catalogue):
    schema = client.get("/api/schema/", {"format": "json"}).json()
    examples = schema["paths"]["/api/{game}/validate/"]["post"]["requestBody"]["content"][
        "application/json"
    ]["examples"]
    games = {e["value"]["game"] for e in examples.values()}
    assert games == {
        "maker-war",
        "smalltricks",
        "little-game",
        "micro-and-macro",
        "missiles-and-microchips",
    }


def test_list_detail_queries_do_not_grow_with_the_army(client, user, maker_war):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from armies import services
    from bench.bench_army_validate import big_army

    client.force_login(user)
    counts = []
    for units in (20, 400):
        saved = services.list_create(
            owner=user, game=maker_war, name=f"{units}", body=big_army(units)
        )
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(f"/api/maker-war/lists/{saved.pk}/").status_code == 200
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1]
