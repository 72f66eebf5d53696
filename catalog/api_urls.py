from django.urls import path

from catalog import api

game_list = api.GameViewSet.as_view({"get": "list"})
game_detail = api.GameViewSet.as_view({"get": "retrieve"})
faction_list = api.FactionViewSet.as_view({"get": "list"})
faction_detail = api.FactionViewSet.as_view({"get": "retrieve"})
entry_list = api.EntryViewSet.as_view({"get": "list"})
entry_detail = api.EntryViewSet.as_view({"get": "retrieve"})
homebrew_list = api.HomebrewViewSet.as_view({"get": "list", "post": "create"})
homebrew_detail = api.HomebrewViewSet.as_view(
    {"get": "retrieve", "put": "update", "patch": "partial_update", "delete": "destroy"}
)

urlpatterns = [
    path("games/", game_list, name="api-game-list"),
    path("games/<slug:slug>/", game_detail, name="api-game-detail"),
    path("<slug:game>/factions/", faction_list, name="api-faction-list"),
    path("<slug:game>/factions/<slug:slug>/", faction_detail, name="api-faction-detail"),
    path("<slug:game>/entries/", entry_list, name="api-entry-list"),
    path("<slug:game>/entries/<int:pk>/", entry_detail, name="api-entry-detail"),
    path("<slug:game>/homebrew/", homebrew_list, name="api-homebrew-list"),
    path("<slug:game>/homebrew/<int:pk>/", homebrew_detail, name="api-homebrew-detail"),
    path("<slug:game>/unit-cost/", api.UnitCostView.as_view(), name="api-unit-cost"),
]
