"""What each person is told when something happens, composed for that person only.

Each function reads the rows behind a signal's ids and returns the key of what happened and one
:class:`Message` per person concerned. Rules kept here:
- only people: AI entrants have no account and are never told anything;
- never the one who acted (the reporter, the disputer, the organiser who ruled);
- only people who may see the event (a private event's outsiders hear nothing);
- nothing hidden: a live game's notice says whose turn it is and never which move was played;
  a result notice names who reported, never the result of a silent round or a hidden game;
- in the person's language: each message is composed under their profile's language (not the
  language of the request that caused it) and stored as composed (docs/notifications.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import F, Prefetch
from django.utils import dateformat, translation
from django.utils.translation import gettext, pgettext

from accounts.language import languages_of
from games.engines import get_engine
from games.models import GameRecord, LiveGame
from games.selectors import live_games_visible_to, may_open_record, public_verdict
from notifications.models import Kind
from notifications.services import Message
from tournament.models import Event, Match, Participant, ResultEntry, Round, SeriesGame
from tournament.permissions import can_view_event


@dataclass
class Batch:
    kind: str
    key: str
    messages: list[Message] = field(default_factory=list)


class _Voices:
    """Each person's language, looked up once per batch: ``with voices.of(user_id):`` composes
    in it."""

    def __init__(self, user_ids=(), *, known: dict[int, str] | None = None):
        if known is not None:  # read along with the seats (``_seats_and_languages``): no query
            self.languages = {pk: language or settings.LANGUAGE_CODE for pk, language in known.items()}
        else:
            self.languages = languages_of({pk for pk in user_ids if pk is not None})

    @classmethod
    def of_seats(cls, matches) -> _Voices:
        return cls(
            known={
                seat.participant.user_id: getattr(seat.participant, "reader_language", None)
                for match in matches
                for seat in match.seats.all()
                if seat.participant.user_id
            }
        )

    def of(self, user_id: int):
        if user_id not in self.languages:
            self.languages.update(languages_of([user_id]))
        return translation.override(self.languages.get(user_id, settings.LANGUAGE_CODE))


def _seats_and_languages() -> Prefetch:
    """The seats' participants, each with their person's profile language (one join, no query more)."""
    return Prefetch(
        "seats__participant", queryset=Participant.objects.annotate(reader_language=F("user__profile__language"))
    )


def _users_who_may_see(event: Event, user_ids) -> set[int]:
    ids = {pk for pk in user_ids if pk is not None}
    if event.visibility != Event.Visibility.PRIVATE:
        return ids
    people = get_user_model().objects.filter(pk__in=ids)
    return {person.pk for person in people if can_view_event(person, event)}


def _organisers(event: Event) -> set[int]:
    return {event.owner_id, *event.arbiters.values_list("pk", flat=True)}


def _zone(event: Event) -> ZoneInfo:
    try:
        return ZoneInfo(getattr(event, "time_zone", "UTC") or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def _when(moment: datetime, event: Event) -> str:
    """The moment in the event's time zone, day and month named in the active language."""
    local = moment.astimezone(_zone(event))
    return f"{dateformat.format(local, 'D d M Y, H:i')} ({local.tzname()})"


def _day(day) -> str:
    return dateformat.format(day, "D d M Y")


def _and(names: list[str]) -> str:
    """``A and B and C`` in the active language."""
    text = names[0] if names else ""
    for name in names[1:]:
        text = gettext("%(first)s and %(second)s") % {"first": text, "second": name}
    return text


def _sentences(*parts: str) -> str:
    return " ".join(part for part in parts if part)


def _game_title(slug: str) -> str:
    try:
        return get_engine(slug).info.title
    except Exception:  # a game no longer registered: its slug is still a fine name
        return slug


def _round_name(round_: Round) -> str:
    stage = round_.stage
    if stage.number > 1:
        return gettext("%(stage)s, round %(number)s") % {"stage": stage.name, "number": round_.number}
    return gettext("round %(number)s") % {"number": round_.number}


def _where(match: Match) -> str:
    return gettext("%(round)s, table %(table)s") % {"round": _round_name(match.round), "table": match.table}


def _human_seats(match: Match):
    """(user id, participant) of each seat played by a person."""
    return [(seat.participant.user_id, seat.participant) for seat in match.seats.all() if seat.participant.user_id]


def _game(game_id: int) -> SeriesGame | None:
    return (
        SeriesGame.objects.select_related("match__round__stage__event")
        .prefetch_related("match__seats__participant")
        .filter(pk=game_id)
        .first()
    )


def _latest_entry(game: SeriesGame, *actions: str) -> ResultEntry | None:
    return game.ledger.filter(action__in=actions).select_related("participant").order_by("-version").first()


def _finish(batch: Batch, event: Event, messages: dict[int, Message]) -> Batch:
    allowed = _users_who_may_see(event, messages)
    batch.messages = [message for person, message in messages.items() if person in allowed]
    return batch


# --- tournament -------------------------------------------------------------------------------------


def pairings_published(*, round_id: int) -> Batch | None:
    round_ = Round.objects.select_related("stage__event").filter(pk=round_id).first()
    if round_ is None:
        return None
    event = round_.stage.event
    starts_at = getattr(round_, "starts_at", None)
    matches = list(round_.matches.select_related("round__stage__event").prefetch_related(_seats_and_languages()))
    voices = _Voices.of_seats(matches)
    messages: dict[int, Message] = {}
    for match in matches:
        seats = list(match.seats.all())
        for user_id, participant in _human_seats(match):
            others = [seat.participant.name for seat in seats if seat.participant_id != participant.pk]
            with voices.of(user_id):
                if match.is_bye or not others:
                    text = gettext("You have a bye in %(round)s.") % {"round": _round_name(round_)}
                else:
                    text = gettext("You play %(opponents)s at table %(table)s.") % {
                        "opponents": _and(others),
                        "table": match.table,
                    }
                start = gettext("It starts %(when)s.") % {"when": _when(starts_at, event)} if starts_at else ""
                messages[user_id] = Message(
                    user_id,
                    title=gettext("%(event)s: pairings of %(round)s")
                    % {"event": event.name, "round": _round_name(round_)},
                    body=_sentences(text, start),
                    url=match.get_absolute_url(),
                )
    return _finish(Batch(Kind.PAIRINGS_PUBLISHED, f"pairings:{round_.pk}"), event, messages)


def result_reported(*, game_id: int, participant_id: int | None) -> Batch | None:
    game = _game(game_id)
    if game is None or game.status != SeriesGame.Status.REPORTED:
        return None  # confirmed or disputed meanwhile: there is nothing left to confirm
    entry = _latest_entry(game, ResultEntry.Action.REPORT)
    if entry is None:
        return None
    match, event = game.match, game.match.round.stage.event
    told = [
        user_id
        for user_id, participant in _human_seats(match)
        if participant.pk != participant_id and user_id != entry.author_id
    ]
    voices = _Voices(told)
    messages = {}
    for user_id in told:
        with voices.of(user_id):
            reporter = (
                entry.participant.name if entry.participant else pgettext("the subject of a sentence", "An organiser")
            )
            facts = {"who": reporter, "number": game.number, "event": event.name, "where": _where(match)}
            messages[user_id] = Message(
                user_id,
                title=gettext("%(who)s reported game %(number)s: confirm or dispute") % facts,
                body=gettext(
                    "%(event)s, %(where)s: %(who)s reported the result of game %(number)s. "
                    "Confirm it, or dispute it, on the match page."
                )
                % facts,
                url=match.get_absolute_url(),
            )
    return _finish(Batch(Kind.RESULT_REPORTED, f"reported:{entry.pk}"), event, messages)


def result_confirmed(*, game_id: int) -> Batch | None:
    """The players hear that a game's result is final, except the one who confirmed it. A ruling
    confirms too, but ``dispute_ruled`` tells of it already."""
    game = _game(game_id)
    if game is None or game.status != SeriesGame.Status.CONFIRMED:
        return None
    entry = game.ledger.select_related("participant").order_by("-version").first()
    if entry is None or entry.action in (ResultEntry.Action.RULE, ResultEntry.Action.CORRECT):
        return None
    match, event = game.match, game.match.round.stage.event
    told = [
        user_id
        for user_id, participant in _human_seats(match)
        if user_id != entry.author_id and participant.pk != entry.participant_id
    ]
    voices = _Voices(told)
    messages = {}
    for user_id in told:
        with voices.of(user_id):
            facts = {"number": game.number, "where": _where(match), "event": event.name}
            if entry.action == ResultEntry.Action.LOG_VALIDATED:
                body = gettext(
                    "The result of game %(number)s of your match (%(where)s) was confirmed by its valid game log."
                )
            elif entry.participant is not None:
                facts["who"] = entry.participant.name
                body = gettext("The result of game %(number)s of your match (%(where)s) was confirmed by %(who)s.")
            else:
                body = gettext("The result of game %(number)s of your match (%(where)s) was confirmed by an organiser.")
            messages[user_id] = Message(
                user_id,
                title=gettext("%(event)s: game %(number)s confirmed") % facts,
                body=body % facts,
                url=match.get_absolute_url(),
            )
    return _finish(Batch(Kind.RESULT_CONFIRMED, f"confirmed:{entry.pk}"), event, messages)


def dispute_opened(*, game_id: int, participant_id: int | None) -> Batch | None:
    game = _game(game_id)
    if game is None:
        return None
    entry = _latest_entry(game, ResultEntry.Action.DISPUTE)
    if entry is None:
        return None
    match, event = game.match, game.match.round.stage.event
    url = match.get_absolute_url()
    players = [
        user_id
        for user_id, participant in _human_seats(match)
        if participant.pk != participant_id and user_id != entry.author_id
    ]
    organisers = [user_id for user_id in _organisers(event) if user_id != entry.author_id]
    voices = _Voices([*players, *organisers])

    def facts() -> dict:
        who = entry.participant.name if entry.participant else pgettext("the subject of a sentence", "A player")
        return {"who": who, "number": game.number, "event": event.name, "where": _where(match)}

    messages = {}
    for user_id in players:
        with voices.of(user_id):
            messages[user_id] = Message(
                user_id,
                title=gettext("%(who)s disputed game %(number)s") % facts(),
                body=gettext(
                    "%(event)s, %(where)s: %(who)s disputed the result of game %(number)s. "
                    "An organiser will rule on it."
                )
                % facts(),
                url=url,
            )
    for user_id in organisers:  # an organiser who also plays is told as an organiser
        with voices.of(user_id):
            messages[user_id] = Message(
                user_id,
                title=gettext("%(event)s: a dispute to rule on (%(where)s)") % facts(),
                body=gettext(
                    "%(who)s disputed the result of game %(number)s at %(where)s. Rule on it on the match page."
                )
                % facts(),
                url=url,
            )
    return _finish(Batch(Kind.DISPUTE_OPENED, f"dispute:{entry.pk}"), event, messages)


def dispute_ruled(*, game_id: int) -> Batch | None:
    game = _game(game_id)
    if game is None:
        return None
    entry = _latest_entry(game, ResultEntry.Action.RULE, ResultEntry.Action.CORRECT)
    if entry is None:
        return None
    match, event = game.match, game.match.round.stage.event
    told = [user_id for user_id, _participant in _human_seats(match) if user_id != entry.author_id]
    voices = _Voices(told)
    messages = {}
    for user_id in told:
        with voices.of(user_id):
            facts = {"number": game.number, "where": _where(match), "event": event.name}
            if entry.action == ResultEntry.Action.RULE:
                body = gettext(
                    "An organiser ruled on the dispute about game %(number)s of your match (%(where)s). "
                    "See the match page."
                )
            else:
                body = gettext(
                    "An organiser corrected the result of game %(number)s of your match (%(where)s). See the match page."
                )
            messages[user_id] = Message(
                user_id,
                title=gettext("%(event)s: game %(number)s ruled") % facts,
                body=body % facts,
                url=match.get_absolute_url(),
            )
    return _finish(Batch(Kind.DISPUTE_RULED, f"ruled:{entry.pk}"), event, messages)


def deadline_approaching(*, round_id: int) -> Batch | None:
    round_ = Round.objects.select_related("stage__event").filter(pk=round_id).first()
    if round_ is None:
        return None
    event = round_.stage.event
    deadline = getattr(round_, "report_deadline", None) or getattr(round_, "deadline", None)
    messages = {}
    open_matches = round_.matches.exclude(status=Match.Status.COMPLETED).filter(is_bye=False)
    matches = list(open_matches.select_related("round__stage__event").prefetch_related(_seats_and_languages()))
    voices = _Voices.of_seats(matches)
    for match in matches:
        for user_id, _participant in _human_seats(match):
            with voices.of(user_id):
                due = (
                    gettext("Results are due %(when)s.") % {"when": _when(deadline, event)}
                    if isinstance(deadline, datetime)
                    else ""
                )
                messages[user_id] = Message(
                    user_id,
                    title=gettext("%(event)s: %(round)s report deadline in an hour")
                    % {"event": event.name, "round": _round_name(round_)},
                    body=_sentences(
                        gettext("Your match at table %(table)s has no confirmed result yet.") % {"table": match.table},
                        due,
                    ),
                    url=match.get_absolute_url(),
                )
    return _finish(Batch(Kind.DEADLINE_SOON, f"deadline:{round_.pk}"), event, messages)


def event_starting(*, event_id: int) -> Batch | None:
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        return None
    starts_at = getattr(event, "starts_at", None)
    people = list(
        event.participants.filter(user__isnull=False, status=Participant.Status.ACTIVE).values_list(
            "user_id", flat=True
        )
    )
    voices = _Voices(people)
    messages = {}
    for user_id in people:
        with voices.of(user_id):
            if isinstance(starts_at, datetime):
                when = gettext("It starts %(when)s.") % {"when": _when(starts_at, event)}
            elif event.starts_on:
                when = gettext("It starts on %(day)s.") % {"day": _day(event.starts_on)}
            else:
                when = ""
            messages[user_id] = Message(
                user_id,
                title=gettext("%(event)s starts soon") % {"event": event.name},
                body=_sentences(gettext("You are registered for %(event)s.") % {"event": event.name}, when),
                url=event.get_absolute_url(),
            )
    return _finish(Batch(Kind.EVENT_STARTING, f"starting:{event.pk}"), event, messages)


def match_flagged(*, match_id: int) -> Batch | None:
    match = Match.objects.select_related("round__stage__event").filter(pk=match_id).first()
    if match is None:
        return None
    event = match.round.stage.event
    organisers = _organisers(event)
    voices = _Voices(organisers)
    messages = {}
    for user_id in organisers:
        with voices.of(user_id):
            messages[user_id] = Message(
                user_id,
                title=gettext("%(event)s: no result at the deadline (%(where)s)")
                % {"event": event.name, "where": _where(match)},
                body=gettext(
                    "The report deadline of %(round)s passed with no confirmed result at table %(table)s. "
                    "Look at the match."
                )
                % {"round": _round_name(match.round), "table": match.table},
                url=match.get_absolute_url(),
            )
    return _finish(Batch(Kind.MATCH_FLAGGED, f"flagged:{match.pk}"), event, messages)


# --- games ------------------------------------------------------------------------------------------


def log_verdict(*, record: GameRecord) -> Batch | None:
    """The uploader of a log hears its verdict (a game Brume played itself has no uploader)."""
    if record.source != GameRecord.Source.UPLOADED or record.uploaded_by_id is None or not record.is_done:
        return None
    uploader = get_user_model().objects.filter(pk=record.uploaded_by_id).first()
    if uploader is None or not may_open_record(record, uploader):
        return None
    with _Voices([uploader.pk]).of(uploader.pk):
        title = _game_title(record.game)
        if record.status == GameRecord.Status.FAILED:
            headline = gettext("Your %(game)s log could not be checked") % {"game": title}
            why = gettext("Brume failed to validate it; it will be looked at.")
        else:
            verdict = public_verdict(record, uploader) or {}
            if record.status == GameRecord.Status.VALID:
                headline = gettext("Your %(game)s log is valid") % {"game": title}
            else:
                headline = gettext("Your %(game)s log is invalid") % {"game": title}
            why = str(verdict.get("summary", ""))
    message = Message(uploader.pk, title=headline, body=why, url=record.get_absolute_url())
    return Batch(Kind.LOG_VERDICT, f"verdict:{record.pk}", [message])


def your_turn(*, live_id: int, seat: int) -> Batch | None:
    """The person at ``seat`` is told it is their turn: no word of the move that led there."""
    live = LiveGame.objects.filter(pk=live_id, status=LiveGame.Status.PLAYING).first()
    if live is None or not 0 <= seat < len(live.seats):
        return None
    player = str(live.seats[seat].get("player", ""))
    if not player.startswith("user:"):
        return None  # an AI seat: Brume plays it, nobody is told
    try:
        user_id = int(player.removeprefix("user:"))
    except ValueError:
        return None
    person = get_user_model().objects.filter(pk=user_id).first()
    if person is None or not live_games_visible_to(person).filter(pk=live.pk).exists():
        return None
    url = live.get_absolute_url()
    # One unread "your turn" per game is enough: a long game would otherwise fill the list.
    if person.notifications.filter(kind=Kind.YOUR_TURN, url=url, read_at__isnull=True, on_site=True).exists():
        return None
    others = [str(s.get("name", "")) for i, s in enumerate(live.seats) if i != seat and s.get("name")]
    with _Voices([user_id]).of(user_id):
        game = _game_title(live.game)
        if others:
            body = gettext("It is your turn in your online game of %(game)s against %(opponents)s.") % {
                "game": game,
                "opponents": ", ".join(others),
            }
        else:
            body = gettext("It is your turn in your online game of %(game)s.") % {"game": game}
        message = Message(user_id, title=gettext("Your turn in %(game)s") % {"game": game}, body=body, url=url)
    return Batch(Kind.YOUR_TURN, f"turn:{live.pk}:{live.turn_version}:{seat}", [message])
