"""Points of interest during play: occupied (players report who is within 5 cm),
contested, controlled when held at the start and the end of a turn, and each benefit
taken once per round."""

from __future__ import annotations

import pytest

from companion.games.base import RuleError
from tests.games.maker_war.table_fixtures import act, army, fid, get, start, to_battle


def battle_with(kinds: list[str]) -> dict:
    body = army("maker-rifle-company", "maker-rifle-company", "foundry-titan")
    state = start(body, body)
    for poi, kind in zip(state["pois"], kinds, strict=False):
        poi["kind"] = kind
        poi["name"] = kind.replace("-", " ").title()
    return to_battle(
        state,
        [
            (0, "Maker Rifle Company", {"maker_weapon": "sniper"}),
            (1, "Maker Rifle Company", {"maker_weapon": "sniper"}),
        ],
    )


def held_turn(state: dict, poi: str = "poi0") -> dict:
    """Seat 0's company occupies ``poi`` and activates: it held the point at the start."""
    mine = fid(state, 0, "Maker Rifle Company")
    state, _ = act(state, 0, {"type": "poi", "poi": poi, "formations": [mine]})
    state, _ = act(state, 0, {"type": "activate", "formation": mine, "order": "advance"})
    return state


def test_a_point_held_at_the_start_and_end_of_a_turn_is_controlled():
    state = held_turn(battle_with(["ordnance", "ordnance"]))
    assert state["turn"]["poi_start"] == ["poi0"]
    state, events = act(state, 0, {"type": "end-turn"})
    assert state["pois"][0]["controller"] == 0
    assert any("controls" in e["text"] for e in events)


def test_a_contested_point_is_controlled_by_nobody():
    state = battle_with(["ordnance", "ordnance"])
    mine, theirs = fid(state, 0, "Maker Rifle Company"), fid(state, 1, "Maker Rifle Company")
    state, events = act(state, 0, {"type": "poi", "poi": "poi0", "formations": [mine, theirs]})
    assert "contested" in events[0]["text"]
    state, _ = act(state, 0, {"type": "activate", "formation": mine, "order": "advance"})
    assert state["turn"]["poi_start"] == []
    state, _ = act(state, 0, {"type": "end-turn"})
    assert state["pois"][0]["controller"] is None


def test_a_point_left_during_the_turn_is_not_taken():
    state = held_turn(battle_with(["ordnance", "ordnance"]))
    state, _ = act(state, 0, {"type": "poi", "poi": "poi0", "formations": []})
    state, _ = act(state, 0, {"type": "end-turn"})
    assert state["pois"][0]["controller"] is None


def test_flyers_never_occupy_a_point():
    state = battle_with(["ordnance"])
    get(state, fid(state, 0, "Foundry Titan"))["flyer"] = True
    get(state, fid(state, 0, "Foundry Titan"))["where"] = "table"
    with pytest.raises(RuleError):
        act(
            state, 0, {"type": "poi", "poi": "poi0", "formations": [fid(state, 0, "Foundry Titan")]}
        )


def test_a_source_of_supply_draws_one_card_once_per_round():
    state = held_turn(battle_with(["source-of-supply", "source-of-supply"]))
    deck = len(state["supply"]["deck"])
    state, _ = act(state, 0, {"type": "poi-benefit", "poi": "poi0"})
    assert len(state["supply"]["hands"][0]) == 1 and len(state["supply"]["deck"]) == deck - 1
    with pytest.raises(RuleError):
        act(state, 0, {"type": "poi-benefit", "poi": "poi0"})


def test_the_ordnance_fires_two_annihilation_dice():
    state = held_turn(battle_with(["ordnance"]))
    enemy = fid(state, 1, "Maker Rifle Company")
    state, events = act(
        state, 0, {"type": "poi-benefit", "poi": "poi0", "target": enemy, "rolls": [6, 4]}
    )
    f = get(state, enemy)
    assert sum(not u["alive"] for u in f["units"]) == 1 and f["impact_tokens"] == 1
    assert "Annihilation" in " ".join(" ".join([e["text"], *e.get("details", [])]) for e in events)


def test_a_reliquary_removes_2d6_tokens_across_the_army():
    state = held_turn(battle_with(["reliquary"]))
    mine = fid(state, 0, "Maker Rifle Company")
    get(state, mine)["impact_tokens"] = 20
    state, events = act(state, 0, {"type": "poi-benefit", "poi": "poi0"}, seed=3)
    pool = state["reliquary"][0]
    assert 2 <= pool <= 12 and str(pool) in events[0]["text"]
    state, _ = act(state, 0, {"type": "shed", "formation": mine, "count": pool})
    assert get(state, mine)["impact_tokens"] == 20 - pool
    with pytest.raises(RuleError):
        act(state, 0, {"type": "shed", "formation": mine, "count": 1})


def test_a_landing_zone_gives_3_points_only_for_deploying_or_flyers():
    state = held_turn(battle_with(["landing-zone"]))
    state, _ = act(state, 0, {"type": "poi-benefit", "poi": "poi0"})
    assert state["supply"]["landing"][0] == 3 and state["supply"]["points"][0] == 0
    titan = fid(state, 0, "Foundry Titan")
    state["turn"]["allowed"] = 2
    state, _ = act(state, 0, {"type": "deploy", "formation": titan})  # costs 1, from the zone
    assert state["supply"]["landing"][0] == 2
    state, _ = act(state, 0, {"type": "activate", "formation": titan, "order": "advance"})
    with pytest.raises(RuleError):  # repairs need free supply points
        act(state, 0, {"type": "recharge", "formation": titan, "points": 1})


def test_a_fortification_has_no_benefit_but_screens_and_covers():
    state = battle_with(["fortification"])
    theirs = fid(state, 1, "Maker Rifle Company")
    state, _ = act(state, 0, {"type": "poi", "poi": "poi0", "formations": [theirs]})
    state, _ = act(
        state,
        0,
        {"type": "activate", "formation": fid(state, 0, "Maker Rifle Company"), "order": "advance"},
    )
    state, events = act(
        state, 0, {"type": "shoot", "target": theirs, "distance": 50, "rolls": [6] * 13}
    )
    text = " ".join(events[0]["details"])
    assert "target in cover" in text and "Screen 6" in text
    assert events[0]["hits"] == 13
    assert sum(not u["alive"] for u in get(state, theirs)["units"]) == 7  # 13 - 6 screened
