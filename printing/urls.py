from django.urls import path

from printing import views

app_name = "printing"

urlpatterns = [
    path("print/jobs/<int:pk>/", views.job_page, name="job"),
    path("print/jobs/<int:pk>/status/", views.job_status, name="status"),
    path("print/jobs/<int:pk>/download/", views.download, name="download"),
    path("print/jobs/<int:pk>/retry/", views.retry, name="retry"),
    path("print/calibrate/", views.calibrate, name="calibrate"),
    path("print/<str:source>/<str:ref>/", views.print_form, name="form"),
]
