"""Guessing passwords stops at django-axes' lock-out; HTTP Basic auth is off by default."""

from __future__ import annotations

import base64

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def _login(client, password: str):
    return client.post(reverse("login"), {"username": "ada", "password": password})


def test_the_right_password_is_refused_after_ten_wrong_ones(client, user, settings):
    settings.THROTTLE_ENABLED = False  # the lock-out, not the rate limit, is under test
    for _ in range(10):
        _login(client, "wrong-guess")
    response = _login(client, "a-long-passphrase-42")
    assert response.status_code == 429
    assert b"Too many wrong passwords" in response.content
    assert "_auth_user_id" not in client.session


def test_a_few_wrong_passwords_then_the_right_one_logs_in(client, user):
    for _ in range(3):
        assert _login(client, "wrong-guess").status_code == 200
    response = _login(client, "a-long-passphrase-42")
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(user.pk)


def test_basic_auth_is_not_an_api_login_by_default(client, user):
    token = base64.b64encode(b"ada:a-long-passphrase-42").decode()
    response = client.post(
        reverse("api-list-list", args=["maker-war"]),
        {"name": "x", "body": {}},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Basic {token}",
    )
    assert response.status_code == 403
