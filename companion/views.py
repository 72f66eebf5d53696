"""Site-wide pages: sign-up, the health check, and what makes the site an installable app
(its manifest and its service worker, served from the root so its scope covers every page)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from django.contrib import messages
from django.contrib.auth import login
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

from companion.accounts import SignupForm


def signup(request: HttpRequest) -> HttpResponse:
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, f"Welcome to Muster, {user.username}.")
        return redirect("catalog:home")
    return render(
        request, "registration/signup.html", {"form": form}, status=400 if form.errors else 200
    )


def healthz(request: HttpRequest) -> JsonResponse:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return JsonResponse({"ok": True})


SERVICE_WORKER = Path(__file__).resolve().parent / "static" / "sw.js"
# The app shell: what a kept page needs to draw itself offline (a game's own view.js,
# table.css and table.js are kept as the pages load them).
SHELL = (
    "muster.css",
    "muster.js",
    "table.js",
    "table/lib.js",
    "table/view.js",
    "table/generic.js",
    "table-offline.css",
    "vendor/htmx.min.js",
    "vendor/lit-html.js",
    "icons/muster-192.png",
    "icons/muster-512.png",
)
# Pages kept for offline reading (path patterns, JavaScript syntax): the tables, a table
# page (seat or board), and the builder lists, own or shared. ``/t/<code>/view/`` is the
# view a table page polls; the page script keeps its newest one itself.
KEPT_PAGES = (
    r"^/tables/$",
    r"^/t/[^/]+/$",
    r"^/games/[^/]+/lists/",
    r"^/lists/shared/",
)
TABLE_VIEW = r"^/t/[^/]+/view/$"


def service_worker_config() -> dict[str, object]:
    """What ``sw.js`` needs from the site: URLs as Django builds them, never hard-coded."""
    return {
        "shell": [static(name) for name in SHELL] + [reverse("manifest")],
        "static": static(""),
        "manifest": reverse("manifest"),
        "home": reverse("table:home"),
        "pages": list(KEPT_PAGES),
        "views": TABLE_VIEW,
        # posts after which this device forgets the pages it kept (another player, or
        # none: a deleted account's private lists must not stay readable offline)
        "signOut": [
            reverse("login"),
            reverse("logout"),
            reverse("signup"),
            reverse("account-delete"),
        ],
    }


@require_GET
@cache_control(no_cache=True)
def service_worker(request: HttpRequest) -> HttpResponse:
    """``/sw.js``: the worker's code with its configuration. Served from the root, since a
    worker only sees the pages under its own path; its version changes with its text or
    its configuration, so an update replaces the kept app shell."""
    config = service_worker_config()
    source = SERVICE_WORKER.read_text(encoding="utf-8")
    version = hashlib.sha256((json.dumps(config) + source).encode()).hexdigest()[:12]
    body = f"const CONFIG = {json.dumps({**config, 'version': version})};\n{source}"
    return HttpResponse(body, content_type="application/javascript; charset=utf-8")


@require_GET
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest: the table on a tablet's home screen, opening without the
    browser's bars on the player's tables."""
    icons = [
        {"src": static(f"icons/muster-{size}.png"), "sizes": f"{size}x{size}", "type": "image/png"}
        for size in (192, 512)
    ]
    body = {
        "id": reverse("table:home"),
        "name": "Muster",
        "short_name": "Muster",
        "description": "Army lists, decks and the live table for five tabletop games.",
        "start_url": reverse("table:home"),
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "background_color": "#f7f8fa",
        "theme_color": "#24598f",
        "icons": [
            *({**icon, "purpose": "any"} for icon in icons),
            *({**icon, "purpose": "maskable"} for icon in icons),
        ],
    }
    return JsonResponse(body, content_type="application/manifest+json")
