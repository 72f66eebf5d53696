"""What Muster prints for "A little game I made": the ten numbered cards, an army sheet
with its units and hands, and pressure markers.

Pure data and functions for ``printing``: ``build(what, source)`` returns card dicts or
sheet items.
"""

from __future__ import annotations

from typing import Any

from companion.games.little_game import build_rules

LIST_PRINTS = {"army": ("Army sheet (one page, QR code)", "sheet")}
GAME_PRINTS = {
    "cards": ("The ten cards", "cards"),
    "pressure": ("Pressure markers", "sheet"),
}
BACK = {"title": "A little game I made", "type": "", "symbol": "star", "colour": "#2f4a3a"}


def ten_cards(source: Any) -> list[dict[str, Any]]:
    actions = source.all("action")
    reminder = "\n".join(f"{a['name']}: {a['data'].get('effect', '')}" for a in actions)
    cards = []
    for card in sorted(source.all("card"), key=lambda c: c["data"].get("value", 0)):
        value = card["data"].get("value")
        cards.append(
            {
                "title": str(value),
                "type": "Card · " + ("even" if value % 2 == 0 else "odd"),
                "symbol": "star",
                "cost": value,
                "text": f"{card['text']}\n\n{reminder}",
                "footer": "A little game I made",
                "colour": "#cfe0d4" if value % 2 == 0 else "#e0d9cf",
                "accent": "#2f6b45" if value % 2 == 0 else "#7a4f2a",
            }
        )
    return cards


def army(source: Any) -> list[dict[str, Any]]:
    body = source.body or {}
    units = [u for u in body.get("units", []) if isinstance(u, dict)]
    rows = []
    for unit in units:
        kinds = ", ".join(str(k) for k in unit.get("kinds", [])) or "plain"
        base = str(unit.get("base_size") or unit.get("base", ""))
        rows.append(
            [str(unit.get("name", "")), kinds, base, str(unit.get("quality", "")), "[box]", ""]
        )
    split = (body.get("options") or {}).get("split", build_rules.DEFAULT_SPLIT)
    if split == "evens-odds" or not isinstance(split, list):
        hands = build_rules.EVENS_ODDS
    else:
        hands = split
    notes = [f"Hand {n + 1}: " + ", ".join(str(v) for v in hand) for n, hand in enumerate(hands)]
    notes.append(
        "Pressure: note it in the last column; a unit breaks when its pressure minus "
        "its quality is more than the card played."
    )
    return [
        {
            "item": "roster",
            "title": source.list_name or "Little game army",
            "subtitle": f"by {source.owner}" if source.owner else "",
            "qr": source.list_url,
            "columns": ["Unit", "Kinds", "Base", "Quality", "Broken", "Pressure"],
            "sections": [{"title": "", "rows": rows}],
            "totals": [["Units", str(len(units))]],
            "notes": notes,
        }
    ]


def pressure(source: Any) -> list[dict[str, Any]]:
    tokens = [
        {
            "label": f"+{n}",
            "sub": "pressure",
            "symbol": "pressure",
            "shape": "circle",
            "w": 18,
            "h": 18,
            "count": 8 if n < 5 else 4,
            "colour": "#f5e2c8",
        }
        for n in (1, 2, 3, 5, 10)
    ]
    return [{"item": "tokens", "title": "Pressure markers", "tokens": tokens}]


def build(what: str, source: Any) -> list[dict[str, Any]]:
    return {"cards": ten_cards, "army": army, "pressure": pressure}[what](source)
