"""Counts over the games inside series: game points, game wins, games as first player."""

from __future__ import annotations

from ranking.tiebreaks.base import Context, Direction, TieBreak, number, register
from ranking.tiebreaks.text import N_, _, ngettext


def _per_round(amounts: list[tuple[int, float]]) -> str:
    """``amounts``: (round, amount) of each round that had games."""
    return " + ".join([f"R{n} {number(amount)}" for n, amount in amounts]) or _("no game played")


class GamePoints(TieBreak):
    key = "game_points"
    name = N_("Game points")
    short = N_("GP")
    unplayed = N_("unplayed rounds have no games: they add nothing")

    def values(self, context: Context, group):
        out = {}
        for eid in group:
            entrant = context.entrants[eid]
            total = sum(game.win_share for game in context.games[eid])
            shares = [(r.round, _share(r)) for r in entrant.rounds if r.games]
            out[eid] = self.value(total, _("games won, a drawn game ½: %(rounds)s") % {"rounds": _per_round(shares)})
        return out


def _share(r) -> float:
    return sum(game.win_share for game in r.games)


class GameWins(TieBreak):
    key = "game_wins"
    name = N_("Game wins")
    short = N_("GW")
    unplayed = N_("unplayed rounds have no games: they add nothing")

    def values(self, context: Context, group):
        out = {}
        for eid in group:
            rounds = context.entrants[eid].rounds
            # Each round's wins counted once: for the total and for the working.
            wins = [(r.round, sum([1 for game in r.games if game.won])) for r in rounds if r.games]
            total = sum([n for __, n in wins])
            out[eid] = self.value(total, _("games won outright: %(rounds)s") % {"rounds": _per_round(wins)})
        return out


class FirstPlayerGames(TieBreak):
    """Like FIDE's games with Black, the other way round: moving first is the advantage in our
    games, so fewer games as first player ranks higher."""

    key = "first_player_games"
    name = N_("Games as first player")
    short = N_("1st")
    direction = Direction.LOWER
    unplayed = N_("an unplayed round counts as one game as first player (as FIDE counts it as a game with White)")

    def values(self, context: Context, group):
        out = {}
        for eid in group:
            entrant = context.entrants[eid]
            played = sum(1 for game in entrant.games if game.first_player)
            unplayed = sum(1 for r in entrant.rounds if not r.played)
            detail = ngettext("%(count)s game moving first", "%(count)s games moving first", played) % {"count": played}
            if unplayed:
                rounds = ngettext("%(count)s unplayed round", "%(count)s unplayed rounds", unplayed)
                detail += " + " + rounds % {"count": unplayed}
            out[eid] = self.value(played + unplayed, _("%(detail)s; fewer is better") % {"detail": detail})
        return out


class RoundWins(TieBreak):
    """FIDE's WIN: rounds in which the entrant scored the points of a win, played or not."""

    key = "wins"
    name = N_("Number of wins")
    short = N_("Wins")
    unplayed = N_("a bye or forfeit win that gave the points of a win counts as a win (FIDE WIN)")

    def values(self, context: Context, group):
        out = {}
        for eid in group:
            entrant = context.entrants[eid]
            won = [r.round for r in entrant.rounds if r.result >= 1.0]
            out[eid] = self.value(
                len(won), _("won in %(rounds)s") % {"rounds": ", ".join(f"R{n}" for n in won) or _("no round")}
            )
        return out


register(GamePoints())
register(GameWins())
register(FirstPlayerGames())
register(RoundWins())
