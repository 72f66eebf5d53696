"""The end of a game and the match score (RULINGS.md).

Damage and Hold (default): after a round, a side with 2 or more castle damage more than
the other loses; a side 1 behind at the end of two rounds in a row loses. After the round
limit (7 by default) an undecided game goes to the side that dealt more castle damage,
then to the side with more units left, else it is a draw. Player-driven: the game ends
when one player proposes it and the other agrees, and is scored the same way. A Crash
Through wins outright; two in one round are a draw.

A match is one game, best of 3 or 5 (a side with more than half the games wins; after
that many games the one with more wins does, else the match is drawn), or first to N wins.
A player who leaves the table concedes the game in play and the match; the host may end
the match, which nobody wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.smalltricks.table.units import live


def wins_needed(options: Mapping[str, Any]) -> tuple[int, int | None]:
    """(wins that take the match, most games played or None)."""
    match = options["match"]
    if match == "single":
        return 1, 1
    if match == "best-of-3":
        return 2, 3
    if match == "best-of-5":
        return 3, 5
    return options["first_to"], None


def scored_result(state: Mapping[str, Any]) -> tuple[int | None, str]:
    """Winner on points: castle damage dealt, then units left; None for a draw."""
    dealt = [state["castle"][1], state["castle"][0]]  # seat s dealt damage to 1 - s
    if dealt[0] != dealt[1]:
        winner = 0 if dealt[0] > dealt[1] else 1
        return winner, f"more castle damage dealt ({dealt[winner]} to {dealt[1 - winner]})"
    left = [len(live(state, 0)), len(live(state, 1))]
    if left[0] != left[1]:
        winner = 0 if left[0] > left[1] else 1
        return (
            winner,
            f"equal castle damage, more units left ({left[winner]} to {left[1 - winner]})",
        )
    return None, "equal castle damage and equal units left"


def end_of_round(state: dict[str, Any], events: list[dict]) -> bool:
    """The checks after a round's castle damage; True when the game has ended."""
    if state["options"]["end_of_game"] == "damage-and-hold":
        taken = state["castle"]
        losers = []
        for seat in (0, 1):
            behind = taken[seat] - taken[1 - seat]
            if behind >= 2:
                losers.append((seat, f"{behind} more damage on their castle"))
            elif behind == 1:
                state["hold"][seat] += 1
                if state["hold"][seat] >= 2:
                    losers.append((seat, "1 more damage on their castle two rounds in a row"))
            else:
                state["hold"][seat] = 0
        if losers:
            seat, why = losers[0]
            end_game(state, events, 1 - seat, f"{state['names'][seat]} ends a round with {why}")
            return True
        if state["round"] >= state["options"]["round_limit"]:
            winner, why = scored_result(state)
            end_game(state, events, winner, f"round limit {state['round']} reached: {why}")
            return True
    if not live(state, 0) and not live(state, 1):
        winner, why = scored_result(state)
        end_game(state, events, winner, f"no units left on the board: {why}")
        return True
    return False


def end_game(state: dict[str, Any], events: list[dict], winner: int | None, why: str) -> None:
    """Record a game's result, update the match, and stop play until the next game."""
    match = state["match"]
    record = {"game": state["game"], "first": state["first"], "winner": winner, "reason": why}
    match["games"].append(record)
    if winner is None:
        match["draws"] += 1
    else:
        match["score"][winner] += 1
    outcome = "a draw" if winner is None else f"{state['names'][winner]} wins"
    events.append(
        {
            "type": "game-over",
            "game": state["game"],
            "winner": winner,
            "text": f"Game {state['game']} ends, {outcome}: {why}. "
            f"Match score {match['score'][0]}-{match['score'][1]}.",
        }
    )
    state["result"] = record
    state["resolution"] = None
    state["active"] = None
    need, most = wins_needed(state["options"])
    score = match["score"]
    played = len(match["games"])
    decided = max(score) >= need or (most is not None and played >= most)
    if not decided:
        state["phase"] = "game-over"
        return
    match["over"] = True
    match["winner"] = None if score[0] == score[1] else (0 if score[0] > score[1] else 1)
    state["phase"] = "match-over"
    champion = (
        "The match is drawn"
        if match["winner"] is None
        else f"{state['names'][match['winner']]} wins the match"
    )
    events.append(
        {
            "type": "match-over",
            "winner": match["winner"],
            "text": f"{champion}, {score[0]}-{score[1]}.",
        }
    )


def concede(state: dict[str, Any], events: list[dict], seat: int) -> None:
    """``seat``'s player left the table: the other side wins the game in play (one is in
    play from its rolls or set-up on) and the match."""
    winner = 1 - seat
    why = f"{state['names'][seat]} left the table"
    if state["phase"] != "game-over":
        end_game(state, events, winner, why)
        if state["match"]["over"]:
            if state["match"]["winner"] == winner:
                return
            events.pop()  # a match the score would draw: the leaving side still loses it
    state["match"].update(over=True, winner=winner)
    state["phase"] = "match-over"
    events.append(
        {
            "type": "match-over",
            "winner": winner,
            "text": f"{state['names'][winner]} wins the match: {why}.",
        }
    )


def host_ended(state: dict[str, Any]) -> None:
    """The host ends the match: nobody wins it, and a game in play is left unscored."""
    state["resolution"] = None
    state["active"] = None
    state["match"].update(over=True, winner=None, ended=True)
    state["phase"] = "match-over"
