#!/usr/bin/env bash
# Reproduces the captured hang: SimulatorClockTests runs under scripts/test-watchdog.sh (which
# keeps the stacks and the cluster's sessions of a run that hangs), and the moment its
# PostgreSQL case has opened its store (stage "store open": its schema exists, its Storekeeper
# has not migrated yet) every connection slot of the test cluster is taken for HOLD seconds with
# scripts/postgres-saturate.sh, as five parallel test runs took them on 2026-11-25. Prints one
# line per run: passed, failed (with the first issue), or HUNG.
#
#   docs/investigations/2026-11-25-suite-hang/reproduce.sh TEST_BINARY POSTGRES_URL RUNS OUT_DIR
#
# TEST_BINARY is a built `storekeeperPackageTests.xctest` (kept beside .build/debug's resource
# bundles); POSTGRES_URL a cluster of your own with a small max_connections (40 was used), since
# the saturation opens that many sessions. HOLD defaults to 15 (longer than the pool's 10 s
# lease timeout).
set -uo pipefail
binary=$1
url=$2
runs=$3
out=$4
hold=${HOLD:-15}
here=$(cd "$(dirname "$0")/../../.." && pwd)
mkdir -p "$out"
for run in $(seq 1 "$runs"); do
    dir="$out/run-$run"
    mkdir -p "$dir"
    : > "$dir/output.log"
    STOREKEEPER_TEST_POSTGRES_URL=$url "$here/scripts/test-watchdog.sh" 150 "$dir" -- \
        "$binary" --testing-library swift-testing --filter SimulatorClockTests > /dev/null 2>&1 &
    watchdog=$!
    for _ in $(seq 1 600); do
        grep -q "simclock PostgreSQL.*store open" "$dir/output.log" 2>/dev/null && break
        kill -0 "$watchdog" 2>/dev/null || break
        sleep 0.1
    done
    "$here/scripts/postgres-saturate.sh" "$url" "$hold" 0 1 &
    wait "$watchdog"
    status=$?
    wait
    case $status in
        0) echo "run $run: passed" ;;
        124) echo "run $run: HUNG at $(grep -o 'simclock PostgreSQL[^]]*] .*' "$dir/output.log" | tail -1) (stacks in $dir)" ;;
        *) echo "run $run: failed ($status): $(grep -m1 -oE 'recorded an issue.*' "$dir/output.log" | cut -c1-170)" ;;
    esac
done
