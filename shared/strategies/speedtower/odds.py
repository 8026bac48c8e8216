"""The odds of fresh cards: how likely a few cards drawn unseen hold the floors a chain lacks."""

from __future__ import annotations

# REACH[n][m]: the chance that n cards drawn from the full deck hold m given floors, cranes
# filling in for any of them (m = 0 … 5); computed once by sampling 200 000 hands per entry.
REACH = (
    (1.0, 0.0, 0.0, 0.0, 0.0, 0.0),
    (1.0, 0.185, 0.0, 0.0, 0.0, 0.0),
    (1.0, 0.336, 0.056, 0.0, 0.0, 0.0),
    (1.0, 0.46, 0.141, 0.023, 0.0, 0.0),
    (1.0, 0.563, 0.24, 0.071, 0.012, 0.0),
    (1.0, 0.646, 0.343, 0.143, 0.042, 0.007),
)


def reach(fresh: int, lacking: int) -> float:
    """The chance that ``fresh`` unseen cards hold the ``lacking`` floors of a chain."""
    row = REACH[fresh]
    return row[lacking] if lacking < len(row) else 0.0
