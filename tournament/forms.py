"""Forms of the tournament pages. They shape input and apply the bounds of tournament.bounds
(docs/limits.md) so that a page shows the limit next to the field; services decide what is
allowed (and check the same bounds again)."""

from __future__ import annotations

import json
from datetime import datetime

from django import forms
from django.contrib.auth import get_user_model
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from games.engine_texts import translated
from games.engines import all_engines, get_engine
from games.engines.info import OptionSpec
from games.gamelog.limits import InputRefused, loads_bounded
from games.validators import visible_multiline_text, visible_text
from tournament import bounds
from tournament.errors import ServiceError
from tournament.models import Event, Stage

SERIES_CHOICES = [(n, format_lazy(gettext_lazy("Best of {n}"), n=n)) for n in bounds.SERIES_LENGTHS]


def _points_field(**kwargs) -> forms.DecimalField:
    return forms.DecimalField(
        max_digits=5, decimal_places=2, min_value=-bounds.POINTS_LIMIT, max_value=bounds.POINTS_LIMIT, **kwargs
    )


def _rounds_field() -> forms.IntegerField:
    return forms.IntegerField(
        min_value=1,
        max_value=bounds.MAX_ROUNDS,
        required=False,
        label=gettext_lazy("Rounds"),
        help_text=gettext_lazy("Swiss and tables: rounds planned"),
    )


def _groups_field(help_text: str) -> forms.IntegerField:
    return forms.IntegerField(
        min_value=bounds.MIN_GROUPS,
        max_value=bounds.MAX_GROUPS,
        required=False,
        label=gettext_lazy("Groups"),
        help_text=help_text,
    )


MAX_OPTION_FILE = 256 * 1024  # an upload read into memory at most; each engine sets its own limit on the text


def option_field(spec: OptionSpec) -> forms.Field:
    """A form field for one engine option, from its spec."""
    help_text = translated(spec.help)
    common = {"label": spec.name.replace("_", " ").capitalize(), "help_text": help_text, "initial": spec.default}
    if spec.file_format is not None:
        return forms.FileField(
            required=False, label=common["label"], help_text=_("%(help)s (JSON)") % {"help": help_text}
        )
    if spec.choices is not None:
        choices = [(c, translated(spec.value_label(c))) for c in spec.choices]
        return forms.TypedChoiceField(choices=choices, coerce=type(spec.default), **common)
    if isinstance(spec.default, bool):
        return forms.BooleanField(required=False, **common)
    if isinstance(spec.default, int):
        return forms.IntegerField(min_value=spec.minimum, max_value=spec.maximum, **common)
    if isinstance(spec.default, float):
        return forms.FloatField(min_value=spec.minimum, max_value=spec.maximum, **common)
    return forms.CharField(**common)


class EventCreateForm(forms.Form):
    name = forms.CharField(max_length=120, validators=[visible_text], label=gettext_lazy("Name"))
    game = forms.ChoiceField(label=gettext_lazy("Game"))
    description = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}),
        required=False,
        max_length=20_000,
        validators=[visible_multiline_text],
        label=gettext_lazy("Description"),
    )
    location = forms.CharField(
        max_length=200, required=False, validators=[visible_text], label=gettext_lazy("Location")
    )
    starts_on = forms.DateField(
        required=False, widget=forms.DateInput(attrs={"type": "date"}), label=gettext_lazy("Starts on")
    )
    visibility = forms.ChoiceField(
        choices=Event.Visibility.choices, initial=Event.Visibility.PUBLIC, label=gettext_lazy("Visibility")
    )
    format = forms.ChoiceField(choices=Stage.Format.choices, initial=Stage.Format.SWISS, label=gettext_lazy("Format"))
    rounds = _rounds_field()
    groups = _groups_field(
        gettext_lazy("round robin and Swiss: play in this many groups, filled in snake order by seed")
    )
    series_length = forms.TypedChoiceField(choices=SERIES_CHOICES, coerce=int, initial=1, label=gettext_lazy("Series"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(e.info.slug, e.info.title) for e in all_engines()]
        game = self.data.get("game") or self.initial.get("game") or (self.fields["game"].choices or [("", "")])[0][0]
        self.game_slug = game
        if game:
            try:
                engine = get_engine(game)
            except LookupError:
                return
            for spec in engine.info.options:
                self.fields[f"opt_{spec.name}"] = option_field(spec)

    def clean(self):
        cleaned = super().clean()
        for name, field in self.fields.items():
            upload = cleaned.get(name)
            if name.startswith("opt_") and isinstance(field, forms.FileField) and upload:
                if upload.size > MAX_OPTION_FILE:
                    self.add_error(name, _("the file is larger than %(value)s KB") % {"value": MAX_OPTION_FILE // 1024})
                    continue
                try:
                    cleaned[name] = upload.read().decode("utf-8")
                except UnicodeDecodeError:
                    self.add_error(name, _("the file is not UTF-8 text"))
        return cleaned

    def option_values(self) -> dict:
        """The options as the engine takes them: a file option is the text of its file, and
        left out when no file was given (the engine's default applies)."""
        return {
            name[4:]: value
            for name, value in self.cleaned_data.items()
            if name.startswith("opt_") and not (isinstance(self.fields[name], forms.FileField) and not value)
        }

    def stage_values(self) -> dict:
        settings = {"rounds": self.cleaned_data["rounds"]} if self.cleaned_data.get("rounds") else {}
        if self.cleaned_data.get("groups"):
            settings["groups"] = self.cleaned_data["groups"]
        return {
            "format": self.cleaned_data["format"],
            "series_length": self.cleaned_data["series_length"],
            "settings": settings,
        }

    @property
    def option_fields(self):
        return [self[name] for name in self.fields if name.startswith("opt_")]

    @property
    def main_fields(self):
        return [self[name] for name in self.fields if not name.startswith("opt_")]


def level_choices(levels, descriptions: dict[str, str]) -> list[tuple[str, str]]:
    """The AI levels as a select shows them: the key and, where the player gives one, what it does."""
    return [
        (level, f"{level} — {translated(descriptions[level])}" if descriptions.get(level) else level)
        for level in levels
    ]


class AddParticipantForm(forms.Form):
    username = forms.CharField(
        required=False,
        max_length=150,
        label=gettext_lazy("User name"),
        help_text=gettext_lazy("a person with an account"),
    )
    ai_level = forms.ChoiceField(required=False, label=gettext_lazy("or an AI level"))
    name = forms.CharField(
        required=False,
        max_length=120,
        label=gettext_lazy("Name"),
        help_text=gettext_lazy("shown in pairings (optional)"),
        validators=[visible_text],
    )

    def __init__(self, *args, levels=(), descriptions=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["ai_level"].choices = [("", "—"), *level_choices(levels, descriptions or {})]
        self.level_descriptions = [(level, translated((descriptions or {}).get(level, ""))) for level in levels]

    def clean(self):
        data = super().clean()
        if bool(data.get("username")) == bool(data.get("ai_level")):
            raise forms.ValidationError(_("give either a user name or an AI level"))
        if data.get("username"):
            try:
                data["user"] = get_user_model().objects.get(username=data["username"])
            except get_user_model().DoesNotExist:
                raise forms.ValidationError(_("nobody is called %(data)s") % {"data": repr(data["username"])}) from None
        return data


class ReportForm(forms.Form):
    """A report: the winner or a draw for two players, a rank per player at a table; scores optional."""

    def __init__(self, *args, seats=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.seats = list(seats)  # participants in the game's seat order
        if len(self.seats) == 2:
            self.fields["outcome"] = forms.ChoiceField(
                widget=forms.RadioSelect,
                label=_("Result"),
                choices=[(str(p.pk), _("%(name)s won") % {"name": p.name}) for p in self.seats]
                + [("draw", pgettext("a reported result", "Draw"))],
            )
        else:
            for index, participant in enumerate(self.seats):
                self.fields[f"rank_{index}"] = forms.IntegerField(
                    min_value=1, max_value=len(self.seats), label=_("%(name)s's place") % {"name": participant.name}
                )
        for index, participant in enumerate(self.seats):
            self.fields[f"score_{index}"] = forms.FloatField(
                required=False,
                min_value=-1e12,
                max_value=1e12,
                label=_("%(name)s's score") % {"name": participant.name},
            )

    def ranks(self) -> list[int]:
        if len(self.seats) != 2:
            return [self.cleaned_data[f"rank_{i}"] for i in range(len(self.seats))]
        outcome = self.cleaned_data["outcome"]
        if outcome == "draw":
            return [1] * len(self.seats)
        return [1 if str(p.pk) == outcome else 2 for p in self.seats]

    def scores(self) -> list[float] | None:
        values = [self.cleaned_data.get(f"score_{i}") for i in range(len(self.seats))]
        if all(v is None for v in values):
            return None
        if any(v is None for v in values):
            raise forms.ValidationError(_("give every player's score, or none"))
        return values


class DisputeForm(forms.Form):
    reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 2}),
        max_length=2000,
        label=gettext_lazy("Why do you dispute it?"),
        validators=[visible_multiline_text],
    )


class DecideForm(ReportForm):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["reason"] = forms.CharField(
            widget=forms.Textarea(attrs={"rows": 2}),
            max_length=2000,
            label=_("Reason (shown to the players)"),
            validators=[visible_multiline_text],
        )


def _no_constant(name: str):
    raise json.JSONDecodeError(f"{name} is not a number JSON allows", name, 0)


class StageForm(forms.Form):
    """A stage's format, points, tie-break order and advancement; fixed once round 1 is out."""

    name = forms.CharField(max_length=80, initial="Main", validators=[visible_text], label=gettext_lazy("Name"))
    format = forms.ChoiceField(choices=Stage.Format.choices, initial=Stage.Format.SWISS, label=gettext_lazy("Format"))
    rounds = _rounds_field()
    groups = _groups_field(gettext_lazy("round robin and Swiss: play in this many groups"))
    series_length = forms.TypedChoiceField(choices=SERIES_CHOICES, coerce=int, initial=1, label=gettext_lazy("Series"))
    points_win = _points_field(initial=1, label=gettext_lazy("Points for a series win"))
    points_draw = _points_field(initial="0.5", label=gettext_lazy("Points for a drawn series"))
    points_loss = _points_field(initial=0, label=gettext_lazy("Points for a series loss"))
    points_bye = _points_field(initial=1, label=gettext_lazy("Points for a bye"))
    tiebreaks = forms.CharField(
        max_length=1000,
        validators=[visible_text],
        label=gettext_lazy("Tie-breaks, in order"),
        help_text=gettext_lazy("keys separated by commas; blank: the game's default order"),
        required=False,
        widget=forms.TextInput(attrs={"list": "tiebreak-keys", "autocomplete": "off"}),
    )
    silent = forms.BooleanField(
        required=False,
        label=gettext_lazy("Silent rounds"),
        help_text=gettext_lazy(
            "each round's results are hidden from all but the organisers (and each match's players) until the round is over"
        ),
    )
    level_series = forms.ChoiceField(
        choices=[("", gettext_lazy("the format's default")), *Stage.LevelSeries.choices],
        required=False,
        label=gettext_lazy("A level series"),
    )
    advance_count = forms.IntegerField(
        min_value=1,
        max_value=bounds.MAX_ADVANCE,
        required=False,
        label=gettext_lazy("Entrants who advance"),
        help_text=gettext_lazy("to the next stage (in groups: per group)"),
    )
    time_base_minutes = forms.IntegerField(
        min_value=1,
        max_value=24 * 60,
        required=False,
        label=gettext_lazy("Clock: minutes per player"),
        help_text=gettext_lazy("games played on Brume; blank: no clock"),
    )
    time_increment_seconds = forms.IntegerField(
        min_value=0, max_value=600, required=False, label=gettext_lazy("Clock: seconds added per turn")
    )
    time_days_per_move = forms.IntegerField(
        min_value=1,
        max_value=30,
        required=False,
        label=gettext_lazy("Or correspondence: days per move"),
        help_text=gettext_lazy("instead of minutes per player"),
    )
    # Schedules (tournament.services.deadlines): may change while the stage runs.
    auto_confirm_hours = forms.IntegerField(
        min_value=1,
        max_value=720,
        required=False,
        label=gettext_lazy("Confirm an unanswered report after (hours)"),
        help_text=gettext_lazy("a result one player reported and nobody disputed counts after this long; blank: never"),
    )
    at_deadline = forms.ChoiceField(
        choices=Stage.AtDeadline.choices,
        initial=Stage.AtDeadline.NOTHING,
        required=False,
        label=gettext_lazy("At a round's report deadline, a match with no result"),
    )
    other_settings = forms.CharField(
        required=False,
        max_length=bounds.MAX_SETTINGS_BYTES,
        label=gettext_lazy("Other settings (JSON)"),
        help_text=gettext_lazy('for example {"third_place": true}; see docs/pairing.md'),
        widget=forms.Textarea(attrs={"rows": 2}),
    )

    @classmethod
    def initial_for(cls, stage: Stage) -> dict:
        other = {k: v for k, v in stage.settings.items() if k not in ("rounds", "groups", "silent")}
        return {
            "name": stage.name,
            "format": stage.format,
            "rounds": stage.settings.get("rounds"),
            "groups": stage.settings.get("groups"),
            "series_length": stage.series_length,
            "points_win": stage.points_win,
            "points_draw": stage.points_draw,
            "points_loss": stage.points_loss,
            "points_bye": stage.points_bye,
            "tiebreaks": ", ".join(stage.tiebreaks),
            "silent": bool(stage.settings.get("silent")),
            "level_series": stage.level_series,
            "advance_count": stage.advance_count,
            "time_base_minutes": stage.time_base_minutes,
            "time_increment_seconds": stage.time_increment_seconds or None,
            "time_days_per_move": stage.time_days_per_move,
            "auto_confirm_hours": stage.auto_confirm_hours,
            "at_deadline": stage.at_deadline,
            "other_settings": json.dumps(other) if other else "",
        }

    def clean_other_settings(self):
        text = (self.cleaned_data.get("other_settings") or "").strip()
        try:
            value = (
                loads_bounded(
                    text,
                    max_bytes=bounds.MAX_SETTINGS_BYTES,
                    max_depth=bounds.MAX_SETTINGS_DEPTH,
                    what="the settings",
                    parse_constant=_no_constant,
                )
                if text
                else {}
            )
        except json.JSONDecodeError as exc:
            raise forms.ValidationError(
                _("this is not JSON: %(msg)s (line %(lineno)s)") % {"msg": exc.msg, "lineno": exc.lineno}
            ) from None
        except InputRefused as exc:
            raise forms.ValidationError(str(exc)) from None
        if not isinstance(value, dict):
            raise forms.ValidationError(_('give an object, such as {"third_place": true}'))
        try:
            return bounds.stage_settings(value)
        except bounds.OutOfBounds as exc:
            raise forms.ValidationError(exc.message) from None

    def stage_fields(self) -> dict:
        """The keyword arguments of ``stage_create`` / ``stage_update``."""
        data = self.cleaned_data
        settings = dict(data["other_settings"])
        for key in ("rounds", "groups"):
            if data.get(key):
                settings[key] = data[key]
        if data.get("silent"):
            settings["silent"] = True
        fields = {
            "name": data["name"],
            "format": data["format"],
            "settings": settings,
            "series_length": data["series_length"],
            "points_win": data["points_win"],
            "points_draw": data["points_draw"],
            "points_loss": data["points_loss"],
            "points_bye": data["points_bye"],
            "advance_count": data.get("advance_count"),
            "time_base_minutes": data.get("time_base_minutes"),
            "time_increment_seconds": data.get("time_increment_seconds") or 0,
            "time_days_per_move": data.get("time_days_per_move"),
            "auto_confirm_hours": data.get("auto_confirm_hours"),
            "at_deadline": data.get("at_deadline") or Stage.AtDeadline.NOTHING,
        }
        keys = [key.strip() for key in data.get("tiebreaks", "").split(",") if key.strip()]
        if keys:
            fields["tiebreaks"] = keys
        if data.get("level_series"):
            fields["level_series"] = data["level_series"]
        return fields


class BulkAddForm(forms.Form):
    """A pasted list or a CSV file of participants (tournament.bulk_entries reads it)."""

    entries = forms.CharField(
        required=False,
        label=gettext_lazy("Participants, one a line"),
        help_text=gettext_lazy("user names, one a line; or CSV with a header: name,username,club,rating,seed,ai_level"),
        widget=forms.Textarea(attrs={"rows": 6}),
        max_length=bounds.MAX_BULK_BYTES,
    )
    file = forms.FileField(
        required=False,
        label=gettext_lazy("or a CSV file"),
        help_text=format_lazy(gettext_lazy("at most {size} KB"), size=bounds.MAX_BULK_BYTES // 1024),
    )

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        if upload:
            if upload.size > bounds.MAX_BULK_BYTES:
                raise forms.ValidationError(
                    _("the file is larger than %(value)s KB") % {"value": bounds.MAX_BULK_BYTES // 1024}
                )
            try:
                data["entries"] = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                raise forms.ValidationError(_("the file is not UTF-8 text")) from None
        if not (data.get("entries") or "").strip():
            raise forms.ValidationError(_("paste a list or choose a file"))
        return data


class EventEditForm(EventCreateForm):
    """The event's details after creation; the game's options only while no round is published."""

    # Schedules: the start is typed in the event's time zone (the service reads it there).
    time_zone = forms.CharField(
        max_length=64,
        required=False,
        label=gettext_lazy("Time zone"),
        help_text=gettext_lazy("an IANA name such as Europe/Paris; times on the event's pages are shown in it"),
        widget=forms.TextInput(attrs={"list": "time-zones", "autocomplete": "off"}),
    )
    starts_at = forms.CharField(
        required=False,
        label=gettext_lazy("Starts at (in the event's time zone)"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
    )

    def clean_time_zone(self):
        from tournament.services.schedules import check_time_zone

        name = (self.cleaned_data.get("time_zone") or "").strip()
        if not name:
            return self.event.time_zone  # left blank: unchanged
        try:
            return check_time_zone(name)
        except ServiceError as exc:
            raise forms.ValidationError(exc.message) from None

    def clean_starts_at(self):
        text = (self.cleaned_data.get("starts_at") or "").strip()
        if not text:
            return None
        for layout in ("%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S"):
            try:
                return datetime.strptime(text, layout)  # naive: read in the event's time zone
            except ValueError:
                continue
        raise forms.ValidationError(_("give a date and time such as 2026-12-05T14:00"))

    def __init__(self, *args, event: Event, options_locked: str = "", **kwargs):
        from tournament.services.schedules import event_zone

        self.event = event
        local_start = event.starts_at.astimezone(event_zone(event)) if event.starts_at else None
        initial = {
            "time_zone": event.time_zone,
            "starts_at": local_start.strftime("%Y-%m-%dT%H:%M") if local_start else "",
            "name": event.name,
            "game": event.game,
            "description": event.description,
            "location": event.location,
            "starts_on": event.starts_on,
            "visibility": event.visibility,
            **{f"opt_{key}": value for key, value in event.options.items()},
        }
        super().__init__(*args, initial=initial, **kwargs)
        for name in ("game", "format", "rounds", "groups", "series_length"):
            del self.fields[name]
        self.game_slug = event.game
        self.options_locked = options_locked
        for name, field in self.fields.items():
            if name.startswith("opt_") and (options_locked or isinstance(field, forms.FileField)):
                field.disabled = True
                field.required = False

    def option_values(self) -> dict:
        """The options changed here: a data file (a custom board...) is kept as it is; it is
        chosen when the event is created."""
        return {
            name[4:]: value
            for name, value in self.cleaned_data.items()
            if name.startswith("opt_") and not self.fields[name].disabled
        }


class RoundScheduleForm(forms.Form):
    """A round's start and report deadline, typed in the event's time zone (validate the form
    inside ``timezone.override(event.time_zone)`` so that the times are read there)."""

    starts_at = forms.DateTimeField(
        required=False,
        label=gettext_lazy("Round starts"),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"],
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
    report_deadline = forms.DateTimeField(
        required=False,
        label=gettext_lazy("Report results by"),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"],
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )


class StageDeadlineForm(forms.Form):
    """What happens at deadlines: the part of a stage's settings that may change while it runs."""

    auto_confirm_hours = StageForm.base_fields["auto_confirm_hours"]
    at_deadline = StageForm.base_fields["at_deadline"]


# --- TRF import (issue 18) -------------------------------------------------------------------


class TrfImportForm(forms.Form):
    """A FIDE TRF-16 file, uploaded or pasted (tournament.services.trf_import reads it)."""

    MAX_BYTES = 2 * 1024 * 1024  # the service's limit, shown next to the fields

    text = forms.CharField(
        required=False,
        label=gettext_lazy("Paste a TRF file"),
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false", "class": "mono"}),
        max_length=MAX_BYTES,
    )
    file = forms.FileField(
        required=False,
        label=gettext_lazy("or choose a .trf file"),
        help_text=gettext_lazy("at most 2 MB, 5,000 players"),
    )

    def clean(self):
        from tournament.services.trf_import import decode_trf

        data = super().clean()
        upload = data.get("file")
        if upload:
            if upload.size > self.MAX_BYTES:
                raise forms.ValidationError(_("the file is larger than 2 MB"))
            try:
                data["text"] = decode_trf(upload.read())
            except ServiceError as error:
                raise forms.ValidationError(error.message) from None
        if not (data.get("text") or "").strip():
            raise forms.ValidationError(_("paste a TRF file or choose one"))
        return data
