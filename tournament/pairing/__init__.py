"""Pairing algorithms for every tournament format, as plain Python (no Django import).

Entrants and history go in as frozen dataclasses; pairings, byes and their explanations come
out, with ``to_json()`` for a service to store. Randomness only comes from a recorded seed, and
nothing is stored, so every call is also a preview (dry run) of what publishing would give.

- ``pair_swiss(entrants, SwissSettings(), round_number, seed)`` -> ``RoundPairing``
- ``round_robin(entrants, RoundRobinSettings(), seed)`` -> ``Schedule`` (every round)
- ``bracket(entrants, EliminationSettings(), seed)`` -> ``Bracket``; ``bracket_state(bracket, winners)``
- ``pair_tables(entrants, TableSettings(), round_number, seed)`` -> ``RoundPairing``
- ``pair_duplicate(entrants, DuplicateSettings(), round_number, seed, setup_seed)`` -> ``RoundPairing``
- ``snake_groups`` / ``round_robin_groups`` / ``playoff_bracket`` for groups to playoffs
"""

from .bracket import Bracket, BracketMatch, BracketState, Slot, bracket_state, standard_order
from .duplicate import DuplicateSettings, draw_setup_seed, pair_duplicate, rank_by_score
from .elimination import EliminationSettings, bracket
from .errors import InvalidSettings, NoValidPairing, PairingFatalError, PairingUserError, TooFewEntrants
from .groups import Group, playoff_bracket, playoff_seeds, round_robin_groups, snake_groups
from .history import record_round
from .model import Absence, Bye, CostTerm, Entrant, Explanation, Float, Pairing, RoundPairing, to_json
from .round_robin import RoundRobinSettings, Schedule, berger_rounds, round_robin
from .swiss import SwissSettings, pair_swiss
from .tables import TableSettings, pair_tables, table_sizes

__all__ = [
    "Absence",
    "Bracket",
    "BracketMatch",
    "BracketState",
    "Bye",
    "CostTerm",
    "DuplicateSettings",
    "EliminationSettings",
    "Entrant",
    "Explanation",
    "Float",
    "Group",
    "InvalidSettings",
    "NoValidPairing",
    "Pairing",
    "PairingFatalError",
    "PairingUserError",
    "RoundPairing",
    "RoundRobinSettings",
    "Schedule",
    "Slot",
    "SwissSettings",
    "TableSettings",
    "TooFewEntrants",
    "berger_rounds",
    "bracket",
    "bracket_state",
    "draw_setup_seed",
    "pair_duplicate",
    "pair_swiss",
    "pair_tables",
    "playoff_bracket",
    "playoff_seeds",
    "rank_by_score",
    "record_round",
    "round_robin",
    "round_robin_groups",
    "snake_groups",
    "standard_order",
    "table_sizes",
    "to_json",
]
