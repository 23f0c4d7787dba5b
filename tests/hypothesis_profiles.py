"""Hypothesis profiles of the suite, chosen by ``CONCORDIA_HYPOTHESIS`` (default ``fast``).

``fast`` (the default run, ``python3 -m concordia.dev test``): each property test runs the
few examples its module asks for with :func:`examples`, derandomized, so the default run
is a quick check that gives the same result every time.

``ci`` (the slow stage of ``.ci/run``: ``CONCORDIA_HYPOTHESIS=ci pytest -m "slow or
hypothesis"``): a real search: fresh random examples each run, at least
:data:`CI_EXAMPLES` per test (a test parametrized over the board/player set-ups spreads
them over its set-ups), shrinking to a minimal failing example, whose reproduction blob
is printed.

Neither profile keeps an example database, so no test writes a ``.hypothesis`` folder
into the checkout. The module is imported by ``tests/conftest.py``, before any test
module builds its ``settings``.
"""

from __future__ import annotations

import os

from hypothesis import settings

PROFILES = ("fast", "ci")
CI_EXAMPLES = 200
PROFILE = os.environ.get("CONCORDIA_HYPOTHESIS", "fast")
if PROFILE not in PROFILES:
    raise ValueError(f"CONCORDIA_HYPOTHESIS={PROFILE!r}: use one of {', '.join(PROFILES)}")

settings.register_profile("fast", derandomize=True, database=None, deadline=None)
settings.register_profile(
    "ci",
    max_examples=CI_EXAMPLES,
    derandomize=False,
    database=None,
    deadline=None,
    print_blob=True,
)
settings.load_profile(PROFILE)


def examples(fast: int, spread: int = 1) -> int:
    """``max_examples`` for a property test: ``fast`` in the fast profile; in the ci
    profile :data:`CI_EXAMPLES` divided over the ``spread`` parametrizations of the test
    (so the test as a whole runs at least that many), never fewer than ``fast``."""
    if PROFILE == "fast":
        return fast
    return max(fast, -(-CI_EXAMPLES // spread))
