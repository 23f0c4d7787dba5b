"""The rule of each card, one module per card, named after it.

Each module holds, for its card: the legal decisions of its phase (``legal``), what
playing it does (``begin``), the effect of each of its decisions and the cost shown
before each is taken. :class:`~concordia.core.state.GameState` keeps the state, the
shared mechanics (turn order, storehouse overflow, end of game) and dispatches to
these modules. The purchase mechanics that the Senator and the Consul share are in
:mod:`concordia.core.cards.purchase`; the "start without goods" variant's first
purchase uses the Mercator's trade (:mod:`concordia.core.cards.mercator`).

The modules import the state only for type checking: the state imports them.
"""
