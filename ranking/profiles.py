"""What the ranking app needs to know about a game beyond its engine's GameInfo.

An engine may declare it in ``GameInfo.extra["ranking"]`` (keys of ``RankingProfile``); until the
engines do, the table below holds what the rule texts say. Nothing else switches on a slug.
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


# The FOG's solo rescue levels (rule text, solo scenarios): Guardian Legend 175+, Hero 150–174,
# Protector 125–149, Novice 80–124, Apprentice below 80.
FOG_RESCUE_LEVELS = (
    (175.0, "Guardian Legend"),
    (150.0, "Hero"),
    (125.0, "Protector"),
    (80.0, "Novice"),
    (float("-inf"), "Apprentice"),
)

KNOWN = {
    "carnac": RankingProfile(pool_options=("board",)),
    "fog": RankingProfile(pool_options=("board",), ladder_options=("scenario",), score_levels=FOG_RESCUE_LEVELS),
    "mists": RankingProfile(ladder_options=("level", "spell_circles")),
}


def profile_for(engine: Engine) -> RankingProfile:
    declared = engine.info.extra.get("ranking")
    if isinstance(declared, dict):
        return RankingProfile(
            pool_options=tuple(declared.get("pool_options", ())),
            ladder_options=tuple(declared.get("ladder_options", ())),
            score_levels=tuple((float(m), str(n)) for m, n in declared.get("score_levels", ())),
        )
    return KNOWN.get(engine.info.slug, RankingProfile())


def score_level(profile: RankingProfile, score: float) -> str:
    for minimum, name in profile.score_levels:
        if score >= minimum:
            return name
    return ""


def is_score_game(engine: Engine) -> bool:
    """Cooperative and solo games are played against the game: they go to score ladders."""
    return not ({Kind.VERSUS, Kind.MULTIPLAYER} & set(engine.info.kinds))
