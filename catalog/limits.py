"""How much a homebrew entry may hold: what its printed card and its page can show."""

from __future__ import annotations

# Rules text: the longest official text is 287 characters; a poker card's text box at the
# smaller body size (printing/fitting.py) holds about 15 lines of 40-odd characters.
MAX_RULES_TEXT = 600
# An entry's ``data`` (a unit's profile, a plan's choices): the largest official one is
# under 2 KB of JSON.
MAX_DATA_BYTES = 16 * 1024
