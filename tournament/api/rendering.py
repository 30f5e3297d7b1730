"""JSON rendered once and kept: a large read (a 1,000-entrant stage's standings are 1.6 MB) is
the same bytes for every reader of one version of its event, so it is kept rendered, not
rebuilt and rendered again on every request.

``Rendered`` wraps bytes made by the site's JSON renderer; the renderer passes them through.
Readers that ask for another format (the browsable API) get the data parsed back.
"""

from __future__ import annotations

import json

from rest_framework import renderers


class Rendered:
    """A response body already rendered as JSON."""

    __slots__ = ("content",)

    def __init__(self, content: bytes) -> None:
        self.content = content

    @classmethod
    def of(cls, data) -> Rendered:
        return cls(JSONRenderer().render(data))

    def data(self):
        return json.loads(self.content)


class JSONRenderer(renderers.JSONRenderer):
    """DRF's JSON renderer that sends kept bodies as they are."""

    def render(self, data, accepted_media_type=None, renderer_context=None):
        if isinstance(data, Rendered):
            indent = self.get_indent(accepted_media_type, renderer_context or {})
            if indent is None:
                return data.content
            data = data.data()  # the browsable API shows it indented
        return super().render(data, accepted_media_type, renderer_context)


class BrowsableAPIRenderer(renderers.BrowsableAPIRenderer):
    """The browsable API, shown from the data of a kept body."""

    def render(self, data, accepted_media_type=None, renderer_context=None):
        if isinstance(data, Rendered):
            data = data.data()
        return super().render(data, accepted_media_type, renderer_context)

    def get_filter_form(self, data, view, request):
        # DRF asks every list's view for its queryset to draw the filters; a view that reads
        # through a selector has none (and no filter backend to draw), which failed with a 500.
        from rest_framework.generics import GenericAPIView  # not at import: DRF's settings load this module

        if (
            getattr(view, "queryset", None) is None
            and getattr(type(view), "get_queryset", None) is GenericAPIView.get_queryset
        ):
            return None
        return super().get_filter_form(data, view, request)
