"""Pairing benchmark: one Swiss round at 100, 1,000 and 4,000 entrants, the table format at 1,000,
and, when a bbpPairings binary is available, the same Swiss rounds paired by it side by side.

    .venv/bin/python -m bench.pairing [--sizes 100,1000,4000] [--rounds-before 4] [--bbp PATH]
    .venv/bin/python -m bench.pairing --from-site [--site-sizes 100,300] [--site-rounds 5] [--bbp PATH]

bbpPairings (the FIDE Dutch engine) is not part of Brume: build it yourself outside the
repository and pass its path with --bbp or the BBP_PAIRINGS environment variable. Each event is
simulated with Brume's own pairings and Elo-style random results; the next round is then paired
by both engines from the same history (Brume directly, bbpPairings from a FIDE TRF file).
The process is pinned to one core so both engines get the same single CPU.

With --from-site the Swiss stages are played through the site's services in a throw-away SQLite
database and bbpPairings reads the TRF the site exports (``bench/pairing_site.py``).
"""

import argparse
import os
import random
import subprocess
import tempfile
import time
from pathlib import Path

from bench.pairing_trf import read_pairs, write_trf
from tournament.pairing import Entrant, SwissSettings, TableSettings, pair_swiss, pair_tables, record_round
from tournament.pairing.tables import repeat_count

DEFAULT_BBP = "/tmp/anchors/bbpPairings/bbpPairings.exe"


def game_points(rng: random.Random, first: Entrant, second: Entrant) -> float:
    """Points of the first entrant: Elo expectation, with a tenth of the games drawn."""
    expected = 1 / (1 + 10 ** ((second.rating - first.rating) / 400))
    roll = rng.random()
    if roll < expected - 0.05:
        return 1.0
    if roll < expected + 0.05:
        return 0.5
    return 0.0


def simulate_swiss(size: int, rounds: int, seed: int):
    """Entrants after ``rounds`` Swiss rounds, and each round's record for the TRF file."""
    rng = random.Random(seed)
    ratings = sorted((round(rng.gauss(1800, 300)) for _ in range(size)), reverse=True)
    entrants = [Entrant(index, rating=rating) for index, rating in enumerate(ratings, start=1)]
    records = []
    for round_number in range(1, rounds + 1):
        pairing = pair_swiss(entrants, SwissSettings(), round_number, seed)
        by_id = {entrant.id: entrant for entrant in entrants}
        points, record = {}, {}
        for table in pairing.pairings:
            first, second = table.seats
            points[first] = game_points(rng, by_id[first], by_id[second])
            points[second] = 1 - points[first]
            record[first] = (second, 0, points[first])
            record[second] = (first, 1, points[second])
        for bye in pairing.byes:
            record[bye.entrant] = (None, None, 1.0)
        entrants = record_round(entrants, pairing, points)
        records.append(record)
    return entrants, records


def quality(entrants: list[Entrant], pairs: list[tuple], bye) -> dict:
    """Rematches, total score difference, and first-player balance after the round."""
    by_id = {entrant.id: entrant for entrant in entrants}
    seats = {entrant.id: list(entrant.seats) for entrant in entrants}
    for first, second in pairs:
        seats[first].append(0)
        seats[second].append(1)
    balances = [history.count(0) - history.count(1) for history in seats.values()]
    return {
        "rematches": sum(by_id[a].met(b) for a, b in pairs),
        "score_diff": sum(abs(by_id[a].score - by_id[b].score) for a, b in pairs),
        "floats": sum(1 for a, b in pairs if by_id[a].score != by_id[b].score),
        "abs_balance": sum(abs(balance) for balance in balances),
        "over_2": sum(1 for balance in balances if abs(balance) > 2),
        "three_in_row": sum(1 for h in seats.values() if len(h) >= 3 and h[-1] == h[-2] == h[-3]),
        "bye": bye,
    }


def colour_misses(entrants: list[Entrant], pairs: list[tuple]) -> dict:
    """Entrants seated against their colour preference (FIDE C.04.1 read as seats): absolute
    (two out of balance, or the same seat twice in a row), strong (one out), mild (alternate)."""
    by_id = {entrant.id: entrant for entrant in entrants}
    misses = {"absolute": 0, "strong": 0, "mild": 0}
    for pair in pairs:
        for seat, entrant_id in enumerate(pair):
            seats = by_id[entrant_id].seats
            if not seats:
                continue
            balance = seats.count(0) - seats.count(1)
            wanted = 1 if balance > 0 else 0 if balance < 0 else 1 - seats[-1]
            if seat == wanted:
                continue
            twice = len(seats) >= 2 and seats[-1] == seats[-2]
            strength = "absolute" if abs(balance) >= 2 or twice else "strong" if balance else "mild"
            misses[strength] += 1
    return misses


def run_brume(entrants, round_number, seed):
    start, cpu = time.perf_counter(), time.process_time()
    result = pair_swiss(entrants, SwissSettings(planned_rounds=round_number + 4), round_number, seed)
    elapsed = time.perf_counter() - start
    print(f"{len(entrants):>8} {'brume':>8} cpu {time.process_time() - cpu:.3f} s (wall below)")
    pairs = [tuple(pairing.seats) for pairing in result.pairings]
    bye = result.byes[0].entrant if result.byes else None
    return elapsed, pairs, bye


def run_bbp(binary: str, entrants, records, planned_rounds, timeout: float):
    with tempfile.TemporaryDirectory() as folder:
        trf = Path(folder, "event.trf")
        out = Path(folder, "pairs.txt")
        trf.write_text(write_trf(entrants, records, planned_rounds))
        start = time.perf_counter()
        completed = subprocess.run(
            [binary, "--dutch", str(trf), "-p", str(out)], capture_output=True, text=True, timeout=timeout
        )
        elapsed = time.perf_counter() - start
        if completed.returncode != 0:
            raise RuntimeError(f"bbpPairings exit {completed.returncode}: {completed.stderr.strip()[:300]}")
        pairs, bye = read_pairs(out.read_text())
    return elapsed, pairs, bye


def bench_swiss(sizes, rounds_before, seed, binary, timeout):
    print(f"Swiss: round {rounds_before + 1} after {rounds_before} simulated rounds (seed {seed}), one core")
    header = f"{'entrants':>8} {'engine':>8} {'time s':>8} {'rematch':>7} {'scorediff':>9} {'floats':>6} "
    print(header + f"{'sum|bal|':>8} {'|bal|>2':>7} {'3 in row':>8}")
    for size in sizes:
        entrants, records = simulate_swiss(size, rounds_before, seed)
        rows = [("brume", *run_brume(entrants, rounds_before + 1, seed))]
        if binary:
            try:
                rows.append(("bbp", *run_bbp(binary, entrants, records, rounds_before + 5, timeout)))
            except (RuntimeError, subprocess.TimeoutExpired) as problem:
                print(f"{size:>8} {'bbp':>8} failed: {problem}")
        for engine, elapsed, pairs, bye in rows:
            q = quality(entrants, pairs, bye)
            print(
                f"{size:>8} {engine:>8} {elapsed:>8.3f} {q['rematches']:>7} {q['score_diff']:>9.1f} {q['floats']:>6} "
                f"{q['abs_balance']:>8} {q['over_2']:>7} {q['three_in_row']:>8}"
            )
        if len(rows) == 2:
            ratio = rows[0][1] / rows[1][1]
            print(f"{size:>8} {'ratio':>8} {ratio:>8.4f}  (Brume time / bbpPairings time; bbp/Brume {1 / ratio:.1f})")


def bench_tables(size, rounds_before, seed):
    rng = random.Random(seed)
    entrants = [Entrant(index, rating=rng.gauss(1500, 300)) for index in range(1, size + 1)]
    options = TableSettings(3, 5, 4)
    for round_number in range(1, rounds_before + 2):
        start = time.perf_counter()
        result = pair_tables(entrants, options, round_number, seed)
        elapsed = time.perf_counter() - start
        repeats = repeat_count(result, entrants)
        entrants = record_round(entrants, result, {e: rng.randint(0, 3) for e in result.paired_ids()})
    spread = max(max(e.seats.count(s) for s in range(4)) - min(e.seats.count(s) for s in range(4)) for e in entrants)
    print(
        f"Tables 3-5 (prefer 4): {size} entrants, round {rounds_before + 1}: {elapsed:.3f} s, "
        f"{len(result.pairings)} tables, {repeats} repeat meeting(s), worst seat-count spread {spread}"
    )


def bench_from_site(sizes, rounds, seed, binary, timeout, ratings=False, keep=None):
    """Stages played through the services, exported as TRF, the next round paired by both."""
    from bench import pairing_site

    with tempfile.TemporaryDirectory() as folder:
        connection = pairing_site.setup_django(folder, ratings)
        try:
            for size in sizes:
                _site_row(pairing_site, size, rounds, seed, binary, timeout, keep)
        finally:
            connection.creation.destroy_test_db(connection.settings_dict["NAME"], verbosity=0)


def _site_row(site, size, rounds, seed, binary, timeout, keep):
    from tournament.services.rounds import stage_entrants
    from tournament.services.trf import stage_trf

    planned = rounds + 4
    played = site.play_stage(size, rounds, planned, seed)
    print(
        f"site Swiss {size} entrants: {rounds} rounds played through the services in {played.seconds:.1f} s "
        f"({played.games} games ruled, {played.forfeits} forfeits, {len(played.withdrawn)} withdrawn)"
    )
    started = time.perf_counter()
    text = stage_trf(played.stage)
    print(f"  stage_trf: {time.perf_counter() - started:.3f} s, {len(text.splitlines())} lines")
    rank = site.start_ranks(text, played.stage)
    marked = text  # the withdrawn are marked "0000 - -" in the next round's column by stage_trf itself
    if keep:
        Path(keep, f"site-{size}.trf").write_text(marked)
    pk_of = {number: pk for pk, number in rank.items()}
    entrants = stage_entrants(played.stage)
    rows = [("brume", *site.brume_next(played.stage, played.owner))]
    if binary:
        try:
            elapsed, pairs, bye = site.bbp_next(binary, marked, timeout)
            pairs = [(pk_of[a], pk_of[b]) for a, b in pairs]
            rows.append(("bbp", elapsed, pairs, pk_of[bye] if bye else None))
        except (RuntimeError, subprocess.TimeoutExpired) as problem:
            print(f"  bbp failed: {problem}")
    print(
        f"  {'engine':>6} {'time s':>7} {'tables':>6} {'rematch':>7} {'scorediff':>9} {'floats':>6} {'sum|bal|':>8} "
        f"{'|bal|>2':>7} {'3 in row':>8} {'abs/str/mild colour misses':>26}  same as Brume"
    )
    brume_tables = {frozenset(pair) for pair in rows[0][2]}
    for engine, elapsed, pairs, bye in rows:
        q, m = quality(entrants, pairs, bye), colour_misses(entrants, pairs)
        same = sum(1 for pair in pairs if frozenset(pair) in brume_tables)
        print(
            f"  {engine:>6} {elapsed:>7.3f} {len(pairs):>6} {q['rematches']:>7} {q['score_diff']:>9.1f} "
            f"{q['floats']:>6} {q['abs_balance']:>8} {q['over_2']:>7} {q['three_in_row']:>8} "
            f"{m['absolute']:>12}/{m['strong']}/{m['mild']:<11}  {same} tables, bye {rank.get(bye)}"
        )
    trip = site.round_trip(text, played, rows[0][2], rows[0][3], rank)
    print(
        f"  round trip: TRF imported into a fresh stage in {trip.seconds:.1f} s; Brume's next round there differs "
        f"from the original's in {trip.same_seed_differences} of {trip.tables} tables (+ bye) with the same event "
        f"seed, {trip.other_seed_differences} with another seed"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,1000,4000")
    parser.add_argument("--rounds-before", type=int, default=4)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--bbp", default=os.environ.get("BBP_PAIRINGS", DEFAULT_BBP))
    parser.add_argument("--bbp-timeout", type=float, default=600)
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--from-site", action="store_true", help="stages played through the services, via TRF")
    parser.add_argument("--site-sizes", default="100,300")
    parser.add_argument("--site-rounds", type=int, default=5)
    parser.add_argument("--site-ratings", action="store_true", help="run each rating update in-process too")
    parser.add_argument("--site-trf-dir", help="keep each exported TRF (as given to bbpPairings) in this folder")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    binary = args.bbp if args.bbp and Path(args.bbp).exists() else None
    if not binary:
        print("bbpPairings not found: pass --bbp PATH to compare side by side")
    if args.from_site:
        sizes = [int(size) for size in args.site_sizes.split(",")]
        bench_from_site(
            sizes, args.site_rounds, args.seed, binary, args.bbp_timeout, args.site_ratings, args.site_trf_dir
        )
        return
    bench_swiss([int(size) for size in args.sizes.split(",")], args.rounds_before, args.seed, binary, args.bbp_timeout)
    bench_tables(args.tables, 3, args.seed)


if __name__ == "__main__":
    main()
