from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from companion import accounts, favicon, views

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/me/", accounts.account, name="account"),
    path("accounts/delete/", accounts.delete_account, name="account-delete"),
    # Ours before Django's, same names: passwords typed here are checked as logins.
    path("accounts/password_change/", accounts.password_change, name="password_change"),
    path(
        "accounts/reset/<uidb64>/<token>/",
        accounts.password_reset_confirm,
        name="password_reset_confirm",
    ),
    path("accounts/", include("django.contrib.auth.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/", include("companion.table.api_urls")),
    path("api/", include("armies.api_urls")),
    path("api/", include("decks.api_urls")),
    path("api/", include("catalog.api_urls")),
    path("api/", include("printing.api_urls")),
    path("api/", include("printing.stl.api_urls")),
    path("healthz/", views.healthz, name="healthz"),
    path("sw.js", views.service_worker, name="service-worker"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("favicon.ico", favicon.favicon, name="favicon"),
    path("", include("companion.table.urls")),
    path("", include("armies.urls")),
    path("", include("decks.urls")),
    path("", include("catalog.urls")),
    path("", include("printing.urls")),
    path("", include("printing.stl.urls")),
]
