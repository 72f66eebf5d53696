"""Long cards fit their card: Maker-War datacards in the largest type that fits (never
below 6 pt), carried over numbered continuation cards when one card cannot hold them; the
measured lines stay in the safe zone, and WeasyPrint lays them out as measured."""

from __future__ import annotations

import io
import zipfile

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import ImageDraw

from companion.games.base import slugify
from companion.games.maker_war import list_edits
from companion.games.maker_war.formations import STARTER_PLANS
from printing import fitting
from printing.cardimages import card_zip
from printing.cardsheets import card_documents
from printing.layout import CARD_SIZES, Settings
from printing.printables import Source
from printing.printables import build as build_print
from printing.producers import get_producer
from tests.printing.pdfcheck import reader, text
from tests.printing.test_card_pdfs import card_boxes, quiet

PT = 25.4 / 72
FACTIONS = sorted(STARTER_PLANS)
CARD = {
    "title": "Test formation",
    "type": "Plan",
    "faction": "Terran Makers",
    "cost": 120,
    "stats": [["Points", "120"]],
    "footer": "Maker-War",
}


def starter_army(faction: str) -> dict:
    """Every starter plan of the faction as its classic formation, as the builder's
    one-tap "classic" button makes it."""
    catalogue = Source(game="maker-war").catalogue()
    body = list_edits.start({}, {"faction": faction, "budget": "5000"}, catalogue)
    for plan in STARTER_PLANS[faction]:
        list_edits.add_formation(body, {"plan": slugify(plan.name), "classic": "1"}, catalogue)
    return body


def big_formation(faction: str) -> dict:
    """One formation of 20 unit lines: the faction's infantry, tanks and flyers in turn."""
    units = [
        u
        for u in Source(game="maker-war").all("unit", faction)
        if u["category"] in ("infantry", "tank", "flyer")
    ]
    rows = [{"unit": units[i % len(units)]["slug"], "count": 1 + i % 3} for i in range(20)]
    rows[0]["chief"] = True
    plan = slugify(STARTER_PLANS[faction][0].name)
    return {
        "faction": faction,
        "budget": 5000,
        "formations": [{"plan": plan, "name": "The Long March", "units": rows}],
    }


def datacards(body: dict) -> list[dict]:
    return build_print({"game": "maker-war", "what": "datacards", "list": {"body": body}})[1]


def datacard_pdf(body: dict, card: str = "poker") -> bytes:
    """The datacards PDF of ``body``, made by the producer a print job runs."""
    saved = {"name": "Starter", "owner": "", "url": "", "body": body}
    params = {"game": "maker-war", "what": "datacards", "settings": {"card": card}, "list": saved}
    return get_producer("cards-pdf").make(params, quiet).data


def unit_names(body: dict) -> set[str]:
    source = Source(game="maker-war", body=body)
    return {
        source.find("unit", row["unit"], body["faction"])["name"]
        for formation in body["formations"]
        for row in formation["units"]
    }


def flat(words: str) -> str:
    return " ".join(words.split())


# The geometry, worked out by hand from _face.css


def test_the_poker_safe_zone_is_worked_out_by_hand():
    zone = fitting.zone(CARD, Settings(card="poker"))
    # 63 x 88 mm less the 3 mm safe margin: 57 x 82; the rules box 1.5 mm in from each
    # side, its text 1.2 mm in from its edges: 57 - 3 - 2.4 = 51.6 mm
    assert zone.width == pytest.approx(51.6)
    # band 9 + type strip 4.4 + stat boxes (1 + 8) + gap 1.2 = 23.6, then 1 mm of box
    assert zone.header == pytest.approx(24.6)
    # down to 3.4 mm above the bottom (the footer), less the box's 1 mm: 82 - 3.4 - 24.6 - 1
    assert zone.height == pytest.approx(53.0)
    # 7 pt x 1.2 = 2.963 mm a line: 17 lines; 6.2 pt x 1.2 = 2.625 mm: 20 lines
    assert int(zone.height // fitting.line_mm("7")) == 17
    assert int(zone.height // fitting.line_mm("6.2")) == 20


CAPACITY = 20  # lines of 6.2 pt on a poker card with stats


def test_a_short_card_is_set_in_the_largest_type():
    [card] = fitting.fit({**CARD, "text": "2x Maker Rifles", "fit": True}, Settings())
    assert card["size"] == "11" and card["title"] == "Test formation"
    assert "fit" not in card and "blocks" not in card


def test_19_lines_take_the_smallest_type_on_one_card():
    lines = [f"Line {n}" for n in range(1, 20)]  # 18 fit at 6.6 pt, 20 at 6.2 pt
    [card] = fitting.fit({**CARD, "text": "\n".join(lines), "fit": True}, Settings())
    assert card["size"] == "6.2" and card["text"].split("\n") == lines
    assert fitting.BODY_SIZES[card["size"]] >= 6.0


def test_60_lines_go_over_three_numbered_cards_in_order():
    lines = [f"Line {n}" for n in range(1, 61)]
    cards = fitting.fit({**CARD, "text": "\n".join(lines), "fit": True}, Settings())
    assert [c["title"] for c in cards] == [f"Test formation ({n}/3)" for n in (1, 2, 3)]
    assert [len(c["text"].split("\n")) for c in cards] == [20, 20, 20]
    assert "\n".join(c["text"] for c in cards).split("\n") == lines
    for card in cards:
        assert card["size"] == "6.2" and fitting.overflow(card, Settings()) <= 0
        assert card["stats"] == CARD["stats"] and card["cost"] == 120


def test_a_units_lines_stay_together_on_one_card():
    blocks = [
        f"{n}x Unit {n}\n   Trait {n}\n   Weapon {n}\n   Mount {n}\n   More {n}" for n in range(10)
    ]
    card = {**CARD, "text": "\n".join(blocks), "blocks": blocks, "fit": True}
    cards = fitting.fit(card, Settings())
    # 20 lines a card hold four 5-line blocks: 20 + 20 + 10 lines
    assert [len(c["text"].split("\n")) for c in cards] == [20, 20, 10]
    for c in cards:
        assert c["text"].split("\n")[0].endswith(tuple(f"Unit {n}" for n in range(10)))


def test_a_blank_separator_never_opens_a_continuation_card():
    blocks = [f"Unit {n}" for n in range(CAPACITY)] + ["", "Rule: text"]
    cards = fitting.fit({**CARD, "text": "", "blocks": blocks, "fit": True}, Settings())
    assert len(cards) == 2 and cards[1]["text"] == "Rule: text"


def test_cards_that_do_not_ask_to_fit_are_never_split_only_given_the_smallest_type():
    long = {**CARD, "text": "word " * 2000}
    [card] = fitting.fit_cards([long], Settings())
    assert card["size"] == fitting.SMALLEST and card["text"] == long["text"]


def test_a_deck_card_takes_the_largest_type_its_text_fits():
    # the old rule shrank a long card (Smalltricks' Mounted) to 5.4 pt, most of it blank
    card = {**CARD, "text": "Fast riders whose Charge hits on arrival. " * 11}
    [sized] = fitting.fit_cards([card], Settings())
    sizes = list(fitting.BODY_SIZES)
    assert fitting.overflow(sized, Settings()) <= 0
    larger = sizes[sizes.index(sized["size"]) - 1]
    assert fitting.overflow({**card, "size": larger}, Settings()) > 0
    assert fitting.pt_of(sized["size"]) >= 7


def test_a_deck_card_one_line_too_long_for_7_pt_takes_the_next_size():
    room = fitting.zone(CARD, Settings()).height
    lines = int(room // fitting.line_mm("6.6"))  # fills the card at 6.6 pt
    assert lines * fitting.line_mm("7") > room  # ...and is too tall at 7 pt
    card = {**CARD, "text": "\n".join(["Unit"] * lines)}
    assert fitting.fit_cards([card], Settings())[0]["size"] == "6.6"


def test_a_card_that_names_its_size_keeps_it():
    card = {**CARD, "text": "short", "size": "l"}  # the old names still mean their points
    assert fitting.fit_cards([card], Settings())[0]["size"] == "5.4"
    assert fitting.fit_cards([{**card, "size": "8"}], Settings())[0]["size"] == "8"


def test_a_word_wider_than_the_card_is_cut_so_no_measured_line_is_too_wide():
    word = "W" * 80
    lines = fitting.wrap(word, 6.2, 30.0)
    assert "".join(lines) == word and len(lines) > 1
    assert all(fitting.width_mm(line, 6.2) <= 30.0 for line in lines)


words = st.text(alphabet="abcdefghij XYZ·:0123456789", min_size=1, max_size=14)


@settings(max_examples=60, deadline=None)
@given(
    blocks=st.lists(st.lists(words, min_size=1, max_size=4).map("\n".join), max_size=40),
    size=st.sampled_from(sorted(CARD_SIZES)),
    title=st.text(alphabet="abc XYZ", min_size=1, max_size=60),
)
def test_fitted_cards_never_overflow_nor_go_below_six_points(blocks, size, title):
    card = {**CARD, "title": title, "text": "\n".join(blocks), "blocks": blocks, "fit": True}
    out = fitting.fit(card, Settings(card=size))
    for piece in out:
        assert fitting.BODY_SIZES[piece["size"]] >= 6.0
        assert fitting.overflow(piece, Settings(card=size)) <= 1e-9
    printed = " ".join(" ".join(p["text"].split()) for p in out).split()
    assert printed == " ".join(blocks).split()  # every word, once, in order


# Maker-War's starter armies and a 20-unit formation


@pytest.mark.parametrize("faction", FACTIONS)
@pytest.mark.parametrize("size", sorted(CARD_SIZES))
def test_every_starter_datacard_fits_every_card_size(faction, size):
    cards = fitting.fit_cards(datacards(starter_army(faction)), Settings(card=size))
    assert len(cards) >= len(STARTER_PLANS[faction])
    for card in cards:
        assert card["size"] in fitting.BODY_SIZES
        assert fitting.overflow(card, Settings(card=size)) <= 0


@pytest.mark.parametrize("faction", FACTIONS)
def test_a_starter_army_pdf_names_every_unit_and_formation(faction):
    body = starter_army(faction)
    pdf = datacard_pdf(body)
    words = flat(text(pdf))
    for name in unit_names(body):
        assert name in words
    for formation in body["formations"]:
        assert formation["name"] in words


def test_a_formation_of_20_units_is_continued_and_names_every_unit():
    body = big_formation("terran-makers")
    cards = fitting.fit_cards(datacards(body), Settings())
    assert len(cards) >= 2
    total = len(cards)
    assert [c["title"] for c in cards] == [
        f"The Long March ({n}/{total})" for n in range(1, total + 1)
    ]
    for card in cards:
        assert fitting.overflow(card, Settings()) <= 0
    pdf = datacard_pdf(body)
    words = flat(text(pdf))
    assert sum(len(card_boxes(pdf, p, 63, 88)) for p in range(len(reader(pdf).pages))) == total
    for name in unit_names(body):
        assert name in words
    assert f"The Long March (1/{total})" in words and f"The Long March ({total}/{total})" in words


def test_the_png_cards_draw_every_line_of_a_20_unit_formation(monkeypatch):
    drawn: list[str] = []
    original = ImageDraw.ImageDraw.text

    def record(self, xy, text, *args, **kwargs):
        drawn.append(text)
        return original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", record)
    cards = datacards(big_formation("astral"))
    data = card_zip(cards, Settings(), quiet)
    fitted = fitting.fit_cards(cards, Settings())
    assert len(zipfile.ZipFile(io.BytesIO(data)).namelist()) == len(fitted)
    printed = " ".join(drawn)
    for card in fitted:
        for line in card["text"].split("\n"):
            assert " ".join(line.split()) in printed


# WeasyPrint lays the text out as measured (its box tree, read after layout)


def _walk(box):
    inner = getattr(box, "_box", None)  # WeasyPrint's stand-in for an absolutely positioned box
    if inner is not None:
        yield from _walk(inner)
        return
    yield box
    for child in getattr(box, "children", None) or []:
        yield from _walk(child)


def laid_out(cards: list[dict], card_settings: Settings) -> list[dict[str, tuple]]:
    """Each card's .inner, .text and .footer boxes: (top, bottom in mm, line count)."""
    from weasyprint import CSS, HTML

    from printing.fetcher import MusterFetcher

    html, css = card_documents(cards, card_settings, title="t", pages_per_chunk=100)[0]
    document = HTML(string=html, url_fetcher=MusterFetcher()).render(stylesheets=[CSS(string=css)])
    mm = 25.4 / 96
    found: list[dict[str, tuple]] = []
    for page in document.pages:
        for box in _walk(page._page_box):
            element = getattr(box, "element", None)
            if element is None or type(box).__name__ not in ("BlockBox", "FlexBox"):
                continue
            name = ((element.get("class") or "").split() or [""])[0]
            if name == "inner":
                found.append({})
            if name in ("inner", "rules", "text", "footer"):
                top = box.content_box_y() * mm
                lines = sum(type(c).__name__ == "LineBox" for c in box.children)
                found[-1][name] = (top, top + box.height * mm, lines)
    return found


@pytest.mark.parametrize("size", ["poker", "mini"])
def test_weasyprint_lays_the_text_out_within_the_measured_zone(size):
    card_settings = Settings(card=size)
    cards = []
    for faction in FACTIONS:
        cards += fitting.fit_cards(datacards(starter_army(faction)), card_settings)
    cards += fitting.fit_cards(datacards(big_formation("cyber-demons")), card_settings)
    boxes = laid_out(cards, card_settings)
    assert len(boxes) == len(cards)
    for card, box in zip(cards, boxes, strict=True):
        zone = fitting.zone(card, card_settings)
        top = box["inner"][0]
        rules_top = fitting.rules_box(card, card_settings)[1]
        assert box["rules"][0] - top == pytest.approx(rules_top, abs=0.01)  # header as measured
        assert box["text"][0] - top >= zone.header - 0.01  # the text, centred, starts below
        assert box["text"][2] <= len(fitting.body_lines(card, card_settings, card["size"]))
        assert box["text"][1] <= box["footer"][0]  # the body ends above the footer
        assert box["text"][1] - top <= zone.header + zone.height + 0.01
