from django.urls import path

from printing import api

urlpatterns = [
    path("print/jobs/", api.JobListView.as_view(), name="api-print-jobs"),
    path("print/jobs/<int:pk>/", api.JobDetailView.as_view(), name="api-print-job"),
    path("print/jobs/<int:pk>/retry/", api.JobRetryView.as_view(), name="api-print-retry"),
    path("print/jobs/<int:pk>/download/", api.JobDownloadView.as_view(), name="api-print-download"),
]
