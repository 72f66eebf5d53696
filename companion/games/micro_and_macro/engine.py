"""Table engine of A Game of Micro and Macro: its phases and moves, declared.

Pure Python; the state is plain JSON. The rules live in ``table/`` (see its docstring),
the seat's view in ``view``. Actions (``seat`` acting; None is the table host)::

    {"type": "marker"}                                  setup: my entry-point marker is placed
    {"type": "command", "unit": "u3"}                   an action: that unit (and its group)
      {"type": "move"} / {"type": "entrench"} / {"type": "mobilize"} / {"type": "item", "text": ""}
      {"type": "attack", "kind": "physical"|"magical", "target": "u4"|"base",
       "spell": slug, "caster": "u3", "faces": {"attacker": [..], "defender": [..]}}
      {"type": "end-command"}                           up to two unit-actions per command
    {"type": "make-unit", "building": "0c40", "unit": "peasant"}   an action
    {"type": "ability", "building": "1c44", "unit": "u2"}          an action, once per turn
    {"type": "play", "card": "0c3", "building": .., "slot": 0, "unit": ..}  an action, or
                                                        an instant as a reaction
    {"type": "build", "card": "0c41", "over": "0c42"}   an action (playing a card)
    {"type": "pass"}                                    an action: ends the turn
    {"type": "no-reaction"}                             the reacting player is done
    {"type": "respond", "unit": .., "target": ..} / {"type": "decline"}  an offered strike
    {"type": "group", "units": [..]} / {"type": "ungroup", "unit": ..}   bases touching
    {"type": "aura", "unit": .., "spell": slug, "on": true}              the players measured
    {"type": "resources", "delta": 2, "seat": 0}        the counter by hand (a delta)
    {"type": "rolloff", "attacker_die": "D16", "defender_die": "D8"}     the free roll-off tool
    {"type": "lp", "unit": "u2" | "building": "1c31", "delta": -3}      LP corrected by hand
    {"type": "concede"}

A phase says which actions may happen at all; whose turn it is, a command under way and a
strike offered to the other player (which comes before anything else) are checked by the
moves themselves.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from companion.games.base import FieldSpec
from companion.games.micro_and_macro.table import actions, bookkeeping, combat, commands, turns
from companion.games.micro_and_macro.table.offers import for_seat
from companion.games.micro_and_macro.table.setup import MAX_START_RESOURCES, deal, marker
from companion.games.micro_and_macro.view import player_view
from companion.games.table import Seat
from companion.games.table_engine import Event, Move, Phase, TableEngine

# The actions of a turn: one of the three, or a unit-action of a command.
TURN_MOVES = frozenset(
    {
        "command",
        "move",
        "entrench",
        "mobilize",
        "item",
        "attack",
        "end-command",
        "make-unit",
        "ability",
        "play",
        "build",
        "pass",
    }
)
STRIKES = frozenset({"respond", "decline"})  # offered in a turn or a reaction, never before


class MicroAndMacroEngine(TableEngine):
    """Setup until both markers are placed; then each action of a turn opens a reaction."""

    OPTIONS: ClassVar[dict[str, Any]] = {"start_resources": 0}
    OPTION_FIELDS: ClassVar[tuple[FieldSpec, ...]] = (
        FieldSpec(
            "start_resources",
            "Resources at the start",
            "int",
            min_value=0,
            max_value=MAX_START_RESOURCES,
            help="The book gives no starting resources; 0 unless you agree otherwise.",
        ),
    )
    DELTA_ACTIONS: ClassVar[frozenset[str]] = frozenset({"resources"})
    # The turn's facts every seat sees as they are. The players (decks, hands, piles), the
    # cards map and the units stay out: the view shows them as counts, cards and profiles.
    PUBLIC: ClassVar[tuple[str, ...]] = (
        "phase", "turn", "priority", "actions_left", "names", "options", "priority_rolls",
        "command", "react", "offers", "reminders", "result",
    )  # fmt: skip
    # ``then``: what follows when the phase ends, unless the game ends (``table.turns``
    # moves the state on, after the checks of the end of the game).
    PHASES: ClassVar[tuple[Phase, ...]] = (
        Phase(
            "setup",
            frozenset({"marker"}),
            label="before both entry-point markers are placed",
            then="turn",
        ),
        Phase("turn", TURN_MOVES | STRIKES, then="react"),
        Phase(
            "react",
            frozenset({"play", "no-reaction"}) | STRIKES,
            label="during a reaction",
            then="turn",
        ),
        Phase("over", over=True),
    )
    # Free actions: the players' bookkeeping, the roll-off tool, a concession.
    ANYTIME: ClassVar[frozenset[str]] = frozenset(
        {"group", "ungroup", "aura", "resources", "rolloff", "lp", "concede"}
    )
    MOVES: ClassVar[Mapping[str, Move]] = {
        "marker": Move(marker, refusal="The markers are already placed."),
        "command": Move(commands.command),
        "move": Move(commands.move),
        "entrench": Move(commands.into_mode("entrenched")),
        "mobilize": Move(commands.into_mode("mobile")),
        "item": Move(commands.item),
        "attack": Move(commands.attack),
        "end-command": Move(commands.end_command),
        "make-unit": Move(actions.make_unit),
        "ability": Move(actions.ability),
        "play": Move(actions.play),
        "build": Move(actions.build),
        "pass": Move(turns.pass_turn),
        "no-reaction": Move(turns.no_reaction, refusal="There is nothing to react to."),
        "respond": Move(combat.respond, refusal="Nothing is offered to you."),
        "decline": Move(combat.decline, refusal="Nothing is offered to you."),
        "group": Move(bookkeeping.group),
        "ungroup": Move(bookkeeping.ungroup),
        "aura": Move(bookkeeping.aura),
        "resources": Move(bookkeeping.resources, players_only=False),
        "rolloff": Move(bookkeeping.rolloff_tool, players_only=False),
        "lp": Move(bookkeeping.correct_lp, players_only=False),
        "concede": Move(turns.concede),
    }

    def setup(
        self, seats: list[Seat], options: Mapping[str, Any], rng: random.Random
    ) -> tuple[dict[str, Any], list[Event]]:
        """Priority rolled, decks shuffled, main buildings in play, five cards each."""
        return deal(seats, options, self.OPTIONS, rng)

    def refusal(self, state: Mapping[str, Any], seat: int | None, kind: str) -> str:
        """The words the table used before phases were data: who is awaited, by name."""
        if self.MOVES[kind].refusal:
            return self.MOVES[kind].refusal
        if state["phase"] == "react":
            return f"{state['names'][state['react']['seat']]} may react first."
        if state["phase"] == "setup":
            return "Place both entry-point markers first."
        return super().refusal(state, seat, kind)

    def view(self, state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        return player_view(state, seat)

    def concede(self, state: dict[str, Any], seat: int, rng: random.Random) -> list[Event]:
        """A player who leaves concedes, as the book lets them at any time."""
        events: list[Event] = []
        turns.end(state, seat, f"{state['names'][seat]} left the table", events)
        return events

    def end_by_host(self, state: dict[str, Any], rng: random.Random) -> list[Event]:
        """The host ended the game: nobody wins."""
        turns.end(state, None, "the host ended the game", [])  # its "A draw" event: no
        state["result"]["ended"] = True
        return []

    def offers(self, state: Mapping[str, Any], seat: int | None) -> list[dict[str, Any]]:
        return [] if seat is None else for_seat(state, seat)


ENGINE = MicroAndMacroEngine()
