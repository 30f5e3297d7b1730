"""Twin states: two live games that differ only in what a seat cannot see give that seat, and
spectators, byte-identical answers on every surface (the API, the page, its htmx fragment, the
board picture), refused moves included. First the views are compared at engine level, then
through HTTP with Django's test client."""

from __future__ import annotations

import random

import pytest

from games.engines import get_engine
from tests.hidden.twins import assert_same, make_live, record_forms, surfaces
from tests.tournament.factories import make_user

pytestmark = pytest.mark.django_db

SETUP_1 = "Qd1,Wb2,Wd2,Wf2"


def assert_twins(client, game, users, lives, states, *, viewers, refused):
    engine = get_engine(game)
    for seat in viewers:
        assert engine.observe(states[0], seat) == engine.observe(states[1], seat), f"seat {seat} tells them apart"
    for seat in viewers:
        user = None if seat is None else users[seat]
        to_move = engine.to_move(states[0])
        answers = [
            surfaces(client, live, user=user, refused=refused if seat is not None and seat == to_move else ())
            for live in lives
        ]
        assert_same(*answers)


# --- Brouillard --------------------------------------------------------------------------------

BROUILLARD_REFUSED = (
    "d4xd6=Q",  # true in one twin, false in the other
    "d4xd6=W",
    "d4-d6",
    "?c5=0",
    "?c5=1",
    "?d6=2",
    "a1a2",
    "d1d4",
    "Qd1,Wb2,Wc3,Wf2",
    "zz",
)


def brouillard_twins(client, setups, replies):
    users = make_user(), make_user()
    engine = get_engine("brouillard")
    lives, states = [], []
    for setup_2, reply in zip(setups, replies, strict=True):
        texts = [SETUP_1, setup_2, "d2d4", reply]
        state, records = record_forms("brouillard", engine.setup(), texts)
        # Each seat's own texts are stored as sent: seat 0 must never read seat 1's (they differ).
        lives.append(make_live("brouillard", users, records=records, player_texts=texts))
        states.append(state)
    assert_twins(client, "brouillard", users, lives, states, viewers=(0, None), refused=BROUILLARD_REFUSED)


def test_brouillard_an_enemy_queen_and_watcher_swapped_in_the_mist_look_the_same(client):
    brouillard_twins(client, ("Qd7,Wb6,Wd6,Wf6", "Qd6,Wb6,Wd7,Wf6"), ("b6a6", "b6a6"))


def test_brouillard_an_unseen_enemy_step_looks_like_any_other(client):
    brouillard_twins(client, ("Qd7,Wb6,Wd6,Wf6", "Qd7,Wb6,Wd6,Wf6"), ("b6a6", "f6g6"))


# --- The FOG: other seats' secret missions --------------------------------------------------------

FOG_OPTIONS = {"missions": "both", "missions_mode": "secret", "fog_uncertainty": "on", "events": "on"}
SAME_FIRST_CARDS = 2  # both twins draw the same first FOG and event cards; the rest lie in another order


def fog_layouts():
    engine = get_engine("fog")
    state = engine.setup(FOG_OPTIONS, seats=3, seed=4)
    layout = engine.layout(state)
    own = engine.observe(state, 0)["colours"][0]
    others = [colour for colour in layout["missions"] if colour != own]
    swapped = dict(layout["missions"])
    swapped[others[0]], swapped[others[1]] = layout["missions"][others[1]], layout["missions"][others[0]]
    assert swapped != layout["missions"]
    decks = {
        deck: layout[deck][:SAME_FIRST_CARDS] + layout[deck][SAME_FIRST_CARDS:][::-1]
        for deck in ("fog_deck", "event_deck")
    }
    assert all(decks[deck] != layout[deck] for deck in decks)
    return layout, {**layout, "missions": swapped, **decks}


def test_the_fog_other_seats_secret_missions_and_the_deck_order_stay_secret(client):
    engine = get_engine("fog")
    users = make_user(), make_user(), make_user()
    layouts = fog_layouts()
    states = [engine.setup(FOG_OPTIONS, seats=3, layout=layout) for layout in layouts]
    rng = random.Random(5)
    texts = []
    compared = 0
    for ply in range(40):
        seat = engine.to_move(states[0])
        seen = engine.observe(states[0], None)
        if seat is None or max(len(seen["fog_drawn"]), len(seen["events_drawn"])) > SAME_FIRST_CARDS:
            break
        for viewer in (0, None):
            assert engine.observe(states[0], viewer) == engine.observe(states[1], viewer), f"ply {ply}"
        if (seat == 0 and compared < 3) or ply == 3:  # three turns of seat 1 (refusals too), one of another
            records = [record_forms("fog", engine.setup(FOG_OPTIONS, seats=3, layout=lay), texts)[1] for lay in layouts]
            lives = [
                make_live("fog", users, options=FOG_OPTIONS, layout=lay, records=r) for lay, r in zip(layouts, records)
            ]
            refused = ("end", "k3", "+Z99", "zz", "k11x")
            assert_twins(client, "fog", users, lives, states, viewers=(0, None), refused=refused)
            compared += 1
        text = rng.choice(engine.player_moves(engine.observe(states[0], seat)))
        texts.append(text)
        states = [engine.play_player(state, seat, text)[0] for state in states]
    assert compared >= 3


# --- Mists: the order of the piles beyond what has been drawn ---------------------------------------

DRAWN_ALIKE = 6  # both twins draw the same first tiles


def mists_layouts(options, seed):
    engine = get_engine("mists")
    layout = engine.layout(engine.setup(options, seats=2, seed=seed))
    rng = random.Random(seed)
    piles = []
    for index, pile in enumerate(layout["piles"]):
        keep = DRAWN_ALIKE if index == 0 else 0
        tail = pile[keep:]
        rng.shuffle(tail)
        piles.append(pile[:keep] + tail)
    assert piles != layout["piles"]
    return layout, {"piles": piles}


def drawn(layout, view) -> int:
    return sum(len(pile) for pile in layout["piles"]) - sum(view["piles"])


@pytest.mark.parametrize(
    "options",
    [{"level": 1}, pytest.param({"level": 5}, id="level-5-three-piles")],
)
def test_mists_the_order_of_the_piles_stays_unknown_until_drawn(client, options):
    engine = get_engine("mists")
    users = make_user(), make_user()
    layouts = mists_layouts(options, 3)
    states = [engine.setup(options, seats=2, layout=layout) for layout in layouts]
    rng = random.Random(2)
    texts = []
    compared = 0
    while drawn(layouts[0], engine.observe(states[0], None)) < DRAWN_ALIKE and engine.to_move(states[0]) is not None:
        for viewer in (0, 1, None):
            assert engine.observe(states[0], viewer) == engine.observe(states[1], viewer)
        if compared < 3 and len(texts) % 4 == 0:
            records = [record_forms("mists", engine.setup(options, seats=2, layout=lay), texts)[1] for lay in layouts]
            lives = [
                make_live("mists", users, options=options, layout=lay, records=r) for lay, r in zip(layouts, records)
            ]
            refused = ("0,0@0", "99,99@90", "score", "road9=red", "zz")
            assert_twins(client, "mists", users, lives, states, viewers=(0, 1, None), refused=refused)
            compared += 1
        seat = engine.to_move(states[0])
        text = rng.choice(engine.player_moves(engine.observe(states[0], seat)))
        texts.append(text)
        states = [engine.play_player(state, seat, text)[0] for state in states]
    assert compared >= 2
