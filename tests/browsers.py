"""Debian's chromium for the tests (never a downloaded browser), and drawing a table's JSON
view as a device does in it, for tests that read
what a page shows: ``drawn(view)`` is the HTML that ``companion/static/table/`` and the
game's ``view.js`` put on the screen for that view (``board=True``: the public board's
live part; ``error``: a refused tap's message), lit-html's comment markers left out.

The modules are served from the site's static files by a small server of their own (no
database, no Django server), so a test marked ``browser`` may build its views with the
test client in an ordinary ``django_db`` transaction."""

from __future__ import annotations

import json
import mimetypes
import os
import re
import shutil
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

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


HARNESS = """<!doctype html><html><head><meta charset="utf-8">
<script type="importmap">{"imports": {"lit-html": "/static/vendor/lit-html.js",
"muster/table-lib": "/static/table/lib.js", "muster/table-view": "/static/table/view.js"}}</script>
<script type="module">
import { boardTemplate, viewTemplate } from "muster/table-view";
import { render } from "lit-html";
const modules = {};
window.musterDraw = async (url, view, board, error) => {
  modules[url] = modules[url] || await import(url);
  const box = document.createElement("div");
  render(board ? boardTemplate(view, modules[url]) : viewTemplate(view, modules[url], error), box);
  return box.innerHTML;
};
window.musterReady = true;
</script></head><body></body></html>"""

DRAW = "([url, view, board, error]) => window.musterDraw(url, view, board, error)"
Drawn = Callable[..., str]


class _Static(BaseHTTPRequestHandler):
    """``/harness`` and the site's static files, found as ``collectstatic`` would."""

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        from django.contrib.staticfiles import finders

        if self.path == "/harness":
            body, kind = HARNESS.encode(), "text/html"
        else:
            found = self.path.startswith("/static/") and finders.find(self.path[8:])
            if not found:
                self.send_error(404)
                return
            with open(found, "rb") as source:
                body = source.read()
            kind = mimetypes.guess_type(found)[0] or "application/octet-stream"
            if found.endswith(".js"):
                kind = "text/javascript"
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        return  # quiet


def module_url(slug: str) -> str:
    """The module that draws ``slug``'s table, as the page names it (``game_module``)."""
    from companion.templatetags.game_files import game_module

    return game_module(slug)


@pytest.fixture(scope="session")
def drawing_page(browser) -> Iterator[Any]:
    """One chromium page with the table's modules loaded, for the whole session."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Static)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"http://127.0.0.1:{server.server_address[1]}/harness")
    page.wait_for_function("window.musterReady === true")
    page.errors = errors
    yield page
    context.close()
    server.shutdown()


def without_markers(html: str) -> str:
    """lit-html's comment markers out of drawn HTML."""
    return re.sub(r"<!--.*?-->", "", html, flags=re.S)


@pytest.fixture
def drawn(drawing_page) -> Drawn:
    """``drawn(view, board=False, error=None)``: the HTML a device draws for ``view`` (a
    seat's view dict, or a view message with ``data``)."""

    def draw(view: dict[str, Any], *, board: bool = False, error: dict | None = None) -> str:
        if "data" in view and "seq" in view and view.get("type") == "view":
            error = error or view.get("error")
            view = view["data"]
        view = json.loads(json.dumps(view))  # as the device gets it: JSON, no Python types
        url = "/static/" + module_url(view["game"]).split("/static/", 1)[1]
        html = drawing_page.evaluate(DRAW, [url, view, board, error])
        assert drawing_page.errors == [], drawing_page.errors
        return without_markers(html)

    return draw


@pytest.fixture
def drawn_page(drawn) -> Callable[..., str]:
    """``drawn_page(client, code, board=False)``: what the device shows of a table page:
    the page the server sends (lobby, join code, seat form, the view's JSON it embeds)
    followed by the view as the device draws it."""

    def get(client: Any, code: str, *, board: bool = False) -> str:
        query = "?board=1" if board else ""
        page = client.get(f"/t/{code}/{query}")
        view = client.get(f"/t/{code}/view/{query}")
        assert page.status_code == 200 and view.status_code == 200
        return page.content.decode() + "\n" + drawn(view.json(), board=board)

    return get
