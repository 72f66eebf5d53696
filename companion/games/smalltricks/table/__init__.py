"""Smalltricks' rules at the table, by topic; ``engine`` joins them into phases and moves.

``options`` (the house rules a table opens with), ``units`` (the units, where they stand,
damage), ``setup`` (the secret arrangement and its reveal), ``rolls`` (rolled factions),
``moves`` (faction turns), ``choices`` and ``resolution`` (the resolution turn) and
``match`` (the end of a game and the match score).
"""
