"""In a real browser: ask for a deck's print file from its page, watch the progress bar
fill, download the PDF and open it; a job still running updates itself by polling."""

from __future__ import annotations

import io

import pytest
from django.core.files.base import ContentFile
from pypdf import PdfReader

from tests.browser.test_army_builder import sign_up

pytestmark = pytest.mark.browser


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture(autouse=True)
def in_process(jobs_in_process):
    """Jobs run inside the live server even on CI's Redis run."""
    return jobs_in_process


def test_print_a_deck_and_download_the_pdf(page, live_server):
    from django.contrib.auth import get_user_model

    from armies import services
    from catalog.models import Game
    from companion.games.registry import get_game

    base = live_server.url
    sign_up(page, base, "printer")
    owner = get_user_model().objects.get(username="printer")
    deck = services.list_create(
        owner=owner,
        game=Game.objects.get(slug="micro-and-macro"),
        name="Blood rush",
        body=get_game("micro-and-macro").example_list(),
    )
    page.goto(f"{base}{deck.get_absolute_url()}")
    page.click("#print-button")
    page.wait_for_selector("#print-form")
    page.select_option("select[name=what]", "deck.pdf")
    page.select_option("select[name=paper]", "a4")
    page.check("input[name=backs]")
    page.click("#print-start")
    bar = page.locator("[role=progressbar]")
    bar.wait_for()
    page.wait_for_function(
        "() => document.querySelector('[role=progressbar]')"
        ".getAttribute('aria-valuenow') === '100'",
        timeout=60_000,
    )
    assert "Ready: blood-rush-deck.pdf" in page.inner_text("#print-result")
    with page.expect_download() as info:
        page.click("#print-download")
    download = info.value
    assert download.suggested_filename == "blood-rush-deck.pdf"
    with open(download.path(), "rb") as handle:
        pdf = PdfReader(io.BytesIO(handle.read()))
    assert len(pdf.pages) == 10  # 40 cards: 5 fronts, each with its page of backs
    assert "Blood Spire" in "".join(p.extract_text() for p in pdf.pages)


def test_a_running_job_updates_its_progress_bar_by_itself(page, live_server):
    from printing.models import JobStatus, PrintJob

    job = PrintJob.objects.create(
        kind="cards-pdf",
        input_hash="browser",
        status=JobStatus.RUNNING,
        progress=40,
        message="Rendered 4 of 10 parts",
    )
    page.goto(f"{live_server.url}{job.get_absolute_url()}")
    assert page.get_attribute("[role=progressbar]", "aria-valuenow") == "40"
    assert "Rendered 4 of 10 parts" in page.inner_text(".print-message")
    PrintJob.objects.filter(pk=job.pk).update(progress=70, message="Rendered 7 of 10 parts")
    page.wait_for_function(
        "() => document.querySelector('[role=progressbar]').getAttribute('aria-valuenow') === '70'"
    )
    job.file.save("cards.pdf", ContentFile(b"%PDF-1.7 test"), save=False)
    PrintJob.objects.filter(pk=job.pk).update(
        status=JobStatus.DONE,
        progress=100,
        file=job.file.name,
        filename="cards.pdf",
        content_type="application/pdf",
    )
    page.wait_for_selector("#print-download")
    assert page.locator("[role=progressbar]").get_attribute("aria-valuenow") == "100"


def test_a_failed_job_says_why_and_retries(page, live_server):
    from printing.models import JobStatus, PrintJob

    job = PrintJob.objects.create(
        kind="cards-pdf",
        input_hash="browser-failed",
        params={"game": "little-game", "what": "cards", "settings": {}},
        status=JobStatus.FAILED,
        error="The deck names a card Muster does not know: 'x'.",
    )
    page.goto(f"{live_server.url}{job.get_absolute_url()}")
    assert "does not know" in page.inner_text(".print-error")
    page.click("#print-retry")
    page.wait_for_selector("#print-download", timeout=60_000)
    job.refresh_from_db()
    assert job.status == JobStatus.DONE and job.error == ""
