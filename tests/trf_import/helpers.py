"""A TRF written by hand for the tests: a 30-player, 5-round Swiss with forfeits, byes of each
kind and draws, formatted column by column as TRF-16 places them (not with Brume's writer)."""

from __future__ import annotations


def player_line(number: int, name: str, rating: int, points: float, blocks: list[str]) -> str:
    line = f"001 {number:>4}      {name:<33} {rating:>4}" + " " * 28 + f"{points:>4.1f} {number:>4}"
    for block in blocks:
        line += f"  {block}"
    return line.rstrip()


def circle_rounds(count: int, rounds: int) -> list[list[tuple[int, int]]]:
    """Pairs (white, black) of a round robin's first rounds by the circle method: no repeats."""
    ring = list(range(2, count + 1))
    schedule = []
    for index in range(rounds):
        field = [1, *ring]
        pairs = []
        for k in range(count // 2):
            a, b = field[k], field[count - 1 - k]
            pairs.append((a, b) if (index + k) % 2 == 0 else (b, a))
        schedule.append(pairs)
        ring = ring[-1:] + ring[:-1]
    return schedule


def thirty_player_trf() -> tuple[str, dict]:
    """The file, and what it holds: who had which special result (for the assertions)."""
    schedule = circle_rounds(30, 5)
    blocks: dict[int, list[str]] = {n: [] for n in range(1, 31)}
    points = {n: 0.0 for n in range(1, 31)}
    special = {}
    for index, pairs in enumerate(schedule):
        for table, (white, black) in enumerate(pairs):
            if index == 1 and table == 3:  # round 2: a half-point bye asked for, the other gets the U bye
                special["half"], special["pab"] = white, black
                blocks[white].append("0000 - H")
                blocks[black].append("0000 - U")
                points[white] += 0.5
                points[black] += 1.0
                continue
            if index == 2 and table == 5:  # round 3: a forfeit
                special["forfeit_win"], special["forfeit_loss"] = white, black
                blocks[white].append(f"{black:>4} w +")
                blocks[black].append(f"{white:>4} b -")
                points[white] += 1.0
                continue
            if index == 3 and table == 7:  # round 4: a full-point bye and a player not paired
                special["full"], special["unpaired"] = white, black
                blocks[white].append("0000 - F")
                blocks[black].append("0000 - Z")
                points[white] += 1.0
                continue
            kind = (white + black + index) % 3
            code_white, code_black = {0: ("=", "="), 1: ("1", "0"), 2: ("0", "1")}[kind]
            blocks[white].append(f"{black:>4} w {code_white}")
            blocks[black].append(f"{white:>4} b {code_black}")
            points[white] += {"1": 1.0, "=": 0.5, "0": 0.0}[code_white]
            points[black] += {"1": 1.0, "=": 0.5, "0": 0.0}[code_black]
    lines = ["012 Autumn Open 2026", "022 Rennes", "XXR 7", "XXC white1"]
    for number in range(1, 31):
        lines.append(player_line(number, f"Player {number:02d}", 2400 - 20 * number, points[number], blocks[number]))
    return "\r\n".join(lines) + "\r\n", special


def plain_swiss_trf(players: int, rounds: int) -> str:
    """A file of ``players`` (even) and ``rounds`` rounds, every game played and decided (white
    wins at odd tables): the size of the 512-player, 7-round import of issue 31."""
    blocks: dict[int, list[str]] = {n: [] for n in range(1, players + 1)}
    points = dict.fromkeys(range(1, players + 1), 0.0)
    for pairs in circle_rounds(players, rounds):
        for table, (white, black) in enumerate(pairs):
            code_white, code_black = ("1", "0") if table % 2 else ("0", "1")
            blocks[white].append(f"{black:>4} w {code_white}")
            blocks[black].append(f"{white:>4} b {code_black}")
            points[white] += float(code_white)
            points[black] += float(code_black)
    lines = ["012 Big Open", f"XXR {rounds}"]
    for number in range(1, players + 1):
        lines.append(player_line(number, f"Player {number:03d}", 2400 - number, points[number], blocks[number]))
    return "\r\n".join(lines) + "\r\n"
