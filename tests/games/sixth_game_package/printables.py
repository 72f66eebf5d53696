"""What Muster prints for Tug of War: a team sheet, one page with a QR code to the list."""

from __future__ import annotations

from typing import Any

LIST_PRINTS = {"team": ("Team sheet (one page, QR code)", "sheet")}
GAME_PRINTS: dict[str, tuple[str, str]] = {}


def team_sheet(source: Any) -> list[dict[str, Any]]:
    """A roster of the team's pullers with their strength, and the total."""
    team = (source.body or {}).get("team") or []
    rows = []
    total = 0
    for slug in team:
        found = source.find("puller", str(slug))
        strength = int(found["data"].get("strength", 0)) if found else 0
        total += strength
        rows.append([found["name"] if found else str(slug), str(strength)])
    return [
        {
            "item": "roster",
            "title": source.list_name or "Tug of War team",
            "subtitle": f"by {source.owner}" if source.owner else "",
            "qr": source.list_url,
            "columns": ["Puller", "Strength"],
            "sections": [{"title": "", "rows": rows}],
            "totals": [["Strength", str(total)]],
            "notes": ["Each pull: one d6 plus the team's strength."],
        }
    ]


def build(what: str, source: Any) -> list[dict[str, Any]]:
    return {"team": team_sheet}[what](source)
