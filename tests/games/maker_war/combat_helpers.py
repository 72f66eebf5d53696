"""Small builders of combat units and formations for the Maker-War combat tests."""

from __future__ import annotations

from typing import Any


def unit(uid: str, kind: str = "infantry", armor: int = 1, **extra: Any) -> dict[str, Any]:
    return {"id": uid, "type": kind, "armor": armor, "alive": True, "traits": {}, **extra}


def shooter(uid: str, fire_power: int, *fire_traits: str, **traits: int) -> dict[str, Any]:
    return {
        "id": uid,
        "type": "tank",
        "fire_power": fire_power,
        "fire_traits": list(fire_traits),
        "traits": dict(traits),
    }


def formation(fid: str, *units: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"id": fid, "units": list(units), "impact_tokens": 0, **extra}


def titan(uid: str = "t", structure: int = 14, shields: int = 0, **extra: Any) -> dict[str, Any]:
    return {
        "id": uid,
        "type": "titan",
        "armor": 1,
        "structure": structure,
        "max_structure": extra.pop("max_structure", structure),
        "shields": shields,
        "broken": extra.pop("broken", []),
        "traits": {"shields": shields} if shields else {},
        "alive": True,
        **extra,
    }
