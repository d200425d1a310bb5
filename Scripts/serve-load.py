#!/usr/bin/env python3
"""Two `crudegen serve` processes over one PostgreSQL database, under concurrent clients; checks that no
change is lost or made twice, reading the database itself (docs/serve.md records the figures):

    Scripts/serve-load.py CRUDEGEN [--values 5000] [--clients 64] [--contended 200]

CRUDEGEN is a `crudegen` built with the `CrudePostgreSQL` trait. `Scripts/postgres.sh` starts a throwaway
PostgreSQL server (exit status 3, with nothing checked, when PostgreSQL is not installed).

1. `--values` creates and as many updates from `--clients` concurrent clients: each client creates a value on
   one server and updates it on the other. Every create must be answered with a new id; afterwards the
   database holds exactly those values, each with the name it was created with and the count it was updated
   to.
2. `--contended` values each get two partial updates at once, one per server, of different fields: both
   must be in the database afterwards (a read-modify-write without a lock loses one of them).

Exit status 1 at the first broken invariant, with what was found.
"""
import argparse
import concurrent.futures
import http.client
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

SPEC = """\
api: { name: Load, base_url: http://localhost/api, methods: { update: PATCH } }
resources:
  Item:
    path: items
    id: { name: id, type: Int }
    fields: { name: String, count: Int?, note: String? }
"""


def fail(message):
    print(f"FAILED: {message}", file=sys.stderr)
    sys.exit(1)


class Server:
    """One `crudegen serve` process on a free port."""

    def __init__(self, crudegen, spec, database):
        self.process = subprocess.Popen(
            [crudegen, "serve", spec, "--port", "0", "--database", database, "--log-level", "none"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        for line in self.process.stdout:
            match = re.match(r"^Serving .* at http://127\.0\.0\.1:(\d+)(/\S*)", line)
            if match:
                self.port, self.base = int(match.group(1)), match.group(2).rstrip("/")
                break
        else:
            fail(f"crudegen serve ended before serving (status {self.process.wait()})")
        # Drain the rest of the output so the server never blocks on a full pipe.
        threading.Thread(target=lambda: [None for _ in self.process.stdout], daemon=True).start()
        self.local = threading.local()

    def request(self, method, path, body=None):
        connection = getattr(self.local, "connection", None)
        if connection is None:
            connection = self.local.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        data = json.dumps(body) if body is not None else None
        connection.request(method, self.base + path, body=data, headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        text = response.read()
        return response.status, (json.loads(text) if text else None)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=30)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("crudegen")
    parser.add_argument("--values", type=int, default=5000)
    parser.add_argument("--clients", type=int, default=64)
    parser.add_argument("--contended", type=int, default=200)
    options = parser.parse_args()

    started = subprocess.run([os.path.join(ROOT, "Scripts/postgres.sh"), "start"], capture_output=True, text=True)
    if started.returncode == 3:
        print(started.stderr.strip(), file=sys.stderr)
        sys.exit(3)
    if started.returncode != 0:
        fail(f"Scripts/postgres.sh start: {started.stderr}")
    lines = dict(line.split("=", 1) for line in started.stdout.split())
    url, folder = lines["url"], lines["dir"]
    servers = []
    try:
        with tempfile.TemporaryDirectory() as scratch:
            spec = os.path.join(scratch, "load.crude.yaml")
            with open(spec, "w") as file:
                file.write(SPEC)
            # Both start at once on the empty database: making its tables must not race.
            with concurrent.futures.ThreadPoolExecutor(2) as pool:
                servers = list(pool.map(lambda _: Server(options.crudegen, spec, url), range(2)))
            run(servers, url, options)
    finally:
        for server in servers:
            server.stop()
        subprocess.run([os.path.join(ROOT, "Scripts/postgres.sh"), "stop", folder], check=False)


def run(servers, url, options):
    def create_and_update(number):
        first, second = servers[number % 2], servers[(number + 1) % 2]
        status, created = first.request("POST", "/items", {"name": f"item-{number}"})
        if status != 201:
            return ("create", number, status, created)
        status, updated = second.request("PATCH", f"/items/{created['id']}", {"count": number})
        if status != 200 or updated.get("count") != number or updated.get("name") != f"item-{number}":
            return ("update", number, status, updated)
        return ("ok", number, created["id"], None)

    began = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(options.clients) as pool:
        results = list(pool.map(create_and_update, range(options.values)))
    elapsed = time.monotonic() - began
    failures = [result for result in results if result[0] != "ok"]
    if failures:
        fail(f"{len(failures)} requests failed, the first: {failures[0]}")
    ids = [result[2] for result in results]
    if len(set(ids)) != len(ids):
        fail(f"{len(ids) - len(set(ids))} ids were given twice")
    print(f"{options.values} creates and {options.values} updates from {options.clients} clients over 2 servers: "
          f"{elapsed:.1f} s, {2 * options.values / elapsed:.0f} requests/s")

    stored = read_back(url)
    if len(stored) != options.values:
        fail(f"the database holds {len(stored)} values, not the {options.values} created")
    for _, number, identifier, _ in results:
        value = stored.get(str(identifier))
        if value is None or value.get("name") != f"item-{number}" or value.get("count") != number:
            fail(f"value {identifier} (client {number}) reads back as {value}")
    print(f"read back from PostgreSQL: {len(stored)} values, ids unique, every name and count as sent")

    contended = ids[: options.contended]

    def update_twice(identifier):
        with concurrent.futures.ThreadPoolExecutor(2) as pair:
            one = pair.submit(servers[0].request, "PATCH", f"/items/{identifier}", {"note": f"note-{identifier}"})
            two = pair.submit(servers[1].request, "PATCH", f"/items/{identifier}", {"count": -identifier})
            return one.result()[0], two.result()[0]

    with concurrent.futures.ThreadPoolExecutor(options.clients) as pool:
        statuses = list(pool.map(update_twice, contended))
    if any(status != (200, 200) for status in statuses):
        fail(f"a contended update failed: {[status for status in statuses if status != (200, 200)][0]}")
    stored = read_back(url)
    lost = [i for i in contended if stored[str(i)].get("note") != f"note-{i}" or stored[str(i)].get("count") != -i]
    if lost:
        fail(f"{len(lost)} of {len(contended)} values lost one of two simultaneous updates, e.g. {stored[str(lost[0])]}")
    print(f"{len(contended)} values updated by both servers at once: both changes kept in every one")


def read_back(url):
    """Every stored value of `Item` by key, read with psql from the database itself."""
    query = "SELECT key, object::text FROM crudegen_serve_record WHERE resource = 'Item'"
    output = subprocess.run(["psql", url, "-At", "-F", "\t", "-c", query], capture_output=True, text=True, check=True).stdout
    return {key: json.loads(value) for key, value in (line.split("\t", 1) for line in output.splitlines() if line)}


if __name__ == "__main__":
    main()
