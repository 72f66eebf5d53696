from django.urls import path

from companion.table import views

app_name = "table"

urlpatterns = [
    path("tables/", views.tables_home, name="home"),
    path("tables/new/", views.table_new, name="new"),
    path("tables/join/", views.join, name="join"),
    path("t/<str:code>/", views.table_page, name="table"),
    path("t/<str:code>/log.json", views.log_download, name="log"),
    path("t/<str:code>/view/", views.view_partial, name="view"),
    path("t/<str:code>/act/", views.act, name="act"),
    path("t/<str:code>/undo/", views.undo, name="undo"),
    path("t/<str:code>/start/", views.start, name="start"),
    path("t/<str:code>/seats/<int:number>/remove/", views.remove_seat, name="remove-seat"),
    path("t/<str:code>/seats/<int:number>/guest/", views.seat_to_guest, name="seat-to-guest"),
    path("t/<str:code>/seat/<str:token>/", views.claim_seat, name="claim"),
    path("t/<str:code>/end/", views.end_game, name="end"),
]
