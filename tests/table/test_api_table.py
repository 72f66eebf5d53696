"""The live table over HTTP: seats, start, actions exactly once, stale refusals, undo,
and hidden choices that never reach another device."""

from __future__ import annotations

import json
import uuid

import pytest
from django.test import Client

from companion.table.models import Action, Table

pytestmark = pytest.mark.django_db


def post(client: Client, url: str, body: dict, token: str = ""):
    headers = {"X-Seat-Token": token} if token else {}
    return client.post(url, body, content_type="application/json", headers=headers)


@pytest.fixture
def mm_table(client, user, catalogue):
    """A started four-player Missiles & Microchips table: the host and three guests."""
    client.force_login(user)
    created = post(client, "/api/tables/", {"game": "missiles-and-microchips", "name": "Ada"})
    assert created.status_code == 201, created.content
    code = created.json()["code"]
    tokens = [created.json()["seat_token"]]
    guest = Client()
    for name in ("Bea", "Cy", "Dee"):
        joined = post(guest, f"/api/tables/{code}/join/", {"name": name})
        assert joined.status_code == 201
        tokens.append(joined.json()["seat_token"])
    assert post(client, f"/api/tables/{code}/start/", {}).status_code == 200
    return code, tokens


def act(code: str, token: str, action: dict, seq: int, client_id: str | None = None):
    return post(
        Client(),
        f"/api/tables/{code}/actions/",
        {"action": action, "seq": seq, "client_id": client_id or uuid.uuid4().hex},
        token,
    )


def seq_of(code: str) -> int:
    return Table.objects.get(code=code).seq


def moves(code: str):
    """The log after its start entry (seq 0)."""
    return Action.objects.filter(table__code=code, seq__gt=0)


def test_the_host_waits_for_enough_players(client, user, catalogue):
    client.force_login(user)
    code = post(client, "/api/tables/", {"game": "missiles-and-microchips", "name": "Ada"}).json()[
        "code"
    ]
    view = client.get(f"/api/tables/{code}/").json()
    assert view["status"] == "open" and view["waiting_for"] == 2
    response = post(client, f"/api/tables/{code}/start/", {})
    assert response.status_code == 400 and "table" in response.json()


def test_a_hidden_choice_reaches_no_other_device(client, mm_table):
    code, tokens = mm_table
    assert (
        act(
            code, tokens[1], {"type": "choose", "target": 2, "action": "charge"}, seq_of(code)
        ).status_code
        == 200
    )
    own = Client().get(f"/api/tables/{code}/", headers={"X-Seat-Token": tokens[1]}).json()
    assert own["view"]["players"][1]["choice"]["action"] == "charge"
    for other in (tokens[0], tokens[2], ""):
        payload = Client().get(f"/api/tables/{code}/", headers={"X-Seat-Token": other}).json()
        seen = payload["view"]["players"][1]
        assert seen["chosen"] is True and "choice" not in seen and seen["target"] is None
        assert "charge" not in json.dumps(payload["view"])


def _all_choose(code: str, tokens: list[str]) -> None:
    for seat, token in enumerate(tokens):
        target = (seat + 1) % len(tokens)
        assert (
            act(
                code, token, {"type": "choose", "target": target, "action": "charge"}, seq_of(code)
            ).status_code
            == 200
        )


def test_two_devices_on_the_same_seq_exactly_one_wins(mm_table):
    code, tokens = mm_table
    _all_choose(code, tokens)  # now the change phase: the start player's turn
    seq = seq_of(code)
    first = act(code, tokens[0], {"type": "pass"}, seq)
    second = act(code, tokens[0], {"type": "change", "action": "attack"}, seq)
    assert [first.status_code, second.status_code] == [200, 409]
    assert second.json()["view"]["seq"] == seq + 1  # the loser gets the table as it is now


def test_simultaneous_secret_choices_both_count(mm_table):
    code, tokens = mm_table
    seq = seq_of(code)
    first = act(code, tokens[0], {"type": "choose", "target": 1, "action": "attack"}, seq)
    second = act(code, tokens[1], {"type": "choose", "target": 0, "action": "block"}, seq)
    assert first.status_code == second.status_code == 200
    assert moves(code).count() == 2


def test_a_resent_action_is_applied_once(mm_table):
    code, tokens = mm_table
    seq = seq_of(code)
    action = {"type": "choose", "target": 1, "action": "attack"}
    first = act(code, tokens[0], action, seq, client_id="tap-1")
    again = act(code, tokens[0], action, seq, client_id="tap-1")
    assert first.status_code == again.status_code == 200
    assert again.json()["replayed"] is True
    assert moves(code).count() == 1 and seq_of(code) == seq + 1


def test_a_resent_counter_delta_counts_once_even_on_the_newest_seq(client, mm_table):
    """A delta commutes, so it is not refused as stale: the log's unique client id is what
    stops the resend from counting twice."""
    code, _ = mm_table
    adjust = {"type": "adjust", "seat": 2, "delta": 1}
    body = {"action": adjust, "seq": seq_of(code), "client_id": "tap-7", "as_table": True}
    first = post(client, f"/api/tables/{code}/actions/", body)
    again = post(client, f"/api/tables/{code}/actions/", {**body, "seq": seq_of(code)})
    assert first.status_code == again.status_code == 200, again.content
    assert again.json()["replayed"] is True and again.json()["applied"] == first.json()["applied"]
    players = Table.objects.get(code=code).state["players"]
    assert [p["energy"] for p in players] == [5, 5, 6, 5]
    assert Action.objects.filter(table__code=code, client_id="tap-7").count() == 1


def test_a_rule_error_is_400_and_changes_nothing(mm_table):
    code, tokens = mm_table
    seq = seq_of(code)
    response = act(code, tokens[0], {"type": "choose", "target": 0, "action": "attack"}, seq)
    assert response.status_code == 400
    assert seq_of(code) == seq and not moves(code).exists()


def test_spectators_and_strangers_cannot_act(mm_table):
    code, _ = mm_table
    response = act(code, "", {"type": "choose", "target": 1, "action": "attack"}, seq_of(code))
    assert response.status_code == 400 and "seat" in response.json()


def test_undo_takes_back_my_own_last_action_only(mm_table):
    code, tokens = mm_table
    act(code, tokens[0], {"type": "choose", "target": 1, "action": "attack"}, seq_of(code))
    undo = post(
        Client(), f"/api/tables/{code}/undo/", {"seq": seq_of(code), "client_id": "u1"}, tokens[1]
    )
    assert undo.json()["applied"] is None  # not seat 1's move: only a vote to take it back
    undo = post(
        Client(), f"/api/tables/{code}/undo/", {"seq": seq_of(code), "client_id": "u2"}, tokens[0]
    )
    assert undo.status_code == 200, undo.content
    view = undo.json()["view"]
    assert view["view"]["players"][0]["chosen"] is False
    assert Action.objects.filter(table__code=code, undone=True).count() == 1


def test_the_state_is_the_fold_of_the_log(mm_table):
    from companion.table import services

    code, tokens = mm_table
    for seat, target in ((0, 1), (1, 2), (2, 3)):
        act(
            code,
            tokens[seat],
            {"type": "choose", "target": target, "action": "charge"},
            seq_of(code),
        )
    table = Table.objects.get(code=code)
    assert services.rebuild_state(table) == table.state


@pytest.mark.browser
def test_the_table_page_shows_the_code_qr_and_waiting_state(client, user, catalogue, drawn_page):
    client.force_login(user)
    code = post(client, "/api/tables/", {"game": "missiles-and-microchips", "name": "Ada"}).json()[
        "code"
    ]
    page = drawn_page(client, code)
    assert code in page and "<svg" in page and "Waiting for 2 more players" in page


@pytest.mark.browser
def test_a_guest_joins_from_the_page_and_keeps_the_seat(client, user, catalogue, drawn_page):
    client.force_login(user)
    code = post(client, "/api/tables/", {"game": "missiles-and-microchips", "name": "Ada"}).json()[
        "code"
    ]
    guest = Client()
    assert guest.post(f"/t/{code}/", {"name": "Bea"}).status_code == 302
    page = drawn_page(guest, code)
    assert 'class="me">Bea' in page and "Take a seat" not in page


def test_another_players_move_goes_back_only_when_every_seat_agrees(mm_table):
    code, tokens = mm_table
    act(code, tokens[0], {"type": "choose", "target": 1, "action": "attack"}, seq_of(code))

    def ask(token: str, client_id: str):
        return post(
            Client(),
            f"/api/tables/{code}/undo/",
            {"seq": seq_of(code), "client_id": client_id},
            token,
        )

    first = ask(tokens[1], "v1")
    assert first.status_code == 200 and first.json()["applied"] is None
    assert first.json()["undo_votes"]["seats"] == [0, 1]  # the mover's own consent counts
    assert ask(tokens[2], "v2").json()["applied"] is None
    last = ask(tokens[3], "v3")
    assert last.json()["applied"] == seq_of(code)
    assert last.json()["view"]["view"]["players"][0]["chosen"] is False


def test_a_new_move_cancels_the_pending_agreement(mm_table):
    code, tokens = mm_table
    act(code, tokens[0], {"type": "choose", "target": 1, "action": "attack"}, seq_of(code))
    post(Client(), f"/api/tables/{code}/undo/", {"seq": seq_of(code), "client_id": "v1"}, tokens[1])
    act(code, tokens[2], {"type": "choose", "target": 0, "action": "block"}, seq_of(code))
    assert Table.objects.get(code=code).undo_votes == {}


@pytest.mark.browser
def test_the_public_board_shows_energies_chart_and_no_secrets(mm_table, drawn_page):
    code, tokens = mm_table
    act(code, tokens[1], {"type": "choose", "target": 2, "action": "charge"}, seq_of(code))
    page = drawn_page(Client(), code)  # a spectator: the host's big screen
    assert 'class="chart"' in page and "chosen ✓" in page and "choosing…" in page
    assert "charge" not in page.lower()  # neither drawn nor in the view's data


def test_the_host_removes_a_seat_and_nobody_else_can(client, user, other_user, catalogue):
    from companion.table.models import Seat

    code = post(client.__class__(), "/api/tables/", {}).status_code  # signed out: refused
    assert code in (401, 403)
    client.force_login(user)
    code = post(client, "/api/tables/", {"game": "missiles-and-microchips", "name": "Ada"}).json()[
        "code"
    ]
    guest = Client()
    guest.post(f"/t/{code}/", {"name": "Bea"})
    outsider = Client()
    outsider.force_login(other_user)
    outsider.post(f"/t/{code}/seats/1/remove/")
    assert not Seat.objects.get(table__code=code, number=1).removed
    client.post(f"/t/{code}/seats/1/remove/")
    assert Seat.objects.get(table__code=code, number=1).removed


def test_the_log_export_never_shows_another_seats_hidden_choice(mm_table):
    code, tokens = mm_table
    secret = {"type": "choose", "target": 2, "action": "charge"}
    assert act(code, tokens[1], secret, seq_of(code)).status_code == 200
    own = Client().get(f"/api/tables/{code}/log/", headers={"X-Seat-Token": tokens[1]}).json()
    assert own["actions"][-1]["action"]["action"] == "charge"
    for other in (tokens[0], tokens[2], ""):
        export = Client().get(f"/api/tables/{code}/log/", headers={"X-Seat-Token": other})
        assert export.status_code == 200
        body = export.json()
        assert body["actions"][-1] == {**body["actions"][-1], "seat": 1, "type": "choose"}
        assert "action" not in body["actions"][-1] and "charge" not in json.dumps(body)
    page_export = Client().get(f"/t/{code}/log.json")
    assert page_export["Content-Disposition"].startswith("attachment")
    assert "charge" not in page_export.content.decode()


@pytest.mark.browser
def test_the_hosts_screen_as_public_board_hides_the_hosts_own_choice(client, mm_table, drawn_page):
    code, tokens = mm_table  # ``client`` is the host, signed in, seat 0
    secret = {"type": "choose", "target": 2, "action": "charge"}
    assert act(code, tokens[0], secret, seq_of(code)).status_code == 200
    assert "charge" in client.get(f"/t/{code}/view/").content.decode().lower()
    board = drawn_page(client, code, board=True)  # the board page, its view and drawing
    assert "charge" not in board.lower() and "chosen ✓" in board
    assert "charge" not in client.get(f"/t/{code}/log.json?board=1").content.decode()
    refused = client.post(f"/t/{code}/act/?board=1", {"action": '{"type": "pass"}', "seq": 0})
    assert refused.status_code == 403


def test_a_new_seat_is_pushed_to_the_lobby(
    client, user, catalogue, django_capture_on_commit_callbacks
):
    from companion.table import services
    from companion.table.models import Table as TableModel

    client.force_login(user)
    code = post(client, "/api/tables/", {"game": "little-game", "name": "Ann"}).json()["code"]
    table = TableModel.objects.get(code=code)
    with django_capture_on_commit_callbacks() as callbacks:
        services.seat_join(table=table, name="Ben")
    assert callbacks, "joining schedules a push to every screen after the commit"


def test_a_refused_tap_on_the_page_says_the_rules_reason(client, mm_table):
    code, _ = mm_table  # ``client`` is the host in seat 0
    response = client.post(
        f"/t/{code}/act/",
        {
            "action": json.dumps({"type": "choose", "target": 0, "action": "charge"}),
            "seq": seq_of(code),
        },
    )
    body = response.content.decode()
    assert response.status_code == 400
    assert "Expected a whole number" not in body and "target" in body
