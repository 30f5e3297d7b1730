"""Signals the games app sends, so that apps above it (tournament) can react without games
importing them."""

from django.dispatch import Signal

# Sent once, when a record's verdict is written: kwargs ``record``.
record_validated = Signal()

# Sent once, when a live game ends and its record is stored: kwargs ``live``.
live_game_finished = Signal()

# Sent once, when a live game is called off before its first move (no result): kwargs ``live``.
live_game_aborted = Signal()

# Sent on commit when a live game's turn passes to a seat (also for the first turn of a new game):
# kwargs ``live_id`` and ``seat`` (the seat now to move). Notifications listen ("your turn").
live_turn_started = Signal()
