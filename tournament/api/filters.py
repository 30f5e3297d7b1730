"""List filters and pagination of the tournament API."""

from __future__ import annotations

import django_filters
from django.utils.translation import gettext, gettext_lazy
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import PageNumberPagination

from tournament.models import Event, Participant


class Pages(PageNumberPagination):
    """``?page=2&page_size=20``; 50 a page unless asked, 200 at most (a larger size gives 200).
    A size that is not a whole number from 1 is a 400, not silently the default."""

    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200

    def get_page_size(self, request):
        sent = request.query_params.getlist(self.page_size_query_param)
        if sent and not all(value.isascii() and value.isdigit() and int(value) >= 1 for value in sent):
            raise ValidationError({self.page_size_query_param: [gettext("a whole number from 1")]})
        return super().get_page_size(request)

    def get_schema_operation_parameters(self, view):
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            if parameter["name"] == self.page_size_query_param:
                parameter["schema"]["minimum"] = 1
        return parameters


class EventFilter(django_filters.FilterSet):
    status = django_filters.MultipleChoiceFilter(choices=Event.Status.choices, help_text="repeat for several")
    game = django_filters.CharFilter(help_text="a game's slug")
    visibility = django_filters.ChoiceFilter(choices=Event.Visibility.choices)
    starts_after = django_filters.DateFilter(field_name="starts_on", lookup_expr="gte", help_text="on or after")
    starts_before = django_filters.DateFilter(field_name="starts_on", lookup_expr="lte", help_text="on or before")

    class Meta:
        model = Event
        fields = ["status", "game", "visibility"]


class ParticipantFilter(django_filters.FilterSet):
    status = django_filters.ChoiceFilter(choices=Participant.Status.choices)
    checked_in = django_filters.BooleanFilter()
    kind = django_filters.ChoiceFilter(
        choices=[("person", gettext_lazy("person")), ("ai", gettext_lazy("AI entrant"))],
        method="filter_kind",
        label=gettext_lazy("person or ai"),
    )

    class Meta:
        model = Participant
        fields = ["status", "checked_in"]

    def filter_kind(self, queryset, name, value):
        return queryset.filter(user__isnull=value == "ai")
