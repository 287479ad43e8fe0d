#!/usr/bin/env bash
# Runs the hot-path benchmarks of two builds side by side in one run, alternating them so that
# both see the same machine: verification, purchase submission, V2 notifications (SQLite and
# PostgreSQL) and the customer view. Each prints its figures with the build that produced them.
#
#   scripts/bench-compare.sh BASE_BIN_DIR NEW_BIN_DIR [ROUNDS]
#
# Each directory holds a release `storekeeper` and `storekeeper-bench` (e.g. a copy of a previous
# main's `.build/release` and this tree's). ROUNDS (default 2) alternates base, new, base, new, …
# Needs wrk; PostgreSQL runs use $STOREKEEPER_BENCH_POSTGRES_URL or start a throwaway cluster.
# Everything runs on loopback and stops by itself.
set -euo pipefail
cd "$(dirname "$0")/.."
base=$1
new=$2
rounds=${3:-2}
customers=${STOREKEEPER_BENCH_CUSTOMERS:-100000}
seconds=${STOREKEEPER_BENCH_SECONDS:-10}

if [ -z "${STOREKEEPER_BENCH_POSTGRES_URL:-}" ]; then
    STOREKEEPER_BENCH_POSTGRES_URL=$(scripts/start-test-postgres.sh /tmp/storekeeper-bench-postgres 55439)
    export STOREKEEPER_BENCH_POSTGRES_URL
fi

echo "# $(date -u +%FT%TZ) $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# base: $base   new: $new   rounds: $rounds"
for round in $(seq 1 "$rounds"); do
    for build in base new; do
        dir=$base
        [ "$build" = new ] && dir=$new
        work=$(mktemp -d "${TMPDIR:-/tmp}/bench-compare-$build.XXXXXX")
        echo "## round $round, $build"
        "$dir/storekeeper-bench" verify --seconds "$seconds"
        "$dir/storekeeper-bench" purchases --backend sqlite --seconds "$seconds" --directory "$work"
        "$dir/storekeeper-bench" notifications --backend sqlite --seconds "$seconds" --directory "$work"
        "$dir/storekeeper-bench" notifications --backend postgres --seconds "$seconds" --directory "$work"
        "$dir/storekeeper-bench" customers --customers "$customers" --seconds "$seconds" \
            --directory "$work" --database "${TMPDIR:-/tmp}/bench-compare-customers-$build-$customers.sqlite"
        rm -rf "$work"
    done
done
