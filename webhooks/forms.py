from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games.validators import visible_text
from webhooks.models import SUBSCRIBABLE, Endpoint, Kind


class EndpointForm(forms.Form):
    name = forms.CharField(
        label=_("Name"),
        max_length=80,
        required=False,
        validators=[visible_text],
        help_text=_("a note for you: 'club site', 'Discord #results'"),
    )
    url = forms.CharField(
        label=_("URL"),
        max_length=500,
        help_text=_("http:// or https:// on a public server; Discord: the channel's webhook URL"),
        widget=forms.URLInput(attrs={"placeholder": "https://example.org/brume-hook", "inputmode": "url"}),
    )
    style = forms.ChoiceField(label=_("Style"), choices=Endpoint.Style.choices, initial=Endpoint.Style.JSON)
    kinds = forms.MultipleChoiceField(
        label=_("Send"),
        choices=[(k, Kind(k).label) for k in SUBSCRIBABLE],
        initial=SUBSCRIBABLE,
        widget=forms.CheckboxSelectMultiple,
    )
