"""Every view a game's table can show, drawn on the device as a page draws it: each game
played at random, every seat's view, the spectator's and the public board drawn at every
step without a script error, each drawing of its own seq. A game's module that cannot draw
one of its views would leave a tablet blank in the middle of a game."""

from __future__ import annotations

import contextlib
import random

import pytest

from catalog.models import Game
from companion.games.base import RuleError
from companion.games.registry import all_games
from companion.table import selectors, services
from companion.table.models import Table
from tests.games.test_random_play import completer

pytestmark = [pytest.mark.django_db, pytest.mark.browser]
STEPS = 40


def _views(table: Table) -> dict[str, dict]:
    table = Table.objects.select_related("game", "host").get(pk=table.pk)
    rows = selectors.seats_for_views(table)
    keys = {selectors.PUBLIC} | {str(s.number) for s in rows}
    return selectors.views_by_seat(table, seat_rows=rows, keys=keys)


def _started(game: Game, user) -> Table:
    """A table of four where the game's default set-up allows it, else of the fewest."""
    system = all_games()[game.slug]
    for players in (min(4, system.max_players or 4), system.min_players):
        table = services.table_create(host=user, game=game, name="Ada")
        for name in ("Bea", "Cy", "Dee")[: players - 1]:
            services.seat_join(table=table, name=name)
        try:
            return services.table_start(table=table, by=user)
        except RuleError:
            continue
    raise AssertionError(f"{game.slug}: no table could start")


@pytest.mark.parametrize("slug", sorted(all_games()))
def test_every_view_of_a_game_played_at_random_draws(slug, user, drawn):
    game = Game.objects.get(slug=slug)
    lobby = services.table_create(host=user, game=game, name="Ada")
    lobby_view = selectors.view_for(lobby, None)
    assert 'class="view"' in drawn(lobby_view) and "board-live" in drawn(lobby_view, board=True)
    table = _started(game, user)
    complete = completer(all_games()[slug])
    rng = random.Random(7)
    for step in range(STEPS):
        views = _views(table)
        for key, view in views.items():
            mark = f'data-seq="{view["seq"]}"'
            assert mark in drawn(view), f"{slug} seat {key} at step {step}"
            if key == selectors.PUBLIC:
                assert mark in drawn(view, board=True), f"{slug} board at step {step}"
        offers = [(k, a) for k, v in views.items() for a in v.get("legal_actions") or []]
        if not offers:
            break
        key, template = rng.choice(offers)
        table.refresh_from_db()
        action = complete(table.state, int(key), template, rng)
        with contextlib.suppress(RuleError):  # a refused move changes nothing: draw again
            services.act(
                table=table,
                seat=int(key),
                payload=action,
                client_id=f"c{step}",
                seen_seq=views[key]["seq"],
            )


def test_a_refusal_is_drawn_with_its_field_path(user, drawn):
    table = _started(Game.objects.get(slug="missiles-and-microchips"), user)
    view = selectors.view_for(table, table.seats.get(number=0))
    html = drawn(view, error={"action.target": "Pick a computer still in the game."})
    assert '<ul class="errors" role="alert"><li><code>action.target</code>: Pick a' in html
