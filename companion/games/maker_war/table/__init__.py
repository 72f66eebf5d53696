"""The moves of a Maker-War table, by topic (``engine`` declares which phase allows each):
the army as the table tracks it (``army``), set-up (``setup``), turns and rounds
(``play``, ``rounds``), attacks and their choices (``attacks``, ``melee``, ``morale``,
``combat``, ``choices``), supply cards and points of interest (``supply``, ``benefits``,
``points``), faction rules (``factions``), the end and the battle report (``end``,
``report``). Pure, no Django; the rules of combat themselves are in ``combat/``.
"""
