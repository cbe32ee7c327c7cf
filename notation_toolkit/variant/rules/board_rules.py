"""``mirror=vertical`` and ``multicapture=completed``: what the core does anyway, accepted as written.

The second player's coordinates are the first player's mirrored vertically (003:464-472); the core
has no move that captures twice, so captures are removed when the move completes (003:490)."""

from __future__ import annotations

from notation_toolkit.variant.rules.base import Component, contract, contracts


class Mirror(Component):
    """The ``mirror`` rule (vertical: the default)."""

    name = "mirror"
    lines = "003:462-474"
    contract = contracts(mirror=contract(vertical=""))


class MultiCapture(Component):
    """The ``multicapture`` rule (completed)."""

    name = "multicapture"
    lines = "003:486-496"
    contract = contracts(multicapture=contract(completed=""))


MIRROR = Mirror()
MULTICAPTURE = MultiCapture()
