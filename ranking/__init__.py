"""Ranking: standings and tie-breaks inside an event; ratings and leaderboards across events."""
