#!/usr/bin/env python3
"""`crudegen serve` against the real servers its fixtures' specs were imported from (issue 28).

Two pairs, each serving the same rows (one seed file, in `crudegen serve --data`'s shape, fed to all of them):
  fastapi   `crudegen serve Fixtures/fastapi-imported/spec.yaml` against Tests/FastAPIServer/app.py, the
            FastAPI + SQLModel app that spec was imported from, under uvicorn (one worker, SQLite): heroes,
            list `GET /heroes/`, read `GET /heroes/{id}`, create `POST /heroes/`
  drf       `crudegen serve Fixtures/drf-imported/spec.yaml` against Tests/DRFServer/server.py, the Django REST
            Framework test server (Django's threaded WSGI server, SQLite): page items, list
            `GET /api/page-items/?page_size=N`, read `GET /api/page-items/{id}/`, create `POST /api/page-items/`

Throughput: for each operation (list, read, create, in that order, so lists and reads see the seed alone) and
each count of concurrent clients (--clients), every server of both pairs in turn (the order rotating from
cell to cell, so drift hits all of them) gets --seconds of requests from serve-load (Sources/ServeLoad, a
SwiftNIO client on one event loop thread, release build): each client a keep-alive connection sending one
request after another, after --warmup seconds that are not counted. Reported: requests per second, p50 and
p99 latency, the server's CPU time per request (from /proc/PID/stat) and the ratios crudegen ÷ peer of
requests per second and peer ÷ crudegen of p99 (above 1: crudegen is faster). Creates are also sent to
`crudegen serve --database FILE`, which writes each one through to SQLite as the peers do. The peers' rows
are in SQLite (a file, WAL), crudegen's in memory. Every operation is also sent to `crudegen serve --database
postgres://…` (role crudegen-pg), which keeps nothing in memory and reads and writes each request's values in
a PostgreSQL database of its own, on a throwaway server started by Scripts/postgres.sh (left out when
PostgreSQL is not installed); its CPU per request counts crudegen's process only, not PostgreSQL's. Before timing, the lists and reads of each pair are
fetched from both servers and compared as JSON; the table says where they differ.

The generated server: each spec's server code (`crudegen --server`, Servers/Sources/HeroesServer and
DRFItemsServer, with models) compiled into `generated-serve` with every operation left to its default, started
as `crudegen serve` is (memory; creates over SQLite; everything over PostgreSQL) and measured in the same cells,
with the ratios generated ÷ `crudegen serve` over the same store and generated ÷ peer. Its lists and reads are
compared as JSON with `crudegen serve`'s first. `--roles` leaves servers out.

Memory: each server started alone with --memory-rows rows (100,000): the time until it accepts connections,
its resident memory (VmRSS) once started, and after one client's reads and lists for --memory-seconds each
(VmRSS, and the peak VmHWM), with those reads' and lists' rates. crudegen keeps every row in memory (with
--database, in SQLite as well); the peers keep them in SQLite, so their memory does not grow with the rows.

Both the load generator and the servers run on this machine (2 cores here): the table gives the load
generator's CPU share. Before each cell the driver waits until the 1-minute load average is below
--quiet-load (at most --max-wait seconds), as bench.py does, and records the load.

    Benchmarks/run.sh --parts serve                  builds the release tools, then runs this (about 6 min)
    Benchmarks/run.sh --parts serve --quick          smoke check: 20 rows, 1 and 4 clients, 0.5 s each (1 min)
    python3 Benchmarks/serve_bench.py --table-from JSON   print the tables of saved results

Results (Markdown and JSON) go to Benchmarks/results/serve-STAMP.* (with --quick, to Benchmarks/.work/results/).
"""

import argparse
import datetime
import json
import os
import re
import signal
import subprocess
import sys
import time

import bench
from bench import log, wait_quiet

HERE = bench.HERE
REPO = bench.REPO
WORK = os.path.join(bench.WORK, "serve")
RESULTS = os.path.join(HERE, "results")
OPERATIONS = ["list", "read", "create"]
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")

# Each pair: the spec crudegen serves, the peer it was imported from, the resource and its requests.
# `{id}` cycles through the seeded ids; `{n}` is unique per request (serve-load). `{rows}` is the page size.
PAIRS = {
    "fastapi": {
        "peer": "FastAPI + SQLModel",
        "spec": "Fixtures/fastapi-imported/spec.yaml",
        "server": "Tests/FastAPIServer/app.py",
        "resource": "Hero",
        # The API generated-serve serves (Servers/Sources/HeroesServer, `crudegen --server` of the same spec).
        "generated": "heroes",
        # FastAPI answers at most `limit` (default and maximum 100) heroes; the spec has no pagination, so
        # crudegen answers every hero: throughput runs keep to at most 100 rows, where both answer all.
        "list": "/heroes/",
        "read": "/heroes/{id}",
        "create": "/heroes/",
        "body": '{"name": "Bench {n}", "secret_name": "Secret {n}", "age": 30}',
    },
    "drf": {
        "peer": "DRF",
        "spec": "Fixtures/drf-imported/spec.yaml",
        "server": "Tests/DRFServer/server.py",
        "resource": "PageItem",
        "generated": "drf-items",
        # PageNumberPagination with `page_size` (crudegen reads the same parameter): one page of every row.
        "list": "/api/page-items/?page_size={rows}",
        "read": "/api/page-items/{id}/",
        "create": "/api/page-items/",
        "body": '{"group": "bench", "title": "Item {n}"}',
    },
}


def seed_rows(pair, rows):
    """The seed of `rows` values of the pair's resource, as `crudegen serve --data` reads it."""
    if pair == "fastapi":
        # With microseconds, as pydantic writes the app's created_at, but in UTC with its `Z`: crudegen serve
        # rejects the zone-less form pydantic writes (the app stores the time zone-less and answers it so).
        return {"Hero": [{"id": i, "name": f"Hero {i}", "secret_name": f"Secret {i}", "age": 20 + i % 60, "team_id": None,
                          "created_at": f"2026-11-26T04:{i // 60 % 60:02d}:{i % 60:02d}.{i % 1000000:06d}Z"} for i in range(1, rows + 1)]}
    return {"PageItem": [{"id": i, "group": "bench", "title": f"Item {i}"} for i in range(1, rows + 1)]}


WRITTEN_SEEDS = set()


def seed_file(pair, rows):
    """Writes (once per run, so that a file of an older run's format is never served) and returns the path of
    the pair's seed of `rows` values."""
    path = os.path.join(WORK, f"seed-{pair}-{rows}.json")
    if path not in WRITTEN_SEEDS:
        with open(path + ".tmp", "w") as f:
            json.dump(seed_rows(pair, rows), f)
        os.replace(path + ".tmp", path)
        WRITTEN_SEEDS.add(path)
    return path


class Server:
    """A server process on 127.0.0.1: `crudegen serve` (port 0, its start line names the port) or a Python test
    server (prints `LISTENING <port>`, exits when its standard input closes)."""

    def __init__(self, pair, role, command, crudegen):
        """A server of `pair` in `role` run by `command`; `crudegen` says which of the two ways it announces its port."""
        self.pair, self.role, self.command, self.crudegen = pair, role, command, crudegen
        self.process = None
        self.port = None
        self.start_seconds = None
        self.log_path = os.path.join(WORK, f"{pair}-{role}.log")

    @property
    def key(self):
        """`pair/role`, for the log."""
        return f"{self.pair}/{self.role}"

    def start(self, timeout=300):
        """Starts the process and waits until it accepts connections (at most `timeout` seconds); returns self."""
        started = time.perf_counter()
        self.log_file = open(self.log_path, "w")
        if self.crudegen:
            # crudegen logs one line per request on standard error: into a file, which costs it a write per
            # request, as it does in a terminal, and costs this driver nothing.
            self.process = subprocess.Popen(self.command, stdin=subprocess.DEVNULL, stdout=self.log_file, stderr=self.log_file, cwd=REPO)
            while True:
                text = open(self.log_path).read()
                match = re.search(r"at http://[^:/]+:(\d+)", text)
                if match:
                    self.port = int(match.group(1))
                    break
                if self.process.poll() is not None or time.perf_counter() - started > timeout:
                    sys.exit(f"{self.key} did not start: {text[-2000:]}")
                time.sleep(0.01)
        else:
            self.process = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log_file, cwd=REPO, text=True)
            line = self.process.stdout.readline()
            if not line.startswith("LISTENING "):
                sys.exit(f"{self.key} did not start: {line}{open(self.log_path).read()[-2000:]}")
            self.port = int(line.split()[1])
        self.start_seconds = time.perf_counter() - started
        log(f"  {self.key} listening on {self.port} after {self.start_seconds:.2f} s")
        return self

    def cpu_seconds(self):
        """User + system CPU time of the process, all its threads."""
        fields = open(f"/proc/{self.process.pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS

    def memory_mb(self):
        """VmRSS and VmHWM (peak) of the process in MB."""
        values = {}
        for line in open(f"/proc/{self.process.pid}/status"):
            name, _, rest = line.partition(":")
            if name in ("VmRSS", "VmHWM"):
                values[name] = int(rest.split()[0]) / 1024
        return values["VmRSS"], values["VmHWM"]

    def stop(self):
        """Ends the process as its tests do (SIGTERM for crudegen, standard input closed for the Python servers)."""
        if self.process is None:
            return
        if self.process.poll() is None:
            if self.crudegen:
                self.process.send_signal(signal.SIGTERM)
            else:
                self.process.stdin.close()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log_file.close()
        self.process = None


def make_server(args, pair, role, rows, database=None):
    """The server of `role` of `pair`, serving `rows` seeded values: `crudegen serve` (crudegen, crudegen-db over
    SQLite, crudegen-pg over PostgreSQL), the spec's generated server (generated, generated-db, generated-pg) or
    the peer."""
    seed = seed_file(pair, rows)
    spec = PAIRS[pair]
    if role == "peer":
        return Server(pair, role, [args.python, spec["server"], "--seed", seed], crudegen=False)
    if role.startswith("generated"):
        command = [args.generated_serve, spec["generated"], "--port", "0", "--data", seed]
    else:
        command = [args.crudegen, "serve", spec["spec"], "--port", "0", "--data", seed]
    if role.endswith("-db"):
        # A new file each time, filled from the seed (an existing one would be served instead).
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(database + suffix):
                os.remove(database + suffix)
        command += ["--database", database]
    if role.endswith("-pg"):
        command += ["--database", database]
    return Server(pair, role, command, crudegen=True)


def start_postgres():
    """A throwaway PostgreSQL server from Scripts/postgres.sh: (url, folder), or None without PostgreSQL."""
    script = os.path.join(REPO, "Scripts", "postgres.sh")
    started = subprocess.run([script, "start"], capture_output=True, text=True)
    if started.returncode == 3:
        log(f"  no PostgreSQL: {started.stderr.strip()}; crudegen serve over PostgreSQL left out")
        return None
    if started.returncode != 0:
        raise SystemExit(f"Scripts/postgres.sh start failed: {started.stderr}")
    lines = dict(line.split("=", 1) for line in started.stdout.split())
    return lines["url"], lines["dir"]


def postgres_database(url, name):
    """The URL of a new database `name` on the server of `url`."""
    subprocess.run(["psql", url, "-qc", f"CREATE DATABASE {name}"], check=True)
    return url.rsplit("/", 1)[0] + "/" + name


def target(pair, operation, rows):
    """The request target of `operation` of `pair`, its page size all `rows` (at most FastAPI's 100)."""
    return PAIRS[pair][operation].replace("{rows}", str(min(rows, 100)))


def busy_cpu_seconds():
    """CPU time every core of the machine has spent busy (not idle or waiting for I/O) since boot."""
    values = [int(v) for v in open("/proc/stat").readline().split()[1:9]]
    return (sum(values) - values[3] - values[4]) / CLOCK_TICKS


def wait_idle(args, phase):
    """Waits until the machine's cores were busy less than --quiet-cores over half a second (the servers idle
    between cells, so what is busy then is someone else's work), at most --cell-wait seconds. The load
    average cannot tell this: the cells before raise it themselves."""
    start = time.time()
    announced = False
    while True:
        before, clock = busy_cpu_seconds(), time.perf_counter()
        time.sleep(0.5)
        busy = (busy_cpu_seconds() - before) / (time.perf_counter() - clock)
        if busy < args.quiet_cores or time.time() - start >= args.cell_wait:
            break
        if not announced:
            log(f"  waiting for busy cores < {args.quiet_cores} before {phase} (now {busy:.2f}, at most {args.cell_wait:.0f} s)")
            announced = True
    waited = time.time() - start
    return {"idle_busy_cores": round(busy, 2), "waited_seconds": round(waited, 1), "load": float(open("/proc/loadavg").read().split()[0])}


def load(args, server, operation, clients, rows, seconds, warmup):
    """Runs serve-load against `server`; its JSON report plus the server's CPU time per request."""
    command = [args.serve_load, "--port", str(server.port), "--clients", str(clients), "--seconds", str(seconds),
               "--warmup", str(warmup), "--target", target(server.pair, operation, rows), "--ids", f"1-{rows}"]
    if operation == "create":
        command += ["--method", "POST", "--body", PAIRS[server.pair]["body"]]
    cpu_before, busy_before = server.cpu_seconds(), busy_cpu_seconds()
    output = subprocess.run(command, capture_output=True, text=True)
    cpu, busy = server.cpu_seconds() - cpu_before, busy_cpu_seconds() - busy_before
    if output.returncode != 0:
        sys.exit(f"serve-load failed against {server.key}: {output.stderr}")
    report = json.loads(output.stdout)
    # The server's CPU over the whole run (warm-up included) per request answered in it, estimated from the
    # measured rate; the load generator's share of the run's CPU the same way.
    total = max(1, report["rps"] * report["wall_seconds"])
    report["server_cpu_us"] = cpu / total * 1e6
    report["server_cpu_share"] = cpu / report["wall_seconds"]
    report["client_cpu_share"] = report["client_cpu_seconds"] / report["wall_seconds"]
    # What the rest of the machine (the other engineer's builds, say) took meanwhile, in cores.
    report["other_cores"] = max(0.0, busy - cpu - report["client_cpu_seconds"]) / report["wall_seconds"]
    bad = {status: count for status, count in report["statuses"].items() if not status.startswith("2")}
    if bad or report["errors"] or report["requests"] == 0:
        log(f"    {server.key} {operation}: statuses {report['statuses']}, errors {report['errors'][:3]}")
    return report


def fetch(server, path, method="GET", body=None):
    """One request without keep-alive, for the JSON comparison: (status, parsed body)."""
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    headers = {"Content-Type": "application/json"} if body else {}
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    try:
        return response.status, json.loads(data)
    except ValueError:
        return response.status, data.decode(errors="replace")


def differences(left, right, names=("crudegen", "the peer"), where="", out=None, limit=6):
    """Where two JSON values differ, as short phrases naming their servers `names` (at most `limit`; lists
    compared item by item)."""
    out = [] if out is None else out
    if len(out) >= limit:
        return out
    mine, theirs = names
    if isinstance(left, dict) and isinstance(right, dict):
        for key in sorted(set(left) | set(right)):
            if key not in right:
                out.append(f"`{where}{key}` only from {mine}")
            elif key not in left:
                out.append(f"`{where}{key}` only from {theirs}")
            else:
                differences(left[key], right[key], names, f"{where}{key}.", out, limit)
            if len(out) >= limit:
                break
    elif isinstance(left, list) and isinstance(right, list):
        if len(left) != len(right):
            out.append(f"`{where.rstrip('.') or 'list'}`: {len(left)} items from {mine}, {len(right)} from {theirs}")
        for item_left, item_right in zip(left, right):
            before = len(out)
            differences(item_left, item_right, names, where + "[].", out, limit)
            if len(out) > before:
                break  # the first differing item stands for the rest
    elif left != right:
        out.append(f"`{where.rstrip('.')}`: {json.dumps(left)[:60]} from {mine}, {json.dumps(right)[:60]} from {theirs}")
    return out


def compare(servers, rows, roles=("crudegen", "peer"), names=("crudegen", "the peer")):
    """The lists and reads of each pair, fetched from its servers of `roles` and compared as JSON, the
    differences naming the servers `names`: {pair: {operation: [differences]}}; pairs without both left out."""
    checks = {}
    for pair in PAIRS:
        if not all((pair, role) in servers for role in roles):
            continue
        mine, theirs = (servers[(pair, role)] for role in roles)
        checks[pair] = {}
        for operation in ("list", "read"):
            path = target(pair, operation, rows).replace("{id}", "1")
            (status_mine, body_mine), (status_theirs, body_theirs) = fetch(mine, path), fetch(theirs, path)
            found = differences(body_mine, body_theirs, names)
            if status_mine != status_theirs:
                found.insert(0, f"status {status_mine} from {names[0]}, {status_theirs} from {names[1]}")
            checks[pair][operation] = found
            log(f"  {pair} {roles[0]} {operation} {path}: " + (f"the same JSON as {names[1]}" if not found else "; ".join(found)))
    return checks


def compare_creates(servers):
    """One create on each server of each pair: the statuses and the keys of the answers."""
    checks = {}
    for pair in PAIRS:
        body = PAIRS[pair]["body"].replace("{n}", "check")
        answers = {role: fetch(servers[(pair, role)], PAIRS[pair]["create"], "POST", body) for role in ("crudegen", "peer")}
        (status_mine, body_mine), (status_peer, body_peer) = answers["crudegen"], answers["peer"]
        keys_mine = sorted(body_mine) if isinstance(body_mine, dict) else []
        keys_peer = sorted(body_peer) if isinstance(body_peer, dict) else []
        checks[pair] = {"status": [status_mine, status_peer], "keys": [keys_mine, keys_peer]}
        log(f"  {pair} create: status {status_mine} / {status_peer}, keys {keys_mine} / {keys_peer}")
    return checks


def bench_throughput(args, results):
    """Starts every server with --rows rows, compares their JSON, runs every cell and stores them in `results`."""
    rows = args.rows
    servers = {}
    postgres = start_postgres()
    try:
        for pair in PAIRS:
            for role in args.roles:
                if role.endswith("-pg") and not postgres:
                    continue
                database = (postgres_database(postgres[0], f"{pair}_{role.replace('-', '_')}") if role.endswith("-pg")
                            else os.path.join(WORK, f"{pair}-{role}-throughput.sqlite"))
                servers[(pair, role)] = make_server(args, pair, role, rows, database).start()
        results["json_check"] = compare(servers, rows)
        results["generated_check"] = compare(servers, rows, ("generated", "crudegen"), ("the generated server", "crudegen serve"))
        cells = []
        order = list(servers)
        for operation in args.operations:
            for clients in args.clients:
                quiet = wait_idle(args, f"{operation} at {clients} clients")
                # Rotate the order cell by cell, so no server always runs first after the wait.
                shift = len(cells) % len(order)
                for key in order[shift:] + order[:shift]:
                    server = servers[key]
                    if server.role.endswith("-db") and operation != "create":
                        continue  # reads and lists come from memory with or without --database
                    report = load(args, server, operation, clients, rows, args.seconds, args.warmup)
                    cells.append({"pair": key[0], "role": key[1], "operation": operation, "clients": clients, **quiet, **report})
                    log(f"    {server.key:22} {operation:6} c={clients:<3} {report['rps']:9.0f} req/s  p50 {report['p50_ms']:7.2f} ms"
                        f"  p99 {report['p99_ms']:7.2f} ms  server {report['server_cpu_us']:7.0f} µs/req  client CPU {report['client_cpu_share']:.0%}"
                        f"  others {report['other_cores']:.2f} cores")
                results["throughput"] = cells
        results["create_check"] = compare_creates(servers)
    finally:
        for server in servers.values():
            server.stop()
        if postgres:
            subprocess.run([os.path.join(REPO, "Scripts", "postgres.sh"), "stop", postgres[1]], check=False)


def bench_memory(args, results):
    """Starts each server alone with --memory-rows rows and measures its start, memory, reads and lists."""
    rows = args.memory_rows
    entries = []
    for pair in PAIRS:
        for role in ("crudegen", "crudegen-db", "peer"):
            quiet = wait_idle(args, f"memory of {pair}/{role}")
            server = make_server(args, pair, role, rows, os.path.join(WORK, f"{pair}-memory.sqlite"))
            try:
                server.start()
                time.sleep(1)  # settled: a server's lazy set-up after it listens
                rss_started, _ = server.memory_mb()
                entry = {"pair": pair, "role": role, "rows": rows, "start_seconds": server.start_seconds, "rss_started_mb": rss_started, **quiet}
                for operation in ("read", "list"):
                    report = load(args, server, operation, 1, rows, args.memory_seconds, 0.2)
                    entry[operation] = {key: report[key] for key in ("rps", "requests", "p50_ms", "p99_ms", "mean_body_bytes", "statuses", "other_cores")}
                entry["rss_after_mb"], entry["hwm_mb"] = server.memory_mb()
                entries.append(entry)
                log(f"    {server.key:22} {rows} rows: started in {entry['start_seconds']:.2f} s, RSS {rss_started:.0f} MB,"
                    f" after reads and lists {entry['rss_after_mb']:.0f} MB (peak {entry['hwm_mb']:.0f} MB);"
                    f" read {entry['read']['rps']:.0f}/s, list {entry['list']['rps']:.1f}/s ({entry['list']['mean_body_bytes']} bytes)")
            finally:
                server.stop()
            results["memory"] = entries


# --- tables ----------------------------------------------------------------------------------------------
ROLE_NAMES = {"crudegen": "crudegen serve", "crudegen-db": "crudegen serve --database", "crudegen-pg": "crudegen serve over PostgreSQL",
              "generated": "generated server", "generated-db": "generated server, SQLite", "generated-pg": "generated server over PostgreSQL"}
ROLES = ["crudegen", "crudegen-db", "crudegen-pg", "generated", "generated-db", "generated-pg", "peer"]


def fmt_rate(value):
    """Requests per second, whole above 100."""
    return f"{value:,.0f}" if value >= 100 else f"{value:.1f}"


def fmt_ms(value):
    """Milliseconds with about three significant digits."""
    return f"{value:.2f}" if value < 10 else f"{value:.1f}" if value < 100 else f"{value:.0f}"


def throughput_table(results, pair):
    """The Markdown table of one pair's cells, crudegen beside its peer, with the ratios."""
    cells = {(c["role"], c["operation"], c["clients"]): c for c in results.get("throughput", []) if c["pair"] == pair}
    if not cells:
        return []
    peer = PAIRS[pair]["peer"]
    out = [f"#### {PAIRS[pair]['resource']}: `crudegen serve {PAIRS[pair]['spec']}` against {peer}", "",
           f"| operation | clients | crudegen req/s | p50 ms | p99 ms | CPU µs/req | {peer} req/s | p50 ms | p99 ms | CPU µs/req "
           "| req/s crudegen ÷ peer | p99 peer ÷ crudegen | others |",
           "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for operation in OPERATIONS:
        for role in ("crudegen", "crudegen-db", "crudegen-pg"):
            for clients in sorted({c for (_, o, c) in cells if o == operation}):
                mine, theirs = cells.get((role, operation, clients)), cells.get(("peer", operation, clients))
                if not mine or not theirs:
                    continue
                name = {"crudegen": operation, "crudegen-db": f"{operation}, crudegen with `--database` (SQLite)",
                        "crudegen-pg": f"{operation}, crudegen over PostgreSQL"}[role]
                rate = mine["rps"] / theirs["rps"] if theirs["rps"] else float("inf")
                p99 = theirs["p99_ms"] / mine["p99_ms"] if mine["p99_ms"] else float("inf")
                out.append(f"| {name} | {clients} | {fmt_rate(mine['rps'])} | {fmt_ms(mine['p50_ms'])} | {fmt_ms(mine['p99_ms'])} "
                           f"| {mine['server_cpu_us']:.0f} | {fmt_rate(theirs['rps'])} | {fmt_ms(theirs['p50_ms'])} | {fmt_ms(theirs['p99_ms'])} "
                           f"| {theirs['server_cpu_us']:.0f} | **{rate:.1f}×** | **{p99:.1f}×** | {max(mine['other_cores'], theirs['other_cores']):.2f} |")
    out.append("")
    return out


def generated_table(results, pair):
    """The Markdown table of one pair's generated server, beside `crudegen serve` over the same store and the peer."""
    cells = {(c["role"], c["operation"], c["clients"]): c for c in results.get("throughput", []) if c["pair"] == pair}
    if not any(role.startswith("generated") for (role, _, _) in cells):
        return []
    peer = PAIRS[pair]["peer"]
    out = [f"#### {PAIRS[pair]['resource']}: the generated server of `{PAIRS[pair]['spec']}` against `crudegen serve` and {peer}", "",
           "| operation | clients | generated req/s | p50 ms | p99 ms | CPU µs/req | crudegen serve req/s | p99 ms "
           f"| req/s generated ÷ crudegen serve | p99 crudegen serve ÷ generated | req/s generated ÷ {peer} | p99 {peer} ÷ generated | others |",
           "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for operation in OPERATIONS:
        for role, serve_role, store in (("generated", "crudegen", ""), ("generated-db", "crudegen-db", ", SQLite"), ("generated-pg", "crudegen-pg", ", PostgreSQL")):
            for clients in sorted({c for (_, o, c) in cells if o == operation}):
                mine, serve, theirs = cells.get((role, operation, clients)), cells.get((serve_role, operation, clients)), cells.get(("peer", operation, clients))
                if not mine or not serve or not theirs:
                    continue

                def ratio(a, b):
                    return f"**{a / b:.2f}×**" if b else "∞"
                out.append(f"| {operation}{store} | {clients} | {fmt_rate(mine['rps'])} | {fmt_ms(mine['p50_ms'])} | {fmt_ms(mine['p99_ms'])} "
                           f"| {mine['server_cpu_us']:.0f} | {fmt_rate(serve['rps'])} | {fmt_ms(serve['p99_ms'])} "
                           f"| {ratio(mine['rps'], serve['rps'])} | {ratio(serve['p99_ms'], mine['p99_ms'])} "
                           f"| {ratio(mine['rps'], theirs['rps'])} | {ratio(theirs['p99_ms'], mine['p99_ms'])} "
                           f"| {max(mine['other_cores'], serve['other_cores'], theirs['other_cores']):.2f} |")
    out.append("")
    return out


def check_lines(results):
    """The JSON comparisons as a Markdown list."""
    out = []
    for pair, checks in results.get("json_check", {}).items():
        for operation, found in checks.items():
            out.append(f"- {pair} {operation}: " + ("the same JSON from both." if not found else "; ".join(found) + "."))
    for pair, check in results.get("create_check", {}).items():
        mine, theirs = check["keys"]
        keys = "the same keys" if mine == theirs else f"keys {', '.join(mine)} from crudegen, {', '.join(theirs)} from the peer"
        out.append(f"- {pair} create: status {check['status'][0]} from crudegen, {check['status'][1]} from the peer; {keys}.")
    for pair, checks in results.get("generated_check", {}).items():
        for operation, found in checks.items():
            out.append(f"- {pair} {operation}, generated server: " + ("the same JSON as crudegen serve." if not found else "; ".join(found) + "."))
    return out + [""] if out else []


def memory_table(results):
    """The Markdown table of the memory runs."""
    entries = results.get("memory", [])
    if not entries:
        return []
    out = [f"#### Memory with {entries[0]['rows']:,} stored rows (one client's reads, then lists, {results['options']['memory_seconds']} s each)", "",
           "| server | started in | RSS started | RSS after reads and lists | peak RSS | reads/s | lists/s | list body | others |",
           "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for entry in entries:
        name = ROLE_NAMES.get(entry["role"], PAIRS[entry["pair"]]["peer"])
        name = f"{name} ({PAIRS[entry['pair']]['resource']})"
        out.append(f"| {name} | {entry['start_seconds']:.2f} s | {entry['rss_started_mb']:.0f} MB | {entry['rss_after_mb']:.0f} MB "
                   f"| {entry['hwm_mb']:.0f} MB | {fmt_rate(entry['read']['rps'])} | {fmt_rate(entry['list']['rps'])} "
                   f"| {entry['list']['mean_body_bytes'] / 1024:,.0f} KB | {max(entry['read']['other_cores'], entry['list']['other_cores']):.2f} |")
    out.append("")
    return out


def table(results):
    """Every table of `results`, in Markdown."""
    meta = results["meta"]
    out = [f"### `crudegen serve` against FastAPI and DRF on loopback", "",
           f"Measured {meta['date']} on {meta['machine']}.  ",
           f"Command: `{meta['command']}`  ",
           f"Harness wall time: {meta.get('harness_seconds', 0) / 60:.1f} min."]
    cells = results.get("throughput", [])
    if cells:
        options = results["options"]
        share = max(c["client_cpu_share"] for c in cells)
        others = sorted(c["other_cores"] for c in cells)
        quiet = meta.get("quiet_wait", {})
        out += ["", f"{options['rows']} rows seeded; {options['seconds']} s of requests per cell after {options['warmup']} s of warm-up, "
                f"the servers in turn, the order rotating from cell to cell. 1-minute load average {quiet.get('load', 0):.2f} at the start "
                f"(after {quiet.get('waited_seconds', 0):.0f} s of waiting). The load generator used at most {share:.0%} of one core. "
                f"*CPU µs/req*: the server process's CPU time per request. *others*: cores busy with other processes during the "
                f"cell (the larger of the two servers' cells; median over all cells {others[len(others) // 2]:.2f}, max {others[-1]:.2f}).", ""]
        for pair in PAIRS:
            out += throughput_table(results, pair)
        for pair in PAIRS:
            out += generated_table(results, pair)
    checks = check_lines(results)
    if checks:
        out += ["The same requests to both servers of a pair, before the timed ones (lists and reads) and after them (a create):", ""] + checks
    out += memory_table(results)
    return "\n".join(out) + "\n"


def main():
    """Reads the options, builds nothing (run.sh does), measures and writes the results."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, help="rows seeded for the throughput runs, at most 100 (default 100; with --quick, 20)")
    parser.add_argument("--memory-rows", type=int, help="rows seeded for the memory runs (default 100000; with --quick, 1000)")
    parser.add_argument("--clients", help="comma-separated counts of concurrent clients (default 1,16,64; with --quick, 1,4)")
    parser.add_argument("--operations", default=",".join(OPERATIONS), help="comma-separated: list, read, create (default all)")
    parser.add_argument("--seconds", type=float, help="measured seconds per cell (default 3; with --quick, 0.5)")
    parser.add_argument("--warmup", type=float, help="seconds of requests before the measured ones (default 0.5; with --quick, 0.1)")
    parser.add_argument("--memory-seconds", type=float, help="seconds of reads, then of lists, in the memory runs (default 2; with --quick, 0.3)")
    parser.add_argument("--parts", default="throughput,memory", help="comma-separated: throughput, memory (default both)")
    parser.add_argument("--crudegen", default=os.path.join(HERE, "Servers", ".build", "release", "crudegen"),
                        help="a crudegen built with the CrudeServe trait (default Benchmarks/Servers/.build/release/crudegen, which run.sh builds)")
    parser.add_argument("--generated-serve", default=os.path.join(HERE, "Servers", ".build", "release", "generated-serve"),
                        help="the generated servers (default Benchmarks/Servers/.build/release/generated-serve, which run.sh builds)")
    parser.add_argument("--roles", default=",".join(ROLES), help=f"comma-separated servers to measure (default all: {', '.join(ROLES)})")
    parser.add_argument("--serve-load", default=os.path.join(bench.BIN, "serve-load"), help="the load generator (default Benchmarks/.build/release/serve-load)")
    parser.add_argument("--python", help="the Python with FastAPI and DRF (default: what Scripts/python-env.sh prints)")
    parser.add_argument("--quiet-load", type=float, default=0.8, help="wait for a 1-minute load average below this (default 0.8)")
    parser.add_argument("--max-wait", type=float, help="seconds to wait for it at most, once at the start (default 180; with --quick, 0)")
    parser.add_argument("--quiet-cores", type=float, default=0.3,
                        help="before each cell, wait until the machine's cores were busy less than this over 0.5 s (default 0.3)")
    parser.add_argument("--cell-wait", type=float, help="seconds to wait for that at most, per cell (default 30; with --quick, 0)")
    parser.add_argument("--quick", action="store_true", help="smoke check: 20 rows, 1 and 4 clients, 0.5 s per cell, no waiting")
    parser.add_argument("--table-from", metavar="JSON", help="print the tables of saved results, measuring nothing")
    parser.add_argument("--command", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.table_from:
        with open(args.table_from) as f:
            print(table(json.load(f)))
        return
    quick = args.quick

    def default(value, normal, smoke):
        """`value` if given, else the full run's or the smoke check's default."""
        return value if value is not None else smoke if quick else normal

    args.rows = default(args.rows, 100, 20)
    args.memory_rows = default(args.memory_rows, 100_000, 1000)
    args.clients = [int(c) for c in default(args.clients, "1,16,64", "1,4").split(",") if c]
    args.seconds = default(args.seconds, 3.0, 0.5)
    args.warmup = default(args.warmup, 0.5, 0.1)
    args.memory_seconds = default(args.memory_seconds, 2.0, 0.3)
    args.max_wait = default(args.max_wait, 180, 0)
    args.cell_wait = default(args.cell_wait, 30, 0)
    args.operations = [o for o in args.operations.split(",") if o]
    parts = [p for p in args.parts.split(",") if p]
    if set(args.operations) - set(OPERATIONS) or set(parts) - {"throughput", "memory"}:
        parser.error("unknown operation or part")
    if not 1 <= args.rows <= 100:
        # FastAPI answers at most 100 heroes per list, crudegen every one: beyond 100 the lists differ.
        parser.error("--rows must be 1 to 100")
    # Absolute: the servers run in the repository's root, where the specs' paths start.
    args.crudegen, args.serve_load, args.generated_serve = map(os.path.abspath, (args.crudegen, args.serve_load, args.generated_serve))
    args.roles = [r for r in args.roles.split(",") if r]
    if set(args.roles) - set(ROLES) or not {"crudegen", "peer"} <= set(args.roles):
        parser.error(f"--roles: some of {', '.join(ROLES)}, crudegen and peer among them")
    for path in (args.crudegen, args.serve_load) + ((args.generated_serve,) if any(r.startswith("generated") for r in args.roles) else ()):
        if not os.access(path, os.X_OK):
            sys.exit(f"no {path}: build it first (Benchmarks/run.sh --parts serve does)")
    args.python = args.python or subprocess.run([os.path.join(REPO, "Scripts", "python-env.sh")], capture_output=True, text=True,
                                                check=True).stdout.strip()
    os.makedirs(WORK, exist_ok=True)

    started = time.time()
    results = {"meta": {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": bench.machine(),
        "command": args.command or " ".join(["python3", "Benchmarks/serve_bench.py"] + sys.argv[1:]),
        "load_at_start": open("/proc/loadavg").read().split()[:3],
        "commit": subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True).stdout.strip(),
    }, "options": {"rows": args.rows, "memory_rows": args.memory_rows, "clients": args.clients, "seconds": args.seconds,
                   "warmup": args.warmup, "memory_seconds": args.memory_seconds, "operations": args.operations, "quick": quick}}
    folder = os.path.join(bench.WORK, "results") if quick else RESULTS
    os.makedirs(folder, exist_ok=True)
    base = os.path.join(folder, "serve-" + datetime.datetime.now().strftime("%Y%m%d-%H%M%S") + ("-quick" if quick else ""))
    # Once, before anything runs: the 1-minute load average below --quiet-load, as bench.py waits (each cell
    # then waits for idle cores, which the cells' own load does not hide).
    results["meta"]["quiet_wait"] = wait_quiet(args, "the first cell")
    for part, function in (("throughput", bench_throughput), ("memory", bench_memory)):
        if part in parts:
            log(f"== {part}")
            function(args, results)
            results["meta"]["harness_seconds"] = time.time() - started
            with open(base + ".json", "w") as f:
                json.dump(results, f, indent=2)
    text = table(results)
    with open(base + ".md", "w") as f:
        f.write(text)
    print(text)
    log(f"results in {base}.md (and .json)")


if __name__ == "__main__":
    main()
