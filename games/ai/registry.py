"""Which AI levels each game offers: ``get_player("carnac", "mcts")``.

Every game has ``random``. A game adds levels with a module ``games.ai.<slug>`` (or package)
exposing ``LEVELS``: a dict from level key to a zero-argument factory, weakest first.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable

from games.ai.base import Player
from games.ai.random_player import RandomPlayer
from games.engines import get_engine

Factory = Callable[[], Player]


class UnknownLevel(LookupError):
    pass


def levels(slug: str) -> dict[str, Factory]:
    """The AI levels of a game, weakest first (``random`` first of all)."""
    get_engine(slug)  # raises UnknownGame for a game that does not exist
    found: dict[str, Factory] = {"random": RandomPlayer}
    try:
        module = importlib.import_module(f"games.ai.{slug}")
    except ModuleNotFoundError as exc:
        if exc.name != f"games.ai.{slug}":
            raise
        return found
    found.update(getattr(module, "LEVELS", {}))
    return found


def get_player(slug: str, level: str) -> Player:
    available = levels(slug)
    try:
        return available[level]()
    except KeyError:
        raise UnknownLevel(f"{slug} has no AI level {level!r} (levels: {', '.join(available)})") from None


def level_descriptions(slug: str) -> dict[str, str]:
    """Each AI level of a game with what its player says it does, weakest first (for pickers)."""
    return dict(_descriptions(slug))


@functools.lru_cache(maxsize=64)
def _descriptions(slug: str) -> tuple[tuple[str, str], ...]:
    # A description is an engine text (games.engines.text.Text): kept as it is, so that pages can
    # say it in the reader's language.
    return tuple((key, getattr(factory(), "description", "") or "") for key, factory in levels(slug).items())
