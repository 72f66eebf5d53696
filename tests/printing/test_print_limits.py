"""Print and STL bundle params bounded to what the rules allow: an over-large deck or
hand-made params answer 400 naming the param and its limit, and make no job."""

from __future__ import annotations

import pytest
from django.urls import reverse

from companion.games.base import RuleError
from companion.games.registry import get_game
from printing import limits, services
from printing.models import PrintJob
from tests.printing.test_print_pages import FORM, saved

pytestmark = pytest.mark.django_db


def deck(copies: int, lines: int = 1) -> dict:
    """The example Micro and Macro deck with every main-deck line at ``copies``."""
    body = get_game("micro-and-macro").example_list()
    body["main"] = [dict(line, count=copies) for line in body["main"]] * lines
    return body


def ask(client, kind: str, params: dict):
    return client.post(
        "/api/print/jobs/", {"kind": kind, "params": params}, content_type="application/json"
    )


def cards(body: dict, **settings) -> dict:
    return {"game": "micro-and-macro", "what": "deck", "list": {"body": body}, **settings}


def test_a_two_thousand_card_deck_is_refused_with_the_limit(client):
    response = ask(client, "cards-pdf", cards(deck(99, lines=2)))
    assert response.status_code == 400
    assert response.json() == {
        "params.cards": [f"2580 cards is more than the {limits.MAX_CARDS} a file holds."]
    }
    assert not PrintJob.objects.exists()


def test_a_card_printed_too_many_times_is_refused(client):
    response = ask(client, "cards-png", cards(deck(500)))
    assert response.status_code == 400
    assert "at most 99 times" in response.json()["params.cards"][0]
    assert not PrintJob.objects.exists()


def test_a_deck_within_the_limit_is_accepted():
    limits.check("cards-pdf", cards(deck(40)))  # 526 cards: under the limit, no error


@pytest.mark.parametrize(
    ("params", "field", "message"),
    [
        ({"settings": {"back_dx": 50}}, "params.settings.back_dx", "Must be from -10 to 10 mm."),
        ({"settings": {"safe": "NaN"}}, "params.settings.safe", "Must be a number."),
        ({"settings": {"paper": "a0"}}, "params.settings.paper", "Choose one of: a4, letter."),
        ({"settings": []}, "params.settings", "Must be an object."),
    ],
)
def test_print_settings_out_of_range_are_refused_by_name(client, params, field, message):
    response = ask(client, "calibration-pdf", params)
    assert response.status_code == 400 and response.json() == {field: [message]}
    assert not PrintJob.objects.exists()


def test_a_kit_for_too_many_players_is_refused(client):
    params = {"game": "missiles-and-microchips", "what": "kit", "players": 10**6}
    response = ask(client, "cards-pdf", params)
    assert response.status_code == 400
    assert response.json() == {"params.players": ["Missiles & Microchips is for 3 to 6 players."]}


def test_an_unknown_game_is_refused(client):
    response = ask(client, "sheet-pdf", {"game": "chess", "what": "board"})
    assert response.status_code == 400 and "params.game" in response.json()


def test_params_too_large_are_refused_before_anything_is_built():
    with pytest.raises(RuleError) as refused:
        services.job_request(
            kind="test-echo", params={"text": "x" * limits.MAX_PARAMS_BYTES}, owner=None
        )
    assert refused.value.errors == {"params": "At most 256 kB of parameters."}
    assert not PrintJob.objects.exists()


def test_a_hand_made_bundle_of_a_million_models_is_refused(client):
    army = {"title": "Horde", "body": {}, "units": {}, "counts": {"maker-rifles": 10**6}}
    response = ask(client, "stl-bundle", {"game": "maker-war", "army": army, "options": {}})
    assert response.status_code == 400
    assert response.json() == {
        "params.army.counts.maker-rifles": [f"Must be from 0 to {limits.MAX_MODEL_COUNT}."]
    }
    assert not PrintJob.objects.exists()


def test_a_bundle_with_too_many_pieces_is_refused_with_the_limit():
    body = get_game("maker-war").example_list()
    for formation in body["formations"]:
        for line in formation["units"]:
            line["count"] = 40
    system = get_game("maker-war")
    catalogue = system.official_catalogue()
    army = {
        "title": "Big",
        "body": body,
        "units": {
            i.slug: {"name": i.name, "category": i.category, "data": dict(i.data)}
            for i in catalogue.of_kind_all()
            if i.kind == "unit"
        },
        "counts": system.model_counts(body, catalogue),
    }
    assert max(army["counts"].values()) <= limits.MAX_MODEL_COUNT
    with pytest.raises(RuleError) as refused:
        limits.check("stl-bundle", {"game": "maker-war", "army": army, "options": {}})
    assert list(refused.value.errors) == ["army"]
    assert f"more than the {limits.MAX_PIECES} a bundle holds" in refused.value.errors["army"]


def test_bundle_bed_and_feature_sizes_are_bounded(client):
    army = {"title": "A", "body": {}, "units": {}, "counts": {}}
    params = {
        "game": "maker-war",
        "army": army,
        "options": {"bed": [5000, 220], "min_feature": 0.01},
    }
    response = ask(client, "stl-bundle", params)
    assert response.status_code == 400
    assert response.json() == {
        "params.options.bed.0": ["Must be from 100 to 600 mm."],
        "params.options.min_feature": ["Must be from 0.4 to 1.2."],
    }


def test_a_hand_made_model_out_of_range_is_refused(client):
    params = {"game": "smalltricks", "model": "unit-token", "values": {"face": 99}}
    response = ask(client, "stl-model", params)
    assert response.status_code == 400
    assert list(response.json()) == ["params.values.face"]


def test_the_print_form_shows_the_card_limit_and_starts_nothing(client, catalogue, user):
    big = saved(user, "micro-and-macro", body=deck(99, lines=2))
    client.force_login(user)
    url = reverse("printing:form", args=["list", big.pk])
    response = client.post(url, {**FORM, "what": "deck.pdf"})
    assert response.status_code == 400
    assert f"more than the {limits.MAX_CARDS} a file holds" in response.content.decode()
    assert not PrintJob.objects.exists()


def test_no_get_makes_a_job(client, catalogue, user):
    deck_list = saved(user, "micro-and-macro")
    client.force_login(user)
    for url in (
        reverse("printing:calibrate"),
        reverse("printing:calibrate") + "?paper=letter&card=tarot",
        reverse("printing:form", args=["list", deck_list.pk]) + "?what=deck.pdf&paper=a4",
        reverse("printing:form", args=["game", "little-game"]),
        reverse("stl:bundle", args=[deck_list.pk]) + "?grouping=unit",
        reverse("stl:missing", args=[deck_list.pk]) + "?quick=1",
    ):
        assert client.get(url).status_code == 200, url
    assert not PrintJob.objects.exists()
