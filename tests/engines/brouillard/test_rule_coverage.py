"""Rules of brouillard.fr.txt (and readings of docs/games/brouillard.md) not checked elsewhere.

Each test is named after the French rule it checks; the audit table lists where every rule of
the text is covered.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines import IllegalMove, InvalidSetup
from games.engines.brouillard import ENGINE
from games.engines.brouillard.board import FILES, parse_square
from games.engines.brouillard.moves import Step, to_text
from games.engines.brouillard.rules import all_setups

from .helpers import SETUP_1, SETUP_2, position, random_states, squares

FORWARD_1 = "Qd1,Wb2,Wd3,Wf2"  # zone: rows 1-3, plus c4, d4, e4
SIDE_1 = "Qg1,Wd2,Wg2,Wg3"  # zone: c1-e3 and f1-g4; c3 is a corner of it, b2 and d4 lie outside


def sq(text):
    return parse_square(text)


def coords(text):
    return FILES.index(text[0]), int(text[1])


def targets_from(state, origin):
    return {m.target for m in ENGINE.legal_moves(state) if isinstance(m, Step) and m.origin == sq(origin)}


def seat_view(state, seat):
    return ENGINE.observe(state, seat)


# --- « d'au plus deux pas orthogonaux » --------------------------------------------------------------------


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31), diagonal=st.booleans(), pick=st.integers(0, 10**6))
def test_a_piece_moves_at_most_two_orthogonal_steps(seed, diagonal, pick):
    """« au plus deux pas orthogonaux » names exactly the squares one or two orthogonal steps away:
    the eight neighbours (a diagonal neighbour is two steps) and two squares in an orthogonal line.
    The option adds the two-square diagonal (four orthogonal steps), nothing else."""
    states, _ = random_states(seed, turns=15, diagonal_two_step=diagonal)
    playing = [s for s in states if s.to_move is not None and not s.in_setup()]
    state = playing[pick % len(playing)]
    seat = state.to_move
    own = {sq_ for sq_ in range(49) if state.armies[seat] >> sq_ & 1}
    for origin in own:
        r, c = divmod(origin, 7)
        expected = set()
        for target in range(49):
            tr, tc = divmod(target, 7)
            dr, dc = abs(tr - r), abs(tc - c)
            if 1 <= dr + dc <= 2 or (diagonal and dr == dc == 2):
                expected.add(target)
        got = {m.target for m in ENGINE.legal_moves(state) if isinstance(m, Step) and m.origin == origin}
        assert got == expected - own


def test_pieces_pass_over_enemy_pieces_without_taking_them():
    # Seat 2's Watcher comes to d4; Seat 1's Watcher on d3 jumps over it to d5.
    state = position("?a7", "d6d4", setups=(FORWARD_1, SETUP_2))
    assert ENGINE.move_to_text(state, Step(sq("d3"), sq("d5"))) == "d3-d5"
    state = ENGINE.play_text(state, "d3d5")
    assert state.armies[1] >> sq("d4") & 1  # the piece passed over is still there
    assert state.armies[0] >> sq("d5") & 1
    assert seat_view(state, 0)["pieces_left"] == [4, 4]


# --- « Capturer : entrer sur une case occupée par une pièce adverse » ---------------------------------------


def test_a_capture_is_a_step_and_keeps_the_reach_of_a_step():
    setups = (FORWARD_1, "Qd7,Wb6,Wd6,Wf5")
    state = position(setups=setups)
    with pytest.raises(IllegalMove, match="d3 to f5 is neither"):
        ENGINE.play_text(state, "d3f5")  # two squares diagonally: not a step, so no capture
    with pytest.raises(IllegalMove, match="d3 to d6 is neither"):
        ENGINE.play_text(state, "d3d6")  # three squares away
    state = position(setups=setups, diagonal_two_step=True)
    state = ENGINE.play_text(state, "d3f5")
    assert to_text(state.records[-1].move) == "d3xf5=W"
    assert state.armies[1].bit_count() == 3


def test_a_captured_queen_is_revealed_as_the_queen_to_both_players():
    state = ENGINE.play_text(position(setups=(FORWARD_1, "Qd5,Wb6,Wd6,Wf6")), "d3d5")
    for seat in (0, 1, None):
        event = seat_view(state, seat)["events"][-1]
        assert (event["to"], event["captured"]) == ("d5", "Q")


def test_the_victim_sees_where_the_capturer_came_from_when_it_stood_in_its_zone():
    # d4 touches d3: the Watcher that takes on d3 was a shadow of Seat 1 before it struck.
    state = position("?a7", "d6d4", "?a7", "d4d3", setups=(FORWARD_1, SETUP_2))
    event = seat_view(state, 0)["events"][-1]
    assert (event["from"], event["to"], event["captured"]) == ("d4", "d3", "W")
    assert seat_view(state, None)["events"][-1]["from"] is None  # the spectator never sees an origin


# --- « Placez en secret » / « Votre adversaire ne sait jamais laquelle … elle est » -------------------------


def test_setups_are_placed_in_secret():
    a = position(setups=(SETUP_1, "Qd7,Wb6,Wd6,Wf6"))
    b = position(setups=(SETUP_1, "Qa5,Wc6,Wg7,We5"))
    assert seat_view(a, 0) == seat_view(b, 0)
    assert seat_view(a, None) == seat_view(b, None)
    for seat in (1, None):
        event = seat_view(a, seat)["events"][0]
        assert "queen" not in event and "watchers" not in event


def test_the_setup_is_each_seats_first_move_not_a_layout():
    with pytest.raises(InvalidSetup, match="first move"):
        ENGINE.setup(layout={"pieces": SETUP_1})


@settings(max_examples=30, deadline=None)
@given(first=st.integers(0, 23939), second=st.integers(0, 23939))
def test_at_the_start_neither_side_sees_the_other(first, second):
    """The two halves are three rows each with rank 4 between them, so no setup lifts the mist
    over an enemy piece."""
    state = ENGINE.setup()
    state = ENGINE.play(state, all_setups(0)[first])
    state = ENGINE.play(state, all_setups(1)[second])
    assert seat_view(state, 0)["shadows"] == [] and seat_view(state, 1)["shadows"] == []


def test_the_opponent_never_knows_which_piece_is_the_queen_even_as_it_enters_and_leaves_the_zone():
    queen_comes = position("?a7", "d6d4", "?a6", "d4c4", "?a5", "c4c6", setups=(FORWARD_1, "Qd6,Wb6,Wd7,Wf6"))
    watcher_comes = position("?a7", "d6d4", "?a6", "d4c4", "?a5", "c4c6", setups=(FORWARD_1, "Qd7,Wb6,Wd6,Wf6"))
    assert queen_comes.queens[1] == sq("c6") and watcher_comes.queens[1] == sq("d7")
    for plies in range(2, len(queen_comes.records) + 1):
        assert seat_view(_prefix(queen_comes, plies), 0) == seat_view(_prefix(watcher_comes, plies), 0)


def _prefix(state, plies):
    replay = ENGINE.setup({"turns": state.turns, "diagonal_two_step": state.diagonal_two_step})
    for record in state.records[:plies]:
        replay = ENGINE.play(replay, record.move)
    return replay


# --- « Sonder une case de votre choix » -----------------------------------------------------------------


def test_a_probe_counts_only_the_opponents_pieces():
    state = position()
    # Around c2 stand Seat 1's own b2, d1 and d2 (and c1, c3, b1, b3, d3 are empty): none counts.
    assert ENGINE.move_to_text(state, ENGINE.parse_move(state, "?c2")) == "?c2=0"
    state = ENGINE.play_text(position("?a1"), "?c6")  # Seat 2 probes among its own pieces
    assert state.records[-1].move.count == 0


def test_a_probe_may_name_any_square_even_in_the_probers_own_zone_or_under_its_own_piece():
    state = position(setups=(FORWARD_1, "Qd7,Wb6,Wd6,Wd5"))
    assert "d3" in seat_view(state, 0)["zone"]
    state = ENGINE.play_text(state, "?d3")  # Seat 1's own Watcher stands on d3
    probe = seat_view(state, 1)["last_probe"]
    assert (probe["square"], probe["count"]) == ("d3", 0)  # d5 is two squares away: not around d3
    state = ENGINE.play_text(state, "?d4")  # Seat 2 probes d4, between its own d5 and Seat 1's d3
    assert seat_view(state, 0)["last_probe"]["count"] == 1  # only Seat 1's d3 counts


def test_a_probe_on_the_edge_counts_the_squares_around_that_exist():
    state = ENGINE.play_text(position("?g7"), "?a1")  # Seat 2 probes the corner a1
    assert state.records[-1].move.count == 1  # of a2, b1, b2 only b2 holds a Seat 1 piece


# --- « La brume » : what observe() lets a seat see of the enemy's steps ----------------------------------


def test_a_seat_sees_an_enemy_piece_enter_its_zone_but_not_where_it_came_from():
    from_d5 = position("?a7", "d6d5", "?a7", "d5d4", setups=(FORWARD_1, SETUP_2))
    from_c5 = position("?a7", "d6c5", "?a7", "c5d4", setups=(FORWARD_1, SETUP_2))
    view = seat_view(from_d5, 0)
    assert view == seat_view(from_c5, 0)
    event = view["events"][-1]
    assert (event["from"], event["to"], event["captured"]) == (None, "d4", None)
    assert view["shadows"] == ["d4"] and event["shadows"] == ["d4"]


def test_a_seat_sees_an_enemy_piece_leave_its_zone_but_not_where_it_went():
    views = [
        seat_view(position("?a7", "d6d4", "?a7", leave, setups=(FORWARD_1, SETUP_2)), 0)
        for leave in ("d4d6", "d4f4", "d4b4", "d4c5")
    ]
    assert all(view == views[0] for view in views)
    event = views[0]["events"][-1]
    assert (event["from"], event["to"]) == ("d4", None)
    assert views[0]["shadows"] == []


def test_a_seat_sees_an_enemy_piece_move_inside_its_zone_from_square_to_square():
    state = position("?a7", "d6d4", "?a7", "d4e4", setups=(FORWARD_1, SETUP_2))
    view = seat_view(state, 0)
    event = view["events"][-1]
    assert (event["by"], event["type"], event["from"], event["to"]) == (1, "move", "d4", "e4")
    assert view["shadows"] == ["e4"]
    assert "Q" not in str(event) and "W" not in str(event)  # a shadow has no type


def test_of_moves_outside_its_zone_a_seat_learns_only_that_the_opponent_moved_a_piece():
    moves = ("b6b5", "f6f5", "d7c7", "d6d5", "b6a5")
    states = [position("?a7", move, setups=(FORWARD_1, SETUP_2)) for move in moves]
    views = [seat_view(state, 0) for state in states]
    assert all(view == views[0] for view in views)
    assert views[0]["events"][-1] == {
        "ply": 4,
        "by": 1,
        "type": "move",
        "from": None,
        "to": None,
        "captured": None,
        "shadows": [],
    }
    # The moves really differ: the mover's own record of each is different.
    assert len({str(seat_view(state, 1)["events"][-1]) for state in states}) == len(moves)


def test_a_jump_over_a_corner_of_the_zone_is_not_seen():
    """« passer par-dessus les autres »: the square passed over takes no part in the mist. With the
    diagonal option, d4 to b2 passes over c3 (in Seat 1's zone) from and to squares outside it.
    (A two-square orthogonal step cannot do this: its middle square in a zone always has a
    neighbour on the line inside the zone too.)"""
    over = position("?a1", "d6d4", "?a1", "d4b2", setups=(SIDE_1, SETUP_2), diagonal_two_step=True)
    elsewhere = position("?a1", "d6d4", "?a1", "b6b5", setups=(SIDE_1, SETUP_2), diagonal_two_step=True)
    view = seat_view(over, 0)
    assert "c3" in view["zone"] and "b2" not in view["zone"] and "d4" not in view["zone"]
    assert over.armies[1] >> sq("b2") & 1
    assert view == seat_view(elsewhere, 0)
    assert (view["events"][-1]["from"], view["events"][-1]["to"]) == (None, None)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_sight_is_mutual(seed):
    """« si une pièce ennemie est collée à la vôtre, elle vous voit aussi »: in every position,
    two pieces that touch (diagonally included) see each other, and a shadow is always an enemy
    piece touching one of the seat's own pieces."""
    states, _ = random_states(seed, turns=20)
    for state in states[3:]:
        views = [seat_view(state, 0), seat_view(state, 1)]
        for seat in (0, 1):
            mine = squares(views[seat]["mine"])
            enemy = squares(views[1 - seat]["mine"])
            touching = {(p, e) for p in mine for e in enemy if _touch(p, e)}
            assert set(views[seat]["shadows"]) == {e for _, e in touching}
            assert {p for p, _ in touching} <= set(views[1 - seat]["shadows"])


def _touch(a, b):
    (ac, ar), (bc, br) = coords(a), coords(b)
    return max(abs(ac - bc), abs(ar - br)) == 1


def test_the_spectator_sees_only_what_both_players_know():
    state = position("?c6", "d6d4", "d3xd4=W", setups=(FORWARD_1, SETUP_2))
    view = seat_view(state, None)
    assert not {"mine", "zone", "shadows"} & set(view)
    probe, step, capture = view["events"][2:]
    assert (probe["square"], probe["count"]) == ("c6", 3)
    assert (step["from"], step["to"], step["captured"]) == (None, None, None)  # Seat 1 saw it, Seat 2 moved it
    assert (capture["from"], capture["to"], capture["captured"]) == (None, "d4", "W")


# --- « Fin de partie » ----------------------------------------------------------------------------------


def test_after_the_end_each_player_sees_both_boards_and_every_move():
    state = position("?a1", "b6b5", "d3d5", setups=(FORWARD_1, "Qd5,Wb6,Wd6,Wf6"))
    assert ENGINE.to_move(state) is None
    for seat in (0, 1):
        view = seat_view(state, seat)
        assert squares(view["revealed"]["pieces"][0]) == {"d1", "b2", "d5", "f2"}
        assert squares(view["revealed"]["pieces"][1]) == {"b5", "d6", "f6"}
        assert view["revealed"]["moves"] == ["Qd1,Wb2,Wf2,Wd3", "Qd5,Wb6,Wd6,Wf6", "?a1=0", "b6-b5", "d3xd5=Q"]
        assert view["events"][0]["queen"] == "d1" and view["events"][1]["queen"] == "d5"
        assert (view["events"][3]["from"], view["events"][3]["to"]) == ("b6", "b5")
        assert view["result"]["winner"] == 0


# --- the worked example of docs/games/brouillard.md (Notation) -------------------------------------------


def test_the_worked_example_of_the_rules_document():
    log = [
        "Qd1,Wb2,Wf2,Wd3",
        "Qd5,Wb6,Wd6,Wf6",
        "?c6=3",
        "b6-b5",
        "d3-d4",
        "d5xd4=W",
        "?e5=3",
        "f6-e5",
        "f2-f4",
        "e5xf4=W",
    ]
    state = ENGINE.setup()
    seen = []
    for text in log:
        bare = text.split("=")[0].replace("-", "").replace("x", "") if "," not in text else text
        move = ENGINE.parse_move(state, bare)
        assert ENGINE.move_to_text(state, move) == text  # the referee writes the log as shown
        state = ENGINE.play(state, move)
        seen.append((seat_view(state, 0), seat_view(state, 1)))
    # 3. b6, d5 and d6 stand around c6.  4. Seat 1 only learns that a piece moved.
    assert (seen[3][0]["events"][-1]["from"], seen[3][0]["events"][-1]["to"]) == (None, None)
    # 5. d4 touches d5: each side now sees the other as a shadow.
    assert seen[4][0]["shadows"] == ["d5"] and seen[4][1]["shadows"] == ["d4"]
    # 6. The Queen takes the Watcher; Seat 1 learns the square d4 (and the type of its loss only).
    event = seen[5][0]["events"][-1]
    assert (event["to"], event["captured"]) == ("d4", "W")
    assert "Q" not in str(seen[5][0]["shadows"]) and seen[5][0]["shadows"] == []
    # 8. f6-e5 is unseen.  9. f4 sees e5.  10. e5 takes f4.
    assert (seen[7][0]["events"][-1]["from"], seen[7][0]["events"][-1]["to"]) == (None, None)
    assert seen[8][0]["shadows"] == ["e5"]
    assert seen[9][0]["pieces_left"] == [2, 4]
    assert squares(seen[9][0]["mine"]) == {"d1", "b2"}
