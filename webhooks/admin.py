from django.contrib import admin

from webhooks.models import Delivery, DeliveryAttempt, Endpoint


@admin.register(Endpoint)
class EndpointAdmin(admin.ModelAdmin):
    list_display = ["__str__", "owner", "event", "style", "active", "created_at"]
    list_filter = ["active", "style"]
    exclude = ["secret"]  # shown once to its owner, never here


class AttemptInline(admin.TabularInline):
    model = DeliveryAttempt
    extra = 0
    can_delete = False
    readonly_fields = ["number", "at", "response_code", "response_excerpt", "error", "duration_ms"]


@admin.register(Delivery)
class DeliveryAdmin(admin.ModelAdmin):
    list_display = ["uuid", "endpoint", "kind", "status", "attempts", "last_response_code", "next_attempt_at"]
    list_filter = ["status", "kind"]
    readonly_fields = ["uuid", "payload"]
    inlines = [AttemptInline]
