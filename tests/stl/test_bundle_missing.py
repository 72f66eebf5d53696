"""A bundle of only the models a player's collection lacks for a list: the counts in its
parts list worked by hand, the cache following the collection, and only for the owner."""

from __future__ import annotations

import csv
import io
import zipfile

import numpy as np
import pytest
import trimesh
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from armies import services as list_services
from armies.models import ListVisibility
from companion.games.base import RuleError
from companion.games.registry import get_game
from printing.models import PrintJob
from printing.stl import bundle, checks, upload_check

pytestmark = pytest.mark.django_db

# One Maker Rifle Company: 13 models, four unit profiles (three infantry, one tank).
SMALL_BODY = {
    "faction": "terran-makers",
    "budget": 1000,
    "formations": [
        {
            "plan": "maker-rifle-company",
            "name": "First company",
            "units": [
                {"unit": "squad-leader", "count": 1, "chief": True},
                {"unit": "maker-rifles", "count": 7},
                {"unit": "maker-heavy-weapons", "count": 2},
                {"unit": "mule-carrier", "count": 3},
            ],
        }
    ],
    "hypha": [],
}
BATTLE_PIECES = {
    "Small template 5 cm": 1,
    "Formation template 15 cm": 1,
    "Activation marker": 1,
    "Impact token": 6,
    "Terror impact token": 1,
    "Patrol stance": 1,
    "March stance": 1,
    "Scatter stance": 1,
}


@pytest.fixture
def small_army(user, maker_war):
    return list_services.list_create(
        owner=user, game=maker_war, name="Small company", body=SMALL_BODY
    )


@pytest.fixture
def partial_collection(user, maker_war):
    """Rifles 3 printed + 1 bought (4 of 7), heavy weapons 5 bought (more than the 2
    needed), mule carriers 3 printed (all 3), no squad leader; and 9 Titans, which the
    list does not use."""
    own = list_services.collection_set
    own(owner=user, game=maker_war, unit="maker-rifles", printed=3, bought=1, painted=2)
    own(owner=user, game=maker_war, unit="maker-heavy-weapons", bought=5)
    own(owner=user, game=maker_war, unit="mule-carrier", printed=3)
    own(owner=user, game=maker_war, unit="foundry-titan", printed=9)


def _missing(client, saved_list, **data):
    payload = {"grouping": "unit", "bed_width": 220, "bed_depth": 220, "min_feature": 0.8}
    return client.post(reverse("stl:missing", args=[saved_list.pk]), {**payload, **data})


def _zip_of(client, job) -> zipfile.ZipFile:
    job.refresh_from_db()
    assert job.status == "done", job.error
    download = client.get(job.get_download_url())
    assert download.status_code == 200
    return zipfile.ZipFile(io.BytesIO(b"".join(download.streaming_content)))


def _rows(z: zipfile.ZipFile) -> dict[str, dict[str, str]]:
    return {r["part"]: r for r in csv.DictReader(io.StringIO(z.read("parts.csv").decode()))}


def _counts(rows: dict[str, dict[str, str]]) -> dict[str, tuple[int, str, str]]:
    return {name: (int(r["count"]), r["needed"], r["owned"]) for name, r in rows.items()}


def _army_data(body: dict, grouping: str = "unit") -> dict:
    system = get_game("maker-war")
    catalogue = system.official_catalogue()
    return {
        "title": "Small company",
        "body": body,
        "units": {
            i.slug: {"name": i.name, "data": dict(i.data)}
            for i in catalogue.of_kind_all()
            if i.kind == "unit"
        },
        "counts": system.model_counts(body, catalogue),
        "grouping": grouping,
    }


# ---- the parts list, worked by hand ------------------------------------------------------


def test_parts_list_holds_needed_minus_owned_and_names_what_was_left_out(
    client, user, small_army, partial_collection, django_capture_on_commit_callbacks
):
    client.force_login(user)
    with django_capture_on_commit_callbacks(execute=True):
        response = _missing(client, small_army, plates="on")
    job = PrintJob.objects.get(kind="stl-bundle")
    assert response.status_code == 302 and response["Location"] == job.get_absolute_url()
    z = _zip_of(client, job)
    # count = needed - owned, never below 0; owned = the owned models put toward the need
    assert _counts(_rows(z)) == {
        "Squad Leader": (1, "1", "0"),  # none owned
        "Maker Rifles": (3, "7", "4"),  # 3 printed + 1 bought of 7
        "Maker Heavy Weapons": (0, "2", "2"),  # 5 bought, 2 needed: not -3
        "Mule Carrier": (0, "3", "3"),  # 3 printed of 3
    }
    rows = _rows(z)
    assert (
        rows["Maker Heavy Weapons"]["file"] == ""
        and "covers" in rows["Maker Heavy Weapons"]["note"]
    )
    stls = sorted(n for n in z.namelist() if n.endswith(".stl"))
    assert stls == ["parts/maker-rifles.stl", "parts/squad-leader.stl", "plates/plate-01.stl"]
    _, triangles = upload_check.parse(z.read("plates/plate-01.stl"))
    plate = trimesh.Trimesh(triangles.reshape(-1, 3), np.arange(len(triangles) * 3).reshape(-1, 3))
    assert checks.pieces(plate) == 4  # 1 squad leader + 3 rifles on the bed
    readme = z.read("README.txt").decode()
    assert "4 pieces in all" in readme
    assert "4 of 7 x Maker Rifles" in readme and "2 of 2 x Maker Heavy Weapons" in readme
    assert "3 of 3 x Mule Carrier" in readme and "of 1 x Squad Leader" not in readme
    assert "Titan" not in readme  # owned, but not in this list
    assert job.filename == "small-company-missing-stl.zip"


def test_battle_tokens_and_templates_are_an_option():
    army = _army_data(SMALL_BODY)
    owned = {"maker-rifles": 4, "maker-heavy-weapons": 5, "mule-carrier": 3}
    bare, _ = bundle.missing_parts("maker-war", army, owned, battle_pieces=False)
    assert {p.name: p.count for p in bare} == {"Squad Leader": 1, "Maker Rifles": 3}
    full, covered = bundle.missing_parts("maker-war", army, owned, battle_pieces=True)
    assert {p.name: p.count for p in full} == {
        "Squad Leader": 1,
        "Maker Rifles": 3,
        **BATTLE_PIECES,  # one formation: one of each stance, six impact tokens
    }
    assert [(p.name, p.count, p.needed) for p in covered] == [
        ("Maker Heavy Weapons", 0, 2),
        ("Mule Carrier", 0, 3),
    ]


def test_by_unit_type_each_unit_lacks_its_own_share():
    army = _army_data(SMALL_BODY, grouping="type")
    # infantry: needed 1 + 7 + 2 = 10; lacking 1 + 3 + 0 = 4 (the 3 spare heavy weapons
    # do not stand in for rifles); tank: needed 3, lacking 0
    owned = {"maker-rifles": 4, "maker-heavy-weapons": 5, "mule-carrier": 3}
    z = zipfile.ZipFile(
        io.BytesIO(bundle.make_zip("maker-war", army, owned=owned, battle_pieces=False))
    )
    assert _counts(_rows(z)) == {"Infantry proxy": (4, "10", "6"), "Tank proxy": (0, "3", "3")}


def test_an_empty_collection_prints_what_the_whole_bundle_prints():
    army = _army_data(SMALL_BODY)
    printed, covered = bundle.missing_parts("maker-war", army, {}, battle_pieces=True)
    whole = bundle.game_parts("maker-war", army)
    assert [(p.name, p.count) for p in printed] == [(p.name, p.count) for p in whole]
    assert covered == [] and all(p.needed == p.count for p in printed if p.model == "proxy")


@settings(max_examples=60, deadline=None)
@given(
    owned=st.fixed_dictionaries(
        {
            slug: st.integers(0, 12)
            for slug in ("squad-leader", "maker-rifles", "maker-heavy-weapons", "mule-carrier")
        }
    )
)
def test_each_unit_prints_needed_minus_owned_never_below_zero(owned):
    army = _army_data(SMALL_BODY)
    printed, covered = bundle.missing_parts("maker-war", army, owned, battle_pieces=False)
    names = {s: army["units"][s]["name"] for s in army["counts"]}
    got = {p.name: (p.count, p.needed) for p in [*printed, *covered]}
    for slug, needed in army["counts"].items():
        assert got[names[slug]] == (max(needed - owned[slug], 0), needed)
    assert all(p.count > 0 for p in printed) and all(p.count == 0 for p in covered)


def test_a_game_without_collected_models_is_refused_by_the_pure_code():
    army = {"body": get_game("little-game").example_list(), "counts": {}}
    with pytest.raises(RuleError) as caught:
        bundle.missing_parts("little-game", army, {})
    assert "list" in caught.value.errors


# ---- the cache follows the collection ----------------------------------------------------


def test_an_unchanged_collection_returns_the_cached_bundle(
    client, user, small_army, partial_collection, django_capture_on_commit_callbacks
):
    client.force_login(user)
    with django_capture_on_commit_callbacks(execute=True):
        first = _missing(client, small_army)
        second = _missing(client, small_army)
    assert first["Location"] == second["Location"]
    assert PrintJob.objects.filter(kind="stl-bundle").count() == 1


def test_a_changed_collection_makes_a_new_bundle(
    client, user, maker_war, small_army, partial_collection, django_capture_on_commit_callbacks
):
    client.force_login(user)
    with django_capture_on_commit_callbacks(execute=True):
        _missing(client, small_army)
    list_services.collection_set(owner=user, game=maker_war, unit="maker-rifles", printed=6)
    with django_capture_on_commit_callbacks(execute=True):
        _missing(client, small_army)
    jobs = list(PrintJob.objects.filter(kind="stl-bundle").order_by("created"))
    assert len(jobs) == 2 and jobs[0].input_hash != jobs[1].input_hash
    assert jobs[1].params["collection"]["owned"]["maker-rifles"] == 6
    assert _counts(_rows(_zip_of(client, jobs[1])))["Maker Rifles"] == (1, "7", "6")


def test_a_unit_the_list_does_not_use_leaves_the_cache_alone(
    client, user, maker_war, small_army, partial_collection, django_capture_on_commit_callbacks
):
    client.force_login(user)
    with django_capture_on_commit_callbacks(execute=True):
        _missing(client, small_army)
        list_services.collection_set(owner=user, game=maker_war, unit="foundry-titan", printed=1)
        _missing(client, small_army)
    assert PrintJob.objects.filter(kind="stl-bundle").count() == 1


def test_the_battle_pieces_option_is_a_bundle_of_its_own(
    client, user, small_army, partial_collection, django_capture_on_commit_callbacks
):
    client.force_login(user)
    with django_capture_on_commit_callbacks(execute=True):
        _missing(client, small_army)
        _missing(client, small_army, battle_pieces="on")
    jobs = list(PrintJob.objects.filter(kind="stl-bundle").order_by("created"))
    assert len(jobs) == 2
    rows = _counts(_rows(_zip_of(client, jobs[1])))
    assert {name: rows[name][0] for name in BATTLE_PIECES} == BATTLE_PIECES


def test_a_fully_owned_list_is_refused_with_its_reason(
    client, user, maker_war, small_army, partial_collection
):
    own = list_services.collection_set
    own(owner=user, game=maker_war, unit="maker-rifles", printed=7)
    own(owner=user, game=maker_war, unit="squad-leader", bought=1)
    client.force_login(user)
    response = _missing(client, small_army)
    assert response.status_code == 400
    assert "covers every model" in response.content.decode()
    assert PrintJob.objects.count() == 0


# ---- only the owner ----------------------------------------------------------------------


@pytest.mark.parametrize("visibility", list(ListVisibility))
def test_only_the_lists_owner_may_print_what_they_lack(
    client, other_user, small_army, partial_collection, visibility
):
    small_army.visibility = visibility
    small_army.save(update_fields=["visibility"])
    url = reverse("stl:missing", args=[small_army.pk])
    client.force_login(other_user)
    assert client.get(url).status_code == 404
    assert _missing(client, small_army).status_code == 404
    assert client.post(url, {"quick": "1", "token": small_army.share_token}).status_code == 404
    client.logout()
    assert client.get(url).status_code == 404
    assert _missing(client, small_army).status_code == 404
    assert PrintJob.objects.count() == 0


def test_the_bundle_of_a_public_list_stays_private_to_its_owner(
    client, user, other_user, small_army, partial_collection, django_capture_on_commit_callbacks
):
    small_army.visibility = ListVisibility.PUBLIC
    small_army.save(update_fields=["visibility"])
    client.force_login(user)
    with django_capture_on_commit_callbacks(execute=True):
        _missing(client, small_army)
    job = PrintJob.objects.get(kind="stl-bundle")
    assert job.is_private and job.owner == user
    client.force_login(other_user)
    assert client.get(job.get_download_url()).status_code == 404
    assert client.get(job.get_absolute_url()).status_code == 404


def test_the_collection_page_shows_what_the_list_lacks_to_its_owner(
    client, user, small_army, partial_collection
):
    client.force_login(user)
    page = client.get(reverse("stl:missing", args=[small_army.pk]))
    assert page.status_code == 200
    text = page.content.decode()
    assert "4 of 13" in text  # 1 squad leader + 3 rifles missing, of 13 models


# ---- the buttons -------------------------------------------------------------------------


def test_one_tap_on_the_lists_page_starts_the_bundle(
    client, user, other_user, small_army, partial_collection, django_capture_on_commit_callbacks
):
    client.force_login(user)
    detail = client.get(small_army.get_absolute_url()).content.decode()
    assert "Print the missing models (3D)" in detail
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("stl:missing", args=[small_army.pk]), {"quick": "1"})
    job = PrintJob.objects.get(kind="stl-bundle")
    assert response["Location"] == job.get_absolute_url()
    assert job.params["options"] == {
        "bed": [220.0, 220.0],
        "min_feature": 0.8,
        "battle_pieces": False,
    }
    small_army.visibility = ListVisibility.PUBLIC
    small_army.save(update_fields=["visibility"])
    client.force_login(other_user)
    assert (
        "Print the missing models (3D)"
        not in client.get(small_army.get_absolute_url()).content.decode()
    )


def test_my_collection_offers_each_of_my_lists(client, user, other_user, maker_war, small_army):
    theirs = list_services.list_create(
        owner=other_user, game=maker_war, name="Bert's company", body=SMALL_BODY
    )
    client.force_login(user)
    text = client.get(reverse("armies:collection", args=["maker-war"])).content.decode()
    assert reverse("stl:missing", args=[small_army.pk]) in text
    assert reverse("stl:missing", args=[theirs.pk]) not in text


def test_a_list_whose_game_collects_no_models_says_so(client, user):
    from catalog.models import Game

    game = Game.objects.get(slug="little-game")
    saved = list_services.list_create(
        owner=user, game=game, name="Little", body=get_game("little-game").example_list()
    )
    client.force_login(user)
    assert (
        "nothing to leave out"
        in client.get(reverse("stl:missing", args=[saved.pk])).content.decode()
    )
    assert client.post(reverse("stl:missing", args=[saved.pk]), {"quick": "1"}).status_code == 400
    assert PrintJob.objects.count() == 0
    page = client.get(f"/games/little-game/lists/{saved.pk}/").content.decode()
    assert "print-missing-button" not in page  # the list page does not offer it at all
