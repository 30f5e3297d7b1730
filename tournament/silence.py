"""Silent rounds: a stage setting (``"silent": true``) that keeps each round's results from
everyone but the organisers until the round is over (every match settled: the round is closed).
The players of a match still report, confirm and see their own match.

Every reader of results asks here: the round tables, match pages, standings and their "why",
the bracket picture, the API, the CSV and TRF exports, game records and online games. Cached
parts are cached twice (see ``ranking.cache``): with the results for organisers, without them
for everyone else, so that a fragment rendered for one never reaches the other.
"""

from __future__ import annotations

from django.db.models import QuerySet
from django.utils.translation import gettext_noop

from tournament.models import Match, Round, SeriesGame, Stage
from tournament.permissions import closed_to_outsiders, is_organiser, seat_participant

# English, marked; shown through gettext(HIDDEN) in the reader's language.
HIDDEN = gettext_noop("The results of this round are hidden until the round is over.")


def stage_is_silent(stage: Stage) -> bool:
    return bool((stage.settings or {}).get("silent"))


def round_is_silent(round_: Round) -> bool:
    """The round's results are still hidden (from all but organisers and each match's players)."""
    return round_.status == Round.Status.PUBLISHED and stage_is_silent(round_.stage)


def silent_rounds(stages) -> QuerySet[Round]:
    """The open rounds of silent stages among ``stages`` (a queryset or a list of stages)."""
    ids = [stage.pk for stage in stages if stage_is_silent(stage)] if not isinstance(stages, QuerySet) else None
    found = Round.objects.filter(status=Round.Status.PUBLISHED)
    if ids is None:
        return found.filter(stage__in=stages, stage__settings__silent=True)
    return found.filter(stage_id__in=ids)


def hidden_round_ids(user, stage: Stage) -> frozenset[int]:
    """The rounds of this stage whose results ``user`` may not see yet (none for organisers)."""
    if not stage_is_silent(stage) or is_organiser(user, stage.event):
        return frozenset()
    return frozenset(silent_rounds([stage]).values_list("pk", flat=True))


def match_hidden_from(user, match: Match) -> bool:
    """A match of a silent round, read by someone who neither organises nor plays it."""
    if not round_is_silent(match.round):
        return False
    return not is_organiser(user, match.round.stage.event) and seat_participant(user, match) is None


def silent_games_hidden_from(user) -> QuerySet[SeriesGame]:
    """Games of open silent rounds at tables this user neither plays at nor organises: their
    records and online games stay closed until the round is over."""
    games = SeriesGame.objects.filter(
        match__round__status=Round.Status.PUBLISHED, match__round__stage__settings__silent=True
    )
    return closed_to_outsiders(games, user)
