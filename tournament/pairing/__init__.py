"""Pairing algorithms for every tournament format, as plain Python (no Django import).

Entrants and history go in as frozen dataclasses; pairings, byes and their explanations come
out, with ``to_json()`` for a service to store. Randomness only comes from a recorded seed.
"""

from .errors import InvalidSettings, NoValidPairing, PairingFatalError, PairingUserError, TooFewEntrants
from .history import record_round
from .model import Absence, Bye, CostTerm, Entrant, Explanation, Float, Pairing, RoundPairing
from .swiss import SwissSettings, pair_swiss

__all__ = [
    "Absence",
    "Bye",
    "CostTerm",
    "Entrant",
    "Explanation",
    "Float",
    "InvalidSettings",
    "NoValidPairing",
    "Pairing",
    "PairingFatalError",
    "PairingUserError",
    "RoundPairing",
    "SwissSettings",
    "TooFewEntrants",
    "pair_swiss",
    "record_round",
]
