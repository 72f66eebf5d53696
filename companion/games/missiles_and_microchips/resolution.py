"""The Action and Clean Up phases of Missiles & Microchips, as pure functions on plain data.

RULINGS.md makes resolution simultaneous: every effect is worked out from the revealed cards,
then all of them are applied at once, so the clockwise order of the text only orders the
event texts. ``engine`` calls :func:`finish_round` once the last card is down: it resolves
the round (:func:`resolve`), cleans up (:func:`clean_up`) and sums the round up in one
event, the round's entry of the log; all of them work on the JSON state the engine keeps
(players by seat).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.missiles_and_microchips.book import ACTIONS, WIN_ENERGY

ATTACK, BLOCK, CHARGE = ACTIONS


def clockwise(players: Sequence[Mapping[str, Any]], start: int) -> list[int]:
    """The living seats in table order from ``start`` (clockwise is rising seat numbers)."""
    count = len(players)
    seats = [(start + step) % count for step in range(count)]
    return [seat for seat in seats if players[seat]["alive"]]


def next_living(players: Sequence[Mapping[str, Any]], holder: int) -> int | None:
    """Who gets the start token after ``holder``: the next living seat clockwise."""
    count = len(players)
    for step in range(1, count + 1):
        seat = (holder + step) % count
        if players[seat]["alive"]:
            return seat
    return None


def _change(seat: int, energy: int) -> dict[str, int]:
    return {"seat": seat, "energy": energy}


def resolve(
    plays: Mapping[int, tuple[int, str]], order: Sequence[int], names: Mapping[int, str]
) -> tuple[dict[int, int], list[dict[str, Any]]]:
    """Net energy change per seat, and one event per player, from the revealed cards.

    ``plays`` maps every living seat to its (target, action); ``order`` is the clockwise
    order from the start player, used only for the events. Energy is not clamped here. A
    card aimed at a computer that left the game this round meets no card: an attack does
    nothing, a block only stops the attacks on its player, a charge gains +1 (unless
    attacked).
    """
    net = {seat: 0 for seat in plays}
    attackers = {seat: [p for p in order if plays[p] == (seat, ATTACK)] for seat in plays}
    events: list[dict[str, Any]] = []
    for seat in order:
        target, action = plays[seat]
        their_target, their_action = plays.get(target, (None, None))
        mirrored = their_target == seat and their_action == action
        me, them = names[seat], names[target]
        changes: list[dict[str, int]] = []
        if action == ATTACK and target not in plays:
            text = f"{me} attacks {them}, which has left the game: no damage"
        elif action == ATTACK:
            if their_action == BLOCK:
                text = f"{me} attacks {them}, who blocks: no damage"
            else:
                net[target] -= 1
                changes.append(_change(target, -1))
                text = f"{me} attacks {them}: 1 damage"
                if mirrored:
                    text += " (Mutually Assured Destruction)"
        elif action == BLOCK:
            hits = []
            for attacker in attackers[seat]:
                damage = 2 if attacker == target else 1
                net[attacker] -= damage
                changes.append(_change(attacker, -damage))
                firewall = " (Firewall)" if damage == 2 else ""
                hits.append(f"{names[attacker]} takes {damage}{firewall}")
            text = f"{me} blocks, aiming at {them}: " + (
                ", ".join(hits) if hits else "no one attacks it"
            )
        else:
            if attackers[seat]:
                gain, why = 0, "attacked by " + ", ".join(names[a] for a in attackers[seat])
            elif mirrored:
                gain, why = 0, "Feedback"
            elif their_action == CHARGE:
                gain, why = 2, "Chain"
            else:
                gain, why = 1, ""
            net[seat] += gain
            if gain:
                changes.append(_change(seat, gain))
            text = f"{me} charges, aiming at {them}: +{gain}" + (f" ({why})" if why else "")
        events.append(
            {
                "type": "resolve",
                "seat": seat,
                "target": target,
                "action": action,
                "changes": changes,
                "text": text,
                "barrier": True,
            }
        )
    return net, events


def ending(players: Sequence[Mapping[str, Any]], more_than_10: bool) -> tuple[str, list[int]]:
    """The way the game ends after this round's deaths, and its winners ("" if it goes on).

    Checked in the order of RULINGS.md: energy win, last one standing, all dead.
    """
    living = [p["seat"] for p in players if p["alive"]]
    rich = [
        seat
        for seat in living
        if (
            players[seat]["energy"] > WIN_ENERGY
            if more_than_10
            else players[seat]["energy"] >= WIN_ENERGY
        )
    ]
    if rich:
        return "energy-win", rich
    if len(living) == 1:
        return "last-computer-standing", living
    if not living:
        return "scorched-earth", []
    return "", []


ENDING_TEXTS = {
    "energy-win": "Energy Win",
    "last-computer-standing": "Last Computer Standing",
    "scorched-earth": "Scorched Earth: every computer died this round, nobody wins",
}


def clean_up(state: dict[str, Any], names: Mapping[int, str]) -> list[dict[str, Any]]:
    """End the round in place: deaths, the end game, the start token, a duel, the next round.

    Leaves the round legal (RULINGS.md): no negative energy, the dead hold no cards, and,
    unless everyone died, exactly one living player holds the start token.
    """
    players = state["players"]
    events: list[dict[str, Any]] = []
    for player in players:
        player["choice"] = None
        player["decision"] = None
        if player["alive"] and player["energy"] <= 0:
            player["energy"] = 0
            player["alive"] = False
            events.append(
                {
                    "type": "death",
                    "seat": player["seat"],
                    "text": f"{names[player['seat']]} has no energy left and dies",
                    "barrier": True,
                }
            )
    state["turn"] = None
    state["start"] = (
        next_living(players, state["start"]) if any(p["alive"] for p in players) else None
    )
    kind, winners = ending(players, state["options"]["more_than_10"])
    if kind:
        state["phase"] = "over"
        state["ending"] = kind
        state["winners"] = winners
        state["losers"] = [p["seat"] for p in players if p["seat"] not in winners]
        who = " and ".join(names[seat] for seat in winners)
        text = ENDING_TEXTS[kind] + (
            f": {who} {'win' if len(winners) > 1 else 'wins'}" if winners else ""
        )
        events.append(
            {"type": "game-over", "ending": kind, "winners": winners, "text": text, "barrier": True}
        )
        return events
    state["round"] += 1
    state["phase"] = "choose"
    events.append(
        {
            "type": "start-token",
            "seat": state["start"],
            "text": f"The start token passes to {names[state['start']]}",
        }
    )
    living = [p["seat"] for p in players if p["alive"]]
    if len(living) == 2 and not state["duel"]:
        state["duel"] = True
        events.append(
            {
                "type": "duel",
                "seats": living,
                "text": f"{names[living[0]]} and {names[living[1]]} are left: a duel",
            }
        )
    events.append({"type": "round", "round": state["round"], "text": f"Round {state['round']}"})
    return events


def names_of(state: Mapping[str, Any]) -> dict[int, str]:
    """Seat -> computer name, for event texts."""
    return {p["seat"]: p["computer_name"] for p in state["players"]}


def finish_round(state: dict[str, Any]) -> list[dict]:
    """Action phase (reveal, resolve at once, energy floored at 0), then Clean Up, then the
    round's summary: the log's entry for the round (its plays, energies and lines)."""
    names = names_of(state)
    players = state["players"]
    number, start, duel = state["round"], state["start"], state["duel"]
    order = clockwise(players, start)
    plays = {s: (players[s]["choice"]["target"], players[s]["choice"]["action"]) for s in order}
    shown = ", ".join(f"{names[s]} {plays[s][1]}s" for s in order)
    events: list[dict] = [
        {
            "type": "reveal",
            "actions": [{"seat": s, "action": plays[s][1]} for s in order],
            "text": f"Actions: {shown}",
            "barrier": True,
        }
    ]
    net, resolved = resolve(plays, order, names)
    events += resolved
    for seat, change in net.items():
        players[seat]["energy"] = max(0, players[seat]["energy"] + change)
    energy = [p["energy"] for p in players]
    state["energy_by_round"].append(list(energy))
    changed = {s for s in order if players[s]["decision"] == "change"}
    events += clean_up(state, names)
    summary = {
        "type": "summary",
        "round": number,
        "start": start,
        "duel": duel,
        "plays": [
            {"seat": s, "target": plays[s][0], "action": plays[s][1], "changed": s in changed}
            for s in order
        ],
        "energy": energy,
        "lines": [e["text"] for e in events if e["type"] not in ("round", "start-token")],
        "text": f"Round {number}: {shown}",
    }
    return [*events, summary]
