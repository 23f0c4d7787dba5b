"""The Consul: one display card at its printed price (the Senator's presenter, one
card)."""

from __future__ import annotations

from concordia.core import CardAction, Phase
from concordia.ui.presenters.base import register
from concordia.ui.presenters.senator import Purchase


@register
class Consul(Purchase):
    phases = (Phase.CONSUL,)
    card = CardAction.CONSUL
    icon_cards = 1
    printed_price = True
