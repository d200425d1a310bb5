#!/usr/bin/env python3
"""Prints the OpenAPI document a web framework serves for an app of N resources, for Benchmarks/real_docs.py.

    python framework_schemas.py fastapi [--n 300]    the JSON FastAPI serves at /openapi.json
    python framework_schemas.py drf [--n 300]        the JSON drf-spectacular writes for Django REST Framework

Run it with the pinned environment's Python (`$(Scripts/python-env.sh) Benchmarks/framework_schemas.py …`),
which has FastAPI, SQLModel, Django REST Framework and drf-spectacular at the versions the tests use.

Every resource is written the way the framework's tutorial writes one, as the test servers do:

- FastAPI + SQLModel (Tests/FastAPIServer/app.py, FastAPI's "SQL (Relational) Databases" with multiple models):
  a `<Name>Base` model, the table model, `<Name>Create`, `<Name>Public` (with the id and the creation time)
  and `<Name>Update` (every field optional), and the tutorial's five routes: POST and GET (with `offset` and
  `limit`) on `/<names>/`, GET, PATCH and DELETE on `/<names>/{<name>_id}`.
- Django REST Framework (Tests/DRFServer/server.py): a model, a `ModelSerializer` of all its fields and a
  `ModelViewSet` registered on a `DefaultRouter` under `api/`, with `PageNumberPagination` as the default
  paginator: list, create, retrieve, update, partial update and destroy.

Resources differ only in their names (`Gadget1`, `Gadget2`, …); their fields are the same six of several types
(text, optional text, integer, number, boolean, date and time). Nothing is served: the document is printed
and the process exits.
"""

import argparse
import json
import os
import sys

# The fields every resource has, as (name, FastAPI/SQLModel annotation in the Base model, Django field).
FIELDS = [
    ("name", "str = Field(index=True)", "models.CharField(max_length=100)"),
    ("description", "str | None = None", "models.TextField(blank=True, null=True)"),
    ("quantity", "int = 0", "models.IntegerField(default=0)"),
    ("price", "float = 0.0", "models.FloatField(default=0.0)"),
    ("active", "bool = True", "models.BooleanField(default=True)"),
]


def names(n):
    """The resources' names: `Gadget1` … `GadgetN` (path `/gadget1s/`, id parameter `gadget1_id`)."""
    return [f"Gadget{i}" for i in range(1, n + 1)]


# MARK: FastAPI + SQLModel

FASTAPI_RESOURCE = '''
class {Name}Base(SQLModel):
{base_fields}


class {Name}({Name}Base, table=True):
    id: int | None = Field(default=None, primary_key=True)
    created_at: NaiveDatetime = Field(default_factory=utc_now)


class {Name}Create({Name}Base):
    pass


class {Name}Public({Name}Base):
    id: int
    created_at: NaiveDatetime


class {Name}Update(SQLModel):
{update_fields}


@app.post("/{path}/", response_model={Name}Public)
def create_{name}({name}: {Name}Create, session: SessionDep):
    db_{name} = {Name}.model_validate({name})
    session.add(db_{name})
    session.commit()
    session.refresh(db_{name})
    return db_{name}


@app.get("/{path}/", response_model=list[{Name}Public])
def read_{path}(session: SessionDep, offset: int = 0, limit: Annotated[int, Query(le=100)] = 100):
    return session.exec(select({Name}).offset(offset).limit(limit)).all()


@app.get("/{path}/{{{name}_id}}", response_model={Name}Public)
def read_{name}({name}_id: int, session: SessionDep):
    {name} = session.get({Name}, {name}_id)
    if not {name}:
        raise HTTPException(status_code=404, detail="{Name} not found")
    return {name}


@app.patch("/{path}/{{{name}_id}}", response_model={Name}Public)
def update_{name}({name}_id: int, {name}: {Name}Update, session: SessionDep):
    db_{name} = session.get({Name}, {name}_id)
    if not db_{name}:
        raise HTTPException(status_code=404, detail="{Name} not found")
    db_{name}.sqlmodel_update({name}.model_dump(exclude_unset=True))
    session.add(db_{name})
    session.commit()
    session.refresh(db_{name})
    return db_{name}


@app.delete("/{path}/{{{name}_id}}")
def delete_{name}({name}_id: int, session: SessionDep):
    {name} = session.get({Name}, {name}_id)
    if not {name}:
        raise HTTPException(status_code=404, detail="{Name} not found")
    session.delete({name})
    session.commit()
    return {{"ok": True}}
'''

FASTAPI_HEADER = '''
from datetime import datetime, timezone
from typing import Annotated

from fastapi import Depends, FastAPI, HTTPException, Query
from pydantic import NaiveDatetime
from sqlmodel import Field, Session, SQLModel, select


def utc_now():
    return datetime.now(timezone.utc).replace(tzinfo=None)


def get_session():
    raise RuntimeError("this app only prints its schema")


SessionDep = Annotated[Session, Depends(get_session)]
app = FastAPI(title="Gadgets", version="1.0.0")
'''


def fastapi_source(n):
    """The Python source of a FastAPI app of N resources (each written out as the tutorial writes one)."""
    base = "\n".join(f"    {field}: {annotation}" for field, annotation, _ in FIELDS)
    update = "\n".join(f"    {field}: {annotation.split(' =')[0].replace(' | None', '')} | None = None" for field, annotation, _ in FIELDS)
    parts = [FASTAPI_HEADER]
    for name in names(n):
        parts.append(FASTAPI_RESOURCE.format(Name=name, name=name.lower(), path=name.lower() + "s",
                                             base_fields=base, update_fields=update))
    return "\n".join(parts)


def fastapi_schema(n):
    """The document FastAPI serves at /openapi.json for the app of N resources."""
    namespace = {"__name__": "gadgets"}
    exec(compile(fastapi_source(n), "<fastapi gadgets>", "exec"), namespace)
    return namespace["app"].openapi()


# MARK: Django REST Framework + drf-spectacular


def drf_schema(n):
    """The document drf-spectacular writes for N ModelViewSets on a DefaultRouter (as JSON, like FastAPI's)."""
    import django
    from django.conf import settings

    settings.configure(
        DEBUG=False,
        SECRET_KEY="crudegen-benchmarks",
        ROOT_URLCONF=__name__,
        INSTALLED_APPS=["django.contrib.contenttypes", "django.contrib.auth", "rest_framework", "drf_spectacular"],
        DATABASES={"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": ":memory:"}},
        REST_FRAMEWORK={
            "UNAUTHENTICATED_USER": None,
            "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
            "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
            "PAGE_SIZE": 20,
        },
        SPECTACULAR_SETTINGS={"TITLE": "Gadgets", "VERSION": "1.0.0"},
        DEFAULT_AUTO_FIELD="django.db.models.AutoField",
    )
    django.setup()
    from django.db import models
    from django.urls import include, path
    from drf_spectacular.generators import SchemaGenerator
    from rest_framework import routers, serializers, viewsets

    router = routers.DefaultRouter()
    for name in names(n):
        attributes = {"__module__": __name__, "Meta": type("Meta", (), {"app_label": "gadgets"})}
        attributes.update({field: eval(django_field, {"models": models}) for field, _, django_field in FIELDS})
        attributes["created_at"] = models.DateTimeField(auto_now_add=True)
        model = type(name, (models.Model,), attributes)
        serializer = type(f"{name}Serializer", (serializers.ModelSerializer,),
                          {"Meta": type("Meta", (), {"model": model, "fields": "__all__"})})
        viewset = type(f"{name}ViewSet", (viewsets.ModelViewSet,),
                       {"queryset": model.objects.all(), "serializer_class": serializer})
        router.register(name.lower() + "s", viewset, basename=name.lower())
    patterns = [path("api/", include(router.urls))]
    return SchemaGenerator(patterns=patterns).get_schema(request=None, public=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("framework", choices=["fastapi", "drf"])
    parser.add_argument("--n", type=int, default=300, help="resources (default 300)")
    args = parser.parse_args()
    schema = fastapi_schema(args.n) if args.framework == "fastapi" else drf_schema(args.n)
    # As FastAPI serves it: JSON, indented (drf-spectacular's is written the same way here).
    json.dump(schema, sys.stdout, indent=2)
    sys.stdout.write("\n")


# Django's URL configuration (ROOT_URLCONF points here); the schema is generated from explicit patterns.
urlpatterns = []

if __name__ == "__main__":
    main()
