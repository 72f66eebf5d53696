from django.urls import path

from decks import views

app_name = "decks"

urlpatterns = [
    path("games/<slug:game>/lists/<int:pk>/playtest/", views.playtest, name="playtest"),
    path("games/<slug:game>/lists/<int:pk>/odds/", views.odds, name="odds"),
]
