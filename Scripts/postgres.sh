#!/usr/bin/env bash
# Starts and stops a throwaway PostgreSQL server for tests and benchmarks: a fresh cluster in a temporary
# folder (trust authentication, UTF8, locale C, fsync off), listening on a free port of 127.0.0.1, with an
# empty database `crudegen`. Several servers can run at once. Nothing is installed: when the PostgreSQL
# binaries are missing (Debian: `apt-get install -y postgresql`) it says so on stderr and exits 3, and
# callers skip their tests.
#
#   Scripts/postgres.sh start      prints `url=postgres://postgres@127.0.0.1:PORT/crudegen` and `dir=DIR`
#                                  and exits 0, leaving the server running detached (its log: DIR/postgres.log)
#   Scripts/postgres.sh stop DIR   stops that server and removes DIR; exits 0 also when already stopped
#   Scripts/postgres.sh check      exits 0 when a server can be started here, else 3 (saying why)
#   Scripts/postgres.sh run        starts a server as `start` does, prints the same two lines, then stops it
#                                  and removes its folder when its standard input closes (a test process
#                                  holding the pipe ends), whatever way the holder ends
#
# The binaries are taken from $CRUDEGEN_POSTGRES_BIN, else the newest /usr/lib/postgresql/*/bin, else PATH.
# PostgreSQL refuses to run as root, so as root the server runs as the `postgres` user (through runuser).
set -euo pipefail

usage() { echo "usage: $0 start | run | check | stop DIR" >&2; exit 2; }
missing() { echo "postgres.sh: $1; skipping (install it with: apt-get install -y postgresql)" >&2; exit 3; }

find_bin() {
    local dir
    if [ -n "${CRUDEGEN_POSTGRES_BIN:-}" ]; then
        echo "$CRUDEGEN_POSTGRES_BIN"
        return
    fi
    dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
    if [ -z "$dir" ] && command -v postgres >/dev/null 2>&1; then
        dir="$(dirname "$(command -v postgres)")"
    fi
    echo "$dir"
}

# Server-side commands run as the owner of the cluster: `postgres` when we are root, else ourselves.
owner=()
if [ "$(id -u)" = 0 ]; then owner=(runuser -u postgres --); fi
as_owner() { (cd / && exec ${owner[@]+"${owner[@]}"} "$@"); }

free_port() {
    if command -v python3 >/dev/null 2>&1; then
        python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
    else
        echo $((20000 + RANDOM % 40000))
    fi
}

# Closes every descriptor above 2 that the caller passed down, so the server holds none of its pipes.
close_inherited_fds() {
    local fd
    for fd in $(ls /proc/self/fd 2>/dev/null || ls /dev/fd); do
        if [ "$fd" -gt 2 ]; then eval "exec $fd>&-" 2>/dev/null || true; fi
    done
}

# The postmaster's pid from DIR/data/postmaster.pid, if that process still runs.
postmaster_pid() {
    local pid
    pid="$(head -n 1 "$1/data/postmaster.pid" 2>/dev/null || true)"
    # A stale file's pid may belong to another process by now.
    if [ -n "$pid" ] && ps -o comm= -p "$pid" 2>/dev/null | grep -q postgres; then echo "$pid"; fi
}

stop_server() {
    local dir="$1" pid i
    pid="$(postmaster_pid "$dir")"
    [ -n "$pid" ] || return 0
    kill -INT "$pid" 2>/dev/null || true # fast shutdown
    for i in $(seq 300); do
        kill -0 "$pid" 2>/dev/null || return 0
        sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null || true
}

# The folder of the binaries; exits 3 when a binary, or (as root) the `postgres` user, is missing.
require_binaries() {
    local bin tool
    bin="$(find_bin)"
    [ -n "$bin" ] || missing "PostgreSQL is not installed"
    for tool in initdb postgres pg_isready createdb; do
        [ -x "$bin/$tool" ] || missing "$bin/$tool not found"
    done
    if [ "$(id -u)" = 0 ]; then
        id postgres >/dev/null 2>&1 || missing "running as root but there is no postgres user"
        command -v runuser >/dev/null 2>&1 || missing "running as root but runuser is missing"
    fi
    echo "$bin"
}

start() {
    local bin port attempt deadline detach=(nohup)
    bin="$(require_binaries)"

    # `dir` and `server` are global: the trap reads them.
    dir="$(mktemp -d "${TMPDIR:-/tmp}/crudegen-postgres.XXXXXX")"
    # Until the server is up, any failure removes what was made.
    server=""
    trap 'stop_server "$dir"; if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; fi; rm -rf "$dir"' EXIT
    touch "$dir/.crudegen-postgres" # lets `stop` check that it removes one of ours
    if [ "$(id -u)" = 0 ]; then chown postgres: "$dir"; fi

    if ! as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C \
        --no-sync >"$dir/initdb.log" 2>&1; then
        echo "postgres.sh: initdb failed:" >&2
        cat "$dir/initdb.log" >&2
        exit 1
    fi

    # Detached: own session, no terminal, output in the log and no inherited descriptor, so the server
    # outlives this script and a caller reading its output to the end does not wait for the server.
    # `$!` is the server (or runuser, which waits for it), so `kill -0 $!` tells whether it still runs.
    if command -v setsid >/dev/null 2>&1; then detach=(setsid -w nohup); fi
    # The port is free when chosen but may be taken before the server binds it: then try another.
    for attempt in 1 2 3 4 5; do
        port="$(free_port)"
        (cd / && close_inherited_fds && exec "${detach[@]}" ${owner[@]+"${owner[@]}"} \
            "$bin/postgres" -D "$dir/data" -h 127.0.0.1 -p "$port" -k "$dir" -c fsync=off -c max_connections=200 \
            </dev/null >>"$dir/postgres.log" 2>&1) &
        server=$!
        deadline=$((SECONDS + 30))
        while [ "$SECONDS" -lt "$deadline" ]; do
            if "$bin/pg_isready" -q -h 127.0.0.1 -p "$port"; then break 2; fi
            kill -0 "$server" 2>/dev/null || break # the server gave up (port taken?)
            sleep 0.1
        done
        if kill -0 "$server" 2>/dev/null; then
            echo "postgres.sh: the server did not accept connections within 30 s; its log:" >&2
            cat "$dir/postgres.log" >&2
            exit 1
        fi
    done
    if ! "$bin/pg_isready" -q -h 127.0.0.1 -p "$port"; then
        echo "postgres.sh: the server did not start; its log:" >&2
        cat "$dir/postgres.log" >&2
        exit 1
    fi

    "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres crudegen >&2
    trap - EXIT
    echo "url=postgres://postgres@127.0.0.1:$port/crudegen"
    echo "dir=$dir"
}

stop() {
    local dir="$1"
    [ -d "$dir" ] || exit 0
    if [ ! -e "$dir/.crudegen-postgres" ]; then
        echo "postgres.sh: $dir was not made by '$0 start'; not removing it" >&2
        exit 1
    fi
    stop_server "$dir"
    rm -rf "$dir"
}

run() {
    local lines dir
    lines="$(start)"
    echo "$lines"
    dir="$(sed -n 's/^dir=//p' <<<"$lines")"
    # Until standard input closes: no polling, the end of the pipe is the signal.
    cat >/dev/null || true
    stop "$dir"
}

case "${1:-}" in
    start) [ $# = 1 ] || usage; start ;;
    run) [ $# = 1 ] || usage; run ;;
    check) [ $# = 1 ] || usage; require_binaries >/dev/null ;;
    stop) [ $# = 2 ] || usage; stop "$2" ;;
    *) usage ;;
esac
