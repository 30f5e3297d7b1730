from django.urls import path

from accounts import api

urlpatterns = [
    path("me/profile/", api.MyProfileView.as_view(), name="api-my-profile"),
    path("me/tokens/", api.MyTokensView.as_view(), name="api-my-tokens"),
    path("me/tokens/<int:token_id>/", api.MyTokenDetailView.as_view(), name="api-my-token"),
    path("me/sign-out-everywhere/", api.SignOutEverywhereView.as_view(), name="api-sign-out-everywhere"),
]
