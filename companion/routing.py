"""WebSocket routes; the live table adds its consumers here."""

websocket_urlpatterns: list = []
