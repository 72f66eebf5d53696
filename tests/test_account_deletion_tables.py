"""Deleting an account harms nobody else and keeps only what its page says: a game in play
goes on as the game declares for a seat that leaves (so nobody waits for "deleted player"),
a table left to guests passes to a guest seat, a print file shared by its inputs stays
for the others who got it, the list body leaves the seat (the list as dealt stays in the
start entry, as the page says) and the log, its API and its download name the seat
"deleted player". The host's own tools take the same path: removing a seat mid-game,
ending the game, giving a seat to a guest who claims it by link."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import pytest
from django.core.files.base import ContentFile
from django.test import Client
from django.urls import reverse

from armies import services as list_services
from catalog.models import Game
from companion.accounts import DELETED_PLAYER, account_delete
from companion.games.registry import all_games, get_game
from companion.table import selectors
from companion.table import services as table_services
from companion.table.models import Seat, Table, TableStatus
from printing import services as print_services
from printing.models import JobStatus, PrintJob
from printing.producers import get_producer

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-passphrase-42"


def post(client: Client, url: str, body: dict | None = None, token: str = ""):
    headers = {"X-Seat-Token": token} if token else {}
    return client.post(url, body or {}, content_type="application/json", headers=headers)


def table_of(slug: str, host, *others, name: str = "Ada", list_body: dict | None = None):
    """A table of ``slug`` hosted by ``host`` (seat 0); ``others`` are users, or names of
    guests. Open: start it with ``table_services.table_start``."""
    table = table_services.table_create(
        host=host, game=Game.objects.get(slug=slug), name=name, list_body=list_body
    )
    for other in others:
        if isinstance(other, str):
            table_services.seat_join(table=table, name=other)
        else:
            table_services.seat_join(table=table, name=other.username.title(), user=other)
    return table


def started(table: Table, host) -> Table:
    table_services.table_start(table=table, by=host)
    return Table.objects.get(pk=table.pk)


def act(table: Table, seat: int, action: dict) -> None:
    fresh = Table.objects.get(pk=table.pk)
    table_services.act(
        table=fresh, seat=seat, payload=action, seen_seq=fresh.seq, client_id=uuid.uuid4().hex
    )


def view_of(table: Table, number: int | None) -> dict:
    fresh = Table.objects.select_related("game").get(pk=table.pk)
    seat = None if number is None else fresh.seats.get(number=number)
    return selectors.view_for(fresh, seat)


def token_of(table: Table, number: int) -> str:
    return Seat.objects.get(table=table, number=number).token


# --- a game in play goes on -----------------------------------------------------------


def test_smalltricks_ends_for_the_other_when_a_player_deletes_their_account(
    user, other_user, catalogue
):
    table = started(table_of("smalltricks", user, other_user), user)
    assert 0 in view_of(table, 1)["awaiting"]  # both set up their units in secret
    account_delete(user=user)
    table = Table.objects.get(pk=table.pk)
    bert = view_of(table, 1)
    assert table.status == TableStatus.OVER and bert["awaiting"] == []
    assert bert["view"]["match"]["winner"] == 1 and bert["view"]["match"]["over"]
    assert bert["seats"][0] == {
        "number": 0,
        "name": DELETED_PLAYER,
        "removed": False,
        "left": True,
        "is_host": False,
    }
    assert bert["is_host"] and table.host == other_user  # the other signed-in player hosts
    assert get_game("smalltricks").seat_leaving == "concede"  # as the game declares


def test_the_host_removing_a_seat_mid_game_is_the_same_leaving(client, user, other_user, catalogue):
    table = started(table_of("smalltricks", user, other_user), user)
    client.force_login(user)
    response = client.post(reverse("table:remove-seat", args=[table.code, 1]))
    assert response.status_code == 302
    table = Table.objects.get(pk=table.pk)
    assert table.status == TableStatus.OVER and view_of(table, 0)["awaiting"] == []
    assert table.state["match"]["winner"] == 0
    assert table.actions.filter(payload__type="leave", payload__seat=1).exists()
    assert table.state == table_services.rebuild_state(table)  # the leave replays


def test_a_missiles_and_microchips_round_resolves_after_a_player_deletes(
    user, other_user, catalogue
):
    table = started(table_of("missiles-and-microchips", user, other_user, "Cy"), user)
    act(table, 1, {"type": "choose", "target": 2, "action": "charge"})
    act(table, 2, {"type": "choose", "target": 1, "action": "attack"})
    assert 0 in view_of(table, 1)["awaiting"]  # the round waits for Ada's cards
    account_delete(user=user)
    table = Table.objects.get(pk=table.pk)
    assert table.status == TableStatus.PLAYING and table.state["phase"] == "change"
    assert view_of(table, 1)["awaiting"] == [1]
    act(table, 1, {"type": "pass"})
    act(table, 2, {"type": "pass"})
    table = Table.objects.get(pk=table.pk)
    assert table.state["round"] == 2 and table.state["duel"]
    assert view_of(table, 2)["awaiting"] == [1, 2]
    assert table.state == table_services.rebuild_state(table)


def test_an_undo_by_agreement_waits_no_more_for_the_seat_that_left(user, other_user, catalogue):
    table = started(table_of("missiles-and-microchips", user, other_user, "Cy", "Dee"), user)
    account_delete(user=user)
    act(table, 1, {"type": "choose", "target": 2, "action": "charge"})
    for number in (2, 3):
        fresh = Table.objects.get(pk=table.pk)
        done = table_services.undo(
            table=fresh, seat=number, seen_seq=fresh.seq, client_id=uuid.uuid4().hex
        )
    assert done.action is not None  # seats 1, 2 and 3 agreed: Ada's seat is not asked
    assert Table.objects.get(pk=table.pk).state["players"][1]["choice"] is None


# --- host rights ----------------------------------------------------------------------


def test_a_table_left_to_guests_passes_to_a_guest_seat_that_can_manage_it(user, catalogue):
    table = started(table_of("missiles-and-microchips", user, "Bea", "Cy", "Dee"), user)
    account_delete(user=user)
    table = Table.objects.get(pk=table.pk)
    bea, cy = token_of(table, 1), token_of(table, 2)
    assert table.host is None and table.host_seat == Seat.objects.get(token=bea)
    assert view_of(table, 1)["is_host"] and not view_of(table, 2)["is_host"]
    assert post(Client(), f"/api/tables/{table.code}/end/", token=cy).status_code == 400
    ended = post(Client(), f"/api/tables/{table.code}/end/", token=bea)
    assert ended.status_code == 200, ended.content
    assert ended.json()["status"] == "over" and ended.json()["awaiting"] == []
    assert Table.objects.get(pk=table.pk).state["ending"] == "ended-by-host"


def test_a_guest_who_inherits_an_open_table_starts_it(user, catalogue):
    table = table_of("missiles-and-microchips", user, "Bea", "Cy", "Dee")
    account_delete(user=user)
    table = Table.objects.get(pk=table.pk)
    assert [s.removed for s in table.seats.order_by("number")] == [True, False, False, False]
    bea = token_of(table, 1)
    assert (
        post(Client(), f"/api/tables/{table.code}/start/", token=token_of(table, 2)).status_code
        == 400
    )
    started_now = post(Client(), f"/api/tables/{table.code}/start/", token=bea)
    assert started_now.status_code == 200, started_now.content
    assert [s["name"] for s in started_now.json()["view"]["players"]] == ["Bea", "Cy", "Dee"]


def test_only_the_seat_with_host_rights_acts_for_a_table_without_a_host_account(user, catalogue):
    table = started(table_of("missiles-and-microchips", user, "Bea", "Cy", "Dee"), user)
    account_delete(user=user)
    url = f"/api/tables/{table.code}/actions/"
    adjust = {"type": "adjust", "seat": 2, "delta": 1}
    for token, answer in ((token_of(table, 2), 400), (token_of(table, 1), 200)):
        body = {"action": adjust, "seq": Table.objects.get(pk=table.pk).seq, "as_table": True}
        response = post(Client(), url, {**body, "client_id": uuid.uuid4().hex}, token)
        assert response.status_code == answer, response.content
    assert Table.objects.get(pk=table.pk).state["players"][2]["energy"] == 6
    for own in ({"type": "end"}, {"type": "leave", "seat": 3, "as": "eliminated"}):
        body = {"action": own, "seq": Table.objects.get(pk=table.pk).seq, "as_table": True}
        sent = post(Client(), url, {**body, "client_id": uuid.uuid4().hex}, token_of(table, 1))
        assert sent.status_code == 400  # the table's own moves come only from its services
    assert Table.objects.get(pk=table.pk).status == TableStatus.PLAYING


def test_the_host_gives_a_seat_to_a_guest_who_claims_it_by_link(
    client, user, other_user, catalogue
):
    table = started(table_of("missiles-and-microchips", user, other_user, "Cy"), user)
    old = token_of(table, 1)
    client.force_login(user)
    given = post(client, f"/api/tables/{table.code}/seats/1/guest/")
    assert given.status_code == 201, given.content
    assert given.json()["seat_token"] == token_of(table, 1) != old
    assert Seat.objects.get(table=table, number=1).user is None
    assert selectors.seat_of(table, user=other_user) is None  # Bert's devices watch now
    choose = {"type": "choose", "target": 2, "action": "charge"}
    body = {"action": choose, "seq": Table.objects.get(pk=table.pk).seq, "client_id": "x"}
    assert post(Client(), f"/api/tables/{table.code}/actions/", body, old).status_code == 400
    guest = Client()
    claim = given.json()["claim_url"].removeprefix("http://testserver")
    assert guest.get(claim).status_code == 302
    assert json.loads(guest.get(f"/t/{table.code}/view/").content)["data"]["me"] == 1
    assert post(client, f"/api/tables/{table.code}/seats/0/guest/").status_code == 400


def test_the_table_page_offers_the_host_its_tools(client, user, other_user, catalogue):
    table = started(table_of("missiles-and-microchips", user, other_user, "Cy"), user)
    client.force_login(user)
    page = client.get(f"/t/{table.code}/").content.decode()
    assert reverse("table:end", args=[table.code]) in page
    assert reverse("table:seat-to-guest", args=[table.code, 1]) in page
    answer = client.post(reverse("table:seat-to-guest", args=[table.code, 2]), follow=True)
    claim = reverse("table:claim", args=[table.code, token_of(table, 2)])
    assert claim in answer.content.decode()
    client.post(reverse("table:end", args=[table.code]))
    assert Table.objects.get(pk=table.pk).status == TableStatus.OVER
    assert Client().post(reverse("table:end", args=[table.code])).status_code == 302  # refused


# --- print files shared by their inputs -----------------------------------------------


def test_another_players_print_job_with_the_same_input_survives(
    user, other_user, catalogue, settings, tmp_path
):
    settings.MEDIA_ROOT = tmp_path / "media"
    kind, params = "calibration-pdf", {"settings": {"paper": "a4", "card": "poker"}}
    digest = print_services.input_hash(kind, params, get_producer(kind).version)
    made = PrintJob.objects.create(
        owner=user, kind=kind, params=params, input_hash=digest, status=JobStatus.DONE
    )
    made.file.save("calibration.pdf", ContentFile(b"%PDF-1.4 shared"))
    bert_job = print_services.job_request(kind=kind, params=params, owner=other_user)
    assert bert_job.pk == made.pk  # the same file, handed to Bert
    private = PrintJob.objects.create(
        owner=user, kind=kind, params=params, input_hash="p" * 64, is_private=True
    )
    account_delete(user=user)
    kept = PrintJob.objects.get(pk=bert_job.pk)
    assert kept.owner is None and Path(kept.file.path).exists()
    assert not PrintJob.objects.filter(pk=private.pk).exists()
    bert = Client()
    bert.force_login(other_user)
    assert bert.get(reverse("printing:download", args=[kept.pk])).status_code == 200


# --- what is kept, and the name in the log --------------------------------------------


def test_the_log_its_api_and_its_download_say_deleted_player(user, other_user, catalogue):
    example = get_game("little-game").example_list()
    ada_list = list_services.list_create(
        owner=user, game=Game.objects.get(slug="little-game"), name="Ada's", body=example
    )
    table = table_of("little-game", user, other_user, name="Ada Lovelace", list_body=ada_list.body)
    table = started(table, user)
    hand = view_of(table, 0)["view"]["hand"]
    act(table, 0, {"type": "play", "card": hand[0]})
    act(table, 0, {"type": "dice", "dice": "1d6"})
    act(table, 1, {"type": "play", "card": view_of(table, 1)["view"]["hand"][0]})
    before = json.dumps(view_of(table, 1))
    assert "Ada Lovelace" in before
    account_delete(user=user)
    table = Table.objects.get(pk=table.pk)
    bert = Client()
    bert.force_login(other_user)
    shown = {
        "view": bert.get(f"/t/{table.code}/view/").content.decode(),
        "log api": bert.get(f"/api/tables/{table.code}/log/").content.decode(),
        "download": bert.get(f"/t/{table.code}/log.json").content.decode(),
        "board": json.dumps(view_of(table, None)),
    }
    for where, text in shown.items():
        assert "Ada Lovelace" not in text, where
        assert DELETED_PLAYER in text, where
    log = json.loads(shown["download"])
    texts = [event["text"] for event in log["events"]]
    assert f"{DELETED_PLAYER} has chosen a card." in texts
    assert f"{DELETED_PLAYER} has left the table." in texts
    assert log["seats"][0] == DELETED_PLAYER
    assert table.rolls[0]["text"].startswith(f"{DELETED_PLAYER}: 1d6")
    assert table.state == table_services.rebuild_state(table)
    # The list as it was played stays in the game (the page says so); the seat's copy goes.
    start = table.actions.get(seq=0)
    assert start.payload["seats"][0]["list_body"] == ada_list.body
    assert table.seats.get(number=0).list_body == {}


def test_the_page_says_what_is_kept(client, user, catalogue):
    client.force_login(user)
    page = client.get(reverse("account-delete")).content.decode()
    assert "the list as it was played in that game" in page
    assert "print files that were not private" in page
    assert "private print files" in page


# --- drawn on the device --------------------------------------------------------------


@pytest.mark.browser
@pytest.mark.parametrize("slug", sorted(all_games()))
def test_every_view_draws_after_a_seat_left_and_the_host_ended_the_game(
    slug, user, catalogue, drawn
):
    """The game's own module draws what a leave and an end leave behind (a result, the
    log's entries), on every seat and on the board."""
    from tests.table.test_drawing_every_game import _started, _views

    table = _started(Game.objects.get(slug=slug), user)
    for step in ("leave", "end"):
        if step == "leave":
            table_services.seat_leave(table=table, number=1)
        elif Table.objects.get(pk=table.pk).status == TableStatus.PLAYING:
            table_services.table_end(table=table, by=user)
        for key, view in _views(table).items():
            mark = f'data-seq="{view["seq"]}"'
            assert mark in drawn(view), f"{slug} seat {key} after the {step}"
            if key == selectors.PUBLIC:
                assert mark in drawn(view, board=True), f"{slug} board after the {step}"
    assert Table.objects.get(pk=table.pk).status == TableStatus.OVER
