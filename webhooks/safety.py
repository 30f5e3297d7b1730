"""Where a webhook may point: not at Brume itself, nor at anything inside its network (SSRF).

A URL is checked when it is registered (a clear error for the person) and again, on the address
its host resolves to, just before each request (a name that resolved to a public address at
registration may resolve to 127.0.0.1 later: DNS rebinding). The request then goes to that very
address, so that no second lookup can change it in between (``webhooks.transport``).
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings
from django.http.request import validate_host
from django.utils.translation import gettext

from tournament.errors import ServiceError


class UnsafeURL(ServiceError):
    """A webhook URL Brume refuses to send to; the message says why."""

    def __init__(self, message: str, *, code: str = "unsafe_url"):
        super().__init__(message, code=code)


class UnresolvableHost(UnsafeURL):
    """The host's name does not resolve (now): at delivery time, worth another try later."""

    def __init__(self, host: str):
        super().__init__(gettext("the host %(host)s cannot be found (DNS)") % {"host": host}, code="unresolvable_host")


@dataclass(frozen=True)
class Target:
    scheme: str
    host: str  # as written in the URL (the Host header, the TLS server name)
    port: int
    path: str  # path and query, as sent on the request line
    address: str  # the checked IP address the request is sent to


def resolve(host: str, port: int) -> list[str]:
    """Every address ``host`` resolves to (tests replace this to play a DNS server)."""
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return list(dict.fromkeys(info[4][0] for info in infos))


def _refused_range(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> str | None:
    mapped = getattr(address, "ipv4_mapped", None)
    if mapped is not None:
        address = mapped
    for test, words in (
        ("is_loopback", gettext("a loopback address")),
        ("is_unspecified", gettext("the unspecified address")),
        ("is_link_local", gettext("a link-local address")),
        ("is_multicast", gettext("a multicast address")),
        ("is_private", gettext("a private address")),
        ("is_reserved", gettext("a reserved address")),
    ):
        if getattr(address, test):
            return words
    if not address.is_global:
        return gettext("an address that is not on the public internet")
    return None


def _split(url: str) -> tuple[str, str, int, str]:
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        raise UnsafeURL(gettext("this is not a valid URL")) from None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https"):
        if scheme:
            raise UnsafeURL(
                gettext("only http:// and https:// URLs can receive webhooks, not %(scheme)s://") % {"scheme": scheme}
            )
        raise UnsafeURL(gettext("only http:// and https:// URLs can receive webhooks, not this://"))
    host = (parts.hostname or "").rstrip(".")
    if not host:
        raise UnsafeURL(gettext("the URL has no host"))
    if parts.username is not None or parts.password is not None:
        raise UnsafeURL(gettext("put no user name or password in the URL: the signature proves the sender"))
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    return scheme, host, port or (443 if scheme == "https" else 80), path


def _own_host(host: str) -> bool:
    return validate_host(host.lower(), [h.lower() for h in settings.ALLOWED_HOSTS if h != "*"])


def check_address(address: str) -> None:
    """Refuse an address inside Brume's network, unless the tests allow it."""
    if settings.BRUME_WEBHOOKS_ALLOW_PRIVATE:
        return
    try:
        parsed = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        raise UnsafeURL(gettext("%(address)s is not an IP address") % {"address": address}) from None
    refused = _refused_range(parsed)
    if refused:
        raise UnsafeURL(
            gettext("the host resolves to %(address)s, %(range)s: webhooks go to public servers only")
            % {"address": address, "range": refused}
        )


def check_url(url: str, *, resolve_host: bool = True) -> Target | None:
    """The target of a URL Brume may send to, or ``UnsafeURL`` saying why not. With
    ``resolve_host`` the host is looked up and every address it has must be public."""
    scheme, host, port, path = _split(url)
    if _own_host(host):
        raise UnsafeURL(
            gettext("%(host)s is this site itself: a webhook must point at another server") % {"host": host}
        )
    try:
        literal = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        literal = None
    if literal is not None:
        check_address(str(literal))
        return Target(scheme, host, port, path, str(literal))
    if not resolve_host:
        return None
    try:
        addresses = resolve(host, port)
    except (OSError, UnicodeError, ValueError):  # ValueError: a NUL byte in the name
        raise UnresolvableHost(host) from None
    if not addresses:
        raise UnresolvableHost(host)
    for address in addresses:
        check_address(address)
    return Target(scheme, host, port, path, addresses[0])
