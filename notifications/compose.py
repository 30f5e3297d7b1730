"""What each person is told when something happens, composed for that person only.

Each function reads the rows behind a signal's ids and returns the key of what happened and one
:class:`Message` per person concerned. Rules kept here:
- only people: AI entrants have no account and are never told anything;
- never the one who acted (the reporter, the disputer, the organiser who ruled);
- only people who may see the event (a private event's outsiders hear nothing);
- nothing hidden: a live game's notice says whose turn it is and never which move was played;
  a result notice names who reported, never the result of a silent round or a hidden game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.contrib.auth import get_user_model

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
    local = moment.astimezone(_zone(event))
    return f"{local:%a %d %b %Y, %H:%M} ({local.tzname()})"


def _game_title(slug: str) -> str:
    try:
        return get_engine(slug).info.title
    except Exception:  # a game no longer registered: its slug is still a fine name
        return slug


def _round_name(round_: Round) -> str:
    stage = round_.stage
    prefix = f"{stage.name}, " if stage.number > 1 else ""
    return f"{prefix}round {round_.number}"


def _where(match: Match) -> str:
    return f"{_round_name(match.round)}, table {match.table}"


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
    start = f" It starts {_when(starts_at, event)}." if starts_at else ""
    messages: dict[int, Message] = {}
    for match in round_.matches.select_related("round__stage__event").prefetch_related("seats__participant"):
        seats = list(match.seats.all())
        for user_id, participant in _human_seats(match):
            others = [seat.participant.name for seat in seats if seat.participant_id != participant.pk]
            if match.is_bye or not others:
                text = f"You have a bye in {_round_name(round_)}."
            else:
                text = f"You play {' and '.join(others)} at table {match.table}."
            messages[user_id] = Message(
                user_id,
                title=f"{event.name}: pairings of {_round_name(round_)}",
                body=text + start,
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
    reporter = entry.participant.name if entry.participant else "An organiser"
    messages = {}
    for user_id, participant in _human_seats(match):
        if participant.pk == participant_id or user_id == entry.author_id:
            continue
        messages[user_id] = Message(
            user_id,
            title=f"{reporter} reported game {game.number}: confirm or dispute",
            body=f"{event.name}, {_where(match)}: {reporter} reported the result of game {game.number}. "
            "Confirm it, or dispute it, on the match page.",
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
    if entry.action == ResultEntry.Action.LOG_VALIDATED:
        how = "by its valid game log"
    elif entry.participant is not None:
        how = f"by {entry.participant.name}"
    else:
        how = "by an organiser"
    messages = {
        user_id: Message(
            user_id,
            title=f"{event.name}: game {game.number} confirmed",
            body=f"The result of game {game.number} of your match ({_where(match)}) was confirmed {how}.",
            url=match.get_absolute_url(),
        )
        for user_id, participant in _human_seats(match)
        if user_id != entry.author_id and participant.pk != entry.participant_id
    }
    return _finish(Batch(Kind.RESULT_CONFIRMED, f"confirmed:{entry.pk}"), event, messages)


def dispute_opened(*, game_id: int, participant_id: int | None) -> Batch | None:
    game = _game(game_id)
    if game is None:
        return None
    entry = _latest_entry(game, ResultEntry.Action.DISPUTE)
    if entry is None:
        return None
    match, event = game.match, game.match.round.stage.event
    who = entry.participant.name if entry.participant else "A player"
    url = match.get_absolute_url()
    messages = {}
    for user_id, participant in _human_seats(match):
        if participant.pk != participant_id and user_id != entry.author_id:
            messages[user_id] = Message(
                user_id,
                title=f"{who} disputed game {game.number}",
                body=f"{event.name}, {_where(match)}: {who} disputed the result of game {game.number}. "
                "An organiser will rule on it.",
                url=url,
            )
    for user_id in _organisers(event):
        if user_id != entry.author_id:  # an organiser who also plays is told as an organiser
            messages[user_id] = Message(
                user_id,
                title=f"{event.name}: a dispute to rule on ({_where(match)})",
                body=f"{who} disputed the result of game {game.number} at {_where(match)}. Rule on it on the match page.",
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
    done = "ruled on the dispute about" if entry.action == ResultEntry.Action.RULE else "corrected the result of"
    messages = {
        user_id: Message(
            user_id,
            title=f"{event.name}: game {game.number} ruled",
            body=f"An organiser {done} game {game.number} of your match ({_where(match)}). See the match page.",
            url=match.get_absolute_url(),
        )
        for user_id, _participant in _human_seats(match)
        if user_id != entry.author_id
    }
    return _finish(Batch(Kind.DISPUTE_RULED, f"ruled:{entry.pk}"), event, messages)


def deadline_approaching(*, round_id: int) -> Batch | None:
    round_ = Round.objects.select_related("stage__event").filter(pk=round_id).first()
    if round_ is None:
        return None
    event = round_.stage.event
    deadline = getattr(round_, "report_deadline", None) or getattr(round_, "deadline", None)
    due = f" Results are due {_when(deadline, event)}." if isinstance(deadline, datetime) else ""
    messages = {}
    open_matches = round_.matches.exclude(status=Match.Status.COMPLETED).filter(is_bye=False)
    for match in open_matches.select_related("round__stage__event").prefetch_related("seats__participant"):
        for user_id, _participant in _human_seats(match):
            messages[user_id] = Message(
                user_id,
                title=f"{event.name}: {_round_name(round_)} report deadline in an hour",
                body=f"Your match at table {match.table} has no confirmed result yet.{due}",
                url=match.get_absolute_url(),
            )
    return _finish(Batch(Kind.DEADLINE_SOON, f"deadline:{round_.pk}"), event, messages)


def event_starting(*, event_id: int) -> Batch | None:
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        return None
    starts_at = getattr(event, "starts_at", None)
    if isinstance(starts_at, datetime):
        when = f" It starts {_when(starts_at, event)}."
    elif event.starts_on:
        when = f" It starts on {event.starts_on:%a %d %b %Y}."
    else:
        when = ""
    people = event.participants.filter(user__isnull=False, status=Participant.Status.ACTIVE).values_list(
        "user_id", flat=True
    )
    messages = {
        user_id: Message(
            user_id,
            title=f"{event.name} starts soon",
            body=f"You are registered for {event.name}.{when}",
            url=event.get_absolute_url(),
        )
        for user_id in people
    }
    return _finish(Batch(Kind.EVENT_STARTING, f"starting:{event.pk}"), event, messages)


def match_flagged(*, match_id: int) -> Batch | None:
    match = Match.objects.select_related("round__stage__event").filter(pk=match_id).first()
    if match is None:
        return None
    event = match.round.stage.event
    messages = {
        user_id: Message(
            user_id,
            title=f"{event.name}: no result at the deadline ({_where(match)})",
            body=f"The report deadline of {_round_name(match.round)} passed with no confirmed result at table "
            f"{match.table}. Look at the match.",
            url=match.get_absolute_url(),
        )
        for user_id in _organisers(event)
    }
    return _finish(Batch(Kind.MATCH_FLAGGED, f"flagged:{match.pk}"), event, messages)


# --- games ------------------------------------------------------------------------------------------


def log_verdict(*, record: GameRecord) -> Batch | None:
    """The uploader of a log hears its verdict (a game Brume played itself has no uploader)."""
    if record.source != GameRecord.Source.UPLOADED or record.uploaded_by_id is None or not record.is_done:
        return None
    uploader = get_user_model().objects.filter(pk=record.uploaded_by_id).first()
    if uploader is None or not may_open_record(record, uploader):
        return None
    title = _game_title(record.game)
    if record.status == GameRecord.Status.FAILED:
        headline, why = f"Your {title} log could not be checked", "Brume failed to validate it; it will be looked at."
    else:
        verdict = public_verdict(record, uploader) or {}
        valid = record.status == GameRecord.Status.VALID
        headline = f"Your {title} log is {'valid' if valid else 'invalid'}"
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
    against = f" against {', '.join(others)}" if others else ""
    message = Message(
        user_id,
        title=f"Your turn in {_game_title(live.game)}",
        body=f"It is your turn in your online game of {_game_title(live.game)}{against}.",
        url=url,
    )
    return Batch(Kind.YOUR_TURN, f"turn:{live.pk}:{live.turn_version}:{seat}", [message])
