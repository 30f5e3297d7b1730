"""Management commands: validate_log's verdicts and exit codes, demo data loaded once."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError

from games.tasks import check_log

VALID = 'Brume log 1\nGame: misty-nim\nSeat 1: A\nSeat 2: B\nLayout: {"pile": 5, "secrets": [1, 2]}\nResult: 2 1\n\n1. t2 2. t3\n'
INVALID = VALID.replace("Result: 2 1", "Result: 1 2")


def run_validate(tmp_path, capsys, text, *flags):
    path = tmp_path / "game.log"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SystemExit) as exited:
        call_command("validate_log", str(path), *flags)
    out = capsys.readouterr()
    return exited.value.code, out.out, out.err


def test_validate_log_exits_0_for_a_valid_log(tmp_path, capsys, misty_nim):
    code, out, _ = run_validate(tmp_path, capsys, VALID)
    assert code == 0
    assert "valid: 2 moves replayed; result 2-1" in out


def test_validate_log_exits_1_for_an_invalid_log(tmp_path, capsys, misty_nim):
    code, out, _ = run_validate(tmp_path, capsys, INVALID)
    assert code == 1
    assert "claimed result 1-2 does not match" in out


def test_validate_log_exits_2_for_a_file_that_is_not_a_log(tmp_path, capsys, misty_nim):
    code, _, err = run_validate(tmp_path, capsys, "just some words")
    assert code == 2
    assert "starts with 'Brume log 1'" in err


def test_validate_log_exits_2_for_a_missing_file(capsys, misty_nim):
    with pytest.raises(SystemExit) as exited:
        call_command("validate_log", "/nonexistent/game.log")
    assert exited.value.code == 2


def test_validate_log_prints_json_on_request(tmp_path, capsys, misty_nim):
    code, out, _ = run_validate(tmp_path, capsys, VALID, "--json")
    assert code == 0
    assert json.loads(out)["outcome"]["ranks"] == [2, 1]


def test_the_check_log_task_runs_in_process_without_a_broker(misty_nim, settings):
    result = check_log.delay(VALID)
    assert result.get()["valid"] is True


@pytest.mark.django_db
def test_demo_data_is_loaded_once(capsys):
    call_command("load_demo")
    call_command("load_demo")
    out = capsys.readouterr().out
    assert "demo users created" in out and "already loaded" in out
    assert get_user_model().objects.filter(username="orga", is_staff=True).count() == 1


@pytest.mark.django_db
def test_demo_data_is_refused_outside_the_embedded_mode(settings):
    settings.EMBEDDED = False
    with pytest.raises(CommandError, match="refusing outside the embedded mode"):
        call_command("load_demo")


@pytest.mark.django_db
def test_the_demo_has_a_running_swiss_a_finished_bracket_and_ai_entrants():
    from tournament.models import Event, Match, Participant, Stage

    call_command("load_demo")
    swiss = Event.objects.get(slug="carnac-autumn-swiss")
    assert swiss.status == Event.Status.RUNNING and swiss.stages.get().series_length == 3
    assert Participant.objects.filter(event=swiss).exclude(ai_level="").count() == 2
    assert swiss.stages.get().rounds.count() == 2
    knockout = Event.objects.get(slug="menhirs-spring-knockout")
    assert knockout.status == Event.Status.FINISHED
    stage = knockout.stages.get()
    assert stage.format == Stage.Format.SINGLE_ELIMINATION and stage.bracket
    assert not Match.objects.filter(round__stage=stage, status=Match.Status.PENDING).exists()
    # Every demo record names its seats after the players at the table, AI entrants included.
    from tournament.models import SeriesGame

    games = SeriesGame.objects.filter(record__isnull=False).select_related("record")
    assert games.exists()
    for game in games:
        names = dict(Participant.objects.filter(pk__in=game.seat_order).values_list("pk", "name"))
        assert [seat["name"] for seat in game.record.log["seats"]] == [names[pid] for pid in game.seat_order]
