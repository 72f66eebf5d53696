"""What a seat sees of a Maker-War table and the moves it is offered: the inputs a card's
alternate use asks for come with the card (the page names no card), and an offered move
stands as offered (a shot from units that have all fired, an unaffordable deployment or
another formation than the one just deployed is not offered)."""

from __future__ import annotations

from copy import deepcopy

from companion.games.maker_war.engine import ENGINE
from companion.games.maker_war.view import card_inputs
from tests.games.maker_war.table_fixtures import act, army, fid, get, start, to_battle

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
