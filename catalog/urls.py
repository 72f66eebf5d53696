from django.urls import path

from catalog import calculator, views

app_name = "catalog"

urlpatterns = [
    path("", views.home, name="home"),
    path("homebrew/", views.my_homebrew, name="my-homebrew"),
    path("shared/<str:token>/", views.shared_entry, name="shared-entry"),
    path("games/<slug:game>/", views.game_detail, name="game"),
    path("games/<slug:game>/catalogue/", views.entry_list, name="entries"),
    path("games/<slug:game>/entries/<int:pk>-<slug:slug>/", views.entry_detail, name="entry"),
    path("games/<slug:game>/factions/<slug:faction>/", views.faction_detail, name="faction"),
    path("games/<slug:game>/rules/", views.rules, name="rules"),
    path("games/<slug:game>/calculator/", calculator.calculator, name="calculator"),
    path(
        "games/<slug:game>/homebrew/new/<slug:kind>/", views.homebrew_create, name="homebrew-create"
    ),
    path("games/<slug:game>/homebrew/<int:pk>/edit/", views.homebrew_edit, name="homebrew-edit"),
    path(
        "games/<slug:game>/homebrew/<int:pk>/delete/", views.homebrew_delete, name="homebrew-delete"
    ),
]
