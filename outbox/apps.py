from django.apps import AppConfig


class OutboxConfig(AppConfig):
    name = "outbox"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games import sweep

        def outgoing_mail(older_than):
            from outbox.services import mails_requeue, sent_mails_forget

            sent_mails_forget()
            return len(mails_requeue(older_than=older_than))

        sweep.register("outgoing mail", outgoing_mail)
