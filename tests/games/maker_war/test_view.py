"""What a seat sees of a Maker-War table and the moves it is offered: the inputs a card's
alternate use asks for come with the card (the page names no card), and an offered move
stands as offered (a shot from units that have all fired, an unaffordable deployment or
another formation than the one just deployed is not offered)."""

from __future__ import annotations

import json
import random
from copy import deepcopy

import pytest

from companion.games.maker_war import titans
from companion.games.maker_war.engine import ENGINE
from companion.games.maker_war.table import points, rounds
from companion.games.maker_war.table.army import living
from companion.games.maker_war.table.factions import needs_maker_weapon
from companion.games.maker_war.view import card_inputs
from companion.games.registry import all_games
from tests.games import test_random_play as harness
from tests.games.maker_war.table_fixtures import CLASSIC, act, army, fid, get, start, to_battle

TERRAN = army("maker-rifle-company", "maker-rifle-company", "foundry-titan")


def battle() -> dict:
    return to_battle(
        start(TERRAN, TERRAN),
        [
            (0, "Maker Rifle Company", {"maker_weapon": "anti-tank"}),
            (1, "Maker Rifle Company", {"maker_weapon": "anti-tank"}),
        ],
    )


def test_a_card_in_hand_carries_the_inputs_its_alternate_use_asks_for():
    state = battle()
    state["supply"]["hands"][0] = ["orbital-barrage", "second-wind", "more-fuel"]
    hand = {c["slug"]: c for c in ENGINE.player_view(state, 0)["my_hand"]}
    enemy = fid(state, 1, "Maker Rifle Company")
    assert hand["orbital-barrage"]["inputs"] == [
        {
            "name": "target",
            "label": "Target",
            "options": [{"value": enemy, "text": "Maker Rifle Company (Ben)"}],
        },
        {"name": "supply_points", "label": "Extra supply points", "options": None},
    ]
    mine = get(state, fid(state, 0, "Maker Rifle Company"))  # the one on the table
    heroes = [
        u["id"]
        for f in state["formations"]
        if f["seat"] == 0
        for u in f["units"]
        if "hero" in u["traits"]
    ]
    formation, hero = hand["second-wind"]["inputs"]
    assert formation["options"] == [{"value": mine["id"], "text": "Maker Rifle Company"}]
    assert hero["name"] == "unit" and [o["value"] for o in hero["options"]] == heroes
    assert heroes and hand["more-fuel"]["inputs"] == []
    # The hand as allies see it stays the plain cards.
    assert "inputs" not in ENGINE.player_view(state, 0)["hands"]["0"][0]


def test_the_inputs_name_the_fields_the_effect_reads():
    state = battle()
    state["supply"]["hands"][0] = ["second-wind"]
    state, _ = act(
        state,
        0,
        {"type": "activate", "formation": fid(state, 0, "Maker Rifle Company"), "order": "patrol"},
    )
    inputs = card_inputs(state, 0, "second-wind")
    chosen = {i["name"]: i["options"][0]["value"] for i in inputs}
    effect = {"type": "play-card", "card": "second-wind", "use": "effect", **chosen}
    state, events = act(state, 0, effect)
    assert "armor until the turn ends" in events[1]["text"]


def test_a_shot_is_offered_only_while_the_usual_shooters_have_not_fired():
    state = battle()
    mine, theirs = fid(state, 0, "Maker Rifle Company"), fid(state, 1, "Maker Rifle Company")
    state, _ = act(state, 0, {"type": "activate", "formation": mine, "order": "advance"})
    shot = {"type": "shoot", "formation": mine, "target": theirs}
    assert shot in ENGINE.legal_actions(state, 0)
    state, _ = act(state, 0, {**shot, "distance": 30, "rolls": [2] * 13})
    assert shot not in ENGINE.legal_actions(state, 0)


def test_only_affordable_deployments_and_the_fresh_formation_are_offered():
    state = battle()
    titan = fid(state, 0, "Foundry Titan")
    offered = ENGINE.legal_actions(state, 0)
    assert {"type": "deploy", "formation": titan} not in offered  # 1 supply, none to pay
    state["supply"]["points"][0] = 1
    assert {"type": "deploy", "formation": titan} in ENGINE.legal_actions(state, 0)
    state, _ = act(state, 0, {"type": "deploy", "formation": titan})
    activations = [a for a in ENGINE.legal_actions(state, 0) if a["type"] == "activate"]
    assert activations and {a["formation"] for a in activations} == {titan}


def test_only_the_public_keys_and_what_the_view_adds_reach_the_other_side():
    """The supply (deck order, hands) is not ``PUBLIC``: Ben's view, and the public one,
    are the same whatever Ada holds and however the deck lies (counts aside), and a state
    key nobody declared never reaches a device."""
    state = battle()
    state["supply"]["hands"][0] = ["orbital-barrage", "second-wind"]
    assert "supply" not in ENGINE.PUBLIC
    other = deepcopy(state)
    other["supply"]["hands"][0] = ["more-fuel", "more-fuel"]
    other["supply"]["deck"].reverse()
    other["undeclared"] = "a-probe"
    for seat in (1, None):
        view = ENGINE.player_view(other, seat)
        assert view == ENGINE.player_view(state, seat)
        assert view["hands"].get("0") is None and view["hand_counts"][0] == 2
        assert "supply" not in view and "undeclared" not in view
        assert "a-probe" not in str(view)
    assert [c["slug"] for c in ENGINE.player_view(other, 0)["my_hand"]] == ["more-fuel"] * 2


def _formation_as_drawn(state: dict, f: dict) -> dict:
    """A formation's view from the per-formation rules, one helper at a time (what the
    view computes in one pass over the units, for every formation of a big table)."""
    alive = living(f)
    titan = next((u for u in alive if u["type"] == "titan"), None)
    return {
        **deepcopy(f),
        "side": state["sides"][f["seat"]],
        "alive": len(alive),
        "orders": [o for o in rounds.ORDERS if not rounds.order_problem(state, f, o)]
        if f["where"] != "gone"
        else [],
        "needs_maker_weapon": needs_maker_weapon(f) and not f["entered"],
        "holds": points.held_by(state, f),
        "fortified": points.fortified(state, f),
        "screen": rounds.screen_total(f),
        "weapons": [
            {
                "id": w["id"],
                "name": w.get("name") or w["id"],
                "bombard": bool(w["traits"].get("bombard")),
            }
            for u in alive
            if u["type"] == "titan"
            for w in titans.usable_weapons(u)
        ],
        "snipers": [
            {"id": u["id"], "name": u["name"]}
            for u in alive
            if u["traits"].get("sniper")
            or (f["maker_weapon"] == "sniper" and u["traits"].get("maker-weapon"))
        ],
        "sacrifice_units": [
            {"id": u["id"], "name": u["name"]} for u in alive if u["traits"].get("sacrifice")
        ],
        "berserk": any(u["traits"].get("berserk") for u in alive),
        "crit_dice": 0
        if titan is None
        else {"titan-tank": 0, "moderate": 1, "big": 2}[titans.table_size(titan)],
    }


def _occupied(state: dict, rnd: random.Random) -> dict:
    """The points of interest occupied at random by formations on the table (some
    contested), as the players report them."""
    ground = [f["id"] for f in state["formations"] if f["where"] == "table" and not f["flyer"]]
    for poi in state["pois"]:
        chosen = rnd.sample(ground, min(len(ground), rnd.randint(0, 2)))
        state, _ = act(state, 0, {"type": "poi", "poi": poi["id"], "formations": chosen})
    return state


MAKER_WAR = next(g for g in all_games().values() if g.slug == "maker-war")


@pytest.mark.parametrize("seed", range(3))
def test_the_view_draws_each_formation_as_its_rules_say(seed):
    """Over random play, every formation in every seat's view (and the public one) is what
    the per-formation helpers give, key for key and in the same order, and each card in
    hand carries the inputs ``card_inputs`` lists for it alone."""
    rnd = random.Random(seed)
    played = harness.play(MAKER_WAR, seed, checks=False)
    states = [s for s in played.states if not ENGINE.is_over(s)]
    states += [_occupied(s, rnd) for s in states if s["phase"] == "battle"][::3]
    assert states
    for state in states:
        for seat in [*range(len(state["names"])), None]:
            view = ENGINE.player_view(state, seat)
            expected = [_formation_as_drawn(state, f) for f in state["formations"]]
            assert json.dumps(view["formations"]) == json.dumps(expected)
            for card in view["my_hand"]:
                assert card["inputs"] == card_inputs(state, seat, card["slug"])


def test_cards_asking_the_same_choice_get_it_each_in_its_own_list():
    state = battle()
    state["supply"]["hands"][0] = ["second-wind", "against-all-odds", "second-wind"]
    hand = ENGINE.player_view(state, 0)["my_hand"]
    first, second, third = (card["inputs"][0]["options"] for card in hand)
    assert first == second == third and first
    assert first is not second and first[0] is not third[0]


FACTION_PLANS: dict[str, list[str]] = {}
for _plan, (_faction, _classic, _chiefs) in CLASSIC.items():
    FACTION_PLANS.setdefault(_faction, []).append(_plan)


def _everything_on_the_table(first: str, second: str, seed: int) -> dict:
    """Every classic formation of two factions on the table mid-battle: some units dead
    or given more traits, stances and Maker Weapons chosen, Titans' systems broken,
    points occupied."""
    rnd = random.Random(seed)
    state = start(
        army(*FACTION_PLANS[first], budget=4000),
        army(*FACTION_PLANS[second], budget=4000),
        ignore_setup_guidelines=True,
    )
    state = to_battle(state, [])
    for f in state["formations"]:
        f.update(where=rnd.choice(["table", "table", "table", "off", "gone"]), entered=True)
        f["stance"] = rnd.choice([None, None, "scatter", "rage", "patrol", "march"])
        f["maker_weapon"] = rnd.choice([None, "sniper", "terror"])
        for unit in f["units"]:
            unit["alive"] = rnd.random() < 0.8
            if rnd.random() < 0.1:  # traits no classic formation has (a card may grant them)
                unit["traits"][rnd.choice(["sacrifice", "sniper", "screen"])] = 2
            if unit["type"] == "titan":
                unit["broken"] = rnd.sample(["legs", "quarters", "ammunition", "head"], 2)
    return _occupied(state, rnd)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("terran-makers", "astral"),
        ("transcendent", "cyber-demons"),
        ("fungus-pandemia", "terran-makers"),
    ],
)
def test_every_kind_of_formation_is_drawn_as_its_rules_say(first, second):
    for seed in range(4):
        state = _everything_on_the_table(first, second, seed)
        for seat in (0, 1, None):
            view = ENGINE.player_view(state, seat)
            expected = [_formation_as_drawn(state, f) for f in state["formations"]]
            assert json.dumps(view["formations"]) == json.dumps(expected)
