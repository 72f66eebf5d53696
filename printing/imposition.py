"""Card sheets imposed from faces rendered once: every copy reuses its face's page.

Real decks repeat cards (a Micro and Macro deck, the Maker-War supply deck's 8 kinds x 5),
and laying out the same face again costs WeasyPrint as much as a new one. So each distinct
face is rendered once as a small PDF page of its own (its bleed box), and each sheet is
assembled here with pikepdf: every face it holds is that page drawn as a form XObject at its
slot, then the sheet's furniture (cut or crop marks, the scale bar and its label), rendered
once as a page of its own, over them, in the order today's sheets paint them. Nothing here
imports Django.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

PT_PER_MM = 72 / 25.4


@dataclass(frozen=True)
class Placement:
    """One copy of a face on a sheet: the top left corner of its face page (the card's
    bleed box), in mm from the sheet's top left corner."""

    face: int
    x: float
    y: float


def impose(
    furniture: bytes,
    faces: Sequence[bytes],
    pages: Sequence[Sequence[Placement]],
    *,
    title: str = "",
) -> bytes:
    """One PDF page per entry of ``pages``, each the size of ``furniture``'s page.

    ``faces`` are PDF documents whose pages, taken in order, are faces 0, 1, 2, ... A face
    page is copied into the result once, however often it is placed."""
    import pikepdf

    out = pikepdf.new()
    # the sources stay open until saved: copied streams are read from them when writing
    sources: list[pikepdf.Pdf] = []

    def forms_of(data: bytes) -> list[tuple[pikepdf.Object, float, float, float]]:
        source = pikepdf.open(io.BytesIO(data))
        sources.append(source)
        found = []
        for page in source.pages:
            left, bottom, _, top = (float(v) for v in page.mediabox)
            form = out.copy_foreign(page.as_form_xobject())
            found.append((form, left, bottom, top - bottom))
        return found

    [(sheet_form, sheet_left, sheet_bottom, sheet_h)] = forms_of(furniture)[:1]
    media_box = pikepdf.Array([float(v) for v in sources[0].pages[0].mediabox])
    placed = [form for data in faces for form in forms_of(data)]
    used = {at.face for placements in pages for at in placements}
    if used != set(range(len(placed))):  # a face spilled onto a second page, or one is lost
        raise ValueError(
            f"The card faces rendered as {len(placed)} pages for {len(used)} faces, "
            "not one each: the sheets cannot be assembled."
        )
    for placements in pages:
        xobjects = {"/Sheet": sheet_form}
        ops = []
        for at in placements:
            form, left, bottom, height = placed[at.face]
            name = f"/F{at.face}"
            xobjects[name] = form
            # PDF's origin is the bottom left corner: the face's top sits y mm below the top
            x = at.x * PT_PER_MM - left + sheet_left
            y = sheet_bottom + sheet_h - at.y * PT_PER_MM - height - bottom
            ops.append(f"q 1 0 0 1 {x:.4f} {y:.4f} cm {name} Do Q")
        ops.append("/Sheet Do")
        page = pikepdf.Dictionary(
            Type=pikepdf.Name.Page,
            MediaBox=media_box,
            Resources=pikepdf.Dictionary(XObject=pikepdf.Dictionary(xobjects)),
            Contents=out.make_stream("\n".join(ops).encode()),
        )
        out.pages.append(pikepdf.Page(page))
    if title:
        out.docinfo["/Title"] = title
    out.docinfo["/Creator"] = "Muster"
    buffer = io.BytesIO()
    out.save(buffer)
    for source in sources:
        source.close()
    return buffer.getvalue()
