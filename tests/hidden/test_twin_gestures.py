"""The gestures a Brouillard seat receives (the JSON on its live page) are identical for twin
games that differ only in what the seat cannot see."""

from __future__ import annotations

import json
import re

import pytest

from games.engines import get_engine
from games.live import live_view
from tests.hidden.twins import make_live, record_forms, surfaces
from tests.tournament.factories import make_user

pytestmark = pytest.mark.django_db

GESTURES = re.compile(r'<script id="live-gestures" type="application/json">(.*?)</script>', re.S)


def test_brouillard_twins_give_the_seat_the_same_gestures(client):
    users = make_user(), make_user()
    engine = get_engine("brouillard")
    pages, gestures = [], []
    for setup_2, reply in (("Qd7,Wb6,Wd6,Wf6", "b6a6"), ("Qd6,Wb6,Wd7,Wf6", "f6g6")):
        _, records = record_forms("brouillard", engine.setup(), ["Qd1,Wb2,Wd2,Wf2", setup_2, "d2d4", reply])
        live = make_live("brouillard", users, records=records)
        gestures.append(live_view(live, users[0]).gestures)
        pages.append(surfaces(client, live, user=users[0])["page"])
    sent = [json.loads(GESTURES.search(page).group(1)) for page in pages]
    assert sent[0] and sent[0] == sent[1]
    assert [dict(g) for g in gestures[0]] == sent[0] == [dict(g) for g in gestures[1]]
    assert {"move": "?d6", "path": ["probe", "s-d6"], "choice": "Probe d6", "group": ""} in sent[0]
