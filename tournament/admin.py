from django.contrib import admin

from tournament.models import (
    Event,
    Match,
    MatchSeat,
    OrganiserJob,
    Participant,
    ResultEntry,
    Round,
    SeriesGame,
    Stage,
)


class StageInline(admin.TabularInline):
    model = Stage
    extra = 0


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "status", "visibility", "owner", "starts_on"]
    list_filter = ["status", "game", "visibility"]
    search_fields = ["name", "slug"]
    inlines = [StageInline]


@admin.register(Participant)
class ParticipantAdmin(admin.ModelAdmin):
    list_display = ["name", "event", "seed", "status", "ai_level", "checked_in"]
    list_filter = ["status", "event"]


class MatchSeatInline(admin.TabularInline):
    model = MatchSeat
    extra = 0


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["__str__", "status", "is_bye"]
    inlines = [MatchSeatInline]


@admin.register(ResultEntry)
class ResultEntryAdmin(admin.ModelAdmin):
    """The ledger is append-only: the admin shows it and changes nothing."""

    list_display = ["game", "version", "action", "role", "author", "created_at"]

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def has_add_permission(self, request):
        return False


@admin.register(OrganiserJob)
class OrganiserJobAdmin(admin.ModelAdmin):
    """Organiser jobs (TRF imports) as the worker left them: shown, never edited (a job's state is
    the worker's to write; a lost one is failed by the sweep). An administrator may delete one."""

    list_display = ["public_id", "kind", "event", "stage", "status", "done", "total", "started_by", "created_at"]
    list_filter = ["status", "kind"]
    search_fields = ["public_id", "event__name", "event__slug"]
    list_select_related = ["event", "stage", "started_by"]
    date_hierarchy = "created_at"

    def has_change_permission(self, request, obj=None):
        return False

    def has_add_permission(self, request):
        return False


admin.site.register(Round)
admin.site.register(SeriesGame)
