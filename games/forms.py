"""Forms of the games pages."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext, gettext_lazy

from games.gamelog.model import MAX_LOG_BYTES


class MultipleFileInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class MultipleFileField(forms.FileField):
    """A file field that takes several files and cleans to a list."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("widget", MultipleFileInput())
        super().__init__(*args, **kwargs)

    def clean(self, data, initial=None):
        if isinstance(data, list | tuple):
            return [super(MultipleFileField, self).clean(item, initial) for item in data]
        return [super().clean(data, initial)] if data else []


class UploadForm(forms.Form):
    files = MultipleFileField(
        required=False, label=gettext_lazy("Log files"), help_text=gettext_lazy("one or more logs, JSON or text form")
    )
    text = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 10}), label=gettext_lazy("…or paste a log")
    )

    def clean_files(self):
        files = self.cleaned_data.get("files") or []
        for upload in files:
            if upload.size > MAX_LOG_BYTES:
                raise forms.ValidationError(
                    gettext("%(name)s is larger than %(size)d kB")
                    % {"name": upload.name, "size": MAX_LOG_BYTES // 1000}
                )
        return files

    def clean(self):
        data = super().clean()
        if not data.get("files") and not data.get("text", "").strip():
            raise forms.ValidationError(gettext("choose a file or paste a log"))
        return data

    def logs(self) -> list[tuple[str, bytes | str]]:
        """(name, content) of every log sent."""
        items = [(upload.name, upload.read(MAX_LOG_BYTES + 1)) for upload in self.cleaned_data.get("files") or []]
        if self.cleaned_data.get("text", "").strip():
            items.append((gettext("pasted log"), self.cleaned_data["text"]))
        return items
