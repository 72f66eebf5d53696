"""The pullers of Tug of War: the whole catalogue, typed in as data."""

from __future__ import annotations

from companion.games.base import EntrySpec, FactionSpec

# (slug, name, strength, text), in the rules' order.
PULLERS: tuple[tuple[str, str, int, str], ...] = (
    ("anchor", "Anchor", 3, "Sits at the end of the rope and does not let go."),
    ("heaver", "Heaver", 2, "Pulls hard on every call."),
    ("grip", "Grip", 1, "Small, but never slips."),
)


def factions() -> list[FactionSpec]:
    """Any puller may join either team: the game has no factions."""
    return []


def entries() -> list[EntrySpec]:
    """One entry per puller, linked to the rules' section on pullers."""
    return [
        EntrySpec(
            kind="puller",
            slug=slug,
            name=name,
            text=text,
            data={"strength": strength},
            rule="pullers",
            order=order,
        )
        for order, (slug, name, strength, text) in enumerate(PULLERS, start=1)
    ]
