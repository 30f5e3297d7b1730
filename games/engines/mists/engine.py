"""Mists over Carcassonne (with The Spell Circles) on the Brume engine contract."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from games.engines.base import Engine, GameOver, IllegalMove, InvalidSetup
from games.engines.info import GameInfo, Kind, OptionSpec
from games.engines.mists import notation, rules
from games.engines.mists.explain import why_not
from games.engines.mists.levels import all_levels
from games.engines.mists.state import COLOURS, MistsState
from games.engines.mists.view import observe, state_from_view
from games.engines.outcome import Outcome
from games.engines.text import N_, Np_, Text, identity

PILE_SIZE = {False: 20, True: 23}  # levels 3-6: three equal piles (The Spell Circles: 23 each)


class MistsEngine(Engine):
    info = GameInfo(
        slug="mists",
        title="Mists over Carcassonne",
        min_seats=1,
        max_seats=5,
        kinds=(Kind.COOPERATIVE,),
        hidden_information=True,
        setup_chance=True,
        options=(
            OptionSpec(
                "level",
                1,
                N_("the level, 1 to 6 (levels 2-6 use numbers we chose: see the rules page)"),
                minimum=1,
                maximum=6,
                label=N_("level {}"),
            ),
            OptionSpec(
                "spell_circles",
                False,
                N_("add The Spell Circles: 9 tiles and the cat Eloise"),
                label=N_("the Spell Circles"),
            ),
            OptionSpec(
                "cemetery_closing",
                "tile",
                N_(
                    "levels 2-4, a closed cemetery frees every ghost on its tile (tile, as Dized says) "
                    "or only the cemetery's own (cemetery)"
                ),
                choices=("tile", "cemetery"),
                value_labels=(
                    ("tile", Np_("cemetery closing", "tile")),
                    ("cemetery", Np_("cemetery closing", "cemetery")),
                ),
                label=N_("cemetery closing"),
            ),
        ),
        # The summed tuple (won, points, -ghosts) compares win, then points, then fewest ghosts.
        default_tiebreaks=("game_tiebreak", "game_score"),
        score_label=N_("points"),
        tiebreak_labels=(N_("won"), N_("points"), N_("fewest ghosts on the board")),
        summary=N_("Cooperative Carcassonne: score the level's goal before the ghosts or the tiles run out."),
        rules_doc="docs/games/mists.md",
        extra={
            "ranking": {"ladder_options": ["level", "spell_circles"]},
            "ranked_levels": sorted(n for n, level in all_levels().items() if level.fully_confirmed),
        },
    )

    # --- setup -------------------------------------------------------------------------

    def make_layout(self, options: dict[str, Any], seats: int, rng: random.Random) -> dict[str, Any]:
        tiles = rules.all_tiles_for(all_levels()[options["level"]], options["spell_circles"])
        rng.shuffle(tiles)
        count = all_levels()[options["level"]].piles
        size = len(tiles) // count
        return {"piles": [tiles[i * size : (i + 1) * size] for i in range(count)]}

    def initial_state(self, options: dict[str, Any], seats: int, layout: Any) -> MistsState:
        level = all_levels()[options["level"]]
        spell = options["spell_circles"]
        if not isinstance(layout, dict) or set(layout) != {"piles"} or not isinstance(layout["piles"], list):
            raise InvalidSetup('a Mists layout is {"piles": [[tile names, top first], ...]}')
        piles = layout["piles"]
        if len(piles) != level.piles or not all(isinstance(p, list) for p in piles):
            raise InvalidSetup(f"level {level.level} is played with {level.piles} pile(s) of tiles, not {len(piles)}")
        expected = rules.all_tiles_for(level, spell)
        if level.piles > 1 and any(len(p) != PILE_SIZE[spell] for p in piles):
            raise InvalidSetup(f"each pile holds {PILE_SIZE[spell]} tiles at level {level.level}")
        given = Counter(t for p in piles for t in p)
        if given != Counter(expected):
            extra = sorted((given - Counter(expected)).elements())
            missing = sorted((Counter(expected) - given).elements())
            detail = "; ".join(
                part
                for part in (
                    f"not in the box: {', '.join(map(str, extra))}" if extra else "",
                    f"missing: {', '.join(missing)}" if missing else "",
                )
                if part
            )
            raise InvalidSetup(f"the tile order is not the level {level.level} tile set: {detail}")
        return rules.new_game(
            level, spell, seats, {"piles": [list(p) for p in piles]}, options.get("cemetery_closing", "tile")
        )

    def layout(self, state: MistsState) -> dict[str, Any]:
        return state.layout

    def seat_count(self, state: MistsState) -> int:
        return state.seats

    # --- play ----------------------------------------------------------------------------

    def to_move(self, state: MistsState) -> int | None:
        return None if state.result is not None else state.seat

    def legal_moves(self, state: MistsState) -> tuple:
        return () if state.result is not None else state.choices()

    def play(self, state: MistsState, move: Any) -> MistsState:
        if state.result is not None:
            raise GameOver(Text(N_("the game is over: {reason}"), reason=state.reason))
        if move not in state.choices():
            raise IllegalMove(why_not(state, move))
        after = state.clone()
        rules.choose(after, move)
        return after

    def outcome(self, state: MistsState) -> Outcome | None:
        if state.result is None:
            return None
        won = state.result == "won"
        ghosts = state.ghosts_on_board()
        key = (1.0 if won else 0.0, float(state.score), float(-ghosts))
        details = {
            "level": state.level.level,
            "spell_circles": state.spell_circles,
            "goal": state.level.goal,
            "ghosts_on_board": ghosts,
            "turns": state.turns,
        }
        if state.level.scoring == "per_colour":
            details["colour_scores"] = {COLOURS[c]: state.scores[c] for c in state.colours}
        return Outcome.ranked(
            [state.score] * state.seats,
            [key] * state.seats,
            reason=state.reason,
            team_won=won,
            details=details,
        )

    # --- views, notation, pictures ---------------------------------------------------------

    def observe(self, state: MistsState, seat: int | None) -> dict[str, Any]:
        return observe(self.info.slug, state, seat)

    def determinize(self, view: dict[str, Any], rng: random.Random) -> MistsState:
        return state_from_view(view, rng)

    def move_to_text(self, state: MistsState, move: Any) -> str:
        return notation.move_to_text(move)

    def parse_move(self, state: MistsState, text: str) -> tuple:
        move = notation.parse_move(text)
        if move[0] == "G" and len(move) == 4 and (move[:3] in state.choices()) and move not in state.choices():
            # draw:x,y:mist1 names the tile's first ghost, which is written draw:x,y
            first = rules.free_on_tile(state, (move[1], move[2]))
            if first and first[0][2] == move[3]:
                return move[:3]
        return move

    def render_svg(self, view: dict[str, Any], translate=identity) -> str:
        from games.engines.mists.svg import render

        return render(view, translate)

    def move_gestures(self, view: dict[str, Any]) -> list:
        from games.engines.mists.gestures import move_gestures

        moves = self.player_moves(view)
        return move_gestures(view, moves) if moves else []
