"""The Maker-War table engine, scenarios worked by hand from the rule book: seats and
sides, the first deployment, turns and rounds, orders, a salvo and a close combat with
typed dice, the end of the battle."""

from __future__ import annotations

import random

import pytest

from companion.games.base import RuleError
from companion.games.maker_war import GAME
from companion.games.maker_war.engine import ENGINE
from companion.games.table import Seat
from tests.games.maker_war.table_fixtures import act, army, fid, get, start, to_battle

TERRAN = army("maker-rifle-company", "maker-rifle-company", "foundry-titan")


def test_one_player_is_not_a_battle_and_sides_are_read_per_seat():
    with pytest.raises(RuleError):
        start(TERRAN)
    state = start(TERRAN, TERRAN, TERRAN, sides="112", ignore_setup_guidelines=True)
    assert state["sides"] == [0, 0, 1]
    with pytest.raises(RuleError) as bad:
        start(TERRAN, TERRAN, sides="11")
    assert "options.sides" in bad.value.errors


def test_the_option_fields_match_the_options():
    assert [f.name for f in ENGINE.OPTION_FIELDS] == list(ENGINE.OPTIONS)


def test_an_army_over_the_budget_is_refused_unless_guidelines_are_ignored():
    with pytest.raises(RuleError):
        start(GAME.example_list(), TERRAN, budget=600)
    assert (
        start(GAME.example_list(), TERRAN, budget=600, ignore_setup_guidelines=True)["budget"]
        == 600
    )


def test_rare_stars_are_counted_per_side():
    # Each army's Foundry Titan is a one-star formation; 1-1000 points allows 1 per side.
    with pytest.raises(RuleError) as bad:
        start(TERRAN, TERRAN, TERRAN, sides="112")
    assert "2 rare stars" in bad.value.errors["options.ignore_setup_guidelines"]
    assert start(TERRAN, TERRAN, TERRAN, sides="121", budget=2000)["guidance"]["stars"] == 2


def test_the_first_deployment_spends_the_budget_over_200_in_supply_costs():
    state = start(TERRAN, TERRAN)
    company = get(state, fid(state, 0, "Maker Rifle Company"))
    assert company["points"] == 27 + 6 * 6 + 2 * 16 + 2 * 35 and company["supply_cost"] == 2
    assert get(state, fid(state, 0, "Foundry Titan"))["supply_cost"] == 1  # 100 points
    state, _ = act(state, 0, {"type": "begin-deployment"})
    assert state["deploy_budget"] == [5, 5]
    with pytest.raises(RuleError):  # seat 1 waits for seat 0, the host
        act(state, 1, {"type": "deploy", "formation": fid(state, 1, "Maker Rifle Company")})
    with pytest.raises(RuleError):  # a Maker Weapon choice is owed on entering
        act(state, 0, {"type": "deploy", "formation": fid(state, 0, "Maker Rifle Company")})
    state, _ = act(
        state,
        0,
        {
            "type": "deploy",
            "formation": fid(state, 0, "Maker Rifle Company"),
            "maker_weapon": "terror",
        },
    )
    assert state["deploy_budget"] == [3, 5] and state["deploy_turn"] == 1
    assert get(state, fid(state, 0, "Maker Rifle Company"))["maker_weapon"] == "terror"


def test_flyers_and_invaders_are_kept_aside_at_the_first_deployment():
    astral = army("barque-fleet", "portal-host", "kite-flight", budget=1000)
    state = start(astral, TERRAN)
    state, _ = act(state, 0, {"type": "begin-deployment"})
    for plan in ("Portal Host", "Kite Flight"):
        with pytest.raises(RuleError):
            act(state, 0, {"type": "deploy", "formation": fid(state, 0, plan)})


def test_deployment_ends_when_nothing_is_affordable_and_the_host_opens_round_one():
    state = to_battle(
        start(TERRAN, TERRAN),
        [
            (0, "Maker Rifle Company", {"maker_weapon": "terror"}),
            (1, "Maker Rifle Company", {"maker_weapon": "terror"}),
        ],
    )
    assert state["phase"] == "battle" and state["round"] == 1 and state["turn"]["seat"] == 0


def test_more_strategists_on_the_battlefield_move_first():
    spear = army("armoured-spearhead", budget=1000)
    state = to_battle(
        start(TERRAN, spear),
        [
            (0, "Maker Rifle Company", {"maker_weapon": "terror"}),
            (1, "Armoured Spearhead", {}),
        ],
    )
    assert state["turn"]["seat"] == 1  # the Colonel is a strategist


def battle() -> dict:
    return to_battle(
        start(TERRAN, TERRAN),
        [
            (0, "Maker Rifle Company", {"maker_weapon": "anti-tank"}),
            (1, "Maker Rifle Company", {"maker_weapon": "anti-tank"}),
            (0, "Foundry Titan", {}),
            (1, "Foundry Titan", {}),
        ],
    )


def test_a_salvo_with_typed_dice_kills_as_worked_by_hand():
    state = battle()
    mine, theirs = fid(state, 0, "Maker Rifle Company"), fid(state, 1, "Maker Rifle Company")
    state, _ = act(state, 0, {"type": "activate", "formation": mine, "order": "advance"})
    # 13 dice, 4 of them Anti-Tank (the Maker Weapons chose it): 6, 6, 5 hit; both 6s are
    # critical. Hits skip the chief: one plain hit and two crits kill three riflemen.
    state, events = act(
        state, 0, {"type": "shoot", "target": theirs, "distance": 30, "rolls": [6, 6, 5] + [2] * 10}
    )
    target = get(state, theirs)
    dead = [u["slug"] for u in target["units"] if not u["alive"]]
    assert dead == ["maker-rifles"] * 3 and target["impact_tokens"] == 3
    assert events[0]["hits"] == 3
    assert state["destroyed"][0] == [0, 18]  # three 6-point riflemen lost by side 2
    with pytest.raises(RuleError):  # each unit fires once a turn
        act(state, 0, {"type": "shoot", "target": theirs, "rolls": [2] * 13})


def test_the_march_order_does_not_shoot():
    state = battle()
    mine, theirs = fid(state, 0, "Maker Rifle Company"), fid(state, 1, "Maker Rifle Company")
    state, _ = act(state, 0, {"type": "activate", "formation": mine, "order": "march"})
    assert get(state, mine)["stance"] == "march"
    with pytest.raises(RuleError):
        act(state, 0, {"type": "shoot", "target": theirs})


def test_a_close_combat_kills_one_unit_per_hit_on_both_sides():
    state = battle()
    state, _ = act(
        state,
        0,
        {"type": "activate", "formation": fid(state, 0, "Foundry Titan"), "order": "patrol"},
    )
    state, _ = act(state, 0, {"type": "end-turn"})
    attacker, defender = fid(state, 1, "Maker Rifle Company"), fid(state, 0, "Maker Rifle Company")
    state, _ = act(state, 1, {"type": "activate", "formation": attacker, "order": "assault"})
    # Each side: squad leader 2 + six riflemen 1 = 8 melee dice, one hero each, no tokens.
    state, events = act(
        state,
        1,
        {
            "type": "close-combat",
            "defenders": [defender],
            "rolls": {"attackers": [5, 6] + [1] * 6, "defenders": [5] + [2] * 7},
        },
    )
    assert [u["slug"] for u in get(state, defender)["units"] if not u["alive"]] == [
        "maker-rifles"
    ] * 2
    assert [u["slug"] for u in get(state, attacker)["units"] if not u["alive"]] == ["maker-rifles"]
    assert "Moral check" in " ".join(events[0]["details"])


def test_a_round_ends_when_all_have_activated_markers_clear_and_cards_are_drawn():
    state = battle()
    order = [
        (0, "Maker Rifle Company"),
        (1, "Maker Rifle Company"),
        (0, "Foundry Titan"),
        (1, "Foundry Titan"),
    ]
    for seat, name in order:
        state, events = act(
            state,
            seat,
            {"type": "activate", "formation": fid(state, seat, name), "order": "patrol"},
        )
        state, events = act(state, seat, {"type": "end-turn"})
    assert state["round"] == 2 and not any(f["activated"] for f in state["formations"])
    assert [len(h) for h in state["supply"]["hands"]] == [1, 1]  # 1 card each at 1000 points
    assert len(state["supply"]["deck"]) == 38
    assert state["turn"]["seat"] == 0  # next in line after seat 1
    assert get(state, fid(state, 0, "Foundry Titan"))["stance"] == "patrol"  # stances stay


def test_a_passed_player_is_skipped_for_the_rest_of_the_round():
    state = battle()
    state, _ = act(state, 0, {"type": "pass"})
    assert state["turn"]["seat"] == 1
    state, _ = act(
        state,
        1,
        {"type": "activate", "formation": fid(state, 1, "Foundry Titan"), "order": "advance"},
    )
    state, _ = act(state, 1, {"type": "end-turn"})
    assert state["turn"]["seat"] == 1  # seat 0 passed


def test_flyers_cannot_march_and_pay_two_supply_for_an_order():
    hawks = army("maker-rifle-company", "hawk-wing", budget=1000)
    state = to_battle(
        start(hawks, TERRAN),
        [
            (0, "Maker Rifle Company", {"maker_weapon": "terror"}),
            (1, "Maker Rifle Company", {"maker_weapon": "terror"}),
        ],
    )
    wing = fid(state, 0, "Hawk Wing")
    state["supply"]["hands"][0] = ["more-fuel", "more-fuel"]
    state, _ = act(state, 0, {"type": "play-card", "card": "more-fuel", "use": "points"})
    state, _ = act(state, 0, {"type": "deploy", "formation": wing})  # 2 supply: 156 points
    with pytest.raises(RuleError):
        act(state, 0, {"type": "activate", "formation": wing, "order": "march"})
    state, _ = act(
        state,
        0,
        {"type": "activate", "formation": wing, "order": "advance", "altitude": "fly-high"},
    )
    assert get(state, wing)["stance"] == "fly-high"  # no order cost on the deploying turn
    state, _ = act(state, 0, {"type": "end-turn"})
    state, _ = act(
        state,
        1,
        {"type": "activate", "formation": fid(state, 1, "Maker Rifle Company"), "order": "patrol"},
    )
    state, _ = act(state, 1, {"type": "end-turn"})
    state, _ = act(
        state,
        0,
        {"type": "activate", "formation": fid(state, 0, "Maker Rifle Company"), "order": "patrol"},
    )
    state, _ = act(state, 0, {"type": "end-turn"})
    assert state["round"] == 2 and state["turn"]["seat"] == 1  # next in line after seat 0
    wing_ready, _ = act(state, 1, {"type": "pass"})
    with pytest.raises(RuleError):  # no supply points: only Veer Off is free
        act(wing_ready, 0, {"type": "activate", "formation": wing, "order": "advance"})
    state, _ = act(wing_ready, 0, {"type": "activate", "formation": wing, "order": "veer-off"})
    assert get(state, wing)["where"] == "off"


def test_immobile_formations_and_hit_and_run_are_restricted():
    drones = army("drone-host", budget=1000)
    state = start(drones, army("barque-fleet", "mage-circle", budget=1000))
    host = get(state, fid(state, 0, "Drone Host"))
    assert host["immobile"]  # the generator pylon does not move
    from companion.games.maker_war.table import rounds

    assert rounds.allowed_orders(state, host) == ["advance", "patrol", "regroup", "scatter"]
    assert "hit-and-run" in rounds.allowed_orders(state, get(state, fid(state, 1, "Barque Fleet")))
    assert "hit-and-run" not in rounds.allowed_orders(
        state, get(state, fid(state, 1, "Mage Circle"))
    )


def test_a_generator_gives_1d6_energy_and_a_conduit_spends_it_on_firepower():
    state = to_battle(
        start(army("drone-host"), TERRAN),
        [(0, "Drone Host", {}), (1, "Maker Rifle Company", {"maker_weapon": "terror"})],
    )
    host = fid(state, 0, "Drone Host")
    state, events = act(
        state, 0, {"type": "activate", "formation": host, "order": "advance"}, seed=5
    )
    energy = state["energy"][0]
    assert 1 <= energy <= 6 and any(e["type"] == "energy" for e in events)
    state, _ = act(
        state, 0, {"type": "conduit", "formation": host, "amount": 1, "use": "firepower"}
    )
    # drones 6 + adept 1 = 7 dice, plus 1 of energy: 8 faces are owed
    with pytest.raises(RuleError):
        act(
            state,
            0,
            {"type": "shoot", "target": fid(state, 1, "Maker Rifle Company"), "rolls": [2] * 7},
        )
    state, _ = act(
        state,
        0,
        {"type": "shoot", "target": fid(state, 1, "Maker Rifle Company"), "rolls": [2] * 8},
    )
    assert state["energy"][0] == energy - 1


def test_invaders_enter_through_a_portal_on_the_table_only():
    astral = army("barque-fleet", "portal-host")
    state = to_battle(
        start(astral, TERRAN),
        [(0, "Barque Fleet", {}), (1, "Maker Rifle Company", {"maker_weapon": "terror"})],
    )
    host, fleet = fid(state, 0, "Portal Host"), fid(state, 0, "Barque Fleet")
    state["supply"]["points"][0] = 2
    with pytest.raises(RuleError):
        act(state, 0, {"type": "deploy", "formation": host, "way": "carrier", "via": fleet})
    state, events = act(
        state, 0, {"type": "deploy", "formation": host, "way": "portal", "via": fleet}
    )
    assert get(state, host)["where"] == "table" and "Barque Fleet" in events[0]["text"]


def test_a_root_grows_beside_another_fungus_unit_and_a_sprout_grows_hypha():
    fungus = army("spore-swarm", "mycelid-herd")
    state = start(fungus, TERRAN)
    state = to_battle(
        state, [(0, "Mycelid Herd", {}), (1, "Maker Rifle Company", {"maker_weapon": "terror"})]
    )
    swarm = fid(state, 0, "Spore Swarm")
    state["supply"]["points"][0] = 2
    state, _ = act(state, 0, {"type": "deploy", "formation": swarm, "way": "root"})
    state, _ = act(state, 0, {"type": "activate", "formation": swarm, "order": "advance"})
    state, events = act(state, 0, {"type": "sprout", "hypha": "hypha-tendril"})
    assert [h["slug"] for h in state["hypha"][0]] == ["hypha-tendril"]
    with pytest.raises(RuleError):
        act(state, 0, {"type": "sprout", "hypha": "hypha-tendril"})


def test_a_side_with_nothing_but_flyers_left_is_annihilated():
    state = battle()
    for f in [f for f in state["formations"] if f["seat"] == 1]:
        f["where"] = "table" if f["where"] == "table" else f["where"]
    theirs = [f for f in state["formations"] if f["seat"] == 1 and f["where"] != "gone"]
    for f in theirs[:-1]:
        state, _ = act(
            state,
            0,
            {
                "type": "casualty",
                "formation": f["id"],
                "units": [u["id"] for u in f["units"] if u["alive"]],
            },
        )
    assert state["phase"] == "battle"  # a formation is still waiting off the table
    last = theirs[-1]
    state, events = act(
        state,
        0,
        {
            "type": "casualty",
            "formation": last["id"],
            "units": [u["id"] for u in last["units"] if u["alive"]],
        },
    )
    assert state["phase"] == "over" and state["result"]["winner_side"] == 0
    assert ENGINE.is_over(state)
    with pytest.raises(RuleError):
        act(state, 0, {"type": "end-turn"})


def test_surrender_ends_the_battle_for_the_other_side():
    state, events = act(battle(), 0, {"type": "surrender"})
    assert state["result"]["winner_side"] == 1 and "surrenders" in events[0]["text"]


def test_impact_tokens_never_go_below_zero():
    state = battle()
    mine = fid(state, 0, "Maker Rifle Company")
    with pytest.raises(RuleError):
        act(state, 0, {"type": "impact", "formation": mine, "delta": -1})
    state, _ = act(state, 1, {"type": "impact", "formation": mine, "delta": 2})
    assert get(state, mine)["impact_tokens"] == 2


def test_titan_repairs_cost_two_supply_per_system():
    state = battle()
    titan_f = fid(state, 0, "Foundry Titan")
    titan = get(state, titan_f)["units"][0]
    titan["broken"] = ["legs", "head"]
    state["supply"]["points"][0] = 3
    state, _ = act(state, 0, {"type": "activate", "formation": titan_f, "order": "advance"})
    with pytest.raises(RuleError):
        act(state, 0, {"type": "titan-repair", "systems": ["legs", "head"]})
    state, _ = act(state, 0, {"type": "titan-repair", "systems": ["legs"]})
    assert (
        get(state, titan_f)["units"][0]["broken"] == ["head"] and state["supply"]["points"][0] == 1
    )


def test_a_titan_with_broken_legs_may_not_march():
    state = battle()
    titan_f = fid(state, 0, "Foundry Titan")
    get(state, titan_f)["units"][0]["broken"] = ["legs"]
    with pytest.raises(RuleError) as refused:
        act(state, 0, {"type": "activate", "formation": titan_f, "order": "march"})
    assert "legs" in refused.value.errors["order"]


def test_the_scatter_order_loses_units_and_tokens_then_checks_morale():
    state = battle()
    mine = fid(state, 0, "Maker Rifle Company")
    get(state, mine)["stance"] = "scatter"
    get(state, mine)["impact_tokens"] = 6
    with pytest.raises(RuleError):
        act(state, 0, {"type": "activate", "formation": mine, "order": "advance"})
    state, events = act(state, 0, {"type": "activate", "formation": mine, "order": "scatter"})
    f = get(state, mine)
    lost = sum(not u["alive"] for u in f["units"])
    assert lost == 6 - f["impact_tokens"] and lost >= 1
    state, events = act(state, 0, {"type": "scatter-finish", "caught": []})
    assert "Moral check" in events[0]["text"]


# --- the phases and moves the engine declares --------------------------------------------


def test_each_move_is_refused_outside_its_phase_with_its_own_words():
    state = start(TERRAN, TERRAN)
    with pytest.raises(RuleError) as early:
        act(state, 0, {"type": "activate", "formation": fid(state, 0, "Foundry Titan")})
    assert early.value.errors == {"type": "The battle has not begun."}
    with pytest.raises(RuleError) as early:
        act(state, 0, {"type": "play-card", "card": "more-fuel"})
    assert early.value.errors == {"type": "Supply cards are played during the battle."}
    fighting = battle()
    for action, words in (
        ({"type": "terrain", "kind": "hill"}, "Terrain is placed before deployment."),
        ({"type": "place-pois"}, "Points of interest are placed before deployment."),
        ({"type": "begin-deployment"}, "Deployment has already begun."),
    ):
        with pytest.raises(RuleError) as late:
            act(fighting, 0, action)
        assert late.value.errors == {"type": words}
    over, _ = act(fighting, 1, {"type": "surrender"})
    with pytest.raises(RuleError) as ended:
        act(over, 0, {"type": "impact", "formation": fid(over, 0, "Foundry Titan"), "delta": 1})
    assert ended.value.errors == {"type": "The battle is over."}


def test_the_table_itself_sets_up_but_only_a_player_fights():
    state, events = act(start(TERRAN, TERRAN), None, {"type": "terrain", "kind": "hill"})
    assert [t["kind"] for t in state["terrain"]] == ["hill"] and events[0]["type"] == "terrain"
    state, _ = act(state, None, {"type": "begin-deployment"})
    assert state["phase"] == "deploy"
    with pytest.raises(RuleError) as refused:
        act(state, None, {"type": "pass"})
    assert refused.value.errors == {"seat": "Only a player may do this."}


def test_the_corrections_of_the_table_are_taken_before_the_battle_too():
    state, _ = act(start(TERRAN, TERRAN), 0, {"type": "begin-deployment"})
    company = fid(state, 0, "Maker Rifle Company")
    state, events = act(state, 1, {"type": "impact", "formation": company, "delta": 1})
    assert get(state, company)["impact_tokens"] == 1 and events[0]["type"] == "impact"


def test_every_event_carries_its_round_and_the_state_keeps_no_log():
    dealt = ENGINE.start([Seat(0, "Ada", TERRAN), Seat(1, "Ben", TERRAN)], {}, random.Random(1))
    assert dealt.events == []  # dealing logs nothing: the site keeps the actions' events
    state = battle()
    logged: list[list[dict]] = []
    for seat, name in [
        (0, "Maker Rifle Company"),
        (1, "Maker Rifle Company"),
        (0, "Foundry Titan"),
        (1, "Foundry Titan"),
    ]:
        order = {"type": "activate", "formation": fid(state, seat, name), "order": "patrol"}
        state, events = act(state, seat, order)
        logged.append(events)
        state, events = act(state, seat, {"type": "end-turn"})
        logged.append(events)
    *during, ending = logged
    assert {e["round"] for events in during for e in events} == {1}
    # Stamped with the round the move leaves the table in, as the report always showed.
    assert [(e["type"], e["round"]) for e in ending][-2:] == [("round-end", 2), ("round", 2)]
    assert "log" not in state and "log" not in ENGINE.player_view(state, 0)


def test_a_salvo_is_logged_as_a_short_summary_by_unit_names_with_the_working_as_details():
    state = battle()
    mine, theirs = fid(state, 0, "Maker Rifle Company"), fid(state, 1, "Maker Rifle Company")
    state, _ = act(state, 0, {"type": "activate", "formation": mine, "order": "advance"})
    state, events = act(
        state, 0, {"type": "shoot", "target": theirs, "distance": 30, "rolls": [6, 6, 5] + [2] * 10}
    )
    assert events[0]["text"] == (
        "Maker Rifle Company fires at Maker Rifle Company: 13 dice, 3 hits (2 critical). "
        "Destroyed: Maker Rifles 1, Maker Rifles 2, Maker Rifles 3. +3 impact tokens."
    )
    working = " ".join(events[0]["details"])
    assert "Maker Rifles 2 takes a critical hit" in working
    assert theirs not in working and theirs not in events[0]["text"]
