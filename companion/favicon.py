"""``/favicon.ico``: browsers ask for it whatever the page links, so it answers the
installed app's icon (``companion/icons.py``) instead of a 404 in every log."""

from __future__ import annotations

from django.http import FileResponse, HttpRequest
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

from companion.icons import icon_path


@require_safe
@cache_control(public=True, max_age=7 * 24 * 3600)
def favicon(request: HttpRequest) -> FileResponse:
    """The 192 px icon as PNG: every browser accepts a PNG under this name."""
    return FileResponse(icon_path(192).open("rb"), content_type="image/png")
