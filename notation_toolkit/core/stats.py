"""Match statistics shared by the game engines: Wilson intervals, Elo with error bars, SPRT.

Used by the Dice Chess ladder (``ntk dice ladder``) and the variant matches (``ntk variant
match``). Games are anything with ``first`` and ``second`` (indices into a list of player names)
and ``first_score`` (1, 0.5 or 0 for the first player): ``ScoredGame``.

Ratings: the maximum-likelihood Bradley-Terry (Elo) fit of all games (draws count half), with
virtual draws per pair of players as a prior so that a 100% score stays finite; the first player
is the anchor at 0. Error bars are 95% intervals from the inverse Fisher information. The
head-to-head test is a sequential probability ratio test on a pair's games (normal approximation
of the log-likelihood ratio).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

__all__ = [
    "PairResult",
    "Rating",
    "ScoredGame",
    "SprtResult",
    "elo_ratings",
    "sprt",
    "wilson_interval",
]


class ScoredGame(Protocol):
    """One game between two players of a list: their indices and the first one's points."""

    @property
    def first(self) -> int: ...

    @property
    def second(self) -> int: ...

    @property
    def first_score(self) -> float: ...


def wilson_interval(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a proportion (95% by default); draws count as half a win by the caller."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True, slots=True)
class PairResult:
    """Head-to-head totals of two players, from the first one's point of view."""

    first: str
    second: str
    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        """Number of games."""
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """Points per game of the first player."""
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class Rating:
    """One player's Elo (anchor at 0) with the half-width of its 95% interval."""

    name: str
    elo: float
    error: float
    games: int
    score: float


@dataclass(frozen=True, slots=True)
class SprtResult:
    """Sequential probability ratio test of "first is ``elo1`` stronger" against "``elo0``"."""

    first: str
    second: str
    elo0: float
    elo1: float
    llr: float
    lower: float
    upper: float
    games: int

    @property
    def verdict(self) -> str:
        """``H1`` (accept: stronger by elo1), ``H0`` (reject), or ``continue`` (not decided yet)."""
        if self.llr >= self.upper:
            return "H1"
        if self.llr <= self.lower:
            return "H0"
        return "continue"


def _expected(diff: float) -> float:
    return 1.0 / (1.0 + math.pow(10.0, -diff / 400.0))


def elo_ratings(
    players: Sequence[str], games: Sequence[ScoredGame], *, prior_draws: float = 1.0
) -> list[Rating]:
    """Maximum-likelihood Elo of every player (first player = 0) with 95% error half-widths.

    Newton iterations on the Bradley-Terry log-likelihood; ``prior_draws`` virtual draws per pair
    that played keep perfect scores finite.
    """
    n = len(players)
    score = [[0.0] * n for _ in range(n)]
    count = [[0.0] * n for _ in range(n)]
    played = [0] * n
    points = [0.0] * n
    for g in games:
        s = g.first_score
        score[g.first][g.second] += s
        score[g.second][g.first] += 1 - s
        count[g.first][g.second] += 1
        count[g.second][g.first] += 1
        played[g.first] += 1
        played[g.second] += 1
        points[g.first] += s
        points[g.second] += 1 - s
    for i in range(n):
        for j in range(n):
            if i != j and count[i][j]:
                score[i][j] += prior_draws / 2
                count[i][j] += prior_draws
    k = math.log(10) / 400
    r = [0.0] * n
    hess: list[list[float]] = []
    for _ in range(100):
        grad = [0.0] * n
        hess = [[0.0] * n for _ in range(n)]
        for i in range(n):
            for j in range(n):
                if i == j or not count[i][j]:
                    continue
                e = _expected(r[i] - r[j])
                grad[i] += k * (score[i][j] - count[i][j] * e)
                w = k * k * count[i][j] * e * (1 - e)
                hess[i][i] += w
                hess[i][j] -= w
        # anchor: player 0 stays at 0; solve the reduced system H' d = g'
        step = _solve([row[1:] for row in hess[1:]], grad[1:])
        if step is None:
            break
        biggest = 0.0
        for idx, d in enumerate(step, start=1):
            d = max(-400.0, min(400.0, d))
            r[idx] += d
            biggest = max(biggest, abs(d))
        if biggest < 1e-6:
            break
    cov = _inverse([row[1:] for row in hess[1:]]) if n > 1 else None
    out = []
    for i in range(n):
        err = 0.0 if i == 0 or cov is None else 1.96 * math.sqrt(max(cov[i - 1][i - 1], 0.0))
        out.append(Rating(players[i], r[i], err, played[i], points[i] / played[i] if played[i] else 0.0))
    return out


def _solve(a: list[list[float]], b: list[float]) -> list[float] | None:
    inv = _inverse(a)
    if inv is None:
        return None
    return [sum(inv[i][j] * b[j] for j in range(len(b))) for i in range(len(b))]


def _inverse(a: list[list[float]]) -> list[list[float]] | None:
    """Gauss-Jordan inverse of a small matrix (None if singular)."""
    n = len(a)
    m = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[pivot][col]) < 1e-15:
            return None
        m[col], m[pivot] = m[pivot], m[col]
        p = m[col][col]
        m[col] = [x / p for x in m[col]]
        for r in range(n):
            if r != col and m[r][col]:
                f = m[r][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col], strict=True)]
    return [row[n:] for row in m]


def sprt(
    players: Sequence[str],
    games: Sequence[ScoredGame],
    first: str,
    second: str,
    *,
    elo0: float = 0.0,
    elo1: float = 50.0,
    alpha: float = 0.05,
    beta: float = 0.05,
) -> SprtResult:
    """SPRT on the games between ``first`` and ``second``: H0 "first is ``elo0`` stronger" against H1
    "``elo1`` stronger", with the normal approximation of the log-likelihood ratio on per-game scores
    (``LLR = N (s1 - s0) (2 m - s0 - s1) / (2 v)``, ``m``/``v`` the mean and variance of the scores).
    """
    i, j = players.index(first), players.index(second)
    scores: list[float] = []
    for g in games:
        if (g.first, g.second) == (i, j):
            scores.append(g.first_score)
        elif (g.first, g.second) == (j, i):
            scores.append(1 - g.first_score)
    lower = math.log(beta / (1 - alpha))
    upper = math.log((1 - beta) / alpha)
    n = len(scores)
    if n < 2:
        return SprtResult(first, second, elo0, elo1, 0.0, lower, upper, n)
    mean = sum(scores) / n
    var = sum((s - mean) ** 2 for s in scores) / n
    s0, s1 = _expected(elo0), _expected(elo1)
    if var <= 0:
        # every game the same result: treat it as a small variance, which pushes the LLR to a bound
        var = 1e-3
    llr = n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)
    return SprtResult(first, second, elo0, elo1, llr, lower, upper, n)
