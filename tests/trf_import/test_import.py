"""Importing a TRF-16 file into a Swiss stage: every played round stored through the ledger, the
next round paired from where the file left off, and a bad file refused with its line."""

from __future__ import annotations

import pytest

from ranking.selectors import stage_standings
from tests.tournament.factories import make_event, make_user
from tournament.errors import NotAllowed, ServiceError
from tournament.models import Match, Participant, ResultEntry, Round
from tournament.pairing.trf import read_trf, trf_entrants
from tournament.services.events import event_set_status
from tournament.services.registration import participant_withdraw
from tournament.services.results import game_decide
from tournament.services.rounds import round_publish, stage_entrants
from tournament.services.trf import stage_trf
from tournament.services.trf_import import stage_import_trf
from tournament.services.walkovers import match_forfeit

from .helpers import thirty_player_trf

SWISS = {"format": "swiss", "settings": {"rounds": 7}}


def _empty_swiss(**settings):
    event, owner, _ = make_event(players=0, stage={"format": "swiss", "settings": settings}, start=False)
    return event, owner, event.stages.get()


def _standings(stage):
    return [(row.rank, row.participant.name, [cell.shown for cell in row.cells]) for row in stage_standings(stage)]


def _play_swiss(players: int, rounds: int):
    """A Swiss played in Brume: results by start order, a draw now and then, one forfeit."""
    event, owner, _ = make_event(
        players=players, stage={"format": "swiss", "settings": {"rounds": rounds + 2, "initial_colour": "first"}}
    )
    stage = event.stages.get()
    for number in range(1, rounds + 1):
        round_ = round_publish(stage=stage, by=owner)
        for match in round_.matches.filter(is_bye=False).order_by("table"):
            first, second = (seat.participant_id for seat in match.seats.order_by("seat"))
            if number == 2 and match.table == 1:
                match_forfeit(match=match, by=owner, absent=second)
                continue
            game = match.games.get()
            kind = (first + second + number) % 3
            ranks = [1, 1] if kind == 0 else [1, 2] if kind == 1 else [2, 1]
            game_decide(game=game, by=owner, ranks=ranks, reason="played")
    return event, owner, stage


def test_a_swiss_exported_and_imported_into_a_fresh_event_exports_byte_for_byte_the_same():
    _, _, played = _play_swiss(players=7, rounds=4)
    text = stage_trf(played)
    assert " U" in text and " +" in text and " =" in text  # a bye, a forfeit and a draw travel
    _, owner, fresh = _empty_swiss()

    done = stage_import_trf(stage=fresh, by=owner, text=text)

    assert (done.created, done.matched, done.rounds) == (7, 0, 4)
    again = stage_trf(done.stage)
    assert again.splitlines()[1:] == text.splitlines()[1:]  # all but the 012 line (the event's name)
    assert again.encode().split(b"\r\n", 1)[1] == text.encode().split(b"\r\n", 1)[1]
    assert _standings(done.stage) == _standings(played)
    assert done.stage.event.status == "running"


def test_the_imported_history_is_the_history_the_file_describes():
    text, _ = thirty_player_trf()
    _, owner, stage = _empty_swiss()

    done = stage_import_trf(stage=stage, by=owner, text=text)

    by_rank = {number: participant.pk for number, participant in enumerate(done.participants, start=1)}
    expected = {by_rank[e.id]: e for e in trf_entrants(read_trf(text))}
    for entrant in stage_entrants(stage):
        want = expected[entrant.id]
        assert (entrant.score, entrant.byes, entrant.seats, entrant.floats) == (
            want.score,
            want.byes,
            want.seats,
            want.floats,
        ), entrant
        assert entrant.opponents == tuple(by_rank[o] for o in want.opponents)
        assert entrant.rating == want.rating and entrant.seed == want.seed


def test_a_thirty_player_five_round_file_imports_with_its_byes_forfeit_and_colours():
    text, special = thirty_player_trf()
    _, owner, stage = _empty_swiss()

    done = stage_import_trf(stage=stage, by=owner, text=text)

    stage.refresh_from_db()
    assert stage.settings["rounds"] == 7 and stage.settings["initial_colour"] == "first"
    assert [p.seed for p in done.participants] == list(range(1, 31))
    assert done.participants[0].rating == 2380.0 and done.participants[0].name == "Player 01"
    assert list(stage.rounds.values_list("number", "status")) == [(n, Round.Status.CLOSED) for n in range(1, 6)]
    person = {number: p for number, p in enumerate(done.participants, start=1)}
    scores = {e.id: e.score for e in stage_entrants(stage)}
    read = {p.number: p.points for p in read_trf(text).players}
    assert {number: scores[p.pk] for number, p in person.items()} == read
    half = Match.objects.get(round__stage=stage, round__number=2, seats__participant=person[special["half"]])
    assert half.is_bye and half.seats.get().match_points == 0.5
    full = Match.objects.get(round__stage=stage, round__number=4, seats__participant=person[special["full"]])
    assert full.is_bye and full.seats.get().match_points == 1
    assert not Match.objects.filter(round__stage=stage, round__number=4, seats__participant=person[special["unpaired"]])
    forfeit = Match.objects.get(round__stage=stage, round__number=3, seats__participant=person[special["forfeit_win"]])
    assert forfeit.ranking_forfeit.absent == [person[special["forfeit_loss"]].pk]
    # Colours: white is the first seat, round 1 table by table as in the file.
    first_round = Match.objects.filter(round__stage=stage, round__number=1, is_bye=False)
    trf = {p.number: p for p in read_trf(text).players}
    number_of = {p.pk: n for n, p in person.items()}
    for match in first_round:
        white = match.seats.get(seat=0).participant_id
        assert trf[number_of[white]].games[0].colour == "w"
    # Every result went through the ledger as an organiser's decision.
    entries = ResultEntry.objects.filter(game__match__round__stage=stage)
    assert entries.count() == Match.objects.filter(round__stage=stage, is_bye=False).count()
    assert set(entries.values_list("role", "author")) == {(ResultEntry.Role.ORGANISER, owner.pk)}


def test_the_next_round_brume_pairs_repeats_no_meeting_and_gives_the_bye_to_someone_allowed_one():
    text, special = thirty_player_trf()
    _, owner, stage = _empty_swiss()
    done = stage_import_trf(stage=stage, by=owner, text=text)
    person = {number: p for number, p in enumerate(done.participants, start=1)}
    # 29 play round 6: someone must get the bye, but not who had the U or F bye or won by forfeit.
    participant_withdraw(participant=person[30], by=owner)
    met = set()
    for entrant in stage_entrants(stage):
        met |= {frozenset((entrant.id, other)) for other in entrant.opponents}

    round_ = round_publish(stage=stage, by=owner)

    assert round_.number == 6
    tables = [m for m in round_.matches.prefetch_related("seats") if not m.is_bye]
    for match in tables:
        pair = frozenset(seat.participant_id for seat in match.seats.all())
        assert pair not in met, pair
    (bye,) = round_.matches.filter(is_bye=True)
    not_again = {person[special[key]].pk for key in ("pab", "full", "forfeit_win")}
    assert bye.seats.get().participant_id not in not_again
    assert len(tables) == 14


def test_the_forfeit_players_may_meet_again_as_they_never_played():
    text, special = thirty_player_trf()
    _, owner, stage = _empty_swiss()
    done = stage_import_trf(stage=stage, by=owner, text=text)
    winner = done.participants[special["forfeit_win"] - 1]
    entrant = next(e for e in stage_entrants(stage) if e.id == winner.pk)
    assert done.participants[special["forfeit_loss"] - 1].pk not in entrant.opponents
    assert len(entrant.seats) == 4 and entrant.byes == 1


def test_a_player_of_the_event_with_the_same_name_is_matched_not_duplicated():
    event, owner, people = make_event(players=2, stage={"format": "swiss"})
    text, _ = thirty_player_trf()
    people[0].name = "  player   01 "
    people[0].save()
    done = stage_import_trf(stage=event.stages.get(), by=owner, text=text)
    assert (done.created, done.matched) == (29, 1)
    assert done.participants[0].pk == people[0].pk and done.participants[0].seed == 1
    stage = event.stages.get()
    assert stage.entrants == [p.pk for p in done.participants]  # the other registrant stays out
    new = Participant.objects.get(pk=done.participants[1].pk)
    assert not new.user.is_active and not new.user.has_usable_password() and new.user.username.startswith("trf-")


def test_a_start_before_any_round_imports_players_only():
    lines = ["012 Tiny", "XXR 3"]
    from .helpers import player_line

    lines += [player_line(n, f"Entrant {n}", 1500, 0.0, []) for n in (1, 2, 3, 4)]
    _, owner, stage = _empty_swiss()
    done = stage_import_trf(stage=stage, by=owner, text="\n".join(lines))
    assert done.rounds == 0 and len(done.participants) == 4
    assert done.stage.event.status == "registration"  # nothing played: the organiser starts it
    event_set_status(event=done.stage.event, by=owner, status="running")
    assert round_publish(stage=stage, by=owner).matches.count() == 2


# --- refusals ---------------------------------------------------------------------------------


def _replace_line(text: str, index: int, new: str) -> str:
    lines = text.split("\r\n")
    lines[index] = new
    return "\r\n".join(lines)


def _mutations():
    text, _ = thirty_player_trf()
    lines = text.split("\r\n")
    p3 = lines[6]  # start rank 3 is line 7
    yield "not a TRF", "Name,Rating\r\nAnne,1800\r\n", "line 1", "not a TRF line"
    yield "no players", "012 Empty\r\n", "", "no player line"
    yield "start rank twice", _replace_line(text, 6, p3[:4] + "   2" + p3[8:]), "line 7", "start rank 2"
    missing = p3[:91] + "  99" + p3[95:]
    yield "unknown opponent", _replace_line(text, 6, missing), "line 7", "opponent 99"
    yield "unknown result", _replace_line(text, 6, p3[:98] + "Q" + p3[99:]), "line 7", "unknown result code"
    yield "one-sided", _replace_line(text, 6, p3[:98] + ("1" if p3[98] != "1" else "0") + p3[99:]), "line 7", ""
    yield "too many rounds", text.replace("XXR 7", "XXR 4"), "line 3", "plans 4"
    yield "bye with opponent", _replace_line(text, 6, p3[:98] + "U" + p3[99:]), "line 7", "a bye's"
    yield "no name", _replace_line(text, 6, p3[:14] + " " * 33 + p3[47:]), "line 7", "no name"
    hidden = _replace_line(text, 6, p3[:14] + "Eve\u202eliv" + p3[21:])
    yield "hidden character in a name", hidden, "line 7", "retype it"
    yield "meets themself", _replace_line(text, 6, p3[:91] + "   3" + p3[95:]), "line 7", "themselves"
    yield "result without opponent", _replace_line(text, 6, p3[:91] + "0000" + p3[95:]), "line 7", "needs an opponent"
    no_colour = _replace_line(text, 6, p3[:96] + "-" + p3[97:])
    yield "played without colour", no_colour, "line", "colours w and b"
    yield "rank not a number", _replace_line(text, 6, p3[:4] + "  x3" + p3[8:]), "line 7", "start rank"
    yield "too large", text + ("999 " + "x" * 1000 + "\r\n") * 2100, "", "larger than 2 MB"


@pytest.mark.parametrize(("case", "text", "line", "words"), list(_mutations()), ids=lambda v: v if len(v) < 20 else "")
def test_a_bad_file_is_refused_with_its_line_and_nothing_is_stored(case, text, line, words):
    _, owner, stage = _empty_swiss()
    before = (Participant.objects.count(), Round.objects.count(), stage.settings)
    with pytest.raises(ServiceError) as caught:
        stage_import_trf(stage=stage, by=owner, text=text)
    assert line in caught.value.message and words in caught.value.message, caught.value.message
    stage.refresh_from_db()
    assert (Participant.objects.count(), Round.objects.count(), stage.settings) == before


def test_a_failure_while_storing_leaves_nothing_behind(monkeypatch):
    from tournament.services import trf_import

    text, _ = thirty_player_trf()
    _, owner, stage = _empty_swiss()
    real = trf_import._store_round

    def fail_in_round_four(stage, by, found, people, steps):
        if found.number == 4:
            raise ServiceError("boom")
        return real(stage, by, found, people, steps)

    monkeypatch.setattr(trf_import, "_store_round", fail_in_round_four)
    with pytest.raises(ServiceError):
        stage_import_trf(stage=stage, by=owner, text=text)
    stage.refresh_from_db()
    assert Participant.objects.filter(event=stage.event).count() == 0
    assert not stage.rounds.exists() and stage.entrants is None and ResultEntry.objects.count() == 0


def test_someone_who_does_not_organise_the_event_is_refused():
    text, _ = thirty_player_trf()
    _, _, stage = _empty_swiss()
    for intruder in (make_user(), make_user(organiser=False)):
        with pytest.raises(NotAllowed):
            stage_import_trf(stage=stage, by=intruder, text=text)
    assert not Participant.objects.filter(event=stage.event).exists()


def test_a_stage_with_a_round_is_refused():
    event, owner, _ = make_event(players=4, stage=SWISS)
    stage = event.stages.get()
    round_publish(stage=stage, by=owner)
    text, _ = thirty_player_trf()
    with pytest.raises(ServiceError, match="published rounds"):
        stage_import_trf(stage=stage, by=owner, text=text)
    assert stage.event.participants.count() == 4 and stage.rounds.count() == 1


def test_other_formats_and_series_are_refused():
    text, _ = thirty_player_trf()
    event, owner, _ = make_event(players=0, stage={"format": "round_robin"}, start=False)
    with pytest.raises(ServiceError, match="Swiss"):
        stage_import_trf(stage=event.stages.get(), by=owner, text=text)
    event, owner, _ = make_event(players=0, stage={"format": "swiss", "series_length": 3}, start=False)
    with pytest.raises(ServiceError, match="best of 1"):
        stage_import_trf(stage=event.stages.get(), by=owner, text=text)


def test_a_name_shared_by_two_participants_is_refused_not_guessed():
    event, owner, people = make_event(players=2, stage={"format": "swiss"})
    for participant in people:
        participant.name = "Player 05"
        participant.save()
    text, _ = thirty_player_trf()
    with pytest.raises(ServiceError, match=r"line 9 .*more than one"):
        stage_import_trf(stage=event.stages.get(), by=owner, text=text)
    assert event.participants.count() == 2


def test_a_second_import_and_a_stage_fed_by_another_are_refused():
    lines = ["012 Tiny"] + [f"001 {n:>4}      Entrant {n}" for n in (1, 2, 3, 4)]
    _, owner, stage = _empty_swiss()
    stage_import_trf(stage=stage, by=owner, text="\n".join(lines))
    with pytest.raises(ServiceError, match="already has its entrants"):
        stage_import_trf(stage=stage, by=owner, text="\n".join(lines))
    assert stage.event.participants.count() == 4


def test_draws_need_a_stage_whose_drawn_matches_stay_drawn():
    event, owner, _ = make_event(players=0, stage={"format": "swiss", "level_series": "extra_game"}, start=False)
    text, _ = thirty_player_trf()
    with pytest.raises(ServiceError, match="draws"):
        stage_import_trf(stage=event.stages.get(), by=owner, text=text)
    assert not event.participants.exists()


def test_a_file_with_more_results_than_the_limit_is_refused_before_anything_is_stored(monkeypatch):
    from tournament.services import trf_import

    monkeypatch.setattr(trf_import, "MAX_RESULTS", 70)
    text, _ = thirty_player_trf()  # 73 games and forfeits (75 tables less two turned into byes)
    _, owner, stage = _empty_swiss()
    with pytest.raises(ServiceError, match="73 games and forfeits; at most 70"):
        stage_import_trf(stage=stage, by=owner, text=text)
    assert not stage.event.participants.exists()


def test_a_file_from_another_program_exports_back_field_for_field_with_its_h_and_f_byes():
    text, special = thirty_player_trf()
    _, owner, stage = _empty_swiss()
    done = stage_import_trf(stage=stage, by=owner, text=text)
    original, again = read_trf(text), read_trf(stage_trf(done.stage))
    assert (again.planned_rounds, again.initial_colour) == (7, "first")
    for mine, theirs in zip(again.players, original.players, strict=True):
        assert (mine.number, mine.name, mine.rating, mine.points) == (
            theirs.number,
            theirs.name,
            theirs.rating,
            theirs.points,
        )
        assert mine.games == theirs.games, mine.number
    assert again.players[special["half"] - 1].games[1].result == "H"
    assert again.players[special["full"] - 1].games[3].result == "F"


def test_a_withdrawn_entrant_is_written_absent_from_the_round_to_be_paired():
    """FIDE's TRF as pairing programs read it: a withdrawn player gets "0000 - -" in the next
    round's column, or bbpPairings/JaVaFo pair them again."""
    _, owner, played = _play_swiss(players=8, rounds=3)
    leaving = played.event.participants.order_by("pk")[2]
    participant_withdraw(participant=leaving, by=owner)

    trf = read_trf(stage_trf(played))

    assert trf.rounds_played == 3  # the absence column is not a round
    rank_of = {player.name: player.number for player in trf.players}
    assert trf.absent_next == frozenset({rank_of[leaving.name]})
    line = next(line for line in stage_trf(played).splitlines() if line.startswith("001") and leaving.name in line)
    assert line[91 + 30 : 91 + 38] == "0000 - -"


def test_a_closed_stage_writes_no_absence_column():
    _, owner, played = _play_swiss(players=8, rounds=2)
    participant_withdraw(participant=played.event.participants.order_by("pk")[0], by=owner)
    type(played).objects.filter(pk=played.pk).update(status="closed")
    played.refresh_from_db()
    assert read_trf(stage_trf(played)).absent_next == frozenset()


def test_an_imported_absence_column_withdraws_the_player_and_the_next_round_leaves_them_out():
    _, owner, played = _play_swiss(players=8, rounds=3)
    leaving = played.event.participants.order_by("pk")[5]
    participant_withdraw(participant=leaving, by=owner)
    text = stage_trf(played)
    _, owner2, fresh = _empty_swiss()

    done = stage_import_trf(stage=fresh, by=owner2, text=text)

    assert done.rounds == 3
    withdrawn = [p for p in Participant.objects.filter(event=fresh.event) if p.status == Participant.Status.WITHDRAWN]
    assert [p.name for p in withdrawn] == [leaving.name]
    assert withdrawn[0].withdrawn_after_round == 3
    assert stage_trf(done.stage).splitlines()[1:] == text.splitlines()[1:]  # round trip with the column
    next_round = round_publish(stage=done.stage, by=owner2)
    seated = {seat.participant_id for match in next_round.matches.all() for seat in match.seats.all()}
    assert withdrawn[0].pk not in seated and len(seated) == 7
