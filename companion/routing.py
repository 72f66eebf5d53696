"""WebSocket routes: one socket per device at a live table."""

from django.urls import path

from companion.table.consumers import TableConsumer

websocket_urlpatterns: list = [
    path("ws/tables/<str:code>/", TableConsumer.as_asgi()),
]
