"""Fast entry and history in the builders: quantities on every add, the budget's limits
said where the player looks, a pasted plain-text list (page and API), the figures in words,
the chosen plan kept, and what changed between two versions."""

from __future__ import annotations

import re

import pytest

from armies import services
from armies.models import SavedList
from catalog.models import Game
from companion.games.registry import get_game

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}


@pytest.fixture
def new_army(client, user, maker_war):
    client.force_login(user)
    client.post(
        "/games/maker-war/lists/new/",
        {"name": "Page army", "faction": "terran-makers", "budget": "1000"},
    )
    return SavedList.objects.get(owner=user, name="Page army")


def tap(client, saved_list, **args) -> str:
    url = f"/games/{saved_list.game.slug}/lists/{saved_list.pk}/edit/"
    response = client.post(url, args, headers=HX)
    assert response.status_code == 200
    saved_list.refresh_from_db()
    return response.content.decode()


@pytest.mark.parametrize("budget", ["-5", "0", "99999999999999999999", "1000001", "many"])
def test_a_budget_out_of_bounds_is_refused_beside_the_field(client, new_army, budget):
    panel = tap(client, new_army, op="set-budget", budget=budget)
    assert new_army.body["budget"] == 1000  # nothing changed
    message = re.search(r'<span id="budget-error"[^>]*>([^<]*)</span>', panel)
    assert message, "the reason is shown next to the budget field"
    assert "from 1 to 1,000,000 points" in message.group(1)
    assert f'value="{budget}"' in panel  # what was typed stays, to be corrected
    assert "500000000000000000" not in panel


def test_a_budget_in_bounds_is_saved_and_its_figures_follow(client, new_army):
    panel = tap(client, new_army, op="set-budget", budget="2000")
    assert new_army.body["budget"] == 2000 and 'id="budget-error"' not in panel


def test_an_imported_body_with_a_silly_budget_names_the_bounds(client, user, maker_war):
    body = get_game("maker-war").example_list() | {"budget": 10**12}
    report = get_game("maker-war").validate_list(body, get_game("maker-war").official_catalogue())
    assert [p.message for p in report.problems if p.path == "budget"] == [
        "The point budget must be a whole number from 1 to 1,000,000 points (got 1000000000000)."
    ]


def test_adding_keeps_the_chosen_plan_selected(client, new_army):
    panel = tap(client, new_army, op="add-formation", plan="hawk-wing", classic="0")
    selected = re.findall(r'<option value="([^"]+)" selected>', panel)
    assert "hawk-wing" in selected


def test_quantities_on_adds_in_the_maker_war_builder(client, new_army):
    tap(client, new_army, op="add-formation", plan="maker-rifle-company", classic="0", quantity="2")
    tap(client, new_army, op="add-unit", formation="1", unit="maker-rifles", quantity="4")
    assert len(new_army.body["formations"]) == 2
    assert new_army.body["formations"][1]["units"] == [{"unit": "maker-rifles", "count": 4}]
    panel = tap(client, new_army, op="add-unit", formation="1", unit="maker-rifles", quantity="0")
    assert "Must be at least 1." in panel  # refused by name, nothing added
    assert new_army.body["formations"][1]["units"] == [{"unit": "maker-rifles", "count": 4}]


def test_every_builder_offers_a_quantity(client, user, catalogue):
    client.force_login(user)
    starts = {
        "maker-war": {"faction": "terran-makers"},
        "little-game": {},
        "micro-and-macro": {"faction": "bloodmages"},
        "missiles-and-microchips": {},
        "smalltricks": {},
    }
    for slug, args in starts.items():
        client.post(f"/games/{slug}/lists/new/", {"name": f"Q {slug}", **args})
        saved = SavedList.objects.get(owner=user, name=f"Q {slug}")
        if slug == "maker-war":
            tap(client, saved, op="add-formation", plan="maker-rifle-company", classic="0")
        if slug == "missiles-and-microchips":
            tap(client, saved, op="remove-computer", computer=saved.body["computers"][0])
        page = client.get(saved.get_absolute_url()).content.decode()
        assert 'name="quantity"' in page, slug


def test_quantities_in_the_other_builders(client, user, catalogue):
    client.force_login(user)
    client.post("/games/little-game/lists/new/", {"name": "Little"})
    little = SavedList.objects.get(name="Little")
    tap(client, little, op="add-unit", name="Lancers", base="square", quality="2", quantity="3")
    assert [u["name"] for u in little.body["units"]] == ["Lancers"] * 3
    client.post("/games/micro-and-macro/lists/new/", {"name": "Deck", "faction": "bloodmages"})
    deck = SavedList.objects.get(name="Deck")
    tap(client, deck, op="add-card", card="blood-tithe", quantity="4")
    assert deck.body["main"] == [{"card": "blood-tithe", "count": 4}]
    client.post("/games/missiles-and-microchips/lists/new/", {"name": "Kit"})
    kit = SavedList.objects.get(name="Kit")
    tap(client, kit, op="add-players", quantity="2")
    assert len(kit.body["computers"]) == 5
    client.post("/games/smalltricks/lists/new/", {"name": "Faction"})
    faction = SavedList.objects.get(name="Faction")
    tap(client, faction, op="set-unit", index="3", unit="archers", quantity="3")
    assert faction.body["units"][3:] == ["archers"] * 3


def test_the_little_game_figures_read_as_words(client, user, catalogue):
    client.force_login(user)
    saved = services.list_create(
        owner=user,
        game=Game.objects.get(slug="little-game"),
        name="Figures",
        body={"units": [], "options": {"split": "evens-odds"}},
    )
    page = client.get(saved.get_absolute_url()).content.decode()
    figures = re.search(r'<section class="card" id="figures">(.*?)</section>', page, re.S).group(1)
    text = re.sub(r"<[^>]+>", " ", figures)
    assert "Unit count" in text and "Average quality" in text
    for raw in ("Unit_count", "{'", "None", "_"):
        assert raw not in text


def test_a_pasted_list_becomes_a_list(client, user, maker_war):
    client.force_login(user)
    text = (
        "Terran Makers\n# the usual\nMaker Rifle Company\n"
        "1 squad leader (chief)\n7x Maker Rifles\nMaker Heavy Weapons x2\n"
    )
    response = client.post("/games/maker-war/lists/import/", {"text": text, "name": "Pasted"})
    assert response.status_code == 302
    saved = SavedList.objects.get(owner=user, name="Pasted")
    assert saved.body["formations"][0]["units"] == [
        {"unit": "squad-leader", "count": 1, "chief": True},
        {"unit": "maker-rifles", "count": 7},
        {"unit": "maker-heavy-weapons", "count": 2},
    ]


def test_unmatched_pasted_lines_are_named_and_nothing_is_saved(client, user, maker_war):
    client.force_login(user)
    text = "Terran Makers\nMaker Rifle Company\n7x Maker Rifles\n2 Pink Elephants\n"
    response = client.post("/games/maker-war/lists/import/", {"text": text})
    assert response.status_code == 400
    page = response.content.decode()
    assert "Line 4 “2 Pink Elephants”" in page
    assert "7x Maker Rifles" in page  # the text is kept to be fixed
    assert not SavedList.objects.filter(owner=user).exists()


def test_the_plain_text_export_reads_back_through_the_page(client, user, army):
    client.force_login(user)
    text = client.get(f"/games/maker-war/lists/{army.pk}/summary/").content.decode()
    response = client.post("/games/maker-war/lists/import/", {"text": text})
    assert response.status_code == 302
    copy = SavedList.objects.exclude(pk=army.pk).get(owner=user)
    assert copy.name == army.name and copy.body["formations"] == army.body["formations"]


def test_the_api_reads_pasted_text_and_names_unmatched_lines(client, user, catalogue):
    client.force_login(user)
    url = "/api/micro-and-macro/lists/import/"
    ok = client.post(
        url, {"text": "Bloodmages deck\n4 Blood Tithe\n", "name": "API deck"}, "application/json"
    )
    assert ok.status_code == 201
    assert SavedList.objects.get(pk=ok.json()["id"]).body["main"] == [
        {"card": "blood-tithe", "count": 4}
    ]
    bad = client.post(url, {"text": "Bloodmages deck\n\n3x Nothing\n"}, "application/json")
    assert bad.status_code == 400
    assert "lines.3" in bad.json()
    assert client.post(url, {"text": 5}, "application/json").status_code == 400


def test_versions_page_shows_what_changed_line_by_line(client, new_army):
    tap(client, new_army, op="add-formation", plan="maker-rifle-company", classic="1")
    first = new_army.version
    services.list_save(saved_list=new_army, body=new_army.body)  # a version of its own
    tap(client, new_army, op="add-unit", formation="0", unit="maker-rifles", quantity="2")
    tap(client, new_army, op="remove-unit", formation="0", unit="mule-carrier")
    tap(client, new_army, op="set-option", option="allow_homebrew", value="1")
    url = f"/games/maker-war/lists/{new_army.pk}/versions/"
    history = client.get(url).content.decode()
    assert f'href="?a={first}&amp;b={new_army.version}#diff"' in history  # compare with current
    page = client.get(url, {"a": first, "b": new_army.version}).content.decode()
    diff = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page.split('id="diff"')[1]))
    assert "± changed" in diff and "Maker Rifles 6x → 8x" in diff
    assert "Mule Carrier 2x → 1x" in diff
    assert "Allow homebrew off → on" in diff
    assert "pts" in diff  # the formation's points changed too
    assert client.get(url, {"a": "99"}).status_code == 400


def test_a_removed_line_and_an_added_one_show_as_such(client, new_army):
    tap(client, new_army, op="add-formation", plan="maker-rifle-company", classic="0")
    before = new_army.version
    services.list_save(saved_list=new_army, body=new_army.body)  # quick taps join this one
    tap(client, new_army, op="add-unit", formation="0", unit="maker-rifles", quantity="3")
    url = f"/games/maker-war/lists/{new_army.pk}/versions/"
    page = client.get(url, {"a": before, "b": new_army.version}).content.decode()
    diff = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page.split('id="diff"')[1]))
    assert "+ added" in diff and "Maker Rifles 3x" in diff
    back = client.get(url, {"a": new_army.version, "b": before}).content.decode()
    assert "− removed" in back


def test_an_empty_formation_reads_no_units_yet_not_none(client, new_army):
    panel = tap(client, new_army, op="add-formation", plan="hawk-wing", classic="0")
    assert "no units yet" in panel and "None" not in panel
