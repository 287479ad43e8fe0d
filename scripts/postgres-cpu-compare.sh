#!/usr/bin/env bash
# Storekeeper's CPU per V2 notification on PostgreSQL against the SQLite path's, for two builds
# side by side in one run (the previous main's and this tree's), alternating them round by round
# so both see the same machine:
#
#   scripts/postgres-cpu-compare.sh BASE_BIN_DIR NEW_BIN_DIR POSTGRES_URL [ROUNDS]
#
# Each directory holds a release `storekeeper-bench`. Each round runs, for base then new,
# `storekeeper-bench notifications` on SQLite and on PostgreSQL through the server's Unix-domain
# socket; a round's ratio compares its two runs (a minute apart at most), the summary takes the
# median of the rounds. Needs wrk and psql; about a minute a round.
set -euo pipefail
cd "$(dirname "$0")/.."
base=$1
new=$2
url=$3
rounds=${4:-3}
. scripts/postgres-socket-url.sh
. scripts/notifications-cpu.sh
socket=$(postgres_socket_url_or_exit "$url")

results=$(mktemp)
trap 'rm -f "$results"' EXIT
echo "# $(date -u +%FT%TZ) $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); base $base, new $new"
for round in $(seq 1 "$rounds"); do
    for build in base new; do
        dir=$base
        [ "$build" = new ] && dir=$new
        sqlite=$(notifications_cpu "$dir/storekeeper-bench" --backend sqlite)
        postgres=$(notifications_cpu "$dir/storekeeper-bench" --backend postgres --postgres "$socket")
        echo "$round $build $sqlite $postgres" | tee -a "$results"
    done
done
echo "# ended $(date -u +%FT%TZ), load average $(cut -d' ' -f1-3 /proc/loadavg)"

python3 - "$results" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    round_, build, sqlite_rate, sqlite_cpu, pg_rate, pg_cpu = line.split()
    rows.setdefault(build, []).append((int(sqlite_rate), int(sqlite_cpu), int(pg_rate), int(pg_cpu)))
print()
print("| build | round | SQLite /s | SQLite CPU µs | PostgreSQL (socket) /s | PostgreSQL CPU µs | × the SQLite path's |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
for build, runs in rows.items():
    for index, (sqlite_rate, sqlite_cpu, pg_rate, pg_cpu) in enumerate(runs, 1):
        print(f"| {build} | {index} | {sqlite_rate:,} | {sqlite_cpu:,} | {pg_rate:,} | {pg_cpu:,} | {pg_cpu / sqlite_cpu:.2f}× |")
for build, runs in rows.items():
    ratios = [pg / sqlite for _, sqlite, _, pg in runs]
    print(f"{build}: median {statistics.median(ratios):.2f}× (rounds {', '.join(f'{r:.2f}×' for r in ratios)})")
PY
