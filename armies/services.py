"""Writes to saved lists: create, save (a new version), restore, copy, import, collection.

Every write validates the list with its game's rules and stores the outcome, but an
illegal list is still saved: players keep drafts. Only a list that cannot be read as the
game's list at all (wrong shape, unknown names) is refused, and then nothing changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import timedelta
from typing import Any

from django.db import models, transaction
from django.utils import timezone

from armies import selectors
from armies.models import CollectionItem, ListVersion, ListVisibility, SavedList
from catalog.models import Game
from companion import json_limits
from companion.body_limits import LIST_BODY_BYTES
from companion.games import list_editing
from companion.games.base import RuleError
from companion.games.building import BuildReport
from companion.games.registry import get_game

DOCUMENT_FORMAT = "muster-list"
DOCUMENT_VERSION = 1
# Edits within this time of the last save update that version instead of adding one, so a
# builder session of many taps makes one version, not hundreds.
COALESCE_EDITS = timedelta(minutes=2)
# Notes are shown under the list and printed on its roster: a page's worth.
MAX_NOTES = 2000
# More models of one unit than any collection holds.
MAX_MODELS = 10_000


def _clean_header(name: str, visibility: str, notes: str | None = None) -> dict[str, str]:
    errors = {}
    if not name or not name.strip():
        errors["name"] = "This field is required."
    elif len(name.strip()) > 120:
        errors["name"] = "At most 120 characters."
    if notes is not None and len(notes) > MAX_NOTES:
        errors["notes"] = f"Ensure this field has no more than {MAX_NOTES} characters."
    if visibility not in ListVisibility.values:
        errors["visibility"] = f"Must be one of: {', '.join(ListVisibility.values)}."
    return errors


def check_body(*, game: Game, owner: Any, body: Any) -> tuple[BuildReport, dict[str, Any]]:
    """Validate ``body`` for ``owner``; the report and the snapshot of the entries it names."""
    if not isinstance(body, Mapping):
        raise RuleError({"body": "Expected a JSON object."})
    json_limits.check(body, path="body")
    json_limits.check_size(body, path="body", max_bytes=LIST_BODY_BYTES)
    system = get_game(game.slug)
    catalogue = selectors.list_catalogue(game=game, user=owner)
    report = system.validate_list(body, catalogue)
    return report, selectors.referenced_items(body, catalogue)


def _apply_check(saved_list: SavedList, report: BuildReport, snapshot: dict[str, Any]) -> None:
    saved_list.legal = report.legal
    total = report.figures.get("total")
    fits = isinstance(total, int) and json_limits.MIN_INT <= total <= json_limits.MAX_INT
    saved_list.total = total if fits else None  # a silly total is shown, never stored
    saved_list.snapshot = snapshot
    saved_list.catalogue_version = saved_list.game.catalogue_version


def _record_version(saved_list: SavedList, note: str = "", coalesce: bool = False) -> None:
    last = saved_list.versions.order_by("-number").first()
    values = {
        "name": saved_list.name,
        "notes": saved_list.notes,
        "body": saved_list.body,
        "catalogue_version": saved_list.catalogue_version,
        "snapshot": saved_list.snapshot,
        "legal": saved_list.legal,
        "total": saved_list.total,
        "note": note,
    }
    if coalesce and last and not last.note and timezone.now() - last.created < COALESCE_EDITS:
        for field, value in values.items():
            setattr(last, field, value)
        last.save()
        return
    number = (last.number if last else 0) + 1
    ListVersion.objects.create(saved_list=saved_list, number=number, **values)
    saved_list.version = number
    saved_list.save(update_fields=["version"])


def _game_system_checks(game: Game) -> None:
    if not get_game(game.slug).declares("build_rules"):
        raise RuleError({"game": f"{game.name} has no lists to build."})


@transaction.atomic
def list_create(
    *,
    owner: Any,
    game: Game,
    name: str,
    body: Mapping[str, Any] | None = None,
    notes: str = "",
    visibility: str = ListVisibility.PRIVATE,
    note: str = "",
    copied_from: SavedList | None = None,
) -> SavedList:
    """A new list for ``owner``; ``body`` defaults to the game's empty list."""
    _game_system_checks(game)
    errors = _clean_header(name, visibility, notes)
    body = body if body is not None else {}
    try:  # a body that is not an object is named here, before anything reads it
        report, snapshot = check_body(game=game, owner=owner, body=body)
    except RuleError as exc:
        errors.update(exc.errors)
    if errors:
        raise RuleError(errors)
    saved_list = SavedList(
        game=game,
        owner=owner,
        name=name.strip(),
        notes=notes,
        body=dict(body),
        visibility=visibility,
        copied_from=copied_from,
    )
    _apply_check(saved_list, report, snapshot)
    saved_list.save()
    _record_version(saved_list, note=note or "created")
    return saved_list


@transaction.atomic
def list_save(
    *,
    saved_list: SavedList,
    body: Mapping[str, Any] | None = None,
    name: str | None = None,
    notes: str | None = None,
    visibility: str | None = None,
    coalesce: bool = False,
) -> SavedList:
    """Save a new state of the list (a new version; builder taps may coalesce)."""
    name = saved_list.name if name is None else name
    visibility = saved_list.visibility if visibility is None else visibility
    errors = _clean_header(name, visibility, notes)
    new_body = saved_list.body if body is None else body
    try:
        report, snapshot = check_body(game=saved_list.game, owner=saved_list.owner, body=new_body)
    except RuleError as exc:
        errors.update(exc.errors)
    if errors:
        raise RuleError(errors)
    saved_list.name, saved_list.visibility = name.strip(), visibility
    saved_list.body = dict(new_body)
    if notes is not None:
        saved_list.notes = notes
    _apply_check(saved_list, report, snapshot)
    saved_list.save()
    _record_version(saved_list, coalesce=coalesce)
    return saved_list


@transaction.atomic
def list_restore(*, saved_list: SavedList, number: int) -> SavedList:
    """Bring back an earlier version as the newest one; the history keeps everything."""
    old = saved_list.versions.filter(number=number).first()
    if old is None:
        raise RuleError({"version": f"There is no version {number}."})
    saved_list.name, saved_list.notes, saved_list.body = old.name, old.notes, old.body
    report, snapshot = check_body(game=saved_list.game, owner=saved_list.owner, body=old.body)
    _apply_check(saved_list, report, snapshot)
    saved_list.save()
    _record_version(saved_list, note=f"restored version {number}")
    return saved_list


@transaction.atomic
def list_copy(*, source: SavedList, owner: Any, body: Mapping[str, Any]) -> SavedList:
    """Copy a list the user may see into their own lists (private); ``body`` is what the
    user was allowed to see of it, so a copy never carries the original owner's secrets.

    A copy by another player counts on the source (the gallery's "most copied"); an
    owner duplicating their own list does not."""
    own = source.owner_id == owner.pk
    name = source.name if own else f"{source.name} (copy)"
    copy = list_create(
        owner=owner,
        game=source.game,
        name=name[:120],
        body=body,
        notes=source.notes,
        copied_from=source,
        note=f"copied from list {source.pk}",
    )
    if not own:  # F(): two players copying at once both count
        SavedList.objects.filter(pk=source.pk).update(copy_count=models.F("copy_count") + 1)
    return copy


def list_delete(*, saved_list: SavedList) -> None:
    saved_list.delete()


def export_document(saved_list: SavedList, body: Mapping[str, Any]) -> dict[str, Any]:
    """The versioned JSON document of a list, as exported and imported."""
    return {
        "format": DOCUMENT_FORMAT,
        "version": DOCUMENT_VERSION,
        "game": saved_list.game.slug,
        "name": saved_list.name,
        "notes": saved_list.notes,
        "catalogue_version": saved_list.catalogue_version,
        "list": dict(body),
    }


def read_document(document: Any, *, game: Game) -> tuple[str, str, dict[str, Any]]:
    """Name, notes and body of an exported document; every fault is named at once."""
    if not isinstance(document, Mapping):
        raise RuleError({"non_field_errors": "Expected a JSON object."})
    errors: dict[str, str] = {}
    if document.get("format") != DOCUMENT_FORMAT:
        errors["format"] = f"Must be '{DOCUMENT_FORMAT}'."
    if document.get("version") != DOCUMENT_VERSION:
        errors["version"] = f"Only version {DOCUMENT_VERSION} can be read."
    if document.get("game") != game.slug:
        errors["game"] = f"This document is for '{document.get('game')}', not '{game.slug}'."
    name = document.get("name")
    if not isinstance(name, str) or not name.strip():
        errors["name"] = "This field is required."
    notes = document.get("notes", "")
    if not isinstance(notes, str):
        errors["notes"] = "Expected text."
    body = document.get("list")
    if not isinstance(body, Mapping):
        errors["list"] = "Expected the list as a JSON object."
    for field, text in (("name", name), ("notes", notes)):  # a document read around the door
        problem = json_limits.text_problem(text) if isinstance(text, str) else None
        if problem is not None:
            errors[field] = problem
    if errors:
        raise RuleError(errors)
    return name.strip(), notes, dict(body)


@transaction.atomic
def list_import(*, owner: Any, game: Game, document: Any) -> tuple[SavedList, BuildReport]:
    """Import an exported document as a new private list, or change nothing at all.

    A list with rule problems (over budget, a missing chief) imports as a draft showing
    them; a list that is not readable (bad shape, unknown units) is refused with every
    structural problem named by its path.
    """
    _game_system_checks(game)
    name, notes, body = read_document(document, game=game)
    report, _ = check_body(game=game, owner=owner, body=body)
    structural = [p for p in report.problems if p.structural]
    if structural:
        raise RuleError(replace(p, path=f"list.{p.path}" if p.path else "list") for p in structural)
    saved_list = list_create(
        owner=owner, game=game, name=name[:120], body=body, notes=notes, note="imported"
    )
    return saved_list, report


@transaction.atomic
def collection_set(
    *,
    owner: Any,
    game: Game,
    unit: str,
    name: str = "",
    printed: int = 0,
    bought: int = 0,
    painted: int = 0,
) -> CollectionItem | None:
    """Record how many models of a unit the player owns; all zero removes the row."""
    errors = {}
    for field, value in (("printed", printed), ("bought", bought), ("painted", painted)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            errors[field] = "Expected a whole number, 0 or more."
        elif value > MAX_MODELS:
            errors[field] = f"Ensure this value is less than or equal to {MAX_MODELS}."
    for field, text in (("unit", unit), ("name", name)):
        if len(text) > 120:
            errors[field] = "Ensure this field has no more than 120 characters."
    if not errors and painted > printed + bought:
        errors["painted"] = "Cannot paint more models than are printed or bought."
    if not unit:
        errors["unit"] = "This field is required."
    if errors:
        raise RuleError(errors)
    if printed == bought == painted == 0:
        CollectionItem.objects.filter(owner=owner, game=game, unit=unit).delete()
        return None
    item, _ = CollectionItem.objects.update_or_create(
        owner=owner,
        game=game,
        unit=unit,
        defaults={"name": name, "printed": printed, "bought": bought, "painted": painted},
    )
    return item


@transaction.atomic
def list_edit(*, saved_list: SavedList, op: str, args: Mapping[str, str]) -> SavedList:
    """Apply one builder action to the newest saved state (row-locked, so two devices
    tapping at once both count) and save it, coalescing quick taps into one version."""
    locked = (
        SavedList.objects.select_for_update().select_related("game", "owner").get(pk=saved_list.pk)
    )
    system = get_game(locked.game.slug)
    catalogue = selectors.list_catalogue(game=locked.game, user=locked.owner)
    body = system.edit_list(
        locked.body if isinstance(locked.body, dict) else {}, op, args, catalogue
    )
    return list_save(saved_list=locked, body=body, coalesce=True)


@transaction.atomic
def list_import_text(*, owner: Any, game: Game, text: Any, name: str = "") -> SavedList:
    """A new private list from a pasted plain-text list, or nothing at all: every line the
    game cannot match is named (``lines.<n>``) and the player fixes the text."""
    _game_system_checks(game)
    json_limits.check_text(text, path="text")  # whichever way it came: the gate's own test
    json_limits.check_text(name, path="name")
    system = get_game(game.slug)
    catalogue = selectors.list_catalogue(game=game, user=owner)
    edits = system.capability("list_edits")
    reading = list_editing.read_plain_text(edits, text, catalogue, game.name)
    if reading.problems:
        raise RuleError(reading.problems)
    title = (name or "").strip() or reading.name or "Pasted list"
    return list_create(
        owner=owner, game=game, name=title[:120], body=reading.body, note="imported from text"
    )
