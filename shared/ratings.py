"""The house's skill ratings: one scale for players and computers (docs/ledger.md "Ratings").

A rating is openskill's Weng-Lin Plackett–Luce estimate of a player's skill in one game: a
mean ``mu`` and its uncertainty ``sigma``. The model is set up on lichess's scale: everyone
starts at 1500 ± 350, and the number shown is the mean, rounded (as lichess shows its
Glicko-2 rating). A rating is provisional — shown with "?" and kept off the rating board —
while ``sigma`` is above PROVISIONAL_SIGMA, which a new player leaves after about ten games.

The computers' strengths have fixed ratings on the same scale, measured by
``bench/ratings.py`` and read from ``computer_ratings.json`` beside this module.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from pathlib import Path

from openskill.models import PlackettLuce

from shared import keys

START_MU = 1500.0
START_SIGMA = 350.0
BETA = START_SIGMA / 2  # openskill's default proportion: one game's spread of performance
TAU = START_SIGMA / 100  # openskill's default: the uncertainty a rating regains per game
PROVISIONAL_SIGMA = 230.0  # about ten games (docs/ledger.md "Ratings")
COMPUTER_RATINGS = Path(__file__).with_name("computer_ratings.json")


@functools.cache
def model() -> PlackettLuce:
    return PlackettLuce(mu=START_MU, sigma=START_SIGMA, beta=BETA, tau=TAU)


@dataclass(frozen=True)
class Rating:
    mu: float = START_MU
    sigma: float = START_SIGMA
    games: int = 0

    @property
    def shown(self) -> int:
        """The one number players see."""
        return round(self.mu)

    @property
    def provisional(self) -> bool:
        return self.sigma > PROVISIONAL_SIGMA

    def public(self) -> dict:
        """What a client reads of a rating."""
        return {"rating": self.shown, "provisional": self.provisional, "games": self.games}

    def encode(self) -> str:
        return json.dumps({"mu": self.mu, "sigma": self.sigma, "games": self.games})

    @classmethod
    def decode(cls, raw: str | None) -> Rating:
        """A stored rating (keys.ratings); nothing stored: a new player's."""
        if not raw:
            return cls()
        data = json.loads(raw)
        return cls(float(data["mu"]), float(data["sigma"]), int(data.get("games", 0)))


@functools.cache
def _computer_table() -> dict:
    return json.loads(COMPUTER_RATINGS.read_text())


def computer_rating(game: str, strength: str) -> Rating:
    """The fixed rating of a computer strength in a game (a new player's when unmeasured)."""
    entry = _computer_table().get("games", {}).get(game, {}).get(strength)
    if entry is None:
        return Rating()
    return Rating(float(entry["mu"]), float(entry["sigma"]), int(entry.get("games", 0)))


def computer_ratings(game: str) -> dict[str, Rating]:
    """Every measured strength of a game with its fixed rating, weakest first."""
    measured = _computer_table().get("games", {}).get(game, {})
    return dict(sorted(((s, computer_rating(game, s)) for s in measured), key=lambda i: i[1].mu))


def ratings_of(r, game: str, player_ids: list[str]) -> dict[str, Rating]:
    """The stored ratings of players in a game (a new player's where none is stored)."""
    if not player_ids:
        return {}
    raw = r.hmget(keys.ratings(game), player_ids)
    return {player: Rating.decode(value) for player, value in zip(player_ids, raw, strict=True)}
