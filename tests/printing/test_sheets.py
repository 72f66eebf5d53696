"""Sheets as printed: tokens and templates at true size, the board across pages, rosters
with a QR code, trackers; the 100 mm bar on every page."""

from __future__ import annotations

import math
import re

import pytest

from printing import sheets
from printing.layout import Settings
from printing.producers import get_producer
from tests.printing.pdfcheck import filled_rects, page_size_mm, reader, scale_bars, text
from tests.printing.test_card_pdfs import make, quiet


def every_page_has_a_scale_bar(data: bytes) -> None:
    for page in range(len(reader(data).pages)):
        bars = scale_bars(filled_rects(data, page))
        assert len(bars) >= 1, f"page {page + 1} has no 100 mm bar"


def test_tokens_are_packed_at_their_true_size_onto_as_few_pages_as_needed():
    # A4 printable area is 190 x 254 mm (10 mm margins, 9 mm title, 14 mm scale strip).
    # 20 mm squares with 2 mm gaps: 8 a row (8*22-2 = 174), 11 rows (11*22-2 = 240): 88 a page
    tokens = [
        {"label": "T", "shape": "square", "w": 20, "h": 20, "count": 100, "colour": "#ffffff"}
    ]
    pages = sheets.pack(tokens, Settings())
    assert [len(p) for p in pages] == [88, 12]
    assert pages[0][1]["x"] == "32.000mm" and pages[0][8]["y"] == "41.000mm"


def test_a_token_larger_than_the_page_is_a_clear_error():
    with pytest.raises(ValueError, match="larger than the page"):
        sheets.pack([{"label": "Huge", "w": 300, "h": 20}], Settings())


@pytest.fixture(scope="module")
def markers():
    return make("sheet-pdf", "maker-war", "markers", {"paper": "a4"}, example=False).data


def test_maker_war_markers_carry_the_books_symbols_and_the_templates(markers):
    words = text(markers)
    for expected in (
        "Patrol",
        "March",
        "Scatter",
        "Flying Low",
        "Rage",
        "Reliquary",
        "Player axis",
        "5 cm template",
        "15 cm formation template",
        "Energy",
        "Forest",
    ):
        assert expected in words
    every_page_has_a_scale_bar(markers)


def test_terrain_footprints_carry_their_whole_note(markers):
    # the note used to be cut at 40 letters, mid-word ("shelter for")
    assert "shelter for infantry." in text(markers)


def test_the_templates_are_true_size(markers):
    # the 15 cm template is a circle; its SVG box is exactly 150 mm wide
    html = sheets.tokens_document(
        {"title": "t", "tokens": [{"label": "15 cm", "shape": "circle", "w": 150, "h": 150}]},
        Settings(),
    )
    assert 'width="150.000mm" height="150.000mm"' in html
    assert 'r="74.8"' in html  # radius 75 less half the 0.4 mm outline


def test_the_smalltricks_board_is_tiled_true_to_size_with_alignment_marks():
    data = make("sheet-pdf", "smalltricks", "board", {"paper": "a4"}, example=False).data
    # 30 mm hex sides: 9.5 sides + 8 mm padding = 293 mm wide, 6.5 rows of 51.96 mm + 8 = 345.7
    _, width, height = sheets.hexboard_svg({"cols": 6, "rows": 6, "side": 30})
    assert width == pytest.approx(293)
    assert height == pytest.approx(30 * math.sqrt(3) * 6.5 + 8)
    words = text(data)
    assert "part 1 of 4" in words and "part 4 of 4" in words
    assert "Castle A" in words and "F6" in words
    assert "damage tracker" in words
    pages = len(reader(data).pages)
    assert pages == 5  # four board parts, one tracker page
    every_page_has_a_scale_bar(data)
    html = sheets.hexboard_document({"cols": 6, "rows": 6, "side": 30}, Settings())
    assert html.count('stroke="#c00"') > 8  # alignment crosses on the overlaps


def test_a_small_board_fits_one_page():
    html = sheets.hexboard_document({"cols": 6, "rows": 6, "side": 11}, Settings())
    assert "part 1" not in html


def test_rosters_fit_one_page_with_a_qr_code():
    cases = [
        ("maker-war", "roster", "First company"),
        ("smalltricks", "faction", "Archers"),
        ("micro-and-macro", "decklist", "Blood Spire"),
        ("little-game", "army", "Lancers"),
    ]
    for game, what, expected in cases:
        data = make("sheet-pdf", game, what, {"paper": "a4"}, example=True).data
        first = reader(data).pages[0]
        assert expected in first.extract_text(), game
        assert "Open in Muster" in first.extract_text()
        assert page_size_mm(data) == pytest.approx((210, 297), abs=0.05)
        every_page_has_a_scale_bar(data)
    mw = make("sheet-pdf", "maker-war", "roster", {"paper": "letter"}, example=True).data
    assert len(reader(mw).pages) == 1
    assert page_size_mm(mw) == pytest.approx((215.9, 279.4), abs=0.05)


def test_the_qr_code_encodes_the_lists_address():
    svg = sheets.qr_svg("http://127.0.0.1:8000/games/maker-war/lists/7/")
    assert svg.startswith("<svg") and 'width="' in svg


def test_a_titan_schematic_has_structure_boxes_and_its_systems():
    data = make("sheet-pdf", "maker-war", "titans", {}, example=True).data
    words = text(data)
    assert "Foundry Titan" in words and "Structure" in words
    # 14 structure: a moderate Titan, so the moderate table (1-7) with weapons named
    assert "Legs" in words and "Left Weapon" in words and "Generator" in words
    assert "Foundry Rail Cannon" in words


def test_tokens_of_the_other_games():
    mm = make("sheet-pdf", "missiles-and-microchips", "tokens", {}, example=False, players=3)
    assert "Start player" in text(mm.data)
    lg = make("sheet-pdf", "little-game", "pressure", {}, example=False)
    assert "+5" in text(lg.data)
    tracker = make("sheet-pdf", "micro-and-macro", "tracker", {}, example=False)
    assert "resources" in text(tracker.data)
    every_page_has_a_scale_bar(tracker.data)


def test_asking_a_sheet_of_cards_is_an_error():
    with pytest.raises(ValueError, match="printed as cards"):
        get_producer("sheet-pdf").make({"game": "maker-war", "what": "supply"}, quiet)


def test_the_calibration_rulers_sit_behind_the_front_crosses():
    from printing.sheets import calibration_targets

    settings = Settings(paper="a4")
    data = get_producer("calibration-pdf").make({"settings": {"paper": "a4"}}, quiet).data
    assert len(reader(data).pages) == 2
    assert "Duplex calibration (front)" in text(data)
    html = sheets.render(
        "printing/calibration.html",
        {"fronts": [], "backs": [], "ticks": [], "w": "210", "h": "297", "span": 6},
    )
    assert "back offset across" in html
    # a sheet turned over its long edge: x mirrors, y stays
    assert calibration_targets(settings)[0] == (40.0, 60.0)
    every_page_has_a_scale_bar(data)


def _rows(svg: str) -> dict[str, float]:
    """The baselines (mm) of a token's value and name, and its font sizes."""
    import re

    texts = re.findall(r'<text x="[^"]+" y="([^"]+)" font-size="([^"]+)"', svg)
    (label_y, label_font), (sub_y, sub_font) = [(float(y), float(f)) for y, f in texts]
    return {"label_y": label_y, "label_font": label_font, "sub_y": sub_y, "sub_font": sub_font}


def test_a_tokens_value_and_its_name_never_overlap_under_the_pictogram():
    # Missiles & Microchips' 20 mm energy token: pictogram, "1", "energy". Font d/6 = 3.33 mm;
    # pictogram 8.4 mm from y = 2.4 to 10.8; "1" sits on 10.8 + 0.6 + 0.8 * 3.33 = 14.07;
    # "energy" at 0.8 * 3.33 = 2.67 mm, on 14.07 + 1.1 * 2.67 = 17.0 (its capitals reach
    # 15.0, clear of the "1"), inside the 19.8 mm circle.
    svg = sheets.token_svg({"label": "1", "sub": "energy", "symbol": "energy"}, 20, 20)
    rows = _rows(svg)
    assert rows["label_y"] == pytest.approx(14.07, abs=0.01)
    assert rows["sub_y"] == pytest.approx(17.0, abs=0.01)
    assert rows["sub_y"] - 0.75 * rows["sub_font"] > rows["label_y"]
    assert "translate(5.800 2.400) scale(0.0840)" in svg


def test_a_long_name_shrinks_to_the_tokens_width_and_sits_under_the_label():
    # The forest footprint (90 x 60 mm ellipse): its 49-letter note in the 81 mm (0.9 of
    # the width) the ellipse has just below its middle: 81 / (0.6 * 49) = 2.76 mm high,
    # right under the name.
    text_ = "Cover; difficult for tanks, shelter for infantry."
    rows = _rows(sheets.token_svg({"label": "Forest", "sub": text_, "shape": "ellipse"}, 90, 60))
    assert rows["sub_font"] == pytest.approx(2.755, abs=0.01)
    assert rows["label_y"] < rows["sub_y"] < 60 / 2 + 6


def test_the_calibration_rulers_number_every_2_mm_clear_of_each_other():
    import re

    data = get_producer("calibration-pdf").make({"settings": {"paper": "a4"}}, quiet).data
    words = text(data)
    assert "across (mm)" in words and "down (mm)" in words
    html = sheets.render(
        "printing/calibration.html",
        {
            "fronts": [{"x": "40", "y": "60"}],
            "backs": [{"x": "170", "y": "60"}],
            "ticks": [{"v": -2.0, "len": 2.6, "label": "-2"}, {"v": 0.5, "len": 1.0, "label": ""}],
            "w": "210",
            "h": "297",
            "span": 6.5,
            "gap": 9.0,
            "arm": 18.0,
        },
    )
    # the across ruler 9 mm below the point behind the cross, the down ruler 9 mm right of it
    assert '<g transform="translate(0 9.0)">' in html and '<g transform="translate(9.0 0)">' in html
    # the front cross's arms (18 mm) reach both rulers at a 6 mm offset either way: 9 + 6 < 18
    assert 'd="M-18.0 0 H18.0 M0 -18.0 V18.0"' in html
    # numbers 1.5 mm high only every 2 mm: "-6" is about 1.8 mm wide, so none run together
    assert re.findall(r">(-?\d+)</text>", html) == ["-2", "-2"]


def test_the_calibration_ticks_are_half_millimetres_numbered_every_2_mm(monkeypatch):
    seen = {}

    def capture(name, context):
        seen.update(context)
        return "<html></html>"

    monkeypatch.setattr(sheets, "render", capture)
    monkeypatch.setattr(sheets, "render_chunks", lambda html, progress, title: b"")
    sheets.calibration_pdf(Settings(), quiet)
    ticks = seen["ticks"]
    assert [t["v"] for t in ticks][:3] == [-6.0, -5.5, -5.0] and len(ticks) == 25
    assert [t["label"] for t in ticks if t["label"]] == ["-6", "-4", "-2", "0", "2", "4", "6"]
    assert {t["len"] for t in ticks} == {2.6, 1.8, 1.0}


def test_a_long_label_on_a_hexagon_keeps_clear_of_its_slanted_sides():
    # "Source of Supply" (16 letters) on a 34 x 30 mm hexagon: 0.8 of 34 = 27.2 mm of room,
    # 27.2 / (0.65 * 16) = 2.62 mm type (it was 3.08 mm and touched both slanted sides).
    svg = sheets.token_svg({"label": "Source of Supply", "shape": "hex", "symbol": "poi"}, 34, 30)
    assert 'font-size="2.62"' in svg


def test_a_label_under_a_pictogram_fits_the_narrower_bottom_of_a_circle():
    # Maker-War's 20 mm reliquary disc: "Reliquary" sits low, under the cross, where the
    # circle is about 16 mm across: 16 / (0.65 * 9) = 2.74 mm type (it was 3.08 mm, 18 mm
    # wide, and ran over the edge).
    svg = sheets.token_svg({"label": "Reliquary", "symbol": "reliquary"}, 20, 20)
    assert 'font-size="2.74"' in svg


def test_the_maker_war_roster_names_each_titans_chosen_weapons():
    # the example army's Foundry Titan keeps its left weapon and swaps the right one
    data = make("sheet-pdf", "maker-war", "roster", {"paper": "a4"}, example=True).data
    words = " ".join(text(data).split())
    assert "Foundry Titan" in words
    assert "Left weapon: Foundry Rail Cannon" in words
    assert "Right weapon: Foundry Rail Cannon" in words  # the choice, not the default flak
    assert "Foundry Flak Battery" not in words and "right-weapon" not in words
    assert len(reader(data).pages) == 1


def _tiles(html: str) -> list[tuple[float, float]]:
    """Each board page's tile: width and height in mm, as the page places it."""
    found = re.findall(r'class="tile" style="[^"]*width:([\d.]+)mm;height:([\d.]+)mm', html)
    return [(float(w), float(h)) for w, h in found]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_smalltricks_board_fills_the_printable_area_of_its_pages(paper):
    from companion.games.smalltricks.printables import HEX_SIDE, battlefield
    from printing.printables import Source

    board = battlefield(Source(game="smalltricks"))[0]
    settings = Settings(paper=paper)
    side = sheets.filled_side(board, settings)
    assert side >= HEX_SIDE  # never smaller than the game's hexes (16 mm dice fit)
    html = sheets.hexboard_document(board, settings)
    _, _, area_w, area_h = sheets._area(settings)
    tiles = _tiles(html)
    assert len(tiles) == 4  # no page more than 30 mm hexes take
    for w, h in tiles:  # at 30 mm hexes a tile used 56 % of the printable area
        assert w <= area_w + 0.01 and h <= area_h + 0.01
        assert w * h / (area_w * area_h) >= 0.85
    assert f"Hexagons {side * math.sqrt(3):.1f} mm across the flats" in html
    # true to size: the tile's SVG is as many mm wide as its view box
    view = re.search(r'viewBox="[\d.]+ [\d.]+ ([\d.]+) ([\d.]+)"', html)
    assert view and float(view.group(1)) == pytest.approx(tiles[0][0], abs=0.01)


def test_the_board_pdf_keeps_its_four_parts_and_the_tracker():
    data = make("sheet-pdf", "smalltricks", "board", {"paper": "a4"}, example=False).data
    words = text(data)
    assert "part 1 of 4" in words and "part 4 of 4" in words and "across the flats" in words
    assert len(reader(data).pages) == 5
