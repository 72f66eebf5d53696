"""Accounts in a real browser: sign up with an e-mail, tag and find lists on "My lists",
sort the gallery, forget the password and reset it from the mailed link, change it, and
delete the account; every page fits a 390 px phone."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser

PASSWORD = "a-long-passphrase-42"
RESET = "a-brand-new-passphrase-7"
CHANGED = "a-third-passphrase-99"
PHONE = {"width": 390, "height": 844}


def fits_a_phone(page) -> None:
    width, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner, f"{page.url} is {width} px wide on a {inner} px screen"


def log_in(page, base: str, password: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=username]", "ada")
    page.fill("input[name=password]", password)
    page.click("main form button")
    page.wait_for_url(f"{base}/")


def test_lists_tags_and_the_whole_account_journey(page, live_server, django_user_model):
    from django.core import mail

    from armies import services
    from catalog.models import Game
    from companion.games.registry import get_game

    base = live_server.url
    page.set_viewport_size(PHONE)

    # Sign up with an e-mail address.
    page.goto(f"{base}/accounts/signup/")
    page.fill("input[name=username]", "ada")
    page.fill("input[name=email]", "ada@example.org")
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.click("main form button")
    page.wait_for_url(f"{base}/")
    ada = django_user_model.objects.get(username="ada")
    assert ada.email == "ada@example.org"

    # The home page offers Build, Play and Print for every game.
    for action in ("Build", "Play", "Print"):
        assert page.locator(f"li.card a:text-is('{action}')").count() == 5
    fits_a_phone(page)

    # Two lists in two games, one published; "My lists" shows both and tags them.
    for slug, name in (("maker-war", "Spearhead"), ("smalltricks", "Hill band")):
        services.list_create(
            owner=ada,
            game=Game.objects.get(slug=slug),
            name=name,
            body=get_game(slug).example_list(),
            visibility="public" if slug == "maker-war" else "private",
        )
    assert page.locator("nav.account a[href='/lists/']").count() == 1
    page.goto(f"{base}/lists/")
    assert page.locator("#my-lists tr[data-list]").count() == 2
    row = page.locator("#my-lists tr[data-list]:has-text('Hill band')")
    row.locator("input[name=tag]").fill("Tournament")
    row.locator("button:text-is('Add tag')").click()
    page.wait_for_selector(".message.success")
    assert "Tournament" in page.inner_text("#my-lists tr[data-list]:has-text('Hill band')")
    fits_a_phone(page)
    page.screenshot(path="/tmp/muster-my-lists.png", full_page=True)

    # Filter by the tag, then search by name as one types.
    page.select_option("select[name=tag]", label="Tournament")
    page.wait_for_url(re.compile(r".*tag=\d+.*"))
    assert page.locator("#my-lists tr[data-list]").count() == 1
    assert "Hill band" in page.inner_text("#my-lists")
    page.goto(f"{base}/lists/")
    page.fill("input[name=q]", "spear")
    page.wait_for_function("document.querySelectorAll('#my-lists tr[data-list]').length === 1")
    assert "Spearhead" in page.inner_text("#my-lists")

    # Remove the tag again.
    page.goto(f"{base}/lists/")
    with page.expect_navigation():  # the same address again, so wait for the new page
        page.click("button[aria-label='Remove tag Tournament from Hill band']")
    assert "Tournament" not in page.inner_text("#my-lists")

    # The gallery sorts by most copied and shows the count.
    page.goto(f"{base}/games/maker-war/gallery/")
    page.click("a:text-is('Most copied')")
    page.wait_for_url(re.compile(r".*sort=copied"))
    assert page.inner_text("#gallery td.copies") == "0"
    fits_a_phone(page)
    page.screenshot(path="/tmp/muster-gallery.png", full_page=True)

    # Forgotten password: log out, ask for a link, follow it from the e-mail.
    # (the phone's menu may fold the account links away: submit the log-out form itself)
    page.evaluate("document.querySelector('nav.account form').requestSubmit()")
    page.wait_for_url(f"{base}/")
    page.goto(f"{base}/accounts/login/")
    page.click("a:text-is('Forgot your password?')")
    fits_a_phone(page)
    mail.outbox.clear()
    page.fill("input[name=email]", "ada@example.org")
    page.click("main form button")
    page.wait_for_selector("#reset-sent")
    assert len(mail.outbox) == 1
    link = re.search(r"https?://\S+/accounts/reset/\S+/", mail.outbox[0].body).group(0)
    page.goto(link)
    page.wait_for_selector("input[name=new_password1]")
    fits_a_phone(page)
    page.fill("input[name=new_password1]", RESET)
    page.fill("input[name=new_password2]", RESET)
    page.click("main form button")
    page.wait_for_selector("h1:text-is('Password set')")
    log_in(page, base, RESET)

    # Change the password from the account page.
    page.goto(f"{base}/accounts/me/")
    fits_a_phone(page)
    page.screenshot(path="/tmp/muster-account.png", full_page=True)
    page.click("a:text-is('Change your password')")
    page.fill("input[name=old_password]", RESET)
    page.fill("input[name=new_password1]", CHANGED)
    page.fill("input[name=new_password2]", CHANGED)
    page.click("main form button")
    page.wait_for_selector("h1:text-is('Password changed')")

    # Delete the account: a wrong password changes nothing, the right one deletes.
    page.goto(f"{base}/accounts/delete/")
    fits_a_phone(page)
    assert "2 lists" in page.inner_text("main")
    page.screenshot(path="/tmp/muster-delete-account.png", full_page=True)
    page.fill("input[name=password]", RESET)
    page.check("input[name=confirm]")
    page.click("main form button")
    page.wait_for_selector("p.error:text-is('That is not your password.')")
    assert django_user_model.objects.filter(username="ada").exists()
    page.fill("input[name=password]", CHANGED)
    page.check("input[name=confirm]")
    page.click("main form button")
    page.wait_for_url(f"{base}/")
    assert "are deleted" in page.inner_text(".message")
    assert not django_user_model.objects.filter(username="ada").exists()
    page.goto(f"{base}/lists/")
    assert "/accounts/login/" in page.url  # signed out
