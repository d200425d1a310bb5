"""A real Litestar server for crudegen's tests, on 127.0.0.1.

It is written the way Litestar's documentation writes one: dataclass models, `Controller` classes, and
Data Transfer Objects (`DataclassDTO` with a `DTOConfig`) that shape what a client sends and gets back, so
one model has different schemas per endpoint: a create body without the id and the server's fields and a
partial body for PATCH (`DTOData.update_instance`). Users have msgspec structs of their own instead
(`UserCreate` holds the `password` a client sends and never gets back, `UserRead` does not). Lists page the way Litestar's pagination docs do, with its `OffsetPagination` and
`ClassicPagination` containers. The data lives in memory, as in Litestar's TODO-app tutorial.

Like Tests/FastAPIServer/app.py, it prints `LISTENING <port>` once it accepts connections and runs until
its standard input closes, so the test process that started it owns it. Each test works in a group of
its own, named by an `X-Group` header that the OpenAPI schema leaves out (a dependency reads it from the
request, so the schema is the docs'); rows created without it share the group "".

Endpoints (Litestar's convention: no trailing slashes, typed path parameters `{author_id:int}`):
- POST /authors, GET /authors?limit=&offset=, GET/PUT/PATCH/DELETE /authors/{author_id}
- POST /authors/{author_id}/books, GET /authors/{author_id}/books?page_size=&current_page=,
  GET/PATCH/DELETE /authors/{author_id}/books/{book_id}       an author's books, a nested collection
- POST /authors/{author_id}/portrait    upload (multipart/form-data: `file` and a `caption` field)
- POST /users, GET /users?limit=&offset=, GET /users/{user_id}   `password` is sent, never returned
- POST /login                           a form login (application/x-www-form-urlencoded) → a token
Bodies (msgspec's JSON; dates `2026-11-26`, date-times in UTC `2026-11-26T04:10:00.123456Z`):
- author `{"id": 1, "name": "…", "created_at": "…Z", "born": "1929-10-21" | null}`
- book `{"id": 1, "author_id": 1, "title": "…", "published": "…" | null}`
- user `{"id": 1, "username": "…", "email": "…" | null}` (`UserRead`; `UserCreate` adds `password`)
- GET /authors and GET /users: `{"items": […], "limit": 10, "offset": 0, "total": 5}` (OffsetPagination)
- GET …/books: `{"items": […], "page_size": 10, "current_page": 1, "total_pages": 3}` (ClassicPagination)
Creating answers 201 (a POST's default in Litestar, the login's too) with the object, deleting 204 with
no body, PATCH applies only the fields sent (a field sent as null clears it; null for a field that is not
optional is an error). Errors are Litestar's: 404 `{"status_code": 404, "detail": "Author 7 not found"}`,
401 `{"status_code": 401, "detail": "Incorrect username or password"}`, and 400 for a body Litestar
validates (the users' and the login's), one error at a time as msgspec stops at the first:
`{"status_code": 400, "detail": "Validation failed for POST /users", "extra": [{"message": "Expected
`str` of length >= 1", "key": "username", "source": "body"}]}` (a missing field's `key` is `data`, the
handler's parameter); query parameters the same way (`"key": "limit", "source": "query"`). A DTO's body
is decoded by msgspec, whose error has no `extra`: `{"status_code": 400, "detail": "Expected `str`, got
`int` - at `$.name`"}`.

`python app.py --schema` prints the OpenAPI document Litestar serves for this app (at
/schema/openapi.json) and exits.
"""
import json
import os
import secrets
import sys
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from itertools import count
from typing import Annotated

import msgspec

from litestar import Controller, Litestar, Request, delete, get, patch, post, put
from litestar.datastructures import UploadFile
from litestar.di import Provide
from litestar.dto import DataclassDTO, DTOConfig, DTOData
from litestar.enums import RequestEncodingType
from litestar.exceptions import NotAuthorizedException, NotFoundException
from litestar.pagination import ClassicPagination, OffsetPagination
from litestar.params import Body, Parameter


# --- Models ----------------------------------------------------------------------------------------------
@dataclass
class Author:
    id: int
    name: str
    created_at: datetime
    # A default makes the field optional in the create body; without one, Litestar requires the key even
    # though null is a valid value, and a client that leaves a nil out gets 400 "missing required field".
    born: date | None = None


@dataclass
class Book:
    id: int
    author_id: int
    title: str
    published: date | None = None


@dataclass
class User:
    id: int
    username: str
    password: str
    email: str | None = None


# A user's bodies are msgspec structs of their own instead of DTOs (Litestar's docs show both): what a
# client sends holds the password, what it gets back does not. Litestar validates such a body itself and
# answers its "Validation failed" error with an `extra` list; a DTO's body is decoded by msgspec, whose
# error is one `detail` string (`Expected `str`, got `int` - at `$.name``).
class UserCreate(msgspec.Struct):
    username: Annotated[str, msgspec.Meta(min_length=1)]
    password: Annotated[str, msgspec.Meta(min_length=8)]
    email: str | None = None


class UserRead(msgspec.Struct):
    id: int
    username: str
    email: str | None = None

    @classmethod
    def of(cls, user: User) -> "UserRead":
        return cls(id=user.id, username=user.username, email=user.email)


@dataclass
class Portrait:
    author_id: int
    filename: str
    content_type: str
    size: int
    caption: str


@dataclass
class PortraitUpload:
    file: UploadFile
    caption: str


@dataclass
class Login:
    username: str
    password: str


@dataclass
class Token:
    access_token: str
    token_type: str


# --- DTOs: what a client sends differs from what it gets back --------------------------------------------
# A handler's `dto` shapes its body; `return_dto=None` returns the whole model, as Litestar's docs do when
# only the body differs.
class AuthorCreateDTO(DataclassDTO[Author]):
    # The server gives the id and the creation time.
    config = DTOConfig(exclude={"id", "created_at"})


class AuthorPatchDTO(DataclassDTO[Author]):
    # Every field optional: only the fields sent change.
    config = DTOConfig(exclude={"id", "created_at"}, partial=True)


class BookCreateDTO(DataclassDTO[Book]):
    # The author is the path's.
    config = DTOConfig(exclude={"id", "author_id"})


class BookPatchDTO(DataclassDTO[Book]):
    config = DTOConfig(exclude={"id", "author_id"}, partial=True)


# --- Storage: in memory, each row in a test's group --------------------------------------------------------
@dataclass
class Table:
    """Rows by id, with the group each one was created in; ids are unique across groups."""

    rows: dict[int, object] = field(default_factory=dict)
    groups: dict[int, str] = field(default_factory=dict)
    ids: count = field(default_factory=lambda: count(1))

    def in_group(self, group: str) -> list:
        return [row for key, row in self.rows.items() if self.groups[key] == group]


authors = Table()
books = Table()
users = Table()
portraits: dict[int, tuple[Portrait, bytes]] = {}
tokens: dict[str, int] = {}


def provide_group(request: Request) -> str:
    # The test's group: a header every request may carry, read here so the schema does not list it.
    return request.headers.get("x-group", "")


def find_author(author_id: int) -> Author:
    author = authors.rows.get(author_id)
    if author is None:
        raise NotFoundException(detail=f"Author {author_id} not found")
    return author


def find_book(author_id: int, book_id: int) -> Book:
    book = books.rows.get(book_id)
    if book is None or book.author_id != author_id:
        raise NotFoundException(detail=f"Book {book_id} not found")
    return book


# --- Authors -------------------------------------------------------------------------------------------
class AuthorController(Controller):
    path = "/authors"

    @post(dto=AuthorCreateDTO, return_dto=None)
    async def create_author(self, data: DTOData[Author], group: str) -> Author:
        author = data.create_instance(id=next(authors.ids), created_at=datetime.now(timezone.utc))
        authors.rows[author.id] = author
        authors.groups[author.id] = group
        return author

    @get()
    async def list_authors(
        self,
        group: str,
        limit: Annotated[int, Parameter(ge=1, le=100)] = 10,
        offset: Annotated[int, Parameter(ge=0)] = 0,
    ) -> OffsetPagination[Author]:
        rows = authors.in_group(group)
        return OffsetPagination(items=rows[offset : offset + limit], limit=limit, offset=offset, total=len(rows))

    @get("/{author_id:int}")
    async def get_author(self, author_id: int) -> Author:
        return find_author(author_id)

    @put("/{author_id:int}", dto=AuthorCreateDTO, return_dto=None)
    async def update_author(self, author_id: int, data: DTOData[Author]) -> Author:
        # A PUT's body holds every field a client sends, so it replaces them all.
        return data.update_instance(find_author(author_id))

    @patch("/{author_id:int}", dto=AuthorPatchDTO, return_dto=None)
    async def partial_update_author(self, author_id: int, data: DTOData[Author]) -> Author:
        return data.update_instance(find_author(author_id))

    @delete("/{author_id:int}")
    async def delete_author(self, author_id: int) -> None:
        find_author(author_id)
        del authors.rows[author_id]
        portraits.pop(author_id, None)
        # An author's books go with the author.
        for book in [book for book in books.rows.values() if book.author_id == author_id]:
            del books.rows[book.id]

    # Litestar's file upload: a dataclass of the form's parts, read as multipart/form-data.
    @post("/{author_id:int}/portrait")
    async def upload_portrait(
        self, author_id: int, data: Annotated[PortraitUpload, Body(media_type=RequestEncodingType.MULTI_PART)]
    ) -> Portrait:
        find_author(author_id)
        content = await data.file.read()
        portrait = Portrait(
            author_id=author_id,
            filename=data.file.filename,
            content_type=data.file.content_type,
            size=len(content),
            caption=data.caption,
        )
        portraits[author_id] = (portrait, content)
        return portrait


# --- An author's books: a nested collection, paged by page number ----------------------------------------
class BookController(Controller):
    path = "/authors/{author_id:int}/books"

    @post(dto=BookCreateDTO, return_dto=None)
    async def create_book(self, author_id: int, data: DTOData[Book], group: str) -> Book:
        find_author(author_id)
        book = data.create_instance(id=next(books.ids), author_id=author_id)
        books.rows[book.id] = book
        books.groups[book.id] = group
        return book

    @get()
    async def list_books(
        self,
        author_id: int,
        page_size: Annotated[int, Parameter(ge=1, le=100)] = 10,
        current_page: Annotated[int, Parameter(ge=1)] = 1,
    ) -> ClassicPagination[Book]:
        find_author(author_id)
        rows = [book for book in books.rows.values() if book.author_id == author_id]
        start = (current_page - 1) * page_size
        return ClassicPagination(
            items=rows[start : start + page_size],
            page_size=page_size,
            current_page=current_page,
            total_pages=(len(rows) + page_size - 1) // page_size,
        )

    @get("/{book_id:int}")
    async def get_book(self, author_id: int, book_id: int) -> Book:
        return find_book(author_id, book_id)

    @patch("/{book_id:int}", dto=BookPatchDTO, return_dto=None)
    async def partial_update_book(self, author_id: int, book_id: int, data: DTOData[Book]) -> Book:
        return data.update_instance(find_book(author_id, book_id))

    @delete("/{book_id:int}")
    async def delete_book(self, author_id: int, book_id: int) -> None:
        find_book(author_id, book_id)
        del books.rows[book_id]


# --- Users and a form login ------------------------------------------------------------------------------
class UserController(Controller):
    path = "/users"

    @post()
    async def create_user(self, data: UserCreate, group: str) -> UserRead:
        user = User(id=next(users.ids), username=data.username, password=data.password, email=data.email)
        users.rows[user.id] = user
        users.groups[user.id] = group
        return UserRead.of(user)

    @get()
    async def list_users(
        self,
        group: str,
        limit: Annotated[int, Parameter(ge=1, le=100)] = 10,
        offset: Annotated[int, Parameter(ge=0)] = 0,
    ) -> OffsetPagination[UserRead]:
        rows = [UserRead.of(user) for user in users.in_group(group)]
        return OffsetPagination(items=rows[offset : offset + limit], limit=limit, offset=offset, total=len(rows))

    @get("/{user_id:int}")
    async def get_user(self, user_id: int) -> UserRead:
        user = users.rows.get(user_id)
        if user is None:
            raise NotFoundException(detail=f"User {user_id} not found")
        return UserRead.of(user)


# Litestar's URL-encoded form: a dataclass read from application/x-www-form-urlencoded.
@post("/login")
async def login(data: Annotated[Login, Body(media_type=RequestEncodingType.URL_ENCODED)], group: str) -> Token:
    for user in users.in_group(group):
        # Plain text is enough for a test server that lives as long as one test run.
        if user.username == data.username and secrets.compare_digest(user.password, data.password):
            token = secrets.token_urlsafe(32)
            tokens[token] = user.id
            return Token(access_token=token, token_type="bearer")
    raise NotAuthorizedException(detail="Incorrect username or password")


app = Litestar(
    route_handlers=[AuthorController, BookController, UserController, login],
    dependencies={"group": Provide(provide_group, sync_to_thread=False)},
)


# --- Serving -------------------------------------------------------------------------------------------
if __name__ == "__main__" and sys.argv[1:2] == ["--schema"]:
    # The document Litestar serves at /schema/openapi.json, as JSON.
    print(json.dumps(app.openapi_schema.to_schema(), indent=2))
    sys.exit(0)

if __name__ == "__main__":
    # Served as every Python test server of the suite is (Tests/PythonServers/loopback.py).
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "PythonServers"))
    import loopback

    loopback.serve(app)
