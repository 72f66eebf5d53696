"""Supply at the Maker-War table: the shared deck, hands, supply points and their costs.

One deck of the 40 basic cards (8 kinds x 5, RULINGS.md) shared by every player. At the
end of a round each player draws the tier's number of cards, in seat order. When fewer
cards remain than a full round's draw (or a number that cannot be shared out evenly), the
played cards are shuffled back in, that round is drawn normally and the deck then leaves
the game; at 10,000 points or more the deck is instead reshuffled once and play goes on,
and when it runs short a second time whatever is left is drawn and that is the end.
Points of interest draw from the deck as it is, never reshuffling.

Supply points come only from playing a card for its value; they expire at the end of the
turn. Landing-zone points may only deploy formations or activate flyers.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import cache
from typing import Any

from companion.games.base import RuleError

FLYER_ORDER_COST = 2
MAKER_WEAPON_CHANGE_COST = 1
LANDING_ZONE_POINTS = 3
# What each cost is for: only these may use landing-zone points.
RESTRICTED_USES = frozenset({"deploy", "flyer-order"})


@cache
def cards() -> dict[str, dict[str, Any]]:
    """Card slug to name, supply value and alternate use, from the book's table."""
    from companion.games.maker_war import book

    return {
        e.slug: {
            "slug": e.slug,
            "name": e.name,
            "value": e.data["value"],
            "use": e.data["alternate_use"],
        }
        for e in book.supply_cards()
    }


def new_deck(rng: random.Random) -> list[str]:
    from companion.games.maker_war.book import SUPPLY_CARD_COPIES

    deck = [slug for slug in cards() for _ in range(SUPPLY_CARD_COPIES)]
    rng.shuffle(deck)
    return deck


def supply_state(seat_count: int, deck: list[str], reshuffle_tier: bool) -> dict[str, Any]:
    return {
        "deck": deck,
        "discard": [],
        "hands": [[] for _ in range(seat_count)],
        "points": [0] * seat_count,  # free supply points of the current turn
        "landing": [0] * seat_count,  # landing-zone points (deploy / flyers only)
        "reshuffle_tier": reshuffle_tier,
        "reshuffled": False,
        "removed": False,  # the deck has left the game
    }


def draw(supply: dict[str, Any], seat: int, count: int) -> list[str]:
    """Up to ``count`` cards from the top of the deck into ``seat``'s hand."""
    drawn = supply["deck"][:count]
    del supply["deck"][: len(drawn)]
    supply["hands"][seat].extend(drawn)
    return drawn


def end_of_round_draw(
    supply: dict[str, Any], per_player: int, seats: list[int], rng: random.Random
) -> tuple[dict[int, int], str]:
    """Each seat's draw at the end of a round, with the reshuffle rules; the counts drawn
    per seat and a note of what happened to the deck ("" when nothing special)."""
    need = per_player * len(seats)
    note = ""
    if per_player == 0 or supply["removed"]:
        return dict.fromkeys(seats, 0), note
    short = len(supply["deck"]) < need
    uneven = bool(supply["deck"]) and short
    if short and supply["reshuffle_tier"] and not supply["reshuffled"]:
        supply["deck"] += supply["discard"]
        supply["discard"] = []
        rng.shuffle(supply["deck"])
        supply["reshuffled"] = True
        note = "The played supply cards were shuffled back into the deck (once, 10,000+ points)."
    elif uneven and not supply["reshuffle_tier"]:
        supply["deck"] += supply["discard"]
        supply["discard"] = []
        rng.shuffle(supply["deck"])
        supply["removed"] = True
        note = (
            "Too few supply cards were left: the played cards were shuffled in for this "
            "last draw, and the deck leaves the game."
        )
    counts = {seat: len(draw(supply, seat, per_player)) for seat in seats}
    if supply["removed"]:
        supply["discard"] += supply["deck"]
        supply["deck"] = []
    elif not supply["deck"] and not note:
        note = "The supply deck is used up."
    return counts, note


def take_card(supply: dict[str, Any], seat: int, card: Any) -> str:
    """Remove one ``card`` (slug) from the seat's hand onto the discard pile."""
    hand = supply["hands"][seat]
    if card not in hand:
        raise RuleError({"card": "Play a card from your own hand."})
    hand.remove(card)
    supply["discard"].append(card)
    return card


def play_for_points(supply: dict[str, Any], seat: int, card: str) -> int:
    take_card(supply, seat, card)
    value = cards()[card]["value"]
    supply["points"][seat] += value
    return value


def spend(supply: dict[str, Any], seat: int, amount: int, use: str) -> None:
    """Pay ``amount`` supply points for ``use``; landing-zone points go first where they
    may. Refused (nothing paid) when the seat has not enough."""
    if amount <= 0:
        return
    landing = supply["landing"][seat] if use in RESTRICTED_USES else 0
    if supply["points"][seat] + landing < amount:
        have = supply["points"][seat] + landing
        raise RuleError(
            {"supply": f"This needs {amount} supply point(s); you have {have}. Play a card first."}
        )
    from_landing = min(landing, amount)
    supply["landing"][seat] -= from_landing
    supply["points"][seat] -= amount - from_landing


def expire(supply: dict[str, Any], seat: int) -> int:
    """Points left at the end of a turn are lost; how many were lost."""
    lost = supply["points"][seat] + supply["landing"][seat]
    supply["points"][seat] = 0
    supply["landing"][seat] = 0
    return lost


def visible_hands(supply: Mapping[str, Any], sides: list[int], seat: int | None) -> dict:
    """Hands a seat may see: its own and its allies' (same side); never the deck order."""
    shown = {}
    for other, hand in enumerate(supply["hands"]):
        if seat is not None and sides[other] == sides[seat]:
            shown[str(other)] = [{"slug": c, **cards()[c]} for c in hand]
    return shown
