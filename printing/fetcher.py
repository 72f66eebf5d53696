"""WeasyPrint's only way to load anything: Muster's own static files and data: URIs.

The default fetcher reads ``file://`` paths and the network, so a name typed into a list
could make a print read the server's files; this one refuses everything else.
"""

from __future__ import annotations

import mimetypes
from pathlib import Path
from urllib.parse import unquote, urlparse

from weasyprint.urls import URLFetcher, URLFetcherResponse

ROOT = Path(__file__).resolve().parent.parent
STATIC_ROOTS = (ROOT / "printing" / "static", ROOT / "companion" / "static")
STATIC_PREFIX = "/static/"
BASE_URL = "muster-static:/"  # documents use this base: relative URLs resolve to static


class FetchRefused(ValueError):
    """A URL outside Muster's static files."""


def static_path(url: str) -> Path:
    """The file a static URL names, inside one of the static roots; FetchRefused otherwise."""
    parsed = urlparse(url)
    if parsed.scheme not in ("muster-static", "") or parsed.netloc:
        raise FetchRefused(f"Refused to fetch {url!r}: only Muster's own files are used.")
    path = unquote(parsed.path)
    if path.startswith(STATIC_PREFIX):
        path = path[len(STATIC_PREFIX) :]
    relative = path.lstrip("/")
    for root in STATIC_ROOTS:
        candidate = (root / relative).resolve()
        if candidate.is_relative_to(root.resolve()) and candidate.is_file():
            return candidate
    raise FetchRefused(f"Refused to fetch {url!r}: not one of Muster's static files.")


class MusterFetcher(URLFetcher):
    """A WeasyPrint url_fetcher: data: URIs and Muster's static files, nothing else.

    Every refused URL is kept in ``refused`` (WeasyPrint itself only logs a warning)."""

    def __init__(self) -> None:
        super().__init__(allowed_protocols=("data", "muster-static"), allow_redirects=False)
        self.refused: list[str] = []

    def fetch(self, url: str, headers: object = None) -> URLFetcherResponse:
        if url.startswith("data:"):
            return super().fetch(url, headers)
        try:
            path = static_path(url)
        except FetchRefused:
            self.refused.append(url)
            raise
        mime, _ = mimetypes.guess_type(path.name)
        return URLFetcherResponse(
            url,
            body=path.read_bytes(),
            headers={"Content-Type": mime or "application/octet-stream"},
        )
