from django.urls import path

from games import views

urlpatterns = [
    path("", views.home, name="home"),
    path("games/<slug:slug>/", views.game_detail, name="game-detail"),
    path("records/upload/", views.record_upload_page, name="record-upload"),
    path("records/<int:pk>/", views.record_detail, name="record-detail"),
]
