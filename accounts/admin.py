from django.contrib import admin

from accounts.models import ApiToken, Profile


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ["user", "display_name", "club", "country", "time_zone", "language"]
    search_fields = ["user__username", "display_name", "club"]


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """Staff see and revoke tokens; a key cannot be read (only its hash is stored) nor made here."""

    list_display = ["user", "name", "prefix", "created", "last_used", "expires"]
    search_fields = ["user__username", "name", "prefix"]
    readonly_fields = ["user", "name", "prefix", "key_hash", "created", "last_used", "expires"]

    def has_add_permission(self, request):
        return False
