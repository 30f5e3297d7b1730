"""Options, the random layout (written out as JSON) and the first position built from it."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.engines.base import InvalidOptions, InvalidSetup
from games.engines.fog import board as board_format
from games.engines.fog import components as comp
from games.engines.fog import jsonlines, scenarios
from games.engines.fog.board import BEACH, Board, from_data, shipped
from games.engines.fog.board import parse as parse_board
from games.engines.fog.jsonlines import DataFileError
from games.engines.fog.pieces import AREAS, COLOURS, NATION_LETTERS, OBSTACLES
from games.engines.fog.state import DRAFT, EMPTY, MISSIONS, MOVE, OBSTACLE, WOODS_CELL, FogState, Rules
from games.engines.info import OptionSpec
from games.engines.text import N_, Text

# The beaches packed with woods like the printed Standard (48 hexes covered, the Flex text) are the
# default for new games. The open beaches keep their names: a log stores the board's name (in its
# options and its layout), so a game played on "standard" must replay on that same board.
PACKED_BOARDS = ("standard-packed", "medium-packed", "large-packed")
OPEN_BOARDS = ("standard", "medium", "large")
LARGE_BOARDS = ("large-packed", "large")  # option 9 is played on the large beach only

OPTIONS = (
    OptionSpec(
        "board",
        "standard-packed",
        N_(
            "the beach: standard-packed (2-4 players), medium-packed (2-5), large-packed (2-6), packed with "
            "woods like the printed Standard; standard, medium, large: the first, open Brume beaches (older "
            "games); or custom (board file in the layout)"
        ),
        choices=(*PACKED_BOARDS, *OPEN_BOARDS, "custom"),
        label=N_("{} beach"),
    ),
    OptionSpec(
        "board_file",
        "",
        N_("board custom: the organiser's own beach (the rulebook's Flex Board), a fog-board/1 file"),
        file_format=board_format.FORMAT,
        label=N_("board file"),
    ),
    OptionSpec(
        "score_colours",
        "lowest",
        N_("a player with several colours scores their lowest colour, or the total"),
        choices=("lowest", "total"),
        label=N_("score colours"),
    ),
    OptionSpec(
        "boat_scoring",
        "standard",
        N_(
            "option 2 and 6: the Boat Scorings (standard 4 tokens descending; any four of eight, descending or in random order; individual per boat)"
        ),
        choices=("standard", "any_four", "any_four_random", "individual"),
        label=N_("boat scoring"),
    ),
    OptionSpec(
        "drive_off",
        "off",
        N_("option 3: boarding an occupied productive place (family, advanced, intensive)"),
        choices=("off", "family", "advanced", "intensive"),
        label=N_("drive off"),
    ),
    OptionSpec(
        "boats_without_colour",
        False,
        N_("option 4: -12 RP per boat where a colour has no islander on a productive place"),
        label=N_("boats without colour"),
    ),
    OptionSpec(
        "minimum_crew",
        False,
        N_("option 5: a boat departs only with its minimum crew in areas A and B"),
        label=N_("minimum crew"),
    ),
    OptionSpec(
        "beach_scoring",
        "printed",
        N_("option 7: the row penalties: printed, variant A (-20/-15/-10) or variant B (random)"),
        choices=("printed", "A", "B"),
        label=N_("beach scoring"),
    ),
    OptionSpec(
        "team_play",
        "off",
        N_("option 8: teams of seats sitting alternately; team score is the total or the lowest"),
        choices=("off", "total", "lowest"),
        label=N_("team play"),
    ),
    OptionSpec(
        "teams", 2, N_("option 8 with 6 players: 2 teams of 3 or 3 teams of 2"), minimum=2, maximum=3, label=N_("teams")
    ),
    OptionSpec(
        "intensive_two_player",
        False,
        N_("option 9: on the large beach, 2 players play 3 colours each"),
        label=N_("intensive two player"),
    ),
    OptionSpec(
        "draft_all_islanders",
        False,
        N_(
            "the first reading: every islander is drafted, though 3 players have fewer Player Discs "
            "(10/11/11 on Standard, 15/15/16 on Medium); off, the extra islanders leave the game"
        ),
        label=N_("draft all islanders"),
    ),
    OptionSpec(
        "rescue_the_leaders",
        False,
        N_("option 10: one Leader per colour starts in row A, scored +15/+5/-5"),
        label=N_("rescue the leaders"),
    ),
    OptionSpec(
        "enhanced_movements",
        False,
        N_("option 11: Push, Jump, Cross and Squeeze enhanced for 2 MP more"),
        label=N_("enhanced movements"),
    ),
    OptionSpec(
        "hourglass_seconds",
        0,
        N_("option 1: a time limit per turn enforced by online play (0: none); not an engine rule"),
        minimum=0,
        maximum=600,
        label=N_("hourglass seconds"),
    ),
    OptionSpec(
        "guardians",
        "off",
        N_("Uncertainty: a random Guardian per colour, side A, side B or a random side each"),
        choices=("off", "A", "B", "mixed"),
        label=N_("guardians"),
    ),
    OptionSpec(
        "fog_uncertainty",
        "off",
        N_("Uncertainty: the FOG deck from the corner field on (with_c: 2 A cards replaced by the C cards)"),
        choices=("off", "on", "with_c"),
        label=N_("fog uncertainty"),
    ),
    OptionSpec(
        "fog_deck_ends_game",
        True,
        N_("FOG Uncertainty: the game ends in the round the last card is drawn (else once the FOG reaches 0)"),
        label=N_("fog deck ends game"),
    ),
    OptionSpec(
        "events",
        "off",
        N_("Uncertainty: an Unforeseen Event each round (always: without the Calm card)"),
        choices=("off", "on", "always"),
        label=N_("events"),
    ),
    OptionSpec(
        "missions",
        "off",
        N_("Uncertainty: secret missions (rescued islanders, rescue achievements or both)"),
        choices=("off", "rescued", "achievements", "both"),
        label=N_("missions"),
    ),
    OptionSpec(
        "missions_mode",
        "secret",
        N_("missions: 2 dealt, keep 1 in secret; or open: 3 face-up missions for everyone"),
        choices=("secret", "open"),
        label=N_("missions mode"),
    ),
    OptionSpec(
        "missions_after_draft",
        False,
        N_("missions: choose the card to keep after the draft"),
        label=N_("missions after draft"),
    ),
    OptionSpec(
        "scenario",
        "brume-s1",
        N_("solo: the scenario (a shipped name, or custom with scenario_file)"),
        label=N_("scenario {}"),
    ),
    OptionSpec(
        "scenario_file",
        "",
        N_("scenario custom: the organiser's own solo scenario, a fog-scenario/1 file"),
        file_format=scenarios.FORMAT,
        label=N_("scenario file"),
    ),
    OptionSpec("solo_advanced", False, N_("solo: the FOG starts one position lower"), label=N_("solo advanced")),
)


MAX_FILE_CHARS = 256 * 1024  # a board or scenario file; the shipped ones are under 8 KB


def check_options(options: dict[str, Any]) -> None:
    for name, kind, parse in (("board", "board", parse_board), ("scenario", "scenario", scenarios.parse)):
        text = options[f"{name}_file"]
        if len(text) > MAX_FILE_CHARS:
            if kind == "board":
                raise InvalidOptions(Text(N_("the board file is larger than {kb} KB"), kb=MAX_FILE_CHARS // 1024))
            raise InvalidOptions(Text(N_("the scenario file is larger than {kb} KB"), kb=MAX_FILE_CHARS // 1024))
        if text and options[name] != "custom":
            raise InvalidOptions(Text(N_("{name}_file is read only with {name} 'custom'"), name=name))
        if text:
            try:
                parse(text)
            except DataFileError as exc:
                if kind == "board":
                    raise InvalidOptions(Text(N_("the board file is not valid: {problem}"), problem=str(exc))) from None
                raise InvalidOptions(Text(N_("the scenario file is not valid: {problem}"), problem=str(exc))) from None
    if options["intensive_two_player"] and options["board"] not in (*LARGE_BOARDS, "custom"):
        raise InvalidOptions(Text(N_("the more intensive 2-player game (option 9) is only played on the large beach")))
    if options["missions"] == "off" and options["missions_after_draft"]:
        raise InvalidOptions(Text(N_("missions_after_draft needs missions")))


def board_from_layout(options: Any, layout: Any) -> Any:
    """Options without a board, given a layout that names a shipped board: that board.

    Anything else is returned as it is (normalising reports what is wrong with it)."""
    options = {} if options is None else options
    if not isinstance(options, Mapping) or "board" in options or not isinstance(layout, dict):
        return options
    name = layout.get("board")
    if isinstance(name, str) and name in (*PACKED_BOARDS, *OPEN_BOARDS):
        return {**options, "board": name}
    return options


def board_for(options: dict[str, Any], layout: Any = None) -> Board:
    if options["board"] == "custom":
        data = layout.get("board") if isinstance(layout, dict) else None
        if not isinstance(data, dict):
            raise InvalidSetup("a custom board comes with its board file: put its data under 'board' in the layout")
        try:
            return from_data(data)
        except DataFileError as exc:
            raise InvalidSetup(f"the custom board is not valid: {exc}") from None
    return shipped(options["board"])


# Player Discs per colour in the box: 10 with the Standard beach, 5 more with the Medium/Large
# expansion (colours 5 and 6 come with 15). A colour drafts one islander per disc.
PLAYER_DISCS = {
    "standard": 10,
    "medium": 15,
    "large": 15,
    "standard-packed": 10,
    "medium-packed": 15,
    "large-packed": 15,
}
SPARE_TYPES = ("E", "W", "S")  # types with one islander more than the boats show


def out_of_game_count(board: Board, options: dict[str, Any], colours: int) -> int:
    """How many islanders leave the game before the set-up: more islanders than the colours' discs.

    Only 3 players are concerned: 32 islanders for 30 discs on Standard, 46 for 45 on Medium.
    Custom beaches and the option draft_all_islanders (the first reading) keep every islander.
    """
    discs = PLAYER_DISCS.get(board.name)
    if discs is None or options.get("draft_all_islanders") or options.get("board") == "custom":
        return 0
    return max(0, len(board.islanders) - discs * colours)


def choose_out_of_game(board: Board, count: int, rng: random.Random) -> list[int]:
    """Which islanders leave: random Elders, Warriors or Sailors (each type has a spare, so every
    boat can still be filled), from different nations while possible."""
    chosen: list[int] = []
    nations = [b.nation for b in board.boats]
    rng.shuffle(nations)
    for k in range(count):
        nation = nations[k % len(nations)]
        pool = [
            i
            for i, chip in enumerate(board.islanders)
            if chip.nation == nation and chip.type in SPARE_TYPES and i not in chosen
        ]
        chosen.append(rng.choice(pool))
    return chosen


def colour_count(board: Board, options: dict[str, Any], seats: int) -> int:
    if seats == 2 and options["intensive_two_player"]:
        return 6
    return board.colours[seats]


def check_seats(options: dict[str, Any], seats: int, layout: Any = None) -> None:
    if seats == 1:
        return
    board = board_for(options, layout) if options["board"] != "custom" else None
    if board is None:
        return
    if not board.min_players <= seats <= board.max_players:
        if seats > board.max_players:
            message = N_(
                "the {board} beach is played by {low} to {high} players, not {seats}: choose the medium or large beach"
            )
        else:
            message = N_("the {board} beach is played by {low} to {high} players, not {seats}")
        raise InvalidSetup(Text(message, board=board.name, low=board.min_players, high=board.max_players, seats=seats))
    if options["intensive_two_player"] and seats != 2:
        raise InvalidSetup(Text(N_("the more intensive 2-player game (option 9) is for 2 players")))
    if options["team_play"] != "off":
        teams = options["teams"] if seats == 6 else 2
        if seats not in (4, 6) or seats % teams:
            raise InvalidSetup(Text(N_("team play is for 4 players (2 teams) or 6 players (2 or 3 teams)")))


# --- the random layout ------------------------------------------------------------------------


def islander_code(board: Board, islander: int) -> str:
    chip = board.islanders[islander]
    return f"{NATION_LETTERS[chip.nation]}{chip.type}{chip.number}"


def make_layout(options: dict[str, Any], seats: int, rng: random.Random) -> dict[str, Any]:
    """The random setup, written out; a custom board or scenario file is copied into it, so that
    a log replays without the file."""
    if seats == 1:
        if options["scenario"] == "custom":
            if not options["scenario_file"]:
                raise InvalidSetup(Text(N_("a custom scenario needs its file (option scenario_file)")))
            data, _ = jsonlines.load(options["scenario_file"])
            scenario = scenarios.build(data)
            layout: dict[str, Any] = {"scenario": "custom", "scenario_data": data}
        else:
            scenario = scenarios.shipped(options["scenario"])
            layout = {"scenario": options["scenario"]}
        board = shipped(scenario["board"])
        colours = len(board.boats)
    else:
        if options["board"] == "custom":
            if not options["board_file"]:
                raise InvalidSetup(Text(N_("a custom board needs its file (option board_file)")))
            data, _ = jsonlines.load(options["board_file"])
            board = from_data(data)
            layout = {"board": data}
        else:
            board = board_for(options)
            layout = {"board": board.name}
        colours = colour_count(board, options, seats)
        layout.update(_beach(board, options, colours, rng))
        layout["boat_scoring"] = _boat_scoring(board, options, rng)
    if options["beach_scoring"] != "printed":
        layout["beach_scoring"] = _beach_scoring(board, options, rng)
    names = COLOURS[:colours] if seats != 1 else tuple(b.nation for b in board.boats)
    layout.update(_uncertainty(board, options, names, rng))
    return layout


def _beach(board: Board, options: dict[str, Any], colours: int, rng: random.Random) -> dict[str, Any]:
    by_row: dict[int, list[int]] = {}
    for hex_ in range(board.hexes):
        if board.kinds[hex_] == BEACH:
            by_row.setdefault(board.rows[hex_], []).append(hex_)
    obstacle_kinds = [OBSTACLES[i % 3] for i in range(sum(board.row_obstacles))]
    rng.shuffle(obstacle_kinds)
    obstacles: dict[str, str] = {}
    free: dict[int, list[int]] = {}
    for row, hexes in sorted(by_row.items()):
        chosen = rng.sample(hexes, board.row_obstacles[row])
        for hex_ in chosen:
            obstacles[board.names[hex_]] = obstacle_kinds.pop()
        free[row] = [h for h in hexes if h not in chosen]
    slots = []  # islander hexes, row A first
    for row in sorted(free):
        slots += [(row, h) for h in rng.sample(free[row], board.row_islanders[row])]
    out = choose_out_of_game(board, out_of_game_count(board, options, colours), rng)
    islanders = [i for i in range(len(board.islanders)) if i not in out]
    leaders: list[int] = []
    if options["rescue_the_leaders"]:
        leaders = [i for i in islanders if board.islanders[i].type == "L"]
        rng.shuffle(leaders)
        elders = [i for i in islanders if board.islanders[i].type == "E"]
        rng.shuffle(elders)
        leaders = (leaders + elders)[:colours]
    rest = [i for i in islanders if i not in leaders]
    rng.shuffle(rest)
    if out:  # the hexes of the islanders out of the game stay empty: random ones, not the Leaders'
        empty = set(rng.sample(range(len(leaders), len(slots)), len(out)))
        slots = [slot for k, slot in enumerate(slots) if k not in empty]
    placed = {islander_code(board, i): board.names[h] for i, (_, h) in zip(leaders + rest, slots)}
    result: dict[str, Any] = {"islanders": placed, "obstacles": obstacles}
    if out:
        result["out_of_game"] = sorted(islander_code(board, i) for i in out)
    if leaders:
        result["leaders"] = [islander_code(board, i) for i in leaders]
    return result


def _boat_scoring(board: Board, options: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    mode = options["boat_scoring"]
    if mode == "individual":
        pools = {a: list(comp.INDIVIDUAL_BOAT_SCORINGS[a][: 5 if len(board.boats) <= 3 else 8]) for a in AREAS}
        for pool in pools.values():
            rng.shuffle(pool)
        return {boat.nation: {a: pools[a].pop() for a in AREAS} for boat in board.boats}
    tokens = list(comp.BOAT_SCORINGS)
    if mode != "standard":
        tokens = rng.sample(tokens + list(comp.EXTRA_BOAT_SCORINGS), 4)
    values = [rng.choice(token) for token in tokens]
    if mode != "any_four_random":
        values.sort(reverse=True)
    else:
        rng.shuffle(values)
    return dict(zip(AREAS, values))


def _beach_scoring(board: Board, options: dict[str, Any], rng: random.Random) -> dict[str, int]:
    rows = board.row_names[:-1]
    if options["beach_scoring"] == "A":
        return {r: comp.BEACH_SCORINGS_A[r] for r in rows if r in comp.BEACH_SCORINGS_A}
    pool = list(comp.BEACH_SCORINGS_B[: 16 if len(board.boats) <= 3 else 20])
    rng.shuffle(pool)
    return {r: pool[i % len(pool)] for i, r in enumerate(rows)}


def _fog_cards(board: Board, options: dict[str, Any]) -> list[int]:
    a_cards = list(range(7, 7 + (5 if len(board.boats) <= 3 else 7)))
    cards = [*a_cards, 14, 15]
    if options["fog_uncertainty"] == "with_c":
        cards = [*a_cards[2:], 14, 15, 16, 17]
    return cards


def _mission_decks(board: Board, options: dict[str, Any]) -> list[tuple[int, ...]]:
    letters = comp.deck_letters(tuple(b.nation for b in board.boats))
    decks = []
    if options["missions"] in ("rescued", "both"):
        decks.append(comp.RESCUED_DECK)
    if options["missions"] in ("achievements", "both"):
        decks.append(comp.ACHIEVEMENT_DECK)
    return [tuple(n for n in deck if comp.MISSIONS[n].letter in letters) for deck in decks]


def _uncertainty(board: Board, options: dict[str, Any], names: tuple[str, ...], rng: random.Random) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if options["guardians"] != "off":
        cards = rng.sample(sorted(comp.GUARDIANS), len(names)) if len(names) <= 6 else []
        sides = [options["guardians"] if options["guardians"] != "mixed" else rng.choice("AB") for _ in names]
        out["guardians"] = {name: [card, side] for name, card, side in zip(names, cards, sides)}
    if options["fog_uncertainty"] != "off":
        cards = _fog_cards(board, options)
        rng.shuffle(cards)
        out["fog_deck"] = cards
    if options["events"] != "off":
        cards = list(range(18, 36 if options["events"] == "always" else 37))
        rng.shuffle(cards)
        out["event_deck"] = cards
    if options["missions"] != "off":
        decks = _mission_decks(board, options)
        if options["missions_mode"] == "open":
            out["open_missions"] = [n for deck in decks for n in rng.sample(deck, 3)]
        else:
            hands: dict[str, list[int]] = {name: [] for name in names}
            for deck in decks:
                cards = list(deck)
                rng.shuffle(cards)
                for name in names:
                    hands[name] += [cards.pop(), cards.pop()]
            out["missions"] = hands
    return out


# --- the first position -------------------------------------------------------------------------


def initial_state(options: dict[str, Any], seats: int, layout: Any) -> FogState:
    if not isinstance(layout, dict):
        raise InvalidSetup("a FOG layout is an object (see docs/games/fog.md, 'Layout')")
    try:
        if seats == 1:
            return _solo_state(options, layout)
        return _multiplayer_state(options, seats, layout)
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, InvalidSetup):
            raise
        raise InvalidSetup(f"the layout is not valid: {exc}") from None


def _hex(board: Board, name: Any, what: str) -> int:
    if not isinstance(name, str) or name not in board.names[: board.hexes]:
        raise InvalidSetup(f"{what}: {name!r} is not a hex of the {board.name} beach")
    return board.node(name)


def _place_pieces(board: Board, islanders: Any, obstacles: Any, strict_rows: bool, out_of_game: int = 0, out=None):
    if not isinstance(islanders, dict) or not isinstance(obstacles, dict):
        raise InvalidSetup("the layout lists 'islanders' (code to hex) and 'obstacles' (hex to kind)")
    cells = [WOODS_CELL if kind == "woods" else EMPTY for kind in board.kinds]
    obstacle_at: dict[int, str] = {}
    for name, kind in obstacles.items():
        hex_ = _hex(board, name, "an obstacle")
        if board.kinds[hex_] != BEACH or cells[hex_] != EMPTY:
            raise InvalidSetup(f"an obstacle on {name}: obstacles go on free beach hexes")
        if kind not in OBSTACLES:
            raise InvalidSetup(f"the obstacle on {name} is a {kind!r}: obstacles are {', '.join(OBSTACLES)}")
        cells[hex_] = OBSTACLE
        obstacle_at[hex_] = kind
    codes = {islander_code(board, i): i for i in range(len(board.islanders))}
    where = [-1] * len(board.islanders)
    for code, name in islanders.items():
        if code not in codes:
            raise InvalidSetup(f"{code!r} is not an islander of this board (codes like 'bS1': nation, type, number)")
        hex_ = _hex(board, name, f"islander {code}")
        if board.kinds[hex_] != BEACH or cells[hex_] != EMPTY:
            raise InvalidSetup(f"islander {code} on {name}: islanders start on free beach hexes, one per hex")
        cells[hex_] = codes[code]
        where[codes[code]] = hex_
    out = list(out or [])
    if len(out) != out_of_game or any(c not in codes for c in out) or len(set(out)) != len(out):
        raise InvalidSetup(
            f"the layout's 'out_of_game' lists the {out_of_game} islanders that leave the game "
            "(more islanders than Player Discs)"
            if out_of_game
            else "no islander leaves the game in this set-up: the layout's 'out_of_game' must be empty"
        )
    placed_out = [c for c in out if where[codes[c]] >= 0]
    if placed_out:
        raise InvalidSetup(f"islander {placed_out[0]} has left the game: it is not placed on the beach")
    missing = [code for code, i in codes.items() if where[i] < 0 and code not in out]
    if missing:
        raise InvalidSetup(f"the layout does not place every islander: {', '.join(missing[:5])} missing")
    if strict_rows:
        for row, name in enumerate(board.row_names[:-1]):
            isl = sum(1 for h in where if h >= 0 and board.rows[h] == row)
            obs = sum(1 for h in obstacle_at if board.rows[h] == row)
            short = board.row_islanders[row] - isl  # hexes of islanders out of the game stay empty
            if not 0 <= short <= out_of_game or obs != board.row_obstacles[row]:
                raise InvalidSetup(
                    f"row {name} starts {board.row_islanders[row]} islanders and {board.row_obstacles[row]} obstacles "
                    f"on the {board.name} beach, the layout has {isl} and {obs}"
                )
    return cells, where, obstacle_at


def _area_values(board: Board, scoring: Any) -> tuple[tuple[int, ...], ...]:
    if not isinstance(scoring, dict):
        raise InvalidSetup("the layout's 'boat_scoring' gives the RP of areas A-D (or per boat nation)")
    if all(a in scoring for a in AREAS):
        row = tuple(_int(scoring[a], f"boat scoring {a}") for a in AREAS)
        return tuple(row for _ in board.boats)
    out = []
    for boat in board.boats:
        per = scoring.get(boat.nation)
        if not isinstance(per, dict) or not all(a in per for a in AREAS):
            raise InvalidSetup(f"the boat scoring of the {boat.nation} boat needs areas A, B, C and D")
        out.append(tuple(_int(per[a], f"{boat.nation} boat scoring {a}") for a in AREAS))
    return tuple(out)


def _int(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidSetup(f"{what} must be a whole number, not {value!r}")
    return value


def _penalties(board: Board, layout: dict[str, Any], options: dict[str, Any]) -> tuple[int, ...]:
    penalties = list(board.penalties)
    custom = layout.get("beach_scoring")
    if options["beach_scoring"] != "printed":
        if not isinstance(custom, dict):
            raise InvalidSetup("the Individual Beach Scorings option needs 'beach_scoring' in the layout")
        for row, value in custom.items():
            if row not in board.row_names[:-1]:
                raise InvalidSetup(f"beach scoring for {row!r}: not a beach row")
            penalties[board.row_names.index(row)] = _int(value, f"the beach scoring of row {row}")
            if value > 0:
                raise InvalidSetup(f"the beach scoring of row {row} is a loss: {value} is positive")
    return tuple(penalties)


def _same_file(text: str, data: Any, what: str) -> None:
    """A layout drawn from a file option carries that file's data: refuse one that does not."""
    if text and jsonlines.load(text)[0] != data:
        raise InvalidSetup(f"the layout's {what} is not the {what} file given in the options")


def _multiplayer_state(options: dict[str, Any], seats: int, layout: dict[str, Any]) -> FogState:
    board = board_for(options, layout)
    if options["board"] == "custom":
        _same_file(options["board_file"], layout.get("board"), "board")
    if options["board"] != "custom" and layout.get("board") != board.name:
        raise InvalidSetup(f"the layout is for the {layout.get('board')!r} beach, the options say {board.name!r}")
    if not board.min_players <= seats <= board.max_players:
        raise InvalidSetup(
            f"the {board.name} beach is played by {board.min_players} to {board.max_players} players, not {seats}"
        )
    colours = colour_count(board, options, seats)
    names = COLOURS[:colours]
    out = layout.get("out_of_game", [])
    if not isinstance(out, list):
        raise InvalidSetup("the layout's 'out_of_game' is a list of islander codes")
    cells, where, obstacle_at = _place_pieces(
        board,
        layout.get("islanders"),
        layout.get("obstacles"),
        True,
        out_of_game_count(board, options, colours),
        out,
    )
    leaders = frozenset()
    if options["rescue_the_leaders"]:
        codes = {islander_code(board, i): i for i in range(len(board.islanders))}
        given = layout.get("leaders")
        if not isinstance(given, list) or len(given) != colours or any(c not in codes for c in given):
            raise InvalidSetup(f"Rescue the Leaders needs 'leaders': {colours} islander codes, one per colour")
        leaders = frozenset(codes[c] for c in given)
        bad = [c for c in given if board.rows[where[codes[c]]] > 1]
        if bad:
            raise InvalidSetup(f"the Leaders start in beach rows A and B, not {bad[0]}")
    rules = Rules(
        board=board,
        options=options,
        seats=seats,
        colours=colours,
        colour_names=names,
        seat_of=tuple(c % seats for c in range(colours)),
        solo=False,
        area_values=_area_values(board, layout.get("boat_scoring")),
        penalties=_penalties(board, layout, options),
        fog_start=board.fog_start[seats],
        turn_mp=(7,) * colours,
        layout=layout,
        leaders=leaders,
        obstacles=obstacle_at,
    )
    return _first_position(rules, cells, where, [-1] * len(where), layout, names)


def _solo_state(options: dict[str, Any], layout: dict[str, Any]) -> FogState:
    name = layout.get("scenario")
    if name == "custom" or isinstance(name, dict):
        data = layout.get("scenario_data") if name == "custom" else name
        if options["scenario"] == "custom":
            _same_file(options["scenario_file"], data, "scenario")
        try:
            scenario = scenarios.build(data)
        except DataFileError as exc:
            raise InvalidSetup(f"the custom scenario is not valid: {exc}") from None
    else:
        if name != options["scenario"]:
            raise InvalidSetup(f"the layout is for the scenario {name!r}, the options say {options['scenario']!r}")
        try:
            scenario = scenarios.shipped(name)
        except DataFileError as exc:
            raise InvalidSetup(str(exc)) from None
    board = shipped(scenario["board"])
    names = tuple(b.nation for b in board.boats)
    cells, where, obstacle_at = _place_pieces(board, scenario["islanders"], scenario["obstacles"], False)
    owner = [names.index(board.islanders[i].nation) for i in range(len(where))]
    start = scenario["fog_start"] - (1 if options["solo_advanced"] else 0)
    rules = Rules(
        board=board,
        options=options,
        seats=1,
        colours=len(names),
        colour_names=names,
        seat_of=(0,) * len(names),
        solo=True,
        area_values=_area_values(board, scenario["boat_scoring"]),
        penalties=_penalties(board, layout, options),
        fog_start=start,
        turn_mp=tuple(scenario["nation_mp"][n] for n in names),
        layout=layout,
        obstacles=obstacle_at,
        scenario=scenario,
    )
    return _first_position(rules, cells, where, owner, layout, names)


def _deck(layout: dict[str, Any], key: str, expected: list[int] | None) -> tuple[int, ...]:
    cards = layout.get(key, [])
    if expected is None:
        if cards:
            raise InvalidSetup(f"the layout has a {key!r} but the option is off")
        return ()
    if not isinstance(cards, list) or sorted(cards) != sorted(expected):
        raise InvalidSetup(f"the layout's {key!r} must hold the cards {sorted(expected)} in some order")
    return tuple(cards)


def _first_position(rules: Rules, cells, where, owner, layout, names) -> FogState:
    options, board = rules.options, rules.board
    fog_deck = _deck(layout, "fog_deck", _fog_cards(board, options) if options["fog_uncertainty"] != "off" else None)
    event_cards = list(range(18, 36 if options["events"] == "always" else 37))
    event_deck = _deck(layout, "event_deck", event_cards if options["events"] != "off" else None)
    guardians: tuple[tuple[int, str], ...] = ()
    if options["guardians"] != "off":
        given = layout.get("guardians")
        if not isinstance(given, dict) or set(given) != set(names):
            raise InvalidSetup(f"the layout's 'guardians' gives a card and side to each of {', '.join(names)}")
        guardians = tuple((int(given[n][0]), str(given[n][1])) for n in names)
        cards = [g[0] for g in guardians]
        if any(c not in comp.GUARDIANS for c in cards) or len(set(cards)) != len(cards):
            raise InvalidSetup("each colour gets a different Guardian card 1-6")
        if any(s not in "AB" or (options["guardians"] in "AB" and s != options["guardians"]) for _, s in guardians):
            raise InvalidSetup(f"Guardian sides must be {options['guardians']}")
    hands: tuple[tuple[int, ...], ...] = tuple(() for _ in names)
    open_missions: tuple[int, ...] = ()
    if options["missions"] != "off":
        decks = _mission_decks(board, options)
        pool = {n for deck in decks for n in deck}
        if options["missions_mode"] == "open":
            open_missions = tuple(layout.get("open_missions", ()))
            if len(open_missions) != 3 * len(decks) or not set(open_missions) <= pool:
                raise InvalidSetup("open missions: the layout shows 3 face-up cards of each mission deck")
        else:
            given = layout.get("missions")
            if not isinstance(given, dict) or set(given) != set(names):
                raise InvalidSetup(f"the layout's 'missions' deals cards to each of {', '.join(names)}")
            hands = tuple(tuple(given[n]) for n in names)
            dealt = [c for hand in hands for c in hand]
            if any(len(h) != 2 * len(decks) for h in hands) or len(set(dealt)) != len(dealt) or not set(dealt) <= pool:
                raise InvalidSetup(
                    f"each colour is dealt {2 * len(decks)} different mission cards of the decks in play"
                )
    n_places = len(board.places)
    secret_first = (
        options["missions"] != "off" and options["missions_mode"] == "secret" and not options["missions_after_draft"]
    )
    phase = MOVE if rules.solo else (MISSIONS if secret_first else DRAFT)
    state = FogState(
        rules=rules,
        phase=phase,
        cells=tuple(cells),
        where=tuple(where),
        aboard=((),) * n_places,
        owner=tuple(owner),
        lost_row=(-1,) * len(where),
        fog=rules.fog_start,
        swallowed=0,
        colour=0,
        order=tuple(range(rules.colours)),
        turn=0,
        round=1,
        mp=rules.turn_mp[0],
        moved=(),
        spent=(),
        bonus_next=(0,) * len(board.boats),
        bonuses=((),) * rules.colours,
        picks=0,
        fog_deck=fog_deck,
        fog_drawn=(),
        event_deck=event_deck,
        event=-1,
        hands=hands,
        missions=tuple(() for _ in names),
        open_missions=open_missions,
        guardians=guardians,
        transit=-1,
        free_runs=(),
        last=(),
        ply=0,
    )
    from games.engines.fog import turns

    if phase == DRAFT:
        return state._replace(colour=turns.draft_colour(state, 0))
    if phase == MISSIONS:
        return state._replace(colour=turns.draft_colour(state, 0))
    return turns.start_round(state)
