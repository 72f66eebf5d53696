"""The rules of Maker-War combat as pure functions of plain data, independent of any table:
dice (``dice``), a combat unit and formation (``state``), hits placed on units
(``allocation``), salvos (``salvo``), close combat and dogfights (``melee``), morale and
the orders that restore it (``morale``). The live table feeds them through
``maker_war.table``; Titans' systems are in ``maker_war.titans``.
"""
