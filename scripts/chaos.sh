#!/usr/bin/env bash
# Chaos test: kill -9 Storekeeper at random moments under load and check that nothing
# acknowledged is lost or applied twice (scripts/chaos/chaos.py does the work and says what it
# checks; Python 3 standard library only). docs/OPERATIONS.md ("Chaos testing") has the figures.
#
#   scripts/chaos.sh [--short | --long] [--only sqlite|postgres|two-instances]
#                    [--postgres-url URL] [--binary PATH] [--port-base N] [--report-dir DIR]
#
#   --short (default)  10 kills on SQLite, 10 on PostgreSQL, 3 of one of two instances (CI)
#   --long             30 kills on SQLite, 30 on PostgreSQL, 10 of one of two instances
#
# PostgreSQL: --postgres-url (or STOREKEEPER_TEST_POSTGRES_URL) names a server where the checker
# may create and drop a database of its own; without either, a throwaway cluster is started with
# scripts/start-test-postgres.sh on port PORT_BASE+50 and stopped at the end. The binary defaults
# to the debug build's storekeeper (built first if missing). Everything listens on 127.0.0.1,
# ports PORT_BASE (default 21100, below the kernel's ephemeral ports, so no outgoing connection
# ever holds one) to PORT_BASE+50; every process started is stopped on exit.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

variant=short
only=""
postgres_url=${STOREKEEPER_TEST_POSTGRES_URL:-}
binary=""
port_base=21100
report_dir=""
while [ $# -gt 0 ]; do
    case "$1" in
        --short | --long) variant=${1#--} ;;
        --only) only=$2; shift ;;
        --postgres-url) postgres_url=$2; shift ;;
        --binary) binary=$2; shift ;;
        --port-base) port_base=$2; shift ;;
        --report-dir) report_dir=$2; shift ;;
        -h | --help) sed -n '2,18p' "$0"; exit 0 ;;
        *) echo "chaos.sh: unknown argument $1" >&2; exit 2 ;;
    esac
    shift
done
if [ "$variant" = long ]; then kills=30; pair_kills=10; else kills=10; pair_kills=3; fi

if [ -z "$binary" ]; then
    binary="$(swift build --show-bin-path)/storekeeper"
    [ -x "$binary" ] || swift build --product storekeeper
fi

pg_dir=""
cleanup() {
    if [ -n "$pg_dir" ]; then
        scripts/start-test-postgres.sh --stop "$pg_dir" >/dev/null 2>&1 || true
        rm -rf "$pg_dir"
    fi
}
trap cleanup EXIT
wants() { [ -z "$only" ] || [ "$only" = "$1" ]; }
if { wants postgres || wants two-instances; } && [ -z "$postgres_url" ]; then
    pg_dir=$(mktemp -d /tmp/storekeeper-chaos-postgres.XXXXXX)
    postgres_url=$(scripts/start-test-postgres.sh "$pg_dir" $((port_base + 50)))
fi

status=0
run() {
    local name=$1
    shift
    local report=()
    [ -z "$report_dir" ] || report=(--report "$report_dir/chaos-$name.json")
    echo "== chaos: $name ==" >&2
    python3 scripts/chaos/chaos.py --binary "$binary" --port-base "$port_base" "${report[@]}" "$@" || status=1
}
[ -z "$report_dir" ] || mkdir -p "$report_dir"
if wants sqlite; then run sqlite --backend sqlite --kills "$kills"; fi
if wants postgres; then run postgres --backend postgres --postgres-url "$postgres_url" --kills "$kills"; fi
if wants two-instances; then
    run two-instances --backend postgres --postgres-url "$postgres_url" --instances 2 --kills "$pair_kills"
fi
exit "$status"
