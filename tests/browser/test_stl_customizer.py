"""In a real browser, the 3D customizer: change a template, see the preview change, turn the
3D view, and download the STL that matches the settings."""

from __future__ import annotations

import numpy as np
import pytest
import trimesh

from printing.stl import checks, upload_check

pytestmark = pytest.mark.browser


def test_customise_a_template_and_download_its_stl(page, live_server, tmp_path):
    page.goto(f"{live_server.url}/3d/maker-war/template/")
    thumb = page.locator("[data-testid=thumbnail]")
    viewer = page.locator("[data-testid=viewer]")
    page.wait_for_function(
        "['ready', 'no-webgl'].includes(document.querySelector('#stl-view').dataset.state)"
    )
    first_thumb = thumb.get_attribute("src")
    assert "50.0 x 50.0" in page.inner_text("#stl-stats")

    page.select_option("select[name=diameter]", "150")
    page.select_option("select[name=style]", "disc")
    page.wait_for_function(
        "document.querySelector('#stl-stats').innerText.includes('150.0 x 150.0')"
    )
    page.wait_for_function("document.querySelector('#stl-form').dataset.state === 'ready'")
    assert thumb.get_attribute("src") != first_thumb
    assert "Closed surface." in page.inner_text("[data-testid=findings]")
    if viewer.get_attribute("data-state") != "no-webgl":
        page.wait_for_function(
            "document.querySelector('#stl-view').dataset.size === '150.0x150.0x2.0'"
        )
        box = viewer.bounding_box()
        page.mouse.move(box["x"] + 50, box["y"] + 50)
        page.mouse.down()
        page.mouse.move(box["x"] + 150, box["y"] + 90)
        page.mouse.up()

    page.fill("#p-thickness", "3")
    page.wait_for_function("document.querySelector('#stl-stats').innerText.includes('x 3.0 mm')")
    with page.expect_download() as info:
        page.click("[data-testid=download]")
    path = tmp_path / "template.stl"
    info.value.save_as(path)
    _, tris = upload_check.parse(path.read_bytes())
    mesh = trimesh.Trimesh(tris.reshape(-1, 3), np.arange(len(tris) * 3).reshape(-1, 3))
    assert mesh.extents == pytest.approx((150, 150, 3), abs=0.01)
    assert checks.check(mesh).ok
    page.screenshot(path="/tmp/muster-stl-customizer.png", full_page=True)


def test_a_bad_value_shows_beside_its_field(page, live_server):
    page.goto(f"{live_server.url}/3d/smalltricks/unit-token/")
    page.fill("#p-face", "9")
    page.wait_for_selector("[data-error-for=face]:text('Must be at most 6.')")


def test_from_a_unit_print_a_proxy_of_it_with_only_its_types_fields(page, live_server):
    from catalog.models import Entry

    tank = Entry.objects.official().get(game__slug="maker-war", kind="unit", name="Bulwark Tank")
    page.goto(f"{live_server.url}{tank.get_absolute_url()}")
    page.click("text=3D designs for Bulwark Tank")
    page.click("[data-testid=print-proxy]")
    page.wait_for_selector("h1:text('Proxy miniature of Bulwark Tank')")
    assert page.input_value("select[name=type]") == "tank"
    assert page.is_visible("#p-turret") and page.is_visible("#p-barrel_length")
    for hidden in ("#p-height", "#p-wingspan", "#p-figures"):
        assert not page.is_visible(hidden), hidden
    page.wait_for_function(
        "['ready', 'no-webgl'].includes(document.querySelector('#stl-view').dataset.state)"
    )
    page.select_option("select[name=type]", "titan")
    page.wait_for_selector("#p-height", state="visible")
    assert not page.is_visible("#p-turret")
    page.wait_for_function("document.querySelector('#stl-form').dataset.state === 'ready'")
    assert "for=" in page.url  # the page still names the unit after a change
    page.screenshot(path="/tmp/muster-stl-proxy.png", full_page=True)
