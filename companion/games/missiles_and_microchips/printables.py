"""What Muster prints for Missiles & Microchips: the card kit for the players at the
table (each player's six TARGET cards and three ACTION cards), energy tokens and the
start-player token.

Pure data and functions for ``printing``: ``build(what, source)`` returns card dicts or
sheet items. A kit list names its supercomputers; the game page asks for N players and
takes the first N computers in the catalogue's seat order.
"""

from __future__ import annotations

from typing import Any

from companion.games.missiles_and_microchips.book import COMPUTER_SLUGS, MAX_PLAYERS, MIN_PLAYERS

LIST_PRINTS = {
    "kit": ("The kit's cards", "cards"),
    "tokens": ("Energy and start-player tokens", "sheet"),
}
GAME_PRINTS = {
    "kit": ("Card kit for N players", "cards"),
    "tokens": ("Energy and start-player tokens", "sheet"),
}
PLAYERS = (MIN_PLAYERS, MAX_PLAYERS)
BACK = {"title": "Missiles & Microchips", "type": "", "symbol": "bolt", "colour": "#1b2233"}
COLOURS = {
    "red": "#f1b8b8",
    "orange": "#f6cfa5",
    "yellow": "#f3e7a1",
    "green": "#bfe3bf",
    "blue": "#b9d3f1",
    "purple": "#d8c2ee",
}
# The computer's own colour, strong: the band of its cards (the table's chart uses the same).
ACCENTS = {
    "red": "#c81e1e",
    "orange": "#d9560b",
    "yellow": "#a87a04",
    "green": "#15803d",
    "blue": "#1d4ed8",
    "purple": "#6d28d9",
}


def computers(source: Any) -> list[str]:
    """The kit's computers: the list's, or the first N in seat order."""
    if source.body is not None:
        chosen = [c for c in source.body.get("computers", []) if isinstance(c, str)]
        if not chosen:
            raise ValueError("The kit names no supercomputers.")
        return list(dict.fromkeys(chosen))
    count = source.players or PLAYERS[0]
    if not PLAYERS[0] <= count <= PLAYERS[1]:
        raise ValueError(f"Missiles & Microchips is for {PLAYERS[0]} to {PLAYERS[1]} players.")
    return list(COMPUTER_SLUGS[:count])


def kit(source: Any) -> list[dict[str, Any]]:
    chosen = computers(source)
    actions = {a["slug"]: a for a in source.all("action")}
    cards = []
    for slug in chosen:
        computer = source.find("supercomputer", slug)
        if computer is None:
            raise ValueError(f"Unknown supercomputer {slug!r}.")
        colour = COLOURS.get(computer["data"].get("colour", ""), "#dddddd")
        accent = ACCENTS.get(computer["data"].get("colour", ""), "#39414a")
        for card in source.all("card", faction=slug):
            data = card["data"]
            if data.get("target") and data.get("target") not in chosen:
                continue  # nobody at this table plays that computer
            if card["category"] == "target":
                aimed = source.find("supercomputer", data["target"])
                title = "TARGET: " + (aimed["name"] if aimed else data["target"])
                text = card["text"]
                if data.get("identity"):
                    title = f"{computer['name']} (you)"
            else:
                action = actions.get(
                    data.get("action", ""), {"name": data.get("action", ""), "text": "", "data": {}}
                )
                title = action["name"].upper()
                text = f"{action['text']}\n{action['data'].get('special', '')}".strip()
            cards.append(
                {
                    "title": title,
                    "type": f"{card['category'].upper()} · held by {computer['name']}",
                    "symbol": "bolt" if card["category"] == "action" else "eye",
                    "text": text,
                    "footer": "Missiles & Microchips",
                    "colour": colour,
                    "accent": accent,
                }
            )
    return cards


def tokens(source: Any) -> list[dict[str, Any]]:
    players = len(computers(source)) if source.body is not None or source.players else 6
    return [
        {
            "item": "tokens",
            "title": "Energy tokens and the start-player token",
            "tokens": [
                {
                    "label": "1",
                    "sub": "energy",
                    "symbol": "energy",
                    "shape": "circle",
                    "w": 16,
                    "h": 16,
                    "count": players * 10,
                    "colour": "#fff3b0",
                },
                {
                    "label": "5",
                    "sub": "energy",
                    "symbol": "energy",
                    "shape": "hex",
                    "w": 22,
                    "h": 20,
                    "count": players * 2,
                    "colour": "#ffd27a",
                },
                {"label": "Start player", "symbol": "start", "shape": "circle", "w": 30, "h": 30},
            ],
        }
    ]


def build(what: str, source: Any) -> list[dict[str, Any]]:
    return {"kit": kit, "tokens": tokens}[what](source)
