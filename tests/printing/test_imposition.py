"""Imposed card sheets: each distinct face is rendered once and reused for every copy, and
the pages look exactly like the same sheets' HTML rendered directly by WeasyPrint."""

from __future__ import annotations

import io

import pikepdf
import pytest

from bench import pagediff
from printing.cardsheets import card_chunks, card_pdf, face, face_key
from printing.imposition import Placement, impose
from printing.layout import Settings
from printing.pdf import render_chunks, render_html
from tests.printing.pdfcheck import reader, text
from tests.printing.test_card_pdfs import card_boxes, make, quiet

DESIGNS = [
    {"title": "Spearwall", "type": "Tactic", "cost": 2, "text": "Hold the line.", "count": 5},
    {
        "title": "Blood Spire",
        "type": "Building",
        "faction": "Bloodmages",
        "cost": 12,
        "stats": [["LP", "6"], ["Slots", "2"]],
        "text": "Fits: one upgrade.\nEach turn, gain 1 blood.",
        "footer": "Micro and Macro",
        "colour": "#e9c4c4",
        "count": 4,
    },
    {"title": "Orbital Barrage", "type": "Supply card", "symbol": "bolt", "count": 3},
]
BACK = {"title": "Muster", "type": "Test deck", "symbol": "gear"}
HOME = Settings(backs=True, back_dx=1.5, back_dy=-0.5)
SHOP = Settings(mode="shop", backs=True)


def direct(settings: Settings, cards: list[dict] = DESIGNS) -> bytes:
    """The same sheets as HTML, rendered by WeasyPrint as they were before imposition."""
    chunks = card_chunks(cards, settings, title="t", back=BACK)
    return render_chunks(chunks, quiet, title="t")


def forms_drawn(data: bytes) -> set[tuple[int, int]]:
    """Every form XObject any page of ``data`` draws, by object number."""
    pdf = pikepdf.open(io.BytesIO(data))
    found = set()
    for page in pdf.pages:
        for _, xobject in page.resources.get("/XObject", {}).items():
            if xobject.get("/Subtype") == "/Form":
                found.add(xobject.objgen)
    return found


@pytest.fixture(scope="module")
def home_pdf() -> bytes:
    """Twelve cards of three designs, duplex with a measured back offset."""
    return card_pdf(DESIGNS, HOME, quiet, title="t", back=BACK)


def test_copies_share_one_face_and_different_cards_do_not():
    one, five = dict(DESIGNS[0], count=1), dict(DESIGNS[0], count=5)
    assert face_key("front", face(one)) == face_key("front", face(five))
    assert face_key("front", face(one)) != face_key("back", face(one))
    other = dict(DESIGNS[0], text="Hold the line!")
    assert face_key("front", face(one)) != face_key("front", face(other))


def test_each_distinct_face_is_rendered_once_and_drawn_for_every_copy(home_pdf):
    # 3 front designs and the one back, and the sheet's marks and scale bar
    assert len(forms_drawn(home_pdf)) == 3 + 1 + 1
    pages = reader(home_pdf).pages
    assert len(pages) == 4  # 12 cards: 2 fronts of up to 9, each followed by its backs
    assert [len(card_boxes(home_pdf, p, 63, 88)) for p in range(4)] == [9, 9, 3, 3]


def test_a_real_deck_renders_its_eight_designs_once_for_forty_cards():
    data = make("cards-pdf", "maker-war", "supply", {}, example=False).data
    assert sum(len(card_boxes(data, p, 63, 88)) for p in range(5)) == 40
    assert len(forms_drawn(data)) == 8 + 1


@pytest.mark.parametrize("layout", [HOME, SHOP], ids=["home-duplex", "shop-duplex"])
def test_imposed_pages_look_exactly_like_the_sheets_rendered_directly(layout, home_pdf):
    imposed = home_pdf if layout is HOME else card_pdf(DESIGNS, layout, quiet, title="t", back=BACK)
    diffs = pagediff.compare(imposed, direct(layout))
    assert len(diffs) == (4 if layout is HOME else 24)
    for number, diff in enumerate(diffs, start=1):
        assert diff.invisible, (number, diff)
        assert diff.mean < 0.05 and diff.worst_block < 2, (number, diff)


def test_the_comparison_sees_one_changed_word(home_pdf):
    changed = [dict(DESIGNS[0], title="Spearwal"), *DESIGNS[1:]]
    diffs = pagediff.compare(home_pdf, direct(HOME, changed))
    assert not all(d.invisible for d in diffs)
    assert not diffs[0].invisible and diffs[1].invisible  # the fronts differ, the backs not


def test_the_imposed_pdf_keeps_its_title_and_every_cards_text(home_pdf):
    assert reader(home_pdf).metadata.title == "t"
    words = text(home_pdf)
    for expected in ("Spearwall", "Blood Spire", "Orbital Barrage", "Test deck", "100 mm"):
        assert expected in words


def test_a_face_lands_at_its_placement_to_a_hundredth_of_a_millimetre():
    square = "<style>@page{size:20mm 30mm;margin:0}body{margin:0}</style>"
    face_page = render_html(square + '<div style="width:20mm;height:30mm;background:#f00">')
    sheet = render_html("<style>@page{size:100mm 100mm;margin:0}</style><p>sheet</p>")
    data = impose(sheet, [face_page], [[Placement(0, 12.5, 40.0), Placement(0, 70.0, 5.0)]])
    red = sorted(
        (r for r in card_boxes(data, 0, 20, 30) if r.fill == (1.0, 0.0, 0.0)), key=lambda r: r.x
    )
    assert [(round(r.x, 2), round(r.y, 2)) for r in red] == [(12.5, 40.0), (70.0, 5.0)]


def test_a_face_page_too_many_or_too_few_is_refused_not_misplaced():
    square = "<style>@page{size:20mm 30mm;margin:0}</style><p>a</p>"
    two = render_html(square + '<p style="page-break-before:always">b</p>')
    sheet = render_html("<style>@page{size:100mm 100mm;margin:0}</style><p>sheet</p>")
    with pytest.raises(ValueError, match="not one each"):
        impose(sheet, [two], [[Placement(0, 0, 0)]])
    with pytest.raises(ValueError, match="not one each"):
        impose(sheet, [two], [[Placement(0, 0, 0), Placement(2, 0, 0)]])
