"""A seat that leaves mid-game, and the host ending a game: the framework's own moves
(``leave``, ``end``), taken by the table, as every game declares (``seat_leaving``) and
carries out. Generated from the registry for what all games share, then worked by hand
per game from its rules: a two-player game ends with the other winning, Missiles &
Microchips plays on without the seat, a Maker-War teammate takes the army on."""

from __future__ import annotations

import json
import random

import pytest

from companion.games.base import GameSystem, RuleError, SeatLeaving
from companion.games.missiles_and_microchips.engine import ENGINE as MM
from companion.games.registry import all_games, get_game
from companion.games.table import END, LEAVE, Seat, action_rng, replay, retell
from tests.games import test_random_play as harness
from tests.games.maker_war.table_fixtures import army, fid, get
from tests.games.maker_war.table_fixtures import start as maker_war_start
from tests.games.missiles_and_microchips.table_fixtures import A, B, C, D, energies, new_game

ENGINE_GAMES = [g for g in all_games().values() if g.capabilities.engine is not None]
DECLARED = {
    "little-game": SeatLeaving.CONCEDE,
    "micro-and-macro": SeatLeaving.CONCEDE,
    "smalltricks": SeatLeaving.CONCEDE,
    "missiles-and-microchips": SeatLeaving.ELIMINATED,
    "maker-war": SeatLeaving.TEAMMATE,
}


def leave(seat: int, how: SeatLeaving | str) -> dict:
    return {"type": LEAVE, "seat": seat, "as": str(how)}


def dealt(game: GameSystem) -> tuple[list[Seat], dict]:
    seats, options, seed, state = harness.deal(game, 0)
    return seats, state


@pytest.fixture(params=ENGINE_GAMES, ids=lambda g: g.slug)
def game(request) -> GameSystem:
    return request.param


# --- every game -----------------------------------------------------------------------


def test_every_game_declares_how_a_seat_leaves_from_its_rules(game):
    assert isinstance(game.seat_leaving, SeatLeaving)
    assert game.seat_leaving == DECLARED[game.slug]


def test_a_seat_that_leaves_is_waited_for_no_more_and_may_not_act(game):
    engine = game.table_engine()
    seats, state = dealt(game)
    offered = engine.legal_actions(state, 0)
    out = engine.apply(state, None, leave(0, game.seat_leaving), action_rng("s", 1))
    after = out.state
    assert out.events[0]["type"] == LEAVE and out.events[0]["seat"] == 0
    assert out.is_barrier, "nobody takes back a player's leaving"
    assert engine.left_seats(after) == [0]
    assert 0 not in engine.awaiting(after) and engine.legal_actions(after, 0) == []
    assert json.loads(json.dumps(after)) == after
    for action in offered:  # whatever it was offered before is refused now
        with pytest.raises(RuleError):
            engine.apply(after, 0, action, action_rng("s", 2))
    assert engine.is_over(after) or any(engine.awaiting(after) or [None])
    assert json.loads(json.dumps(state)) == state  # the state given is left as it was


def test_the_leave_replays_from_the_log(game):
    engine = game.table_engine()
    seats, state = dealt(game)
    log = [(1, None, leave(0, game.seat_leaving))]
    after = engine.apply(state, None, log[0][2], action_rng("seed", 1)).state
    folded = replay(engine, seats, engine.OPTIONS, "seed", log)
    again = engine.initial_state(seats, engine.OPTIONS, action_rng("seed", 0))
    assert folded == engine.apply(again, None, log[0][2], action_rng("seed", 1)).state
    assert engine.left_seats(folded) == engine.left_seats(after)


def test_the_host_ends_any_game_and_nobody_wins(game):
    engine = game.table_engine()
    _, state = dealt(game)
    out = engine.apply(state, None, {"type": END}, action_rng("s", 1))
    assert engine.is_over(out.state) and engine.awaiting(out.state) == []
    first = out.events[0]
    assert (first["type"], first["text"], first["barrier"]) == (
        END,
        "The host ended the game.",
        True,
    )
    view = engine.player_view(out.state, None)
    assert json.loads(json.dumps(view)) == view


def test_only_the_table_takes_its_own_moves(game):
    engine = game.table_engine()
    _, state = dealt(game)
    for action in (leave(1, game.seat_leaving), {"type": END}):
        with pytest.raises(RuleError) as refused:
            engine.apply(state, 0, action, action_rng("s", 1))
        assert refused.value.errors == {"seat": "Only the table itself does this."}


def test_a_seat_leaves_once_and_only_as_a_known_way(game):
    engine = game.table_engine()
    _, state = dealt(game)
    with pytest.raises(RuleError) as refused:
        engine.apply(state, None, leave(0, "vanish"), action_rng("s", 1))
    assert "as" in refused.value.errors
    with pytest.raises(RuleError):
        engine.apply(state, None, leave(99, game.seat_leaving), action_rng("s", 1))
    after = engine.apply(state, None, leave(0, game.seat_leaving), action_rng("s", 1)).state
    if not engine.is_over(after):
        with pytest.raises(RuleError):
            engine.apply(after, None, leave(0, game.seat_leaving), action_rng("s", 2))


@pytest.mark.parametrize("slug", ["little-game", "micro-and-macro", "smalltricks"])
def test_in_a_two_player_game_the_other_wins(slug):
    game = get_game(slug)
    engine = game.table_engine()
    _, state = dealt(game)
    out = engine.apply(state, None, leave(1, game.seat_leaving), action_rng("s", 1))
    assert engine.is_over(out.state)
    texts = " ".join(e["text"] for e in out.events)
    assert "Player 1 has left the table." in texts and "Player 0 wins" in texts


# --- Smalltricks ----------------------------------------------------------------------


def test_smalltricks_a_leaving_player_loses_a_match_the_score_would_draw():
    game = get_game("smalltricks")
    engine = game.table_engine()
    _, state = dealt(game)
    state["options"]["match"] = "best-of-3"
    state["match"].update(score=[1, 0], draws=1, games=[{}, {}])  # game 3 decides
    out = engine.apply(state, None, leave(0, SeatLeaving.CONCEDE), action_rng("s", 1))
    assert out.state["match"]["over"] and out.state["match"]["winner"] == 1
    assert out.state["phase"] == "match-over"
    assert out.events[-1]["text"] == "Player 1 wins the match: Player 0 left the table."


# --- Missiles & Microchips ------------------------------------------------------------


def mm(state: dict, seat: int | None, action: dict) -> tuple[dict, list[dict]]:
    out = MM.apply(state, seat, action, random.Random(0))
    return out.state, out.events


def test_mm_a_round_goes_on_when_the_last_seat_to_choose_leaves():
    state = new_game(3)
    state, _ = mm(state, B, {"type": "choose", "target": C, "action": "charge"})
    state, _ = mm(state, C, {"type": "choose", "target": B, "action": "attack"})
    assert A in MM.awaiting(state)
    state, events = mm(state, None, leave(A, SeatLeaving.ELIMINATED))
    assert [e["type"] for e in events] == [LEAVE, "aim"]
    assert state["phase"] == "change" and state["turn"] == B  # the start player left
    assert MM.awaiting(state) == [B]
    state, _ = mm(state, B, {"type": "pass"})
    state, events = mm(state, C, {"type": "pass"})
    assert state["round"] == 2 and state["duel"] and energies(state)[1:] == [4, 5]
    assert not state["players"][A]["alive"] and MM.awaiting(state) == [B, C]


def test_mm_a_card_aimed_at_a_seat_that_left_meets_no_card():
    state = new_game(4)
    state, _ = mm(state, A, {"type": "choose", "target": D, "action": "attack"})
    state, _ = mm(state, B, {"type": "choose", "target": D, "action": "charge"})
    state, _ = mm(state, C, {"type": "choose", "target": A, "action": "block"})
    state, _ = mm(state, D, {"type": "choose", "target": A, "action": "attack"})
    assert state["phase"] == "change"
    state, _ = mm(state, None, leave(D, SeatLeaving.ELIMINATED))
    while state["phase"] == "change":
        state, events = mm(state, state["turn"], {"type": "pass"})
    lines = next(e for e in events if e["type"] == "summary")["lines"]
    assert "Crimson Core attacks Verdant Grid, which has left the game: no damage" in lines
    assert energies(state) == [5, 6, 5, 0] and state["round"] == 2


def test_mm_the_turn_to_change_passes_on_when_its_seat_leaves():
    state = new_game(4)
    for seat, target in ((A, B), (B, C), (C, D), (D, A)):
        state, _ = mm(state, seat, {"type": "choose", "target": target, "action": "charge"})
    state, _ = mm(state, A, {"type": "pass"})
    assert state["turn"] == B
    state, _ = mm(state, None, leave(B, SeatLeaving.ELIMINATED))
    assert state["turn"] == C and MM.awaiting(state) == [C]


def test_mm_in_a_duel_the_one_left_wins_at_once():
    state = new_game(3)
    state, _ = mm(state, None, leave(C, SeatLeaving.ELIMINATED))
    state, events = mm(state, None, leave(B, SeatLeaving.ELIMINATED))
    assert state["phase"] == "over" and state["winners"] == [A]
    assert state["ending"] == "last-computer-standing"
    log = MM.visible_log(events, A)
    assert [entry["lines"] for entry in log] == [
        ["Ember Engine (Player 1) has left the table."],
        ["Last Computer Standing: Crimson Core wins"],
    ]


def test_mm_the_host_ending_the_game_is_no_win():
    state, events = mm(new_game(3), None, {"type": END})
    assert state["ending"] == "ended-by-host" and state["winners"] == []
    assert MM.visible_log(events, None)[0]["lines"] == ["The host ended the game."]


# --- Maker-War ------------------------------------------------------------------------


def four_seats() -> dict:
    body = army("maker-rifle-company", "maker-rifle-company")
    return maker_war_start(body, body, body, body, sides="1122", ignore_setup_guidelines=True)


def mw(state: dict, seat: int | None, action: dict) -> tuple[dict, list[dict]]:
    engine = get_game("maker-war").table_engine()
    out = engine.apply(state, seat, action, random.Random(3))
    return out.state, out.events


def test_maker_war_a_teammate_takes_the_army_on():
    state = four_seats()
    ada_first = fid(state, 0, "Maker Rifle Company")
    state["supply"]["hands"][0] = ["a", "b"]
    state["energy"][0] = 2
    state, events = mw(state, None, leave(0, SeatLeaving.TEAMMATE))
    assert events[1]["text"] == "Ben takes over Ada's army."
    assert get(state, ada_first)["seat"] == 1 and get(state, ada_first)["faction"]
    assert not [f for f in state["formations"] if f["seat"] == 0]
    assert state["supply"]["hands"][1][-2:] == ["a", "b"] and state["supply"]["hands"][0] == []
    assert state["energy"][:2] == [0, 2]
    assert state["phase"] == "setup" and state["result"] is None


def test_maker_war_the_deployment_turn_passes_on():
    state = four_seats()
    state, _ = mw(state, None, {"type": "begin-deployment"})
    assert state["deploy_turn"] == 0
    state, _ = mw(state, None, leave(0, SeatLeaving.TEAMMATE))
    assert state["deploy_turn"] == 1 and 0 in state["deploy_passed"]
    assert 0 not in get_game("maker-war").table_engine().awaiting(state)


def test_maker_war_a_side_with_nobody_left_surrenders():
    state = four_seats()
    state, _ = mw(state, None, leave(2, SeatLeaving.TEAMMATE))
    state, events = mw(state, None, leave(3, SeatLeaving.TEAMMATE))
    assert state["phase"] == "over" and state["result"]["winner_side"] == 0
    assert events[-1]["text"] == "Dee left the table and side 2 with it: side 1 (Ada, Ben) wins."


@pytest.mark.parametrize("seed", harness.LEAVE_SEEDS)
def test_maker_war_plays_on_at_random_after_a_teammate_left(seed, monkeypatch):
    """The harness's checks across a leave where a teammate plays on (its own deal has two
    seats: the example lists of four break the setup table's guidelines)."""
    game = get_game("maker-war")
    engine = game.table_engine()
    seats = harness.seats_of(game, 4)
    options = {**engine.OPTIONS, "sides": "1212", "ignore_setup_guidelines": True}
    table_seed = f"random-play-{seed}"
    state = engine.initial_state(seats, options, action_rng(table_seed, 0))
    monkeypatch.setattr(harness, "deal", lambda g, s: (seats, options, table_seed, state))
    played = harness.play(game, seed)
    assert not played.stuck and any(a["type"] == LEAVE for _, _, a in played.log)
    assert replay(engine, seats, options, table_seed, played.log) == played.state


# --- telling the log again ------------------------------------------------------------


def test_retelling_a_log_renames_its_events_and_keeps_its_undos():
    game = get_game("little-game")
    engine = game.table_engine()
    seats = harness.seats_of(game, 2)
    seed, options = "retell", dict(engine.OPTIONS)
    state = engine.initial_state(seats, options, action_rng(seed, 0))
    card = engine.legal_actions(state, 0)[0]
    log = [(1, 0, card)]
    undos = {2: 1}  # seat 0 took its card back
    other = engine.legal_actions(state, 0)[1]
    log += [(3, 0, other), (4, 1, engine.legal_actions(state, 1)[0])]
    renamed = [Seat(0, "deleted player", seats[0].list_body), seats[1]]
    dealt_events, told, now = retell(engine, renamed, options, seed, log, undos)
    assert set(told) == {1, 3, 4}
    assert told[1][0]["text"] == "deleted player has chosen a card."
    assert "Player 0" not in json.dumps([dealt_events, told, now])
    standing = [entry for entry in log if entry[0] != 1]
    assert now == replay(engine, renamed, options, seed, standing)
    assert now["names"] == ["deleted player", "Player 1"]
