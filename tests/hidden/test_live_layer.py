"""The live layer talks to a seat only through its view: it never writes a move, lists legal
moves or explains a refusal from the state (the calls that would leak the referee's knowledge)."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
# Engine calls that read the truth to make text or moves: fine for logs and the referee, never
# for what is sent to a seat. The live layer uses observe, render_svg, player_moves, play_player.
STATE_TEXT_CALLS = {"move_to_text", "legal_moves", "parse_move", "record_move", "play", "determinize", "seat_state"}
LIVE_FILES = [
    "games/live.py",
    "games/live_actions.py",
    "games/live_history.py",
    "games/live_clock.py",
    "games/views.py",
    "games/api/views.py",
]


def state_calls(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in STATE_TEXT_CALLS:
            found.append(f"{path.relative_to(ROOT)}:{node.lineno} .{node.func.attr}()")
    return found


@pytest.mark.parametrize("place", LIVE_FILES)
def test_the_live_layer_never_makes_what_it_sends_a_seat_from_the_state(place):
    assert state_calls(ROOT / place) == []


def test_the_live_views_never_replay_the_state_themselves():
    for place in ("games/views.py", "games/api/views.py"):
        source = (ROOT / place).read_text(encoding="utf-8")
        assert "live_state" not in source and "get_engine" not in source, place
