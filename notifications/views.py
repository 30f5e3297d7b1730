"""A person's notifications page, marking read, and the page of their choices."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST

from notifications import selectors, services
from notifications.models import Notification

PER_PAGE = 25


@login_required
def my_notifications(request):
    unread_only = request.GET.get("unread") == "1"
    found = selectors.notifications_of(request.user, unread_only=unread_only)
    page = Paginator(found, PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "notifications/list.html", {"page": page, "unread_only": unread_only})


@require_POST
@login_required
def notification_read(request, notification_id: int):
    """Mark one read; ``open`` in the form follows its link at once."""
    try:
        notification = services.notification_mark_read(user=request.user, notification_id=notification_id)
    except Notification.DoesNotExist:
        raise Http404("no such notification") from None  # someone else's looks the same as none
    if request.POST.get("open") and notification.url:  # a path inside the site (services.notify)
        return redirect(notification.url)
    return redirect("my-notifications")


@require_POST
@login_required
def notifications_read_all(request):
    count = services.notifications_mark_all_read(user=request.user)
    messages.success(
        request,
        ngettext("%(count)d notification marked read.", "%(count)d notifications marked read.", count)
        % {"count": count},
    )
    return redirect("my-notifications")


@login_required
def notification_preferences(request):
    choices = selectors.choices_of(request.user)
    if request.method == "POST":
        changes = {
            kind: {"site": f"{kind}:site" in request.POST, "email": f"{kind}:email" in request.POST} for kind in choices
        }
        services.preferences_set(user=request.user, changes=changes)
        messages.success(request, gettext("Your notification choices are saved."))
        return redirect("notification-preferences")
    return render(
        request,
        "notifications/preferences.html",
        {"choices": choices.values(), "has_email": bool(request.user.email)},
    )
