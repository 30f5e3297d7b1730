"""``makemessages`` that also extracts ``N_("...")``: the engines mark their texts with it (they
never import Django) and the site translates them where they leave for a page or the API."""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        "--keyword=N_",
        "--keyword=Nn_:1,2",
        "--keyword=Np_:1c,2",
    ]
