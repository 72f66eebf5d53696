"""Supply at the table: the shared 40-card deck, draws by the tier with the reshuffle
rules, supply points that expire, the costs table, and every card's alternate use."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from companion.games.base import RuleError
from companion.games.maker_war.engine import ENGINE
from companion.games.maker_war.table import supply
from tests.games.maker_war.table_fixtures import act, army, fid, get, start, to_battle


def test_the_deck_is_the_40_basic_cards_five_of_each():
    deck = supply.new_deck(random.Random(1))
    assert len(deck) == 40
    assert set(Counter(deck).values()) == {5} and len(set(deck)) == 8


def test_end_of_round_draws_in_seat_order_by_the_tier():
    sup = supply.supply_state(2, ["a", "b", "c", "d", "e"], False)
    counts, note = supply.end_of_round_draw(sup, 2, [0, 1], random.Random(1))
    assert counts == {0: 2, 1: 2} and note == ""
    assert sup["hands"] == [["a", "b"], ["c", "d"]] and sup["deck"] == ["e"]


def test_too_few_cards_shuffle_the_played_ones_in_once_and_the_deck_leaves():
    sup = supply.supply_state(2, ["a"], False)
    sup["discard"] = ["x", "y", "z"]
    counts, note = supply.end_of_round_draw(sup, 2, [0, 1], random.Random(1))
    assert counts == {0: 2, 1: 2}
    assert sorted(sup["hands"][0] + sup["hands"][1]) == ["a", "x", "y", "z"]
    assert sup["removed"] and sup["deck"] == [] and "leaves the game" in note
    assert supply.end_of_round_draw(sup, 2, [0, 1], random.Random(1))[0] == {0: 0, 1: 0}


def test_an_empty_deck_draws_nothing_without_the_big_game_reshuffle():
    sup = supply.supply_state(2, [], False)
    sup["discard"] = ["x", "y"]
    assert supply.end_of_round_draw(sup, 1, [0, 1], random.Random(1))[0] == {0: 0, 1: 0}


def test_at_10000_points_the_played_cards_are_reshuffled_once_and_play_goes_on():
    sup = supply.supply_state(2, ["a"], True)
    sup["discard"] = ["w", "x", "y", "z"]
    counts, _ = supply.end_of_round_draw(sup, 2, [0, 1], random.Random(1))
    assert counts == {0: 2, 1: 2} and len(sup["deck"]) == 1 and not sup["removed"]
    sup["discard"] = ["p", "q"]
    counts, _ = supply.end_of_round_draw(sup, 2, [0, 1], random.Random(1))
    assert counts == {0: 1, 1: 0}  # the second shortfall: what is left, and that is it
    assert sup["discard"] == ["p", "q"]


def test_points_pay_costs_expire_and_landing_points_only_deploy_or_fly():
    sup = supply.supply_state(2, ["more-fuel"], False)
    supply.draw(sup, 0, 1)
    assert supply.play_for_points(sup, 0, "more-fuel") == 3
    sup["landing"][0] = 3
    with pytest.raises(RuleError):
        supply.spend(sup, 0, 4, "repair")  # landing points do not repair Titans
    supply.spend(sup, 0, 5, "deploy")  # 3 landing + 2 free
    assert sup["points"][0] == 1 and sup["landing"][0] == 0
    assert supply.expire(sup, 0) == 1 and sup["points"][0] == 0


# --- the alternate uses, through the engine --------------------------------------------------


def give(state: dict, seat: int, *cards: str) -> dict:
    for card in cards:
        state["supply"]["deck"].remove(card)
        state["supply"]["hands"][seat].append(card)
    return state


@pytest.fixture
def battle() -> dict:
    body = army("maker-rifle-company", "maker-rifle-company", "foundry-titan")
    state = start(body, body)
    return to_battle(
        state,
        [
            (0, "Maker Rifle Company", {"maker_weapon": "anti-tank"}),
            (1, "Maker Rifle Company", {"maker_weapon": "anti-tank"}),
        ],
    )


def mule(state: dict, seat: int) -> str:
    f = get(state, fid(state, seat, "Maker Rifle Company"))
    return next(u["id"] for u in f["units"] if u["slug"] == "mule-carrier")


def shoot_once(state: dict, rolls: list[int]) -> tuple[dict, list]:
    target = fid(state, 1, "Maker Rifle Company")
    return act(
        state,
        0,
        {
            "type": "shoot",
            "target": target,
            "distance": 30,
            "rolls": rolls,
            "hit_order": [mule(state, 1)],
        },
    )


def activated(state: dict, order: str = "advance") -> dict:
    state, _ = act(
        state,
        0,
        {"type": "activate", "formation": fid(state, 0, "Maker Rifle Company"), "order": order},
    )
    return state


def test_lucky_shot_kills_the_unit_the_last_hit_wounded(battle):
    state = activated(give(battle, 0, "lucky-shot"))
    dice = get(state, fid(state, 0, "Maker Rifle Company"))
    assert sum(u["fire_power"] for u in dice["units"]) == 13  # 1 + 6 rifles + 2x2 + 2 mules
    state, _ = shoot_once(state, [5] + [2] * 12)
    target = get(state, fid(state, 1, "Maker Rifle Company"))
    assert target["turn_hits"] == {mule(state, 1): 1} and target["impact_tokens"] == 0
    state, events = act(state, 0, {"type": "play-card", "card": "lucky-shot", "use": "effect"})
    target = get(state, fid(state, 1, "Maker Rifle Company"))
    assert not next(u for u in target["units"] if u["id"] == mule(state, 1))["alive"]
    assert target["impact_tokens"] == 1
    assert "lucky-shot" in state["supply"]["discard"]


def test_lucky_shot_needs_a_wounded_unit(battle):
    state = activated(give(battle, 0, "lucky-shot"))
    state, _ = shoot_once(state, [2] * 13)
    with pytest.raises(RuleError):
        act(state, 0, {"type": "play-card", "card": "lucky-shot", "use": "effect"})


def test_reinforcements_let_a_scattered_formation_regroup(battle):
    state = give(battle, 0, "reinforcements")
    mine = fid(state, 0, "Maker Rifle Company")
    get(state, mine)["stance"] = "scatter"
    get(state, mine)["impact_tokens"] = 3
    with pytest.raises(RuleError) as refused:
        act(state, 0, {"type": "activate", "formation": mine, "order": "regroup"})
    assert "order" in refused.value.errors
    state, _ = act(
        state,
        0,
        {"type": "play-card", "card": "reinforcements", "use": "effect", "formation": mine},
    )
    state, _ = act(state, 0, {"type": "activate", "formation": mine, "order": "regroup"})
    f = get(state, mine)
    assert f["stance"] is None and f["impact_tokens"] == 1  # half of 3, rounded up, shed


def test_shock_and_awe_makes_an_enemy_check_its_morale(battle):
    state = activated(give(battle, 0, "shock-and-awe"))
    enemy = fid(state, 1, "Maker Rifle Company")
    get(state, enemy)["impact_tokens"] = 12  # 2d6 can never beat 12
    state, events = act(
        state,
        0,
        {"type": "play-card", "card": "shock-and-awe", "use": "effect", "formation": enemy},
    )
    assert get(state, enemy)["stance"] == "scatter"
    assert any(e["type"] == "moral-check" for e in events)


def test_more_fuel_gives_a_second_activation_this_turn(battle):
    state = activated(give(battle, 0, "more-fuel", "lucky-shot"))
    titan = fid(state, 0, "Foundry Titan")
    state, _ = act(state, 0, {"type": "play-card", "card": "lucky-shot", "use": "points"})
    with pytest.raises(RuleError):  # the turn's one activation is used
        act(state, 0, {"type": "deploy", "formation": titan})
    state, _ = act(state, 0, {"type": "play-card", "card": "more-fuel", "use": "effect"})
    state, _ = act(state, 0, {"type": "deploy", "formation": titan})
    state, _ = act(state, 0, {"type": "activate", "formation": titan, "order": "advance"})
    assert state["turn"]["activations"] == 2 and get(state, titan)["activated"]
    assert state["supply"]["points"][0] == 1  # 2 from the card, 1 paid for the Titan


def test_more_ammunition_rolls_the_salvo_again_and_the_new_roll_stands(battle):
    state = activated(give(battle, 0, "more-ammunition"))
    before = state
    state, _ = shoot_once(state, [1] * 13)
    assert get(state, fid(state, 1, "Maker Rifle Company"))["impact_tokens"] == 0
    state, _ = act(
        state,
        0,
        {"type": "play-card", "card": "more-ammunition", "use": "effect", "rolls": [5] * 13},
    )
    direct, _ = shoot_once(before, [5] * 13)
    assert get(state, fid(state, 1, "Maker Rifle Company")) == get(
        direct, fid(direct, 1, "Maker Rifle Company")
    )
    assert state["destroyed"] == direct["destroyed"]


def test_orbital_barrage_fires_three_plus_the_supply_spent_instead_of_an_activation(battle):
    state = give(battle, 0, "orbital-barrage", "lucky-shot")
    state, _ = act(state, 0, {"type": "play-card", "card": "lucky-shot", "use": "points"})
    enemy = fid(state, 1, "Maker Rifle Company")
    state, events = act(
        state,
        0,
        {
            "type": "play-card",
            "card": "orbital-barrage",
            "use": "effect",
            "target": enemy,
            "supply_points": 2,
            "rolls": [5] * 5,
        },
    )
    assert state["turn"]["activations"] == 1 and state["supply"]["points"][0] == 0
    f = get(state, enemy)
    assert sum(not u["alive"] for u in f["units"]) == 5 and f["impact_tokens"] == 5
    with pytest.raises(RuleError):  # five dice were rolled: four faces are refused
        act(
            give(battle, 0, "orbital-barrage"),
            0,
            {
                "type": "play-card",
                "card": "orbital-barrage",
                "use": "effect",
                "target": enemy,
                "rolls": [5] * 4,
            },
        )


@pytest.mark.parametrize(
    ("card", "stat", "plus"), [("second-wind", "armor", 3), ("against-all-odds", "melee", 2)]
)
def test_hero_cards_last_until_the_end_of_the_turn(battle, card, stat, plus):
    state = activated(give(battle, 0, card))
    mine = fid(state, 0, "Maker Rifle Company")
    hero = next(u for u in get(state, mine)["units"] if "hero" in u["traits"])
    state, _ = act(
        state,
        0,
        {"type": "play-card", "card": card, "use": "effect", "formation": mine, "unit": hero["id"]},
    )
    boosted = next(u for u in get(state, mine)["units"] if u["id"] == hero["id"])
    assert boosted[stat] == hero[stat] + plus
    state, _ = act(state, 0, {"type": "end-turn"})
    assert next(u for u in get(state, mine)["units"] if u["id"] == hero["id"])[stat] == hero[stat]


def test_a_card_played_for_points_gives_its_value_and_they_expire(battle):
    state = give(battle, 0, "more-fuel")
    state, _ = act(state, 0, {"type": "play-card", "card": "more-fuel", "use": "points"})
    assert state["supply"]["points"][0] == 3
    state = activated(state)
    state, events = act(state, 0, {"type": "end-turn"})
    assert state["supply"]["points"][0] == 0 and any("expire" in e["text"] for e in events)


def test_nobody_plays_a_card_they_do_not_hold(battle):
    with pytest.raises(RuleError):
        act(battle, 0, {"type": "play-card", "card": "more-fuel", "use": "points"})
    assert ENGINE.player_view(battle, 1)["hands"].get("0") is None


def test_more_ammunition_refights_a_close_combat_with_its_joined_formations():
    from tests.games.maker_war.test_engine import battle as full_battle

    state = full_battle()
    state, _ = act(
        state,
        0,
        {"type": "activate", "formation": fid(state, 0, "Foundry Titan"), "order": "patrol"},
    )
    state, _ = act(state, 0, {"type": "end-turn"})
    attacker, titan = fid(state, 1, "Maker Rifle Company"), fid(state, 1, "Foundry Titan")
    state, _ = act(
        give(state, 1, "more-ammunition"),
        1,
        {"type": "activate", "formation": attacker, "order": "assault"},
    )
    before = state
    fight = {
        "type": "close-combat",
        "defenders": [fid(state, 0, "Maker Rifle Company")],
        "attackers": [titan],
        "join": [titan],
    }
    misses = {"attackers": [1] * 11, "defenders": [2] * 8}  # 8 melee + the Titan's 3
    hits = {"attackers": [5] * 11, "defenders": [2] * 8}
    state, _ = act(state, 1, {**fight, "rolls": misses})
    state, events = act(
        state, 1, {"type": "play-card", "card": "more-ammunition", "use": "effect", "rolls": hits}
    )
    direct, _ = act(before, 1, {**fight, "rolls": hits})
    assert "11 melee dice" in " ".join(" ".join([e["text"], *e.get("details", [])]) for e in events)
    assert state["formations"] == direct["formations"] and state["destroyed"] == direct["destroyed"]
