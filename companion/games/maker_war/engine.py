"""Table engine of Maker-War (the ``companion.games.table`` contract): the bookkeeping of a
battle so the players only move models and measure.

Phases: ``setup`` (terrain, points of interest, the setup-table guidance for the agreed
budget) -> ``deploy`` (the first deployment, in turns, within ``round(budget / 200)``
supply; flyers, planetfall and invaders kept aside) -> ``battle`` (rounds of turns; see
``table_play``) -> ``over`` (annihilation or surrender; the battle report).

Action types (``seat`` acts; every field beside ``type`` as the players type it)::

    terrain {kind, x, y} · remove-terrain {terrain} · place-pois {method} · begin-deployment
    deploy {formation, maker_weapon?, way?, via?} · pass
    activate {formation, order, altitude?, maker_weapon?, supply_points?} · end-turn
    shoot {formation?, target, units?, distance?, cover?, artillery_blind?, dice?, rolls?,
    big_dice?, big_rolls?, picks?, sacrifices?, bombard_units?, rage?, hit_order?,
    crit_rolls?} · close-combat {attackers?, defenders, join?, dice?, rolls?, big_dice?,
    big_rolls?, contact?, hit_order?, rage?, sacrifices?, crit_rolls?, moral_rolls?}
    (see ``table_choices``) · scatter-finish {caught} · moral-check {formation, roll?}
    death-throes {formations, rolls?} (Losing Hope, Cheers) · casualty {formation, units,
    flak?} · impact {formation, delta}
    titan-repair {systems} · recharge {points} · detonation {target} · planetfall-mishap
    {formation} · casualty {hypha} (hypha lost)
    play-card {card, use: points|effect, ...} · poi {poi, formations} · poi-benefit {poi,
    target?} · shed {formation, count} · conduit {formation, amount, use} · sprout {hypha?}
    surrender

Hidden information: the deck order (nobody) and each hand (only its own side sees it).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from companion.games.base import FieldSpec, RuleError
from companion.games.maker_war import table_attacks as attacks
from companion.games.maker_war import table_benefits as benefits
from companion.games.maker_war import table_combat as combat
from companion.games.maker_war import table_end as end
from companion.games.maker_war import table_melee as melee
from companion.games.maker_war import table_morale as morale
from companion.games.maker_war import table_play as play
from companion.games.maker_war import table_setup as setup
from companion.games.maker_war import table_supply as supply
from companion.games.maker_war.table_army import formations_of
from companion.games.maker_war.table_views import legal_actions, player_view  # noqa: F401
from companion.games.plain_data import clone
from companion.games.table import Outcome, Seat, handler_for

OPTIONS: dict[str, Any] = {
    "budget": 0,
    "poi_method": "app",
    "ignore_setup_guidelines": False,
    "first_seat": 0,
    "sides": "",
}
OPTION_FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec(
        "budget",
        "Point budget",
        "int",
        min_value=0,
        max_value=100_000,
        help="The agreed budget; 0 takes the largest budget among the armies brought.",
    ),
    FieldSpec(
        "poi_method",
        "Points of interest",
        "choice",
        choices=("app", "beads"),
        help="app: random, point-symmetric about the centre; beads: on the middle line.",
    ),
    FieldSpec(
        "ignore_setup_guidelines",
        "Ignore setup guidelines",
        "bool",
        help="Allow armies over the budget, more rare stars per side than the setup table "
        "gives, and flyers in a 500-point training game.",
    ),
    FieldSpec(
        "first_seat",
        "First player",
        "int",
        min_value=0,
        help="Seat number from 0: the host (0), or whoever asked for the rematch.",
    ),
    FieldSpec(
        "sides",
        "Sides",
        "str",
        help="One digit per seat, 1 or 2 (e.g. 1212); empty: seats alternate.",
    ),
)
DELTA_ACTIONS: frozenset[str] = frozenset({"impact"})

Handler = Callable[[dict[str, Any], int | None, Mapping[str, Any], random.Random], list[dict]]


def _sides(text: Any, count: int) -> list[int]:
    if not text:
        return [seat % 2 for seat in range(count)]
    digits = [c for c in str(text) if not c.isspace() and c != ","]
    if len(digits) != count or any(d not in "12" for d in digits):
        raise RuleError({"options.sides": f"Give {count} digits, each 1 or 2."})
    sides = [int(d) - 1 for d in digits]
    if set(sides) != {0, 1}:
        raise RuleError({"options.sides": "Both sides need at least one player."})
    return sides


def _options(options: Mapping[str, Any], count: int) -> dict[str, Any]:
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise RuleError({f"options.{unknown[0]}": "Unknown option."})
    chosen = {**OPTIONS, **options}
    if chosen["poi_method"] not in ("app", "beads"):
        raise RuleError({"options.poi_method": "Choose 'app' or 'beads'."})
    first = chosen["first_seat"]
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < count:
        raise RuleError({"options.first_seat": f"A seat number from 0 to {count - 1}."})
    return chosen


def initial_state(
    seats: list[Seat], options: Mapping[str, Any], rng: random.Random
) -> dict[str, Any]:
    """Armies read, the guidance of the setup table, points of interest placed, the deck
    shuffled; the table is in set-up."""
    if len(seats) < 2:
        raise RuleError({"seats": "Maker-War needs two or more players."})
    chosen = _options(options or {}, len(seats))
    sides = _sides(chosen["sides"], len(seats))
    armies = [formations_of(i, seat.list_body) for i, seat in enumerate(seats)]
    budget = chosen["budget"] or max((a["budget"] or 0) for a in armies) or 1000
    guidance = setup.guidance(budget)
    if not chosen["ignore_setup_guidelines"]:
        for i, army in enumerate(armies):
            total = sum(f["points"] for f in army["formations"]) + sum(
                h["points"] for h in army["hypha"]
            )
            if total > budget:
                raise RuleError(
                    {f"seats.{i}": f"{seats[i].name}'s army is {total} points, over {budget}."}
                )
            if guidance["training"] and any(f["flyer"] for f in army["formations"]):
                raise RuleError({f"seats.{i}": "A training game has no flyers."})
        for side in (0, 1):
            stars = sum(
                f["stars"]
                for i, a in enumerate(armies)
                if sides[i] == side
                for f in a["formations"]
            )
            if stars > guidance["stars"]:
                raise RuleError(
                    {
                        "options.ignore_setup_guidelines": f"Side {side + 1} fields {stars} rare "
                        f"stars; the setup table allows {guidance['stars']} per side."
                    }
                )
    pois = setup.place(
        chosen["poi_method"], guidance["points_of_interest"], guidance["table_cm"], rng
    )
    deck = supply.new_deck(rng) if guidance["supply_cards_per_round"] else []
    count = len(seats)
    return {
        "phase": "setup",
        "started": False,
        "options": chosen,
        "budget": budget,
        "guidance": guidance,
        "table_cm": guidance["table_cm"],
        "names": [seat.name or f"Player {i + 1}" for i, seat in enumerate(seats)],
        "sides": sides,
        "factions": [a["faction"] for a in armies],
        "formations": [f for a in armies for f in a["formations"]],
        "hypha": [a["hypha"] for a in armies],
        "terrain": [],
        "pois": pois,
        "counters": {"terrain": 0, "hypha": 1000},
        "deploy_budget": [guidance["first_deployment_budget"]] * count,
        "deploy_turn": chosen["first_seat"],
        "deploy_passed": [],
        "round": 1,
        "turn": None,
        "passed": [],
        "supply": supply.supply_state(count, deck, guidance["reshuffle"]),
        "energy": [0] * count,
        "reliquary": [0] * count,
        "last_attack": None,
        "detonation": None,
        "throes": [],
        "destroyed": [[0, 0]],
        "result": None,
        "log": [],
    }


_HANDLERS: dict[str, Handler] = {
    "terrain": play.place_terrain,
    "remove-terrain": play.remove_terrain,
    "place-pois": play.place_pois,
    "begin-deployment": play.begin_deployment,
    "deploy": play.deploy,
    "pass": play.pass_round,
    "activate": play.activate,
    "end-turn": play.end_turn,
    "surrender": end.surrender,
    "shoot": attacks.shoot,
    "close-combat": melee.close_combat,
    "scatter-finish": combat.scatter_finish,
    "moral-check": morale.moral_check,
    "death-throes": morale.death_throes,
    "casualty": attacks.casualty,
    "impact": attacks.impact,
    "titan-repair": attacks.titan_repair,
    "recharge": attacks.recharge,
    "detonation": attacks.detonation,
    "planetfall-mishap": attacks.planetfall_mishap,
    "play-card": benefits.play_card,
    "poi": benefits.occupy,
    "poi-benefit": benefits.benefit,
    "shed": benefits.shed,
    "conduit": benefits.conduit,
    "sprout": benefits.sprout,
}


def apply(
    state: Mapping[str, Any], seat: int | None, action: Mapping[str, Any], rng: random.Random
) -> Outcome:
    """The state after ``action`` by ``seat`` and its events; ``RuleError`` changes nothing."""
    handler = handler_for(_HANDLERS, action)
    if state["phase"] == "over":
        raise RuleError({"type": "The battle is over."})
    if seat is not None and not 0 <= seat < len(state["names"]):
        raise RuleError({"seat": "No such seat."})
    new = clone(dict(state))
    events = handler(new, seat, action, rng)
    for item in events:
        item.setdefault("round", new["round"])
    new["log"].extend(events)
    return Outcome(new, events)


def is_over(state: Mapping[str, Any]) -> bool:
    return state["phase"] == "over"
