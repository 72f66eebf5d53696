"""What a seat is sent of a Micro and Macro table: its own hand and pile, no log (the site
builds that from the stored events), and what a reacting player reacts to."""

from __future__ import annotations

from copy import deepcopy

from companion.games.micro_and_macro.engine import ENGINE
from tests.games.micro_and_macro.table.fixtures import Played, act, markers, start


def test_a_player_sees_their_own_hand_and_pile_and_nobody_sees_a_deck():
    state = markers(start())
    ann, ben, public = (ENGINE.player_view(state, seat) for seat in (0, 1, None))
    assert [c["id"] for c in ann["hand"]] == state["players"][0]["hand"]
    assert [c["id"] for c in ben["pile"]] == state["players"][1]["pile"]
    assert "hand" not in public and "pile" not in public
    assert ann["players"][1]["hand_count"] == 5 and "hand" not in ann["players"][1]
    for view in (ann, ben, public):
        assert "log" not in view and "cards" not in view
        assert all("deck" not in p for p in view["players"])


def test_the_reacting_player_is_told_what_they_react_to():
    state = markers(start())
    state = act(state, 0, {"type": "make-unit", "building": "0c30", "unit": "peasant"})
    told = "Ann makes a Peasant 1 at Royal Keep for 1; it enters at the entry point."
    assert ENGINE.player_view(state, 1)["react"] == {"seat": 1, "to": told}
    # A free action in between does not change what the reaction answers.
    state = act(state, 0, {"type": "resources", "delta": 1})
    assert ENGINE.player_view(state, 1)["react"]["to"] == told


def test_every_event_of_the_log_is_public():
    table = Played.dealt().act(0, {"type": "marker"}).act(1, {"type": "marker"})
    table.act(0, {"type": "play", "card": "0c0"})  # Royal Tax, revealed as it is played
    for seat in (0, 1, None):
        assert ENGINE.visible_log(table.events, seat) == table.events
    texts = [e["text"] for e in table.events]
    assert "Ann draws 1 card." in texts and texts[-1].startswith("Ann gains 3")


def test_only_the_public_keys_and_what_the_view_adds_reach_the_other_player():
    """The players' decks, hands and piles and the cards map are not ``PUBLIC``: Ann's
    view, and the public one, are the same whatever Ben holds, keeps in his pile and has
    left in his deck (counts aside), and a state key nobody declared never reaches a
    device."""
    state = markers(start())
    assert {"players", "cards"}.isdisjoint(ENGINE.PUBLIC)
    other = deepcopy(state)
    ben = other["players"][1]
    ben["hand"], ben["deck"][:5] = ben["deck"][:5], ben["hand"]
    ben["pile"].reverse()
    ben["deck"].reverse()
    other["undeclared"] = "a-probe"
    for seat in (0, None):
        view = ENGINE.player_view(other, seat)
        assert view == ENGINE.player_view(state, seat)
        assert "cards" not in view and "undeclared" not in view and "a-probe" not in str(view)
    assert [c["id"] for c in ENGINE.player_view(other, 1)["hand"]] == ben["hand"]
