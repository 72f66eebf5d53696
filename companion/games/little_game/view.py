"""What each seat of the little game may see of the table state.

The hands and the secret choices are the game's only secrets: the engine declares the rest
of the board ``PUBLIC``, and this view adds only what depends on the seat. Every event is
public (the log never names a card still hidden), so the engine keeps the framework's log
filter.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.little_game.table import unavailable_actions
from companion.games.plain_data import clone


def seat_view(state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    """What ``seat`` may see beyond the engine's ``PUBLIC`` keys: its own hand and choice;
    of the other only counts and whether they have chosen. The cards taken in the last
    steal are known to the two players (one took them, the other lost them) but not to
    spectators."""
    steal = state["last_steal"]
    if steal is not None and seat not in (steal["thief"], steal["victim"]):
        steal = {key: value for key, value in steal.items() if key != "cards"}
        steal["count"] = len(state["last_steal"]["cards"])
    view = {
        "seat": seat,
        "hand_counts": [len(hand) for hand in state["hands"]],
        "has_chosen": [card is not None for card in state["chosen"]],
        "last_steal": clone(steal),
    }
    if seat in range(len(state["names"])):
        view["hand"] = list(state["hands"][seat])
        view["chosen"] = state["chosen"][seat]
        if state["phase"] == "act" and state["to_act"] == seat:
            # Said before the action is spent: why Attack, Shoot or Recover is not offered.
            view["unavailable"] = unavailable_actions(state, seat)
    return view
