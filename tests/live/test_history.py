"""The move list and earlier boards, as each viewer may know them."""

from __future__ import annotations

import pytest

from games.engines import get_engine
from games.live import live_view
from tests.hidden.twins import make_live, record_forms
from tests.tournament.factories import make_user

pytestmark = pytest.mark.django_db

SETUPS = ["Qd1,Wb2,Wd2,Wf2", "Qd7,Wb6,Wd6,Wf6"]


def brouillard_game(texts):
    users = make_user(), make_user()
    engine = get_engine("brouillard")
    _state, records = record_forms("brouillard", engine.setup(), texts)
    return users, make_live("brouillard", users, records=records, player_texts=texts), records


def test_in_a_hidden_game_a_seat_reads_its_own_moves_and_only_that_the_other_moved():
    texts = [*SETUPS, "d2d4", "b6a6"]
    users, live, _records = brouillard_game(texts)
    mine = live_view(live, users[0]).history
    assert [(line.seat, line.text) for line in mine] == [(0, SETUPS[0]), (1, ""), (0, "d2d4"), (1, "")]
    theirs = live_view(live, users[1]).history
    assert [line.text for line in theirs] == ["", SETUPS[1], "", "b6a6"]
    spectator = live_view(live, make_user()).history
    assert [line.text for line in spectator] == ["", "", "", ""]


def test_the_record_form_with_the_referees_answers_never_reaches_a_seat():
    texts = [*SETUPS, "d2d4", "?d5"]  # a probe: its record form carries the answer
    users, live, records = brouillard_game(texts)
    assert records[3] != "?d5"  # the referee wrote the count
    page = live_view(live, users[1])
    assert page.history[3].text == "?d5"
    assert all(records[3] not in line.text for line in page.history)


def test_an_earlier_board_is_the_viewers_own_view_after_that_move():
    texts = [*SETUPS, "d2d4", "b6a6"]
    users, live, records = brouillard_game(texts)
    engine = get_engine("brouillard")
    state = engine.setup()
    for text in records[:3]:
        state = engine.play_text(state, text)
    earlier = live_view(live, users[0], ply=3)
    assert earlier.ply == 3 and not earlier.my_turn and earlier.moves == []
    assert earlier.svg == engine.render_svg(engine.observe(state, 0))
    assert live_view(live, users[0], ply=99).ply is None  # beyond the game: the board now


def test_a_game_without_hidden_information_lists_every_move_as_written(people, django_capture_on_commit_callbacks):
    from games.live import live_play
    from tests.live.conftest import carnac_between

    with django_capture_on_commit_callbacks(execute=True):
        live = carnac_between(people)
        move = live_view(live, people[0]).moves[0]
        live = live_play(live_id=live.pk, seat=0, text=move, expected_version=0)
    assert [line.text for line in live_view(live, people[1]).history] == [move]
    assert [line.text for line in live_view(live, make_user()).history] == [move]
