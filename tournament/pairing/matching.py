"""Maximum-weight matching behind one small function, with rustworkx first and networkx as fallback.

Weights are Python integers (lexicographic tiers packed into one number); rustworkx accepts
them up to 2**127, beyond which networkx (exact integers, much slower) takes over.
"""

from tournament.pairing.text import _

from .errors import InvalidSettings

RUSTWORKX_LIMIT = 2**126


def max_weight_matching(node_count: int, edges: list[tuple[int, int, int]], backend: str = "rustworkx") -> dict:
    """Mate of each matched node, among matchings of maximum size, the one of maximum weight."""
    largest = max((weight for __, __, weight in edges), default=0)
    if backend == "rustworkx" and largest < RUSTWORKX_LIMIT:
        return _with_rustworkx(node_count, edges)
    if backend not in ("rustworkx", "networkx"):
        raise InvalidSettings(
            _("unknown matching backend %(backend)s: use 'rustworkx' or 'networkx'") % {"backend": repr(backend)}
        )
    return _with_networkx(node_count, edges)


def _with_rustworkx(node_count, edges):
    import rustworkx

    graph = rustworkx.PyGraph()
    graph.add_nodes_from(range(node_count))
    graph.add_edges_from(edges)
    pairs = rustworkx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
    return _mates(pairs)


def _with_networkx(node_count, edges):
    import networkx

    graph = networkx.Graph()
    graph.add_nodes_from(range(node_count))
    graph.add_weighted_edges_from(edges)
    pairs = networkx.max_weight_matching(graph, maxcardinality=True)
    return _mates(pairs)


def _mates(pairs) -> dict:
    mates = {}
    for left, right in pairs:
        mates[left] = right
        mates[right] = left
    return mates
