"""Reads of the tournament app: lists, dashboards and "what should I do next"."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Prefetch, Q, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.models import Event, Match, MatchSeat, OrganiserJob, Participant, Round, SeriesGame, Stage
from tournament.permissions import closed_to_outsiders, is_organiser


def visible_events(user) -> QuerySet[Event]:
    """Public events, plus the private ones the user organises or plays in. Unlisted ones are
    reachable by link but not listed."""
    listed = Q(visibility=Event.Visibility.PUBLIC)
    if user.is_authenticated:
        if user.is_superuser:
            return Event.objects.all()
        listed |= Q(owner=user) | Q(arbiters=user) | Q(participants__user=user)
    return Event.objects.filter(listed).distinct()


def events_hidden_from(user, *, listing: bool = False) -> QuerySet[Event]:
    """The events this user may not open (private ones they have no part in), or, with
    ``listing``, may not see listed (also the unlisted ones they have no part in)."""
    if user.is_authenticated and user.is_superuser:
        return Event.objects.none()
    if listing:
        return Event.objects.exclude(pk__in=visible_events(user).values("pk"))
    hidden = Event.objects.filter(visibility=Event.Visibility.PRIVATE)
    if user.is_authenticated:
        hidden = hidden.exclude(owner=user).exclude(arbiters=user).exclude(participants__user=user)
    return hidden


def _duplicate_games_embargoed_for(user) -> QuerySet[SeriesGame]:
    """Games of a duplicate or score-challenge round still being played, at tables this user
    neither plays at nor organises: every table plays the same hidden setup (a Mists tile order),
    so another table's record, or the spectator view of its online game, would show what is still
    to come. They open to everyone the event allows once the round is closed."""
    games = SeriesGame.objects.filter(match__setup_seed__isnull=False, match__round__status=Round.Status.PUBLISHED)
    return closed_to_outsiders(games, user)


@dataclass(frozen=True)
class EventVisibility:
    """Records and live games inherit the visibility of the events whose games they are (a
    series game's log, its online game, an AI entrants' game). A record in several events' games
    is visible only to those who may see every one of them; a game of a duplicate round still being
    played is visible only to its own players and the organisers. Registered with the games app in
    ``TournamentConfig.ready``."""

    @staticmethod
    def _games(user, listing: bool) -> QuerySet[SeriesGame]:
        from tournament.silence import silent_games_hidden_from

        hidden_events = Q(match__round__stage__event__in=events_hidden_from(user, listing=listing))
        return SeriesGame.objects.filter(
            hidden_events
            | Q(pk__in=_duplicate_games_embargoed_for(user).values("pk"))
            | Q(pk__in=silent_games_hidden_from(user).values("pk"))
        )

    def hidden_records(self, user, *, listing: bool) -> Q:
        games = self._games(user, listing)
        return Q(pk__in=games.filter(record__isnull=False).values("record_id")) | Q(
            pk__in=games.filter(live__record__isnull=False).values("live__record_id")
        )

    def embargoed_logs(self, user) -> Q:
        """Records whose whole log file stays closed to this user although they may open the
        record: the games of a duplicate round still being played (its players included: the file
        holds the shared setup, which the other tables are still discovering). Organisers are not
        held back."""
        games = SeriesGame.objects.filter(match__setup_seed__isnull=False, match__round__status=Round.Status.PUBLISHED)
        if user.is_authenticated:
            if user.is_superuser:
                return Q(pk__in=[])
            games = games.exclude(match__round__stage__event__owner=user).exclude(
                match__round__stage__event__arbiters=user
            )
        return Q(pk__in=games.filter(record__isnull=False).values("record_id")) | Q(
            pk__in=games.filter(live__record__isnull=False).values("live__record_id")
        )

    def hidden_live_games(self, user, *, listing: bool) -> Q:
        return Q(pk__in=self._games(user, listing).filter(live__isnull=False).values("live_id"))


def event_list(user, *, status: str | None = None, game: str | None = None) -> QuerySet[Event]:
    events = visible_events(user).annotate(participant_count=Count("participants", distinct=True))
    if status:
        events = events.filter(status=status)
    if game:
        events = events.filter(game=game)
    return events.order_by("-starts_on", "-created_at")


def current_stage(event: Event) -> Stage | None:
    stages = list(event.stages.all())
    for stage in stages:
        if stage.status != Stage.Status.CLOSED:
            return stage
    return stages[-1] if stages else None


def current_round_number(event: Event) -> int:
    stage = current_stage(event)
    if stage is None:
        return 0
    return stage.rounds.order_by("-number").values_list("number", flat=True).first() or 0


# Up to this many tables in a stage, the event page shows every round; above, only the latest
# (the others have their own pages): a 1,000-entrant Swiss would otherwise render 4,500 rows.
ROUNDS_SHOWN_IN_FULL = 120


def _with_matches(rounds: QuerySet[Round]) -> QuerySet[Round]:
    seats = MatchSeat.objects.select_related("participant__user").order_by("seat")  # names link to players
    games = SeriesGame.objects.select_related("record")  # a team game's verdict says if it was won
    matches = Match.objects.order_by("table").prefetch_related(
        Prefetch("seats", queryset=seats), Prefetch("games", games)
    )
    return rounds.prefetch_related(Prefetch("matches", queryset=matches))


def stage_rounds(stage: Stage) -> QuerySet[Round]:
    return _with_matches(stage.rounds.order_by("number"))


@dataclass(frozen=True)
class StageRounds:
    """What the event page shows of a stage's rounds: every round, or the latest in full and
    the others as links."""

    shown: list[Round]
    linked: list[Round]

    def __bool__(self) -> bool:
        return bool(self.shown or self.linked)


def stage_rounds_for_page(stage: Stage, *, with_matches: bool = True) -> StageRounds:
    """``with_matches=False``: the rounds alone, for a page that shows each round's table from
    ``round_table_html`` (cached) rather than from the rows."""
    rounds = stage.rounds.order_by("number")
    load = _with_matches if with_matches else (lambda found: found)
    if Match.objects.filter(round__stage=stage).count() <= ROUNDS_SHOWN_IN_FULL:
        return StageRounds(list(load(rounds)), [])
    everything = list(rounds)
    latest = list(load(stage.rounds.filter(pk=everything[-1].pk)))
    return StageRounds(latest, everything[:-1])


def round_table_html(event: Event, round_id: int, *, silent: bool = False):
    """A round's pairings and results table, rendered once per change of the event: the same for
    every reader allowed to see the event. ``silent``: the pairings alone, for those a silent
    round hides its results from (cached apart)."""
    from ranking.cache import cached_html

    return cached_html(
        event.pk,
        f"round-table:{round_id}{':silent' if silent else ''}",
        "tournament/_round_table_silent.html" if silent else "tournament/_round_table.html",
        lambda: {"round": _round_for_table(round_id), "event": event},
    )


def _round_for_table(round_id: int) -> Round:
    """The round alone: its table (the ``round_table`` tag) reads its matches as plain rows, not
    through ``_with_matches``, which loads every game's whole record."""
    return Round.objects.select_related("stage__event").get(pk=round_id)


def stage_round(stage: Stage, number: int) -> Round:
    return _with_matches(stage.rounds.filter(number=number)).get()


def match_detail(match_id: int) -> Match:
    seats = MatchSeat.objects.select_related("participant__user").order_by("seat")
    games = (
        SeriesGame.objects.order_by("number")
        .select_related("record", "record_reporter")
        .prefetch_related("ledger__author", "ledger__participant")
    )
    return (
        Match.objects.select_related("round__stage__event")
        .prefetch_related(Prefetch("seats", queryset=seats), Prefetch("games", queryset=games))
        .get(pk=match_id)
    )


@dataclass(frozen=True)
class NextAction:
    """One thing to do now, in the words of the button that does it."""

    label: str
    detail: str = ""
    action: str = ""  # a key the page turns into a form or a link
    urgent: bool = False
    needs: str = ""  # the matches concerned: a key of MATCH_NEEDS, for the organiser's list of them


def organiser_actions(event: Event) -> list[NextAction]:
    """What the organiser should do next, most pressing first."""
    if event.status == Event.Status.DRAFT:
        return [NextAction(_("Open registration"), _("players can then sign up"), "open_registration")]
    active = event.participants.filter(status=Participant.Status.ACTIVE).count()
    if event.status == Event.Status.REGISTRATION:
        if active < 2:
            detail = _("%(count)s registered; at least two are needed") % {"count": active}
            return [NextAction(_("Add participants"), detail, "add_participant")]
        detail = ngettext("%(count)s participant registered", "%(count)s participants registered", active)
        return [NextAction(_("Start the event"), detail % {"count": active}, "start")]
    if event.status == Event.Status.FINISHED:
        return []
    stage = current_stage(event)
    if stage is None:
        return [NextAction(_("Add a stage"), _("choose a format"), "add_stage")]
    previous = event.stages.filter(number=stage.number - 1).first()
    if previous is not None and previous.advance_count and stage.entrants is None and not stage.rounds.exists():
        return [
            NextAction(
                (
                    _("Advance the top %(count)s of each group to %(stage)s")
                    if previous.groups
                    else _("Advance the top %(count)s to %(stage)s")
                )
                % {"count": previous.advance_count, "stage": stage.name},
                (
                    _("seeded by their finish in %(stage)s, group winners first, group mates apart in the first round")
                    if previous.groups
                    else _("seeded by their finish in %(stage)s")
                )
                % {"stage": previous.name},
                "advance",
            )
        ]
    actions = []
    pending = Match.objects.filter(round__stage=stage, status=Match.Status.PENDING)
    open_games = SeriesGame.objects.filter(match__in=pending)
    disputes = open_games.filter(status=SeriesGame.Status.DISPUTED).count()
    agreed = open_games.filter(status=SeriesGame.Status.REPORTED).count()
    missing = pending.count()
    if disputes:
        label = ngettext("Rule on %(count)s dispute", "Rule on %(count)s disputes", disputes) % {"count": disputes}
        actions.append(NextAction(label, "", "disputes", urgent=True, needs="dispute"))
    if agreed:
        label = ngettext("Confirm %(count)s reported result", "Confirm %(count)s reported results", agreed) % {
            "count": agreed
        }
        detail = _("reported by one side, not disputed")
        actions.append(NextAction(label, detail, "confirm_reported", needs="confirmation"))
    if missing:
        actions.append(
            NextAction(
                ngettext("%(count)s result missing", "%(count)s results missing", missing) % {"count": missing},
                "",
                "results",
                needs="result",
            )
        )
    elif stage.status != Stage.Status.CLOSED:
        from tournament.services.brackets import stage_bracket_state

        next_number = current_round_number(event) + 1
        planned = stage.settings.get("rounds")
        bracket = stage_bracket_state(stage)
        if bracket is not None and bracket.champion is not None:
            close = _("Close %(stage)s") % {"stage": stage.name}
            actions.append(NextAction(close, _("the bracket has its champion"), "close_stage"))
        elif planned and next_number > planned:
            close = _("Close %(stage)s") % {"stage": stage.name}
            actions.append(NextAction(close, _("all %(count)s rounds are played") % {"count": planned}, "close_stage"))
        else:
            actions.append(
                NextAction(
                    _("Pair round %(number)s") % {"number": next_number}, f"{stage.get_format_display()}", "pair"
                )
            )
    if stage.status == Stage.Status.CLOSED and not event.stages.exclude(status=Stage.Status.CLOSED).exists():
        actions.append(NextAction(_("Finish the event"), _("every stage is closed"), "finish"))
    return actions


@dataclass(frozen=True)
class PlayerTask:
    match: Match
    game: SeriesGame | None
    text: str
    needs_me: bool


def player_tasks(user) -> list[PlayerTask]:
    """The user's open matches and what each expects of them."""
    if not user.is_authenticated:
        return []
    seats = MatchSeat.objects.select_related("participant").order_by("seat")
    matches = (
        Match.objects.filter(seats__participant__user=user, status=Match.Status.PENDING, is_bye=False)
        .select_related("round__stage__event")
        .prefetch_related(Prefetch("seats", queryset=seats), "games")
        .order_by("round__stage__event__name", "round__number")
    )
    tasks = []
    for match in matches:
        mine = next(seat.participant for seat in match.seats.all() if seat.participant.user_id == user.pk)
        game = next(
            (g for g in sorted(match.games.all(), key=lambda g: g.number) if g.status != SeriesGame.Status.CONFIRMED),
            None,
        )
        if game is None:
            tasks.append(PlayerTask(match, None, _("waiting for the series to be settled"), False))
        elif game.status == SeriesGame.Status.AWAITING:
            tasks.append(
                PlayerTask(match, game, _("play game %(number)s and report its result") % {"number": game.number}, True)
            )
        elif game.status == SeriesGame.Status.REPORTED and game.reported_by_id != mine.pk:
            tasks.append(
                PlayerTask(
                    match,
                    game,
                    _("confirm or dispute the reported result of game %(number)s") % {"number": game.number},
                    True,
                )
            )
        elif game.status == SeriesGame.Status.REPORTED:
            tasks.append(
                PlayerTask(
                    match,
                    game,
                    _("waiting for your opponent to confirm game %(number)s") % {"number": game.number},
                    False,
                )
            )
        else:
            tasks.append(
                PlayerTask(
                    match,
                    game,
                    _("game %(number)s is disputed: an organiser will rule") % {"number": game.number},
                    False,
                )
            )
    return tasks


def stage_bracket_svg_cached(stage: Stage, hidden_rounds: frozenset[int] = frozenset()) -> str | None:
    """``stage_bracket_svg`` drawn once per change of the event (see ``ranking.cache``)."""
    from django.utils.translation import get_language

    from ranking.cache import cached, hiding

    name = f"bracket:{get_language() or 'en'}:{stage.pk}" + hiding(hidden_rounds)
    return cached(stage.event_id, name, lambda: stage_bracket_svg(stage, hidden_rounds))


def stage_bracket_svg(stage: Stage, hidden_rounds: frozenset[int] = frozenset()) -> str | None:
    """The stage's bracket as SVG, with what has been played so far (None without a bracket);
    the matches of ``hidden_rounds`` (silent rounds) are drawn unplayed."""
    from tournament.bracket_svg import PlayedMatch, bracket_svg

    if not stage.bracket:
        return None
    played = {}
    matches = Match.objects.filter(round__stage=stage).exclude(bracket_slot="").exclude(round_id__in=hidden_rounds)
    for match in matches.prefetch_related("seats"):
        seats = sorted(match.seats.all(), key=lambda seat: seat.seat)
        winners = [seat.participant_id for seat in seats if seat.rank == 1]
        played[match.bracket_slot] = PlayedMatch(
            tuple(seat.participant_id for seat in seats),
            winners[0] if len(winners) == 1 and match.status == "completed" else None,
        )
    names = dict(stage.event.participants.values_list("pk", "name"))
    return bracket_svg(stage.bracket, names, played)


def live_game_links(live) -> list[tuple[str, str]]:
    """Where an online game belongs: its match (game N of the series) and its event."""
    game = SeriesGame.objects.filter(live=live).select_related("match__round__stage__event").first()
    if game is None:
        return []
    match, event = game.match, game.match.round.stage.event
    return [
        (f"Round {match.round.number}, game {game.number}", match.get_absolute_url()),
        (event.name, event.get_absolute_url()),
    ]


def live_games_in_progress(event: Event) -> QuerySet[SeriesGame]:
    """The event's games being played on Brume now, for its page (spectators may watch them)."""
    return (
        SeriesGame.objects.filter(match__round__stage__event=event, live__status="playing")
        .select_related("live", "match__round")
        .order_by("match__round__number", "match__table", "number")
    )


def flagged_matches(event: Event) -> list[Match]:
    """Matches the deadline runner flagged and nobody has settled yet (for the organisers)."""
    return list(
        Match.objects.filter(round__stage__event=event, flagged_at__isnull=False, status=Match.Status.PENDING)
        .select_related("round__stage__event")
        .order_by("round__stage__number", "round__number", "table")
    )


def organiser_job_for(user, event: Event, public_id: str) -> OrganiserJob | None:
    """The event's job with this public id if the user organises the event; None otherwise (a
    404 for the page and the API alike: to anyone else a job does not exist)."""
    if not is_organiser(user, event):
        return None
    jobs = OrganiserJob.objects.select_related("event", "stage", "started_by").defer("input_text")
    return jobs.filter(event=event, public_id=public_id).first()
