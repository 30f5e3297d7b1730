"""Standings inside a stage, pure Python: ``model`` (entrants and their rounds, data in) and
``compute`` (rows out, with explanations). Tie-breaks live in ``ranking.tiebreaks``."""
