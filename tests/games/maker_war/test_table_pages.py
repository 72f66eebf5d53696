"""A Maker-War battle through the table API and pages: options, seats with and without a
saved army, deployment, a round with a salvo, supply hands that stay hidden from the
other side, and the table as a device draws it (``static/view.js``) in every phase."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client

from companion.table import layer_guard
from companion.table.models import Table

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def layer_trusted():
    """The channel layer trusted again around each test, as for every table test
    (``tests/table/conftest.py``): a failure elsewhere leaves the breaker open a while."""
    layer_guard.breaker.reset()
    yield
    layer_guard.breaker.reset()


def post(client: Client, url: str, body: dict, token: str = ""):
    headers = {"X-Seat-Token": token} if token else {}
    return client.post(url, body, content_type="application/json", headers=headers)


def send(code: str, token: str, action: dict, expect: int = 200) -> dict:
    seq = Table.objects.get(code=code).seq
    response = post(
        Client(),
        f"/api/tables/{code}/actions/",
        {"action": action, "seq": seq, "client_id": uuid.uuid4().hex},
        token,
    )
    assert response.status_code == expect, response.content
    return response.json()["view"]["view"] if expect == 200 else response.json()


def seat_view(code: str, token: str) -> dict:
    return Client().get(f"/api/tables/{code}/", headers={"X-Seat-Token": token}).json()["view"]


@pytest.fixture
def table(client, user, catalogue):
    client.force_login(user)
    created = post(
        client,
        "/api/tables/",
        {"game": "maker-war", "name": "Ada", "options": {"budget": 1000, "poi_method": "beads"}},
    )
    assert created.status_code == 201, created.content
    code, tokens = created.json()["code"], [created.json()["seat_token"]]
    tokens.append(post(Client(), f"/api/tables/{code}/join/", {"name": "Ben"}).json()["seat_token"])
    assert post(client, f"/api/tables/{code}/start/", {}).status_code == 200
    return code, tokens


def page(client: Client, code: str) -> dict:
    """The view message a device polls for, as ``client`` (a seat, or nobody) gets it."""
    answer = client.get(f"/t/{code}/view/")
    assert answer.status_code == 200, answer.content
    return answer.json()


def payload(state: dict, seat: int | None, legal_actions=(), log=()) -> dict:
    """A seat's whole view of ``state`` as the site sends it (``selectors.view_for``),
    without a table in the database."""
    from companion.games.maker_war.engine import ENGINE

    return {
        "code": "TEST",
        "game": "maker-war",
        "game_name": "Maker-War",
        "seq": 1,
        "status": "playing",
        "seats": [
            {"number": i, "name": name, "removed": False, "is_host": i == 0}
            for i, name in enumerate(state["names"])
        ],
        "me": seat,
        "is_host": seat == 0,
        "min_players": 2,
        "max_players": None,
        "waiting_for": 0,
        "view": ENGINE.player_view(state, seat),
        "log": list(log),
        "awaiting": [],
        "legal_actions": list(legal_actions),
        "can_undo": False,
        "rolls": [],
        "undo_votes": None,
    }


def formation_id(view: dict, seat: int, name: str) -> str:
    return next(f["id"] for f in view["formations"] if f["seat"] == seat and f["name"] == name)


def test_a_bad_option_is_refused_when_the_table_is_opened(client, user, catalogue):
    client.force_login(user)
    response = post(
        client,
        "/api/tables/",
        {"game": "maker-war", "name": "Ada", "options": {"poi_method": "dice"}},
    )
    assert response.status_code == 400 and "options.poi_method" in response.json()


def test_setup_shows_the_guidance_and_beads_on_the_middle_line(table):
    code, tokens = table
    view = seat_view(code, tokens[0])
    assert view["phase"] == "setup" and view["guidance"]["first_deployment_budget"] == 5
    assert [(p["x"], p["y"]) for p in view["pois"]] == [(-15, 0), (15, 0)]
    assert view["diagram"]["width"] == 100 and view["diagram"]["depth"] == 80


def test_a_round_through_the_api_with_hidden_hands(table, client):
    code, tokens = table
    send(code, tokens[0], {"type": "terrain", "kind": "forest", "x": 0, "y": 20})
    view = send(code, tokens[0], {"type": "begin-deployment"})
    first = formation_id(view, 0, "First company")
    view = send(
        code, tokens[0], {"type": "deploy", "formation": first, "maker_weapon": "anti-tank"}
    )
    assert view["deploy_budget"] == [3, 5]
    send(code, tokens[0], {"type": "deploy", "formation": first}, expect=400)  # not your turn
    enemy = formation_id(view, 1, "First company")
    send(code, tokens[1], {"type": "deploy", "formation": enemy, "maker_weapon": "terror"})
    send(code, tokens[0], {"type": "pass"})
    view = send(code, tokens[1], {"type": "pass"})
    assert view["phase"] == "battle" and view["turn"]["seat"] == 0
    send(code, tokens[0], {"type": "activate", "formation": first, "order": "advance"})
    view = send(
        code,
        tokens[0],
        {
            "type": "shoot",
            "target": enemy,
            "distance": 40,
            "rolls": [5, 5, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2],
        },
    )
    target = next(f for f in view["formations"] if f["id"] == enemy)
    assert target["impact_tokens"] == 2 and target["alive"] == len(target["units"]) - 2
    send(code, tokens[0], {"type": "end-turn"})
    send(code, tokens[1], {"type": "activate", "formation": enemy, "order": "patrol"})
    view = send(code, tokens[1], {"type": "end-turn"})
    assert view["round"] == 2 and view["hand_counts"] == [1, 1]
    mine, theirs = seat_view(code, tokens[0]), seat_view(code, tokens[1])
    assert list(mine["hands"]) == ["0"] and list(theirs["hands"]) == ["1"]
    public = Client().get(f"/api/tables/{code}/").json()["view"]
    assert public["hands"] == {} and public["my_hand"] == []
    assert "deck" not in public and public["deck_count"] == 38


def test_an_impact_correction_stands_even_on_a_stale_seq(table):
    code, tokens = table
    send(code, tokens[0], {"type": "begin-deployment"})
    view = seat_view(code, tokens[0])
    first = formation_id(view, 0, "First company")
    send(code, tokens[0], {"type": "deploy", "formation": first, "maker_weapon": "sniper"})
    seq = Table.objects.get(code=code).seq
    stale = post(
        Client(),
        f"/api/tables/{code}/actions/",
        {
            "action": {"type": "impact", "formation": first, "delta": 1},
            "seq": seq - 1,
            "client_id": uuid.uuid4().hex,
        },
        tokens[1],
    )
    assert stale.status_code == 200  # a counter delta commutes with what others did
    view = stale.json()["view"]["view"]
    assert next(f for f in view["formations"] if f["id"] == first)["impact_tokens"] == 1
    refused = post(
        Client(),
        f"/api/tables/{code}/actions/",
        {"action": {"type": "pass"}, "seq": seq - 1, "client_id": uuid.uuid4().hex},
        tokens[1],
    )
    assert refused.status_code == 409


@pytest.mark.browser
def test_the_drawn_table_shows_every_phase(table, client, drawn):
    code, tokens = table
    html = drawn(page(client, code))
    assert "Begin deployment" in html and "<svg" in html and "mw-poi" in html
    send(code, tokens[0], {"type": "begin-deployment"})
    html = drawn(page(client, code))
    assert "First deployment" in html and "data-deploy" in html
    view = seat_view(code, tokens[0])
    send(
        code,
        tokens[0],
        {
            "type": "deploy",
            "formation": formation_id(view, 0, "First company"),
            "maker_weapon": "terror",
        },
    )
    send(code, tokens[1], {"type": "pass"})
    send(code, tokens[0], {"type": "pass"})
    html = drawn(page(client, code))
    assert "Your turn" in html and "mw-activate" in html and "Battle report" in html
    # The log each seat reads comes from the stored actions' events, with their rounds.
    assert '<span class="muted small">R1</span> Round 1 begins' in html
    assert "Deployment begins" in html.split('class="log mw-log"')[1]
    public = page(Client(), code)
    spectator = drawn(public)
    assert "mw-activate" not in spectator and 'id="mw-hand"' not in spectator
    assert public["data"]["view"]["my_hand"] == [] and public["data"]["view"]["hands"] == {}
    send(code, tokens[0], {"type": "surrender"})
    html = drawn(page(client, code))
    assert "surrenders" in html and "mw-chart" in html
    assert Table.objects.get(code=code).status == "over"


@pytest.mark.browser
def test_a_sniper_pick_and_real_dice_typed_on_the_page_form(table, client, drawn):
    code, tokens = table
    view = send(code, tokens[0], {"type": "begin-deployment"})
    first, enemy = formation_id(view, 0, "First company"), formation_id(view, 1, "First company")
    send(code, tokens[0], {"type": "deploy", "formation": first, "maker_weapon": "sniper"})
    send(code, tokens[1], {"type": "deploy", "formation": enemy, "maker_weapon": "terror"})
    send(code, tokens[0], {"type": "pass"})
    send(code, tokens[1], {"type": "pass"})
    view = send(code, tokens[0], {"type": "activate", "formation": first, "order": "advance"})
    shooter = next(f for f in view["formations"] if f["id"] == first)
    target = next(f for f in view["formations"] if f["id"] == enemy)
    chief = next(u["id"] for u in target["units"] if u["chief"])
    assert len(shooter["snipers"]) == 2  # the Maker Weapons chose Sniper
    html = drawn(page(client, code))
    assert html.count('name="list_picks"') == 2 and 'value="physical"' in html
    assert f'data-target="{enemy}"' in html
    dice = sum(u["fire_power"] for u in shooter["units"] if u["alive"])
    response = client.post(
        f"/t/{code}/act/",
        {
            "action": f'{{"type": "shoot", "formation": "{first}"}}',
            "field_target": enemy,
            "field_distance": "30",
            "field_dice": "physical",
            "field_rolls": " ".join(["5"] + ["2"] * (dice - 1)),
            "list_picks": [chief, ""],  # the second sniper makes no pick
            "seq": str(Table.objects.get(code=code).seq),
            "client_id": uuid.uuid4().hex,
        },
    )
    assert response.status_code == 200, response.content
    target = next(f for f in seat_view(code, tokens[1])["formations"] if f["id"] == enemy)
    assert [u["id"] for u in target["units"] if not u["alive"]] == [chief]
    assert target["impact_tokens"] == 1


@pytest.mark.browser
def test_the_page_offers_losing_hope_and_the_attack_choices_for_each_target(drawn):
    from companion.games.maker_war.engine import ENGINE
    from tests.games.maker_war.table.test_choices import (
        rifles_fire,
        terran_battle,
        titan_falls,
    )

    state, _ = titan_falls(4)
    html = drawn(payload(state, 0, ENGINE.legal_actions(state, 0)))
    assert "Losing Hope: Foundry Titan has fallen" in html
    assert 'data-action="death-throes"' in html and "within 14 cm" in html
    allies = [f["id"] for f in state["formations"] if f["seat"] == 1 and f["where"] == "table"]
    for fid in allies:
        assert f'name="list_formations" value="{fid}"' in html
        assert f'name="map_rolls__{fid}"' in html
    # Seat 0's rifle company shoots; the enemy Titan as a target offers its dice.
    state, _, _ = rifles_fire(terran_battle())
    titan = next(f["id"] for f in state["formations"] if f["seat"] == 1 and f["titan"])
    html = drawn(payload(state, 0))
    assert f'<fieldset class="mw-for-target mw-physical-only" data-target="{titan}">' in html
    assert "1 die per critical hit" in html and 'name="field_throes_roll"' in html
    assert "Losing Hope" not in html


@pytest.mark.browser
def test_the_supply_hand_draws_each_cards_inputs_from_the_view_and_the_log_from_t_log(drawn):
    from tests.games.maker_war.table.test_choices import terran_battle

    state = terran_battle()
    state["supply"]["hands"][0] = ["orbital-barrage", "second-wind", "more-fuel"]
    log = [{"type": "round", "text": "Round 1 begins: Ada moves first.", "round": 1}]
    html = drawn(payload(state, 0, log=log))
    barrage = html.split('data-card="orbital-barrage"')[1].split('class="mw-card"')[0]
    enemy = next(f for f in state["formations"] if f["seat"] == 1 and f["where"] == "table")
    assert '<select name="field_target" aria-label="Target">' in barrage
    assert f'<option value="{enemy["id"]}">{enemy["name"]} (Ben)</option>' in barrage
    assert 'name="field_supply_points"' in barrage and 'aria-label="Extra supply points"' in barrage
    wind = html.split('data-card="second-wind"')[1].split('class="mw-card"')[0]
    assert 'name="field_formation" aria-label="Formation"' in wind
    assert 'name="field_unit" aria-label="Hero"' in wind
    fuel = html.split('data-card="more-fuel"')[1]
    assert "<select" not in fuel.split("</form>")[1]
    assert '<span class="muted small">R1</span> Round 1 begins' in html
    assert '<ol class="mw-latest"' in html and "<li>Round 1 begins: Ada moves first.</li>" in html
