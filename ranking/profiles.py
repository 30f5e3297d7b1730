"""What the ranking app needs to know about a game beyond its engine's GameInfo.

Each engine declares it in ``GameInfo.extra["ranking"]`` (the keys of ``RankingProfile``; a score
level's minimum ``None`` means "below every other level"), so nothing here switches on a slug.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engines import Engine, Kind


@dataclass(frozen=True)
class RankingProfile:
    # Options that make a separate rating pool: a player's Carnac on the small board is not the
    # same skill as on the large one.
    pool_options: tuple[str, ...] = ()
    # Options that make a separate score ladder (a solo scenario, a cooperative level).
    ladder_options: tuple[str, ...] = ()
    # Named levels a score reaches, best first: (minimum score, name).
    score_levels: tuple[tuple[float, str], ...] = ()


def profile_for(engine: Engine) -> RankingProfile:
    declared = engine.info.extra.get("ranking") or {}
    return RankingProfile(
        pool_options=tuple(declared.get("pool_options", ())),
        ladder_options=tuple(declared.get("ladder_options", ())),
        score_levels=tuple(
            (float("-inf") if minimum is None else float(minimum), str(name))
            for minimum, name in declared.get("score_levels", ())
        ),
    )


def score_level(profile: RankingProfile, score: float) -> str:
    for minimum, name in profile.score_levels:
        if score >= minimum:
            return name
    return ""


def is_score_game(engine: Engine) -> bool:
    """Cooperative and solo games are played against the game: they go to score ladders."""
    return not ({Kind.VERSUS, Kind.MULTIPLAYER} & set(engine.info.kinds))
