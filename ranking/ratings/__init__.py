"""Replaying a pool's games into ratings, pure Python: Glicko-2 by rating period for two
players, OpenSkill Plackett–Luce game by game for tables, best scores for ladders."""
