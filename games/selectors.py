"""Reads about games: the catalogue of registered engines and their AI levels."""

from __future__ import annotations

from dataclasses import dataclass

from games.ai.registry import levels
from games.engines import Engine, all_engines, get_engine


@dataclass(frozen=True)
class CatalogueEntry:
    engine: Engine
    ai_levels: tuple[str, ...]

    @property
    def info(self):
        return self.engine.info


def game_catalogue() -> list[CatalogueEntry]:
    return [CatalogueEntry(engine, tuple(levels(engine.info.slug))) for engine in all_engines()]


def game_entry(slug: str) -> CatalogueEntry:
    engine = get_engine(slug)
    return CatalogueEntry(engine, tuple(levels(slug)))
