"""A live table: its seats, and the action log whose fold through the game's engine is
the state. ``Table.state`` is a snapshot of that fold, always rebuilt from the log when
an undo removes an action."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse

from catalog.models import Game

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread across a table


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))


def new_seed() -> str:
    return secrets.token_hex(8)


def new_token() -> str:
    return secrets.token_urlsafe(16)


class TableStatus(models.TextChoices):
    OPEN = "open", "Waiting for players"
    PLAYING = "playing", "Playing"
    OVER = "over", "Over"


class Table(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="tables")
    code = models.CharField(max_length=8, unique=True, default=new_code)
    # Host rights: the host's account, or, once the host deleted their account with only
    # guests left at the table, the guest seat they passed to (``host_seat``; ``host`` is
    # then None). ``selectors.is_host`` is the one check.
    host = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="hosted_tables",
    )
    host_seat = models.ForeignKey(
        "Seat", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    seed = models.CharField(max_length=32, default=new_seed)  # never sent to a client
    options = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=10, choices=TableStatus.choices, default=TableStatus.OPEN)
    seq = models.PositiveIntegerField(default=0)
    state = models.JSONField(default=dict, blank=True)
    # Seats agreeing to take back the latest action of someone else: {"target": seq,
    # "seats": [numbers]}; emptied by any new action.
    undo_votes = models.JSONField(default=dict, blank=True)
    # The last dice rolled at the table, newest first: copied from the log when a roll is
    # logged, so that a view needs no search of the log (dice are never undone).
    rolls = models.JSONField(default=list, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated"]

    def __str__(self) -> str:
        return f"{self.game.short_name} table {self.code}"

    def get_absolute_url(self) -> str:
        return reverse("table:table", args=[self.code])


class Seat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=40)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="seats",
    )
    # A guest's device proves its seat with this token (kept in its session).
    token = models.CharField(max_length=40, default=new_token, unique=True)
    list_body = models.JSONField(default=dict, blank=True)
    removed = models.BooleanField(default=False)
    last_seen = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="seat_unique_number"),
        ]

    def __str__(self) -> str:
        return f"{self.name} (seat {self.number + 1})"


class Action(models.Model):
    """One entry of the log; ``undone`` marks an action an undo took back (kept, never
    deleted, so the log still tells what happened)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField()
    seat = models.SmallIntegerField(null=True, blank=True)  # None: the table/host
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    client_id = models.CharField(max_length=64)
    payload = models.JSONField(default=dict)
    events = models.JSONField(default=list, blank=True)
    barrier = models.BooleanField(default=False)
    undone = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seq"], name="action_unique_seq"),
            models.UniqueConstraint(fields=["table", "client_id"], name="action_unique_client"),
        ]

    def __str__(self) -> str:
        return f"{self.table.code} #{self.seq} {self.payload.get('type')}"
