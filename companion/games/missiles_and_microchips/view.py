"""What a seat of Missiles & Microchips sees: the board, the energy chart and the log.

Face-down cards are the only secret: a seat sees its own, others' targets only from the
Aim reveal and their actions only at the Action reveal, which closes the round; so the
current round never shows another's action. The log a seat reads is one summary per
resolved round (``resolution.finish_round``), public once played.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.missiles_and_microchips.book import WIN_ENERGY, computer_colour
from companion.games.plain_data import clone

# A player's facts every seat sees as they are (the face-down choice is not one of them).
_OPEN = ("seat", "name", "computer", "computer_name", "energy", "alive")


def seat_view(state: Mapping[str, Any], seat: int | None, *, over: bool) -> dict[str, Any]:
    """What ``seat`` may know of ``state`` beyond the engine's ``PUBLIC`` keys (None: the
    public board): the players with their own choice only, whether the game is over, and
    the energy chart."""
    targets_up = state["phase"] == "change"
    players = []
    for p in state["players"]:
        shown = {key: p[key] for key in _OPEN}
        shown["colour"] = computer_colour(p["computer"])
        shown["start"] = p["seat"] == state["start"]
        shown["chosen"] = p["choice"] is not None
        shown["target"] = p["choice"]["target"] if targets_up and p["choice"] else None
        shown["decision"] = p["decision"]
        if p["seat"] == seat:
            shown["choice"] = clone(p["choice"])
        players.append(shown)
    return {"you": seat, "players": players, "over": over, "energy_chart": energy_chart(state)}


def energy_chart(state: Mapping[str, Any]) -> dict[str, Any]:
    """The chart the table draws: one line of energies per seat over the rounds (step 0 is
    the start) in its computer's own colour, its scale reaching at least the energy win."""
    rounds = state["energy_by_round"]
    return {
        "title": "Energy over time",
        "steps": list(range(len(rounds))),
        "top": WIN_ENERGY,
        "series": [
            {
                "seat": p["seat"],
                "name": p["computer_name"],
                "colour": computer_colour(p["computer"])["ink"],
                "values": [energies[p["seat"]] for energies in rounds],
            }
            for p in state["players"]
        ],
    }


# Events the log shows beside the round summaries, each as an entry of one line: a seat
# leaving, the win it may bring, the host ending the game.
_TABLE_ENTRIES = ("leave", "end")


def log_entry(event: Mapping[str, Any]) -> dict[str, Any] | None:
    """The log's entries are the round summaries; the moves' own events (a seat has
    chosen, passed...) are shown by the board, not repeated in the log. A seat leaving
    and the host ending the game are entries of their own (``lines``: their text)."""
    if event.get("type") == "summary":
        return dict(event)
    if event.get("type") in _TABLE_ENTRIES or event.get("after_leave"):
        return {**event, "lines": [event["text"]]}
    return None
