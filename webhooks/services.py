"""Writes of the webhooks app: endpoints (register, rotate, disable, delete, ping), deliveries
(fan out news, send one attempt, retry with backoff, redeliver).

Sending is at least once: a delivery is written down before its task is sent, an attempt claims
it for a while (so two workers do not send it at once) and the sweep sends what is due again.
Receivers tell repeats apart by ``Brume-Delivery``.
"""

from __future__ import annotations

import hashlib
import json
import logging
import secrets
import time
import uuid
from datetime import datetime, timedelta

from django.conf import settings
from django.db import models, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from games.validators import hidden_character_refusal
from tournament.errors import NotAllowed, ServiceError
from tournament.models import Event, Round, SeriesGame, Stage
from tournament.permissions import can_create_event, is_organiser
from webhooks import payloads, safety, transport
from webhooks.models import SUBSCRIBABLE, Delivery, DeliveryAttempt, Endpoint, Kind
from webhooks.selectors import can_manage, listening_endpoints

logger = logging.getLogger(__name__)

Status = Delivery.Status
PING_INTERVAL = 10  # seconds between two test pings of one endpoint
MAX_RETRY_AFTER = 12 * 3600  # a receiver's Retry-After is followed up to this many seconds


def new_secret() -> str:
    return "whsec_" + secrets.token_hex(32)


# --- endpoints -----------------------------------------------------------------------------


def _check_kinds(kinds) -> list[str]:
    if not isinstance(kinds, list | tuple) or not kinds:
        raise ServiceError(gettext("choose at least one kind of news: %(kinds)s") % {"kinds": ", ".join(SUBSCRIBABLE)})
    unknown = [str(k) for k in kinds if k not in SUBSCRIBABLE]
    if unknown:
        raise ServiceError(
            gettext("unknown kind %(unknown)s; the kinds are %(kinds)s")
            % {"unknown": ", ".join(unknown), "kinds": ", ".join(SUBSCRIBABLE)}
        )
    return [k for k in SUBSCRIBABLE if k in kinds]


def _check_style(style: str) -> str:
    if style not in Endpoint.Style.values:
        raise ServiceError(gettext("the style is one of %(styles)s") % {"styles": ", ".join(Endpoint.Style.values)})
    return style


def _check_url(url: str) -> str:
    if not isinstance(url, str) or len(url) > 500:
        raise ServiceError(gettext("give a URL of at most 500 characters"))
    safety.check_url(url)
    return url.strip()


def _check_name(name: str) -> str:
    """The endpoint's name, a note shown on the webhook pages: bounded, with no hidden characters."""
    if len(name) > 80:
        raise ServiceError(gettext("the name has at most 80 characters"))
    refusal = hidden_character_refusal(name)  # the form and the API say it of their field first
    if refusal:
        raise ServiceError(refusal)
    return name.strip()


def check_may_register(by, event: Event | None) -> None:
    if not by.is_authenticated:
        raise NotAllowed(gettext("sign in to register a webhook"))
    if event is not None:
        if not is_organiser(by, event):
            raise NotAllowed(gettext("only the event's organisers may register its webhooks"))
    elif not (can_create_event(by) or Event.objects.filter(Q(owner=by) | Q(arbiters=by)).exists()):
        raise NotAllowed(gettext("account webhooks are for people who organise events"))


def endpoint_create(
    *, by, event: Event | None = None, url: str, style: str = "json", kinds=None, name: str = ""
) -> tuple[Endpoint, str]:
    """A new endpoint and its secret, which is shown this once."""
    check_may_register(by, event)
    kinds = _check_kinds(list(SUBSCRIBABLE) if kinds is None else kinds)
    style, url = _check_style(style), _check_url(url)
    name = _check_name(name)
    existing = Endpoint.objects.filter(event=event) if event else Endpoint.objects.filter(owner=by, event=None)
    if existing.count() >= settings.BRUME_WEBHOOKS_MAX_ENDPOINTS:
        limit = settings.BRUME_WEBHOOKS_MAX_ENDPOINTS
        raise ServiceError(
            ngettext(
                "at most %(count)d webhook here: delete one first",
                "at most %(count)d webhooks here: delete one first",
                limit,
            )
            % {"count": limit}
        )
    secret = new_secret()
    endpoint = Endpoint.objects.create(
        owner=by, event=event, url=url, style=style, kinds=kinds, name=name, secret=secret
    )
    return endpoint, secret


def _check_manager(by, endpoint: Endpoint) -> None:
    if not can_manage(by, endpoint):
        raise NotAllowed(gettext("only the webhook's owner and the event's organisers may change it"))


def endpoint_update(*, endpoint: Endpoint, by, **fields) -> Endpoint:
    """Change name, url, style, kinds or active; turning an endpoint back on checks its URL.
    Everything is checked before anything changes."""
    _check_manager(by, endpoint)
    changes = {}
    if "kinds" in fields:
        changes["kinds"] = _check_kinds(fields["kinds"])
    if "style" in fields:
        changes["style"] = _check_style(fields["style"])
    if "url" in fields:
        changes["url"] = _check_url(fields["url"])
    if "name" in fields:
        changes["name"] = _check_name(fields["name"])
    if "active" in fields and bool(fields["active"]) != endpoint.active:
        if fields["active"]:
            _check_url(changes.get("url", endpoint.url))
        changes["active"] = bool(fields["active"])
        changes["disabled_reason"] = "" if fields["active"] else f"disabled by {by.get_username()}"
    for name, value in changes.items():
        setattr(endpoint, name, value)
    endpoint.save()
    return endpoint


def endpoint_rotate_secret(*, endpoint: Endpoint, by) -> str:
    """A new secret, shown this once; deliveries signed from now on use it."""
    _check_manager(by, endpoint)
    endpoint.secret = new_secret()
    endpoint.save(update_fields=["secret", "updated_at"])
    return endpoint.secret


def endpoint_delete(*, endpoint: Endpoint, by) -> None:
    _check_manager(by, endpoint)
    endpoint.delete()


def endpoint_ping(*, endpoint: Endpoint, by) -> Delivery:
    """A test delivery, sent now (and retried like any other)."""
    _check_manager(by, endpoint)
    if not endpoint.active:
        raise ServiceError(gettext("this webhook is disabled: enable it before sending a test ping"))
    recent = timezone.now() - timedelta(seconds=PING_INTERVAL)
    if endpoint.deliveries.filter(kind=Kind.PING, created_at__gt=recent).exists():
        raise ServiceError(
            gettext("a test ping was sent less than %(seconds)d seconds ago: see the delivery log")
            % {"seconds": PING_INTERVAL}
        )
    data = {"message": "A test ping from Brume: this webhook works.", "endpoint": endpoint.name or endpoint.url}
    return _deliveries_create([endpoint], Kind.PING, endpoint.event, data)[0]


# --- deliveries ----------------------------------------------------------------------------


def _payload(endpoint: Endpoint, delivery_id: uuid.UUID, kind: str, event: Event | None, data: dict) -> dict:
    if endpoint.style == Endpoint.Style.DISCORD:
        return payloads.discord_payload(kind, event, data)
    payload = payloads.json_payload(str(delivery_id), kind, event, data)
    site = settings.BRUME_WEBHOOKS_SITE_URL
    if event is not None and site:
        payload["event"]["url"] = site.rstrip("/") + event.get_absolute_url()
    return payload


def _digest(data: dict) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()


def _already_told(endpoint: Endpoint, kind: str, event: Event | None, digest: str) -> bool:
    """The endpoint's latest news of this kind about this event said exactly this."""
    latest = endpoint.deliveries.filter(kind=kind, event=event).order_by("-created_at", "-id").first()
    return latest is not None and latest.digest == digest


def _deliveries_create(endpoints: list[Endpoint], kind: str, event: Event | None, data: dict) -> list[Delivery]:
    now = timezone.now()
    digest = _digest(data)
    if kind == Kind.STANDINGS_CHANGED:  # a settled match that moved nothing public (a silent round)
        endpoints = [e for e in endpoints if not _already_told(e, kind, event, digest)]
    made = []
    for endpoint in endpoints:
        delivery_id = uuid.uuid4()
        made.append(
            Delivery(
                uuid=delivery_id,
                endpoint=endpoint,
                kind=kind,
                event=event,
                payload=_payload(endpoint, delivery_id, kind, event, data),
                digest=digest,
                next_attempt_at=now,
            )
        )
    made = Delivery.objects.bulk_create(made)
    ids = list(Delivery.objects.filter(uuid__in=[d.uuid for d in made]).order_by("pk").values_list("pk", flat=True))
    _queue(ids)
    return list(Delivery.objects.filter(pk__in=ids).order_by("pk"))


def _queue(ids: list[int]) -> None:
    """Send each delivery's task once the rows are committed; a send that fails (broker down)
    leaves the delivery due, for the sweep."""

    def send():
        from webhooks.tasks import send_delivery

        for pk in ids:
            try:
                send_delivery.delay(pk)
            except Exception:
                logger.exception("could not queue webhook delivery %s; the sweep will send it", pk)

    transaction.on_commit(send, robust=True)


def _news(kind: str, ids: dict) -> tuple[Event, dict | None]:
    """The event a piece of news is about, and its ``data`` (None: nothing public to say)."""
    if kind == Kind.PAIRINGS_PUBLISHED:
        round_ = Round.objects.select_related("stage__event").get(pk=ids["round_id"])
        return round_.stage.event, payloads.pairings_data(round_)
    if kind == Kind.RESULT_CONFIRMED:
        game = SeriesGame.objects.select_related("match__round__stage__event").get(pk=ids["game_id"])
        return game.match.round.stage.event, payloads.result_data(game)
    if kind == Kind.STANDINGS_CHANGED:
        stage = Stage.objects.select_related("event").get(pk=ids["stage_id"])
        return stage.event, payloads.standings_data(stage)
    if kind == Kind.EVENT_FINISHED:
        event = Event.objects.get(pk=ids["event_id"])
        return event, payloads.finished_data(event)
    raise ValueError(f"no webhook news of kind {kind}")


def news_fan_out(*, kind: str, **ids) -> list[Delivery]:
    """One delivery per endpoint that listens to this news, queued on commit."""
    event, data = _news(kind, ids)
    endpoints = listening_endpoints(event, kind)
    if not endpoints or data is None:
        return []
    with transaction.atomic():
        return _deliveries_create(endpoints, kind, event, data)


def retry_delay(failures: int) -> timedelta | None:
    """How long after the ``failures``-th failed attempt the next one is due; None: give up."""
    delays = settings.BRUME_WEBHOOKS_RETRY_DELAYS
    if failures > len(delays):
        return None
    return timedelta(seconds=delays[failures - 1] * settings.BRUME_WEBHOOKS_DELAY_SCALE)


def _unclaimed(now: datetime) -> Q:
    return Q(claimed_until__isnull=True) | Q(claimed_until__lte=now)


def _due(now: datetime) -> Q:
    return (
        Q(status__in=[Status.PENDING, Status.FAILED])
        & (Q(next_attempt_at__isnull=True) | Q(next_attempt_at__lte=now))
        & _unclaimed(now)
    )


def _claim(delivery_id: int, now: datetime) -> bool:
    until = now + timedelta(seconds=settings.BRUME_WEBHOOKS_CLAIM_SECONDS)
    return bool(Delivery.objects.filter(_due(now), pk=delivery_id).update(claimed_until=until, updated_at=now))


def headers_for(delivery: Delivery, body: bytes, timestamp: int) -> dict[str, str]:
    return {
        "Brume-Timestamp": str(timestamp),
        "Brume-Signature": transport.signature(delivery.endpoint.secret, timestamp, body),
        "Brume-Delivery": str(delivery.uuid),
        "Brume-Event": delivery.kind,
    }


def delivery_attempt(*, delivery_id: int, now: datetime | None = None) -> Delivery | None:
    """Send a due delivery once and write down what came back: 2xx delivered; 410 Gone disables
    the endpoint; anything else is retried after the next delay, or given up. ``now`` is the
    clock the schedule reads (tests move it); None when the delivery is not due or taken."""
    now = now or timezone.now()
    if not _claim(delivery_id, now):
        return None
    delivery = Delivery.objects.select_related("endpoint").get(pk=delivery_id)
    endpoint = delivery.endpoint
    number = delivery.attempts + 1
    if not endpoint.active:
        return _finish(delivery, now, number, None, "", "the webhook is disabled: not sent", 0, give_up=True)
    body = json.dumps(delivery.payload, separators=(",", ":"), ensure_ascii=False).encode()
    try:
        target = safety.check_url(endpoint.url)
    except safety.UnsafeURL as refused:
        # A name that does not resolve now, or resolves inside our network now (DNS rebinding, or
        # a receiver moving its servers): nothing is sent, and like any failure it is retried on
        # the schedule (docs/webhooks.md), each retry checking the address afresh, then given up.
        return _finish(delivery, now, number, None, "", f"not sent: {refused.message}", 0)
    answer = transport.post(
        target, body, headers_for(delivery, body, int(time.time())), timeout=settings.BRUME_WEBHOOKS_TIMEOUT
    )
    if answer.status == 410:
        Endpoint.objects.filter(pk=endpoint.pk).update(
            active=False, disabled_reason="the receiver answered 410 Gone", updated_at=now
        )
        return _finish(
            delivery, now, number, 410, answer.excerpt, "410 Gone: webhook disabled", answer.duration_ms, give_up=True
        )
    return _finish(
        delivery, now, number, answer.status, answer.excerpt, answer.error, answer.duration_ms, answer.retry_after
    )


def _finish(
    delivery: Delivery,
    now,
    number: int,
    code,
    excerpt: str,
    error: str,
    duration_ms: int,
    retry_after: int | None = None,
    *,
    give_up: bool = False,
) -> Delivery:
    delivered = code is not None and 200 <= code < 300
    if code is not None and not delivered and not error:
        error = f"the receiver answered {code}"
    with transaction.atomic():
        DeliveryAttempt.objects.create(
            delivery=delivery,
            number=number,
            at=now,
            response_code=code,
            response_excerpt=excerpt[: transport.EXCERPT_CHARS],
            error=error[:500],
            duration_ms=duration_ms,
        )
        delivery.attempts = number
        delivery.last_response_code = code
        delivery.response_excerpt = excerpt[: transport.EXCERPT_CHARS]
        delivery.error = error[:500]
        delivery.claimed_until = None
        if delivered:
            delivery.status, delivery.delivered_at, delivery.next_attempt_at = Status.DELIVERED, now, None
        else:
            delay = None if give_up else retry_delay(number - delivery.attempts_before_redeliver)
            if delay is not None and retry_after:  # the receiver asked for a longer wait (Discord's 429)
                delay = max(delay, timedelta(seconds=min(retry_after, MAX_RETRY_AFTER)))
            if delay is None:
                delivery.status, delivery.next_attempt_at = Status.GAVE_UP, None
            else:
                delivery.status, delivery.next_attempt_at = Status.FAILED, now + delay
        delivery.save()
    return delivery


def delivery_redeliver(*, delivery: Delivery, by, now: datetime | None = None) -> Delivery:
    """Send a delivery again, now, with a fresh retry budget (same id: receivers may dedupe)."""
    _check_manager(by, delivery.endpoint)
    if not delivery.endpoint.active:
        raise ServiceError(gettext("this webhook is disabled: enable it before redelivering"))
    now = now or timezone.now()
    # Not while an attempt holds it, nor twice before it is sent.
    current = Delivery.objects.filter(_unclaimed(now), pk=delivery.pk).exclude(status=Status.PENDING)
    updated = current.update(
        status=Status.PENDING,
        attempts_before_redeliver=models.F("attempts"),
        next_attempt_at=now,
        updated_at=now,
    )
    if not updated:
        raise ServiceError(gettext("this delivery is being sent or waiting to be sent already"))
    _queue([delivery.pk])
    delivery.refresh_from_db()
    return delivery


def deliveries_due(*, now: datetime | None = None, limit: int = 100) -> list[int]:
    """Queue the deliveries whose next attempt is due (the sweep calls this)."""
    now = now or timezone.now()
    ids = list(Delivery.objects.filter(_due(now)).order_by("next_attempt_at").values_list("pk", flat=True)[:limit])
    if ids:
        _queue(ids)
    return ids
