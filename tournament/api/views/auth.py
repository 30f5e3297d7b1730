"""API tokens: trade a username and password for a token, or revoke yours."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import authenticate
from django.core.cache import caches
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions, status
from rest_framework.authtoken.models import Token
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.throttling import SimpleRateThrottle

from accounts.backends import lockout_of
from accounts.models import ApiToken
from accounts.tokens import token_for
from accounts.verification import needs_verification
from config.proxies import client_ip
from tournament.api.base import TournamentView, errors, validated
from tournament.api.inputs import TokenInput
from tournament.api.serializers import TokenSerializer
from tournament.errors import ServiceError

TAGS = ["authentication"]


class TokenRequestThrottle(SimpleRateThrottle):
    """Token requests per client address, whoever the caller claims to be.

    DRF's AnonRateThrottle lets any authenticated caller through (a valid token of someone else
    lifted the limit), keys on the raw X-Forwarded-For (each new value was a fresh count), and
    reads, appends and writes back a history (parallel requests lost counts). This one keys on
    ``client_ip`` and counts with the cache's atomic increment in fixed windows.
    """

    scope = "token"

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": client_ip(request)}

    def allow_request(self, request, view):
        if self.rate is None or request.method != "POST":
            return True
        cache = caches[getattr(settings, "BRUME_SIGNIN_CACHE", "default")]
        self.now = self.timer()
        window = int(self.now // self.duration)
        key = f"{self.get_cache_key(request, view)}:{settings.BRUME_SIGNIN_NAMESPACE}:{window}"
        cache.add(key, 0, self.duration)
        try:
            count = cache.incr(key)
        except ValueError:  # the window's key expired in between: this is its first request
            cache.add(key, 1, self.duration)
            count = 1
        self.wait_seconds = (window + 1) * self.duration - self.now
        return count <= self.num_requests

    def wait(self):
        return self.wait_seconds


class TokenView(TournamentView):
    """Each request makes a new named token ("API sign-in"), listed and revocable from the
    profile (accounts.tokens); only its hash is kept."""

    throttle_classes = [TokenRequestThrottle]  # slows down password guessing, with the sign-in limits
    inputs = {"POST": TokenInput}

    def get_permissions(self):
        return [AllowAny()] if self.request.method == "POST" else [IsAuthenticated()]

    @extend_schema(
        tags=TAGS,
        summary="Get a new API token",
        description=(
            "Each call makes a new token named 'API sign-in' (see and revoke them at "
            "/api/v1/me/tokens/). A token lasts BRUME_TOKEN_TTL_DAYS days (30 by default) and ends when the password "
            "changes. Too many failed attempts for one account or from one address lock it out "
            "for a while: the answer is then 429 with Retry-After."
        ),
        request=TokenInput,
        responses={200: TokenSerializer, **errors(400, 429)},
        auth=[],
    )
    def post(self, request):
        data = validated(TokenInput, request)
        user = authenticate(request, username=data["username"], password=data["password"])
        lockout = lockout_of(request)
        if lockout is not None:
            refusal = exceptions.Throttled(detail=lockout.message)
            refusal.wait = lockout.retry_after  # sent as Retry-After; the message says it in minutes
            raise refusal
        if user is None or not user.is_active:
            raise ServiceError(_("wrong username or password"), code="invalid_credentials")
        if needs_verification(user):
            raise ServiceError(
                _("verify your email address first: follow the link we sent you"), code="unverified_email"
            )
        return Response({"token": token_for(user)})

    @extend_schema(
        tags=TAGS,
        summary="Revoke the API token this request is made with (with a session: your former single token)",
        responses={204: OpenApiResponse(description="revoked"), **errors(401)},
    )
    def delete(self, request):
        if isinstance(request.auth, ApiToken | Token):
            request.auth.delete()
        else:
            Token.objects.filter(user=request.user).delete()
        return Response(status=status.HTTP_204_NO_CONTENT)
