"""Tournaments: events, stages, rounds, pairings, series and result reports.

``tournament.pairing`` holds the pairing algorithms as plain Python (no Django import).
"""
