"""The games as pure-Python packages, and the pure kernel they share; see ``registry``.

The kernel (this folder's modules and ``meshes/``) never imports Django or an app; the
site's apps reach a game only through ``registry`` and the declaration below.

Every game package has one layout; a module a game does not need is simply absent, and a
large game turns a module into a subpackage of the same role (``table/``, ``combat/``):

====================  ====================================================================
``__init__.py``       ``GAME``: the declaration (names, players, kinds, ``capabilities``)
``rules.md``          the rules reference, in Muster's words, with ``{#id}`` anchors
``book.py``           the book's own tables typed in as data (when there is much of it)
``catalogue.py``      ``factions()`` and ``entries()`` (from ``book``) and the pricing
``build_rules.py``    [lists] ``validate``, ``EXAMPLE``, ``summary``, ``model_counts``
``list_edits.py``     [builder] ``ACTIONS`` (taps) and ``choices`` (what the page offers)
``decks.py``          [deck tools] opening hand, draws per turn, card kind, the library
``engine.py``         [table] ``ENGINE``: options, phases and moves on ``TableEngine``
``table/``            [table] the moves by topic, when ``engine.py`` alone would be long
``view.py``           [table] the seat's view and what each seat sees of the log
``printables.py``     [print] what can be printed and how it is drawn
``models3d.py``       [3D] ``MODEL_KINDS``, ``SIZES``, ``MODELS``, ``bundle_parts``
``calculator.py``     [calculator] the priced kind and how its form groups the fields
``templates/``        ``builder.html``, ``new_list.html`` and partials, served as
                      ``games/<slug>/<name>`` (generic fallbacks in the site)
``static/``           [table] ``view.js`` (draws the seat's view and the public board on
                      the device: ``table(t)``, ``board(t)``), ``table.css``,
                      ``board.css``, ``table.js``, served as ``games/<slug>/<name>``
====================  ====================================================================

Tests mirror the package under ``tests/games/<package>/`` (``test_engine.py``,
``table/test_<topic>.py``...).
"""
