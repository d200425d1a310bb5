#!/usr/bin/env bash
# Builds the crudegen command, `crudegen serve` included, and installs it as PREFIX/bin/crudegen.
#
#   Scripts/install.sh                      # release build, installed in ~/.local/bin
#   Scripts/install.sh --prefix /usr/local  # anywhere you can write (sudo for a system folder)
#   Scripts/install.sh --debug --prefix DIR # the debug build `swift test` already made: nothing rebuilt
#
# Linux and macOS alike: Swift 6.1 or later, nothing else. The build uses the package's own `.build`
# folder with the traits README's test command uses (CrudeAsyncHTTPClient, CrudeServe), so installing,
# `swift run` and `swift test` share one build instead of rebuilding the package for each set of traits.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
prefix="$HOME/.local"
configuration=release
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) prefix="${2:?--prefix needs a folder}"; shift 2 ;;
        --prefix=*) prefix="${1#--prefix=}"; shift ;;
        --debug) configuration=debug; shift ;;
        -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
    esac
done

cd "$root"
# SwiftPM rebuilds when the environment differs from the last build's, and this script's bash raised
# SHLVL by one: put it back, so that a build made by its caller (`swift test`, `swift run`) is reused.
export SHLVL=$((${SHLVL:-1} - 1))
build=(swift build -c "$configuration" --traits CrudeAsyncHTTPClient,CrudeServe,CrudePostgreSQL)
"${build[@]}" --product crudegen
binary="$("${build[@]}" --show-bin-path)/crudegen"
mkdir -p "$prefix/bin"
# Copied beside its final name, then renamed: a running crudegen is never overwritten in place.
cp "$binary" "$prefix/bin/.crudegen.new"
chmod 755 "$prefix/bin/.crudegen.new"
mv -f "$prefix/bin/.crudegen.new" "$prefix/bin/crudegen"
echo "installed $prefix/bin/crudegen ($("$prefix/bin/crudegen" --version))"
case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "add $prefix/bin to PATH to run it as crudegen" ;;
esac
