"""Hand-made tournaments for standings tests, written as rounds of results.

A round is a list of items: ``("A", "B", 1)`` A beat B, ``("A", "B", 0.5)`` a draw, ``("A", "B", "+-")``
A won by forfeit, ``("A", "bye")`` a pairing bye, ``("A", "-")`` A was absent. Each match is one
game, the first named moving first, unless ``games`` gives a list of (first, second, result,
first_score, second_score, first_tiebreak, second_tiebreak) for a (round, first) key.
"""

from __future__ import annotations

from ranking.standings.model import Encounter, Entrant, GamePlayed, RoundResult, Scoring, Unplayed

SCORING = Scoring(win=1, draw=0.5, loss=0, bye=1, lots_seed=7)


def _game(number, first, result, score=0.0, tiebreak=None):
    rank, tied = (1, 2) if result == 0.5 else ((1, 1) if result == 1 else (2, 1))
    return GamePlayed(number, first, rank, 2, tied, score, tiebreak)


def tournament(rounds, *, ratings=None, scoring=SCORING, games=None, seeds=None, granted=None):
    names = []
    for items in rounds:
        for item in items:
            for name in item[:2]:
                if name not in ("bye", "-") and name not in names:
                    names.append(name)
    per = {name: [] for name in names}
    points = {1: scoring.win, 0.5: scoring.draw, 0: scoring.loss}
    for number, items in enumerate(rounds, start=1):
        for item in items:
            a, b = item[0], item[1]
            if b == "bye":
                per[a].append(RoundResult(number, scoring.bye, scoring.bye / scoring.win, (), Unplayed.PAIRING_BYE))
            elif b == "-":
                per[a].append(RoundResult(number, 0, 0, (), Unplayed.ABSENT))
            elif item[2] == "+-":
                per[a].append(RoundResult(number, scoring.win, 1, (Encounter(b, 1),), Unplayed.FORFEIT_WIN))
                per[b].append(RoundResult(number, scoring.loss, 0, (Encounter(a, 0),), Unplayed.FORFEIT_LOSS))
            else:
                result = item[2]
                played = (games or {}).get((number, a))
                if played:
                    ga = tuple(_game(i + 1, f == a, r, sa, ta) for i, (f, r, sa, sb, ta, tb) in enumerate(played))
                    gb = tuple(_game(i + 1, f == b, 1 - r, sb, tb) for i, (f, r, sa, sb, ta, tb) in enumerate(played))
                else:
                    ga, gb = (_game(1, True, result),), (_game(1, False, 1 - result),)
                per[a].append(RoundResult(number, points[result], result, (Encounter(b, result),), None, ga))
                per[b].append(
                    RoundResult(number, points[1 - result], 1 - result, (Encounter(a, 1 - result),), None, gb)
                )
    return [
        Entrant(
            name,
            name,
            tuple(per[name]),
            seed=(seeds or {}).get(name, i + 1),
            rating=(ratings or {}).get(name, 0.0),
            granted_points=(granted or {}).get(name, 0.0),
        )
        for i, name in enumerate(names)
    ]


# Five players, three rounds, with byes, an absence and ties at 1.5 and at 1 (worked in
# docs/ranking.md): A 1.5, B 1, C 1, D 1.5, E 3.
FIVE = [
    [("A", "B", 1), ("C", "D", 0.5), ("E", "bye")],
    [("A", "C", 0.5), ("E", "B", 1), ("D", "bye")],
    [("E", "D", 1), ("B", "C", 1), ("A", "-")],
]
FIVE_RATINGS = {"A": 1800, "B": 1600, "C": 1500, "D": 1400, "E": 1700}
