"""Games: the catalogue of engines, game logs and their validation, AI games.

The subpackages ``games.engines``, ``games.gamelog`` and ``games.ai`` are plain Python with no
Django import; the rest of this app is the Django shell around them.
"""
