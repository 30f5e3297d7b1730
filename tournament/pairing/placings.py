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
from .text import _

# How far a section of the bracket reaches, to compare exits from different sections.
_SECTION_DEPTH = {"winners": 0, "losers": 1, "third_place": 2, "final": 3}


@dataclass(frozen=True)
class Placing:
    place: int  # 1 = champion; entrants that went equally far share a place
    how: str  # in words: "won the final", "out in the quarterfinals", "still in"


def _out_in(match: BracketMatch) -> str:
    """Where an entrant went out, in words: "out in the quarterfinals"."""
    if match.section == "losers":
        return _("out in losers round %(round)s") % {"round": match.round}
    label = match.label.split(",")[0]
    if label == "Semifinal":
        return _("out in the semifinals")
    if label == "Quarterfinal":
        return _("out in the quarterfinals")
    if label.startswith("Round of"):
        return _("out in the round of %(size)s") % {"size": label.removeprefix("Round of ").strip()}
    return _("out in round %(round)s") % {"round": match.round}


def _final_words(label: str) -> tuple[str, str]:
    """(won it, lost it) for the match that crowns the champion."""
    name = label.split(" (")[0].lower()
    if name == "grand final":
        return _("won the grand final"), _("lost the grand final")
    if name == "grand final reset":
        return _("won the grand final reset"), _("lost the grand final reset")
    if name == "final":
        return _("won the final"), _("lost the final")
    return f"won the {name}", f"lost the {name}"


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
            won, lost = _final_words(match.label)
            key[winner], how[winner] = (9, 0), won
            key[loser], how[loser] = (8, 0), lost
        elif match.section == "third_place" and _real(winner):
            key[winner], how[winner] = (7, 0), _("won the third-place match")
            key[loser], how[loser] = (6, 0), _("lost the third-place match")
        elif _real(loser) and match.id not in sent_on:
            key[loser], how[loser] = (
                (_SECTION_DEPTH.get(match.section, 0), match.round),
                _out_in(match),
            )
    alive = [entrant for entrant in bracket.seeds if entrant not in key]
    for entrant in alive:
        # Still in: as good as the best place not yet given out.
        in_third = any(
            match.section == "third_place" and winner_of[match.id] is UNKNOWN and entrant in occupants[match.id]
            for match in bracket.matches
        )
        if in_third:
            key[entrant], how[entrant] = (7, 0), _("plays the third-place match")
        else:
            key[entrant], how[entrant] = (9, 0), _("still in")
    placings = {}
    for entrant in bracket.seeds:
        better = sum(1 for other in bracket.seeds if key[other] > key[entrant])
        placings[entrant] = Placing(better + 1, how[entrant])
    return placings
