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
    """The homebrew unit form as a browser posts it: the calculator's own field names."""
    return {
        "name": "Scrap Crawler",
        "faction": "terran-makers",
        "visibility": "private",
        "type": "tank",
        "armor": "3",
        "speed": "20",
        "fire_range": "45",
        "fire_power": "2",
        "fire_traits": ["AT"],
        "melee": "0",
        "fire_arc": "all",
        **extra,
    }


def test_a_user_adds_a_priced_unit(client, catalogue, user):
    client.force_login(user)
    response = client.post("/games/maker-war/homebrew/new/unit/", form_for_tank())
    assert response.status_code == 302, response.content.decode()[:2000]
    entry = Entry.objects.get(owner=user)
    assert entry.points == 47
    listed = client.get("/homebrew/").content.decode()
    assert "Scrap Crawler" in listed and "<td>Unit</td>" in listed  # the kind's label


@pytest.mark.parametrize(
    "bad,field,message",
    [
        ({"armor": "x"}, "armor", "Expected a whole number."),
        ({"armor": "0"}, "armor", "Must be at least 1."),
        ({"speed": "99999"}, "speed", "Must be at most 100."),
        ({"trait_screen": "1", "trait_screen_x": "two"}, "traits.screen", "Expected a whole"),
        ({"trait_screen": "1", "trait_screen_x": "50"}, "traits.screen", "at most 20"),
        ({"type": "titan"}, "structure", "A Titan needs its structure"),
        ({"mounts-0-mount": "left-weapon", "mounts-0-weapon": "no-such-gun"}, "mounts.0", "list"),
        ({"mounts-1-mount": "tail", "mounts-1-weapon": "foundry-rail-cannon"}, "mounts.1", "list"),
    ],
)
def test_a_bad_form_says_why_by_field_and_saves_nothing(
    client, catalogue, user, bad, field, message
):
    client.force_login(user)
    response = client.post("/games/maker-war/homebrew/new/unit/", form_for_tank(**bad))
    assert response.status_code == 400
    page = response.content.decode()
    assert f'<li data-field="{field}">' in page and message in page
    assert "Scrap Crawler" in page  # what was typed is kept
    assert not Entry.objects.filter(owner=user).exists()


def test_the_unit_form_is_the_calculators_form(client, catalogue, user):
    client.force_login(user)
    page = client.get("/games/maker-war/homebrew/new/unit/").content.decode()
    calc = client.get("/games/maker-war/calculator/").content.decode()
    for name in ("type", "armor", "structure", "speed", "fire_range", "fire_power", "melee"):
        assert f'name="{name}"' in page and f'name="{name}"' in calc
    # traits as checkboxes and numbers, the AT/TR/DY boxes inside their own labels
    assert 'name="trait_screen" value="1"' in page and 'name="trait_screen_x"' in page
    for value in ("AT", "TR", "DY"):
        assert (
            f'<label class="check"><input type="checkbox" name="fire_traits" value="{value}">'
            in page
        )
    # no raw JSON, no "Category" beside "Type", mounts as rows, the price shown live
    assert '{"screen": 2}' not in page and "mono" not in page
    assert "Category" not in page and 'name="category"' not in page
    assert 'name="mounts-0-mount"' in page and 'name="mounts-3-weapon"' in page
    assert '<option value="foundry-rail-cannon">Foundry Rail Cannon</option>' in page
    assert 'id="points">6<' in page
    assert 'hx-post="/games/maker-war/calculator/"' in page


def test_a_titan_with_traits_and_mounts_is_saved_from_rows(client, catalogue, user):
    client.force_login(user)
    response = client.post(
        "/games/maker-war/homebrew/new/unit/",
        form_for_tank(
            name="Iron Colossus",
            type="titan",
            structure="8",
            trait_screen="1",
            trait_screen_x="2",
            trait_hero="1",
            **{"mounts-0-mount": "left-weapon", "mounts-0-weapon": "foundry-rail-cannon"},
        ),
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    entry = Entry.objects.get(owner=user)
    assert entry.category == "titan"
    assert entry.data["traits"] == {"screen": 2, "hero": 1}
    assert entry.data["mounts"] == [{"mount": "left-weapon", "weapon": "foundry-rail-cannon"}]
    edit = client.get(f"/games/maker-war/homebrew/{entry.pk}/edit/").content.decode()
    assert 'name="trait_screen" value="1" checked' in edit and 'value="2"' in edit
    assert '<option value="left-weapon" selected>' in edit
    assert '<option value="titan" selected>' in edit


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
        form_for_tank(name="Scrap Crawler II", armor="4"),
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
