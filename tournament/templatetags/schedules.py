"""Round and event times on the pages: in the event's time zone, with "in 2 h" beside them."""

from __future__ import annotations

from datetime import datetime

from django import template
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

register = template.Library()


def relative_text(moment: datetime, now: datetime) -> str:
    """'in 2 h', '35 min ago', 'in 3 days', 'now'."""
    seconds = (moment - now).total_seconds()
    size = abs(seconds)
    if size < 60:
        return _("now")
    if size < 3600:
        amount = _("%(count)s min") % {"count": int(size // 60)}
    elif size < 48 * 3600:
        amount = _("%(count)s h") % {"count": int(size // 3600)}
    else:
        days = int(size // 86400)
        amount = ngettext("%(count)s day", "%(count)s days", days) % {"count": days}
    return (_("in %(amount)s") if seconds > 0 else _("%(amount)s ago")) % {"amount": amount}


@register.filter
def relative(moment: datetime | None) -> str:
    return relative_text(moment, timezone.now()) if moment else ""


@register.inclusion_tag("tournament/_round_schedule.html")
def round_schedule(round_, event):
    return {"round": round_, "event": event}


@register.simple_tag
def time_zone_options():
    """The IANA names as <option>s, for the event form's datalist."""
    from django.utils.html import format_html_join

    from tournament.models import _zone_names

    return format_html_join("", '<option value="{}">', ((name,) for name in sorted(_zone_names())))
