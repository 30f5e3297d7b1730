"""Elimination stages: the bracket is drawn once, stored as JSON, and read back each round."""

from __future__ import annotations

from tournament.models import Match, Stage
from tournament.pairing.bracket import Bracket, BracketMatch, BracketState, Slot, bracket_state
from tournament.pairing.elimination import EliminationSettings, bracket
from tournament.pairing.placings import Placing, bracket_placings


def bracket_from_json(data: dict) -> Bracket:
    matches = tuple(
        BracketMatch(
            id=m["id"],
            section=m["section"],
            round=m["round"],
            slots=tuple(Slot(kind=s["kind"], ref=s["ref"]) for s in m["slots"]),
            label=m["label"],
            played_if_upset=m.get("played_if_upset"),
        )
        for m in data["matches"]
    )
    return Bracket(
        format=data["format"],
        seeds=tuple(data["seeds"]),
        size=data["size"],
        matches=matches,
        seed=data.get("seed"),
        notes=tuple(data.get("notes", ())),
    )


def draw_bracket(stage: Stage, entrants, seed: int) -> Bracket:
    settings = EliminationSettings(
        double=stage.format == Stage.Format.DOUBLE_ELIMINATION,
        third_place=bool(stage.settings.get("third_place", False)),
        grand_final_reset=bool(stage.settings.get("grand_final_reset", True)),
    )
    return bracket(entrants, settings, seed=seed)


def bracket_winners(stage: Stage, hidden_rounds: frozenset[int] = frozenset()) -> dict[str, int]:
    """Bracket match id → winning participant, from the stage's completed matches."""
    winners = {}
    matches = (
        Match.objects.filter(round__stage=stage, status=Match.Status.COMPLETED)
        .exclude(bracket_slot="")
        .exclude(round_id__in=hidden_rounds)
    )
    for match in matches.prefetch_related("seats"):
        first = [seat.participant_id for seat in match.seats.all() if seat.rank == 1]
        if len(first) == 1:
            winners[match.bracket_slot] = first[0]
    return winners


def stage_bracket_placings(stage: Stage, hidden_rounds: frozenset[int] = frozenset()) -> dict[int, Placing]:
    """Participant id -> place from the bracket (final, third-place match, round reached)."""
    if not stage.bracket:
        return {}
    return bracket_placings(bracket_from_json(stage.bracket), bracket_winners(stage, hidden_rounds))


def stage_bracket_state(stage: Stage) -> BracketState | None:
    if not stage.bracket:
        return None
    return bracket_state(bracket_from_json(stage.bracket), bracket_winners(stage))
