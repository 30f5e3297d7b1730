"""Forwarded headers are believed only when they come from a configured proxy.

``BRUME_TRUSTED_PROXIES`` lists the addresses or networks (CIDR) of the reverse proxies in front of
the site. A request whose peer (``REMOTE_ADDR``) is not one of them has its ``X-Forwarded-*`` and
``Forwarded`` headers removed before anything reads them, so a client cannot claim HTTPS
(``SECURE_PROXY_SSL_HEADER``), another host, or another address. For a request from a trusted
proxy, the client is the right-most address of ``X-Forwarded-For`` that is not itself a trusted
proxy (each proxy appends the peer it saw, so entries to the left are whatever the client wrote).

``client_ip(request)`` is the one place that says who the client is; throttling and lockout use
it. The middleware also writes that address into ``REMOTE_ADDR`` (the proxy's own address is kept
in ``BRUME_PEER_ADDR``) and reduces ``X-Forwarded-For`` to it, so that code reading either, such as
DRF's throttles, sees the same client.
"""

from __future__ import annotations

import ipaddress
from functools import lru_cache

from django.conf import settings

Network = ipaddress.IPv4Network | ipaddress.IPv6Network

FORWARDED_HEADERS = (
    "HTTP_X_FORWARDED_FOR",
    "HTTP_X_FORWARDED_PROTO",
    "HTTP_X_FORWARDED_HOST",
    "HTTP_X_FORWARDED_PORT",
    "HTTP_X_FORWARDED_SSL",
    "HTTP_X_REAL_IP",
    "HTTP_FORWARDED",
)
CLIENT_KEY = "BRUME_CLIENT_ADDR"
PEER_KEY = "BRUME_PEER_ADDR"


@lru_cache(maxsize=8)
def _networks(entries: tuple[str, ...]) -> tuple[Network, ...]:
    return tuple(ipaddress.ip_network(entry) for entry in entries)


def trusted_networks() -> tuple[Network, ...]:
    return _networks(tuple(getattr(settings, "BRUME_TRUSTED_PROXIES", ())))


def _address(text: str | None):
    if not text:
        return None
    text = text.strip()
    if text.startswith("[") and "]" in text:  # [v6]:port
        text = text[1 : text.index("]")]
    elif text.count(":") == 1:  # v4:port
        text = text.split(":", 1)[0]
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    return address.ipv4_mapped or address if isinstance(address, ipaddress.IPv6Address) else address


def is_trusted_proxy(text: str | None) -> bool:
    address = _address(text)
    return address is not None and any(address in network for network in trusted_networks())


def _client_from_chain(peer: str, forwarded_for: str | None) -> str:
    """The client as seen through trusted proxies: walk X-Forwarded-For from the right."""
    if not is_trusted_proxy(peer) or not forwarded_for:
        return peer
    client = peer
    for entry in reversed(forwarded_for.split(",")):
        address = _address(entry)
        if address is None:
            break  # garbage written by someone untrusted: the last trusted hop is the answer
        client = str(address)
        if not is_trusted_proxy(client):
            break
    return client


def client_ip(request) -> str:
    """The client's address, believing forwarded headers only from trusted proxies."""
    meta = request.META
    if CLIENT_KEY in meta:
        return meta[CLIENT_KEY]
    peer = meta.get(PEER_KEY) or meta.get("REMOTE_ADDR") or ""
    return _client_from_chain(peer, meta.get("HTTP_X_FORWARDED_FOR"))


class TrustedProxyMiddleware:
    """First in MIDDLEWARE: forwarded headers from anyone but a trusted proxy are dropped."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        meta = request.META
        peer = meta.get("REMOTE_ADDR") or ""
        if is_trusted_proxy(peer):
            client = _client_from_chain(peer, meta.get("HTTP_X_FORWARDED_FOR"))
            meta[PEER_KEY] = peer
            meta["REMOTE_ADDR"] = client
            if "HTTP_X_FORWARDED_FOR" in meta:
                meta["HTTP_X_FORWARDED_FOR"] = client
        else:
            for header in FORWARDED_HEADERS:
                meta.pop(header, None)
            client = peer
        meta[CLIENT_KEY] = client
        return self.get_response(request)
