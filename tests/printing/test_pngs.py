"""Card faces as 300 dpi PNGs in a zip: pixel sizes, the bleed for print shops, the back."""

from __future__ import annotations

import io
import zipfile

from PIL import Image

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
