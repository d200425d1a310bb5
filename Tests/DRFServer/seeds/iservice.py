"""iService (seed 002): jsonplaceholder-style users under /api/iservice/.

The realm's `Authorization: Token sagsrbiusd90322sdf4f3gd4` is required. The README's CRUD map sends
create as PUT, so the collection takes PUT as well as POST. Reads are fresh for a minute
(`Cache-Control: max-age=60`), lists must be revalidated every time (`no-cache`); Django's
ConditionalGetMiddleware adds an ETag to every GET and answers a matching `If-None-Match` with 304.
"""
from django.db import models
from django.urls import include, path
from rest_framework import permissions, routers, serializers, viewsets

from .common import Grouped, GroupedModel, HeaderAuthentication


class ServiceUser(GroupedModel):
    user_id = models.IntegerField()
    name = models.CharField(max_length=100, null=True, blank=True)
    email = models.CharField(max_length=100, null=True, blank=True)


class UserSerializer(serializers.ModelSerializer):
    userId = serializers.IntegerField(source="user_id")

    class Meta:
        model = ServiceUser
        fields = ["id", "userId", "name", "email"]


class RealmToken(HeaderAuthentication):
    header = "Authorization"
    value = "Token sagsrbiusd90322sdf4f3gd4"
    scheme = "Token"


class UserViewSet(Grouped, viewsets.ModelViewSet):
    queryset = ServiceUser.objects.order_by("id")
    serializer_class = UserSerializer
    pagination_class = None
    authentication_classes = [RealmToken]
    permission_classes = [permissions.IsAuthenticated]

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        if request.method == "GET" and response.status_code == 200:
            response["Cache-Control"] = "max-age=60" if self.action == "retrieve" else "no-cache"
        return response


class RealmRouter(routers.DefaultRouter):
    """DefaultRouter whose collection route also creates on PUT (iService's `.CREATE: .PUT`)."""

    routes = [
        routers.DefaultRouter.routes[0]._replace(mapping={**routers.DefaultRouter.routes[0].mapping, "put": "create"}),
        *routers.DefaultRouter.routes[1:],
    ]


MODELS = [ServiceUser]

router = RealmRouter()
router.register("users", UserViewSet, basename="iservice-users")
urlpatterns = [path("", include(router.urls))]
