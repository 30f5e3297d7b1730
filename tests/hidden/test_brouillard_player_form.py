"""Brouillard in live play: a seat is offered, and may type, only the bare form of its moves;
the referee adds the answers in the log, and a refusal says only what the seat could know."""

import re

import pytest

from games.engines import IllegalMove, get_engine
from games.live import LiveMoveRefused, live_play, live_view
from games.models import LiveGame
from tests.hidden.twins import make_live, record_forms
from tests.tournament.factories import make_user

ENGINE = get_engine("brouillard")
SETUP_1 = "Qd1,Wb2,Wd2,Wf2"
QUEEN_BEHIND = "Qd7,Wb6,Wd6,Wf6"  # a Watcher on d6, the Queen behind it on d7
QUEEN_IN_FRONT = "Qd6,Wb6,Wd7,Wf6"  # the Queen on d6


def position(setup_2: str, *moves: str):
    """Seat 1 has stepped d2d4 (its Watcher now reaches d6, in the mist); then ``moves``."""
    state = ENGINE.setup()
    state, _ = record_forms("brouillard", state, [SETUP_1, setup_2, "d2d4", "b6a6", *moves])
    return state


def test_the_moves_offered_to_a_seat_carry_no_answer():
    state = position(QUEEN_IN_FRONT)
    offered = ENGINE.player_moves(ENGINE.observe(state, 0))
    assert "d4d6" in offered and "?c5" in offered
    assert not [text for text in offered if "=" in text or "x" in text or "-" in text]


def test_the_offered_moves_are_the_same_whatever_stands_in_the_mist():
    behind, in_front = position(QUEEN_BEHIND), position(QUEEN_IN_FRONT)
    assert ENGINE.observe(behind, 0) == ENGINE.observe(in_front, 0)
    assert ENGINE.player_moves(ENGINE.observe(behind, 0)) == ENGINE.player_moves(ENGINE.observe(in_front, 0))


@pytest.mark.parametrize("typed", ["d4xd6=Q", "d4xd6=W", "d4-d6", "?c5=0", "?c5=1", "?c5=2", "?d6=3"])
def test_a_move_typed_with_an_answer_is_refused_the_same_way_whether_the_answer_is_true_or_not(typed):
    reasons = set()
    for setup_2 in (QUEEN_BEHIND, QUEEN_IN_FRONT):
        state = position(setup_2)
        with pytest.raises(IllegalMove) as refused:
            ENGINE.play_player(state, 0, typed)
        reasons.add(refused.value.reason)
    assert len(reasons) == 1
    assert "without an answer" in reasons.pop()


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ("a1a2", "you have no piece on a1"),
        ("d1d4", "d1 to d4 is neither"),
        ("Qd1,Wb2,Wc3,Wf2", "you play a move (c2c4) or a probe (?d4) now"),
        ("zz", "is not a move"),
    ],
)
def test_a_refused_move_is_explained_from_the_seats_own_pieces(typed, reason):
    with pytest.raises(IllegalMove, match=re.escape(reason)):
        ENGINE.play_player(position(QUEEN_IN_FRONT), 0, typed)


def test_a_step_onto_ones_own_piece_is_refused_as_such():
    state = position(QUEEN_IN_FRONT, "d1e2", "a6a7")  # Seat 1's Queen now stands next to f2
    with pytest.raises(IllegalMove, match="the piece on e2 cannot stop on f2: your own piece stands there"):
        ENGINE.play_player(state, 0, "e2f2")


def test_the_referee_records_the_answer_of_a_bare_move():
    state = position(QUEEN_IN_FRONT)
    _, probe = ENGINE.play_player(state, 0, "?c5")
    assert probe == "?c5=1"  # of the enemy, only the Queen on d6 stands around c5
    after, step = ENGINE.play_player(state, 0, "d4d6")
    assert step == "d4xd6=Q" and ENGINE.outcome(after).ranks == (1, 2)
    _, step = ENGINE.play_player(position(QUEEN_BEHIND), 0, "d4d6")
    assert step == "d4xd6=W"


@pytest.mark.django_db
def test_a_live_brouillard_game_offers_bare_moves_and_records_answers():
    users = make_user(), make_user()
    state = ENGINE.setup()
    _, records = record_forms("brouillard", state, [SETUP_1, QUEEN_IN_FRONT, "d2d4", "b6a6"])
    live = make_live("brouillard", users, records=records)
    seen = live_view(live, users[0])
    assert "d4d6" in seen.moves and not [m for m in seen.moves if "=" in m]
    for typed in ("d4xd6=Q", "?c5=2", "?c5=3"):
        with pytest.raises(LiveMoveRefused, match="without an answer"):
            live_play(live_id=live.pk, seat=0, text=typed)
    assert LiveGame.objects.get(pk=live.pk).version == 4  # refusals spend nothing, and tell nothing
    live = live_play(live_id=live.pk, seat=0, text="?c5")
    assert live.moves[-1].startswith("?c5=")  # the record form, with the referee's answer
    assert live_view(live, users[0]).view["last_probe"]["count"] is not None


@pytest.mark.django_db
def test_an_ai_seat_plays_live_brouillard_through_the_player_form(django_capture_on_commit_callbacks):
    from games.live import live_create

    user = make_user()
    with django_capture_on_commit_callbacks(execute=True):
        live = live_create(
            game="brouillard",
            seats=[{"name": "Human", "player": f"user:{user.pk}"}, {"name": "Bot", "player": "ai:brouillard/beginner"}],
            seed=1,
        )
    for text in (SETUP_1, "d2d4", "?c5"):
        with django_capture_on_commit_callbacks(execute=True):
            live = live_play(live_id=live.pk, seat=0, text=text)
        live.refresh_from_db()
        assert live_view(live, user).my_turn, "the AI seat answered"
    assert live.version == 6
    ai_setup, *ai_turns = live.moves[1::2]
    assert ai_setup.count(",") == 3
    # the log holds the referee's record form of the AI's turns: every answer filled in
    assert all(("=" in m) if m.startswith("?") else ("-" in m or "=" in m) for m in ai_turns)
