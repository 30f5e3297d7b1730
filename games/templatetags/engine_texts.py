"""``{{ value|engine_text }}``: an engine's text (a reason, an option's help, a game's summary, its
seat count) in the reader's language. ``{% load engine_texts %}`` first."""

from django import template

from games.engine_texts import translated

register = template.Library()


@register.filter
def engine_text(value):
    """The engine text translated (a stored English string is looked up as it is)."""
    return translated(value)


@register.filter
def engine_texts(values):
    """Each of a list of engine texts translated (a game's kinds, its tie-break labels)."""
    return [translated(getattr(value, "label", value)) for value in values]
