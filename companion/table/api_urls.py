from django.urls import path

from companion.table import api

urlpatterns = [
    path("tables/", api.TablesView.as_view(), name="api-tables"),
    path("tables/<str:code>/", api.TableView.as_view(), name="api-table"),
    path("tables/<str:code>/log/", api.LogView.as_view(), name="api-table-log"),
    path("tables/<str:code>/join/", api.JoinView.as_view(), name="api-table-join"),
    path("tables/<str:code>/start/", api.StartView.as_view(), name="api-table-start"),
    path("tables/<str:code>/actions/", api.ActionsView.as_view(), name="api-table-actions"),
    path("tables/<str:code>/undo/", api.UndoView.as_view(), name="api-table-undo"),
    path("tables/<str:code>/end/", api.EndView.as_view(), name="api-table-end"),
    path(
        "tables/<str:code>/seats/<int:number>/guest/",
        api.GuestSeatView.as_view(),
        name="api-table-seat-guest",
    ),
]
