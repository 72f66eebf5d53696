"""Card PDFs as printed: page sizes, card boxes to 0.2 mm, cut and crop marks off the
cards, the 100 mm scale bar on every page, mirrored backs, and the cards' text."""

from __future__ import annotations

import pytest

from companion.games.registry import get_game
from printing.cardsheets import card_pdf
from printing.layout import BLEED, Settings, back_slot, home_sheet, shop_sheet
from printing.producers import get_producer
from tests.printing.pdfcheck import filled_rects, page_size_mm, reader, scale_bars, text


def quiet(percent: int, message: str) -> None:
    """A progress callback that reports nowhere."""


def make(kind: str, game: str, what: str, settings: dict, *, example: bool, players: int = 0):
    params = {"game": game, "what": what, "settings": settings, "players": players}
    if example:
        params["list"] = {
            "name": "Test list",
            "owner": "ada",
            "url": "http://127.0.0.1/lists/1/",
            "body": get_game(game).example_list(),
        }
    return get_producer(kind).make(params, quiet)


def card_boxes(data: bytes, page: int, w: float, h: float):
    return [r for r in filled_rects(data, page) if r.near(w, h)]


@pytest.fixture(scope="module")
def deck_home():
    """The example Micro and Macro deck, home printing on A4 with duplex backs."""
    settings = {"paper": "a4", "card": "poker", "mode": "home", "backs": True, "back_dx": 1.5}
    return make("cards-pdf", "micro-and-macro", "deck", settings, example=True).data


def test_home_sheet_geometry_is_worked_out_by_hand():
    sheet = home_sheet(Settings())
    # A4 is 210 x 297; three poker cards are 189 x 264: margins 10.5 and 16.5 mm
    assert sheet.per_page == 9
    assert (sheet.slots[0].x, sheet.slots[0].y) == (10.5, 16.5)
    assert (sheet.slots[8].x, sheet.slots[8].y) == (10.5 + 126, 16.5 + 176)
    letter = home_sheet(Settings(paper="letter"))
    assert letter.per_page == 9 and round(letter.slots[0].x, 2) == 13.45


def test_a_deck_prints_every_card_with_a_back_page_after_each_front(deck_home):
    body = get_game("micro-and-macro").example_list()
    count = sum(r["count"] for r in body["main"] + body["buildings"])  # 34 + 6
    assert count == 40
    pages = len(reader(deck_home).pages)
    assert pages == 2 * 5  # 40 cards: 5 fronts of up to 9, each followed by its backs
    assert page_size_mm(deck_home) == pytest.approx((210, 297), abs=0.05)
    fronts = sum(len(card_boxes(deck_home, p, 63, 88)) for p in range(0, pages, 2))
    assert fronts == 40


def test_cards_sit_where_the_layout_puts_them_within_a_fifth_of_a_millimetre(deck_home):
    sheet = home_sheet(Settings())
    boxes = sorted(card_boxes(deck_home, 0, 63, 88), key=lambda r: (round(r.y), r.x))
    assert len(boxes) == 9
    for box, slot in zip(boxes, sheet.slots, strict=True):
        assert box.x == pytest.approx(slot.x, abs=0.2)
        assert box.y == pytest.approx(slot.y, abs=0.2)


def test_backs_mirror_the_columns_and_take_the_offset(deck_home):
    settings = Settings(backs=True, back_dx=1.5)
    sheet = home_sheet(settings)
    backs = sorted(card_boxes(deck_home, 1, 63, 88), key=lambda r: (round(r.y), r.x))
    assert len(backs) == 9
    # the first front card (left column) has its back in the right column, 1.5 mm further
    assert back_slot(sheet, 0, settings).x == pytest.approx(136.5 + 1.5)
    expected = sorted(
        (back_slot(sheet, i, settings) for i in range(9)), key=lambda s: (round(s.y), s.x)
    )
    for box, slot in zip(backs, expected, strict=True):
        assert (box.x, box.y) == pytest.approx((slot.x, slot.y), abs=0.2)


def test_every_page_has_a_100_mm_scale_bar(deck_home):
    for page in range(len(reader(deck_home).pages)):
        bars = scale_bars(filled_rects(deck_home, page))
        assert len(bars) == 1
        assert bars[0].w == pytest.approx(100, abs=0.2)


def test_cut_marks_stay_in_the_margin_never_on_a_card(deck_home):
    rects = filled_rects(deck_home, 0)
    cards = card_boxes(deck_home, 0, 63, 88)
    marks = [r for r in rects if r.fill == (0.0, 0.0, 0.0) and min(r.w, r.h) < 0.3]
    assert len(marks) == 2 * (4 + 4)  # 4 column lines and 4 row lines, both ends
    for mark in marks:
        for card in cards:
            overlap_x = mark.x < card.x + card.w - 0.01 and card.x < mark.x + mark.w - 0.01
            overlap_y = mark.y < card.y + card.h - 0.01 and card.y < mark.y + mark.h - 0.01
            assert not (overlap_x and overlap_y)


def test_the_deck_text_is_on_the_cards(deck_home):
    words = text(deck_home)
    for expected in ("Blood Spire", "Unholy Relic", "Bloodmages", "LP", "Slots", "Fits:"):
        assert expected in words


def test_print_shop_pages_have_one_card_with_bleed_and_crop_marks_outside():
    cards = [{"title": "Sample", "type": "Instant", "text": "Gain 3 resources.", "count": 2}]
    data = card_pdf(cards, Settings(mode="shop", card="poker"), quiet, title="shop")
    sheet = shop_sheet(Settings(mode="shop"))
    assert len(reader(data).pages) == 2
    assert page_size_mm(data) == pytest.approx((83, 108), abs=0.05)
    rects = filled_rects(data, 0)
    [card] = [r for r in rects if r.near(63, 88)]
    [bleed] = [r for r in rects if r.near(63 + 2 * BLEED, 88 + 2 * BLEED)]
    assert (card.x, card.y) == pytest.approx((sheet.slots[0].x, sheet.slots[0].y), abs=0.2)
    assert (bleed.x, bleed.y) == pytest.approx((card.x - 3, card.y - 3), abs=0.2)
    marks = [r for r in rects if r.fill == (0.0, 0.0, 0.0) and min(r.w, r.h) < 0.3]
    assert len(marks) == 8
    for mark in marks:  # every crop mark lies wholly outside the bleed
        outside = (
            mark.x + mark.w <= bleed.x + 0.01
            or mark.x >= bleed.x + bleed.w - 0.01
            or mark.y + mark.h <= bleed.y + 0.01
            or mark.y >= bleed.y + bleed.h - 0.01
        )
        assert outside
    assert len(scale_bars(rects)) == 1


@pytest.mark.parametrize(
    ("paper", "card", "size", "per_page"),
    [("letter", "poker", (215.9, 279.4), 9), ("a4", "mini", (210, 297), 16)],
)
def test_other_papers_and_card_sizes(paper, card, size, per_page):
    cards = [
        {"title": f"Card {n}", "type": "Test", "text": "", "count": 1} for n in range(per_page)
    ]
    settings = Settings(paper=paper, card=card)
    data = card_pdf(cards, settings, quiet, title="sizes")
    assert len(reader(data).pages) == 1
    assert page_size_mm(data) == pytest.approx(size, abs=0.05)
    w, h = settings.card_size.width, settings.card_size.height
    assert len(card_boxes(data, 0, w, h)) == per_page


def test_the_missiles_kit_for_four_players_has_their_cards():
    data = make(
        "cards-pdf", "missiles-and-microchips", "kit", {"card": "poker"}, example=False, players=4
    ).data
    # each of 4 computers: its own card, 3 TARGET cards at the others, ATTACK, BLOCK, CHARGE
    assert sum(len(card_boxes(data, p, 63, 88)) for p in range(len(reader(data).pages))) == 4 * 7
    words = text(data)
    assert "TARGET: Ember Engine" in words and "Violet Cipher" not in words


def test_the_maker_war_supply_deck_has_40_cards():
    data = make("cards-pdf", "maker-war", "supply", {}, example=False).data
    pages = reader(data).pages
    assert len(pages) == 5  # 40 cards, 9 a page
    assert sum(len(card_boxes(data, p, 63, 88)) for p in range(5)) == 40
    assert "Orbital Barrage" in text(data)


def test_formation_datacards_carry_points_supply_and_traits():
    data = make("cards-pdf", "maker-war", "datacards", {"card": "tarot"}, example=True).data
    words = " ".join(text(data).split())  # a stat box prints its label above its value
    assert "First company" in words and "Points 236" in words and "Supply 2" in words
    assert "Maker Rifles" in words and "Transport 4" in words
    # five formations, tarot size: 2 x 2 a page on A4
    assert [len(card_boxes(data, p, 70, 120)) for p in range(2)] == [4, 1]


def test_the_little_game_has_its_ten_cards_and_smalltricks_its_reference():
    ten = make("cards-pdf", "little-game", "cards", {}, example=False).data
    assert sum(len(card_boxes(ten, p, 63, 88)) for p in range(2)) == 10
    ref = make("cards-pdf", "smalltricks", "reference", {}, example=False).data
    assert "Battery Ram" in text(ref) and "Volley" in text(ref)


@pytest.mark.parametrize("load", [0.0, 99.0])  # worker processes on an idle machine, else none
def test_a_big_deck_is_rendered_in_chunks_and_merged_in_order(monkeypatch, load):
    from printing import pdf
    from printing.cardsheets import card_documents
    from printing.pdf import render_chunks

    monkeypatch.setattr(pdf.os, "getloadavg", lambda: (load, load, load))
    assert pdf.workers() == (1 if load else min(4, pdf.os.cpu_count() or 1))

    cards = [{"title": f"Card {n:03d}", "type": "Test", "text": "", "count": 1} for n in range(45)]
    documents = card_documents(cards, Settings(), title="big", pages_per_chunk=1)
    assert len(documents) == 5  # one page of nine cards each
    seen: list[int] = []
    data = render_chunks(documents, lambda p, m: seen.append(p), title="big")
    imposed: list[int] = []  # the print: 45 faces in chunks, imposed on 5 sheets
    printed = card_pdf(cards, Settings(), lambda p, m: imposed.append(p), title="big")
    for made in (data, printed):
        pdf = reader(made)
        assert len(pdf.pages) == 5 and pdf.metadata.title == "big"
        for page_number, page in enumerate(pdf.pages):
            words = page.extract_text()
            first, last = f"Card {page_number * 9:03d}", f"Card {page_number * 9 + 8:03d}"
            assert first in words and last in words
    assert seen == sorted(seen) and seen[-1] == 95
    assert imposed == sorted(imposed) and imposed[-1] == 90


# The cost badge (a disc, a pill for a long cost, inside the card): test_card_faces.py
