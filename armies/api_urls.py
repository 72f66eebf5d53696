from django.urls import path

from armies import api

lists = api.ListViewSet.as_view({"get": "list", "post": "create"})
detail = api.ListViewSet.as_view(
    {"get": "retrieve", "put": "update", "patch": "partial_update", "delete": "destroy"}
)


def _action(name: str, method: str):
    return api.ListViewSet.as_view({method: name})


urlpatterns = [
    path("lists/shared/<str:token>/", api.SharedListView.as_view(), name="api-shared-list"),
    path("<slug:game>/lists/", lists, name="api-list-list"),
    path("<slug:game>/lists/import/", api.ListImportView.as_view(), name="api-list-import"),
    path("<slug:game>/lists/<int:pk>/", detail, name="api-list-detail"),
    path(
        "<slug:game>/lists/<int:pk>/versions/", _action("versions", "get"), name="api-list-versions"
    ),
    path(
        "<slug:game>/lists/<int:pk>/restore/", _action("restore", "post"), name="api-list-restore"
    ),
    path("<slug:game>/lists/<int:pk>/copy/", _action("copy", "post"), name="api-list-copy"),
    path("<slug:game>/lists/<int:pk>/export/", _action("export", "get"), name="api-list-export"),
    path("<slug:game>/lists/<int:pk>/summary/", _action("summary", "get"), name="api-list-summary"),
    path(
        "<slug:game>/lists/<int:pk>/collection/",
        _action("collection", "get"),
        name="api-list-collection",
    ),
    path("<slug:game>/gallery/", api.GalleryView.as_view(), name="api-gallery"),
    path("<slug:game>/validate/", api.ValidateView.as_view(), name="api-validate"),
    path("<slug:game>/collection/", api.CollectionView.as_view(), name="api-collection"),
]
