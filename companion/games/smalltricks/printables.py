"""What Muster prints for Smalltricks: unit reference cards, a faction sheet with its
starting arrangement, and the 6x6 flat-top battlefield at true size with a damage tracker.

Pure data and functions for ``printing``: ``build(what, source)`` returns card dicts or
sheet items. The arrangement is printed only when the body carries it: another player's
view of a list never does (the game's ``shared_body`` strips it).
"""

from __future__ import annotations

from typing import Any

from companion.games.smalltricks import board, build_rules

LIST_PRINTS = {
    "faction": ("Faction sheet with arrangement (one page, QR code)", "sheet"),
    "units": ("Unit reference cards of the faction", "cards"),
}
GAME_PRINTS = {
    "reference": ("Unit reference cards (all unit types)", "cards"),
    "board": ("Battlefield at true size, and the damage tracker", "sheet"),
}
BACK = {"title": "Smalltricks", "type": "", "symbol": "hex", "colour": "#3b2f4a"}
HEX_SIDE = 30.0  # mm at least: 52 mm across the flats holds four 16 mm dice
PLAN_SIDE = 11.0  # mm: the small arrangement diagram on the faction sheet


def unit_card(unit: dict[str, Any], source: Any) -> dict[str, Any]:
    data = unit["data"]
    lines = [unit["text"]]
    for slug in data.get("abilities", []):
        ability = source.find("ability", slug)
        if ability:
            lines.append(f"{ability['name']} ({ability['category']}): {ability['text']}")
    if data.get("replaces"):
        replaced = source.find("unit-type", data["replaces"])
        lines.append(f"Replaces {replaced['name'] if replaced else data['replaces']} on a roll.")
    return {
        "title": unit["name"],
        "type": f"Die face {data.get('face')} · {unit['category']}",
        "symbol": "hex",
        "cost": data.get("face"),
        "stats": [
            ["Life", str(data.get("life"))],
            ["Combat", str(data.get("combat_damage"))],
            ["Move", str(data.get("movement"))],
            ["Range", str(data.get("range"))],
            ["Per hex", str(data.get("max_per_hex", 2))],
        ],
        "text": "\n".join(lines),
        "footer": "Smalltricks",
        "colour": "#d9cfe6" if unit["category"] == "base" else "#e6dccf",
        "accent": "#4b3a6b" if unit["category"] == "base" else "#7a5230",
    }


def _units(source: Any) -> list[dict[str, Any]]:
    units = []
    for slug in (source.body or {}).get("units", []):
        unit = source.find("unit-type", slug) if isinstance(slug, str) else None
        if unit is None:
            raise ValueError(f"The faction names a unit type Muster does not know: {slug!r}.")
        units.append(unit)
    if not units:
        raise ValueError("The faction has no units.")
    return units


def faction_cards(source: Any) -> list[dict[str, Any]]:
    seen: dict[str, dict[str, Any]] = {}
    for unit in _units(source):
        if unit["slug"] in seen:
            seen[unit["slug"]]["count"] += 1
        else:
            seen[unit["slug"]] = {**unit_card(unit, source), "count": 1}
    return list(seen.values())


def reference_cards(source: Any) -> list[dict[str, Any]]:
    units = sorted(
        source.all("unit-type"), key=lambda u: (u["category"] != "base", u["data"].get("face", 0))
    )
    return [unit_card(u, source) for u in units]


def _halves() -> dict[str, str]:
    shade = {}
    for column in range(1, board.COLUMNS + 1):
        for row in range(1, board.ROWS + 1):
            label = board.Cell(column, row).label
            if row in (board.CASTLE_ROW["a"], board.CASTLE_ROW["b"]):
                shade[label] = "#e4d6c3"
            elif row in board.HALF_ROWS["a"]:
                shade[label] = "#eef3f8"
            else:
                shade[label] = "#f8efee"
    return shade


def faction_sheet(source: Any) -> list[dict[str, Any]]:
    body = source.body or {}
    units = _units(source)
    placed = build_rules.cells_for_side(body, "a") if body.get("arrangement") else []
    labels: dict[str, str] = {}
    for index, unit in enumerate(units):
        cell = placed[index] if index < len(placed) else None
        if cell:
            labels[cell] = (labels[cell] + " + " if cell in labels else "") + str(
                unit["data"].get("face")
            )
    rows = [
        [
            str(u["data"].get("face")),
            u["name"],
            str(u["data"].get("life")),
            str(u["data"].get("movement")),
            str(u["data"].get("range")),
            (placed[i] if i < len(placed) and placed[i] else "-"),
            "[box]",
        ]
        for i, u in enumerate(units)
    ]
    items: list[dict[str, Any]] = [
        {
            "item": "roster",
            "title": source.list_name or "Smalltricks faction",
            "subtitle": f"by {source.owner}" if source.owner else "",
            "qr": source.list_url,
            "columns": ["Face", "Unit", "Life", "Move", "Range", "Starts on", "Lost"],
            "sections": [{"title": "", "rows": rows}],
            "notes": [
                "Starting arrangement on the next page: your castle is row 1."
                if labels
                else "No starting arrangement in this print (it is secret, or not set)."
            ],
        }
    ]
    if labels:
        items.append(
            {
                "item": "hexboard",
                "title": "Starting arrangement (die faces)",
                "cols": board.COLUMNS,
                "rows": board.ROWS,
                "side": PLAN_SIDE,
                "labels": labels,
                "shade": _halves(),
            }
        )
    return items


def battlefield(source: Any) -> list[dict[str, Any]]:
    labels = {
        board.Cell(c, board.CASTLE_ROW[s]).label: f"Castle {s.upper()}"
        for s in board.SIDES
        for c in range(1, board.COLUMNS + 1)
    }
    tracker_rows = []
    for side in ("A", "B"):
        tracker_rows.append({"label": f"Castle {side}: damage", "boxes": 12, "first": 1})
        for n in range(1, 7):
            tracker_rows.append(
                {"label": f"Side {side}, unit {n}", "note": "face ___", "boxes": 5, "first": 1}
            )
    return [
        {
            "item": "hexboard",
            "title": "Smalltricks battlefield",
            "cols": board.COLUMNS,
            "rows": board.ROWS,
            "side": HEX_SIDE,
            "fill": True,  # larger hexes when the pages it takes have room for them
            "labels": labels,
            "shade": _halves(),
        },
        {
            "item": "tracker",
            "title": "Smalltricks damage tracker",
            "intro": "Cross out one box per point of damage. Round checks compare castle damage.",
            "rows": tracker_rows,
        },
    ]


def build(what: str, source: Any) -> list[dict[str, Any]]:
    makers = {
        "faction": faction_sheet,
        "units": faction_cards,
        "reference": reference_cards,
        "board": battlefield,
    }
    return makers[what](source)
