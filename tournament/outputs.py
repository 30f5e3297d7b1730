"""What an event page and a round page offer to print and to export (issue 34).

The sheets and files exist at their own addresses (``tournament/urls.py``, the API's exports);
these menus only list them, and list only what the reader would get: a page lists nothing that
its address would refuse to this reader. The rules are the addresses' own:

- every sheet and file follows who may see the event (the page itself is already checked);
- a silent round's results stay hidden: its pairings sheet and CSV show pairings only, the
  standings leave it out, and the TRF file is refused while a round is hidden from the reader
  (``trf_available``), so it is not offered then;
- the TRF file is written for Swiss stages only; standings, results and the TRF need a round.

None of these files is for organisers only; a future one would say so here (``organisers_only``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.urls import reverse
from django.utils.translation import gettext as _

from tournament.models import Event, Round, Stage


@dataclass(frozen=True)
class Output:
    label: str
    url: str
    download: bool = False  # a file, not a page to print


@dataclass
class Outputs:
    prints: list[Output] = field(default_factory=list)
    exports: list[Output] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.prints or self.exports)


def trf_available(stage: Stage, hidden_rounds: frozenset[int]) -> bool:
    """The stage's TRF report answers this reader: a Swiss stage, no round hidden from them
    (``hidden_rounds``: ``silence.hidden_round_ids`` for the reader)."""
    return stage.format == Stage.Format.SWISS and not hidden_rounds


def _csv(label: str) -> str:
    return _("%(what)s (CSV)") % {"what": label}


def _event_files(event: Event, *, results: bool) -> list[Output]:
    files = []
    if results:
        files.append(
            Output(_("Results of every round (CSV)"), reverse("api-event-results-csv", args=[event.slug]), True)
        )
    files.append(Output(_("Calendar of the rounds (ICS)"), reverse("event-calendar", args=[event.slug]), True))
    return files


def _stage_files(event: Event, stage: Stage, hidden_rounds: frozenset[int]) -> list[Output]:
    files = [
        Output(
            _csv(_("Standings: %(stage)s") % {"stage": stage.name}),
            reverse("api-stage-standings-csv", args=[event.slug, stage.number]),
            True,
        )
    ]
    if trf_available(stage, hidden_rounds):
        files.append(
            Output(
                _("Tournament report, TRF: %(stage)s") % {"stage": stage.name},
                reverse("api-stage-trf", args=[event.slug, stage.number]),
                True,
            )
        )
    return files


def event_outputs(event: Event, latest_rounds: list[tuple[Stage, Round]], hidden: dict[int, frozenset[int]]):
    """The event page's menus: for each stage with a round, its latest round's pairings and
    scoresheets and the stage's standings; the event's results and calendar.

    ``latest_rounds``: (stage, its latest round) for the stages that have one; ``hidden``: the
    rounds hidden from the reader, per stage id (what the page computed already)."""
    outputs = Outputs()
    for stage, round_ in latest_rounds:
        where = {"stage": stage.name, "number": round_.number}
        round_args = [event.slug, stage.number, round_.number]
        outputs.prints.append(
            Output(_("Pairings: %(stage)s, round %(number)s") % where, reverse("round-sheet", args=round_args))
        )
        outputs.prints.append(
            Output(
                _("Scoresheets: %(stage)s, round %(number)s (on the round's page)") % where,
                reverse("round-detail", args=round_args) + "#print-and-export",
            )
        )
        outputs.prints.append(
            Output(
                _("Standings: %(stage)s") % {"stage": stage.name},
                reverse("standings-sheet", args=[event.slug, stage.number]),
            )
        )
    for stage, round_ in latest_rounds:
        where = {"stage": stage.name, "number": round_.number}
        outputs.exports.append(
            Output(
                _csv(_("Pairings: %(stage)s, round %(number)s") % where),
                reverse("api-round-pairings-csv", args=[event.slug, stage.number, round_.number]),
                True,
            )
        )
        outputs.exports += _stage_files(event, stage, hidden.get(stage.pk, frozenset()))
    outputs.exports += _event_files(event, results=bool(latest_rounds))
    return outputs


def round_outputs(event: Event, stage: Stage, round_: Round, hidden: frozenset[int]) -> Outputs:
    """A round page's menus: the round's pairings and each table's scoresheet, the stage's
    standings; the round's pairings, the stage's standings and TRF, the event's results and
    calendar as files. ``hidden``: the stage's rounds hidden from the reader."""
    round_args = [event.slug, stage.number, round_.number]
    outputs = Outputs()
    outputs.prints.append(Output(_("Pairings"), reverse("round-sheet", args=round_args)))
    tables = round_.matches.filter(is_bye=False).order_by("table").values_list("pk", "table")
    for match_id, table in tables:
        outputs.prints.append(
            Output(
                _("Scoresheet: table %(table)s") % {"table": table},
                reverse("match-scoresheet", args=[event.slug, match_id]),
            )
        )
    outputs.prints.append(
        Output(
            _("Standings: %(stage)s") % {"stage": stage.name},
            reverse("standings-sheet", args=[event.slug, stage.number]),
        )
    )
    outputs.exports.append(Output(_csv(_("Pairings")), reverse("api-round-pairings-csv", args=round_args), True))
    outputs.exports += _stage_files(event, stage, hidden)
    outputs.exports += _event_files(event, results=True)
    return outputs
