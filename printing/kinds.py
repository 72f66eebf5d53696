"""Muster's own producers: card PDFs, card PNGs (zipped), sheets and the calibration page."""

from __future__ import annotations

import re
from typing import Any

from printing import cardimages, cardsheets, printables, sheets
from printing.layout import Settings
from printing.producers import Product, Progress, producer


def _filename(title: str, ext: str) -> str:
    stem = re.sub(r"[^A-Za-z0-9]+", "-", title).strip("-").lower()[:80] or "muster"
    return f"{stem}.{ext}"


def _cards(params: dict[str, Any]) -> tuple[list[dict[str, Any]], dict[str, Any], str]:
    shape, items, back, title = printables.build(params)
    if shape != "cards":
        raise ValueError(f"{params.get('what')!r} is not a set of cards.")
    if not items:
        raise ValueError("There are no cards to print: the list is empty.")
    return items, back, title


@producer("cards-pdf", version="4", title="Cards (PDF)")
def cards_pdf(params: dict[str, Any], progress: Progress) -> Product:
    settings = Settings.read(params.get("settings"))
    cards, back, title = _cards(params)
    data = cardsheets.card_pdf(cards, settings, progress, title=title, back=back)
    return Product(_filename(title, "pdf"), "application/pdf", data)


@producer("cards-png", version="4", title="Cards (PNG, 300 dpi, zipped)")
def cards_png(params: dict[str, Any], progress: Progress) -> Product:
    settings = Settings.read(params.get("settings"))
    cards, back, title = _cards(params)
    data = cardimages.card_zip(cards, settings, progress, back=back if settings.backs else None)
    return Product(_filename(title, "zip"), "application/zip", data)


@producer("sheet-pdf", version="3", title="Sheets (PDF)")
def sheet_pdf(params: dict[str, Any], progress: Progress) -> Product:
    settings = Settings.read(params.get("settings"))
    shape, items, _, title = printables.build(params)
    if shape != "sheet":
        raise ValueError(f"{params.get('what')!r} is printed as cards, not a sheet.")
    data = sheets.sheet_pdf(items, settings, progress, title=title)
    return Product(_filename(title, "pdf"), "application/pdf", data)


@producer("calibration-pdf", version="2", title="Duplex calibration page")
def calibration_pdf(params: dict[str, Any], progress: Progress) -> Product:
    settings = Settings.read(params.get("settings"))
    data = sheets.calibration_pdf(settings, progress)
    return Product(f"duplex-calibration-{settings.paper}.pdf", "application/pdf", data)
