"""Sign-up, log-in, and the homebrew pages: private by default, shareable by link."""

import pytest

from catalog.models import Entry

pytestmark = pytest.mark.django_db


def test_sign_up_logs_the_new_user_in(client, catalogue):
    response = client.post(
        "/accounts/signup/",
        {"username": "cleo", "password1": "pa55-word-long", "password2": "pa55-word-long"},
    )
    assert response.status_code == 302
    assert "cleo" in client.get("/").content.decode()


def test_sign_up_with_mismatched_passwords_is_refused(client, catalogue, django_user_model):
    response = client.post(
        "/accounts/signup/",
        {"username": "cleo", "password1": "pa55-word-long", "password2": "other-word-long"},
    )
    assert response.status_code == 400
    assert not django_user_model.objects.filter(username="cleo").exists()


def test_log_in_and_out(client, catalogue, user):
    assert (
        client.post(
            "/accounts/login/", {"username": "ada", "password": "a-long-passphrase-42"}
        ).status_code
        == 302
    )
    assert "Log out ada" in client.get("/").content.decode()
    client.post("/accounts/logout/")
    assert "Log in" in client.get("/").content.decode()


def test_homebrew_form_needs_a_login(client, catalogue):
    response = client.get("/games/maker-war/homebrew/new/unit/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def form_for_tank(**extra):
    return {
        "name": "Scrap Crawler",
        "faction": "terran-makers",
        "category": "",
        "visibility": "private",
        "data__type": "tank",
        "data__armor": "3",
        "data__speed": "20",
        "data__fire_range": "45",
        "data__fire_power": "2",
        "data__fire_traits": ["AT"],
        "data__melee": "0",
        **extra,
    }


def test_a_user_adds_a_priced_unit(client, catalogue, user):
    client.force_login(user)
    response = client.post("/games/maker-war/homebrew/new/unit/", form_for_tank())
    assert response.status_code == 302, response.content.decode()[:2000]
    entry = Entry.objects.get(owner=user)
    assert entry.points == 47
    assert "Scrap Crawler" in client.get("/homebrew/").content.decode()


def test_a_bad_form_says_why_and_saves_nothing(client, catalogue, user):
    client.force_login(user)
    response = client.post(
        "/games/maker-war/homebrew/new/unit/", form_for_tank(data__traits='{"wings": 1}')
    )
    assert response.status_code == 400
    assert "wings" in response.content.decode()
    assert not Entry.objects.filter(owner=user).exists()


def test_private_entries_are_not_found_by_others(client, catalogue, user, other_user):
    client.force_login(user)
    client.post("/games/maker-war/homebrew/new/unit/", form_for_tank())
    entry = Entry.objects.get(owner=user)
    client.force_login(other_user)
    assert client.get(entry.get_absolute_url()).status_code == 404
    assert client.get(entry.get_share_url()).status_code == 404
    assert client.get(f"/games/maker-war/homebrew/{entry.pk}/edit/").status_code == 404
    assert client.post(f"/games/maker-war/homebrew/{entry.pk}/delete/").status_code == 404
    assert Entry.objects.filter(pk=entry.pk).exists()


def test_link_shared_entries_open_by_their_link_only(client, catalogue, user, other_user):
    client.force_login(user)
    client.post("/games/maker-war/homebrew/new/unit/", form_for_tank(visibility="link"))
    entry = Entry.objects.get(owner=user)
    client.force_login(other_user)
    assert client.get(entry.get_share_url()).status_code == 200
    assert client.get(entry.get_absolute_url()).status_code == 404


def test_homebrew_stays_out_of_the_official_list(client, catalogue, user, other_user):
    client.force_login(user)
    client.post("/games/maker-war/homebrew/new/unit/", form_for_tank(), follow=True)
    client.force_login(other_user)
    page = client.get("/games/maker-war/catalogue/", {"kind": "unit"}).content.decode()
    assert "Scrap Crawler" not in page


def test_owner_edits_and_deletes(client, catalogue, user):
    client.force_login(user)
    client.post("/games/maker-war/homebrew/new/unit/", form_for_tank())
    entry = Entry.objects.get(owner=user)
    response = client.post(
        f"/games/maker-war/homebrew/{entry.pk}/edit/",
        form_for_tank(name="Scrap Crawler II", data__armor="4"),
    )
    assert response.status_code == 302
    entry.refresh_from_db()
    assert entry.name == "Scrap Crawler II" and entry.points > 47
    client.post(f"/games/maker-war/homebrew/{entry.pk}/delete/")
    assert not Entry.objects.filter(pk=entry.pk).exists()


def test_calculator_saves_a_homebrew_unit(client, catalogue, user):
    client.force_login(user)
    response = client.post(
        "/games/maker-war/calculator/",
        {
            "type": "infantry",
            "armor": "1",
            "speed": "10",
            "fire_range": "30",
            "fire_power": "1",
            "melee": "1",
            "fire_arc": "all",
            "name": "Line Trooper",
            "save": "1",
        },
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 204
    assert Entry.objects.get(owner=user, name="Line Trooper").points == 6
