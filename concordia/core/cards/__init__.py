"""The rule of each card, one module per card, named after it.

Each module holds its card's rule (a :class:`~concordia.core.cards.base.CardRule`, and
for a card with decisions of its own a :class:`~concordia.core.cards.base.PhaseRule`
too: what playing it does, the legal decisions of its phase, the effect and the cost of
each) as ``RULE``, with the helpers the rest of the program shares (the price of a
house, of a colonist, of a display card). :mod:`concordia.core.rules` registers them;
:class:`~concordia.core.state.GameState` keeps the position and the turn and dispatches
to them. The Senator and the Consul are one rule with two settings
(:mod:`concordia.core.cards.purchase`); the "start without goods" variant's first
purchase uses the Mercator's trade (:mod:`concordia.core.cards.mercator`).

The modules import the state only for type checking: the state imports them.
"""
