from django import template

register = template.Library()


@register.filter
def get_item(mapping, key):
    """``mapping|get_item:key`` — look a key up in a dict from a template."""
    return mapping.get(key) if mapping else None


@register.simple_tag
def round_table(round_, event, silent=False):
    """``{% round_table round event as table %}``: the round's matches as rows, each with its names
    linked and its result in words; ``silent=True``: the pairings alone (names, no result)."""
    from tournament.match_summary import round_pairings
    from tournament.match_summary import round_table as build

    if silent:
        return round_pairings(round_)
    return build(round_, event.game, lambda participant: player_link(participant, event.game))


@register.simple_tag
def match_summary(match, event):
    """``{% match_summary match event as summary %}``: one match's result in words."""
    from ranking.models import Forfeit
    from tournament.match_summary import score_label_of, summarize

    absent = Forfeit.objects.filter(match=match).values_list("absent", flat=True).first()
    return summarize(match, match.round.stage, score_label_of(event.game), absent)


@register.filter
def player_link(participant, game: str = ""):
    """``{{ participant|player_link:event.game }}``: a participant's name, linked to their player
    page when they have an account, to the game's AI description for an AI entrant (when the
    game's rules page has one), and plain text for a guest.

    Reads no row: the username comes from an ``annotate(username=...)`` or a
    ``select_related("user")`` done by the selector that loaded the participant (a page that
    forgets it makes one query per name, which tests/site/test_query_counts.py catches)."""
    from tournament.people import participant_link

    return participant_link(participant, game)
