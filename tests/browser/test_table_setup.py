"""Opening a table with a saved list: the "Bring a saved list" menu offers only the
chosen game's lists and follows the game menu as it changes (it once listed every game's
lists, and a list of another game was silently ignored)."""

import pytest
from django.contrib.auth import get_user_model

from armies.models import SavedList
from catalog.models import Game
from tests.browser.test_army_builder import sign_up

pytestmark = pytest.mark.browser


def offered(page) -> list[str]:
    return page.eval_on_selector_all(
        "select[name=list] option", "os => os.filter(o => !o.hidden).map(o => o.textContent)"
    )


def test_bring_a_saved_list_offers_only_the_chosen_games_lists(page, live_server):
    base = live_server.url
    sign_up(page, base, "lister")
    owner = get_user_model().objects.get(username="lister")
    for slug, name in (("little-game", "Pike wall"), ("smalltricks", "Rolled crew")):
        SavedList.objects.create(game=Game.objects.get(slug=slug), owner=owner, name=name, body={})
    page.goto(f"{base}/tables/")

    page.select_option("select[name=game]", "little-game")
    assert offered(page) == ["none", "Pike wall"]
    page.select_option("select[name=list]", label="Pike wall")

    page.select_option("select[name=game]", "smalltricks")
    assert offered(page) == ["none", "Rolled crew"]
    assert page.input_value("select[name=list]") == ""  # the other game's list is let go
    assert not page.is_visible(".list-none")

    page.select_option("select[name=game]", "maker-war")
    assert offered(page) == ["none"]
    assert page.is_visible(".list-none")  # says why the menu is empty
