from django import template

register = template.Library()


@register.filter
def get_item(mapping, key):
    """``mapping|get_item:key`` — look a key up in a dict from a template."""
    return mapping.get(key) if mapping else None


@register.simple_tag
def round_table(round_, event):
    """``{% round_table round event as table %}``: the round's matches with their results in words."""
    from tournament.match_summary import round_table as build

    return build(round_, event.game)


@register.simple_tag
def match_summary(match, event):
    """``{% match_summary match event as summary %}``: one match's result in words."""
    from ranking.models import Forfeit
    from tournament.match_summary import score_label_of, summarize

    absent = Forfeit.objects.filter(match=match).values_list("absent", flat=True).first()
    return summarize(match, match.round.stage, score_label_of(event.game), absent)
