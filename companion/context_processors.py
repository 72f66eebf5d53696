"""Template context every page needs: the games for the navigation bar."""

from catalog.models import Game


def games(request):
    return {"nav_games": Game.objects.all()}
