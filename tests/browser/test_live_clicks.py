"""Playing by clicking the board (issue 16): two people play a whole Carnac game in two browsers,
each seeing the other's moves arrive; a person plays Brouillard against an AI level by clicking."""

from __future__ import annotations

import random
import re
import time

import pytest
from playwright.sync_api import expect

from games.live import live_create, live_view
from games.models import LiveGame
from tests.browser.conftest import settle, sign_in
from tests.tournament.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _fast_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def phone(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    return context, context.new_page()


def make_gesture(page, gesture) -> None:
    """Click the gesture's targets on the board, then its label in the picker (or its button)."""
    if not gesture["path"]:
        page.locator("#move-buttons").get_by_role("button", name=gesture["choice"], exact=True).click()
        return
    for target in gesture["path"]:
        page.locator(f'figure.board [data-target="{target}"]').first.click()
    picker = page.locator("#move-picker")
    if picker.is_visible():
        groups = picker.locator(".move-picker-group")
        if gesture["group"] and not groups.count():  # a big picker: its group first
            picker.get_by_role("button", name=gesture["group"], exact=True).click()
        section = groups.filter(has_text=gesture["group"]) if gesture["group"] else picker
        section.get_by_role("button", name=gesture["choice"], exact=True).click()


def said(record: str) -> str:
    """The player form of a recorded move: Brouillard's referee answers taken off (c2-c4, ?d4=2)."""
    return re.sub(r"^([a-g]\d)[-x]([a-g]\d)(=[QW])?$", r"\1\2", re.sub(r"^(\?[a-g]\d)=\d$", r"\1", record))


def play_one(page, live, user, rng) -> dict:
    """The seat waits for its turn to show on its page (the poll brings it), then plays by clicking."""
    expect(page.locator("#live-board")).to_contain_text("Your move.", timeout=20_000)
    settle(page)
    view = live_view(LiveGame.objects.get(pk=live.pk), user)
    assert view.gestures, "a seat on its turn can play by clicking"
    gesture = rng.choice(view.gestures)
    before = view.live.version
    make_gesture(page, gesture)
    # the board changes to the position after the move (an in-process AI may have answered already)
    expect(page.locator("#live-board")).not_to_contain_text(f"Move {before}.", timeout=20_000)
    assert said(LiveGame.objects.get(pk=live.pk).moves[before]) == gesture["move"]
    return gesture


def test_two_people_play_a_whole_carnac_game_by_clicking(live_server, browser):
    users = make_user("ada"), make_user("bruno")
    live = live_create(
        game="carnac",
        seats=[{"name": "Ada", "player": f"user:{users[0].pk}"}, {"name": "Bruno", "player": f"user:{users[1].pk}"}],
        options={"board": "small"},
        seed=1,
    )
    contexts, pages = zip(*(phone(browser) for _ in users))
    try:
        for page, user in zip(pages, users):
            sign_in(page, live_server, user)
            page.goto(live_server.url + live.get_absolute_url())
        rng = random.Random(7)
        played = []
        kinds = set()
        while True:
            live.refresh_from_db()
            if live.status == LiveGame.Status.FINISHED:
                break
            seat = live_view(live, users[0]).view["to_move"]
            gesture = play_one(pages[seat], live, users[seat], rng)
            kinds.add("button" if not gesture["path"] else "tilt" if len(gesture["path"]) == 2 else "place")
            played.append(gesture["move"])
            # the other seat sees the move arrive on its board (its page polls)
            live.refresh_from_db()
            expect(pages[1 - seat].locator("#live-board")).to_contain_text(f"Move {live.version}.", timeout=20_000)
        live.refresh_from_db()
        assert live.moves == played and len(played) >= 28  # 28 megaliths stood, every move by a click
        assert kinds >= {"place"}
        for page in pages:
            expect(page.locator("#live-board")).to_contain_text("The game is over", timeout=20_000)
    finally:
        for context in contexts:
            context.close()


def test_a_person_plays_brouillard_against_an_ai_level_by_clicking(live_server, page):
    user = make_user("vera")
    live = live_create(
        game="brouillard",
        seats=[{"name": "Vera", "player": f"user:{user.pk}"}, {"name": "Bot", "player": "ai:brouillard/beginner"}],
        options={"turns": 6},
        seed=2,
    )
    sign_in(page, live_server, user)
    page.goto(live_server.url + live.get_absolute_url())
    # The secret setup by clicking: the Queen's square, then three Watchers'; a placed piece
    # clicked again is lifted; the page asks for a confirmation before it sends the setup.
    board = page.locator("#live-board")
    hint = page.locator("#move-hint")
    expect(hint).to_contain_text("Place your Queen")
    expect(board.locator(".is-candidate")).to_have_count(21)  # the three home rows, nowhere else
    page.locator('figure.board [data-target="s-a6"]').click()  # not a home square: nothing happens
    expect(board.locator(".is-chosen")).to_have_count(0)
    for square in ("d1", "c2", "d2", "a3"):
        page.locator(f'figure.board [data-target="s-{square}"]').click()
    expect(page.locator("#move-picker")).to_contain_text("Your setup: Qd1,Wc2,Wd2,Wa3")
    page.locator('figure.board [data-target="s-a3"]').click()  # lift the last Watcher
    expect(page.locator("#move-picker")).to_be_hidden()
    expect(hint).to_contain_text("2 of 3 placed")
    page.locator('figure.board [data-target="s-e2"]').click()
    expect(board.locator(".placement-mark")).to_have_text(["Q", "W", "W", "W"])
    page.locator("#move-picker").get_by_role("button", name="Play this setup").click()
    expect(board).not_to_contain_text("Place your Queen", timeout=20_000)
    rng = random.Random(3)
    clicked = []
    while True:
        live.refresh_from_db()
        if live.status == LiveGame.Status.FINISHED:
            break
        gesture = play_one(page, live, user, rng)
        clicked.append(gesture["move"])
    live.refresh_from_db()
    assert len(clicked) == 6  # every turn of the short game was played by clicking
    assert live.moves[0] == "Qd1,Wc2,Wd2,We2"  # the clicked setup, as the referee records it
    assert [said(text) for text in live.moves[2::2]] == clicked
    expect(page.locator("#live-board")).to_contain_text("The game is over")


def test_the_keyboard_moves_among_the_targets_picks_with_enter_and_esc_starts_over(live_server, page):
    user = make_user("kim")
    live = live_create(
        game="carnac",
        seats=[{"name": "Kim", "player": f"user:{user.pk}"}, {"name": "Bot", "player": "ai:carnac/random"}],
        options={"board": "small"},
        seed=5,
    )
    errors = []  # a script refused by the CSP, or failing, says so on the console
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    sign_in(page, live_server, user)
    page.goto(live_server.url + live.get_absolute_url())
    board = page.locator("figure.board")
    expect(board.locator(".is-candidate")).to_have_count(40)  # every empty square of the 8×5 board
    board.locator('[data-target="c-a1"]').focus()
    page.keyboard.press("ArrowRight")
    expect(board.locator(".is-focused")).to_have_attribute("data-target", "c-b1")
    page.keyboard.press("ArrowUp")
    expect(board.locator(".is-focused")).to_have_attribute("data-target", "c-b2")
    page.keyboard.press("Enter")
    picker = page.locator("#move-picker")
    expect(picker.get_by_role("button")).to_have_count(5)  # four colourings and Cancel
    expect(board.locator(".is-chosen")).to_have_attribute("data-target", "c-b2")
    page.keyboard.press("Escape")
    expect(picker).to_be_hidden()
    expect(board.locator(".is-chosen")).to_have_count(0)
    board.locator('[data-target="c-c3"]').click()  # a tap works the same
    picker.locator(".move-picker-group").filter(has_text="Red on top").get_by_role(
        "button", name="red north–south, white east–west", exact=True
    ).click()
    expect(page.locator("#live-board")).not_to_contain_text("Move 0.", timeout=20_000)
    assert LiveGame.objects.get(pk=live.pk).moves[0] == "c3rn"
    expect(board.locator(".is-candidate")).not_to_have_count(0, timeout=20_000)  # re-armed after the swap
    assert errors == []


MENHIRS_LAYOUT = {"menhirs": ["a1", "b2", "b3", "d2", "d4", "d6", "f3"], "face_down": []}
MENHIRS_MOVES = ["e1", "e3", "a3", "d1", "d4S", "d5NW", "d1S", "d2d3d4e2e4NW", "a1b2c3d4SE", "c3c4c5d4e4NE"]
MENHIRS_MOVES += ["a3b2b3c1c2d2d3NE", "e2e3f3NE", "b3c2c3d4d5N", "e1f1f2g2S"]


def test_a_big_menhirs_picker_asks_for_the_part_then_the_tile_to_take_away(live_server, page):
    users = make_user("mona"), make_user("nils")
    live = live_create(
        game="menhirs",
        seats=[{"name": n, "player": f"user:{u.pk}"} for n, u in zip(("Mona", "Nils"), users)],
        seed=0,
    )
    LiveGame.objects.filter(pk=live.pk).update(layout=MENHIRS_LAYOUT, moves=MENHIRS_MOVES, version=len(MENHIRS_MOVES))
    live.refresh_from_db()
    view = live_view(live, users[0])
    assert view.view["phase"] == "clearing" and view.my_turn
    sw = [g for g in view.gestures if g["path"] == ["k-b2", "d-SW"]]
    wanted = sw[-1]
    sign_in(page, live_server, users[0])
    page.goto(live_server.url + live.get_absolute_url())
    board = page.locator("figure.board")
    board.locator('[data-target="k-b2"]').first.click()  # any tile of the cluster picks it
    expect(board.locator('.is-chosen[data-target="k-b2"]')).not_to_have_count(0)
    board.locator('[data-target="d-SW"]').click()
    picker = page.locator("#move-picker")
    groups = sorted({g["group"] for g in sw})
    for group in groups:
        expect(picker.get_by_role("button", name=group, exact=True)).to_be_visible()
    picker.get_by_role("button", name=wanted["group"], exact=True).click()
    picker.get_by_role("button", name=wanted["choice"], exact=True).click()
    expect(page.locator("#live-board")).not_to_contain_text(f"Move {len(MENHIRS_MOVES)}.", timeout=20_000)
    assert LiveGame.objects.get(pk=live.pk).moves[-1] == wanted["move"]


def board_at_last_revision(page, live, timeout: float = 20.0) -> None:
    """Wait until the page shows the game's last revision. With a worker (PostgreSQL + Redis), the
    AI's move is followed by the new turn's bookkeeping in a task, which bumps the revision after
    "Your move." is already shown, and its push swaps the board in again."""
    shown = page.locator("#live-board [data-live-version]").first
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        revision = str(LiveGame.objects.get(pk=live.pk).revision)
        if shown.get_attribute("data-live-version") == revision:
            settle(page)
            if shown.get_attribute("data-live-version") == str(LiveGame.objects.get(pk=live.pk).revision):
                return
        page.wait_for_timeout(50)
    raise AssertionError("the board did not reach the game's last revision")


def test_brouillard_another_piece_starts_over_and_a_stray_click_clears(live_server, page):
    user = make_user("olga")
    live = live_create(
        game="brouillard",
        seats=[{"name": "Olga", "player": f"user:{user.pk}"}, {"name": "Bot", "player": "ai:brouillard/beginner"}],
        seed=2,
    )
    sign_in(page, live_server, user)
    page.goto(live_server.url + live.get_absolute_url())
    page.get_by_text("Type a move").click()  # experts may still type the setup
    page.get_by_label("Your move (in the game's notation)").fill("Qd1,Wb2,Wd2,Wf2")
    page.get_by_role("button", name="Play").click()
    expect(page.locator("#live-board")).to_contain_text("Your move.", timeout=20_000)
    board_at_last_revision(page, live)
    board = page.locator("figure.board")
    board.locator('[data-target="s-d2"]').click()
    expect(board.locator(".is-chosen")).to_have_attribute("data-target", "s-d2")
    board.locator('[data-target="s-b2"]').click()  # another of my pieces: start from it
    expect(board.locator(".is-chosen")).to_have_attribute("data-target", "s-b2")
    board.locator('[data-target="s-a7"]').click()  # nothing to do there: start over
    expect(board.locator(".is-chosen")).to_have_count(0)
    board.locator('[data-target="probe"]').click()
    expect(board.locator(".is-candidate")).to_have_count(49)
    board.locator('[data-target="s-e5"]').click()
    expect(page.locator("#live-board")).not_to_contain_text("Move 2.", timeout=20_000)
    assert LiveGame.objects.get(pk=live.pk).moves[2].startswith("?e5=")


def test_a_touch_screen_plays_by_tapping(live_server, browser):
    user = make_user("pia")
    live = live_create(
        game="carnac",
        seats=[{"name": "Pia", "player": f"user:{user.pk}"}, {"name": "Bot", "player": "ai:carnac/random"}],
        options={"board": "small"},
        seed=6,
    )
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        sign_in(page, live_server, user)
        page.goto(live_server.url + live.get_absolute_url())
        board = page.locator("figure.board")
        assert board.bounding_box()["width"] >= 330  # the board fills the phone's width
        board.locator('[data-target="c-d3"]').tap()
        page.locator("#move-picker .move-picker-group").filter(has_text="White on top").get_by_role(
            "button", name="white north–south, red east–west", exact=True
        ).tap()
        expect(page.locator("#live-board")).not_to_contain_text("Move 0.", timeout=20_000)
        assert LiveGame.objects.get(pk=live.pk).moves[0] == "d3wn"
    finally:
        context.close()


@pytest.mark.parametrize("game", ["fog", "mists"])
def test_a_solo_fog_or_mists_game_is_played_by_clicking_the_board(live_server, page, game):
    """The FOG's and Mists' gestures (their own modules) work through the same page script."""
    user = make_user(f"solo-{game}")
    live = live_create(game=game, seats=[{"name": "Solo", "player": f"user:{user.pk}"}], seed=5)
    sign_in(page, live_server, user)
    page.goto(live_server.url + live.get_absolute_url())
    rng = random.Random(11)
    for _ in range(6):
        live.refresh_from_db()
        if live.status == LiveGame.Status.FINISHED:
            break
        expect(page.locator("#live-board")).to_contain_text("Your move.", timeout=20_000)
        settle(page)
        view = live_view(live, user)
        assert view.gestures, "a seat on its turn can play by clicking"
        gesture = rng.choice(view.gestures)
        before = view.live.version
        make_gesture(page, gesture)
        expect(page.locator("#live-board")).not_to_contain_text(f"Move {before}.", timeout=20_000)
        live.refresh_from_db()
        assert live.version == before + 1
        assert live.moves[before] == gesture["move"]  # perfect information: the record form is the said form
