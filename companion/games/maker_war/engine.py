"""Table engine of Maker-War: its phases and moves on ``TableEngine``, so the players only
move models and measure while Muster keeps the books.

Phases (``phase``): ``setup`` (terrain, points of interest, the setup-table guidance for
the agreed budget) -> ``deploy`` (the first deployment, in turns, within
``round(budget / 200)`` supply; flyers, planetfall and invaders kept aside) -> ``battle``
(rounds of turns; see ``table.play``) -> ``over`` (annihilation or surrender; the battle
report). Surrender and the corrections the players report of the table (impact tokens,
casualties, moral checks, who occupies a point, a dying Titan's Losing Hope or Cheers)
are taken in any phase before the end.

Action types (``seat`` acts; every field beside ``type`` as the players type it)::

    terrain {kind, x, y} · remove-terrain {terrain} · place-pois {method} · begin-deployment
    deploy {formation, maker_weapon?, way?, via?} · pass
    activate {formation, order, altitude?, maker_weapon?, supply_points?} · end-turn
    shoot {formation?, target, units?, distance?, cover?, artillery_blind?, dice?, rolls?,
    big_dice?, big_rolls?, picks?, sacrifices?, bombard_units?, rage?, hit_order?,
    crit_rolls?} · close-combat {attackers?, defenders, join?, dice?, rolls?, big_dice?,
    big_rolls?, contact?, hit_order?, rage?, sacrifices?, crit_rolls?, moral_rolls?}
    (see ``table.choices``) · scatter-finish {caught} · moral-check {formation, roll?}
    death-throes {formations, rolls?} (Losing Hope, Cheers) · casualty {formation, units,
    flak?} · impact {formation, delta}
    titan-repair {systems} · recharge {points} · detonation {target} · planetfall-mishap
    {formation} · casualty {hypha} (hypha lost)
    play-card {card, use: points|effect, ...} · poi {poi, formations} · poi-benefit {poi,
    target?} · shed {formation, count} · conduit {formation, amount, use} · sprout {hypha?}
    surrender

A player who leaves the table (``leave``, the framework's move: ``SeatLeaving.TEAMMATE``)
hands their army to the first teammate still at the table, who plays on with it; a side
with nobody left surrenders (``table.end``).

The set-up moves may be taken by the table itself (the host's tablet); every other move
by a player. Hidden information: the deck order (nobody) and each hand (only its own side
sees it); every event is public and carries the round it happened in.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.games.base import FieldSpec, RuleError
from companion.games.maker_war import view as seat_view
from companion.games.maker_war.table import (
    attacks,
    benefits,
    combat,
    end,
    melee,
    morale,
    play,
    state_copy,
    supply,
)
from companion.games.maker_war.table.army import formations_of
from companion.games.maker_war.table.setup import guidance, place
from companion.games.table import Seat
from companion.games.table_engine import Event, Move, Phase, TableEngine

NOT_YET = "The battle has not begun."
TERRAIN_BEFORE = "Terrain is placed before deployment."


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


def _options(options: Mapping[str, Any], defaults: Mapping[str, Any], count: int) -> dict:
    unknown = sorted(set(options) - set(defaults))
    if unknown:
        raise RuleError({f"options.{unknown[0]}": "Unknown option."})
    chosen = {**defaults, **options}
    if chosen["poi_method"] not in ("app", "beads"):
        raise RuleError({"options.poi_method": "Choose 'app' or 'beads'."})
    first = chosen["first_seat"]
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < count:
        raise RuleError({"options.first_seat": f"A seat number from 0 to {count - 1}."})
    return chosen


def _check_guidelines(
    seats: list[Seat], armies: list[dict[str, Any]], sides: list[int], budget: int, rows: dict
) -> None:
    """Refuse armies over the budget, flyers in a training game and more rare stars per
    side than the setup table gives (unless the players chose to ignore the guidelines)."""
    for i, army in enumerate(armies):
        total = sum(f["points"] for f in army["formations"]) + sum(
            h["points"] for h in army["hypha"]
        )
        if total > budget:
            raise RuleError(
                {f"seats.{i}": f"{seats[i].name}'s army is {total} points, over {budget}."}
            )
        if rows["training"] and any(f["flyer"] for f in army["formations"]):
            raise RuleError({f"seats.{i}": "A training game has no flyers."})
    for side in (0, 1):
        stars = sum(
            f["stars"] for i, a in enumerate(armies) if sides[i] == side for f in a["formations"]
        )
        if stars > rows["stars"]:
            raise RuleError(
                {
                    "options.ignore_setup_guidelines": f"Side {side + 1} fields {stars} rare "
                    f"stars; the setup table allows {rows['stars']} per side."
                }
            )


class MakerWarEngine(TableEngine):
    """Two sides of one or more seats each; set-up, the first deployment, the battle."""

    OPTIONS = {
        "budget": 0,
        "poi_method": "app",
        "ignore_setup_guidelines": False,
        "first_seat": 0,
        "sides": "",
    }
    OPTION_FIELDS = (
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
    DELTA_ACTIONS = frozenset({"impact"})
    # The table facts every seat sees as they are. The supply (deck, hands) stays out: the
    # view shows counts, the discard and the hands a seat's side may see; the formations,
    # points of interest, terrain and attacks are shown drawn, not raw.
    PUBLIC = (
        "phase", "round", "names", "sides", "factions", "budget", "guidance", "options",
        "deploy_turn", "deploy_budget", "deploy_passed", "turn", "passed", "hypha",
        "energy", "reliquary", "result",
    )  # fmt: skip
    PHASES = (
        Phase(
            "setup",
            frozenset({"terrain", "remove-terrain", "place-pois", "begin-deployment"}),
            then="deploy",
        ),
        Phase("deploy", frozenset({"deploy", "pass"}), then="battle"),
        Phase(
            "battle",
            frozenset(
                {
                    "deploy",
                    "pass",
                    "activate",
                    "end-turn",
                    "shoot",
                    "close-combat",
                    "scatter-finish",
                    "titan-repair",
                    "recharge",
                    "planetfall-mishap",
                    "play-card",
                    "poi-benefit",
                    "shed",
                    "conduit",
                    "sprout",
                    "detonation",
                }
            ),
            then="over",
        ),
        Phase("over", over=True),
    )
    MOVES = {
        # Set-up: any seat, or the table itself.
        "terrain": Move(play.place_terrain, players_only=False, refusal=TERRAIN_BEFORE),
        "remove-terrain": Move(play.remove_terrain, players_only=False, refusal=TERRAIN_BEFORE),
        "place-pois": Move(
            play.place_pois,
            players_only=False,
            refusal="Points of interest are placed before deployment.",
        ),
        "begin-deployment": Move(
            play.begin_deployment, players_only=False, refusal="Deployment has already begun."
        ),
        # The first deployment and the battle.
        "deploy": Move(play.deploy, refusal=NOT_YET),
        "pass": Move(play.pass_round, refusal=NOT_YET),
        "activate": Move(play.activate, refusal=NOT_YET),
        "end-turn": Move(play.end_turn, refusal=NOT_YET),
        "shoot": Move(attacks.shoot, refusal=NOT_YET),
        "close-combat": Move(melee.close_combat, refusal=NOT_YET),
        "scatter-finish": Move(combat.scatter_finish, refusal=NOT_YET),
        "titan-repair": Move(attacks.titan_repair, refusal=NOT_YET),
        "recharge": Move(attacks.recharge, refusal=NOT_YET),
        "planetfall-mishap": Move(attacks.planetfall_mishap, refusal=NOT_YET),
        "play-card": Move(benefits.play_card, refusal="Supply cards are played during the battle."),
        "poi-benefit": Move(benefits.benefit, refusal=NOT_YET),
        "shed": Move(benefits.shed, refusal=NOT_YET),
        "conduit": Move(benefits.conduit, refusal=NOT_YET),
        "sprout": Move(benefits.sprout, refusal=NOT_YET),
        "detonation": Move(attacks.detonation, refusal=NOT_YET),
        # Any phase before the end: what the players report of the table, and surrender.
        "surrender": Move(end.surrender),
        "moral-check": Move(morale.moral_check),
        "death-throes": Move(morale.death_throes),
        "casualty": Move(attacks.casualty),
        "impact": Move(attacks.impact),
        "poi": Move(benefits.occupy),
    }
    ANYTIME = frozenset({"surrender", "moral-check", "death-throes", "casualty", "impact", "poi"})
    OVER_TEXT = "The battle is over."

    def setup(
        self, seats: list[Seat], options: Mapping[str, Any], rng: random.Random
    ) -> tuple[dict[str, Any], list[Event]]:
        """Armies read, the guidance of the setup table, points of interest placed, the deck
        shuffled; the table is in set-up. Dealing it logs nothing."""
        if len(seats) < 2:
            raise RuleError({"seats": "Maker-War needs two or more players."})
        count = len(seats)
        chosen = _options(options, self.OPTIONS, count)
        sides = _sides(chosen["sides"], count)
        armies = [formations_of(i, seat.list_body) for i, seat in enumerate(seats)]
        budget = chosen["budget"] or max((a["budget"] or 0) for a in armies) or 1000
        rows = guidance(budget)
        if not chosen["ignore_setup_guidelines"]:
            _check_guidelines(seats, armies, sides, budget, rows)
        pois = place(chosen["poi_method"], rows["points_of_interest"], rows["table_cm"], rng)
        deck = supply.new_deck(rng) if rows["supply_cards_per_round"] else []
        state = {
            "phase": "setup",
            "started": False,
            "options": chosen,
            "budget": budget,
            "guidance": rows,
            "table_cm": rows["table_cm"],
            "names": [seat.name or f"Player {i + 1}" for i, seat in enumerate(seats)],
            "sides": sides,
            "factions": [a["faction"] for a in armies],
            "formations": [f for a in armies for f in a["formations"]],
            "hypha": [a["hypha"] for a in armies],
            "terrain": [],
            "pois": pois,
            "counters": {"terrain": 0, "hypha": 1000},
            "deploy_budget": [rows["first_deployment_budget"]] * count,
            "deploy_turn": chosen["first_seat"],
            "deploy_passed": [],
            "round": 1,
            "turn": None,
            "passed": [],
            "supply": supply.supply_state(count, deck, rows["reshuffle"]),
            "energy": [0] * count,
            "reliquary": [0] * count,
            "last_attack": None,
            "detonation": None,
            "throes": [],
            "destroyed": [[0, 0]],
            "result": None,
        }
        return state, []

    def view(self, state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        return seat_view.player_view(state, seat)

    def shared_view(self, state: Mapping[str, Any]) -> dict[str, Any]:
        return {**super().shared_view(state), **seat_view.shared(state)}

    def copy_state(self, state: Mapping[str, Any]) -> dict[str, Any]:
        return state_copy.copy_state(state)

    def offers(self, state: Mapping[str, Any], seat: int | None) -> list[dict[str, Any]]:
        return seat_view.offers(state, seat)

    def hand_over(self, state: dict[str, Any], seat: int, rng: random.Random) -> list[Event]:
        return end.hand_over(state, seat, set(self.left_seats(state)), rng)

    def concede(self, state: dict[str, Any], seat: int, rng: random.Random) -> list[Event]:
        """The player's side surrenders, whoever else is on it."""
        side = state["sides"][seat]
        end.finish(state, 1 - side, f"{state['names'][seat]} left the table for side {side + 1}")
        return [{"type": "over", "text": state["result"]["text"]}]

    def end_by_host(self, state: dict[str, Any], rng: random.Random) -> list[Event]:
        return end.host_ended(state)

    def stamp(self, state: Mapping[str, Any], event: Event) -> None:
        """Every event is dated by the round it happened in (the report groups by it)."""
        event.setdefault("round", state["round"])


ENGINE = MakerWarEngine()
