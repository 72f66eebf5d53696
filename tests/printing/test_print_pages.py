"""The print form on a list's and a game's page: it starts a job with the viewer's own
view of the list, private lists stay private, and secrets never reach another's print."""

from __future__ import annotations

import pytest
from django.urls import reverse

from armies import services as list_services
from armies.models import ListVisibility
from catalog.models import Game
from companion.games.registry import get_game
from printing.models import JobStatus, PrintJob
from tests.printing.pdfcheck import reader, text

pytestmark = pytest.mark.django_db

FORM = {"paper": "a4", "card": "poker", "mode": "home", "back_dx": "0", "back_dy": "0", "safe": "3"}


def saved(owner, slug: str, visibility: str = ListVisibility.PRIVATE, body=None, name="My list"):
    game = Game.objects.get(slug=slug)
    return list_services.list_create(
        owner=owner,
        game=game,
        name=name,
        body=body if body is not None else get_game(slug).example_list(),
        visibility=visibility,
    )


def post(client, url, data, capture):
    with capture(execute=True):
        return client.post(url, data)


def test_the_list_page_offers_printing(client, catalogue, user):
    deck = saved(user, "micro-and-macro")
    client.force_login(user)
    page = client.get(deck.get_absolute_url()).content.decode()
    assert reverse("printing:form", args=["list", deck.pk]) in page


def test_printing_a_private_deck_makes_a_private_file_for_its_owner(
    client, catalogue, user, other_user, django_capture_on_commit_callbacks
):
    deck = saved(user, "micro-and-macro", name="Blood & <Bones>")
    url = reverse("printing:form", args=["list", deck.pk])
    client.force_login(user)
    form = client.get(url)
    assert form.status_code == 200 and b"deck.pdf" in form.content
    response = post(client, url, {**FORM, "what": "deck.pdf"}, django_capture_on_commit_callbacks)
    job = PrintJob.objects.get()
    assert response.status_code == 302 and response["Location"] == job.get_absolute_url()
    assert job.status == JobStatus.DONE and job.is_private and job.owner == user
    assert job.params["list"]["name"] == "Blood & <Bones>"
    assert reader(job.file.read()).metadata.title == "Blood & <Bones> · deck"
    client.force_login(other_user)
    assert client.get(url).status_code == 404
    assert client.get(job.get_download_url()).status_code == 404


def test_the_form_answers_htmx_with_the_status_panel(
    client, catalogue, user, django_capture_on_commit_callbacks
):
    deck = saved(user, "micro-and-macro")
    client.force_login(user)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("printing:form", args=["list", deck.pk]),
            {**FORM, "what": "decklist.pdf"},
            HTTP_HX_REQUEST="true",
        )
    assert response.status_code == 200
    assert b'role="progressbar"' in response.content


def test_bad_settings_are_shown_and_start_nothing(client, catalogue, user):
    deck = saved(user, "micro-and-macro")
    client.force_login(user)
    response = client.post(
        reverse("printing:form", args=["list", deck.pk]),
        {**FORM, "what": "deck.pdf", "back_dx": "25"},
    )
    assert response.status_code == 400
    assert not PrintJob.objects.exists()


def test_a_hidden_arrangement_never_reaches_another_players_print(
    client, catalogue, user, other_user, django_capture_on_commit_callbacks
):
    faction = saved(user, "smalltricks", visibility=ListVisibility.PUBLIC)
    assert faction.body["arrangement"] and not faction.body["show_arrangement"]
    url = reverse("printing:form", args=["list", faction.pk])
    client.force_login(other_user)
    post(client, url, {**FORM, "what": "faction.pdf"}, django_capture_on_commit_callbacks)
    theirs = PrintJob.objects.get(owner=other_user)
    assert "arrangement" not in theirs.params["list"]["body"]
    assert not theirs.is_private  # a public list's print may be shared
    words = text(theirs.file.read())
    assert "Starting arrangement" not in words and "B2" not in words
    client.force_login(user)
    post(client, url, {**FORM, "what": "faction.pdf"}, django_capture_on_commit_callbacks)
    mine = PrintJob.objects.get(owner=user)
    assert mine.pk != theirs.pk
    assert "Starting arrangement" in text(mine.file.read())


def test_a_list_shared_by_link_prints_with_its_token(
    client, catalogue, user, other_user, django_capture_on_commit_callbacks
):
    army = saved(user, "little-game", visibility=ListVisibility.LINK)
    url = reverse("printing:form", args=["list", army.pk])
    client.force_login(other_user)
    assert client.get(url).status_code == 404
    assert client.get(url + f"?token={army.share_token}").status_code == 200
    post(
        client,
        url,
        {**FORM, "what": "army.pdf", "token": army.share_token},
        django_capture_on_commit_callbacks,
    )
    job = PrintJob.objects.get()
    assert job.is_private and job.owner == other_user
    assert job.params["list"]["url"].endswith(army.get_share_url())


def test_a_games_kit_prints_for_the_chosen_number_of_players(
    client, catalogue, django_capture_on_commit_callbacks
):
    url = reverse("printing:form", args=["game", "missiles-and-microchips"])
    assert b'name="players"' in client.get(url).content
    bad = client.post(url, {**FORM, "what": "kit.pdf", "players": "9"})
    assert bad.status_code == 400
    post(
        client, url, {**FORM, "what": "kit.pdf", "players": "3"}, django_capture_on_commit_callbacks
    )
    job = PrintJob.objects.get()
    assert job.params["players"] == 3 and not job.is_private and job.owner is None
    assert job.status == JobStatus.DONE and job.filename.endswith(".pdf")


def test_unknown_sources_are_404(client, catalogue):
    assert client.get(reverse("printing:form", args=["game", "chess"])).status_code == 404
    assert client.get(reverse("printing:form", args=["list", "999"])).status_code == 404
    assert client.get(reverse("printing:form", args=["shelf", "1"])).status_code == 404


def test_the_api_prints_a_list_by_source(
    client, catalogue, user, django_capture_on_commit_callbacks
):
    deck = saved(user, "micro-and-macro")
    client.force_login(user)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/api/print/jobs/",
            {"source": "list", "ref": str(deck.pk), "settings": {"what": "units", "format": "png"}},
            content_type="application/json",
        )
    assert response.status_code == 202
    job = PrintJob.objects.get(pk=response.json()["id"])
    assert job.kind == "cards-png" and job.status == JobStatus.DONE and job.is_private
    download = client.get(f"/api/print/jobs/{job.pk}/download/")
    assert download["Content-Type"] == "application/zip"


def test_the_calibration_page_is_a_shared_job_made_by_a_post(
    client, catalogue, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        form = client.get(reverse("printing:calibrate") + "?paper=letter")
    assert form.status_code == 200 and not PrintJob.objects.exists()
    page = form.content.decode()
    assert 'method="post"' in page and '<option value="letter" selected>' in page
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("printing:calibrate"), {"paper": "letter", "card": "mini"})
    job = PrintJob.objects.get()
    assert job.params == {"settings": {"paper": "letter", "card": "mini"}}
    assert response["Location"] == job.get_absolute_url()
    assert job.kind == "calibration-pdf" and not job.is_private


def test_a_guest_with_the_link_signs_in_before_printing(client, catalogue, user):
    army = saved(user, "little-game", visibility=ListVisibility.LINK)
    url = reverse("printing:form", args=["list", army.pk]) + f"?token={army.share_token}"
    response = client.get(url)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    api = client.post(
        "/api/print/jobs/",
        {"source": "list", "ref": str(army.pk), "token": army.share_token},
        content_type="application/json",
    )
    assert api.status_code in (401, 403)
    assert not PrintJob.objects.exists()


def test_a_job_page_names_the_file_in_words_and_leads_back_to_the_form(
    client, catalogue, user, django_capture_on_commit_callbacks
):
    deck = saved(user, "micro-and-macro", name="Bone deck")
    form = reverse("printing:form", args=["list", deck.pk])
    client.force_login(user)
    post(client, form, {**FORM, "what": "deck.pdf"}, django_capture_on_commit_callbacks)
    page = client.get(PrintJob.objects.get().get_absolute_url()).content.decode()
    assert "<h1>Cards (PDF)</h1>" in page and "cards-pdf" not in page
    assert f'href="{form}">Print settings for Bone deck' in page


def test_the_print_form_offers_the_calibration_page_on_both_papers(client, catalogue, user):
    deck = saved(user, "micro-and-macro")
    client.force_login(user)
    page = client.get(reverse("printing:form", args=["list", deck.pk])).content.decode()
    calibrate = reverse("printing:calibrate")
    assert f'href="{calibrate}">A4' in page and f'href="{calibrate}?paper=letter">US Letter' in page
