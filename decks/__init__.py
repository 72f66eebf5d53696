"""Decks and hands: building card decks against each game's deckbuilding rules."""
