"""Placings from an elimination bracket: who finished where, read from the matches played.

The final decides 1 and 2, the third-place match 3 and 4; everyone else is placed by how far
they went: entrants knocked out in the same round share a place (the four quarterfinal losers
are all 5th). While the bracket runs, entrants still in share the best place they can still
reach. Plain data in, plain data out, like the rest of ``tournament.pairing``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .bracket import UNKNOWN, Bracket, BracketMatch, _decide, _occupants, _real
from .model import EntrantId

# How far a section of the bracket reaches, to compare exits from different sections.
_SECTION_DEPTH = {"winners": 0, "losers": 1, "third_place": 2, "final": 3}


@dataclass(frozen=True)
class Placing:
    place: int  # 1 = champion; entrants that went equally far share a place
    how: str  # in words: "won the final", "out in the quarterfinals", "still in"


def _round_words(match: BracketMatch) -> str:
    if match.section == "losers":
        return f"losers round {match.round}"
    label = match.label.split(",")[0]
    plural = {"Semifinal": "the semifinals", "Quarterfinal": "the quarterfinals"}
    return plural.get(label, label.lower() if label.startswith("Round of") else f"round {match.round}")


def bracket_placings(bracket: Bracket, winners: Mapping[str, EntrantId]) -> dict[EntrantId, Placing]:
    """Each seeded entrant's place, given the winners reported so far (match id -> winner)."""
    winner_of: dict = {}
    loser_of: dict = {}
    occupants: dict = {}
    for match in bracket.matches:
        pair = _occupants(bracket, match, winner_of, loser_of)
        occupants[match.id] = pair
        winner_of[match.id], loser_of[match.id] = _decide(match, pair, winners, [], [], bracket)
    # The match that crowns the champion: the last one of the main bracket that was (or will be) played.
    final = None
    for match in reversed(bracket.matches):
        if match.section == "third_place":
            continue
        if match.played_if_upset and occupants[match.id] == (None, None):
            continue  # a bracket reset that was not needed
        final = match
        break
    sent_on = {slot.ref for match in bracket.matches for slot in match.slots if slot.kind == "loser"}
    sent_on |= {match.played_if_upset for match in bracket.matches if match.played_if_upset}
    key: dict[EntrantId, tuple] = {}
    how: dict[EntrantId, str] = {}
    for match in bracket.matches:
        winner, loser = winner_of[match.id], loser_of[match.id]
        if match is final and _real(winner):
            name = match.label.split(" (")[0].lower()
            key[winner], how[winner] = (9, 0), f"won the {name}"
            key[loser], how[loser] = (8, 0), f"lost the {name}"
        elif match.section == "third_place" and _real(winner):
            key[winner], how[winner] = (7, 0), "won the third-place match"
            key[loser], how[loser] = (6, 0), "lost the third-place match"
        elif _real(loser) and match.id not in sent_on:
            key[loser], how[loser] = (
                (_SECTION_DEPTH.get(match.section, 0), match.round),
                f"out in {_round_words(match)}",
            )
    alive = [entrant for entrant in bracket.seeds if entrant not in key]
    for entrant in alive:
        # Still in: as good as the best place not yet given out.
        in_third = any(
            match.section == "third_place" and winner_of[match.id] is UNKNOWN and entrant in occupants[match.id]
            for match in bracket.matches
        )
        key[entrant], how[entrant] = ((7, 0), "plays the third-place match") if in_third else ((9, 0), "still in")
    placings = {}
    for entrant in bracket.seeds:
        better = sum(1 for other in bracket.seeds if key[other] > key[entrant])
        placings[entrant] = Placing(better + 1, how[entrant])
    return placings
