"""Card faces as 300 dpi PNGs in a zip: pixel sizes, the bleed for print shops, the back."""

from __future__ import annotations

import io
import zipfile

from PIL import Image

from printing import fitting
from printing.cardimages import px
from tests.printing.test_card_pdfs import make


def images(data: bytes) -> dict[str, Image.Image]:
    archive = zipfile.ZipFile(io.BytesIO(data))
    return {name: Image.open(io.BytesIO(archive.read(name))) for name in archive.namelist()}


def test_poker_cards_are_744_by_1039_pixels_at_300_dpi():
    # 63 mm / 25.4 * 300 = 744.1; 88 mm -> 1039.4
    assert (px(63), px(88)) == (744, 1039)
    product = make("cards-png", "micro-and-macro", "deck", {"card": "poker"}, example=True)
    assert product.content_type == "application/zip"
    found = images(product.data)
    assert len(found) == 18  # one image per distinct card (13 main + 5 buildings)
    assert "014-blood-spire-x1.png" in found and "010-blood-tithe-x4.png" in found
    for image in found.values():
        assert image.size == (744, 1039)
        assert round(image.info["dpi"][0]) == 300


def test_print_shop_images_include_the_bleed_and_the_back():
    settings = {"card": "poker", "mode": "shop", "backs": True}
    found = images(make("cards-png", "little-game", "cards", settings, example=False).data)
    assert len(found) == 11  # ten cards and the back
    for image in found.values():
        assert image.size == (px(69), px(94))  # 3 mm bleed each side: 815 x 1110


def _badge_left(cost: str) -> int:
    """The leftmost badge pixel on the cost badge's middle row (the band's middle)."""
    from printing.cardimages import draw_card
    from printing.layout import Settings

    image = draw_card({"title": "T", "type": "Plan", "cost": cost, "text": ""}, Settings())
    row = px(3 + fitting.BAND_H / 2)  # safe zone, half the band
    right_half = range(image.width // 2, image.width)
    dark = [x for x in right_half if image.getpixel((x, row)) == (17, 17, 17)]
    return min(dark)


def test_a_three_digit_cost_stretches_its_badge_to_hold_it():
    # a 7 mm round badge holds "2"; "236" in 9 pt bold is wider than 7 mm, so the badge
    # grows to the left into a pill instead of the digits spilling out of it
    right = px(63 - 3 - fitting.BADGE_RIGHT)
    assert right - _badge_left("2") in range(px(7) - 3, px(7) + 3)
    assert right - _badge_left("236") > px(7) + px(1)
    assert _badge_left("236") > px(3)  # and it stays inside the card's safe zone


def test_a_png_cards_stats_are_drawn_in_boxes_as_on_the_pdf(monkeypatch):
    from PIL import ImageDraw

    from printing.cardimages import draw_card
    from printing.layout import Settings

    drawn: list[str] = []
    real = ImageDraw.ImageDraw.text

    def spy(self, xy, text, *args, **kwargs):
        drawn.append(text)
        return real(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    card = {"title": "T", "type": "Plan", "stats": [["Points", "236"], ["Units", "14"]]}
    draw_card(card, Settings())
    shown = ["Points", "236", "Units", "14"]  # each label and its value, in its own box
    assert [t for t in drawn if t in shown] == shown
