"""A real JSON:API server for crudegen's tests, on 127.0.0.1: djangorestframework-jsonapi from PyPI, as Rails-
and Ember-style backends speak it (jsonapi.org): every body a document whose `data` holds resource objects
(`type`, `id`, `attributes`, `relationships`), media type `application/vnd.api+json`, updates by PATCH with
the object's `id` in the body, related objects under `included` when `?include=` asks, pages at
`?page[number]=` with `links.next` and `meta.pagination`, errors as `{"errors": [{"detail", "source":
{"pointer"}}]}`.

It prints `LISTENING <port>` once it accepts connections and runs until its standard input closes, so the
test process that started it owns it. Each test keeps its rows apart with an `X-Group` header of its own.

Endpoints (DefaultRouter, trailing slashes), as Fixtures/jsonapi/spec.yaml describes them:
- /people/    `people`: name, email
- /articles/  `articles`: title, body, published_at, a read-only word_count, a to-one `author` and a
              to-many `reviewers` relationship to people
"""
import os
import shutil
import sys
import tempfile

import django
from django.conf import settings

database = os.path.join(tempfile.mkdtemp(prefix="crudegen-jsonapi-"), "db.sqlite3")
settings.configure(
    DEBUG=False,
    SECRET_KEY="crudegen-tests",
    ALLOWED_HOSTS=["127.0.0.1", "localhost"],
    ROOT_URLCONF=__name__,
    INSTALLED_APPS=["django.contrib.contenttypes", "django.contrib.auth", "rest_framework", "rest_framework_json_api", "library"],
    DATABASES={
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": database,
            "OPTIONS": {"transaction_mode": "IMMEDIATE", "timeout": 30, "init_command": "PRAGMA journal_mode=WAL;"},
        }
    },
    LOGGING={
        "version": 1,
        "disable_existing_loggers": False,
        "handlers": {"console": {"class": "logging.StreamHandler"}},
        "loggers": {"django.request": {"handlers": ["console"], "level": "ERROR"}},
    },
    # The settings djangorestframework-jsonapi's documentation gives: its parser, renderer, paging and errors.
    REST_FRAMEWORK={
        "UNAUTHENTICATED_USER": None,
        "PAGE_SIZE": 2,
        "EXCEPTION_HANDLER": "rest_framework_json_api.exceptions.exception_handler",
        "DEFAULT_PAGINATION_CLASS": "rest_framework_json_api.pagination.JsonApiPageNumberPagination",
        "DEFAULT_PARSER_CLASSES": ["rest_framework_json_api.parsers.JSONParser"],
        "DEFAULT_RENDERER_CLASSES": ["rest_framework_json_api.renderers.JSONRenderer"],
        "DEFAULT_METADATA_CLASS": "rest_framework_json_api.metadata.JSONAPIMetadata",
    },
    DEFAULT_AUTO_FIELD="django.db.models.AutoField",
    USE_TZ=True,
)
django.setup()

from django.db import connection  # noqa: E402
from django.urls import include, path  # noqa: E402
from rest_framework import routers  # noqa: E402
from rest_framework import serializers as plain  # noqa: E402
from rest_framework_json_api import serializers, views  # noqa: E402

from library.models import Article, Person  # noqa: E402


class PersonSerializer(serializers.ModelSerializer):
    class Meta:
        model = Person
        fields = ["name", "email"]


class ArticleSerializer(serializers.ModelSerializer):
    word_count = plain.SerializerMethodField()
    included_serializers = {"author": PersonSerializer, "reviewers": PersonSerializer}

    class Meta:
        model = Article
        fields = ["title", "body", "published_at", "word_count", "author", "reviewers"]

    def get_word_count(self, article):
        return len(article.body.split())


class GroupedViewSet(views.ModelViewSet):
    """A test's rows only: those of its `X-Group` header."""

    def group(self):
        return self.request.headers.get("X-Group", "")

    def get_queryset(self):
        return self.model.objects.filter(group=self.group())

    def perform_create(self, serializer):
        serializer.save(group=self.group())


class PersonViewSet(GroupedViewSet):
    model = Person
    resource_name = "people"
    serializer_class = PersonSerializer


class ArticleViewSet(GroupedViewSet):
    model = Article
    resource_name = "articles"
    serializer_class = ArticleSerializer


router = routers.DefaultRouter()
router.register("people", PersonViewSet, basename="person")
router.register("articles", ArticleViewSet, basename="article")
urlpatterns = [path("", include(router.urls))]

if __name__ == "__main__":
    with connection.schema_editor() as editor:
        editor.create_model(Person)
        editor.create_model(Article)

    # Served as every Python test server of the suite is (Tests/PythonServers/loopback.py), through
    # Django's ASGI handler, which runs the views on threads of its own.
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "PythonServers"))
    import loopback
    from django.core.asgi import get_asgi_application

    loopback.serve(get_asgi_application(), on_exit=lambda: shutil.rmtree(os.path.dirname(database), ignore_errors=True))
