"""WeasyPrint loads Muster's static files and data: URIs, nothing else; user text is text."""

from __future__ import annotations

import pytest

from printing.cardsheets import card_pdf
from printing.fetcher import FetchRefused, MusterFetcher, static_path
from printing.layout import Settings
from tests.printing.pdfcheck import text


def render_with(fetcher: MusterFetcher, html: str) -> bytes:
    from weasyprint import HTML

    return HTML(string=html, url_fetcher=fetcher).write_pdf()


@pytest.mark.parametrize(
    "url",
    [
        "file:///etc/passwd",
        "https://example.com/tracker.png",
        "http://127.0.0.1:8000/admin/",
        "muster-static:/../../../../etc/passwd",
        "muster-static:/printing/../../settings.py",
        "muster-static://evil.example/x.png",
    ],
)
def test_anything_but_muster_static_files_is_refused(url):
    fetcher = MusterFetcher()
    data = render_with(fetcher, f'<p>before</p><img src="{url}"><p>after</p>')
    assert fetcher.refused == [url]
    assert "root:" not in text(data)
    with pytest.raises(FetchRefused):
        static_path(url)


def test_a_stylesheet_import_from_the_network_is_refused():
    fetcher = MusterFetcher()
    render_with(fetcher, '<style>@import url("https://example.com/x.css");</style><p>x</p>')
    assert fetcher.refused == ["https://example.com/x.css"]


def test_muster_static_symbols_and_data_uris_load():
    fetcher = MusterFetcher()
    pixel = "data:image/gif;base64,R0lGODlhAQABAAAAACwAAAAAAQABAAA="
    render_with(fetcher, f'<img src="muster-static:/printing/symbols/star.svg"><img src="{pixel}">')
    assert fetcher.refused == []
    assert static_path("muster-static:/printing/symbols/star.svg").name == "star.svg"


def test_injected_markup_in_a_card_is_printed_as_text_never_fetched():
    evil = '<img src="file:///etc/passwd"><script>x</script>'
    cards = [{"title": evil, "type": "t", "text": 'a <b>"b"</b>', "count": 1}]
    data = card_pdf(cards, Settings(), lambda p, m: None, title=evil)
    words = text(data).replace("\n", "")
    assert '<img src="file:///etc/passwd"><script>x</script>' in words
    assert "root:" not in words
