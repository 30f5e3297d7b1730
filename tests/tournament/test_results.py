"""The result ledger: reports, confirmations, disputes and rulings, nothing overwritten."""

import pytest

from tournament.errors import NotAllowed, ServiceError, StaleVersion
from tournament.models import Match, ResultEntry, SeriesGame
from tournament.services.results import game_confirm, game_decide, game_dispute, game_report
from tournament.services.rounds import round_publish

from .factories import make_event, make_user


@pytest.fixture
def duel():
    """A running two-player match: (game, first player's user, second player's user, owner)."""
    event, owner, _participants = make_event(players=2)
    round_ = round_publish(stage=event.stages.get(), by=owner)
    match = round_.matches.get()
    game = match.games.get()
    first, second = (seat.participant.user for seat in match.seats.order_by("seat"))
    return game, first, second, owner


def test_a_report_confirmed_by_the_opponent_is_final(duel):
    game, first, second, _ = duel
    game = game_report(game=game, by=first, ranks=[1, 2], scores=[1, 0])
    assert game.status == SeriesGame.Status.REPORTED
    game = game_confirm(game=game, by=second)
    assert game.status == SeriesGame.Status.CONFIRMED
    assert game.match.status == Match.Status.COMPLETED
    assert list(game.ledger.values_list("version", "action")) == [(1, "report"), (2, "confirm")]


def test_the_same_report_from_both_players_confirms_it(duel):
    game, first, second, _ = duel
    game_report(game=game, by=first, ranks=[2, 1])
    game = game_report(game=game, by=second, ranks=[2, 1])
    assert game.status == SeriesGame.Status.CONFIRMED


def test_different_reports_open_a_dispute_and_keep_both(duel):
    game, first, second, _ = duel
    game_report(game=game, by=first, ranks=[1, 2])
    game = game_report(game=game, by=second, ranks=[2, 1])
    assert game.status == SeriesGame.Status.DISPUTED
    assert [entry.ranks for entry in game.ledger.all()] == [[1, 2], [2, 1]]


def test_a_reporter_cannot_confirm_their_own_report(duel):
    game, first, _, _ = duel
    game = game_report(game=game, by=first, ranks=[1, 2])
    with pytest.raises(NotAllowed, match="your opponent confirms"):
        game_confirm(game=game, by=first)


def test_a_reporter_may_change_their_report_before_confirmation(duel):
    game, first, second, _ = duel
    game_report(game=game, by=first, ranks=[1, 2])
    game = game_report(game=game, by=first, ranks=[2, 1])
    assert game.ranks == [2, 1] and game.version == 2
    assert game_confirm(game=game, by=second).status == SeriesGame.Status.CONFIRMED


def test_outsiders_cannot_report(duel):
    game, _, _, _ = duel
    with pytest.raises(NotAllowed, match="only the players"):
        game_report(game=game, by=make_user(), ranks=[1, 2])


def test_a_dispute_needs_a_reason_and_an_organiser_rules_on_it(duel):
    game, first, second, owner = duel
    game = game_report(game=game, by=first, ranks=[1, 2])
    with pytest.raises(ServiceError, match="say why"):
        game_dispute(game=game, by=second, reason=" ")
    game = game_dispute(game=game, by=second, reason="I won on time")
    assert game.status == SeriesGame.Status.DISPUTED
    with pytest.raises(ServiceError, match="disputed: an organiser will rule"):
        game_report(game=game, by=first, ranks=[1, 2])
    with pytest.raises(ServiceError, match="give the reason"):
        game_decide(game=game, by=owner, ranks=[2, 1], reason="")
    game = game_decide(game=game, by=owner, ranks=[2, 1], reason="the clock shows White's flag fell")
    assert game.status == SeriesGame.Status.CONFIRMED and game.ranks == [2, 1]
    ruling = game.ledger.last()
    assert ruling.action == ResultEntry.Action.RULE and ruling.author == owner


def test_players_cannot_rule_on_disputes(duel):
    game, first, second, _ = duel
    game_report(game=game, by=first, ranks=[1, 2])
    game = game_report(game=game, by=second, ranks=[2, 1])
    with pytest.raises(NotAllowed):
        game_decide(game=game, by=first, ranks=[1, 2], reason="I say so")


def test_a_correction_after_confirmation_recomputes_the_match(duel):
    game, first, second, owner = duel
    game_report(game=game, by=first, ranks=[1, 2])
    game = game_confirm(game=game, by=second)
    winner = game.match.seats.get(rank=1).participant_id
    game = game_decide(game=game, by=owner, ranks=[2, 1], reason="the wrong winner was entered")
    assert game.ledger.last().action == ResultEntry.Action.CORRECT
    assert game.match.seats.get(rank=1).participant_id != winner
    with pytest.raises(ServiceError, match="confirmed: ask an organiser"):
        game_report(game=game, by=first, ranks=[1, 2])


def test_a_stale_version_is_refused(duel):
    game, first, second, _ = duel
    game_report(game=game, by=first, ranks=[1, 2], expected_version=0)
    with pytest.raises(StaleVersion) as stale:
        game_confirm(game=game, by=second, expected_version=0)
    assert stale.value.current_version == 1


@pytest.mark.parametrize(
    ("ranks", "message"), [([1], "one rank per player"), ([2, 2], "not a ranking"), ([1, 3], "not a ranking")]
)
def test_ranks_must_be_a_ranking_of_every_player(duel, ranks, message):
    game, first, _, _ = duel
    with pytest.raises(ServiceError, match=message):
        game_report(game=game, by=first, ranks=ranks)


def test_a_bye_has_nothing_to_report():
    event, owner, _ = make_event(players=3)
    round_ = round_publish(stage=event.stages.get(), by=owner)
    assert not SeriesGame.objects.filter(match__in=round_.matches.filter(is_bye=True)).exists()
