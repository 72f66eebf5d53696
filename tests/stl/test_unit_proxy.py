"""From any unit, a proxy of that unit: its designs page offers the customizer prefilled
from the unit's profile (the game's ``models3d.entry_part``), asking only its type's fields."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse

from catalog import services as catalog_services
from catalog.models import Entry, Visibility

pytestmark = pytest.mark.django_db

TANK_ONLY = ("turret", "tracks", "barrels", "barrel_length")
NOT_TANK = ("figures", "hero", "height", "mounts", "weapon_length", "stand_height", "wingspan")


def _unit(name: str) -> Entry:
    return Entry.objects.official().get(game__slug="maker-war", kind="unit", name=name)


def _proxy_link(page: str) -> str:
    found = re.search(r'data-testid="print-proxy" href="([^"]+)"', page)
    assert found, "no proxy link"
    return unescape(found.group(1))


def _param_box(page: str, name: str) -> str:
    """The opening tag of the box that holds parameter ``name``."""
    boxes = re.findall(r'(<div class="stl-param"[^>]*>)\s*<label for="p-([a-z_]+)"', page)
    return next(tag for tag, param in boxes if param == name)


def test_a_units_designs_page_offers_a_proxy_of_that_unit(client, catalogue):
    tank = _unit("Bulwark Tank")
    response = client.get(reverse("stl:entry-designs", args=[tank.pk]), follow=True)
    page = response.content.decode()
    assert "3D designs for Bulwark Tank" in page and "Print a proxy of Bulwark Tank" in page
    link = _proxy_link(page)
    assert link.startswith("/3d/maker-war/proxy/?") and "type=tank" in link
    assert f"for={tank.pk}" in link


def test_the_proxy_opens_prefilled_and_asks_only_its_types_fields(client, catalogue):
    tank = _unit("Bulwark Tank")
    page = client.get(
        _proxy_link(client.get(f"{reverse('stl:designs')}?entry={tank.pk}").content.decode())
    ).content.decode()
    assert "Proxy miniature of Bulwark Tank" in page
    assert '<option value="tank" selected>' in page
    assert f'name="for" value="{tank.pk}"' in page
    for name in TANK_ONLY:
        assert " hidden" not in _param_box(page, name), name
    for name in NOT_TANK:
        assert " hidden" in _param_box(page, name), name
    assert 'data-when="type" data-when-values="titan"' in page  # the script can show it
    assert "Closed surface." in page  # the prefilled proxy was built and checked


def test_a_titan_weapon_has_no_proxy_of_its_own(client, catalogue):
    weapon = Entry.objects.official().filter(game__slug="maker-war", category="weapon").first()
    page = client.get(f"{reverse('stl:designs')}?entry={weapon.pk}").content.decode()
    assert "Print a proxy" not in page and "No uploaded designs yet" in page


def test_a_proxy_names_no_unit_the_viewer_may_not_see(client, catalogue, user, other_user):
    secret = catalog_services.homebrew_create(
        owner=user,
        game=_unit("Bulwark Tank").game,
        kind="unit",
        name="Secret Walker",
        data={"type": "titan", "structure": 8},
        visibility=Visibility.PRIVATE,
    )
    client.force_login(other_user)
    page = client.get(f"/3d/maker-war/proxy/?type=titan&for={secret.pk}").content.decode()
    assert "Secret Walker" not in page
    designs = client.get(f"{reverse('stl:designs')}?entry={secret.pk}").content.decode()
    assert "Secret Walker" not in designs
    client.force_login(user)
    page = client.get(f"{reverse('stl:designs')}?entry={secret.pk}").content.decode()
    assert "Print a proxy of Secret Walker" in page and "type=titan" in page
