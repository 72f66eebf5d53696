"""What each seat sees (``view``): face-down cards stay secret until their reveal, the energy
chart, and the log of round summaries."""

from __future__ import annotations

import copy
import json

from companion.games.missiles_and_microchips.engine import ENGINE
from tests.games.missiles_and_microchips.table_fixtures import (
    RNG,
    A,
    B,
    C,
    D,
    act,
    new_game,
    play_round,
)


def test_choices_stay_secret_until_the_aim_reveal():
    state = act(new_game(4), A, {"type": "choose", "target": B, "action": "attack"})
    state = act(state, A, {"type": "choose", "target": C, "action": "block"})  # chose again
    assert state["players"][A]["choice"] == {"target": C, "action": "block"}
    for seat in (None, B, C, D):
        view = ENGINE.player_view(state, seat)
        assert view["players"][A]["chosen"] is True
        assert view["players"][A]["target"] is None
        assert "choice" not in view["players"][A]
        assert "block" not in json.dumps(view)
    assert ENGINE.player_view(state, A)["players"][A]["choice"] == {"target": C, "action": "block"}
    state = act(state, B, {"type": "choose", "target": A, "action": "charge"})
    state = act(state, C, {"type": "choose", "target": A, "action": "charge"})
    outcome = ENGINE.apply(state, D, {"type": "choose", "target": A, "action": "attack"}, RNG)
    assert outcome.state["phase"] == "change" and outcome.state["turn"] == A
    aim = outcome.events[-1]
    assert aim["type"] == "aim" and aim["barrier"] is True
    view = ENGINE.player_view(outcome.state, B)
    assert [p["target"] for p in view["players"]] == [C, A, A, A]
    assert "attack" not in json.dumps(view) and "block" not in json.dumps(view)


def test_public_view_has_the_energy_chart_and_the_log_the_round_summaries():
    state, events = play_round(
        new_game(4), {A: (B, "charge"), B: (D, "charge"), C: (B, "attack"), D: (C, "block")}
    )
    assert "log" not in state and "history" not in state
    assert state["energy_by_round"] == [[5, 5, 5, 5], [7, 4, 5, 5]]
    view = ENGINE.player_view(state, None)
    chart = view["energy_chart"]
    assert chart["steps"] == [0, 1] and chart["top"] == 10
    assert [(s["name"], s["values"]) for s in chart["series"]] == [
        ("Crimson Core", [5, 7]),
        ("Ember Engine", [5, 4]),
        ("Solar Lattice", [5, 5]),
        ("Verdant Grid", [5, 5]),
    ]
    assert len({s["colour"] for s in chart["series"]}) == 4
    log = ENGINE.visible_log(events, None)
    assert [entry["type"] for entry in log] == ["summary"]
    assert log == ENGINE.visible_log(events, A)  # a played round is public
    assert log[0]["round"] == 1 and log[0]["energy"] == [7, 4, 5, 5]
    assert log[0]["plays"][2] == {
        "seat": C,
        "target": B,
        "action": "attack",
        "changed": False,
    }
    assert "Solar Lattice attacks Ember Engine: 1 damage" in log[0]["lines"]
    assert "The start token passes to Ember Engine" not in log[0]["lines"]
    assert [p["start"] for p in view["players"]] == [False, True, False, False]
    assert view["you"] is None and all("choice" not in p for p in view["players"])


def test_only_the_public_keys_and_what_the_view_adds_reach_another_seat():
    """The players (their face-down choices) are not ``PUBLIC``: every other seat's view,
    and the public one, are the same whatever A chose, and a state key nobody declared
    never reaches a device."""
    state = act(new_game(4), A, {"type": "choose", "target": B, "action": "attack"})
    assert "players" not in ENGINE.PUBLIC
    other = copy.deepcopy(state)
    other["players"][A]["choice"] = {"target": C, "action": "block"}
    other["undeclared"] = "a-probe"
    for seat in (None, B, C, D):
        view = ENGINE.player_view(other, seat)
        assert view == ENGINE.player_view(state, seat)
        assert "undeclared" not in view and "a-probe" not in json.dumps(view)
    assert ENGINE.player_view(other, A)["players"][A]["choice"]["action"] == "block"
