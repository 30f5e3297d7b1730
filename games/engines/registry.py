"""The one place that names every game: ``get_engine("carnac")``.

Each game is a subpackage of ``games.engines`` whose ``__init__`` exposes ``ENGINE``, an
instance of its Engine class. Adding a game is adding its package; nothing else switches on a
slug. Tests may ``register`` extra engines (a toy game) and remove them again.
"""

from __future__ import annotations

import importlib
import pkgutil
from threading import Lock

from games.engines.base import Engine

_engines: dict[str, Engine] | None = None
_lock = Lock()


class UnknownGame(LookupError):
    def __init__(self, slug: str, known: list[str]):
        super().__init__(f"no game called {slug!r} (known games: {', '.join(known) or 'none'})")
        self.slug = slug


def _discover() -> dict[str, Engine]:
    import games.engines as package

    found: dict[str, Engine] = {}
    for module in pkgutil.iter_modules(package.__path__):
        if not module.ispkg:
            continue
        engine = getattr(importlib.import_module(f"{package.__name__}.{module.name}"), "ENGINE", None)
        if isinstance(engine, Engine):
            found[engine.info.slug] = engine
    return found


def _all() -> dict[str, Engine]:
    global _engines
    if _engines is None:
        with _lock:
            if _engines is None:
                _engines = _discover()
    return _engines


def get_engine(slug: str) -> Engine:
    engines = _all()
    try:
        return engines[slug]
    except KeyError:
        raise UnknownGame(slug, sorted(engines)) from None


def all_engines() -> list[Engine]:
    """Every registered engine, in title order."""
    return sorted(_all().values(), key=lambda engine: engine.info.title.lower())


def register(engine: Engine) -> None:
    _all()[engine.info.slug] = engine


def unregister(slug: str) -> None:
    _all().pop(slug, None)
