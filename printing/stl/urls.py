from django.urls import path

from printing.stl import views

app_name = "stl"

urlpatterns = [
    path("3d/", views.index, name="index"),
    path("3d/designs/", views.design_list, name="designs"),
    path("3d/designs/upload/", views.design_upload, name="upload"),
    path("3d/designs/<int:pk>/", views.design_detail, name="design"),
    path("3d/designs/<int:pk>/download/", views.design_download, name="design-download"),
    path("3d/designs/<int:pk>/model.stl", views.design_model, name="design-model"),
    path("3d/designs/<int:pk>/thumbnail.png", views.design_thumbnail, name="design-thumbnail"),
    path("3d/designs/<int:pk>/delete/", views.design_delete, name="design-delete"),
    path("3d/lists/<int:pk>/bundle/", views.bundle, name="bundle"),
    path("3d/lists/<int:pk>/missing/", views.missing_bundle, name="missing"),
    path("3d/entries/<int:pk>/", views.entry_designs, name="entry-designs"),
    path("3d/<slug:game>/<slug:slug>/", views.customizer, name="customizer"),
    path("3d/<slug:game>/<slug:slug>/preview.json", views.preview, name="preview"),
    path("3d/<slug:game>/<slug:slug>/model.stl", views.model_stl, name="model-stl"),
]
