"""A Game of Micro and Macro at the live table, through the API, with two saved decks; the
tests marked ``browser`` read the table as a device draws it (``static/view.js``)."""

from __future__ import annotations

import json
import uuid

import pytest
from django.test import Client

from armies.models import SavedList
from catalog.models import Game
from companion.table.models import Table
from tests.games.micro_and_macro.table.fixtures import DECKS

pytestmark = pytest.mark.django_db
KOM, BLOOD = DECKS


def post(client: Client, url: str, body: dict, token: str = ""):
    headers = {"X-Seat-Token": token} if token else {}
    return client.post(url, body, content_type="application/json", headers=headers)


@pytest.fixture
def table(client, user, other_user, catalogue) -> tuple[str, list[Client]]:
    """Ada brings her Kingdoms of Men deck, Bert his Bloodmages; the game is started."""
    game = Game.objects.get(slug="micro-and-macro")
    ada = SavedList.objects.create(game=game, owner=user, name="Keep", body=KOM)
    bert = SavedList.objects.create(game=game, owner=other_user, name="Spire", body=BLOOD)
    client.force_login(user)
    created = post(client, "/api/tables/", {"game": "micro-and-macro", "name": "Ada",
                                            "list": ada.pk})  # fmt: skip
    assert created.status_code == 201, created.content
    code = created.json()["code"]
    guest = Client()
    guest.force_login(other_user)
    joined = post(guest, f"/api/tables/{code}/join/", {"name": "Bert", "list": bert.pk})
    assert joined.status_code == 201, joined.content
    assert post(client, f"/api/tables/{code}/start/", {}).status_code == 200
    return code, [client, guest]


def send(code: str, device: Client, action: dict, seq: int | None = None, status: int = 200):
    seq = Table.objects.get(code=code).seq if seq is None else seq
    body = {"action": action, "seq": seq, "client_id": uuid.uuid4().hex}
    response = post(device, f"/api/tables/{code}/actions/", body)
    assert response.status_code == status, response.content
    return response.json()


def view(code: str, device: Client) -> dict:
    return device.get(f"/api/tables/{code}/").json()


@pytest.fixture
def page(drawn):
    """The table as ``device`` draws it: its seat's view (``/t/<code>/view/``) drawn by the
    game's module, as the page does after a push or a poll."""

    def draw(code: str, device: Client) -> str:
        answer = device.get(f"/t/{code}/view/")
        assert answer.status_code == 200, answer.content
        return drawn(answer.json())

    return draw


def test_each_player_plays_their_own_saved_deck_and_sees_only_their_own_hand(table):
    code, devices = table
    ada, bert = (view(code, d) for d in devices)
    assert ada["view"]["players"][0]["faction"] == "kingdoms-of-men"
    assert ada["view"]["players"][1]["faction"] == "bloodmages"
    assert [b["slug"] for b in ada["view"]["players"][0]["buildings"]] == ["royal-keep"]
    assert [b["slug"] for b in ada["view"]["players"][1]["buildings"]] == ["blood-spire"]
    assert len(ada["view"]["hand"]) == 5 and len(bert["view"]["hand"]) == 5
    text = json.dumps(bert)
    for card in ada["view"]["hand"] + ada["view"]["pile"]:
        assert f'"{card["id"]}"' not in text  # Ada's hand and pile never reach Bert
    public = Client().get(f"/api/tables/{code}/").json()
    assert "hand" not in public["view"] and public["legal_actions"] == []
    assert "cards" not in json.dumps(public["view"]["players"])


def test_a_turn_through_the_api_with_a_reaction_and_undo(table):
    code, devices = table
    for device in devices:
        send(code, device, {"type": "marker"})
    state = view(code, devices[0])["view"]
    first = state["priority"]
    me, other = devices[first], devices[1 - first]
    mine = view(code, me)["view"]
    assert len(mine["hand"]) == 6 and mine["players"][first]["resources"] == 2
    send(code, me, {"type": "resources", "delta": 6})  # the Bloodmage costs 6
    main = mine["players"][first]["buildings"][0]
    unit = main["produces"][0]
    answer = send(code, me, {"type": "make-unit", "building": main["id"], "unit": unit["unit"]})
    after = answer["view"]["view"]
    assert after["phase"] == "react" and after["react"]["seat"] == 1 - first
    assert [u["slug"] for u in after["units"]] == [unit["unit"]]
    send(code, me, {"type": "pass"}, status=400)  # the opponent may react first
    # The maker may take it back alone: no card was revealed, nothing drawn.
    undone = post(
        me,
        f"/api/tables/{code}/undo/",
        {"seq": Table.objects.get(code=code).seq, "client_id": uuid.uuid4().hex},
    )
    assert undone.status_code == 200, undone.content
    back = view(code, me)["view"]
    assert back["units"] == [] and back["players"][first]["resources"] == 8
    assert back["phase"] == "turn"
    # Resources are a counter by hand: a delta stands even on a stale seq.
    stale = Table.objects.get(code=code).seq - 1
    send(code, other, {"type": "resources", "delta": 3}, seq=stale)
    assert view(code, other)["view"]["players"][1 - first]["resources"] == 3
    send(code, me, {"type": "pass"}, seq=stale, status=409)  # a real action does not
    send(code, me, {"type": "pass"})
    send(code, other, {"type": "no-reaction"})
    turned = view(code, other)["view"]
    assert turned["priority"] == 1 - first and turned["turn"] == 2
    assert len(turned["hand"]) == 6  # the draw at the start of the turn
    assert not view(code, other)["can_undo"]  # the draw is a barrier


def test_concession_ends_the_table(table):
    code, devices = table
    send(code, devices[1], {"type": "concede"})
    assert Table.objects.get(code=code).status == "over"
    assert view(code, devices[0])["view"]["result"]["winner"] == 0


@pytest.mark.browser
def test_a_player_without_units_gets_a_line_not_an_empty_table(table, page):
    code, devices = table
    for device in devices:
        send(code, device, {"type": "marker"})
    html = page(code, devices[0])
    assert html.count("No units on the table yet.") == 2 and "mam-units" not in html
    first = view(code, devices[0])["view"]["priority"]
    me, other = devices[first], devices[1 - first]
    send(code, me, {"type": "resources", "delta": 10})
    main = view(code, me)["view"]["players"][first]["buildings"][0]
    send(
        code, me, {"type": "make-unit", "building": main["id"], "unit": main["produces"][0]["unit"]}
    )
    reacting = page(code, other)
    made = view(code, other)["view"]["react"]["to"]
    assert made.endswith("it enters at the entry point.")
    assert f"{made} Play an instant in reply" in reacting  # what the reaction answers
    send(code, other, {"type": "no-reaction"})
    html = page(code, me)
    assert html.count("No units on the table yet.") == 1 and html.count("mam-units") == 1


@pytest.mark.browser
def test_the_page_forms_attack_the_base_with_typed_faces(table, page):
    """The attack form's fields (``field_target``, ``map_faces__attacker``) become the
    action; both devices' pages draw the commanded unit, the roll-off and the damage."""
    code, devices = table
    for device in devices:
        send(code, device, {"type": "marker"})
    first = view(code, devices[0])["view"]["priority"]
    me, other = devices[first], devices[1 - first]
    send(code, me, {"type": "resources", "delta": 10})
    main = view(code, me)["view"]["players"][first]["buildings"][0]
    unit = main["produces"][0]["unit"]  # a Peasant (Rusty Sword, 2) or a Bloodmage (Staff, 4)
    send(code, me, {"type": "make-unit", "building": main["id"], "unit": unit})
    send(code, other, {"type": "no-reaction"})
    unit_id = view(code, me)["view"]["units"][0]["id"]
    send(code, me, {"type": "command", "unit": unit_id})
    html = page(code, me)
    assert "commanding" in html and 'data-action="attack"' in html
    response = me.post(
        f"/t/{code}/act/",
        {
            "action": '{"type": "attack", "kind": "physical"}',
            "field_target": "base",
            "map_faces__attacker": "6",  # A D6 on its top face: 13
            "map_faces__defender": "1",  # the main building's D8
            "seq": str(Table.objects.get(code=code).seq),
            "client_id": uuid.uuid4().hex,
        },
    )
    assert response.status_code == 200
    damage = 2 if unit == "peasant" else 4
    enemy = view(code, other)["view"]["players"][1 - first]["buildings"][0]
    assert enemy["lp"] == 20 - damage
    for device in devices:
        html = page(code, device)
        assert f"{20 - damage}/20 LP" in html and "D6 (6, crit +7) = 13" in html


def test_the_starting_resources_house_rule_reaches_the_table(client, user, catalogue):
    client.force_login(user)
    page = client.get("/tables/").content.decode()
    assert 'name="opt_micro-and-macro__start_resources"' in page
    client.post(
        "/tables/new/",
        {"game": "micro-and-macro", "name": "Ada", "opt_micro-and-macro__start_resources": "3"},
    )
    assert Table.objects.get().options == {"start_resources": 3}
    refused = post(
        client,
        "/api/tables/",
        {"game": "micro-and-macro", "name": "Ada", "options": {"start_resources": 99}},
    )
    assert refused.status_code == 400 and "options.start_resources" in refused.json()
    assert Table.objects.count() == 1


@pytest.mark.browser
def test_after_a_pass_the_other_player_is_asked_to_start_their_turn_not_to_react(table, page):
    code, devices = table
    for device in devices:
        send(code, device, {"type": "marker"})
    first = view(code, devices[0])["view"]["priority"]
    me, other = devices[first], devices[1 - first]
    send(code, me, {"type": "pass"})
    html = page(code, other)
    assert "Your turn comes next" in html and ">Start my turn</button>" in html
    assert ">No reaction</button>" not in html
    send(code, other, {"type": "no-reaction"})
    assert view(code, other)["view"]["priority"] == 1 - first


@pytest.mark.browser
def test_units_are_named_and_numbered_on_the_page_and_in_the_log_never_by_ids(table, page):
    code, devices = table
    for device in devices:
        send(code, device, {"type": "marker"})
    first = view(code, devices[0])["view"]["priority"]
    me = devices[first]
    send(code, me, {"type": "resources", "delta": 12})
    main = view(code, me)["view"]["players"][first]["buildings"][0]
    unit = main["produces"][0]["unit"]
    send(code, me, {"type": "make-unit", "building": main["id"], "unit": unit})
    send(code, devices[1 - first], {"type": "no-reaction"})
    send(code, me, {"type": "make-unit", "building": main["id"], "unit": unit})
    labels = view(code, me)["view"]["labels"]
    ids = [u["id"] for u in view(code, me)["view"]["units"]]
    name = view(code, me)["view"]["units"][0]["name"]
    assert [labels[i] for i in ids] == [f"{name} 1", f"{name} 2"]  # made first and second
    html = page(code, me)
    assert f">{name} 1" in html and f"({ids[0]})" not in html


@pytest.mark.browser
def test_every_device_and_the_board_draw_the_table_from_the_deal_to_the_end(table, page, drawn):
    """The seats, a device without one and the public board draw each stage: the markers'
    preparation, a turn, and the game over (the public board: no forms, no hand)."""
    code, devices = table
    watcher = Client()

    def drawings() -> list[str]:
        public = watcher.get(f"/t/{code}/view/").json()
        return [page(code, d) for d in devices] + [drawn(public), drawn(public, board=True)]

    ada, bert, public, board = drawings()
    assert "Preparation: place the entry-point markers" in ada + bert + public
    assert 'data-action="marker"' in ada and 'data-action="marker"' not in public
    assert "<strong>preparation</strong>" in board and "marker to place" in board
    for device in devices:
        send(code, device, {"type": "marker"})
    first = view(code, devices[0])["view"]["priority"]
    drawn_now = drawings()
    assert "you have priority" in drawn_now[first] and 'data-my-move="1"' in drawn_now[first]
    assert "you have priority" not in drawn_now[1 - first] + drawn_now[2]
    assert 'id="my-hand"' in drawn_now[0] and 'id="my-hand"' not in drawn_now[2]
    assert "Turn 1 · " in drawn_now[3] and "mamb-side priority" in drawn_now[3]
    send(code, devices[1], {"type": "concede"})
    for html in drawings():
        assert "Ada wins" in html and "<form" not in html.split('class="log')[0]
