"""The tournament pages: what each person sees and may do."""

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from games.engines import get_engine
from tests.tournament.factories import make_event, make_user
from tournament.models import Event, Match, Participant, Round, SeriesGame
from tournament.services.results import game_confirm, game_report
from tournament.services.rounds import round_publish


def test_the_event_list_shows_public_events_and_hides_private_ones(client):
    public, _, _ = make_event()
    private, owner, _ = make_event()
    Event.objects.filter(pk=private.pk).update(visibility=Event.Visibility.PRIVATE)
    html = client.get(reverse("event-list")).content.decode()
    assert public.name in html and private.name not in html
    client.force_login(owner)
    assert private.name in client.get(reverse("event-list")).content.decode()


def test_the_event_list_filters_by_status(client):
    running, _, _ = make_event()
    open_event, _, _ = make_event(start=False)
    html = client.get(reverse("event-list") + "?status=registration").content.decode()
    assert open_event.name in html and running.name not in html


def test_a_private_event_is_a_404_for_strangers(client):
    event, _, _ = make_event()
    Event.objects.filter(pk=event.pk).update(visibility=Event.Visibility.PRIVATE)
    assert client.get(event.get_absolute_url()).status_code == 404
    client.force_login(make_user())
    assert client.get(event.get_absolute_url()).status_code == 404


def test_an_organiser_creates_an_event_from_the_form_with_game_options(client):
    owner = make_user(organiser=True)
    client.force_login(owner)
    form = client.get(reverse("event-create") + "?game=misty-nim")
    assert "Take max" in form.content.decode()
    response = client.post(
        reverse("event-create"),
        {"name": "Winter Cup", "game": "misty-nim", "visibility": "public", "format": "swiss", "rounds": 3,
         "series_length": 3, "opt_take_max": 2, "opt_pile": "small"},
    )  # fmt: skip
    event = Event.objects.get(name="Winter Cup")
    assert response.status_code == 302 and response["Location"] == event.get_absolute_url()
    assert event.options == {"take_max": 2, "pile": "small"}
    stage = event.stages.get()
    assert stage.series_length == 3 and stage.settings == {"rounds": 3}


FLEX_BOARD = Path("games/engines/fog/boards/standard.json").read_text().replace('"standard"', '"flex-cove"', 1)


def fog_event_fields(name: str, **options) -> dict:
    """The event form as a browser posts it for The FOG: every option at its default but these."""
    fields = {"name": name, "game": "fog", "visibility": "public", "format": "tables", "series_length": 1}
    for spec in get_engine("fog").info.options:
        value = options.get(spec.name, spec.default)
        if spec.file_format is None and value is not False:
            fields[f"opt_{spec.name}"] = "on" if value is True else value
    return fields


def test_an_organiser_uploads_their_own_fog_board_with_the_event(client):
    client.force_login(make_user(organiser=True))
    form = client.get(reverse("event-create") + "?game=fog").content.decode()
    assert 'type="file" name="opt_board_file"' in form and 'enctype="multipart/form-data"' in form
    upload = SimpleUploadedFile("flex.json", FLEX_BOARD.encode())
    response = client.post(
        reverse("event-create"), {**fog_event_fields("Flex Cup", board="custom"), "opt_board_file": upload}
    )
    event = Event.objects.get(name="Flex Cup")
    assert response.status_code == 302
    assert event.options["board"] == "custom" and event.options["board_file"] == FLEX_BOARD


def test_a_bad_board_file_is_refused_naming_its_line_and_creates_nothing(client):
    client.force_login(make_user(organiser=True))
    broken = FLEX_BOARD.replace('"rows"', '"rows" "', 1)
    line = FLEX_BOARD[: FLEX_BOARD.index('"rows"')].count("\n") + 1
    upload = SimpleUploadedFile("broken.json", broken.encode())
    response = client.post(
        reverse("event-create"), {**fog_event_fields("Broken Cup", board="custom"), "opt_board_file": upload}
    )
    assert f"the board file is not valid: line {line}:" in response.content.decode()
    assert not Event.objects.filter(name="Broken Cup").exists()


def test_htmx_swaps_the_game_options_when_the_game_changes(client):
    client.force_login(make_user(organiser=True))
    response = client.get(reverse("event-create") + "?game=misty-nim", HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert "<legend>Game options</legend>" in html and "<html" not in html


def test_players_cannot_open_the_event_form(client):
    client.force_login(make_user())
    assert client.get(reverse("event-create")).status_code == 403


def test_the_organiser_sees_the_next_action_and_pairs_a_round_after_a_preview(client):
    event, owner, _ = make_event(players=4)
    client.force_login(owner)
    html = client.get(event.get_absolute_url()).content.decode()
    assert "Pair round 1" in html
    stage = event.stages.get()
    preview = client.get(reverse("round-pair", args=[event.slug, stage.pk]))
    assert "Publish round 1" in preview.content.decode()
    assert not Round.objects.exists()
    client.post(reverse("round-pair", args=[event.slug, stage.pk]), {"number": 1})
    client.post(reverse("round-pair", args=[event.slug, stage.pk]), {"number": 1})  # a double click
    assert Round.objects.count() == 1 and Match.objects.count() == 2
    assert "2 results missing" in client.get(event.get_absolute_url()).content.decode()


def test_players_register_from_the_event_page(client):
    event, _, _ = make_event(players=0, start=False)
    player = make_user()
    client.force_login(player)
    assert "Register</button>" in client.get(event.get_absolute_url()).content.decode()
    client.post(reverse("event-register", args=[event.slug]))
    assert Participant.objects.filter(event=event, user=player).exists()


def test_an_organiser_adds_an_ai_entrant(client):
    event, owner, _ = make_event(start=False)
    client.force_login(owner)
    client.post(reverse("participant-add", args=[event.slug]), {"ai_level": "random", "name": "Robo"})
    assert Participant.objects.get(event=event, name="Robo").ai_level == "random"


@pytest.fixture
def duel(client):
    event, owner, _ = make_event(players=2)
    match = round_publish(stage=event.stages.get(), by=owner).matches.get()
    first, second = (seat.participant for seat in match.seats.order_by("seat"))
    return event, owner, match, first, second


def test_a_player_reports_and_the_opponent_confirms_from_the_match_page(client, duel):
    event, _, match, first, second = duel
    game = match.games.get()
    client.force_login(first.user)
    page = client.get(match.get_absolute_url()).content.decode()
    assert "Report game 1" in page
    client.post(
        reverse("game-action", args=[event.slug, game.pk]),
        {"action": "report", "version": 0, f"g{game.pk}-outcome": str(first.pk)},
    )
    game.refresh_from_db()
    assert game.status == SeriesGame.Status.REPORTED
    client.force_login(second.user)
    page = client.get(match.get_absolute_url()).content.decode()
    assert "Confirm this result" in page and "Dispute" in page
    response = client.post(
        reverse("game-action", args=[event.slug, game.pk]), {"action": "confirm", "version": 1}, HTTP_HX_REQUEST="true"
    )
    assert "<html" not in response.content.decode() and "Confirmed" in response.content.decode()
    match.refresh_from_db()
    assert match.status == Match.Status.COMPLETED


def test_a_stale_form_is_refused_with_a_message(client, duel):
    event, _, match, first, second = duel
    game = match.games.get()
    game_report(game=game, by=first.user, ranks=[1, 2])
    game_report(game=game, by=first.user, ranks=[2, 1])  # version 2 now
    client.force_login(second.user)
    response = client.post(
        reverse("game-action", args=[event.slug, game.pk]), {"action": "confirm", "version": 1}, follow=True
    )
    assert "reload to see what changed" in response.content.decode()
    game.refresh_from_db()
    assert game.status == SeriesGame.Status.REPORTED


def test_an_organiser_rules_on_a_dispute_from_the_match_page(client, duel):
    event, owner, match, first, second = duel
    game = match.games.get()
    game_report(game=game, by=first.user, ranks=[1, 2])
    game_report(game=game, by=second.user, ranks=[2, 1])
    client.force_login(owner)
    assert "Rule on the dispute" in client.get(match.get_absolute_url()).content.decode()
    client.post(
        reverse("game-action", args=[event.slug, game.pk]),
        {"action": "decide", "version": 2, f"d{game.pk}-outcome": str(second.pk), f"d{game.pk}-reason": "scoresheet"},
    )
    game.refresh_from_db()
    assert game.status == SeriesGame.Status.CONFIRMED and game.ranks == [2, 1]


def test_my_matches_says_what_is_expected(client, duel):
    _, _, _match, first, _ = duel
    client.force_login(first.user)
    html = client.get(reverse("my-matches")).content.decode()
    assert "play game 1 and report its result" in html


# The permission matrix: who gets which status on each page and action.
ROLES = ["anonymous", "stranger", "player", "opponent", "owner", "arbiter", "superuser"]
MATRIX = [
    # (name, method, status per role in ROLES order)
    ("event page", "get_event", [200, 200, 200, 200, 200, 200, 200]),
    ("private event page", "get_private_event", [404, 404, 200, 200, 200, 200, 200]),
    ("event form", "get_create", [302, 403, 403, 403, 200, 200, 200]),
    ("pair preview", "get_preview", [302, 403, 403, 403, 200, 200, 200]),
    ("publish a round", "post_publish", [302, 403, 403, 403, 302, 302, 302]),
    ("match page", "get_match", [200, 200, 200, 200, 200, 200, 200]),
    ("report a game", "post_report", [302, 403, 302, 302, 403, 403, 403]),
    ("rule on a game", "post_decide", [302, 403, 403, 403, 302, 302, 302]),
    ("status change", "post_status", [302, 403, 403, 403, 302, 302, 302]),
    ("my matches", "get_mine", [302, 200, 200, 200, 200, 200, 200]),
]


@pytest.mark.parametrize(("name", "method", "expected"), MATRIX, ids=[row[0] for row in MATRIX])
def test_the_permission_matrix_of_the_pages(client, name, method, expected):
    for role, status in zip(ROLES, expected, strict=True):
        world = _world()
        if role != "anonymous":
            client.force_login(world[role])
        else:
            client.logout()
        response = world["requests"][method](client)
        assert response.status_code == status, f"{name} as {role}: {response.status_code}, expected {status}"


def _world():
    owner = make_user(organiser=True)
    event, _, participants = make_event(owner=owner, players=2)
    arbiter, stranger = make_user(organiser=True), make_user(organiser=False)
    superuser = make_user()
    superuser.is_superuser = True
    superuser.save()
    event.arbiters.add(arbiter)
    private, _, _ = make_event(owner=owner, players=0, start=False)
    from tournament.services.registration import participant_add

    private.arbiters.add(arbiter)
    participant_add(event=private, by=owner, user=participants[0].user)
    participant_add(event=private, by=owner, user=participants[1].user)
    Event.objects.filter(pk=private.pk).update(visibility=Event.Visibility.PRIVATE)
    stage = event.stages.get()
    match = round_publish(stage=stage, by=owner).matches.get()
    game = match.games.get()
    player, opponent = (seat.participant for seat in match.seats.order_by("seat"))
    # A second event whose stage can be previewed and published (no round yet).
    fresh, _, _ = make_event(owner=owner, players=2)
    fresh.arbiters.add(arbiter)
    fresh_stage = fresh.stages.get()
    return {
        "stranger": stranger,
        "player": player.user,
        "opponent": opponent.user,
        "owner": owner,
        "arbiter": arbiter,
        "superuser": superuser,
        "requests": {
            "get_event": lambda c: c.get(event.get_absolute_url()),
            "get_private_event": lambda c: c.get(private.get_absolute_url()),
            "get_create": lambda c: c.get(reverse("event-create")),
            "get_preview": lambda c: c.get(reverse("round-pair", args=[fresh.slug, fresh_stage.pk])),
            "post_publish": lambda c: c.post(reverse("round-pair", args=[fresh.slug, fresh_stage.pk]), {"number": 1}),
            "get_match": lambda c: c.get(match.get_absolute_url()),
            "post_report": lambda c: c.post(
                reverse("game-action", args=[event.slug, game.pk]),
                {"action": "report", f"g{game.pk}-outcome": str(player.pk)},
            ),
            "post_decide": lambda c: c.post(
                reverse("game-action", args=[event.slug, game.pk]),
                {"action": "decide", f"d{game.pk}-outcome": str(player.pk), f"d{game.pk}-reason": "ruling"},
            ),
            "post_status": lambda c: c.post(reverse("event-action", args=[fresh.slug]), {"action": "finish"}),
            "get_mine": lambda c: c.get(reverse("my-matches")),
        },
    }


def test_an_elimination_stage_shows_its_bracket_on_the_event_page(client):
    event, owner, _ = make_event(players=4, stage={"format": "single_elimination"})
    round_publish(stage=event.stages.get(), by=owner)
    html = client.get(event.get_absolute_url()).content.decode()
    assert '<figure class="bracket"><svg' in html and 'aria-label="Elimination bracket"' in html


def test_a_player_attaches_a_log_from_the_match_page_as_their_report_and_the_opponent_confirms(
    client, django_capture_on_commit_callbacks
):
    from tests.tournament.test_logs import decisive_log

    event, owner, _ = make_event(game="carnac", players=2)
    match = round_publish(stage=event.stages.get(), by=owner).matches.get()
    game = match.games.get()
    first, second = (match.seats.get(seat=seat).participant for seat in (0, 1))
    client.force_login(first.user)
    from games.gamelog import textform

    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            reverse("game-action", args=[event.slug, game.pk]),
            {"action": "attach_log", "log_text": textform.dumps(decisive_log(players=[first.user, second.user]))},
        )
    game.refresh_from_db()
    assert game.record is not None and game.status == SeriesGame.Status.REPORTED
    page = client.get(match.get_absolute_url()).content.decode()
    assert f"record {game.record.public_id}" in page and "counts as their report" in page
    client.force_login(second.user)
    client.post(reverse("game-action", args=[event.slug, game.pk]), {"action": "confirm", "version": game.version})
    game.refresh_from_db()
    assert game.status == SeriesGame.Status.CONFIRMED


def test_an_organiser_edits_a_pairing_from_the_event_page(client):
    event, owner, _ = make_event(players=4)
    round_ = round_publish(stage=event.stages.get(), by=owner)
    first, second = (m.seats.get(seat=0).participant_id for m in round_.matches.order_by("table"))
    client.force_login(owner)
    assert "Edit this pairing" in client.get(event.get_absolute_url()).content.decode()
    client.post(
        reverse("round-swap", args=[event.slug, round_.pk]), {"first": first, "second": second, "reason": "teammates"}
    )
    html = client.get(event.get_absolute_url()).content.decode()
    assert "Pairing changed by" in html and "teammates" in html


def test_the_next_action_after_a_qualifying_stage_is_to_advance_its_top_entrants(client):
    from tests.tournament.test_rounds import finish_round
    from tournament.services.stages import stage_close, stage_create

    event, owner, _ = make_event(players=4, stage={"settings": {"rounds": 1}, "advance_count": 2})
    swiss = event.stages.get()
    stage_create(event=event, by=owner, name="Final", format="single_elimination")
    finish_round(round_publish(stage=swiss, by=owner))
    stage_close(stage=swiss, by=owner)
    client.force_login(owner)
    assert "Advance the top 2 to Final" in client.get(event.get_absolute_url()).content.decode()
    client.post(reverse("event-action", args=[event.slug]), {"action": "advance"})
    assert "Pair round 1" in client.get(event.get_absolute_url()).content.decode()


def test_players_check_in_from_the_event_page_when_the_stage_asks(client):
    event, _, participants = make_event(players=2, stage={"settings": {"check_in": True}})
    me = participants[0]
    client.force_login(me.user)
    assert "Check in</button>" in client.get(event.get_absolute_url()).content.decode()
    client.post(reverse("participant-check-in", args=[event.slug, me.pk]))
    assert Participant.objects.get(pk=me.pk).checked_in
    assert "You are checked in." in client.get(event.get_absolute_url()).content.decode()
    client.force_login(participants[1].user)
    assert client.post(reverse("participant-check-in", args=[event.slug, me.pk])).status_code == 403


def test_a_drawn_match_reads_drew_for_both_players_not_won(client):
    event, owner, _ = make_event(players=2)
    match = round_publish(stage=event.stages.get(), by=owner).matches.get()
    game = match.games.get()
    first, second = (seat.participant.user for seat in match.seats.order_by("seat"))
    game = game_report(game=game, by=first, ranks=[1, 1])
    game_confirm(game=game, by=second)
    html = client.get(event.get_absolute_url()).content.decode()
    assert html.count('<span class="tag">drew</span>') == 2 and '<span class="tag win">won</span>' not in html
