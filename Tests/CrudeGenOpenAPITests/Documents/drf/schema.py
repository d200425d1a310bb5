"""A tiny Django REST Framework project whose OpenAPI schema drf-spectacular writes to standard output.

The import tests run it (`python schema.py`) so that the schema they import is the one the pinned
drf-spectacular writes today, not a copy that could drift from it: a household of people with choices,
dates, a nested read-only owner, page-number pagination, a partial update and one extra action.
"""
import sys

import django
from django.conf import settings

settings.configure(
    DEBUG=False,
    SECRET_KEY="schema-only",
    ROOT_URLCONF=__name__,
    INSTALLED_APPS=[
        "django.contrib.contenttypes",
        "django.contrib.auth",
        "rest_framework",
        "drf_spectacular",
    ],
    DATABASES={"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": ":memory:"}},
    REST_FRAMEWORK={
        "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
        "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
        "PAGE_SIZE": 20,
    },
    SPECTACULAR_SETTINGS={"TITLE": "Household", "VERSION": "1.0.0", "SERVERS": [{"url": "http://127.0.0.1:8000/api"}]},
    DEFAULT_AUTO_FIELD="django.db.models.AutoField",
)
django.setup()

from django.db import models  # noqa: E402
from rest_framework import routers, serializers, viewsets  # noqa: E402
from rest_framework.decorators import action  # noqa: E402
from rest_framework.response import Response  # noqa: E402


class Person(models.Model):
    class Color(models.TextChoices):
        RED = "red"
        GREEN = "green"
        DARK_RED = "dark_red"

    first_name = models.CharField(max_length=100, help_text="What friends call them.")
    favorite_color = models.CharField(max_length=10, choices=Color.choices, blank=True)
    birthday = models.DateTimeField(null=True)
    created_at = models.DateTimeField(auto_now_add=True)
    external_id = models.UUIDField(null=True)

    class Meta:
        app_label = "household"


class PersonSerializer(serializers.ModelSerializer):
    class Meta:
        model = Person
        fields = ["id", "first_name", "favorite_color", "birthday", "created_at", "external_id"]


class PersonViewSet(viewsets.ModelViewSet):
    """People in the household."""

    queryset = Person.objects.all()
    serializer_class = PersonSerializer

    @action(detail=True, methods=["post"])
    def greet(self, request, pk=None):
        """Says hello to the person."""
        return Response({"greeting": "hello"})


router = routers.DefaultRouter()
router.register("people", PersonViewSet)
urlpatterns = router.urls

if __name__ == "__main__":
    from drf_spectacular.generators import SchemaGenerator
    from drf_spectacular.renderers import OpenApiYamlRenderer

    schema = SchemaGenerator().get_schema(request=None, public=True)
    sys.stdout.write(OpenApiYamlRenderer().render(schema, renderer_context={}).decode())
