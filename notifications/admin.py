from django.contrib import admin

from notifications.models import Notification, Preference


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ["recipient", "kind", "title", "created_at", "read_at", "emailed_at"]
    list_filter = ["kind"]
    raw_id_fields = ["recipient"]


@admin.register(Preference)
class PreferenceAdmin(admin.ModelAdmin):
    list_display = ["user", "kind", "site", "email"]
    raw_id_fields = ["user"]
