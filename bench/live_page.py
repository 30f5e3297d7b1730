"""What the live page's history costs: the work of one page view (or htmx refresh) at the end
of a long random game, per game: the replay with one view (what the page did before it had a
move list) against the replay with the viewer's view after every move, the move list and the
picture (what the first view after each move does; later refreshes read the move list from the
cache, games/live_history.py). Best of three passes; no database is touched.

    python -m bench.live_page [--repeat 20]
"""

from __future__ import annotations

import argparse
import os
import time


def _django():
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()


def _best(repeat: int, run) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(repeat):
            run()
        best = min(best, (time.perf_counter() - start) / repeat)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    _django()
    from games.ai import RandomPlayer
    from games.ai.match import play_game
    from games.engines import all_engines
    from games.live_history import move_lines, replay_views
    from games.models import LiveGame

    print(f"{'game':<12}{'moves':>7}{'one view ms':>14}{'history ms':>13}")
    for engine in all_engines():
        seats = max(2, engine.info.min_seats)
        log = play_game(engine, [RandomPlayer() for _ in range(seats)], seed=1).log
        live = LiveGame(
            game=log.game,
            options=log.options,
            layout=log.layout,
            seats=[{"name": seat.name} for seat in log.seats],
            moves=list(log.moves),
        )

        def before(engine=engine, live=live):
            state = engine.setup(live.options, seats=len(live.seats), layout=live.layout)
            for text in live.moves:
                state = engine.play_text(state, text)
            engine.render_svg(engine.observe(state, 0))

        def now(engine=engine, live=live):
            _state, views = replay_views(live, engine, 0)
            move_lines(live, engine, 0, views)
            engine.render_svg(views[-1])

        print(
            f"{engine.info.slug:<12}{len(live.moves):>7}"
            f"{_best(args.repeat, before) * 1000:>14.1f}{_best(args.repeat, now) * 1000:>13.1f}"
        )


if __name__ == "__main__":
    main()
