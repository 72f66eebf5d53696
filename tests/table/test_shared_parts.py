"""``{% shared %}``: the parts of a table page that every seat sees alike are rendered once
per change, and a page rendered that way is the very page rendered on its own, for every
game, every seat and the public board, through a game played at random."""

from __future__ import annotations

import contextlib
import random

import pytest
from django.template import Context, Template, TemplateSyntaxError

from catalog.models import Game
from companion.games.base import RuleError
from companion.games.registry import all_games
from companion.table import broadcast, selectors, services
from companion.table.models import Table
from tests.games.test_random_play import completer


def _views(table: Table) -> dict[str, dict]:
    table = Table.objects.select_related("game", "host").get(pk=table.pk)
    rows = selectors.seats_for_views(table)
    keys = {selectors.PUBLIC} | {str(s.number) for s in rows}
    return selectors.views_by_seat(table, seat_rows=rows, keys=keys)


@pytest.mark.django_db
@pytest.mark.parametrize("slug", sorted(all_games()))
def test_pages_with_shared_parts_are_the_pages_rendered_alone(slug, user):
    table = _started(Game.objects.get(slug=slug), user)
    complete = completer(all_games()[slug])
    rng = random.Random(7)
    for step in range(40):
        views = _views(table)
        memo: dict = {}
        together = {k: broadcast.encoded(v, memo).page for k, v in views.items()}
        alone = {k: broadcast.encoded(v).page for k, v in views.items()}
        assert together == alone, f"{slug} at step {step}"
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


def test_a_shared_part_sees_only_the_names_it_is_given():
    page = Template(
        "{% load table_tags %}{% shared chart=t.chart %}{{ chart.x }}/{{ t.me }}{% endshared %}"
    )
    memo: dict = {}
    first = page.render(Context({"t": {"chart": {"x": 1}, "me": 0}, "shared_memo": memo}))
    second = page.render(Context({"t": {"chart": {"x": 1}, "me": 1}, "shared_memo": memo}))
    third = page.render(Context({"t": {"chart": {"x": 2}, "me": 1}, "shared_memo": memo}))
    assert (first, second, third) == ("1/", "1/", "2/")
    assert len(memo) == 2


def test_a_shared_part_takes_only_named_values():
    with pytest.raises(TemplateSyntaxError):
        Template("{% load table_tags %}{% shared t.chart %}{% endshared %}")
