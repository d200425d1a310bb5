"""Raccoon (seed 003): the sample API under /api/raccoon/.

Every request needs the header `APIKEY: MY API KEY`. `users/` pages with PageNumberPagination (two a
page), `users/<id>/` is a user, `login/` takes `{"username", "password"}` (the password is `password`)
and answers `{"token", "user"}`, creating the user on first login. `legacy/users/<id>/` answers XML
holding the JSON, the case for Raccoon's custom `jsonSerializer`.
"""
import json

from django.db import models
from django.http import HttpResponse
from django.urls import include, path
from rest_framework import generics, pagination, permissions, routers, serializers, viewsets
from rest_framework.response import Response

from .common import Grouped, GroupedModel, HeaderAuthentication, group_of


class RaccoonUser(GroupedModel):
    name = models.CharField(max_length=100)


class UserSerializer(serializers.ModelSerializer):
    class Meta:
        model = RaccoonUser
        fields = ["id", "name"]


class LoginSerializer(serializers.Serializer):
    username = serializers.CharField()
    password = serializers.CharField()

    def validate(self, attrs):
        if attrs["password"] != "password":
            # DRF's authtoken wording, reported under `non_field_errors`.
            raise serializers.ValidationError("Unable to log in with provided credentials.", code="authorization")
        return attrs


class ApiKey(HeaderAuthentication):
    header = "APIKEY"
    value = "MY API KEY"
    scheme = 'APIKEY realm="api"'


class Protected:
    authentication_classes = [ApiKey]
    permission_classes = [permissions.IsAuthenticated]


class PageNumber(pagination.PageNumberPagination):
    page_size = 2


class UserViewSet(Protected, Grouped, viewsets.ReadOnlyModelViewSet):
    queryset = RaccoonUser.objects.order_by("id")
    serializer_class = UserSerializer
    pagination_class = PageNumber


class LoginView(Protected, generics.GenericAPIView):
    serializer_class = LoginSerializer

    def post(self, request):
        login = self.get_serializer(data=request.data)
        login.is_valid(raise_exception=True)
        user, _ = RaccoonUser.objects.get_or_create(group=group_of(request), name=login.validated_data["username"])
        return Response({"token": f"authtoken-{user.id}", "user": UserSerializer(user).data})


class LegacyUserView(Protected, generics.GenericAPIView):
    serializer_class = UserSerializer

    def get(self, request, pk):
        user = RaccoonUser.objects.get(group=group_of(request), pk=pk)
        body = f"<response><json>{json.dumps(UserSerializer(user).data)}</json></response>"
        return HttpResponse(body, content_type="application/xml")


MODELS = [RaccoonUser]

router = routers.DefaultRouter()
router.register("users", UserViewSet, basename="raccoon-users")
urlpatterns = [
    path("login/", LoginView.as_view(), name="raccoon-login"),
    path("legacy/users/<int:pk>/", LegacyUserView.as_view(), name="raccoon-legacy-user"),
    path("", include(router.urls)),
]
