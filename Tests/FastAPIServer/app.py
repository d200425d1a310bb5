"""A real FastAPI + SQLModel server for crudegen's tests, on 127.0.0.1.

It is written the way FastAPI's tutorial ("SQL (Relational) Databases", with multiple models) and
SQLModel's ("Models with Relationships in FastAPI") write one: a table model per resource, and separate
models for what a client sends (`HeroCreate`, `HeroUpdate`) and what it gets back (`HeroPublic`,
`HeroPublicWithTeam`), so one resource has different schemas per endpoint.

Like Tests/DRFServer/server.py, it prints `LISTENING <port>` once it accepts connections and runs until
its standard input closes, so the test process that started it owns it. Each test works in a group of
its own, named by an `X-Group` header that the OpenAPI schema leaves out (so the schema is the
tutorial's); rows created without it share the group "".

Endpoints (FastAPI's convention: collections with a trailing slash, items without):
- POST /heroes/, GET /heroes/?offset=&limit= (limit at most 100), GET/PATCH/DELETE /heroes/{hero_id}
- POST /teams/, GET /teams/?offset=&limit=, GET/PATCH/DELETE /teams/{team_id}
- GET/POST /teams/{team_id}/heroes/     the team's heroes; a hero created there joins the team
- POST/GET /heroes/{hero_id}/avatar     upload (multipart/form-data: `file` and a `caption` form field)
                                        and download of a hero's avatar
- GET /heroes/{hero_id}/export?kilobytes=  a download: `application/pdf` bytes (a deterministic pattern,
                                        as large as asked) with a `Content-Disposition` file name
- POST /users/, GET /users/, GET/PATCH /users/{user_id}   users; `UserCreate` has a password never
                                        returned, which PATCH hashes whenever it is sent
- POST /token                            OAuth2 password flow (application/x-www-form-urlencoded)
- GET /users/me                          the user of the bearer token
As in the tutorials, creating answers 200 (FastAPI's default) with the created object, deleting answers
`{"ok": true}`, and PATCH applies only the fields sent (`exclude_unset`), so a field sent as null clears
it. Errors are FastAPI's: 404 `{"detail": "Hero not found"}`, 400 `{"detail": "Incorrect username or
password"}`, 401 `{"detail": "Not authenticated"}` with `WWW-Authenticate: Bearer`, 422 `{"detail":
[{"type", "loc", "msg", "input", …}]}`. A collection asked for without its slash answers 307 to it.

`python app.py --schema` prints the OpenAPI document FastAPI serves for this app and exits; `python app.py
--seed FILE` serves it with the heroes and teams of FILE stored first (Benchmarks/serve_bench.py).
"""
import hashlib
import json
import os
import secrets
import shutil
import sys
import tempfile
from contextlib import asynccontextmanager
from datetime import datetime, timezone
from typing import Annotated

from fastapi import Depends, FastAPI, Form, Header, HTTPException, Query, Response, UploadFile, status
from fastapi.security import OAuth2PasswordBearer, OAuth2PasswordRequestForm
from pydantic import NaiveDatetime
from sqlalchemy.pool import NullPool
from sqlmodel import Field, Relationship, Session, SQLModel, create_engine, select


# --- Teams -----------------------------------------------------------------------------------------------
class TeamBase(SQLModel):
    name: str = Field(index=True)
    headquarters: str


class Team(TeamBase, table=True):
    id: int | None = Field(default=None, primary_key=True)
    # The test's group (the `X-Group` header), kept on the table only: no client sends or sees it.
    group: str = Field(default="", index=True)

    heroes: list["Hero"] = Relationship(back_populates="team")


class TeamCreate(TeamBase):
    pass


class TeamPublic(TeamBase):
    id: int


class TeamUpdate(SQLModel):
    name: str | None = None
    headquarters: str | None = None


# --- Heroes ----------------------------------------------------------------------------------------------
class HeroBase(SQLModel):
    name: str = Field(index=True)
    secret_name: str
    age: int | None = Field(default=None, index=True)

    team_id: int | None = Field(default=None, foreign_key="team.id")


def utc_now():
    # The UTC wall time without its zone, for a zone-less column.
    return datetime.now(timezone.utc).replace(tzinfo=None)


class Hero(HeroBase, table=True):
    id: int | None = Field(default=None, primary_key=True)
    # Stored zone-less, so pydantic writes `2026-11-26T04:10:00.123456` (no zone; no fraction when the
    # microseconds are 0). SQLModel 0.0.50 stores a plain `datetime` field as UTC instead and reads it
    # back aware, written `2026-11-26T04:10:00.123456Z`; `NaiveDatetime` asks for the zone-less column.
    created_at: NaiveDatetime = Field(default_factory=utc_now)
    group: str = Field(default="", index=True)

    team: Team | None = Relationship(back_populates="heroes")


class HeroPublic(HeroBase):
    id: int
    created_at: NaiveDatetime


class HeroCreate(HeroBase):
    pass


class HeroUpdate(SQLModel):
    name: str | None = None
    secret_name: str | None = None
    age: int | None = None
    team_id: int | None = None


class HeroPublicWithTeam(HeroPublic):
    team: TeamPublic | None = None


class TeamPublicWithHeroes(TeamPublic):
    heroes: list[HeroPublic] = []


# --- A hero's avatar (an uploaded file) -------------------------------------------------------------------
class Avatar(SQLModel, table=True):
    hero_id: int = Field(primary_key=True, foreign_key="hero.id")
    filename: str
    content_type: str
    size: int
    caption: str
    data: bytes


class AvatarPublic(SQLModel):
    hero_id: int
    filename: str
    content_type: str
    size: int
    caption: str


# --- Users -----------------------------------------------------------------------------------------------
class UserBase(SQLModel):
    username: str = Field(index=True)
    email: str | None = None
    full_name: str | None = None


class User(UserBase, table=True):
    id: int | None = Field(default=None, primary_key=True)
    hashed_password: str
    group: str = Field(default="", index=True)


class UserCreate(UserBase):
    password: str


class UserPublic(UserBase):
    id: int


# SQLModel's "Update with Extra Data (Hashed Passwords)": every field optional, the password hashed when sent.
class UserUpdate(SQLModel):
    username: str | None = None
    email: str | None = None
    full_name: str | None = None
    password: str | None = None


class Token(SQLModel):
    access_token: str
    token_type: str


def hash_password(password: str, salt: bytes | None = None) -> str:
    # The tutorial hashes with pwdlib; the standard library's PBKDF2 does the same job without a package.
    salt = salt or secrets.token_bytes(16)
    digest = hashlib.pbkdf2_hmac("sha256", password.encode(), salt, 100_000)
    return f"{salt.hex()}${digest.hex()}"


def verify_password(password: str, hashed_password: str) -> bool:
    salt, _ = hashed_password.split("$")
    return secrets.compare_digest(hash_password(password, bytes.fromhex(salt)), hashed_password)


# --- The database --------------------------------------------------------------------------------------
# A folder of its own, removed when the server exits.
database_folder = tempfile.mkdtemp(prefix="crudegen-fastapi-")
sqlite_file_name = os.path.join(database_folder, "database.db")
sqlite_url = f"sqlite:///{sqlite_file_name}"

connect_args = {"check_same_thread": False}
# A connection per session, never a pool: SQLAlchemy's default pool (5 connections and 10 more) ran dry
# under many requests at once (64 in a load check), and sessions waiting for a connection held the threads
# FastAPI needed to close the sessions holding one, so requests failed with 500 after the pool's 30 s timeout.
engine = create_engine(sqlite_url, connect_args=connect_args, poolclass=NullPool)


def create_db_and_tables():
    SQLModel.metadata.create_all(engine)
    # Write-ahead logging, kept by the database file: readers no longer block writers, whose turns would
    # otherwise run past SQLite's 5 s busy timeout ("database is locked") under that load.
    with engine.connect() as connection:
        connection.exec_driver_sql("PRAGMA journal_mode=WAL")


def get_session():
    with Session(engine) as session:
        yield session


SessionDep = Annotated[Session, Depends(get_session)]
# The test's group: a header every request may carry, left out of the schema.
GroupDep = Annotated[str, Header(alias="X-Group", include_in_schema=False)]


@asynccontextmanager
async def lifespan(app: FastAPI):
    create_db_and_tables()
    yield


app = FastAPI(title="Heroes", version="1.0.0", lifespan=lifespan)


# --- Hero endpoints ----------------------------------------------------------------------------------------
@app.post("/heroes/", response_model=HeroPublic)
def create_hero(hero: HeroCreate, session: SessionDep, group: GroupDep = ""):
    db_hero = Hero.model_validate(hero, update={"group": group})
    session.add(db_hero)
    session.commit()
    session.refresh(db_hero)
    return db_hero


@app.get("/heroes/", response_model=list[HeroPublic])
def read_heroes(
    session: SessionDep,
    offset: int = 0,
    limit: Annotated[int, Query(le=100)] = 100,
    group: GroupDep = "",
):
    heroes = session.exec(select(Hero).where(Hero.group == group).order_by(Hero.id).offset(offset).limit(limit)).all()
    return heroes


@app.get("/heroes/{hero_id}", response_model=HeroPublicWithTeam)
def read_hero(hero_id: int, session: SessionDep):
    hero = session.get(Hero, hero_id)
    if not hero:
        raise HTTPException(status_code=404, detail="Hero not found")
    return hero


@app.patch("/heroes/{hero_id}", response_model=HeroPublic)
def update_hero(hero_id: int, hero: HeroUpdate, session: SessionDep):
    db_hero = session.get(Hero, hero_id)
    if not db_hero:
        raise HTTPException(status_code=404, detail="Hero not found")
    hero_data = hero.model_dump(exclude_unset=True)
    db_hero.sqlmodel_update(hero_data)
    session.add(db_hero)
    session.commit()
    session.refresh(db_hero)
    return db_hero


@app.delete("/heroes/{hero_id}")
def delete_hero(hero_id: int, session: SessionDep):
    hero = session.get(Hero, hero_id)
    if not hero:
        raise HTTPException(status_code=404, detail="Hero not found")
    avatar = session.get(Avatar, hero_id)
    if avatar:
        session.delete(avatar)
    session.delete(hero)
    session.commit()
    return {"ok": True}


# --- A hero's avatar: FastAPI's "Request Files" with a form field ---------------------------------------
@app.post("/heroes/{hero_id}/avatar", response_model=AvatarPublic)
async def upload_avatar(hero_id: int, file: UploadFile, caption: Annotated[str, Form()], session: SessionDep):
    if not session.get(Hero, hero_id):
        raise HTTPException(status_code=404, detail="Hero not found")
    data = await file.read()
    avatar = Avatar(
        hero_id=hero_id,
        filename=file.filename or "",
        content_type=file.content_type or "application/octet-stream",
        size=len(data),
        caption=caption,
        data=data,
    )
    session.merge(avatar)
    session.commit()
    return avatar


@app.get(
    "/heroes/{hero_id}/avatar",
    response_class=Response,
    responses={200: {"content": {"application/octet-stream": {}}, "description": "The avatar's bytes"}},
)
def read_avatar(hero_id: int, session: SessionDep):
    avatar = session.get(Avatar, hero_id)
    if not avatar:
        raise HTTPException(status_code=404, detail="Avatar not found")
    return Response(content=avatar.data, media_type=avatar.content_type)


# --- A hero's export: a download with a suggested file name, as large as asked ---------------------------
@app.get(
    "/heroes/{hero_id}/export",
    response_class=Response,
    responses={
        200: {
            "content": {"application/pdf": {"schema": {"type": "string", "format": "binary"}}},
            "description": "The export's bytes, named by Content-Disposition",
        }
    },
)
def export_hero(hero_id: int, session: SessionDep, kilobytes: Annotated[int, Query(ge=0, le=65536)] = 1):
    if not session.get(Hero, hero_id):
        raise HTTPException(status_code=404, detail="Hero not found")
    # Byte i is (i * 31 + hero_id) % 251: the client computes the same bytes to compare.
    pattern = bytes((i * 31 + hero_id) % 251 for i in range(251))
    size = kilobytes * 1024
    body = (pattern * (size // 251 + 1))[:size]
    disposition = f"attachment; filename=\"hero-{hero_id}.pdf\"; filename*=UTF-8''h%C3%A9ros-{hero_id}.pdf"
    return Response(content=body, media_type="application/pdf", headers={"Content-Disposition": disposition})


# --- Team endpoints ----------------------------------------------------------------------------------------
@app.post("/teams/", response_model=TeamPublic)
def create_team(team: TeamCreate, session: SessionDep, group: GroupDep = ""):
    db_team = Team.model_validate(team, update={"group": group})
    session.add(db_team)
    session.commit()
    session.refresh(db_team)
    return db_team


@app.get("/teams/", response_model=list[TeamPublic])
def read_teams(
    session: SessionDep,
    offset: int = 0,
    limit: Annotated[int, Query(le=100)] = 100,
    group: GroupDep = "",
):
    teams = session.exec(select(Team).where(Team.group == group).order_by(Team.id).offset(offset).limit(limit)).all()
    return teams


@app.get("/teams/{team_id}", response_model=TeamPublicWithHeroes)
def read_team(team_id: int, session: SessionDep):
    team = session.get(Team, team_id)
    if not team:
        raise HTTPException(status_code=404, detail="Team not found")
    return team


@app.patch("/teams/{team_id}", response_model=TeamPublic)
def update_team(team_id: int, team: TeamUpdate, session: SessionDep):
    db_team = session.get(Team, team_id)
    if not db_team:
        raise HTTPException(status_code=404, detail="Team not found")
    team_data = team.model_dump(exclude_unset=True)
    db_team.sqlmodel_update(team_data)
    session.add(db_team)
    session.commit()
    session.refresh(db_team)
    return db_team


@app.delete("/teams/{team_id}")
def delete_team(team_id: int, session: SessionDep):
    team = session.get(Team, team_id)
    if not team:
        raise HTTPException(status_code=404, detail="Team not found")
    # The team's heroes stay, teamless (the tutorial's relationship has no cascade either).
    for hero in team.heroes:
        hero.team_id = None
        session.add(hero)
    session.delete(team)
    session.commit()
    return {"ok": True}


# --- A team's heroes: a nested collection ----------------------------------------------------------------
@app.get("/teams/{team_id}/heroes/", response_model=list[HeroPublic])
def read_team_heroes(
    team_id: int,
    session: SessionDep,
    offset: int = 0,
    limit: Annotated[int, Query(le=100)] = 100,
):
    if not session.get(Team, team_id):
        raise HTTPException(status_code=404, detail="Team not found")
    heroes = session.exec(select(Hero).where(Hero.team_id == team_id).order_by(Hero.id).offset(offset).limit(limit)).all()
    return heroes


@app.post("/teams/{team_id}/heroes/", response_model=HeroPublic)
def create_team_hero(team_id: int, hero: HeroCreate, session: SessionDep, group: GroupDep = ""):
    if not session.get(Team, team_id):
        raise HTTPException(status_code=404, detail="Team not found")
    db_hero = Hero.model_validate(hero, update={"team_id": team_id, "group": group})
    session.add(db_hero)
    session.commit()
    session.refresh(db_hero)
    return db_hero


# --- Users and the OAuth2 password flow: FastAPI's "Simple OAuth2 with Password and Bearer" --------------
# Tokens are random strings kept in memory for the server's life (the tutorial's next step signs JWTs).
oauth2_scheme = OAuth2PasswordBearer(tokenUrl="token")
tokens: dict[str, int] = {}


def get_current_user(token: Annotated[str, Depends(oauth2_scheme)], session: SessionDep) -> User:
    user = session.get(User, tokens.get(token, 0))
    if not user:
        raise HTTPException(
            status_code=status.HTTP_401_UNAUTHORIZED,
            detail="Invalid authentication credentials",
            headers={"WWW-Authenticate": "Bearer"},
        )
    return user


@app.post("/token")
def login(form_data: Annotated[OAuth2PasswordRequestForm, Depends()], session: SessionDep, group: GroupDep = "") -> Token:
    user = session.exec(select(User).where(User.group == group, User.username == form_data.username)).first()
    if not user or not verify_password(form_data.password, user.hashed_password):
        raise HTTPException(status_code=400, detail="Incorrect username or password")
    access_token = secrets.token_urlsafe(32)
    tokens[access_token] = user.id
    return Token(access_token=access_token, token_type="bearer")


@app.post("/users/", response_model=UserPublic)
def create_user(user: UserCreate, session: SessionDep, group: GroupDep = ""):
    if session.exec(select(User).where(User.group == group, User.username == user.username)).first():
        raise HTTPException(status_code=400, detail="Username already registered")
    db_user = User.model_validate(user, update={"hashed_password": hash_password(user.password), "group": group})
    session.add(db_user)
    session.commit()
    session.refresh(db_user)
    return db_user


@app.get("/users/", response_model=list[UserPublic])
def read_users(
    session: SessionDep,
    offset: int = 0,
    limit: Annotated[int, Query(le=100)] = 100,
    group: GroupDep = "",
):
    users = session.exec(select(User).where(User.group == group).order_by(User.id).offset(offset).limit(limit)).all()
    return users


# Declared before /users/{user_id}, which would otherwise take "me" for an id (and answer 422).
@app.get("/users/me", response_model=UserPublic)
def read_users_me(current_user: Annotated[User, Depends(get_current_user)]):
    return current_user


@app.get("/users/{user_id}", response_model=UserPublic)
def read_user(user_id: int, session: SessionDep):
    user = session.get(User, user_id)
    if not user:
        raise HTTPException(status_code=404, detail="User not found")
    return user


# As SQLModel's tutorial writes it: a `password` sent, even `null`, is hashed over the stored one (the
# tutorial's hash of None is a string; this one fails with 500), so a client must send only what it set.
@app.patch("/users/{user_id}", response_model=UserPublic)
def update_user(user_id: int, user: UserUpdate, session: SessionDep):
    db_user = session.get(User, user_id)
    if not db_user:
        raise HTTPException(status_code=404, detail="User not found")
    user_data = user.model_dump(exclude_unset=True)
    extra_data = {}
    if "password" in user_data:
        password = user_data["password"]
        hashed_password = hash_password(password)
        extra_data["hashed_password"] = hashed_password
    db_user.sqlmodel_update(user_data, update=extra_data)
    session.add(db_user)
    session.commit()
    session.refresh(db_user)
    return db_user


# --- Serving -------------------------------------------------------------------------------------------
if __name__ == "__main__" and sys.argv[1:2] == ["--schema"]:
    # The document FastAPI serves at /openapi.json, as JSON (non-ASCII escaped, json.dumps's default).
    print(json.dumps(app.openapi(), indent=2))
    os.rmdir(database_folder)
    sys.exit(0)

def seed_from_file(path):
    """Stores the heroes and teams of a seed file in `crudegen serve --data`'s shape (`{"Hero": [{"id": 1,
    "name": …, "secret_name": …, "age": …, "team_id": …, "created_at": "2026-11-26T04:10:00"}], "Team": […]}`),
    in the group "", so that Benchmarks/serve_bench.py serves this app and crudegen the same rows. One bulk
    insert per table: 100,000 heroes posted one by one would take minutes."""
    from sqlalchemy import insert

    with open(path) as file:
        seed = json.load(file)
    with Session(engine) as session:
        for model, rows in ((Team, seed.get("Team", [])), (Hero, seed.get("Hero", []))):
            for row in rows:
                row.setdefault("group", "")
                if "created_at" in row:
                    row["created_at"] = datetime.fromisoformat(row["created_at"]).replace(tzinfo=None)
            if rows:
                session.execute(insert(model), rows)
        session.commit()


if __name__ == "__main__":
    # Served as every Python test server of the suite is (Tests/PythonServers/loopback.py).
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "PythonServers"))
    import loopback

    # `app.py --seed FILE`: the tables filled from FILE before serving (the benchmarks' shared data).
    if sys.argv[1:2] == ["--seed"]:
        create_db_and_tables()
        seed_from_file(sys.argv[2])

    loopback.serve(app, on_exit=lambda: shutil.rmtree(database_folder, ignore_errors=True))
