"""ApiModel (seed 004): posts and users under /api/apimodel/, Rails style.

Routes end in `.json` through DefaultRouter's format suffixes: `posts.json` (index, create) and
`post/<id>.json` (show, update, destroy), `users/<id>.json` and `user.json` (the signed-in user).
Responses are wrapped in the namespace and the envelope, `{"data": {"post": {...}}}` (`posts` for lists;
a dot path in the `X-Envelope` header replaces `data`, ApiModel's `rootNamespace`); request bodies must be
`{"post": {...}}`; validation errors answer 400 `{"post": {"errors": {"field": ["message"]}}}`. Every
request needs `?access_token=secret` (ApiModel's `beforeRequest` hook), else 401. `completion` is a
percentage stored as an integer from 0 to 100.
"""
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import include, path
from rest_framework import permissions, routers, serializers, viewsets
from rest_framework.authentication import BaseAuthentication
from rest_framework.decorators import action
from rest_framework.exceptions import AuthenticationFailed, ParseError
from rest_framework.parsers import JSONParser
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from .common import Caller, Grouped, GroupedModel, group_of


class ApiUser(GroupedModel):
    email = models.EmailField()


class ApiPost(GroupedModel):
    title = models.CharField(max_length=100)
    contents = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)
    completion = models.IntegerField(validators=[MinValueValidator(0), MaxValueValidator(100)])
    author = models.ForeignKey(ApiUser, null=True, blank=True, on_delete=models.SET_NULL, related_name="posts")


class PostSerializer(serializers.ModelSerializer):
    contents = serializers.CharField(min_length=10)
    author_id = serializers.PrimaryKeyRelatedField(source="author", queryset=ApiUser.objects.all(), allow_null=True, required=False)

    class Meta:
        model = ApiPost
        fields = ["id", "title", "contents", "created_at", "completion", "author_id"]


class UserSerializer(serializers.ModelSerializer):
    posts = serializers.SerializerMethodField()

    def get_posts(self, user):
        return PostSerializer(user.posts.order_by("-id"), many=True).data

    class Meta:
        model = ApiUser
        fields = ["id", "email", "posts"]


class AccessToken(BaseAuthentication):
    """`?access_token=secret`; the caller is the group's user, created on first use."""

    def authenticate(self, request):
        token = request.query_params.get("access_token")
        if token is None:
            return None
        if token != "secret":
            raise AuthenticationFailed("Invalid access token.")
        return (Caller(), token)

    def authenticate_header(self, request):
        return "Bearer"


class NamespacedRenderer(JSONRenderer):
    """Successful bodies as `{<envelope>: {<namespace>: …}}`, validation errors as `{<namespace>: {"errors": …}}`."""

    def render(self, data, accepted_media_type=None, renderer_context=None):
        context = renderer_context or {}
        view, request, response = context.get("view"), context.get("request"), context.get("response")
        if view is not None and response is not None and data is not None:
            if response.status_code < 300:
                data = {view.namespace_many if view.action == "list" else view.namespace_one: data}
                for key in reversed(request.headers.get("X-Envelope", "data").split(".")):
                    data = {key: data}
            elif response.status_code == 400:
                data = {view.namespace_one: {"errors": data}}
        return super().render(data, accepted_media_type, renderer_context)


class NamespacedParser(JSONParser):
    """Takes only `{<namespace>: {…}}` and hands the inner object to the serializer."""

    def parse(self, stream, media_type=None, parser_context=None):
        data = super().parse(stream, media_type, parser_context)
        key = parser_context["view"].namespace_one
        if not isinstance(data, dict) or not isinstance(data.get(key), dict):
            raise ParseError(f'Expected a body {{"{key}": {{…}}}}.')
        return data[key]


class ApiModelViewSet(Grouped, viewsets.ModelViewSet):
    authentication_classes = [AccessToken]
    permission_classes = [permissions.IsAuthenticated]
    renderer_classes = [NamespacedRenderer]
    parser_classes = [NamespacedParser]
    pagination_class = None


class PostViewSet(ApiModelViewSet):
    queryset = ApiPost.objects.order_by("id")
    serializer_class = PostSerializer
    namespace_one = "post"
    namespace_many = "posts"

    def get_queryset(self):
        posts = super().get_queryset()
        title = self.request.query_params.get("title")
        return posts.filter(title=title) if title else posts


class UserViewSet(ApiModelViewSet):
    queryset = ApiUser.objects.order_by("id")
    serializer_class = UserSerializer
    http_method_names = ["get"]
    namespace_one = "user"
    namespace_many = "users"

    @action(detail=False)
    def current(self, request, *args, **kwargs):
        user, _ = ApiUser.objects.get_or_create(group=group_of(request), defaults={"email": "ada@example.com"})
        return Response(UserSerializer(user).data)


MODELS = [ApiUser, ApiPost]

router = routers.DefaultRouter()
router.register("posts", PostViewSet, basename="apimodel-posts")
router.register("post", PostViewSet, basename="apimodel-post")
router.register("users", UserViewSet, basename="apimodel-users")
urlpatterns = [
    path("user.json", UserViewSet.as_view({"get": "current"}), name="apimodel-current-user"),
    path("", include(router.urls)),
]
