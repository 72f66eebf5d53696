from django.urls import path

from decks import api

urlpatterns = [
    path(
        "<slug:game>/lists/<int:pk>/playtest/", api.PlaytestView.as_view(), name="api-deck-playtest"
    ),
    path("<slug:game>/lists/<int:pk>/odds/", api.OddsView.as_view(), name="api-deck-odds"),
]
