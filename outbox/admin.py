from django.contrib import admin, messages
from django.utils.translation import gettext_lazy, ngettext

from outbox.models import OutgoingMail
from outbox.services import mail_send_again


@admin.register(OutgoingMail)
class OutgoingMailAdmin(admin.ModelAdmin):
    """What the site sent and what waits: a pending row with attempts and an error is mail
    stuck behind the mail server (the error says why). The message itself is not shown: it may
    hold a password reset link."""

    list_display = ["created_at", "subject", "recipient_list", "status", "attempts", "due_at", "sent_at", "last_error"]
    list_filter = ["status"]
    search_fields = ["subject", "recipients"]
    date_hierarchy = "created_at"
    fields = [
        "created_at",
        "status",
        "subject",
        "from_email",
        "recipients",
        "attempts",
        "due_at",
        "claimed_until",
        "sent_at",
        "last_error",
    ]
    readonly_fields = fields
    actions = ["send_again"]

    def has_add_permission(self, request):
        return False

    @admin.display(description=gettext_lazy("recipients"))
    def recipient_list(self, mail: OutgoingMail) -> str:
        return ", ".join(mail.recipients)

    @admin.action(description=gettext_lazy("Send again (given up or pending)"), permissions=["change"])
    def send_again(self, request, queryset):
        ids = mail_send_again(mail_ids=queryset.values_list("pk", flat=True))
        self.message_user(
            request,
            ngettext("%(count)d email sent again.", "%(count)d emails sent again.", len(ids)) % {"count": len(ids)},
            messages.SUCCESS,
        )
