"""Security headers on every response: Content-Security-Policy and Permissions-Policy.

The site's pages run no inline script (page scripts are files under static/), so scripts may come
from the site only. Styles allow 'unsafe-inline' because the boards drawn by the engines are SVG
with a <style> element and htmx adds its indicator style at run time; styles cannot run code. The
API documentation pages (Swagger UI, ReDoc from drf-spectacular's sidecar) get a policy of their
own, looser only where those tools need it, and only on their paths.
"""

from __future__ import annotations

SITE_POLICY = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self' 'unsafe-inline'",
    "img-src": "'self' data:",
    "font-src": "'self'",
    "connect-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}

# Swagger UI is served split (its start-up script is a file, not inline) and ReDoc's page is ours
# (templates/drf_spectacular/redoc.html, started by its <redoc> element): the site's policy fits
# both, except that ReDoc runs a web worker from a blob: URL.
DOCS_POLICIES = {"api-redoc": {**SITE_POLICY, "worker-src": "'self' blob:"}}

PERMISSIONS_POLICY = ", ".join(
    f"{feature}=()"
    for feature in (
        "accelerometer",
        "autoplay",
        "camera",
        "display-capture",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "midi",
        "payment",
        "publickey-credentials-get",
        "screen-wake-lock",
        "serial",
        "usb",
        "xr-spatial-tracking",
    )
)


def policy_text(policy: dict[str, str]) -> str:
    return "; ".join(f"{directive} {sources}" for directive, sources in policy.items())


SITE_CSP = policy_text(SITE_POLICY)
DOCS_CSP = {name: policy_text(policy) for name, policy in DOCS_POLICIES.items()}


class SecurityHeadersMiddleware:
    """Adds CSP and Permissions-Policy unless a view set its own."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        match = getattr(request, "resolver_match", None)
        csp = DOCS_CSP.get(match.url_name, SITE_CSP) if match else SITE_CSP
        response.headers.setdefault("Content-Security-Policy", csp)
        response.headers.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        return response
