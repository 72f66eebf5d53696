"""Helpers for the Maker-War table tests: armies from classic formations, a table that
has reached the battle, and one-line actions."""

from __future__ import annotations

import random
from typing import Any

from companion.games.maker_war import formations
from companion.games.maker_war.engine import ENGINE
from companion.games.table import Seat

CLASSIC = {e.slug: (e.faction, e.data["classic"], e.data["chiefs"]) for e in formations.entries()}


def army(*plans: str, budget: int = 1000, hypha: list[dict] | None = None) -> dict[str, Any]:
    """An army body of the classic formations of ``plans`` (their faction's)."""
    body: dict[str, Any] = {"faction": CLASSIC[plans[0]][0], "budget": budget, "formations": []}
    for plan in plans:
        _, classic, chiefs = CLASSIC[plan]
        units = []
        for slug, count in classic.items():
            chief = bool(chiefs) and slug == chiefs[0]
            if chief:
                units.append({"unit": slug, "count": 1, "chief": True})
                if count > 1:
                    units.append({"unit": slug, "count": count - 1})
            else:
                units.append({"unit": slug, "count": count})
        body["formations"].append(
            {"plan": plan, "name": plan.replace("-", " ").title(), "units": units}
        )
    body["hypha"] = hypha or []
    return body


def start(*bodies: dict[str, Any], seed: int = 1, **options: Any) -> dict[str, Any]:
    seats = [
        Seat(i, name, body)
        for i, (name, body) in enumerate(
            zip(("Ada", "Ben", "Cy", "Dee")[: len(bodies)], bodies, strict=True)
        )
    ]
    return ENGINE.initial_state(seats, options, random.Random(seed))


def act(state: dict, seat: int | None, action: dict, seed: int = 7) -> tuple[dict, list[dict]]:
    out = ENGINE.apply(state, seat, action, random.Random(seed))
    return out.state, out.events


def fid(state: dict, seat: int, name: str) -> str:
    return next(f["id"] for f in state["formations"] if f["seat"] == seat and f["name"] == name)


def get(state: dict, formation_id: str) -> dict:
    return next(f for f in state["formations"] if f["id"] == formation_id)


def to_battle(state: dict, deployments: list[tuple[int, str, dict]]) -> dict:
    """Begin deployment, deploy (seat, name, extra) in turn, the rest pass, battle starts."""
    state, _ = act(state, 0, {"type": "begin-deployment"})
    for seat, name, extra in deployments:
        state, _ = act(
            state, seat, {"type": "deploy", "formation": fid(state, seat, name), **extra}
        )
    while state["phase"] == "deploy":
        state, _ = act(state, state["deploy_turn"], {"type": "pass"})
    return state
