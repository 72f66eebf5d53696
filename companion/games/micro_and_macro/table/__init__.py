"""The rules of Micro and Macro's live table, by topic; ``engine.py`` declares them.

Muster keeps the macro game (decks, hands, buildings, resources, turns) and the numbers
of the micro game (units, their dice, roll-offs, damage); the players measure on the
battlefield and tell Muster what they saw (a unit in range, an aura reaching a unit).

``setup`` deals and places the markers; ``turns`` runs a turn, its reactions and the end;
``commands`` and ``actions`` are the actions of a turn; ``combat`` resolves attacks and
the strikes offered back; ``bookkeeping`` holds the free actions; ``offers`` lists what
the page offers; ``cards``, ``units``, ``macro`` and ``rolloff`` are the facts and rules
they share.
"""
