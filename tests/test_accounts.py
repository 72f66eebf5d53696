"""Accounts: sign-up with an e-mail, password reset by e-mail (the same answer for an
unknown address), password change and account deletion, all checked like a login by
django-axes; deleting an account deletes the player's data, never other players' games."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.files.base import ContentFile
from django.urls import reverse

from armies import services as list_services
from armies import tagging
from armies.models import ListTag, SavedList
from catalog.models import Entry, Game
from companion.accounts import DELETED_PLAYER
from companion.games.registry import get_game
from companion.table import services as table_services
from companion.table.models import Table
from printing.models import PrintJob
from printing.stl.models import Design

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-passphrase-42"
NEW_PASSWORD = "another-long-passphrase-77"
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def ada(user):
    user.email = "ada@example.org"
    user.save()
    return user


def _reset_link(message) -> str:
    found = re.search(r"https?://[^/\s]+(/accounts/reset/\S+/)", message.body)
    assert found, message.body
    return found.group(1)


def _without_csrf(html: bytes) -> bytes:
    """A page without its CSRF tokens, which differ on every answer."""
    return re.sub(rb'("X-CSRFToken": "|name="csrfmiddlewaretoken" value=")[^"]*', rb"\1", html)


# --- sign-up -------------------------------------------------------------------------


def test_sign_up_keeps_the_e_mail_address_for_resets(client):
    response = client.post(
        reverse("signup"),
        {
            "username": "cleo",
            "email": "cleo@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert response.status_code == 302
    assert get_user_model().objects.get(username="cleo").email == "cleo@example.org"


def test_sign_up_without_an_e_mail_still_works(client):
    response = client.post(
        reverse("signup"), {"username": "dora", "password1": PASSWORD, "password2": PASSWORD}
    )
    assert response.status_code == 302


def test_the_placeholder_name_cannot_be_signed_up(client):
    response = client.post(
        reverse("signup"),
        {"username": DELETED_PLAYER, "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 400
    assert not get_user_model().objects.filter(username=DELETED_PLAYER).exists()


# --- password reset ------------------------------------------------------------------


def test_the_login_page_offers_a_password_reset(client):
    assert reverse("password_reset") in client.get(reverse("login")).content.decode()


def test_the_reset_form_is_a_muster_page(client):
    html = client.get(reverse("password_reset")).content.decode()
    assert "Forgot your password?" in html
    assert 'class="brand"' in html  # the site's own layout, not the admin's


def test_a_reset_link_is_mailed_and_sets_a_new_password(client, ada):
    response = client.post(reverse("password_reset"), {"email": "ADA@example.org"})
    assert response.status_code == 302
    assert response.url == reverse("password_reset_done")
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["ada@example.org"]
    assert message.subject == "Your Muster password"
    link = _reset_link(message)

    form = client.get(link, follow=True)  # Django swaps the token for a session key
    assert b"Choose a new password" in form.content
    done = client.post(
        form.redirect_chain[-1][0],
        {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert done.status_code == 302 and done.url == reverse("password_reset_complete")
    ada.refresh_from_db()
    assert ada.check_password(NEW_PASSWORD)

    again = client.get(link, follow=True)  # a link works once
    assert b"This link no longer works" in again.content


def test_an_unknown_address_gets_the_same_answer_and_no_mail(client, ada):
    known = client.post(reverse("password_reset"), {"email": "ada@example.org"}, follow=True)
    mail.outbox.clear()
    unknown = client.post(reverse("password_reset"), {"email": "nobody@example.org"}, follow=True)
    assert mail.outbox == []
    assert unknown.redirect_chain == known.redirect_chain
    assert unknown.status_code == known.status_code == 200
    assert _without_csrf(unknown.content) == _without_csrf(known.content)


def test_a_bad_reset_address_is_a_form_message(client):
    response = client.post(reverse("password_reset"), {"email": "not an address"})
    assert response.status_code == 200
    assert b"Enter a valid email address." in response.content
    assert mail.outbox == []


def test_a_forged_reset_link_changes_nothing(client, ada):
    response = client.get("/accounts/reset/MQ/not-a-token/")
    assert response.status_code == 200
    assert b"This link no longer works" in response.content
    ada.refresh_from_db()
    assert ada.check_password(PASSWORD)


def test_a_reset_lifts_the_lock_out_of_the_account(client, ada, settings):
    settings.THROTTLE_ENABLED = False  # the lock-out, not the rate limit, is under test
    for _ in range(10):
        client.post(reverse("login"), {"username": "ada", "password": "wrong-guess"})
    locked = client.post(reverse("login"), {"username": "ada", "password": PASSWORD})
    assert locked.status_code == 429
    assert reverse("password_reset").encode() in locked.content

    client.post(reverse("password_reset"), {"email": "ada@example.org"})
    form = client.get(_reset_link(mail.outbox[0]), follow=True)
    client.post(
        form.redirect_chain[-1][0],
        {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    response = client.post(reverse("login"), {"username": "ada", "password": NEW_PASSWORD})
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(ada.pk)


def test_smtp_comes_from_the_environment():
    code = (
        "import django; from django.conf import settings; django.setup();"
        "print(settings.EMAIL_BACKEND, settings.EMAIL_HOST, settings.EMAIL_PORT,"
        " settings.EMAIL_HOST_USER, settings.EMAIL_HOST_PASSWORD, settings.EMAIL_USE_TLS,"
        " settings.DEFAULT_FROM_EMAIL)"
    )
    base = {k: v for k, v in os.environ.items() if not k.startswith(("EMAIL_", "DEFAULT_FROM"))}
    base["DJANGO_SETTINGS_MODULE"] = "companion.settings"

    def run(extra: dict[str, str]) -> str:
        return subprocess.run(
            [sys.executable, "-c", code],
            env={**base, **extra},
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()

    assert run({}).startswith("django.core.mail.backends.console.EmailBackend")
    assert run(
        {
            "EMAIL_HOST": "smtp.example.org",
            "EMAIL_PORT": "2525",
            "EMAIL_HOST_USER": "muster",
            "EMAIL_HOST_PASSWORD": "s3cret",
            "EMAIL_USE_TLS": "0",
            "DEFAULT_FROM_EMAIL": "club@example.org",
        }
    ) == (
        "django.core.mail.backends.smtp.EmailBackend smtp.example.org 2525 muster s3cret "
        "False club@example.org"
    )


# --- account page and password change ------------------------------------------------


def test_the_account_page_saves_the_e_mail_address(client, user):
    client.force_login(user)
    page = client.get(reverse("account"))
    assert page.status_code == 200
    for name in ("password_change", "account-delete"):
        assert reverse(name).encode() in page.content
    response = client.post(reverse("account"), {"email": "new@example.org", "password": PASSWORD})
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.email == "new@example.org"


def test_the_e_mail_address_changes_only_with_the_password(client, ada):
    client.force_login(ada)
    response = client.post(reverse("account"), {"email": "thief@example.org", "password": "x"})
    assert response.status_code == 400
    assert b"That is not your password." in response.content
    ada.refresh_from_db()
    assert ada.email == "ada@example.org"


def test_a_bad_e_mail_address_is_refused_and_changes_nothing(client, ada):
    client.force_login(ada)
    response = client.post(reverse("account"), {"email": "nope", "password": PASSWORD})
    assert response.status_code == 400
    ada.refresh_from_db()
    assert ada.email == "ada@example.org"


def test_the_account_pages_ask_to_log_in(client):
    for name in ("account", "account-delete", "password_change"):
        response = client.get(reverse(name))
        assert response.status_code == 302
        assert response.url.startswith(reverse("login"))


def test_a_password_is_changed_with_the_old_one(client, user):
    client.force_login(user)
    wrong = client.post(
        reverse("password_change"),
        {"old_password": "wrong", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert wrong.status_code == 200
    assert b"Your old password was entered incorrectly" in wrong.content
    right = client.post(
        reverse("password_change"),
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert right.status_code == 302 and right.url == reverse("password_change_done")
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)
    assert client.get(reverse("account")).status_code == 200  # still signed in here


def test_the_change_form_is_no_way_around_the_lock_out(client, user, settings):
    settings.THROTTLE_ENABLED = False
    client.force_login(user)
    for _ in range(10):
        client.post(
            reverse("password_change"),
            {"old_password": "guess", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
        )
    response = client.post(
        reverse("password_change"),
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert response.status_code == 429
    user.refresh_from_db()
    assert user.check_password(PASSWORD)


# --- deleting an account -------------------------------------------------------------


@pytest.fixture
def ada_data(user, other_user, catalogue, settings, tmp_path):
    """Ada's list (copied by Bert) with a tag, a private print file; Bert's own
    list; a started little-game table Ada hosts with Bert, and one she sat at alone."""
    settings.MEDIA_ROOT = tmp_path / "media"
    maker_war = Game.objects.get(slug="maker-war")
    little = Game.objects.get(slug="little-game")
    ada_list = list_services.list_create(
        owner=user, game=maker_war, name="Ada's army", body=get_game("maker-war").example_list()
    )
    tagging.tag_add(saved_list=ada_list, name="tournament")
    bert_copy = list_services.list_copy(source=ada_list, owner=other_user, body=ada_list.body)
    bert_list = list_services.list_create(
        owner=other_user, game=maker_war, name="Bert's army", body={}
    )
    job = PrintJob.objects.create(
        owner=user, kind="test", params={}, input_hash="x" * 64, is_private=True
    )
    job.file.save("ada.pdf", ContentFile(b"%PDF-1.4 ada"))
    design = Design(
        entry=Entry.objects.filter(game=maker_war, owner__isnull=True).first(),
        author=user,
        title="Ada's tank",
        file_format="binary",
        file_size=12,
        sha256="0" * 64,
        triangles=1,
        size_x=1,
        size_y=1,
        size_z=1,
        volume=1,
    )
    design.file.save("tank.stl", ContentFile(b"solid tank"), save=False)
    design.thumbnail.save("tank.png", ContentFile(b"png"), save=False)
    design.save()
    shared = table_services.table_create(host=user, game=little, name="Ada")
    table_services.seat_join(table=shared, name="Bert", user=other_user)
    table_services.table_start(table=shared, by=user)
    alone = table_services.table_create(host=user, game=little, name="Ada")
    return {
        "list": ada_list,
        "bert_copy": bert_copy,
        "bert_list": bert_list,
        "job": job,
        "file": Path(job.file.path),
        "design_files": [Path(design.file.path), Path(design.thumbnail.path)],
        "shared": shared,
        "alone": alone,
    }


def test_deleting_needs_the_password_and_changes_nothing_without_it(client, user, ada_data):
    client.force_login(user)
    page = client.get(reverse("account-delete"))
    assert page.status_code == 200
    assert b"<li>1 list</li>" in page.content and b"<li>1 private print file</li>" in page.content
    response = client.post(reverse("account-delete"), {"password": "wrong", "confirm": "on"})
    assert response.status_code == 400
    assert b"That is not your password." in response.content
    unconfirmed = client.post(reverse("account-delete"), {"password": PASSWORD})
    assert unconfirmed.status_code == 400
    assert get_user_model().objects.filter(pk=user.pk).exists()
    assert SavedList.objects.filter(pk=ada_data["list"].pk).exists()


def test_deleting_an_account_deletes_the_players_data(
    client, user, other_user, ada_data, django_capture_on_commit_callbacks
):
    Entry.objects.create(
        game=ada_data["list"].game, kind="unit", slug="ada-unit", name="Ada's unit", owner=user
    )
    client.force_login(user)
    with django_capture_on_commit_callbacks(execute=True):  # files go after the commit
        response = client.post(reverse("account-delete"), {"password": PASSWORD, "confirm": "on"})
    assert response.status_code == 302 and response.url == reverse("catalog:home")
    assert "_auth_user_id" not in client.session
    assert not get_user_model().objects.filter(pk=user.pk).exists()
    assert not SavedList.objects.filter(owner_id=user.pk).exists()
    assert not ListTag.objects.filter(owner_id=user.pk).exists()
    assert not Entry.objects.filter(owner_id=user.pk).exists()
    assert not PrintJob.objects.filter(pk=ada_data["job"].pk).exists()
    assert not ada_data["file"].exists()
    assert not Design.objects.filter(author_id=user.pk).exists()
    assert not any(path.exists() for path in ada_data["design_files"])
    # Bert's lists are his: his copy of Ada's list stays, and still counts as a copy.
    assert SavedList.objects.filter(pk=ada_data["bert_copy"].pk).exists()
    assert SavedList.objects.filter(pk=ada_data["bert_list"].pk).exists()
    # A login with the old password finds nobody.
    client.post(reverse("login"), {"username": "ada", "password": PASSWORD})
    assert "_auth_user_id" not in client.session


def test_games_played_with_others_stay_with_a_deleted_player_seat(client, user, ada_data):
    shared = ada_data["shared"]
    client.force_login(user)
    client.post(reverse("account-delete"), {"password": PASSWORD, "confirm": "on"})

    shared = Table.objects.get(pk=shared.pk)
    assert shared.host.username == "bert"  # the other signed-in player hosts now
    seats = {s.number: (s.name, s.user_id) for s in shared.seats.all()}
    assert seats[0] == (DELETED_PLAYER, None)
    assert seats[1][0] == "Bert"
    start = shared.actions.get(seq=0)
    assert [s["name"] for s in start.payload["seats"]] == [DELETED_PLAYER, "Bert"]
    assert shared.state["names"] == [DELETED_PLAYER, "Bert"]
    assert shared.state == table_services.rebuild_state(shared)
    # The table Ada sat at alone was nobody else's game.
    assert not Table.objects.filter(pk=ada_data["alone"].pk).exists()


def test_a_table_left_to_guests_passes_to_a_guest_seat(client, user, catalogue):
    little = Game.objects.get(slug="little-game")
    table = table_services.table_create(host=user, game=little, name="Ada")
    guest = table_services.seat_join(table=table, name="Guest")
    client.force_login(user)
    client.post(reverse("account-delete"), {"password": PASSWORD, "confirm": "on"})
    table = Table.objects.get(pk=table.pk)
    assert table.host is None and table.host_seat_id == guest.pk  # no placeholder account
    assert not get_user_model().objects.filter(username=DELETED_PLAYER).exists()
    assert [s.name for s in table.seats.order_by("number")] == [DELETED_PLAYER, "Guest"]
