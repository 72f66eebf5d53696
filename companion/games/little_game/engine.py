"""Table engine of "A little game I made" (the ``companion.games.table`` contract).

Pure Python, no Django. The state is plain JSON; the arithmetic lives in ``table_rules``.

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

- Evens/odds gives seat 0 the evens; an agreed split lists seat 0's hand first.
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
``last_steal`` ({round, thief, victim, cards}), ``result`` ({winner|None, losers,
reasons, when}) and ``log`` (the events). Events are public: the log never names a card
still hidden in a hand or a choice.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from companion.games.base import FieldSpec, RuleError
from companion.games.little_game import table_rules as rules
from companion.games.plain_data import clone
from companion.games.table import Outcome, Seat, handler_for

OPTIONS: dict[str, Any] = {"split": rules.DEFAULT_SPLIT}
OPTION_FIELDS = (
    FieldSpec(
        "split",
        "Card split",
        "str",
        help="evens-odds (the first seat takes the evens), or the first seat's five cards "
        "as agreed, e.g. 1 2 3 9 10; the other seat takes the rest.",
    ),
)
DELTA_ACTIONS: frozenset[str] = frozenset({"adjust"})
# A secret card choice does not depend on what the other seat just did: it stands even when
# the device had not seen the newest seq (two players choosing at once both count).
INDEPENDENT_ACTIONS: frozenset[str] = frozenset({"play"})
PHASES = ("play-card", "act", "break-card", "over")
SEATS = (0, 1)

Handler = Callable[[dict[str, Any], int | None, Mapping[str, Any], random.Random], list[dict]]


def initial_state(
    seats: list[Seat], options: Mapping[str, Any], rng: random.Random
) -> dict[str, Any]:
    """Both armies deployed, the ten cards dealt by the split, the first choice open."""
    if len(seats) != 2:
        raise RuleError({"seats": "The little game is for exactly two players."})
    state: dict[str, Any] = {
        "round": 1,
        "phase": "play-card",
        "names": [seat.name or f"Player {i + 1}" for i, seat in enumerate(seats)],
        "hands": rules.hands_from(options or {}),
        "chosen": [None, None],
        "revealed": None,
        "to_act": None,
        "acted": [False, False],
        "units": [rules.units_from(seat, i) for i, seat in enumerate(seats)],
        "losses": None,
        "last_steal": None,
        "result": None,
        "log": [],
    }
    _check(state, state["log"], "at setup")
    return state


def apply(
    state: Mapping[str, Any], seat: int | None, action: Mapping[str, Any], rng: random.Random
) -> Outcome:
    """The state after ``action`` by ``seat`` and its events; ``RuleError`` changes nothing."""
    handler = handler_for(_HANDLERS, action)
    if state["phase"] == "over":
        raise RuleError({"type": "The game is over."})
    if seat is not None and seat not in SEATS:
        raise RuleError({"seat": "No such seat."})
    new = clone(dict(state))
    events = handler(new, seat, action, rng)
    new["log"].extend(events)
    return Outcome(new, events)


def _player(seat: int | None) -> int:
    if seat not in SEATS:
        raise RuleError({"seat": "Only a player may do this."})
    return seat  # type: ignore[return-value]


def _play(state: dict, seat: int | None, action: Mapping, rng: random.Random) -> list[dict]:
    """A secret choice; the second one reveals both and resolves the step."""
    seat = _player(seat)
    if state["phase"] not in ("play-card", "break-card"):
        raise RuleError({"type": "Cards are chosen before the action and break steps."})
    if state["chosen"][seat] is not None:
        raise RuleError({"card": "You have already chosen a card."})
    card = action.get("card")
    if not isinstance(card, int) or isinstance(card, bool) or card not in state["hands"][seat]:
        raise RuleError({"card": "Choose a card in your hand."})
    state["hands"][seat].remove(card)
    state["chosen"][seat] = card
    name = state["names"][seat]
    events = [{"type": "chose", "seat": seat, "text": f"{name} has chosen a card."}]
    if None in state["chosen"]:
        return events
    cards = list(state["chosen"])
    values = rules.card_values(*cards)
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
        state["phase"] = "act"
        state["to_act"] = first
        state["acted"] = [False, False]
    else:
        _break_step(state, events, rng)
    return events


def _act(state: dict, seat: int | None, action: Mapping, rng: random.Random) -> list[dict]:
    """One player's action; after the second, the played cards pass."""
    seat = _player(seat)
    if state["phase"] != "act" or state["to_act"] != seat:
        raise RuleError({"type": "It is not your turn to act."})
    events = [rules.resolve_act(state, seat, action, state["revealed"]["values"][seat])]
    state["acted"][seat] = True
    if not all(state["acted"]):
        state["to_act"] = 1 - seat
        return events
    state["to_act"] = None
    _pass_cards(state, events)
    if not _check(state, events, "after the pass"):
        state["phase"] = "break-card"
    return events


def _break_step(state: dict, events: list[dict], rng: random.Random) -> None:
    """Breaks against each side's own card value, pass, check, steal, check."""
    values = state["revealed"]["values"]
    losses = [0, 0]
    for seat in SEATS:
        broken = [
            unit
            for unit in rules.live(state["units"][seat])
            if unit["pressure"] - unit["quality"] > values[seat]
        ]
        for unit in broken:
            rules.clear_contacts(state, unit)
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
        if _check(state, events, "after the steal"):
            return
    state["round"] += 1
    state["phase"] = "play-card"


def _pass_cards(state: dict, events: list[dict]) -> None:
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


def _check(state: dict, events: list[dict], when: str) -> bool:
    """A player with no cards or no units has lost; both at once is a draw."""
    reasons: dict[int, str] = {}
    for seat in SEATS:
        if not state["hands"][seat]:
            reasons[seat] = "has no cards"
        elif not rules.live(state["units"][seat]):
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
    state["phase"] = "over"
    state["to_act"] = None
    events.append(
        {"type": "over", "winner": winner, "losers": losers, "text": f"{why} {when}: {outcome}."}
    )
    return True


def _contact(state: dict, seat: int | None, action: Mapping, rng: random.Random) -> list[dict]:
    return [rules.resolve_contact(state, seat, action)]


def _adjust(state: dict, seat: int | None, action: Mapping, rng: random.Random) -> list[dict]:
    return [rules.resolve_adjust(state, seat, action)]


_HANDLERS: dict[str, Handler] = {
    "play": _play,
    "act": _act,
    "contact": _contact,
    "adjust": _adjust,
}


def is_over(state: Mapping[str, Any]) -> bool:
    return state["phase"] == "over"


def player_view(state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    """What ``seat`` may see: its own hand and choice; of the other only counts and
    whether they have chosen. The cards taken in the last steal are known to the two
    players (one took them, the other lost them) but not to spectators."""
    steal = state["last_steal"]
    if steal is not None and seat not in (steal["thief"], steal["victim"]):
        steal = {key: value for key, value in steal.items() if key != "cards"}
        steal["count"] = len(state["last_steal"]["cards"])
    view = {
        "seat": seat,
        "round": state["round"],
        "phase": state["phase"],
        "names": list(state["names"]),
        "hand_counts": [len(hand) for hand in state["hands"]],
        "has_chosen": [card is not None for card in state["chosen"]],
        "revealed": clone(state["revealed"]),
        "to_act": state["to_act"],
        "acted": list(state["acted"]),
        "units": clone(state["units"]),
        "losses": clone(state["losses"]),
        "last_steal": clone(steal),
        "result": clone(state["result"]),
        "log": clone(state["log"]),
    }
    if seat in SEATS:
        view["hand"] = list(state["hands"][seat])
        view["chosen"] = state["chosen"][seat]
    return view


def legal_actions(state: Mapping[str, Any], seat: int | None) -> list[dict]:
    """Templates the page offers: each card while choosing, the six actions while acting
    (valid as they stand: units that may take it, first targets, distance 0 to edit),
    and contact and pressure corrections for the seat's units (all units for the table).
    """
    if is_over(state):
        return []
    actions: list[dict[str, Any]] = []
    if seat in SEATS:
        if state["phase"] in ("play-card", "break-card") and state["chosen"][seat] is None:
            actions += [{"type": "play", "card": card} for card in state["hands"][seat]]
        if state["phase"] == "act" and state["to_act"] == seat:
            actions += rules.act_templates(state, seat)
    for owner in SEATS if seat is None else (seat,):
        enemies = rules.live(state["units"][1 - owner])
        for unit in rules.live(state["units"][owner]):
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
