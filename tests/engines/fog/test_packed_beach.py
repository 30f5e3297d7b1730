"""The packed beaches: woods covering the hexes the Flex text counts, the default for new games,
and the open beaches kept under their names so that stored games replay as they were played."""

import random
import xml.etree.ElementTree as ET
from collections import deque

import pytest

from games.ai import RandomPlayer
from games.ai.match import play_game
from games.engines.base import IllegalMove, InvalidOptions, InvalidSetup
from games.engines.fog import board as boards
from games.engines.fog.board import BEACH, SHORE, WOODS
from games.engines.fog.state import OVER
from games.engines.fog.svg import KIND_FILL
from games.gamelog.validator import validate
from tests.engines.fog.positions import ENGINE, arrange, at, play, texts

PACKED = ("standard-packed", "medium-packed", "large-packed")
OPEN = ("standard", "medium", "large")
PACKED_OF = dict(zip(OPEN, PACKED, strict=True))


def woods(board) -> int:
    return sum(kind == WOODS for kind in board.kinds)


def beach(board) -> int:
    return sum(kind == BEACH for kind in board.kinds)


def pieces(board) -> int:
    return len(board.islanders) + sum(board.row_obstacles)


# --- the figures of the text ------------------------------------------------------------------


def test_the_packed_standard_beach_has_48_hexes_covered_as_the_flex_text_says():
    # Flex Board: "To have the same number of beach hexes available as in the Standard game, you
    # would need to cover 48 hexes in total." The Flex side is the Standard grid with no woods.
    packed = boards.shipped("standard-packed")
    grid = woods(packed) + beach(packed)
    assert woods(packed) == 48
    assert beach(packed) == grid - 48 == 95
    assert grid == woods(boards.shipped("standard")) + beach(boards.shipped("standard"))  # the same grid
    assert woods(boards.shipped("standard")) == 18  # the open beach, kept for older games


def test_the_packed_standard_keeps_the_printed_pieces_and_fog_start():
    packed = boards.shipped("standard-packed")
    assert len(packed.islanders) == 32 and sum(packed.row_obstacles) == 24  # "3 x 8 Obstacles"
    assert packed.fog_start == {2: 9, 3: 10, 4: 9}  # "Standard: 2/4 players = 9, 3 players = 10"
    assert (packed.min_players, packed.max_players) == (2, 4)


@pytest.mark.parametrize("name", ["medium", "large"])
def test_medium_and_large_are_packed_in_proportion_to_the_standard(name):
    standard = boards.shipped("standard-packed")
    density = pieces(standard) / beach(standard)  # 56 pieces on 95 beach hexes
    packed, old = boards.shipped(PACKED_OF[name]), boards.shipped(name)
    assert abs(pieces(packed) / beach(packed) - density) < 0.01
    assert pieces(packed) / beach(packed) > pieces(old) / beach(old) + 0.1  # much denser than before
    # the same grid, boats, islanders, obstacles and FOG as the open board: only woods added
    assert woods(packed) + beach(packed) == woods(old) + beach(old)
    assert packed.islanders == old.islanders and packed.row_obstacles == old.row_obstacles
    assert packed.fog_track == old.fog_track and packed.fog_start == old.fog_start
    assert [b.nation for b in packed.boats] == [b.nation for b in old.boats]


# --- every board stays playable ----------------------------------------------------------------


@pytest.mark.parametrize("name", PACKED + OPEN)
def test_every_beach_hex_reaches_the_shore_around_the_woods(name):
    board = boards.shipped(name)
    shore = [h for h in range(board.hexes) if board.kinds[h] == SHORE]
    seen, queue = set(shore), deque(shore)
    while queue:
        for g in board.neighbours[queue.popleft()]:
            if g >= 0 and g not in seen and board.kinds[g] == BEACH:
                seen.add(g)
                queue.append(g)
    stranded = [board.names[h] for h in range(board.hexes) if board.kinds[h] == BEACH and h not in seen]
    assert stranded == []


@pytest.mark.parametrize("name", PACKED)
def test_every_row_of_a_packed_beach_keeps_a_free_hex_after_the_set_up(name):
    board = boards.shipped(name)
    for row, label in enumerate(board.row_names[:-1]):
        free = sum(1 for h in range(board.hexes) if board.rows[h] == row and board.kinds[h] == BEACH)
        assert free - board.row_islanders[row] - board.row_obstacles[row] >= 2, label


@pytest.mark.parametrize("name", PACKED + OPEN)
def test_random_games_end_on_every_board_for_every_player_count(name):
    board = boards.shipped(name)
    for seats in range(board.min_players, board.max_players + 1):
        rng = random.Random(f"{name}:{seats}")
        state = ENGINE.setup({"board": name}, seats=seats, seed=rng.randrange(2**32))
        woods_hexes = {h for h in range(board.hexes) if board.kinds[h] == WOODS}
        for _ in range(5000):
            if ENGINE.to_move(state) is None:
                break
            moves = ENGINE.legal_moves(state)
            state = ENGINE.play(state, moves[rng.randrange(len(moves))])
            assert not woods_hexes & {h for h in state.where if h >= 0}, "an islander in the woods"
        assert state.phase == OVER and ENGINE.outcome(state) is not None, (name, seats)


# --- rules that depend on the board -------------------------------------------------------------


def test_the_woods_of_the_packed_beach_are_impenetrable_a_run_never_ends_there():
    # J5 to J8 are woods on the packed Standard; J4 runs W, but not E into J5.
    state = arrange({"J4": ("bL1", "black")}, options={"board": "standard-packed"})
    runs = {t for t in texts(state) if t.startswith("J4-")}
    assert "J4-J5" not in runs and "J4-J3" in runs
    with pytest.raises(IllegalMove, match="must end on an empty hex, and J5 is not"):
        play(state, "J4-J5")
    assert "J4-J5" in texts(arrange({"J4": ("bL1", "black")}))  # open beach there on the open board


def test_on_the_packed_beach_an_islander_squeezes_between_the_woods_and_an_islander():
    # "Squeeze through any combination of 2 Islanders/Obstacles/Woods": E10 is woods on the packed
    # Standard (the open one has none there), so D10 squeezes between it and E11 to F10.
    options = {"board": "standard-packed"}
    state = arrange({"D10": ("bL1", "black"), "E11": ("rE1", "pink")}, options=options)
    assert "D10%F10" in texts(state)
    assert at(play(state, "D10%F10"), "F10") == "bL1"
    assert "D10%F10" not in texts(arrange({"D10": ("bL1", "black")}, options=options))  # one blocker
    assert "D10%F10" not in texts(arrange({"D10": ("bL1", "black"), "E11": ("rE1", "pink")}))  # open beach


def test_three_players_on_the_packed_standard_have_ten_discs_each_two_islanders_leave():
    state = ENGINE.setup({}, seats=3, seed=4)
    assert state.rules.board.name == "standard-packed" and state.rules.fog_start == 10
    assert len(ENGINE.layout(state)["out_of_game"]) == 2  # 32 islanders, 3 x 10 Player Discs


def test_the_more_intensive_two_player_game_is_played_on_either_large_beach_only():
    assert ENGINE.setup({"board": "large-packed", "intensive_two_player": True}, seats=2, seed=1).rules.colours == 6
    with pytest.raises(InvalidOptions, match="only played on the large beach"):
        ENGINE.normalize_options({"board": "medium-packed", "intensive_two_player": True})


def test_five_players_are_sent_from_the_packed_standard_to_a_bigger_beach():
    with pytest.raises(InvalidSetup, match="standard-packed beach is played by 2 to 4 players, not 5: choose"):
        ENGINE.setup({"board": "standard-packed"}, seats=5)
    assert ENGINE.setup({"board": "medium-packed"}, seats=5, seed=1).rules.colours == 5


# --- the default, and the games played before it -------------------------------------------------


def test_new_games_are_played_on_the_packed_standard_by_default():
    assert ENGINE.normalize_options({})["board"] == "standard-packed"
    assert ENGINE.layout(ENGINE.setup({}, seats=4, seed=1))["board"] == "standard-packed"


def test_the_board_choices_list_the_packed_beaches_first_and_keep_the_open_ones():
    spec = next(s for s in ENGINE.info.options if s.name == "board")
    assert spec.choices == (*PACKED, *OPEN, "custom")
    assert set(boards.shipped_names()) == set(PACKED + OPEN)


def test_an_old_log_that_says_standard_replays_on_the_open_board():
    log = play_game(ENGINE, [RandomPlayer() for _ in range(4)], options={"board": "standard"}, seed=8).log
    assert log.options["board"] == "standard" and log.layout["board"] == "standard"
    verdict = validate(log)
    assert verdict.valid and verdict.finished
    replayed = ENGINE.setup(log.options, seats=4, layout=log.layout)
    assert replayed.rules.board.name == "standard" and woods(replayed.rules.board) == 18


def test_a_log_naming_no_board_replays_on_the_board_its_layout_names():
    log = play_game(ENGINE, [RandomPlayer() for _ in range(4)], options={"board": "standard"}, seed=9).log
    layout = log.layout
    for options in ({}, None, {"score_colours": "lowest"}):
        assert ENGINE.setup(options, seats=4, layout=layout).rules.board.name == "standard"
    packed = ENGINE.layout(ENGINE.setup({}, seats=4, seed=9))
    assert ENGINE.setup({}, seats=4, layout=packed).rules.board.name == "standard-packed"


def test_a_layout_for_one_board_is_refused_when_the_options_name_another():
    old = ENGINE.layout(ENGINE.setup({"board": "standard"}, seats=4, seed=3))
    with pytest.raises(InvalidSetup, match="the layout is for the 'standard' beach, the options say 'standard-packed'"):
        ENGINE.setup({"board": "standard-packed"}, seats=4, layout=old)
    # a forged board name in the layout does not choose a board: the default is checked and refused
    with pytest.raises(InvalidSetup, match="the layout is for the 'atlantis' beach"):
        ENGINE.setup({}, seats=4, layout={**old, "board": "atlantis"})
    # an open layout's islanders cannot be moved onto the packed board by renaming it
    with pytest.raises(InvalidSetup, match=r"(obstacles go|islanders start) on free beach hexes"):
        ENGINE.setup({}, seats=4, layout={**old, "board": "standard-packed"})


def test_the_solo_scenario_stays_on_the_open_standard_it_was_written_for():
    assert ENGINE.setup({}, seats=1, seed=1).rules.board.name == "standard"


# --- the picture -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "seats"), [("standard-packed", 4), ("medium-packed", 5), ("large-packed", 6)])
def test_the_picture_of_a_packed_beach_draws_every_woods_hex_and_stays_small(name, seats):
    state = ENGINE.setup({"board": name}, seats=seats, seed=1)
    svg = ENGINE.render_svg(ENGINE.observe(state, None))
    root = ET.fromstring(svg)
    board = state.rules.board
    drawn = {
        poly.findtext("{http://www.w3.org/2000/svg}title")
        for poly in root.iter("{http://www.w3.org/2000/svg}polygon")
        if poly.get("fill") == KIND_FILL["woods"]
    }
    assert drawn == {board.names[h] for h in range(board.hexes) if board.kinds[h] == WOODS}
    open_svg = ENGINE.render_svg(
        ENGINE.observe(ENGINE.setup({"board": name[: -len("-packed")]}, seats=seats, seed=1), None)
    )
    assert len(svg) < 1.1 * len(open_svg) < 160_000
