from django.urls import path

from printing.stl import api

urlpatterns = [
    path("stl/models/", api.ModelListView.as_view(), name="api-stl-models"),
    path(
        "stl/models/<slug:game>/<slug:slug>/check/",
        api.ModelCheckView.as_view(),
        name="api-stl-check",
    ),
    path("stl/designs/", api.DesignListView.as_view(), name="api-stl-designs"),
    path("stl/designs/<int:pk>/", api.DesignDetailView.as_view(), name="api-stl-design"),
    path("stl/lists/<int:pk>/bundle/", api.BundleView.as_view(), name="api-stl-bundle"),
]
