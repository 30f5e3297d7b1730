"""The two kinds of failure a pairing can end in.

A ``PairingUserError`` is something an organiser can fix (too few entrants, a stage policy that
leaves no valid pairing, an impossible table size); its message is written for them. A
``PairingFatalError`` means the algorithm broke its own promise and should never be seen.
"""


class PairingUserError(Exception):
    """A problem the organiser can solve: the message says what to change."""


class TooFewEntrants(PairingUserError):
    """Fewer present entrants than the format needs."""


class NoValidPairing(PairingUserError):
    """No pairing satisfies the stage's hard constraints and policy.

    ``reason`` is a short key a service can act on (``"rematch"`` when only rematches are left and
    the stage policy says to end the stage, ``"constraints"`` when forbidden pairs or byes block it).
    """

    def __init__(self, message: str, *, reason: str):
        super().__init__(message)
        self.reason = reason


class InvalidSettings(PairingUserError):
    """Options that cannot work together (for example a table size range of 5 to 3)."""


class PairingFatalError(Exception):
    """The algorithm produced something it promised never to produce: a bug, not a user mistake."""
