"""A real Django REST Framework server for crudegen's tests, on 127.0.0.1.

It prints `LISTENING <port>` once it accepts connections and runs until its standard input closes, so
the test process that started it owns it: when the tests end, however they end, the server ends too.
Each test works in a group of its own (`?group=…`), so tests sharing the server do not see each other.

Endpoints (DefaultRouter, trailing slashes):
- /api/page-items/    ModelViewSet with PageNumberPagination (page size 2, `page_size` to change it)
- /api/limit-items/   ModelViewSet with LimitOffsetPagination (default limit 2)
- /api/cursor-items/  ModelViewSet with CursorPagination (page size 2, ordered by id)
- /api/authors/       ModelViewSet without pagination (a bare array), with a read-only `created_at`
- /api/authors/{author_pk}/books/  the author's books, a viewset nested by hand under its parent (as
                      drf-nested-routers does), with a multipart upload action `…/books/{pk}/cover/`
- /api/tags/          ModelViewSet looked up by slug (`lookup_field = "slug"`), so its item path is `{slug}`
- /api/users/         django.contrib.auth's users, as DRF's docs serialize them: a write-only `password`
                      stored with `set_password`
- /api/token/         rest_framework.authtoken's login, posted as an HTML form: `{"token": "…"}`
- /api/requests/, /api/crude/, /api/iservice/, /api/raccoon/, /api/apimodel/: each seed library's flows
  (the `seeds` package next to this file; a test's objects are kept apart by its `X-Group` header there)
"""
import os
import sys
import tempfile
import threading

import django
from django.conf import settings

database = os.path.join(tempfile.mkdtemp(prefix="crudegen-drf-"), "db.sqlite3")
settings.configure(
    DEBUG=False,
    SECRET_KEY="crudegen-tests",
    ALLOWED_HOSTS=["127.0.0.1", "localhost"],
    ROOT_URLCONF=__name__,
    INSTALLED_APPS=["django.contrib.contenttypes", "django.contrib.auth", "rest_framework", "rest_framework.authtoken"],
    # The tests' requests arrive concurrently (twice as many since they run over two transports): a transaction
    # that reads before it writes failed with "database is locked" at once when another thread was writing.
    # IMMEDIATE transactions take the write lock first and wait for it; WAL lets reads go on during a write.
    DATABASES={
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": database,
            "OPTIONS": {"transaction_mode": "IMMEDIATE", "timeout": 30, "init_command": "PRAGMA journal_mode=WAL;"},
        }
    },
    # A 500's traceback goes to standard error, which the test process shows.
    LOGGING={
        "version": 1,
        "disable_existing_loggers": False,
        "handlers": {"console": {"class": "logging.StreamHandler"}},
        "loggers": {"django.request": {"handlers": ["console"], "level": "ERROR"}},
    },
    # The seeds' request log comes first, so it sees every request and the final status; the conditional
    # GET middleware gives GET responses an ETag and answers a matching `If-None-Match` with 304.
    MIDDLEWARE=["seeds.common.RecordRequests", "django.middleware.common.CommonMiddleware", "django.middleware.http.ConditionalGetMiddleware"],
    # DRF's schema generators, drf-spectacular's among them, write a route's `{pk}` as `{id}` unless
    # SCHEMA_COERCE_PATH_PK is off, as here: the documented item paths say `{pk}`, `{author_pk}` and the
    # tags' `{slug}` (Tests/CrudeGenOpenAPITests/Documents/drf keeps the default `{id}`).
    # drf-spectacular's schema class from the start: `extend_schema` builds on the class set when it decorates.
    REST_FRAMEWORK={"UNAUTHENTICATED_USER": None, "SCHEMA_COERCE_PATH_PK": False, "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema"},
    SPECTACULAR_SETTINGS={"TITLE": "DRFItems", "VERSION": "1.0.0"},
    DEFAULT_AUTO_FIELD="django.db.models.AutoField",
    # The book covers the upload action stores, beside the database.
    MEDIA_ROOT=os.path.join(os.path.dirname(database), "media"),
    MEDIA_URL="media/",
)
django.setup()

from django.contrib.auth.models import User  # noqa: E402
from django.db import connection, models  # noqa: E402
from django.shortcuts import get_object_or_404  # noqa: E402
from django.urls import include, path  # noqa: E402
from drf_spectacular.utils import extend_schema  # noqa: E402
from rest_framework import pagination, routers, serializers, viewsets  # noqa: E402
from rest_framework.authtoken.views import ObtainAuthToken  # noqa: E402
from rest_framework.decorators import action  # noqa: E402
from rest_framework.parsers import FormParser, MultiPartParser  # noqa: E402
from rest_framework.response import Response  # noqa: E402


class Item(models.Model):
    group = models.CharField(max_length=100)
    title = models.CharField(max_length=100)

    class Meta:
        app_label = "crudegen"


class ItemSerializer(serializers.ModelSerializer):
    class Meta:
        model = Item
        fields = ["id", "group", "title"]


class PageNumber(pagination.PageNumberPagination):
    page_size = 2
    page_size_query_param = "page_size"


class LimitOffset(pagination.LimitOffsetPagination):
    default_limit = 2


class Cursor(pagination.CursorPagination):
    page_size = 2
    ordering = "id"


def viewset(paginator):
    class ItemViewSet(viewsets.ModelViewSet):
        serializer_class = ItemSerializer
        pagination_class = paginator

        def get_queryset(self):
            items = Item.objects.order_by("id")
            # drf-yasg inspects the view without a request (see BookViewSet).
            if getattr(self, "swagger_fake_view", False):
                return items.none()
            group = self.request.query_params.get("group")
            return items.filter(group=group) if group else items

    return ItemViewSet


# --- What real DRF apps have, written as DRF's tutorial and docs write it ----------------------------------
class Author(models.Model):
    name = models.CharField(max_length=100)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        app_label = "crudegen"


class Book(models.Model):
    author = models.ForeignKey(Author, on_delete=models.CASCADE, related_name="books")
    title = models.CharField(max_length=100)
    pages = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)
    cover = models.FileField(upload_to="covers/", blank=True)

    class Meta:
        app_label = "crudegen"


class Tag(models.Model):
    slug = models.SlugField(unique=True)
    label = models.CharField(max_length=100)

    class Meta:
        app_label = "crudegen"


class AuthorSerializer(serializers.ModelSerializer):
    class Meta:
        model = Author
        fields = ["id", "name", "created_at"]


class BookSerializer(serializers.ModelSerializer):
    # The author is the URL's `author_pk`, not a field a client sends; the cover has an action of its own.
    class Meta:
        model = Book
        fields = ["id", "title", "pages", "created_at"]


class CoverSerializer(serializers.ModelSerializer):
    class Meta:
        model = Book
        fields = ["cover"]


class TagSerializer(serializers.ModelSerializer):
    class Meta:
        model = Tag
        fields = ["id", "slug", "label"]


# DRF's docs' example of `extra_kwargs`: the password is sent, stored hashed and never answered.
class UserSerializer(serializers.ModelSerializer):
    class Meta:
        model = User
        fields = ["id", "username", "email", "password", "date_joined"]
        read_only_fields = ["date_joined"]
        extra_kwargs = {"password": {"write_only": True}}

    def create(self, validated_data):
        user = User(username=validated_data["username"], email=validated_data.get("email", ""))
        user.set_password(validated_data["password"])
        user.save()
        return user

    def get_fields(self):
        fields = super().get_fields()
        # A client updating a user it read has no password to send (it is never answered): required when
        # creating only, as DRF apps that let users edit their profile declare it.
        if self.instance is not None:
            fields["password"].required = False
        return fields

    def update(self, instance, validated_data):
        # ModelSerializer would store a new password as sent, which no login could then match.
        password = validated_data.pop("password", None)
        if password is not None:
            instance.set_password(password)
        return super().update(instance, validated_data)


class AuthorViewSet(viewsets.ModelViewSet):
    queryset = Author.objects.order_by("id")
    serializer_class = AuthorSerializer


# A nested viewset: the queryset is filtered by the parent in the URL. (drf-spectacular reads the types of
# path parameters from the `queryset` attribute, so the viewset has one beside `get_queryset`.)
class BookViewSet(viewsets.ModelViewSet):
    """The books of one author."""

    queryset = Book.objects.order_by("id")
    serializer_class = BookSerializer

    def get_queryset(self):
        # drf-yasg inspects the view without a request's URL arguments, and marks it so, as its docs advise.
        if getattr(self, "swagger_fake_view", False):
            return super().get_queryset().none()
        return super().get_queryset().filter(author=self.kwargs["author_pk"])

    def perform_create(self, serializer):
        # An author that does not exist is a 404 rather than a book without one.
        serializer.save(author=get_object_or_404(Author, pk=self.kwargs["author_pk"]))

    # drf-spectacular documents a FileField of a serializer shared by request and response as a URL (what the
    # response holds); its docs describe the upload's body in place, the file a `binary` string.
    @extend_schema(
        request={
            "multipart/form-data": {"type": "object", "properties": {"cover": {"type": "string", "format": "binary"}}, "required": ["cover"]}
        }
    )
    @action(detail=True, methods=["post"], parser_classes=[MultiPartParser], serializer_class=CoverSerializer)
    def cover(self, request, author_pk=None, pk=None):
        """Stores the book's cover, a file posted as `multipart/form-data`."""
        serializer = CoverSerializer(self.get_object(), data=request.data, context={"request": request})
        serializer.is_valid(raise_exception=True)
        serializer.save()
        return Response(serializer.data)


class TagViewSet(viewsets.ModelViewSet):
    queryset = Tag.objects.order_by("id")
    serializer_class = TagSerializer
    lookup_field = "slug"


class UserViewSet(viewsets.ModelViewSet):
    queryset = User.objects.order_by("id")
    serializer_class = UserSerializer


# rest_framework.authtoken's login, reading the HTML form encoding only: the schema then documents the form
# body a client must send rather than JSON, which ObtainAuthToken also takes.
class TokenLogin(ObtainAuthToken):
    """Trades a username and password, posted as a form, for the user's token."""

    parser_classes = [FormParser]


router = routers.DefaultRouter()
router.register("page-items", viewset(PageNumber), basename="page-item")
router.register("limit-items", viewset(LimitOffset), basename="limit-item")
router.register("cursor-items", viewset(Cursor), basename="cursor-item")
router.register("authors", AuthorViewSet, basename="author")
router.register("tags", TagViewSet, basename="tag")
router.register("users", UserViewSet, basename="user")
# The nested routes, written by hand with the names drf-nested-routers gives them: a router of their own
# mounted under the parent's item path, whose `author_pk` reaches the viewset in `self.kwargs`.
author_router = routers.SimpleRouter()
author_router.register("books", BookViewSet, basename="book")
# Each router with where it is mounted; `--schema` names the prefixes registered in them.
routed = [("api/", router), ("api/authors/<int:author_pk>/", author_router)]
# Views outside the routers, by the name `--schema` knows them by.
views = {"token": path("api/token/", TokenLogin.as_view(), name="token")}
urlpatterns = [path(mount, include(routes.urls)) for mount, routes in routed] + list(views.values())

# The seed libraries' flows (Tests/DRFServer/seeds).
from seeds import urls as seeds  # noqa: E402

urlpatterns.append(path("api/", include(seeds.urlpatterns)))

# --- The OpenAPI schema of these endpoints (crudegen's import tests) -------------------------------------
# `server.py --schema PREFIX…` prints the schema drf-spectacular writes for the routers' endpoints under
# those prefixes and the views of those names in `views` (every one when none is given) and exits without
# serving; the import tests turn it into a spec and run the generated code against this server.
# drf-spectacular names components after serializers, so endpoints sharing one serializer behind different
# paginators would share one page component (it keeps the last and warns); each endpoint's serializer is
# therefore documented under a name of its own (`page-items` → `PageItem`), as
# `extend_schema_serializer(component_name=…)` would.
def print_openapi_schema(prefixes):
    from drf_spectacular.generators import SchemaGenerator
    from drf_spectacular.renderers import OpenApiYamlRenderer
    from rest_framework.settings import api_settings

    api_settings.reload()
    patterns = []
    for mount, routes in routed:
        documented = type(routes)()
        for prefix, viewset_class, basename in routes.registry:
            if prefixes and prefix not in prefixes:
                continue
            name = "".join(word.capitalize() for word in basename.split("-"))
            serializer = type(name + "Serializer", (viewset_class.serializer_class,), {})
            documented.register(prefix, type(name + "ViewSet", (viewset_class,), {"serializer_class": serializer}), basename=basename)
        patterns.append(path(mount, include(documented.urls)))
    patterns += [view for name, view in views.items() if not prefixes or name in prefixes]
    schema = SchemaGenerator(patterns=patterns).get_schema(request=None, public=True)
    sys.stdout.write(OpenApiYamlRenderer().render(schema, renderer_context={}).decode())


# `server.py --swagger PREFIX…` prints the Swagger 2.0 schema drf-yasg writes for the same endpoints, each
# viewset's serializer named as above (drf-yasg names definitions after serializers without their
# `Serializer` suffix), which `crudegen import` converts to OpenAPI 3.0 (Fixtures/drf-yasg-imported).
# Without a request drf-yasg writes no host: the paths' common `/api` is the `basePath`.
def print_swagger_schema(prefixes):
    from drf_yasg import openapi
    from drf_yasg.codecs import OpenAPICodecYaml
    from drf_yasg.generators import OpenAPISchemaGenerator
    from rest_framework.settings import api_settings

    api_settings.reload()
    patterns = []
    for mount, routes in routed:
        documented = type(routes)()
        for prefix, viewset_class, basename in routes.registry:
            if prefixes and prefix not in prefixes:
                continue
            name = "".join(word.capitalize() for word in basename.split("-"))
            serializer = type(name, (viewset_class.serializer_class,), {})
            documented.register(prefix, type(name + "ViewSet", (viewset_class,), {"serializer_class": serializer}), basename=basename)
        patterns.append(path(mount, include(documented.urls)))
    patterns += [view for name, view in views.items() if not prefixes or name in prefixes]
    generator = OpenAPISchemaGenerator(openapi.Info(title="DRFYasgItems", default_version="1.0.0"), patterns=patterns)
    schema = generator.get_schema(request=None, public=True)
    sys.stdout.write(OpenAPICodecYaml(validators=[]).encode(schema).decode())


if __name__ == "__main__" and sys.argv[1:2] == ["--schema"]:
    print_openapi_schema(sys.argv[2:])
    sys.exit(0)

if __name__ == "__main__" and sys.argv[1:2] == ["--swagger"]:
    print_swagger_schema(sys.argv[2:])
    sys.exit(0)

if __name__ == "__main__":
    # The installed apps' tables (users and their tokens) by their migrations; this file's models by hand.
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    with connection.schema_editor() as editor:
        for model in [Item, Author, Book, Tag]:
            editor.create_model(model)
        for model in seeds.MODELS:
            editor.create_model(model)

    # `server.py --seed FILE`: the items of FILE stored first, from a seed in `crudegen serve --data`'s shape
    # (`{"PageItem": [{"id": 1, "group": …, "title": …}]}`; page, limit and cursor items share one table), so
    # that Benchmarks/serve_bench.py serves this app and crudegen the same rows. Bulk inserts: 100,000 items
    # posted one by one would take minutes.
    if sys.argv[1:2] == ["--seed"]:
        import json

        with open(sys.argv[2]) as file:
            seed = json.load(file)
        rows = [row for key in ("PageItem", "LimitItem", "CursorItem") for row in seed.get(key, [])]
        Item.objects.bulk_create([Item(**row) for row in rows], batch_size=10_000)

    from django.core.handlers.wsgi import WSGIHandler
    from django.core.servers.basehttp import ThreadedWSGIServer, WSGIRequestHandler

    class QuietHandler(WSGIRequestHandler):
        def log_message(self, format, *args):
            pass

    class Server(ThreadedWSGIServer):
        # Parallel tests open many connections at once (a URLSession per client): Django's listen backlog
        # of 10 overflowed, and the kernel's dropped handshakes surfaced as "Connection reset by peer".
        request_queue_size = 128

    server = Server(("127.0.0.1", 0), QuietHandler)
    server.set_app(WSGIHandler())
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"LISTENING {server.server_port}", flush=True)
    sys.stdin.read()
    os._exit(0)
