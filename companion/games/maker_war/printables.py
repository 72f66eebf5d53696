"""What Muster prints for Maker-War: formation datacards and a roster of an army, Titan
schematics to mark damaged systems, the 40-card supply deck, and the tokens, markers and
templates the book asks for (at true size).

Pure data and functions for ``printing``: ``build(what, source)`` returns card dicts or
sheet items; the army's figures (formation points, supply cost, stars) come from this
game's own validator, never recomputed here.
"""

from __future__ import annotations

from typing import Any

from companion.games.maker_war import build_rules

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
TYPE_COLOURS = {"infantry": "#cfd8c0", "tank": "#d6cbb8", "titan": "#d8c0c0", "flyer": "#c0d0d8"}
STANCE_SYMBOLS = {
    "patrol": "patrol",
    "march": "march",
    "scatter": "scatter",
    "flying-low": "flying-low",
    "rage": "rage",
}


def _figures(source: Any) -> dict[str, Any]:
    return build_rules.validate(source.body or {}, source.catalogue()).figures


def _formations(source: Any) -> list[dict[str, Any]]:
    body = source.body or {}
    rows = body.get("formations", [])
    return [f for f in rows if isinstance(f, dict)] if isinstance(rows, list) else []


def profile(data: dict[str, Any]) -> str:
    """A unit's profile in one line, as the datacard prints it."""
    parts = []
    if data.get("structure"):
        parts.append(f"Str {data['structure']}")
    if data.get("armor"):
        parts.append(f"Arm {data['armor']}")
    if data.get("speed") is not None:
        parts.append(f"Spd {data['speed']}")
    if data.get("fire_power"):
        traits = "".join(f" {t}" for t in data.get("fire_traits", []))
        arc = f" ({data['fire_arc']})" if data.get("fire_arc") not in (None, "all") else ""
        parts.append(f"Fire {data.get('fire_range', 0)} cm x{data['fire_power']}{traits}{arc}")
    if data.get("melee"):
        parts.append(f"Melee {data['melee']}")
    return " · ".join(parts)


def _traits(data: dict[str, Any], source: Any) -> list[str]:
    names = []
    for slug, value in (data.get("traits") or {}).items():
        trait = source.find("trait", slug)
        name = trait["name"] if trait else slug
        names.append(name if value in (1, True, None) else f"{name} {value}")
    return names


def _units(formation: dict[str, Any], source: Any, faction: str) -> list[tuple[dict, int, bool]]:
    out = []
    for row in formation.get("units", []):
        if not isinstance(row, dict):
            continue
        unit = source.find("unit", str(row.get("unit", "")), faction)
        if unit is None:
            raise ValueError(f"The army names a unit Muster does not know: {row.get('unit')!r}.")
        out.append((unit, int(row.get("count", 1) or 1), bool(row.get("chief"))))
    return out


def _mounts(unit: dict[str, Any], formation: dict[str, Any]) -> list[tuple[str, str]]:
    chosen = formation.get("mounts") or {}
    return [
        (m.get("mount", ""), chosen.get(m.get("mount", ""), m.get("weapon", "")))
        for m in unit["data"].get("mounts", []) or []
    ]


def datacards(source: Any) -> list[dict[str, Any]]:
    """One datacard per formation: each unit's profile and traits, the formation's points,
    supply cost and stars, and the rules of every trait it uses."""
    faction = str((source.body or {}).get("faction", ""))
    figures = {f["index"]: f for f in _figures(source).get("formations", [])}
    cards = []
    for index, formation in enumerate(_formations(source)):
        fig = figures.get(index, {})
        lines, used = [], {}
        units = _units(formation, source, faction)
        for unit, count, chief in units:
            data = unit["data"]
            traits = _traits(data, source)
            for slug in data.get("traits") or {}:
                trait = source.find("trait", slug)
                if trait:
                    used[trait["name"]] = trait["text"]
            chief_mark = " (chief)" if chief else ""
            lines.append(f"{count}x {unit['name']}{chief_mark}: {profile(data)}")
            if traits:
                lines.append("   " + ", ".join(traits))
            for mount, weapon_slug in _mounts(unit, formation):
                weapon = source.find("unit", weapon_slug, faction)
                if weapon:
                    lines.append(f"   {mount}: {weapon['name']}: {profile(weapon['data'])}")
        if used:
            lines.append("")
            lines += [f"{name}: {text}" for name, text in sorted(used.items())]
        kind = units[0][0]["category"] if units else ""
        cards.append(
            {
                "title": str(formation.get("name") or fig.get("plan_name", "Formation")),
                "type": fig.get("plan_name", ""),
                "faction": source.faction_name(faction),
                "symbol": faction,
                "cost": fig.get("points"),
                "stats": [
                    ["Points", str(fig.get("points", "-"))],
                    ["Units", str(fig.get("units", "-"))],
                    ["Supply", str(fig.get("supply_cost", "-"))],
                    ["Stars", "★" * int(fig.get("stars", 0) or 0) or "0"],
                ],
                "text": "\n".join(lines),
                "footer": "Maker-War",
                "colour": TYPE_COLOURS.get(kind, "#d8dee6"),
            }
        )
    if not cards:
        raise ValueError("The army has no formations to print.")
    return cards


def roster(source: Any) -> list[dict[str, Any]]:
    body = source.body or {}
    faction = str(body.get("faction", ""))
    figures = _figures(source)
    by_index = {f["index"]: f for f in figures.get("formations", [])}
    sections = []
    for index, formation in enumerate(_formations(source)):
        fig = by_index.get(index, {})
        rows = [
            [
                str(count),
                unit["name"] + (" (chief)" if chief else ""),
                unit["category"],
                profile(unit["data"]),
                str(unit.get("points") or ""),
            ]
            for unit, count, chief in _units(formation, source, faction)
        ]
        title = (
            f"{formation.get('name') or fig.get('plan_name', '')} · {fig.get('plan_name', '')}"
            f" · {fig.get('points', '-')} pts · supply {fig.get('supply_cost', '-')}"
            f" · stars {fig.get('stars', 0)}"
        )
        sections.append({"title": title, "rows": rows})
    setup = figures.get("setup") or {}
    totals = [
        ["Points", f"{figures.get('total', '-')} / {figures.get('budget', '-')}"],
        ["Stars", f"{figures.get('stars', 0)} / {figures.get('star_budget', 0)}"],
        ["Units", str(figures.get("unit_count", "-"))],
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
    for formation in _formations(source):
        for unit, count, _ in _units(formation, source, faction):
            if unit["category"] != "titan":
                continue
            data = unit["data"]
            weapons = {}
            for mount, slug in _mounts(unit, formation):
                weapon = source.find("unit", slug, faction)
                weapons[mount] = weapon["name"] if weapon else slug
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
                        f"{', '.join(_traits(data, source)) or 'none'}. Cross out structure as "
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
                    "sub": t["text"][:40],
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
