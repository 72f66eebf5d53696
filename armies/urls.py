from django.urls import path

from armies import views

app_name = "armies"

urlpatterns = [
    path("lists/shared/<str:token>/", views.shared, name="shared"),
    path("lists/", views.all_lists, name="all"),
    path("games/<slug:game>/lists/", views.my_lists, name="mine"),
    path("games/<slug:game>/lists/new/", views.new_list, name="new"),
    path("games/<slug:game>/lists/import/", views.import_list, name="import"),
    path("games/<slug:game>/gallery/", views.gallery, name="gallery"),
    path("games/<slug:game>/collection/", views.collection, name="collection"),
    path("games/<slug:game>/lists/<int:pk>/", views.detail, name="detail"),
    path("games/<slug:game>/lists/<int:pk>/edit/", views.edit, name="edit"),
    path("games/<slug:game>/lists/<int:pk>/settings/", views.settings_view, name="settings"),
    path("games/<slug:game>/lists/<int:pk>/versions/", views.versions, name="versions"),
    path("games/<slug:game>/lists/<int:pk>/restore/", views.restore, name="restore"),
    path("games/<slug:game>/lists/<int:pk>/copy/", views.copy, name="copy"),
    path("games/<slug:game>/lists/<int:pk>/delete/", views.delete, name="delete"),
    path("games/<slug:game>/lists/<int:pk>/tags/", views.list_tags, name="tags"),
    path("games/<slug:game>/lists/<int:pk>/export/", views.export, name="export"),
    path("games/<slug:game>/lists/<int:pk>/summary/", views.summary, name="summary"),
]
