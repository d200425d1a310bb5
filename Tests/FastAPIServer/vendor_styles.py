"""A FastAPI server that answers in the envelope and paging styles of published vendor APIs, for crudegen's tests.

Each resource speaks one vendor's convention as its API documentation describes it, with pydantic models
for every body, so that the OpenAPI document FastAPI serves has the shapes those vendors publish:
- /servers        Hetzner Cloud: `{"server": {…}}` for one, `{"servers": […], "meta": {"pagination":
                  {"page", "per_page", "previous_page", "next_page", "last_page", "total_entries"}}}` for a
                  page asked for by `?page=&per_page=`; bodies are sent bare; PUT updates.
- /droplets       DigitalOcean: `{"droplet": {…}}`, pages `{"droplets": […], "links": {"pages": {"next":
                  URL}}, "meta": {"total"}}` asked for by `?page=&per_page=`, the next page an absolute URL.
- /addons         PagerDuty: requests and answers wrapped in `{"addon": {…}}`, pages `{"addons": […],
                  "offset", "limit", "more", "total"}` asked for by `?offset=&limit=`; an addon's `contact`
                  is one of PagerDuty's contact methods, told apart by its `type` (a discriminated union).
- /tasks/{gid}    Asana: `{"data": {…}}` for one, `{"data": […], "next_page": {"offset", "path", "uri"}}`,
                  the item path's parameter `{task_gid}` naming the task's `gid`.
- /events         a cursor: `{"data": […], "meta": {"next_cursor"}}` asked for by `?cursor=&limit=`.

Like the other Python test servers, it prints `LISTENING <port>` once it accepts connections and runs
until its standard input closes. Each test works in a group of its own, named by an `X-Group` header
that the schema leaves out; rows are kept in memory. `python vendor_styles.py --schema` prints the
OpenAPI document and exits.
"""
import base64
import json
import os
import sys
from typing import Annotated, Literal

from fastapi import FastAPI, Header, HTTPException, Query, Request, Response
from pydantic import BaseModel, Field

app = FastAPI(title="Vendor Styles", version="1.0.0")
GroupHeader = Annotated[str, Header(alias="X-Group", include_in_schema=False)]
rows: dict[tuple[str, str], dict[int, dict]] = {}
next_ids: dict[str, int] = {}


def table(group: str, name: str) -> dict[int, dict]:
    return rows.setdefault((group, name), {})


def insert(group: str, name: str, values: dict) -> dict:
    next_ids[name] = next_ids.get(name, 0) + 1
    row = {"id": next_ids[name], **values}
    table(group, name)[row["id"]] = row
    return row


def existing(group: str, name: str, id: int) -> dict:
    row = table(group, name).get(id)
    if row is None:
        raise HTTPException(status_code=404, detail=f"{name} {id} not found")
    return row


def ordered(group: str, name: str) -> list[dict]:
    return [row for _, row in sorted(table(group, name).items())]


# --- Hetzner Cloud --------------------------------------------------------------------------------------
class Server(BaseModel):
    id: int
    name: str
    status: str
    labels: dict[str, str] = {}


class CreateServerRequest(BaseModel):
    name: str
    status: str = "running"
    labels: dict[str, str] = {}


class UpdateServerRequest(BaseModel):
    name: str | None = None
    labels: dict[str, str] | None = None


class ServerResponse(BaseModel):
    server: Server


class Pagination(BaseModel):
    page: int
    per_page: int
    previous_page: int | None
    next_page: int | None
    last_page: int | None
    total_entries: int | None


class ListMeta(BaseModel):
    pagination: Pagination


class ServersResponse(BaseModel):
    servers: list[Server]
    meta: ListMeta


@app.get("/servers", response_model=ServersResponse)
def list_servers(group: GroupHeader = "", page: int = 1, per_page: Annotated[int, Query(le=50)] = 25):
    servers = ordered(group, "server")
    last = max(1, -(-len(servers) // per_page))
    chunk = servers[(page - 1) * per_page : page * per_page]
    pagination = Pagination(
        page=page, per_page=per_page, previous_page=page - 1 if page > 1 else None, next_page=page + 1 if page < last else None,
        last_page=last, total_entries=len(servers))
    return ServersResponse(servers=chunk, meta=ListMeta(pagination=pagination))


@app.post("/servers", response_model=ServerResponse, status_code=201)
def create_server(body: CreateServerRequest, group: GroupHeader = ""):
    return ServerResponse(server=insert(group, "server", body.model_dump()))


@app.get("/servers/{id}", response_model=ServerResponse)
def get_server(id: int, group: GroupHeader = ""):
    return ServerResponse(server=existing(group, "server", id))


@app.put("/servers/{id}", response_model=ServerResponse)
def replace_server(id: int, body: UpdateServerRequest, group: GroupHeader = ""):
    row = existing(group, "server", id)
    row.update({key: value for key, value in body.model_dump(exclude_unset=True).items() if value is not None})
    return ServerResponse(server=row)


@app.delete("/servers/{id}", status_code=204)
def delete_server(id: int, group: GroupHeader = ""):
    existing(group, "server", id)
    del table(group, "server")[id]
    return Response(status_code=204)


# --- DigitalOcean ---------------------------------------------------------------------------------------
class Droplet(BaseModel):
    id: int
    name: str
    size_slug: str
    memory: int
    vpc_uuid: str | None


class DropletCreate(BaseModel):
    name: str
    size_slug: str
    memory: int = 1024
    # Required but nullable, as pydantic reads `str | None` without a default: a body without the key is a 422.
    vpc_uuid: str | None


class DropletResponse(BaseModel):
    droplet: Droplet


class PageLinks(BaseModel):
    first: str | None = None
    prev: str | None = None
    next: str | None = None
    last: str | None = None


class Links(BaseModel):
    pages: PageLinks


class Meta(BaseModel):
    total: int


class DropletsResponse(BaseModel):
    droplets: list[Droplet]
    links: Links
    meta: Meta


@app.get("/droplets", response_model=DropletsResponse)
def list_droplets(request: Request, group: GroupHeader = "", page: int = 1, per_page: int = 20):
    droplets = ordered(group, "droplet")
    chunk = droplets[(page - 1) * per_page : page * per_page]
    has_next = page * per_page < len(droplets)
    next_url = str(request.url.include_query_params(page=page + 1, per_page=per_page)) if has_next else None
    return DropletsResponse(droplets=chunk, links=Links(pages=PageLinks(next=next_url)), meta=Meta(total=len(droplets)))


@app.post("/droplets", response_model=DropletResponse, status_code=202)
def create_droplet(body: DropletCreate, group: GroupHeader = ""):
    return DropletResponse(droplet=insert(group, "droplet", body.model_dump()))


@app.get("/droplets/{droplet_id}", response_model=DropletResponse)
def get_droplet(droplet_id: int, group: GroupHeader = ""):
    return DropletResponse(droplet=existing(group, "droplet", droplet_id))


@app.delete("/droplets/{droplet_id}", status_code=204)
def destroy_droplet(droplet_id: int, group: GroupHeader = ""):
    existing(group, "droplet", droplet_id)
    del table(group, "droplet")[droplet_id]
    return Response(status_code=204)


# --- PagerDuty ------------------------------------------------------------------------------------------
class EmailContactMethod(BaseModel):
    type: Literal["email_contact_method"]
    label: str
    address: str


class PhoneContactMethod(BaseModel):
    type: Literal["phone_contact_method"]
    label: str
    country_code: int
    address: str


ContactMethod = Annotated[EmailContactMethod | PhoneContactMethod, Field(discriminator="type")]


class Addon(BaseModel):
    id: int | None = None
    type: str
    name: str
    src: str
    contact: ContactMethod | None = None


class AddonBody(BaseModel):
    addon: Addon


class AddonsPage(BaseModel):
    offset: int
    limit: int
    more: bool
    total: int | None
    addons: list[Addon]


@app.get("/addons", response_model=AddonsPage)
def list_addons(group: GroupHeader = "", offset: int = 0, limit: int = 25, total: bool = False):
    addons = ordered(group, "addon")
    chunk = addons[offset : offset + limit]
    return AddonsPage(offset=offset, limit=limit, more=offset + limit < len(addons), total=len(addons) if total else None, addons=chunk)


@app.post("/addons", response_model=AddonBody, status_code=201)
def install_addon(body: AddonBody, group: GroupHeader = ""):
    return AddonBody(addon=insert(group, "addon", body.addon.model_dump(exclude={"id"})))


@app.get("/addons/{id}", response_model=AddonBody)
def get_addon(id: int, group: GroupHeader = ""):
    return AddonBody(addon=existing(group, "addon", id))


@app.put("/addons/{id}", response_model=AddonBody)
def update_addon(id: int, body: AddonBody, group: GroupHeader = ""):
    row = existing(group, "addon", id)
    row.update(body.addon.model_dump(exclude={"id"}))
    return AddonBody(addon=row)


@app.delete("/addons/{id}", status_code=204)
def delete_addon(id: int, group: GroupHeader = ""):
    existing(group, "addon", id)
    del table(group, "addon")[id]
    return Response(status_code=204)


# --- Asana ----------------------------------------------------------------------------------------------
class Task(BaseModel):
    gid: str
    name: str
    completed: bool = False


class TaskRequest(BaseModel):
    name: str
    completed: bool = False


class TaskData(BaseModel):
    data: Task


class TaskRequestData(BaseModel):
    data: TaskRequest


class NextPage(BaseModel):
    offset: str
    path: str
    uri: str


class TasksPage(BaseModel):
    data: list[Task]
    next_page: NextPage | None


def task_row(row: dict) -> dict:
    return {"gid": str(row["id"]), "name": row["name"], "completed": row["completed"]}


@app.get("/tasks", response_model=TasksPage)
def get_tasks(request: Request, group: GroupHeader = "", limit: int = 20, offset: str | None = None):
    tasks = ordered(group, "task")
    start = int(base64.urlsafe_b64decode(offset).decode()) if offset else 0
    chunk = tasks[start : start + limit]
    next_page = None
    if start + limit < len(tasks):
        token = base64.urlsafe_b64encode(str(start + limit).encode()).decode()
        path = f"/tasks?limit={limit}&offset={token}"
        next_page = NextPage(offset=token, path=path, uri=str(request.base_url).rstrip("/") + path)
    return TasksPage(data=[task_row(row) for row in chunk], next_page=next_page)


@app.post("/tasks", response_model=TaskData, status_code=201)
def create_task(body: TaskRequestData, group: GroupHeader = ""):
    return TaskData(data=task_row(insert(group, "task", body.data.model_dump())))


@app.get("/tasks/{task_gid}", response_model=TaskData)
def get_task(task_gid: str, group: GroupHeader = ""):
    return TaskData(data=task_row(existing(group, "task", int(task_gid))))


@app.put("/tasks/{task_gid}", response_model=TaskData)
def update_task(task_gid: str, body: TaskRequestData, group: GroupHeader = ""):
    row = existing(group, "task", int(task_gid))
    row.update(body.data.model_dump())
    return TaskData(data=task_row(row))


# --- A cursor -------------------------------------------------------------------------------------------
class Event(BaseModel):
    id: int
    kind: str


class EventCreate(BaseModel):
    kind: str


class EventData(BaseModel):
    data: Event


class CursorMeta(BaseModel):
    next_cursor: str | None


class EventsPage(BaseModel):
    data: list[Event]
    meta: CursorMeta


@app.get("/events", response_model=EventsPage)
def list_events(group: GroupHeader = "", cursor: str | None = None, limit: int = 10):
    events = ordered(group, "event")
    after = int(cursor) if cursor else 0
    chunk = [row for row in events if row["id"] > after][:limit]
    more = chunk and any(row["id"] > chunk[-1]["id"] for row in events)
    return EventsPage(data=chunk, meta=CursorMeta(next_cursor=str(chunk[-1]["id"]) if more else None))


@app.post("/events", response_model=EventData, status_code=201)
def create_event(body: EventCreate, group: GroupHeader = ""):
    return EventData(data=insert(group, "event", body.model_dump()))


@app.get("/events/{event_id}", response_model=EventData)
def get_event(event_id: int, group: GroupHeader = ""):
    return EventData(data=existing(group, "event", event_id))


if __name__ == "__main__" and sys.argv[1:2] == ["--schema"]:
    print(json.dumps(app.openapi(), indent=2))
    sys.exit(0)

if __name__ == "__main__":
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "PythonServers"))
    import loopback

    loopback.serve(app)
