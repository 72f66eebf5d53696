"""``manage.py load_catalogue``: bring the database in line with the game packages."""

from django.core.management.base import BaseCommand, CommandError

from catalog.services import load_catalogue
from companion.games.registry import all_games


class Command(BaseCommand):
    help = "Load (or refresh) the official catalogue of every game, or of the games named."

    def add_arguments(self, parser):
        parser.add_argument("games", nargs="*", help="Game slugs; all games when omitted.")

    def handle(self, *args, games: list[str], **options):
        known = all_games()
        unknown = [g for g in games if g not in known]
        if unknown:
            raise CommandError(f"Unknown game(s): {', '.join(unknown)}. Known: {', '.join(known)}")
        for report in load_catalogue([known[g] for g in games] if games else None):
            self.stdout.write(str(report))
