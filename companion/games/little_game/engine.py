"""Table engine of "A little game I made": its phases and moves on ``TableEngine``.

Pure Python, no Django. The state is plain JSON; the arithmetic of hands, units and the
six actions lives in ``table``, the seat's view in ``view``.

A round, in the post's order (``phase`` in brackets):

1. Both players choose a card in secret (``play-card``); when the second has chosen, the
   cards are revealed (barrier) and valued: the lower card is worth its number, the higher
   the difference. The ten cards all differ, so there is no tie.
2. The player of the lower card acts (``act``): ONE action, taken by any of their units
   (none is allowed: "as many units as they wish"); then the player of the higher card.
3. Each passes the card they played to the other; hands are checked.
4. Both choose another card (``break-card``); when revealed and valued as in 1, each unit
   whose ``pressure - quality`` is more than its own player's card value breaks and is
   removed. The cards are passed again; hands are checked.
5. The side that lost fewer units in step 4 steals the difference in cards (at most the
   whole hand), picked at random from the other's hand (barrier). Equal losses: no steal.
   Hands are checked, and the next round starts at 1.

Readings (RULINGS.md wins over the post; these fill its gaps):

- Evens/odds gives seat 0 the evens; an agreed split lists seat 0's hand first. The
  table's Card split option wins; left at evens/odds, the split saved on the lists is
  dealt (two lists with different splits are refused: the table must pick one).
- The hand check: a player with no cards, or no units left, has lost; both at once is a
  draw. It runs at setup and after every pass and steal; the first check that ends the
  game ends it (no steal follows a check that ended it). Pressure stays on units that do
  not break.
- Contact is a table fact the players record (``contact``), mutual between two enemy
  units. A unit touching any enemy may not Recover or Shoot. Attack needs a target the
  unit touches (players judge that it is the front); it defaults to the only one.
- Shoot: ranged or long ranged units only, on a living enemy, at the typed distance in
  inches (fractions allowed); pressure is ``value - distance`` (long ranged
  ``2 x value - distance``), never below 0, kept to two decimals.
- Advance and Retreat change no state: the engine reports the inches (value, cavalry
  double) and the players move the models. Shift reports the pivot.
- A broken unit leaves the table and its contacts. ``adjust`` corrects pressure by hand
  (any seat or the table) and may not take it below 0.

State: ``round``, ``phase``, ``names``, ``hands`` [[seat 0], [seat 1]], ``chosen`` (secret
cards, None until chosen), ``revealed`` ({step, cards, values, first} of the last reveal),
``to_act``, ``acted``, ``units`` (per seat: id "<seat>-<list position>", name, quality,
kinds, pressure, in_contact, contacts, removed), ``losses`` (last break step),
``last_steal`` ({round, thief, victim, cards}) and ``result`` ({winner|None, losers,
reasons, when}). Events are public: the log never names a card still hidden in a hand or
a choice.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.games.base import FieldSpec, RuleError
from companion.games.little_game.table import (
    DEFAULT_SPLIT,
    act_templates,
    card_values,
    clear_contacts,
    hands_from,
    live,
    resolve_act,
    resolve_adjust,
    resolve_contact,
    split_of,
    units_from,
)
from companion.games.little_game.view import seat_view
from companion.games.table import Seat
from companion.games.table_engine import Event, Move, Phase, TableEngine

SEATS = (0, 1)
OVER = "over"


def _play(state: dict, seat: int, action: Mapping, rng: random.Random) -> list[Event]:
    """A secret choice; the second one reveals both and resolves the step."""
    if state["chosen"][seat] is not None:
        raise RuleError({"card": "You have already chosen a card."})
    card = action.get("card")
    if not isinstance(card, int) or isinstance(card, bool) or card not in state["hands"][seat]:
        raise RuleError({"card": "Choose a card in your hand."})
    state["hands"][seat].remove(card)
    state["chosen"][seat] = card
    name = state["names"][seat]
    events: list[Event] = [{"type": "chose", "seat": seat, "text": f"{name} has chosen a card."}]
    if None in state["chosen"]:
        return events
    cards = list(state["chosen"])
    values = card_values(*cards)
    step = "action" if state["phase"] == "play-card" else "break"
    first = 0 if cards[0] < cards[1] else 1
    state["chosen"] = [None, None]
    state["revealed"] = {"step": step, "cards": cards, "values": values, "first": first}
    shown = " and ".join(f"{state['names'][s]} {cards[s]} (worth {values[s]})" for s in SEATS)
    text = f"Round {state['round']}, {step} cards: {shown}."
    if step == "action":
        text += f" {state['names'][first]} acts first."
    events.append(
        {
            "type": "reveal",
            "step": step,
            "cards": cards,
            "values": values,
            "first": first,
            "text": text,
            "barrier": True,
        }
    )
    if step == "action":
        ENGINE.end_phase(state)
        state["to_act"] = first
        state["acted"] = [False, False]
    else:
        _break_step(state, events, rng)
    return events


def _act(state: dict, seat: int, action: Mapping, rng: random.Random) -> list[Event]:
    """One player's action; after the second, the played cards pass."""
    if state["to_act"] != seat:
        raise RuleError({"type": "It is not your turn to act."})
    events = [resolve_act(state, seat, action, state["revealed"]["values"][seat])]
    state["acted"][seat] = True
    if not all(state["acted"]):
        state["to_act"] = 1 - seat
        return events
    state["to_act"] = None
    _pass_cards(state, events)
    if not _check(state, events, "after the pass"):
        ENGINE.end_phase(state)
    return events


def _break_step(state: dict, events: list[Event], rng: random.Random) -> None:
    """Breaks against each side's own card value, pass, check, steal, check."""
    values = state["revealed"]["values"]
    losses = [0, 0]
    for seat in SEATS:
        broken = [
            unit
            for unit in live(state["units"][seat])
            if unit["pressure"] - unit["quality"] > values[seat]
        ]
        for unit in broken:
            clear_contacts(state, unit)
            unit["removed"] = True
        losses[seat] = len(broken)
        names = ", ".join(unit["name"] for unit in broken) or "no unit"
        events.append(
            {
                "type": "break",
                "seat": seat,
                "units": [unit["id"] for unit in broken],
                "text": f"{state['names'][seat]} loses {names} (value {values[seat]}).",
            }
        )
    state["losses"] = losses
    _pass_cards(state, events)
    if _check(state, events, "after the pass"):
        return
    if losses[0] != losses[1]:
        _steal(state, events, losses, rng)
        if _check(state, events, "after the steal"):
            return
    state["round"] += 1
    ENGINE.end_phase(state)


def _steal(state: dict, events: list[Event], losses: list[int], rng: random.Random) -> None:
    """The side that lost fewer units takes the difference in cards, at random, from the
    other's hand (at most the whole hand)."""
    thief = 0 if losses[0] < losses[1] else 1
    victim = 1 - thief
    count = min(abs(losses[0] - losses[1]), len(state["hands"][victim]))
    taken = rng.sample(sorted(state["hands"][victim]), count)
    for card in taken:
        state["hands"][victim].remove(card)
    state["hands"][thief] = sorted(state["hands"][thief] + taken)
    state["last_steal"] = {
        "round": state["round"],
        "thief": thief,
        "victim": victim,
        "cards": sorted(taken),
    }
    events.append(
        {
            "type": "steal",
            "thief": thief,
            "victim": victim,
            "count": count,
            "barrier": True,
            "text": f"{state['names'][thief]} steals {count} card(s) at random from "
            f"{state['names'][victim]}.",
        }
    )


def _pass_cards(state: dict, events: list[Event]) -> None:
    """Each player hands the card they just played to the other."""
    cards = state["revealed"]["cards"]
    for seat in SEATS:
        state["hands"][seat] = sorted([*state["hands"][seat], cards[1 - seat]])
    events.append(
        {
            "type": "pass",
            "text": f"{state['names'][0]} passes {cards[0]}, "
            f"{state['names'][1]} passes {cards[1]}.",
        }
    )


def _check(state: dict, events: list[Event], when: str) -> bool:
    """A player with no cards or no units has lost; both at once is a draw."""
    reasons: dict[int, str] = {}
    for seat in SEATS:
        if not state["hands"][seat]:
            reasons[seat] = "has no cards"
        elif not live(state["units"][seat]):
            reasons[seat] = "has no units"
    if not reasons:
        return False
    losers = sorted(reasons)
    winner = None if len(losers) == 2 else 1 - losers[0]
    why = " and ".join(f"{state['names'][s]} {reasons[s]}" for s in losers)
    outcome = "a draw" if winner is None else f"{state['names'][winner]} wins"
    state["result"] = {
        "winner": winner,
        "losers": losers,
        "reasons": {str(s): reason for s, reason in reasons.items()},
        "when": when,
    }
    state["phase"] = OVER  # from any phase: no declared ``then`` leads here
    state["to_act"] = None
    events.append(
        {"type": "over", "winner": winner, "losers": losers, "text": f"{why} {when}: {outcome}."}
    )
    return True


def _left(state: dict, seat: int) -> list[Event]:
    """``seat``'s player left the table: they concede, the other wins."""
    winner = 1 - seat
    state["result"] = {
        "winner": winner,
        "losers": [seat],
        "reasons": {str(seat): "left the table"},
        "when": "during the game",
    }
    state["phase"] = OVER
    state["to_act"] = None
    names = state["names"]
    text = f"{names[seat]} left the table: {names[winner]} wins."
    return [{"type": "over", "winner": winner, "losers": [seat], "text": text}]


def _host_ended(state: dict) -> list[Event]:
    """The host ended the game: nobody wins."""
    state["result"] = {"winner": None, "losers": [], "reasons": {}, "when": "", "ended": True}
    state["phase"] = OVER
    state["to_act"] = None
    return []


def _contact(state: dict, seat: int | None, action: Mapping, rng: random.Random) -> list[Event]:
    return [resolve_contact(state, seat, action)]


def _adjust(state: dict, seat: int | None, action: Mapping, rng: random.Random) -> list[Event]:
    return [resolve_adjust(state, seat, action)]


class LittleGameEngine(TableEngine):
    """Two seats, ten cards: a card round for the actions, one for the breaks."""

    OPTIONS = {"split": DEFAULT_SPLIT}
    OPTION_FIELDS = (
        FieldSpec(
            "split",
            "Card split",
            "str",
            help="evens-odds (the first seat takes the evens), or the first seat's five cards "
            "as agreed, e.g. 1 2 3 9 10; the other seat takes the rest.",
        ),
    )
    DELTA_ACTIONS = frozenset({"adjust"})
    # A secret card choice does not depend on what the other seat just did: it stands even
    # when the device had not seen the newest seq (two players choosing at once both count).
    INDEPENDENT_ACTIONS = frozenset({"play"})
    # The board every seat sees as it is; the hands and the chosen cards stay out (the
    # view adds a seat's own, and counts and whether each has chosen), and so does the
    # last steal (its cards are the thief's and the victim's to know).
    PUBLIC = (
        "round", "phase", "names", "revealed", "to_act", "acted", "units", "losses", "result",
    )  # fmt: skip
    PHASES = (
        Phase("play-card", frozenset({"play"}), then="act"),
        Phase("act", frozenset({"act"}), then="break-card"),
        Phase("break-card", frozenset({"play"}), then="play-card"),
        Phase(OVER, over=True),
    )
    MOVES = {
        "play": Move(_play, refusal="Cards are chosen before the action and break steps."),
        "act": Move(_act, refusal="It is not your turn to act."),
        # Table facts: any seat, or the table itself, records a touch or corrects pressure.
        "contact": Move(_contact, players_only=False),
        "adjust": Move(_adjust, players_only=False),
    }
    ANYTIME = frozenset({"contact", "adjust"})

    def setup(
        self, seats: list[Seat], options: Mapping[str, Any], rng: random.Random
    ) -> tuple[dict[str, Any], list[Event]]:
        """Both armies deployed, the ten cards dealt by the split, the first choice open;
        the only event is the end, when a player starts without cards or units."""
        if len(seats) != 2:
            raise RuleError({"seats": "The little game is for exactly two players."})
        state: dict[str, Any] = {
            "round": 1,
            "phase": "play-card",
            "names": [seat.name or f"Player {i + 1}" for i, seat in enumerate(seats)],
            "hands": hands_from({"split": split_of(options, seats)}),
            "chosen": [None, None],
            "revealed": None,
            "to_act": None,
            "acted": [False, False],
            "units": [units_from(seat, i) for i, seat in enumerate(seats)],
            "losses": None,
            "last_steal": None,
            "result": None,
        }
        events: list[Event] = []
        _check(state, events, "at setup")
        return state, events

    def view(self, state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        return seat_view(state, seat)

    def concede(self, state: dict[str, Any], seat: int, rng: random.Random) -> list[Event]:
        return _left(state, seat)

    def end_by_host(self, state: dict[str, Any], rng: random.Random) -> list[Event]:
        return _host_ended(state)

    def offers(self, state: Mapping[str, Any], seat: int | None) -> list[dict[str, Any]]:
        """Each card while the seat has not chosen, the six actions while it is to act
        (valid as they stand: units that may take it, first targets, distance 0 to edit),
        and contact and pressure corrections for the seat's units (all units for the
        table). The framework keeps only what the phase allows."""
        actions: list[dict[str, Any]] = []
        if seat in SEATS:
            if state["chosen"][seat] is None:
                actions += [{"type": "play", "card": card} for card in state["hands"][seat]]
            if state["to_act"] == seat:
                actions += act_templates(state, seat)
        for owner in SEATS if seat is None else (seat,):
            enemies = live(state["units"][1 - owner])
            for unit in live(state["units"][owner]):
                actions += [
                    {"type": "contact", "unit": unit["id"], "enemy": enemy["id"]}
                    for enemy in enemies
                    if enemy["id"] not in unit["contacts"]
                ]
                if unit["contacts"]:
                    actions.append({"type": "contact", "unit": unit["id"], "enemy": None})
                actions.append({"type": "adjust", "unit": unit["id"], "delta": 1})
                if unit["pressure"] >= 1:
                    actions.append({"type": "adjust", "unit": unit["id"], "delta": -1})
        return actions


ENGINE = LittleGameEngine()
