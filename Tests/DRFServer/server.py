"""A real Django REST Framework server for crudegen's tests, on 127.0.0.1.

It prints `LISTENING <port>` once it accepts connections and runs until its standard input closes, so
the test process that started it owns it: when the tests end, however they end, the server ends too.
Each test works in a group of its own (`?group=…`), so tests sharing the server do not see each other.

Endpoints (DefaultRouter, trailing slashes):
- /api/page-items/    ModelViewSet with PageNumberPagination (page size 2, `page_size` to change it)
- /api/limit-items/   ModelViewSet with LimitOffsetPagination (default limit 2)
- /api/cursor-items/  ModelViewSet with CursorPagination (page size 2, ordered by id)
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
    INSTALLED_APPS=["django.contrib.contenttypes", "django.contrib.auth", "rest_framework"],
    DATABASES={"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": database}},
    # The seeds' request log comes first, so it sees every request and the final status; the conditional
    # GET middleware gives GET responses an ETag and answers a matching `If-None-Match` with 304.
    MIDDLEWARE=["seeds.common.RecordRequests", "django.middleware.common.CommonMiddleware", "django.middleware.http.ConditionalGetMiddleware"],
    REST_FRAMEWORK={"UNAUTHENTICATED_USER": None},
    DEFAULT_AUTO_FIELD="django.db.models.AutoField",
)
django.setup()

from django.db import connection, models  # noqa: E402
from django.urls import include, path  # noqa: E402
from rest_framework import pagination, routers, serializers, viewsets  # noqa: E402


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
            group = self.request.query_params.get("group")
            return items.filter(group=group) if group else items

    return ItemViewSet


router = routers.DefaultRouter()
router.register("page-items", viewset(PageNumber), basename="page-item")
router.register("limit-items", viewset(LimitOffset), basename="limit-item")
router.register("cursor-items", viewset(Cursor), basename="cursor-item")
urlpatterns = [path("api/", include(router.urls))]

# The seed libraries' flows (Tests/DRFServer/seeds).
from seeds import urls as seeds  # noqa: E402

urlpatterns.append(path("api/", include(seeds.urlpatterns)))

# --- The OpenAPI schema of these endpoints (crudegen's import tests) -------------------------------------
# `server.py --schema PREFIX…` prints the schema drf-spectacular writes for the router's endpoints under
# those prefixes (every endpoint when none is given) and exits without serving; the import tests turn it
# into a spec and run the generated code against this server. drf-spectacular names components after
# serializers, so endpoints sharing one serializer behind different paginators would share one page
# component (it keeps the last and warns); each endpoint's serializer is therefore documented under a
# name of its own (`page-items` → `PageItem`), as `extend_schema_serializer(component_name=…)` would.
def print_openapi_schema(prefixes):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema"}
    settings.SPECTACULAR_SETTINGS = {"TITLE": "DRFItems", "VERSION": "1.0.0"}
    from drf_spectacular.generators import SchemaGenerator
    from drf_spectacular.renderers import OpenApiYamlRenderer
    from rest_framework.settings import api_settings

    api_settings.reload()
    documented = routers.DefaultRouter()
    for prefix, viewset_class, basename in router.registry:
        if prefixes and prefix not in prefixes:
            continue
        name = "".join(word.capitalize() for word in basename.split("-"))
        serializer = type(name + "Serializer", (viewset_class.serializer_class,), {})
        documented.register(prefix, type(name + "ViewSet", (viewset_class,), {"serializer_class": serializer}), basename=basename)
    schema = SchemaGenerator(patterns=[path("api/", include(documented.urls))]).get_schema(request=None, public=True)
    sys.stdout.write(OpenApiYamlRenderer().render(schema, renderer_context={}).decode())


if __name__ == "__main__" and sys.argv[1:2] == ["--schema"]:
    print_openapi_schema(sys.argv[2:])
    sys.exit(0)

if __name__ == "__main__":
    with connection.schema_editor() as editor:
        editor.create_model(Item)
        for model in seeds.MODELS:
            editor.create_model(model)

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
