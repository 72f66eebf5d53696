"""Printed cards look like cards: every game's cards are laid out by WeasyPrint (the PDF)
and drawn by Pillow (the PNG) on one face, and read back: the rules text fills the face
inside its 3 mm safe zone, the cost badge sits inside the card, the band carries the
faction's (or computer's) colour, and no filler text is printed."""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass

import pytest
from PIL import Image, ImageColor

from companion.games.missiles_and_microchips.book import COMPUTERS
from companion.games.missiles_and_microchips.printables import ACCENTS
from companion.games.registry import get_game
from printing import fitting
from printing.cardimages import draw_card, px
from printing.cardsheets import card_documents
from printing.layout import Settings
from printing.printables import build
from tests.printing.test_card_pdfs import make

MM = 25.4 / 96  # WeasyPrint lays out in CSS pixels
SAFE = 3.0
# (game, what, from the game's example list, players): every card print of every game
PRINTS = [
    ("micro-and-macro", "deck", True, 0),
    ("micro-and-macro", "units", True, 0),
    ("maker-war", "supply", False, 0),
    ("maker-war", "datacards", True, 0),
    ("missiles-and-microchips", "kit", False, 4),
    ("little-game", "cards", False, 0),
    ("smalltricks", "reference", False, 0),
]
IDS = [f"{game}-{what}" for game, what, _, _ in PRINTS]


def cards_of(game: str, what: str, example: bool, players: int) -> list[dict]:
    params: dict = {"game": game, "what": what, "players": players}
    if example:
        params["list"] = {"name": "Test", "body": get_game(game).example_list()}
    return build(params)[1]


@dataclass
class Box:
    x: float  # mm from the page's top left
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def inside(self, other: Box, margin: float = 0.0, tol: float = 0.05) -> bool:
        return (
            self.x >= other.x + margin - tol
            and self.y >= other.y + margin - tol
            and self.right <= other.right - margin + tol
            and self.bottom <= other.bottom - margin + tol
        )


def _walk(box):
    inner = getattr(box, "_box", None)  # an absolutely positioned box's placeholder
    if inner is not None:
        yield from _walk(inner)
        return
    yield box
    for child in getattr(box, "children", None) or []:
        yield from _walk(child)


def _border_box(box) -> Box:
    return Box(
        box.border_box_x() * MM,
        box.border_box_y() * MM,
        box.border_width() * MM,
        box.border_height() * MM,
    )


def _ink(box) -> Box | None:
    """Where a block's text lines print: the union of their text boxes."""
    found = [
        leaf
        for line in box.children
        if type(line).__name__ == "LineBox"
        for leaf in _walk(line)
        if type(leaf).__name__ == "TextBox"
    ]
    if not found:
        return None
    x0 = min(t.position_x for t in found) * MM
    y0 = min(t.position_y for t in found) * MM
    x1 = max(t.position_x + t.width for t in found) * MM
    y1 = max(t.position_y + t.height for t in found) * MM
    return Box(x0, y0, x1 - x0, y1 - y0)


def laid_out(cards: list[dict], settings: Settings) -> list[dict]:
    """Each card face as WeasyPrint lays it out: its boxes by class, and its text's ink."""
    from weasyprint import CSS, HTML

    from printing.fetcher import MusterFetcher

    html, css = card_documents(cards, settings, title="t", pages_per_chunk=1000)[0]
    document = HTML(string=html, url_fetcher=MusterFetcher()).render(stylesheets=[CSS(string=css)])
    faces: list[dict] = []
    for page in document.pages:
        for box in _walk(page._page_box):
            element = getattr(box, "element", None)
            if element is None or type(box).__name__ in ("LineBox", "TextBox", "InlineBox"):
                continue  # a block's lines and text carry its element too
            names = (element.get("class") or "").split()
            if not names or element.tag == "img" and "watermark" not in names:
                continue
            if names[0] == "card":
                faces.append({"card": _border_box(box)})
            elif faces and names[0] in ("inner", "band", "cost", "rules", "text", "footer"):
                faces[-1].setdefault(names[0], _border_box(box))
                if names[0] == "text":
                    faces[-1]["ink"] = _ink(box)
    return faces


@pytest.fixture(scope="module", params=PRINTS, ids=IDS)
def printed(request):
    game, what, example, players = request.param
    cards = cards_of(game, what, example, players)
    settings = Settings()
    fitted = fitting.fit_cards(cards, settings)
    return fitted, laid_out(cards, settings), settings


def test_every_card_face_has_its_band_rules_box_and_footer(printed):
    fitted, faces, _ = printed
    assert len(faces) == sum(max(1, int(c.get("count", 1) or 1)) for c in fitted)
    for face in faces:
        assert {"card", "inner", "band", "rules", "text"} <= face.keys()


def test_the_rules_text_stays_inside_the_3_mm_safe_zone(printed):
    _, faces, _ = printed
    for face in faces:
        assert face["inner"].inside(face["card"], margin=SAFE)
        assert face["rules"].inside(face["card"], margin=SAFE)
        if face["ink"] is not None:
            assert face["ink"].inside(face["card"], margin=SAFE)
            assert face["ink"].inside(face["rules"])
        if "footer" in face:
            assert face["rules"].bottom <= face["footer"].y + 0.05


def test_the_rules_text_fills_the_face(printed):
    fitted, faces, settings = printed
    copies = [c for c in fitted for _ in range(max(1, int(c.get("count", 1) or 1)))]
    largest = next(iter(fitting.BODY_SIZES))
    for card, face in zip(copies, faces, strict=True):
        area = face["card"].w * face["card"].h
        # the rules box is most of the face under its header (today's faces left 70 % blank)
        assert face["rules"].w * face["rules"].h >= 0.45 * area, card["title"]
        if not card["text"].strip():
            continue
        zone = fitting.zone(card, settings)
        # the text is set as large as it fits: it fills at least half the box's height, or
        # it is already in the largest size
        filled = face["ink"].h / zone.height
        assert filled >= 0.5 or card["size"] == largest, (card["title"], filled, card["size"])
        assert face["ink"].w >= 0.6 * zone.width, card["title"]


def test_the_cost_badge_sits_inside_the_card(printed):
    fitted, faces, _ = printed
    for face in faces:
        if "cost" in face:
            assert face["cost"].inside(face["card"], margin=SAFE)
            assert face["cost"].inside(face["band"])


def test_a_long_cost_stretches_its_badge_and_stays_inside_on_every_card_size():
    for size in ("poker", "mini", "bridge"):
        settings = Settings(card=size)
        cards = [
            {"title": "A formation with a long name", "type": "Plan", "cost": cost, "text": "x"}
            for cost in (2, 236, 12345)
        ]
        faces = laid_out(cards, settings)
        widths = [face["cost"].w for face in faces]
        assert widths[0] == pytest.approx(7.0, abs=0.1)  # a 7 mm disc
        assert widths[0] < widths[1] < widths[2]  # a pill for a long cost
        for face in faces:
            assert face["cost"].inside(face["card"], margin=SAFE)


def test_a_fitted_face_is_no_taller_than_measured_on_a_wide_safe_margin():
    settings = Settings(card="mini", safe=6.0)
    cards = cards_of("smalltricks", "reference", False, 0)
    fitted = fitting.fit_cards(cards, settings)
    for card, face in zip(fitted, laid_out(cards, settings), strict=True):
        assert face["inner"].inside(face["card"], margin=6.0)
        if fitting.overflow(card, settings) <= 0:  # else the smallest type, clipped
            assert face["ink"].inside(face["rules"])


# The PNG faces: the same face, drawn by Pillow


def _dark(pixel: tuple[int, int, int]) -> bool:
    return sum(pixel) < 3 * 90


def _ink_rows(image: Image.Image, box: tuple[int, int, int, int]) -> tuple[int, int] | None:
    """The first and last pixel rows of dark (text) pixels inside ``box``."""
    crop = image.crop(box).convert("L").point(lambda v: 255 if v < 90 else 0)
    found = crop.getbbox()
    return (found[1] + box[1], found[3] + box[1]) if found else None


@pytest.mark.parametrize(("game", "what", "example", "players"), PRINTS, ids=IDS)
def test_png_faces_keep_the_frame_clear_and_fill_the_rules_box(game, what, example, players):
    settings = Settings()
    cards = fitting.fit_cards(cards_of(game, what, example, players), settings)
    for card in cards[:6]:
        image = draw_card(card, settings)
        colour = ImageColor.getrgb(card.get("colour") or "#d8dee6")[:3]
        safe = px(SAFE) - 1
        frame = [
            image.getpixel((x, y))
            for x in range(0, image.width, 7)
            for y in (0, safe // 2, image.height - 1 - safe // 2)
        ] + [
            image.getpixel((x, y))
            for y in range(0, image.height, 7)
            for x in (0, safe // 2, image.width - 1 - safe // 2)
        ]
        assert set(frame) == {colour}, card["title"]  # nothing printed in the 3 mm margin
        left, top, right, bottom = fitting.rules_box(card, settings)
        box = tuple(px(v + SAFE) for v in (left, top, right, bottom))
        rows = _ink_rows(image, box)  # type: ignore[arg-type]
        if not card["text"].strip():
            continue
        assert rows is not None, card["title"]
        zone = fitting.zone(card, settings)
        share = (rows[1] - rows[0]) / px(zone.height)
        largest = card["size"] == next(iter(fitting.BODY_SIZES))
        assert share >= 0.45 or largest, (card["title"], share)


def test_png_cost_badge_is_inside_the_card():
    settings = Settings(card="mini")
    image = draw_card({"title": "Long title here", "cost": 12345, "text": "x"}, settings)
    row = px(SAFE + fitting.BAND_H / 2)
    dark = [x for x in range(image.width) if image.getpixel((x, row)) == (17, 17, 17)]
    assert dark and min(dark) > px(SAFE) and max(dark) < image.width - px(SAFE)


# What is particular to a game comes from its printables


def test_missiles_cards_are_in_their_computers_colour():
    cards = cards_of("missiles-and-microchips", "kit", False, 6)
    colours = {slug: colour for slug, _, colour, _ in COMPUTERS}
    names = {name: slug for slug, name, _, _ in COMPUTERS}
    seen = set()
    for card in cards:
        holder = card["type"].split("held by ", 1)[1]
        assert card["accent"] == ACCENTS[colours[names[holder]]]
        seen.add(card["accent"])
        image = draw_card(fitting.fit_cards([card], Settings())[0], Settings())
        band = image.getpixel((px(SAFE + 30), px(SAFE + 0.5)))
        assert band == ImageColor.getrgb(card["accent"])[:3]
    assert len(seen) == 6  # six computers, six colours
    # the text is set large, not small grey type: at least 8 pt on every kit card
    for card in fitting.fit_cards(cards, Settings()):
        assert fitting.pt_of(card["size"]) >= 8, card["title"]


def test_missiles_pdf_bands_carry_the_computers_colour():
    data = make(
        "cards-pdf", "missiles-and-microchips", "kit", {"card": "poker"}, example=False, players=3
    ).data
    from tests.printing.pdfcheck import filled_rects

    fills = {r.fill for r in filled_rects(data, 0)}
    for colour in ("red", "orange"):
        rgb = tuple(round(c / 255, 2) for c in ImageColor.getrgb(ACCENTS[colour])[:3])
        assert any(tuple(round(c, 2) for c in f) == rgb for f in fills), colour


def test_no_filler_text_is_printed_on_starter_cards():
    cards = cards_of("micro-and-macro", "deck", True, 0)
    assert cards
    for card in cards:
        assert "Muster starter card" not in card["text"]
        assert card["text"].strip()  # real rules text from the catalogue
        assert card["footer"].endswith("Muster starter card")  # still labelled, in small type
    data = make("cards-pdf", "micro-and-macro", "deck", {}, example=True).data
    from tests.printing.pdfcheck import text

    assert "Muster starter card." not in text(data)


def test_png_zip_has_one_face_per_distinct_card_with_the_emblem():
    product = make("cards-png", "little-game", "cards", {"card": "poker"}, example=False)
    archive = zipfile.ZipFile(io.BytesIO(product.data))
    image = Image.open(io.BytesIO(archive.read(archive.namelist()[0]))).convert("RGB")
    # the emblem's white disc in the band, with the dark star drawn on it
    cx, cy = px(SAFE + fitting.EMBLEM_X + fitting.EMBLEM / 2), px(SAFE + fitting.BAND_H / 2)
    assert image.getpixel((cx, cy)) != (255, 255, 255)  # the star's middle
    assert image.getpixel((cx, cy - px(fitting.EMBLEM / 2) + 3)) == (255, 255, 255)  # the disc


def test_a_stat_value_is_never_cut_by_its_box_on_a_mini_card():
    # six stats on a 44 mm card: "D16" in 8.5 pt was cut to "D1" by its box
    from weasyprint import CSS, HTML

    from printing.fetcher import MusterFetcher

    settings = Settings(card="mini")
    cards = cards_of("micro-and-macro", "units", True, 0)
    html, css = card_documents(cards, settings, title="t", pages_per_chunk=1000)[0]
    document = HTML(string=html, url_fetcher=MusterFetcher()).render(stylesheets=[CSS(string=css)])
    checked = 0
    for page in document.pages:
        stat = None
        for box in _walk(page._page_box):
            element = getattr(box, "element", None)
            name = ((element.get("class") or "").split() or [""])[0] if element is not None else ""
            if name == "stat" and type(box).__name__ == "BlockBox":
                stat = _border_box(box)
            elif name == "value" and type(box).__name__ == "TextBox":
                text_box = Box(box.position_x * MM, box.position_y * MM, box.width * MM, 1.0)
                assert stat is not None and text_box.x >= stat.x and text_box.right <= stat.right
                checked += 1
    assert checked >= 6 * len(cards)
    assert "D16" in " ".join(" ".join(s[1] for s in c["stats"]) for c in cards)
