"""Pages: an event's webhooks (its organisers) and a person's account webhooks. Thin over the
services; a refusal becomes a message, a form error or a 403, someone else's id a 404."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from tournament.errors import NotAllowed, ServiceError
from tournament.views._common import _attempt, _event_for, _require_organiser
from webhooks import selectors, services
from webhooks.forms import EndpointForm
from webhooks.models import Delivery, Endpoint
from webhooks.safety import UnsafeURL

LOG_PAGE = 50


class _Scope:
    """Where the page is: an event (``slug``) or the signed-in person's account."""

    def __init__(self, request, slug: str | None):
        self.request = request
        self.event = None
        if slug is not None:
            self.event = _event_for(request, slug)
            _require_organiser(request, self.event)

    @property
    def endpoints(self):
        if self.event is not None:
            return selectors.event_endpoints(self.event)
        return selectors.account_endpoints(self.request.user)

    @property
    def url(self) -> str:
        if self.event is not None:
            return reverse("event-webhooks", args=[self.event.slug])
        return reverse("my-webhooks")

    def endpoint(self, endpoint_id: int) -> Endpoint:
        endpoint = self.endpoints.filter(pk=endpoint_id).first()
        if endpoint is None or not selectors.can_manage(self.request.user, endpoint):
            raise Http404("no such webhook")
        return endpoint

    def delivery(self, delivery_uuid) -> Delivery:
        delivery = selectors.deliveries_of(self.endpoints).filter(uuid=delivery_uuid).first()
        if delivery is None or not selectors.can_manage(self.request.user, delivery.endpoint):
            raise Http404("no such delivery")
        return delivery


SECRET_KEY = "webhooks:new-secret"


def _show_secret_once(request, scope: _Scope, endpoint: Endpoint, secret: str):
    """Redirect to the page, which shows the secret this once (kept in the session until then):
    reloading the page never registers the webhook twice."""
    request.session[SECRET_KEY] = {"endpoint": endpoint.pk, "secret": secret}
    return redirect(scope.url)


def _page(request, scope: _Scope, *, form=None, status=200):
    shown = request.session.pop(SECRET_KEY, None) if request.method == "GET" else None
    secret_for = scope.endpoints.filter(pk=shown["endpoint"]).first() if shown else None
    secret = shown["secret"] if secret_for else None
    deliveries = selectors.deliveries_of(scope.endpoints).prefetch_related("attempt_log")
    context = {
        "event": scope.event,
        "scope_url": scope.url,
        "endpoints": list(scope.endpoints),
        "form": form or EndpointForm(),
        "secret": secret,
        "secret_for": secret_for,
        "deliveries": Paginator(deliveries, LOG_PAGE).get_page(request.GET.get("page")),
    }
    return render(request, "webhooks/webhooks.html", context, status=status)


def _list(request, slug: str | None):
    scope = _Scope(request, slug)
    if request.method != "POST":
        return _page(request, scope)
    form = EndpointForm(request.POST)
    if form.is_valid():
        try:
            endpoint, secret = services.endpoint_create(
                by=request.user,
                event=scope.event,
                url=form.cleaned_data["url"],
                style=form.cleaned_data["style"],
                kinds=form.cleaned_data["kinds"],
                name=form.cleaned_data["name"],
            )
        except NotAllowed as refused:
            raise PermissionDenied(refused.message) from None
        except ServiceError as error:
            form.add_error("url" if isinstance(error, UnsafeURL) else None, error.message)
        else:
            return _show_secret_once(request, scope, endpoint, secret)
    return _page(request, scope, form=form, status=400)


def _action(request, slug: str | None, endpoint_id: int, action: str):
    scope = _Scope(request, slug)
    endpoint = scope.endpoint(endpoint_id)
    by = request.user
    if action == "rotate":
        secret = _attempt(request, lambda: services.endpoint_rotate_secret(endpoint=endpoint, by=by))
        if secret:
            return _show_secret_once(request, scope, endpoint, secret)
    elif action in ("disable", "enable"):
        _attempt(
            request,
            lambda: services.endpoint_update(endpoint=endpoint, by=by, active=action == "enable"),
            gettext("The webhook is enabled.") if action == "enable" else gettext("The webhook is disabled."),
        )
    elif action == "delete":
        _attempt(
            request, lambda: services.endpoint_delete(endpoint=endpoint, by=by), gettext("The webhook is deleted.")
        )
    elif action == "ping":
        _attempt(
            request, lambda: services.endpoint_ping(endpoint=endpoint, by=by), gettext("A test ping is on its way.")
        )
    else:
        raise Http404("no such action")
    return redirect(scope.url)


def _redeliver(request, slug: str | None, delivery_uuid):
    scope = _Scope(request, slug)
    delivery = scope.delivery(delivery_uuid)
    _attempt(
        request,
        lambda: services.delivery_redeliver(delivery=delivery, by=request.user),
        gettext("The delivery is sent again."),
    )
    return redirect(scope.url + "#deliveries")


@login_required
def event_webhooks(request, slug: str):
    return _list(request, slug)


@require_POST
@login_required
def event_webhook_action(request, slug: str, endpoint_id: int, action: str):
    return _action(request, slug, endpoint_id, action)


@require_POST
@login_required
def event_delivery_redeliver(request, slug: str, delivery_uuid):
    return _redeliver(request, slug, delivery_uuid)


@login_required
def my_webhooks(request):
    return _list(request, None)


@require_POST
@login_required
def my_webhook_action(request, endpoint_id: int, action: str):
    return _action(request, None, endpoint_id, action)


@require_POST
@login_required
def my_delivery_redeliver(request, delivery_uuid):
    return _redeliver(request, None, delivery_uuid)
