"""The table engine (referee) of Missiles & Microchips: ``ENGINE``, on ``TableEngine``.

A round: **choose** (every living seat secretly picks a target and an action, and may pick
again until the last one is down), then the targets are turned up together (the Aim reveal),
**change** (clockwise from the start player each seat passes or swaps its action for 1 energy,
paid at once), then the actions are turned up and resolved together (``resolution``) and the
round is cleaned up. Aim, Action and Clean Up take no input, so they are events, not phases.
With two computers left the game is a duel: actions only, no targets, no change phase.

Action types (``seat`` is the acting seat; None is the table host)::

    {"type": "choose", "target": 2, "action": "attack", "round": 4}
                                                           choose phase; no target in a duel;
                                                           "round" optional, refused if stale
    {"type": "change", "action": "block"}                  change phase, on your turn; 1 energy
    {"type": "pass"}                                       change phase, on your turn
    {"type": "adjust", "seat": 1, "delta": -1}             host only, any time before the end

A seat that leaves mid-game (``leave``, the framework's move: ``SeatLeaving.ELIMINATED``)
is out like a dead computer: its face-down cards are gone, a round waits no longer for it,
cards aimed at it do nothing, and the last computer standing wins at once.

``adjust`` fixes the app to match a physical table (a miscounted token): it changes a living
seat's energy by ``delta`` and is refused if energy would drop below 0. It never kills or
wins by itself; deaths and wins are only checked at clean-up, as the text says.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.games.base import FieldSpec, RuleError
from companion.games.missiles_and_microchips import view
from companion.games.missiles_and_microchips.book import (
    ACTIONS,
    COMPUTER_SLUGS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NAMES,
    START_ENERGY,
)
from companion.games.missiles_and_microchips.resolution import (
    ENDING_TEXTS,
    clockwise,
    finish_round,
    names_of,
)
from companion.games.table import Seat
from companion.games.table_engine import Event, Move, Phase, TableEngine, counter_delta

# --- set-up -------------------------------------------------------------------------------


def _options(defaults: Mapping[str, Any], options: Mapping[str, Any], count: int) -> dict:
    """The house rules with defaults filled in; a bad value is refused, not guessed."""
    unknown = sorted(set(options) - set(defaults))
    if unknown:
        known = ", ".join(defaults)
        raise RuleError({f"options.{unknown[0]}": f"Unknown option; known: {known}."})
    chosen = {**defaults, **options}
    if not isinstance(chosen["more_than_10"], bool):
        raise RuleError({"options.more_than_10": "Must be true or false."})
    start = chosen["start_player"]
    if isinstance(start, str) and start.strip().isdigit():  # typed into the table form
        start = chosen["start_player"] = int(start)
    if not (start in ("first", "random") or _is_seat_number(start, count)):
        raise RuleError({"options.start_player": "Must be 'first', 'random' or a seat number."})
    return chosen


def _is_seat_number(value: Any, count: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < count


def _computers(seats: list[Seat]) -> list[str]:
    """Each seat's computer: its list's ``computer``, else its place in a kit a seat brought
    (``{"computers": [...]}``), else the first catalogue computer nobody took."""
    bodies = [seat.list_body if isinstance(seat.list_body, Mapping) else {} for seat in seats]
    kit = next((b["computers"] for b in bodies if isinstance(b.get("computers"), list)), [])
    picked: list[str | None] = []
    for index, body in enumerate(bodies):
        slug = body.get("computer", kit[index] if index < len(kit) else None)
        path = f"seats.{index}.computer"
        if slug is not None and slug not in NAMES:
            raise RuleError({path: f"{slug!r} is no supercomputer."})
        if slug is not None and slug in picked:
            raise RuleError({path: f"{NAMES[slug]} is already in play."})
        picked.append(slug)
    free = iter(slug for slug in COMPUTER_SLUGS if slug not in picked)
    return [slug if slug is not None else next(free) for slug in picked]


# --- the moves ----------------------------------------------------------------------------


def _living_seat(state: Mapping[str, Any], value: Any, path: str) -> int:
    """``value`` as a seat of a living computer, or the RuleError saying why not."""
    if not _is_seat_number(value, len(state["players"])):
        raise RuleError({path: "No such seat."})
    if not state["players"][value]["alive"]:
        raise RuleError({path: f"{state['players'][value]['computer_name']} is dead."})
    return value


def _action_name(value: Any) -> str:
    if value not in ACTIONS:
        raise RuleError({"action": "Must be attack, block or charge."})
    return value


def _opponent(state: Mapping[str, Any], seat: int) -> int:
    return next(p["seat"] for p in state["players"] if p["alive"] and p["seat"] != seat)


def _choose(
    state: dict[str, Any], seat: int, action: Mapping[str, Any], rng: random.Random
) -> list[Event]:
    """Lay (or swap) the face-down cards; the last seat to choose triggers the next step."""
    _living_seat(state, seat, "seat")
    if "round" in action and not (
        type(action["round"]) is int and action["round"] == state["round"]
    ):
        raise RuleError({"round": f"That choice is not for this round ({state['round']})."})
    act = _action_name(action.get("action"))
    if state["duel"]:
        target = _opponent(state, seat)
        if action.get("target", target) != target:
            raise RuleError({"target": "In a duel you can only aim at your opponent."})
    else:
        target = _living_seat(state, action.get("target"), "target")
        if target == seat:
            raise RuleError({"target": "A computer can't target itself."})
    player = state["players"][seat]
    again = player["choice"] is not None
    player["choice"] = {"target": target, "action": act}
    name = player["computer_name"]
    text = f"{name} changes its face-down cards" if again else f"{name} has chosen"
    events: list[Event] = [{"type": "chosen", "seat": seat, "text": text}]
    if all(p["choice"] for p in state["players"] if p["alive"]):
        events += finish_round(state) if state["duel"] else _aim(state)
    return events


def _aim(state: dict[str, Any]) -> list[Event]:
    """Turn every TARGET card up at once and start the change phase at the start player."""
    names = names_of(state)
    order = clockwise(state["players"], state["start"])
    targets = [{"seat": s, "target": state["players"][s]["choice"]["target"]} for s in order]
    state["phase"] = "change"
    # The start player, or the first living one after it when it left this round: the
    # token itself passes at clean-up, as ever.
    state["turn"] = clockwise(state["players"], state["start"])[0]
    aims = ", ".join(f"{names[t['seat']]} aims at {names[t['target']]}" for t in targets)
    return [{"type": "aim", "targets": targets, "text": f"Targets: {aims}", "barrier": True}]


def _on_turn(state: Mapping[str, Any], seat: int) -> dict[str, Any]:
    """The player of ``seat``, if it is its turn to change or pass."""
    _living_seat(state, seat, "seat")
    if seat != state["turn"]:
        turn = state["players"][state["turn"]]["computer_name"]
        raise RuleError({"seat": f"It is {turn}'s turn to change or pass."})
    return state["players"][seat]


def _change(
    state: dict[str, Any], seat: int, action: Mapping[str, Any], rng: random.Random
) -> list[Event]:
    """Swap the face-down action for another, paying 1 energy at once."""
    player = _on_turn(state, seat)
    new = _action_name(action.get("action"))
    if new == player["choice"]["action"]:
        raise RuleError({"action": "That is already your action; pass to keep it."})
    if player["energy"] < 1:
        raise RuleError({"action": "Changing costs 1 energy and you have none."})
    player["energy"] -= 1
    player["choice"]["action"] = new
    return _decided(state, seat, "change", "changes its action and pays 1 energy")


def _pass(
    state: dict[str, Any], seat: int, action: Mapping[str, Any], rng: random.Random
) -> list[Event]:
    """Keep the face-down action."""
    _on_turn(state, seat)
    return _decided(state, seat, "pass", "passes")


def _decided(state: dict[str, Any], seat: int, decision: str, did: str) -> list[Event]:
    """Record ``seat``'s decision; the turn moves on clockwise, the last one ends the round."""
    player = state["players"][seat]
    player["decision"] = decision
    events: list[Event] = [
        {"type": decision, "seat": seat, "text": f"{player['computer_name']} {did}"}
    ]
    waiting = [
        s
        for s in clockwise(state["players"], state["start"])
        if state["players"][s]["decision"] is None
    ]
    if waiting:
        state["turn"] = waiting[0]
    else:
        events += finish_round(state)
    return events


def _adjust(
    state: dict[str, Any], seat: int | None, action: Mapping[str, Any], rng: random.Random
) -> list[Event]:
    """The host's energy correction, a plain delta so it commutes with other deltas."""
    if seat is not None:
        raise RuleError({"seat": "Only the table host can adjust energy."})
    target = _living_seat(state, action.get("seat"), "seat")
    delta = counter_delta(action, what="An energy correction")
    player = state["players"][target]
    if player["energy"] + delta < 0:
        raise RuleError({"delta": f"{player['computer_name']} has only {player['energy']}."})
    player["energy"] += delta
    sign = "+" if delta > 0 else ""
    text = f"Host adjusts {player['computer_name']}'s energy: {sign}{delta}"
    return [{"type": "adjust", "seat": target, "delta": delta, "text": text}]


def _eliminate(state: dict[str, Any], seat: int) -> list[Event]:
    """``seat`` left: out of the game like a dead computer, and whatever waited for it goes
    on (the reveal of the targets, the next change turn, the round's resolution), or the
    one computer left wins at once."""
    player = state["players"][seat]
    if not player["alive"]:
        return []
    player.update(alive=False, energy=0, choice=None, decision=None)
    events: list[Event] = []
    living = [p["seat"] for p in state["players"] if p["alive"]]
    if len(living) == 1:
        state.update(
            phase="over",
            turn=None,
            ending="last-computer-standing",
            winners=living,
            losers=[p["seat"] for p in state["players"] if p["seat"] not in living],
        )
        winner = state["players"][living[0]]["computer_name"]
        text = f"{ENDING_TEXTS['last-computer-standing']}: {winner} wins"
        events.append(
            {
                "type": "game-over",
                "ending": "last-computer-standing",
                "winners": living,
                "text": text,
                "barrier": True,
                "after_leave": True,  # its own log entry (``view.log_entry``)
            }
        )
        return events
    if state["phase"] == "choose":
        if all(p["choice"] for p in state["players"] if p["alive"]):
            events += finish_round(state) if state["duel"] else _aim(state)
    elif state["turn"] == seat:
        waiting = [
            s
            for s in clockwise(state["players"], state["start"])
            if state["players"][s]["decision"] is None
        ]
        if waiting:
            state["turn"] = waiting[0]
        else:
            events += finish_round(state)
    return events


def _host_ended(state: dict[str, Any]) -> list[Event]:
    """The host ended the game: nobody wins, nobody lost a round."""
    state.update(phase="over", turn=None, ending="ended-by-host", winners=[], losers=[])
    for player in state["players"]:
        player["choice"] = None
        player["decision"] = None
    return []


_CHANGE_PHASE_ONLY = "Changing or passing happens in the change phase."


class MissilesAndMicrochipsEngine(TableEngine):
    """Choose, (Aim), change, (Action, Clean Up): the two phases that take input, as data."""

    OPTIONS = {
        "more_than_10": False,  # RULINGS option "more than 10": the energy win needs 11 or more
        "start_player": "first",  # "first" (seat 0), "random", or a seat number drawn at the table
    }
    OPTION_FIELDS = (
        FieldSpec(
            "more_than_10",
            "Energy win needs more than 10",
            "bool",
            help="House rule: a player wins with 11 or more energy instead of 10 or more.",
        ),
        FieldSpec(
            "start_player",
            "Start player",
            "str",
            help="first (the host's seat), random, or a seat number counted from 0.",
        ),
    )
    DELTA_ACTIONS = frozenset({"adjust"})
    # Choosing is simultaneous and secret; a choose carries its round so a stale one is refused.
    INDEPENDENT_ACTIONS = frozenset({"choose"})
    # The round's facts every seat sees as they are; the players (their face-down choices)
    # and the energies by round stay out: the view shows them per seat and as a chart.
    PUBLIC = (
        "game", "options", "round", "phase", "duel", "start", "turn", "ending", "winners",
        "losers",
    )  # fmt: skip
    PHASES = (
        Phase("choose", frozenset({"choose"})),
        Phase("change", frozenset({"change", "pass"})),
        Phase("over", over=True),
    )
    MOVES = {
        "choose": Move(_choose, refusal="Cards can only be chosen in the choose phase."),
        "change": Move(_change, refusal=_CHANGE_PHASE_ONLY),
        "pass": Move(_pass, refusal=_CHANGE_PHASE_ONLY),
        "adjust": Move(_adjust, players_only=False),
    }
    ANYTIME = frozenset({"adjust"})

    def setup(
        self, seats: list[Seat], options: Mapping[str, Any], rng: random.Random
    ) -> tuple[dict[str, Any], list[Event]]:
        """Round 1, choose phase, 5 energy each (Getting Started), the start token dealt."""
        if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
            raise RuleError({"seats": f"The game is for {MIN_PLAYERS} to {MAX_PLAYERS} players."})
        chosen = _options(self.OPTIONS, options, len(seats))
        start = chosen["start_player"]
        if start == "first":
            start = 0
        elif start == "random":
            start = rng.randrange(len(seats))
        players = [
            {
                "seat": index,
                "name": seat.name,
                "computer": slug,
                "computer_name": NAMES[slug],
                "energy": START_ENERGY,
                "alive": True,
                "choice": None,  # {"target": seat, "action": ...}: hidden until revealed
                "decision": None,  # change phase: "pass" or "change" once this seat has acted
            }
            for index, (seat, slug) in enumerate(zip(seats, _computers(seats), strict=True))
        ]
        state = {
            "game": "missiles-and-microchips",
            "options": chosen,
            "round": 1,
            "phase": "choose",
            "duel": False,
            "start": start,
            "turn": None,
            "players": players,
            # Each seat's energy at the start (round 0) and after every round: the chart.
            "energy_by_round": [[p["energy"] for p in players]],
            "ending": None,
            "winners": [],
            "losers": [],
        }
        return state, []

    def seat_count(self, state: Mapping[str, Any]) -> int:
        return len(state["players"])

    def offers(self, state: Mapping[str, Any], seat: int | None) -> list[dict[str, Any]]:
        """Buttons for ``seat``: every choice (kept while choosing), a pass and the changes
        on its change turn; the host gets +1/-1 energy for each living seat."""
        players = state["players"]
        if seat is None:
            return [
                {"type": "adjust", "seat": p["seat"], "delta": delta}
                for p in players
                if p["alive"]
                for delta in ((1, -1) if p["energy"] else (1,))
            ]
        if not _is_seat_number(seat, len(players)) or not players[seat]["alive"]:
            return []
        now = state["round"]
        if state["duel"]:
            offered = [{"type": "choose", "action": act, "round": now} for act in ACTIONS]
        else:
            offered = [
                {"type": "choose", "target": p["seat"], "action": act, "round": now}
                for p in players
                if p["alive"] and p["seat"] != seat
                for act in ACTIONS
            ]
        if state["turn"] == seat:  # only set in the change phase
            me = players[seat]
            offered.append({"type": "pass"})
            if me["energy"] >= 1:
                offered += [
                    {"type": "change", "action": act}
                    for act in ACTIONS
                    if act != me["choice"]["action"]
                ]
        return offered

    def view(self, state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        return view.seat_view(state, seat, over=self.is_over(state))

    def seat_name(self, state: Mapping[str, Any], seat: int) -> str:
        """A seat as the log names it: its computer, with its player."""
        player = state["players"][seat]
        return f"{player['computer_name']} ({player['name']})"

    def eliminate(self, state: dict[str, Any], seat: int, rng: random.Random) -> list[Event]:
        return _eliminate(state, seat)

    def stamp(self, state: Mapping[str, Any], event: Event) -> None:
        """The log's own entries outside a round's summary say their round, as it does."""
        if event.get("type") in ("leave", "end") or event.get("after_leave"):
            event.setdefault("round", state["round"])

    def end_by_host(self, state: dict[str, Any], rng: random.Random) -> list[Event]:
        return _host_ended(state)

    def visible_event(self, event: Mapping[str, Any], seat: int | None) -> Event | None:
        return view.log_entry(event)


ENGINE = MissilesAndMicrochipsEngine()
