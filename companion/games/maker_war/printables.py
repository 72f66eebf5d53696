"""What Muster prints for Maker-War: formation datacards and a roster of an army, Titan
schematics to mark damaged systems, the 40-card supply deck, and the tokens, markers and
templates the book asks for (at true size).

Pure data and functions for ``printing``: ``build(what, source)`` returns card dicts or
sheet items; the army's figures (formation points, supply cost, stars) come from this
game's own validator, never recomputed here.
"""

from __future__ import annotations

from typing import Any

from companion.games.maker_war.datacards import (
    datacards,
    figures,
    formations,
    mounts_of,
    profile,
    trait_names,
    units_of,
    weapons_of,
)

LIST_PRINTS = {
    "datacards": ("Formation datacards", "cards"),
    "roster": ("Army roster (one page, QR code)", "sheet"),
    "titans": ("Titan schematics (mark damaged systems)", "sheet"),
}
GAME_PRINTS = {
    "supply": ("Supply deck (40 cards)", "cards"),
    "markers": ("Markers, tokens and templates", "sheet"),
}
BACK = {"title": "Maker-War", "type": "", "symbol": "gear", "colour": "#39414a"}
STANCE_SYMBOLS = {
    "patrol": "patrol",
    "march": "march",
    "scatter": "scatter",
    "flying-low": "flying-low",
    "rage": "rage",
}


def roster(source: Any) -> list[dict[str, Any]]:
    body = source.body or {}
    faction = str(body.get("faction", ""))
    figs = figures(source)
    by_index = {f["index"]: f for f in figs.get("formations", [])}
    sections = []
    for index, formation in enumerate(formations(source)):
        fig = by_index.get(index, {})
        rows = []
        for unit, count, chief in units_of(formation, source, faction):
            rows.append(
                [
                    str(count),
                    unit["name"] + (" (chief)" if chief else ""),
                    unit["category"],
                    profile(unit["data"]),
                    str(unit.get("points") or ""),
                ]
            )
            for mount, name, weapon in weapons_of(unit, formation, source, faction):
                shown = profile(weapon["data"]) if weapon else ""
                rows.append(["", f"{mount}: {name}", "weapon", shown, ""])  # a Titan's choice
        title = (
            f"{formation.get('name') or fig.get('plan_name', '')} · {fig.get('plan_name', '')}"
            f" · {fig.get('points', '-')} pts · supply {fig.get('supply_cost', '-')}"
            f" · stars {fig.get('stars', 0)}"
        )
        sections.append({"title": title, "rows": rows})
    setup = figs.get("setup") or {}
    totals = [
        ["Points", f"{figs.get('total', '-')} / {figs.get('budget', '-')}"],
        ["Stars", f"{figs.get('stars', 0)} / {figs.get('star_budget', 0)}"],
        ["Units", str(figs.get("unit_count", "-"))],
    ]
    if setup:
        totals += [
            ["Supply cards a round", str(setup.get("supply_cards_per_round", "-"))],
            ["Points of interest", str(setup.get("points_of_interest", "-"))],
            ["Table", "x".join(str(v) for v in setup.get("table_cm", [])) + " cm"],
        ]
    return [
        {
            "item": "roster",
            "title": source.list_name or "Maker-War army",
            "subtitle": source.faction_name(faction)
            + (f" · by {source.owner}" if source.owner else ""),
            "qr": source.list_url,
            "columns": ["#", "Unit", "Type", "Profile", "Pts"],
            "sections": sections,
            "totals": totals,
        }
    ]


def _criticals(structure: int, source: Any) -> list[dict[str, Any]]:
    table = source.all("critical-hit")
    if structure <= 6:
        return [c for c in table if c["category"] == "titan-tank"]
    size = "moderate" if structure <= 15 else "big"
    return sorted(
        (c for c in table if c["category"] == size), key=lambda c: c["data"].get("roll", 0)
    )


def titans(source: Any) -> list[dict[str, Any]]:
    """A schematic per Titan: structure boxes, and one box per system a critical hit can
    damage (what the hit does beside it), with the weapon on each mount named."""
    faction = str((source.body or {}).get("faction", ""))
    items = []
    for formation in formations(source):
        for unit, count, _ in units_of(formation, source, faction):
            if unit["category"] != "titan":
                continue
            data = unit["data"]
            weapons = {}
            for mount, slug in mounts_of(unit, formation):
                weapon = source.find("unit", slug, faction)
                weapons[mount] = weapon["name"] if weapon else slug.replace("-", " ").capitalize()
            rows = [{"label": "Structure", "boxes": int(data.get("structure", 0)), "first": 1}]
            for crit in _criticals(int(data.get("structure", 0)), source):
                cd = crit["data"]
                roll = f"{cd['roll']}: " if "roll" in cd else ""
                mount = cd.get("mount")
                weapon = f" ({weapons[mount]})" if mount in weapons else ""
                rows.append(
                    {
                        "label": f"{roll}{cd.get('system', crit['name'])}{weapon}",
                        "note": crit["text"],
                        "boxes": 1,
                        "numbered": False,
                    }
                )
            for n in range(count):
                suffix = f" #{n + 1}" if count > 1 else ""
                items.append(
                    {
                        "item": "tracker",
                        "title": f"{unit['name']}{suffix} · {formation.get('name', '')}",
                        "intro": f"{profile(data)}. Traits: "
                        f"{', '.join(trait_names(data, source)) or 'none'}. Cross out structure as "
                        "it is lost; tick a system when a critical hit damages it.",
                        "rows": rows,
                    }
                )
    if not items:
        raise ValueError("The army has no Titans.")
    return items


def supply_deck(source: Any) -> list[dict[str, Any]]:
    cards = []
    for card in source.all("supply-card"):
        data = card["data"]
        cards.append(
            {
                "title": card["name"],
                "type": "Supply card",
                "symbol": "bolt",
                "cost": data.get("value"),
                "stats": [["Supply points", str(data.get("value", "-"))]],
                "text": f"Spend for {data.get('value')} supply points, or:\n"
                f"{data.get('alternate_use', '')}",
                "footer": "Maker-War supply",
                "count": int(data.get("copies", 1)),
                "colour": "#e3d7b0",
                "accent": "#7a5a12",
            }
        )
    return cards


def _tokens(title: str, tokens: list[dict[str, Any]]) -> dict[str, Any]:
    return {"item": "tokens", "title": title, "tokens": tokens}


def markers(source: Any) -> list[dict[str, Any]]:
    stances = [s for s in source.all("stance") if s["slug"] in STANCE_SYMBOLS]
    pois = source.all("point-of-interest")
    terrain = source.all("terrain")
    return [
        _tokens(
            "Impact, terror impact and activation markers",
            [
                {
                    "label": "",
                    "symbol": "impact",
                    "shape": "circle",
                    "w": 18,
                    "h": 18,
                    "count": 30,
                    "colour": "#f3d9b1",
                },
                {
                    "label": "",
                    "symbol": "terror",
                    "shape": "circle",
                    "w": 18,
                    "h": 18,
                    "count": 12,
                    "colour": "#e7c2c2",
                },
                {
                    "label": "Activated",
                    "symbol": "activation",
                    "shape": "square",
                    "w": 20,
                    "h": 20,
                    "count": 16,
                },
            ],
        ),
        _tokens(
            "Stance markers",
            [
                {
                    "label": s["name"],
                    "symbol": STANCE_SYMBOLS[s["slug"]],
                    "shape": "square",
                    "w": 22,
                    "h": 22,
                    "count": 6,
                }
                for s in stances
            ],
        ),
        _tokens(
            "Points of interest, reliquary and energy",
            [
                *(
                    {
                        "label": p["name"],
                        "sub": "Roll " + ", ".join(map(str, p["data"].get("rolls", []))),
                        "symbol": "reliquary" if p["slug"] == "reliquary" else "poi",
                        "shape": "hex",
                        "w": 34,
                        "h": 30,
                        "count": 2,
                    }
                    for p in pois
                ),
                {
                    "label": "Reliquary",
                    "symbol": "reliquary",
                    "shape": "circle",
                    "w": 20,
                    "h": 20,
                    "count": 2,
                },
                {
                    "label": "",
                    "sub": "Energy",
                    "symbol": "energy",
                    "shape": "circle",
                    "w": 15,
                    "h": 15,
                    "count": 30,
                    "colour": "#d6e4f5",
                },
            ],
        ),
        _tokens(
            "Points of interest compass",
            [
                {
                    "label": "Player axis",
                    "sub": "Middle axis →",
                    "symbol": "compass",
                    "shape": "circle",
                    "w": 120,
                    "h": 120,
                },
            ],
        ),
        _tokens(
            "Templates (true size)",
            [
                {"label": "5 cm template", "shape": "circle", "w": 50, "h": 50},
                {"label": "15 cm formation template", "shape": "circle", "w": 150, "h": 150},
            ],
        ),
        _tokens(
            "Terrain footprints",
            [
                {
                    "label": t["name"],
                    "sub": t["text"],
                    "shape": "ellipse" if t["slug"] in ("forest", "lake", "hill") else "square",
                    "w": 90,
                    "h": 60,
                    "colour": "#eef2e6",
                }
                for t in terrain
                if t["slug"] != "street"
            ]
            + [{"label": "Street", "shape": "square", "w": 150, "h": 25, "colour": "#eeeeee"}],
        ),
    ]


def build(what: str, source: Any) -> list[dict[str, Any]]:
    makers = {
        "datacards": datacards,
        "roster": roster,
        "titans": titans,
        "supply": supply_deck,
        "markers": markers,
    }
    return makers[what](source)
