"""Free the disk of print files nobody asked for lately (run it daily, e.g. from cron)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from printing.services import prune_finished


class Command(BaseCommand):
    help = (
        "Delete print files (and their jobs) finished more than --days ago; "
        "asked for again, they are made again."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--days", type=int, default=30, help="Age in days (default 30).")

    def handle(self, *args: Any, days: int, **options: Any) -> None:
        if days < 1:
            raise CommandError("--days must be 1 or more.")
        count = prune_finished(older_than=timedelta(days=days))
        self.stdout.write(f"Deleted {count} print job(s) older than {days} day(s).")
