"""The person's own account in the API: profile, API tokens, sign out everywhere."""

from __future__ import annotations

from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.authentication import SessionAuthentication
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import tokens
from accounts.countries import COUNTRIES
from accounts.models import ApiToken, Profile
from accounts.profiles import EDITABLE, profile_of, profile_update
from accounts.sessions import sign_out_everywhere

TAGS = ["account"]


class ProfileSerializer(serializers.ModelSerializer):
    username = serializers.CharField(source="user.username", read_only=True)
    country = serializers.ChoiceField(choices=[("", ""), *COUNTRIES.items()], allow_blank=True)
    language = serializers.ChoiceField(choices=Profile.Language.choices)

    class Meta:
        model = Profile
        fields = ["username", *EDITABLE]


class ProfileInput(serializers.Serializer):
    display_name = serializers.CharField(required=False, allow_blank=True, max_length=80)
    club = serializers.CharField(required=False, allow_blank=True, max_length=120)
    country = serializers.CharField(required=False, allow_blank=True, max_length=2, help_text="ISO 3166-1 alpha-2")
    time_zone = serializers.CharField(required=False, max_length=64, help_text="an IANA name, e.g. Europe/Paris")
    language = serializers.ChoiceField(required=False, choices=Profile.Language.choices)


class NamedTokenSerializer(serializers.ModelSerializer):
    class Meta:
        model = ApiToken
        fields = ["id", "name", "prefix", "created", "last_used", "expires"]


class NewTokenSerializer(NamedTokenSerializer):
    key = serializers.CharField(help_text="shown this once: only a hash is kept")

    class Meta(NamedTokenSerializer.Meta):
        fields = [*NamedTokenSerializer.Meta.fields, "key"]


class NamedTokenInput(serializers.Serializer):
    name = serializers.CharField(max_length=tokens.MAX_NAME_LENGTH)


class SignedOutSerializer(serializers.Serializer):
    sessions = serializers.IntegerField()
    tokens = serializers.IntegerField()


def _invalid(error: DjangoValidationError):
    return exceptions.ValidationError(error.message_dict)


class _MeView(APIView):
    # Token first: an anonymous caller gets 401 with WWW-Authenticate: Token (as the tournament API).
    authentication_classes = [tokens.PersonalTokenAuthentication, SessionAuthentication]
    permission_classes = [IsAuthenticated]


class MyProfileView(_MeView):
    @extend_schema(tags=TAGS, summary="Your profile", responses={200: ProfileSerializer})
    def get(self, request):
        return Response(ProfileSerializer(profile_of(request.user)).data)

    @extend_schema(
        tags=TAGS,
        summary="Change your profile (the fields you send)",
        request=ProfileInput,
        responses={200: ProfileSerializer},
    )
    def patch(self, request):
        if not isinstance(request.data, dict):
            raise exceptions.ValidationError({"non_field_errors": [gettext("send a JSON object")]})
        unknown = sorted(set(request.data) - set(EDITABLE))
        if unknown:
            raise exceptions.ValidationError({name: [gettext("this field cannot be changed here")] for name in unknown})
        data = ProfileInput(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        try:
            profile = profile_update(user=request.user, **data.validated_data)
        except DjangoValidationError as error:
            raise _invalid(error) from None
        return Response(ProfileSerializer(profile).data)


class MyTokensView(_MeView):
    @extend_schema(
        tags=TAGS, summary="Your API tokens (never their keys)", responses={200: NamedTokenSerializer(many=True)}
    )
    def get(self, request):
        return Response(NamedTokenSerializer(tokens.tokens_of(request.user), many=True).data)

    @extend_schema(
        tags=TAGS,
        summary="Make a named API token; its key is in this answer and nowhere else",
        request=NamedTokenInput,
        responses={201: NewTokenSerializer},
    )
    def post(self, request):
        data = NamedTokenInput(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            token, key = tokens.token_create(user=request.user, name=data.validated_data["name"])
        except DjangoValidationError as error:
            raise _invalid(error) from None
        token.key = key
        response = Response(NewTokenSerializer(token).data, status=status.HTTP_201_CREATED)
        response["Cache-Control"] = "no-store"
        return response


class MyTokenDetailView(_MeView):
    @extend_schema(
        tags=TAGS,
        summary="Revoke one of your API tokens",
        request=None,
        responses={204: OpenApiResponse(description="revoked"), 404: OpenApiResponse(description="not yours")},
    )
    def delete(self, request, token_id: int):
        try:
            tokens.token_revoke(user=request.user, token_id=token_id)
        except ApiToken.DoesNotExist:
            raise exceptions.NotFound(gettext("no such token of yours")) from None
        return Response(status=status.HTTP_204_NO_CONTENT)


class SignOutEverywhereView(_MeView):
    @extend_schema(
        tags=TAGS,
        summary="End all your sessions and revoke all your API tokens (this one too)",
        request=None,
        responses={200: SignedOutSerializer},
    )
    def post(self, request):
        ended = sign_out_everywhere(user=request.user, request=request._request)
        return Response(SignedOutSerializer(ended).data)
