"""A tablet's page against live_server (the browser itself: ``tests/browsers.py``)."""

from __future__ import annotations

import pytest


@pytest.fixture
def page(browser, live_server, transactional_db):
    from catalog.services import load_catalogue

    load_catalogue()
    context = browser.new_context(viewport={"width": 820, "height": 1180})  # a tablet
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()
