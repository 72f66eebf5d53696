"""Playwright driving Debian's chromium (never a downloaded browser) against live_server."""

from __future__ import annotations

import os
import shutil

import pytest

CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]

# Playwright's sync API keeps an event loop on the test thread; the ORM calls the tests
# make around it are still synchronous.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    if not os.path.exists(CHROMIUM):
        pytest.fail(f"Debian's chromium is missing at {CHROMIUM}: run `make browser`.")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture
def page(browser, live_server, transactional_db):
    from catalog.services import load_catalogue

    load_catalogue()
    context = browser.new_context(viewport={"width": 820, "height": 1180})  # a tablet
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()
