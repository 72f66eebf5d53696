"""A rate limit counts the client, not what the client says about itself: a script that
sends a new ``X-Forwarded-For`` or a made-up ``X-Seat-Token`` with every request still
meets the limit (issue 26, finding 5). Behind ``PROXY_COUNT`` proxies the client is the
address the last of them saw; django-axes asks the same function."""

from __future__ import annotations

import uuid
from itertools import count

import pytest
from django.contrib.auth import get_user_model
from django.test import RequestFactory
from django.urls import reverse

from companion import throttling
from companion.table import services

pytestmark = pytest.mark.django_db
ADDRESSES = (f"203.0.113.{n % 250}" for n in count(1))


def made_up() -> dict[str, str]:
    """Headers a script invents afresh for every request."""
    return {
        "HTTP_X_FORWARDED_FOR": f"{next(ADDRESSES)}, 198.51.100.{uuid.uuid4().int % 250}",
        "HTTP_X_SEAT_TOKEN": uuid.uuid4().hex,
    }


def statuses(send, times: int) -> list[int]:
    return [send().status_code for _ in range(times)]


@pytest.fixture
def counted(settings):
    """Counts of this test's own, the production rates unless a test tightens one."""
    settings.THROTTLE_ENABLED = True
    settings.PROXY_COUNT = 0
    settings.CACHES = {
        **settings.CACHES,
        "throttle": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "c"},
    }
    return settings


def test_logins_with_made_up_headers_meet_the_login_rate(client, counted):
    rate = int(counted.THROTTLE_RATES["login"].split("/")[0])

    def login():
        name = f"guess-{uuid.uuid4().hex[:8]}"  # a new name each time: axes never locks
        return client.post(reverse("login"), {"username": name, "password": "x"}, **made_up())

    seen = statuses(login, rate + 3)
    assert 429 not in seen[:rate]
    assert seen[rate:] == [429] * 3


def test_password_reset_mail_with_made_up_headers_meets_the_mail_rate(client, counted, mailoutbox):
    get_user_model().objects.create_user("ada", "ada@example.org", "a-long-passphrase-42")
    rate = int(counted.THROTTLE_RATES["mail"].split("/")[0])

    def reset():
        return client.post(reverse("password_reset"), {"email": "ada@example.org"}, **made_up())

    seen = statuses(reset, rate + 5)
    assert seen[rate:] == [429] * 5
    assert len(mailoutbox) == rate


def test_anonymous_print_jobs_with_made_up_headers_meet_the_print_rate(client, counted):
    counted.THROTTLE_RATES = {**counted.THROTTLE_RATES, "print": "5/hour"}

    def ask():  # refused by the view (no such kind), but counted before it runs
        body = {"kind": "no-such-kind", "params": {}}
        return client.post("/api/print/jobs/", body, content_type="application/json", **made_up())

    seen = statuses(ask, 8)
    assert 429 not in seen[:5]
    assert seen[5:] == [429] * 3


def test_without_a_proxy_x_forwarded_for_is_ignored():
    request = RequestFactory().get("/", REMOTE_ADDR="192.0.2.7", HTTP_X_FORWARDED_FOR="1.2.3.4")
    assert throttling.client_address(request) == "192.0.2.7"


@pytest.mark.parametrize(
    ("proxies", "forwarded", "client"),
    [
        (1, "10.9.9.9, 203.0.113.5", "203.0.113.5"),  # what the client sent, then nginx's
        (1, "203.0.113.5", "203.0.113.5"),
        (2, "10.9.9.9, 203.0.113.5, 198.51.100.1", "203.0.113.5"),
        (2, "203.0.113.5", "203.0.113.5"),  # fewer entries: the left-most is still ours
        (1, "", "192.0.2.7"),  # no header: the proxy's own address
        (1, "10.0.0.1, not-an-address", "192.0.2.7"),
    ],
)
def test_behind_proxies_the_client_is_read_right_to_left(settings, proxies, forwarded, client):
    settings.PROXY_COUNT = proxies
    request = RequestFactory().get("/", REMOTE_ADDR="192.0.2.7", HTTP_X_FORWARDED_FOR=forwarded)
    assert throttling.client_address(request) == client


def test_behind_one_proxy_a_new_left_entry_is_the_same_client(client, counted):
    counted.PROXY_COUNT = 1
    counted.THROTTLE_RATES = {**counted.THROTTLE_RATES, "validate": "3/min"}

    def validate(forwarded: str):
        return client.post(
            reverse("api-validate", args=["little-game"]),
            {},
            content_type="application/json",
            HTTP_X_FORWARDED_FOR=forwarded,
        )

    seen = [validate(f"10.0.0.{n}, 203.0.113.5").status_code for n in range(4)]
    assert seen[3] == 429 and 429 not in seen[:3]
    assert validate("10.0.0.9, 203.0.113.6").status_code != 429  # another client


def test_django_axes_sees_the_same_client_as_the_rates(settings):
    from axes.helpers import get_client_ip_address

    settings.PROXY_COUNT = 1
    request = RequestFactory().post(
        "/accounts/login/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="1.1.1.1, 203.0.113.5"
    )
    assert get_client_ip_address(request) == throttling.client_address(request) == "203.0.113.5"
    settings.PROXY_COUNT = 0
    assert get_client_ip_address(request) == throttling.client_address(request) == "127.0.0.1"


def test_a_real_seat_counts_alone_at_the_table_and_a_made_up_one_is_its_address(user, catalogue):
    from catalog.models import Game

    table = services.table_create(host=user, game=Game.objects.get(slug="maker-war"), name="Ada")
    seat = services.seat_join(table=table, name="Ben")
    factory = RequestFactory()

    def request(token: str):
        made = factory.post("/", HTTP_X_SEAT_TOKEN=token, REMOTE_ADDR="192.0.2.7")
        made.user = type("Anonymous", (), {"is_authenticated": False})()
        return made

    assert throttling.client_ident(request(seat.token), "table") == f"seat-{seat.pk}"
    assert throttling.client_ident(request(uuid.uuid4().hex), "table") == "addr-192.0.2.7"
    # a seat counts alone only at the table
    assert throttling.client_ident(request(seat.token), "mail") == "addr-192.0.2.7"
    assert "table" in throttling.GUEST_SCOPES


def test_a_made_up_session_cookie_at_the_table_is_its_address(client, counted, user, catalogue):
    from catalog.models import Game

    counted.THROTTLE_RATES = {**counted.THROTTLE_RATES, "table": "3/min"}
    table = services.table_create(host=user, game=Game.objects.get(slug="maker-war"), name="Ada")

    def act():
        client.cookies["sessionid"] = uuid.uuid4().hex  # a session the site never made
        return client.post(f"/t/{table.code}/act/", {"action": "{}"})

    seen = statuses(act, 5)
    assert 429 not in seen[:3]
    assert seen[3:] == [429, 429]
