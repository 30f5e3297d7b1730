from django import template

register = template.Library()


@register.filter
def get_item(mapping, key):
    """``mapping|get_item:key`` — look a key up in a dict from a template."""
    return mapping.get(key) if mapping else None
