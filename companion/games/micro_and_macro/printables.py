"""What Muster prints for A Game of Micro and Macro: a deck's cards, the units its
buildings make, a decklist, and a stat tracker for resources and life-points.

Pure data and functions: ``build(what, source)`` returns card dicts or sheet items for
``printing`` to lay out; ``source`` gives the deck body and finds catalogue entries.
"""

from __future__ import annotations

from typing import Any

LIST_PRINTS = {
    "deck": ("Deck cards (main deck and buildings)", "cards"),
    "units": ("Unit cards of the deck's buildings", "cards"),
    "decklist": ("Decklist (one page, QR code)", "sheet"),
}
GAME_PRINTS = {
    "tracker": ("Stat tracker (resources and life-points)", "sheet"),
}
BACK = {"title": "Micro and Macro", "type": "", "symbol": "crown", "colour": "#5b3a29"}

TYPE_NAMES = {"building": "Building", "upgrade": "Upgrade", "instant": "Instant"}
COLOURS = {"building": "#c9b79c", "upgrade": "#b9cbd9", "instant": "#d9b9c4"}
UNIT_COLOUR = "#c6d3b5"
# Each faction's colour: the band of its cards (the emblem comes from its slug).
FACTION_ACCENTS = {
    "kingdoms-of-men": "#1f4e8c",
    "bloodmages": "#8c1f2b",
    "swampbeasts": "#3f6b2a",
    "mountain-men": "#6b4a2a",
    "dwarfs": "#7a5c12",
}
ACCENT = "#4a4a4a"  # a faction without a colour of its own
STARTER = "Muster starter card."  # the catalogue's label on Muster's own cards


def accent(faction: str) -> str:
    return FACTION_ACCENTS.get(faction, ACCENT)


def _rules_text(card: dict[str, Any]) -> tuple[str, bool]:
    """The card's rules, without the catalogue's "Muster starter card." label (the footer
    says it in small type instead of the rules box), and whether it was there."""
    text = str(card.get("text", ""))
    if text.startswith(STARTER):
        return text[len(STARTER) :].strip(), True
    return text, False


def _name(source: Any, kind: str, slug: str, faction: str = "") -> str:
    found = source.find(kind, slug, faction)
    return found["name"] if found else slug


def card_face(card: dict[str, Any], source: Any, faction: str, count: int) -> dict[str, Any]:
    """One deck card: type, faction symbol, cost and rules text; buildings add LP,
    defense and upgrade slots, and what they make."""
    data = card.get("data", {})
    category = card.get("category", "")
    stats: list[list[str]] = []
    rules, starter = _rules_text(card)
    lines = [rules]
    if category == "building":
        stats = [
            ["LP", str(data.get("lp", "-"))],
            ["DEF", str(data.get("defense", "-"))],
            ["Slots", str(data.get("upgrade_slots", 0))],
        ]
        if data.get("is_main"):
            stats.append(["Main", "yes"])
    elif category == "upgrade":
        fits = [_name(source, "card", s, faction) for s in data.get("fits", [])]
        lines.append("Fits: " + (", ".join(fits) if fits else "any building"))
    return {
        "title": card.get("name", card.get("slug", "")),
        "type": TYPE_NAMES.get(category, category.title()),
        "faction": source.faction_name(card.get("faction") or faction),
        "symbol": card.get("faction") or faction,
        "cost": data.get("cost", card.get("points")),
        "text": "\n".join(line for line in lines if line),
        "stats": stats,
        "footer": "Micro and Macro" + (" · Muster starter card" if starter else ""),
        "count": count,
        "colour": COLOURS.get(category, "#d8dee6"),
        "accent": accent(card.get("faction") or faction),
    }


def _rows(body: dict[str, Any]) -> list[tuple[str, str, int]]:
    """(pile, card slug, count) for every row of the deck, buildings last."""
    rows = []
    for pile in ("main", "buildings"):
        for row in body.get(pile, []) or []:
            if isinstance(row, dict) and isinstance(row.get("card"), str):
                rows.append((pile, row["card"], max(0, int(row.get("count", 1) or 0))))
    return rows


def deck_cards(source: Any) -> list[dict[str, Any]]:
    body = source.body or {}
    faction = str(body.get("faction", ""))
    cards = []
    for _, slug, count in _rows(body):
        card = source.find("card", slug, faction)
        if card is None:
            raise ValueError(f"The deck names a card Muster does not know: {slug!r}.")
        if count:
            cards.append(card_face(card, source, faction, count))
    return cards


def unit_face(unit: dict[str, Any], source: Any, makers: list[str]) -> dict[str, Any]:
    data = unit.get("data", {})
    stats = [
        [label, str(data.get(key, "-"))]
        for label, key in (
            ("M", "m"),
            ("LP", "lp"),
            ("A", "a"),
            ("Def", "d"),
            ("SP", "sp"),
            ("MD", "md"),
        )
    ]
    lines = []
    weapon = source.find("weapon", data.get("weapon", "")) if data.get("weapon") else None
    if weapon:
        w = weapon["data"]
        ability = f", {w['ability']}" if w.get("ability") else ""
        lines.append(
            f"{weapon['name']}: range {w.get('range')} cm, damage {w.get('damage')}{ability}"
        )
    for slug in data.get("spells", []):
        spell = source.find("spell", slug)
        if spell:
            lines.append(f"{spell['name']}: {spell['text']}")
    if makers:
        lines.append("Made at: " + ", ".join(makers))
    return {
        "title": unit.get("name", ""),
        "type": "Unit",
        "faction": source.faction_name(unit.get("faction", "")),
        "symbol": unit.get("faction", ""),
        "cost": None,
        "text": "\n".join(lines),
        "stats": stats,
        "footer": "Micro and Macro",
        "count": 1,
        "colour": UNIT_COLOUR,
        "accent": accent(unit.get("faction", "")),
    }


def unit_cards(source: Any) -> list[dict[str, Any]]:
    """One card per unit the deck's buildings make (with the cost at each building)."""
    body = source.body or {}
    faction = str(body.get("faction", ""))
    makers: dict[str, list[str]] = {}
    order: list[str] = []
    for pile, slug, count in _rows(body):
        card = source.find("card", slug, faction)
        if pile != "buildings" or card is None or not count:
            continue
        for made in card["data"].get("produces", []):
            unit = made.get("unit")
            if unit not in makers:
                makers[unit] = []
                order.append(unit)
            makers[unit].append(f"{card['name']} ({made.get('cost')} res.)")
    cards = []
    for slug in order:
        unit = source.find("unit", slug, faction)
        if unit is not None:
            cards.append(unit_face(unit, source, makers[slug]))
    if not cards:
        raise ValueError("The deck's buildings make no units.")
    return cards


def decklist(source: Any) -> list[dict[str, Any]]:
    body = source.body or {}
    faction = str(body.get("faction", ""))
    sections = []
    total = 0
    for pile, title in (("main", "Main deck"), ("buildings", "Building pile")):
        rows = []
        for p, slug, count in _rows(body):
            if p != pile:
                continue
            card = source.find("card", slug, faction) or {"name": slug, "category": "", "data": {}}
            rows.append(
                [
                    str(count),
                    card["name"],
                    TYPE_NAMES.get(card.get("category", ""), ""),
                    str(card["data"].get("cost", "")),
                ]
            )
            total += count if pile == "main" else 0
        sections.append({"title": f"{title} ({sum(int(r[0]) for r in rows)} cards)", "rows": rows})
    return [
        {
            "item": "roster",
            "title": source.list_name or "Micro and Macro deck",
            "subtitle": f"{source.faction_name(faction)} · by {source.owner}"
            if source.owner
            else source.faction_name(faction),
            "qr": source.list_url,
            "columns": ["#", "Card", "Type", "Cost"],
            "sections": sections,
            "totals": [["Main deck", str(total)]],
        }
    ]


def tracker(source: Any) -> list[dict[str, Any]]:
    players = [f"Player {n}" for n in (1, 2)]
    rows = []
    for player in players:
        rows.append({"label": f"{player}: resources", "boxes": 21, "first": 0})
        rows.append({"label": f"{player}: main building LP", "boxes": 20, "first": 1})
        rows += [
            {"label": f"{player}: building {n} LP", "boxes": 12, "first": 1} for n in (2, 3, 4)
        ]
    return [
        {
            "item": "tracker",
            "title": "Micro and Macro stat tracker",
            "intro": "Mark resources and life-points with a coin or a pencil; one row each.",
            "rows": rows,
        },
        {
            "item": "tokens",
            "title": "Unit life-point counters",
            "tokens": [
                {"label": str(n), "sub": "LP", "shape": "circle", "w": 16, "h": 16, "count": 4}
                for n in range(1, 11)
            ],
        },
    ]


def build(what: str, source: Any) -> list[dict[str, Any]]:
    makers = {"deck": deck_cards, "units": unit_cards, "decklist": decklist, "tracker": tracker}
    return makers[what](source)
