#!/usr/bin/env bash
# Two PostgreSQL goals, measured in one run:
#   - Storekeeper's CPU per notification on PostgreSQL no more than the SQLite path's;
#   - its notifications per second at least 0.75x of PostgreSQL's own ceiling for the same writes.
#
#   scripts/postgres-goals.sh STOREKEEPER_BINARY POSTGRES_URL [ROUNDS]
#
# STOREKEEPER_BINARY is `storekeeper` (its `migrate` prepares the ceiling's schema); the
# measurements run `storekeeper-bench` from the same directory.
#
# Runs, in this order: the pgbench ceiling (scripts/pgbench-ceiling.sh) over the URL's connection
# and through the server's Unix-domain socket; ROUNDS (default 3) rounds of
# `storekeeper-bench notifications` alternating SQLite, PostgreSQL over the URL and through the socket;
# the two ceilings again. Each ratio compares runs of one round (CPU) or of this run (ceiling,
# the best of its client counts and of its two passes), because on a shared machine only figures
# taken minutes apart compare. Then prints what 0.75x of the ceiling leaves Storekeeper: the CPU
# of all cores at that rate, less PostgreSQL's own per transaction at the ceiling (wrk's is not
# taken off, in Storekeeper's favour). Needs wrk, pgbench, psql and python3; about 10 minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$1
bench_bin=$(dirname "$bin")/storekeeper-bench
url=$2
rounds=${3:-3}
. scripts/postgres-socket-url.sh
. scripts/notifications-cpu.sh
socket=$(postgres_socket_url_or_exit "$url")

results=$(mktemp)
trap 'rm -f "$results"' EXIT

# ceiling LABEL URL: one line per client count, "ceiling LABEL TPS POSTGRES_CPU_US".
ceiling() {
    local out
    out=$(scripts/pgbench-ceiling.sh "$bin" "$2")
    printf '%s\n' "$out" >&2
    printf '%s\n' "$out" |
        awk -v label="$1" '/notification-writes.sql/ {
            for (i = 1; i <= NF; i++) {
                if ($i == "clients:") { tps = $(i + 1); gsub(",", "", tps) }
                if ($i == "PostgreSQL") { cpu = $(i + 1) }
            }
            print "ceiling", label, tps, cpu
        }' >>"$results"
}

# notifications ROUND LABEL ARGS...: "run ROUND LABEL REQUESTS_PER_S CPU_US_PER_NOTIFICATION".
notifications() {
    local round=$1 label=$2 figures
    shift 2
    figures=$(notifications_cpu "$bench_bin" "$@") || { echo "round $round, $label: the figures do not count" >&2; exit 1; }
    echo "run $round $label $figures" | tee -a "$results" >&2
}

echo "# $(date -u +%FT%TZ) $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $bin" >&2
ceiling tcp "$url"
ceiling socket "$socket"
for round in $(seq 1 "$rounds"); do
    notifications "$round" sqlite --backend sqlite
    notifications "$round" tcp --backend postgres --postgres "$url"
    notifications "$round" socket --backend postgres --postgres "$socket"
done
ceiling tcp "$url"
ceiling socket "$socket"
echo "# ended $(date -u +%FT%TZ), load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2

python3 - "$results" "$(nproc)" <<'PY'
import statistics, sys
runs, ceilings = {}, {}
for line in open(sys.argv[1]):
    kind, *fields = line.split()
    if kind == "run":
        round_, label, rate, cpu = fields
        runs.setdefault(int(round_), {})[label] = (int(rate), int(cpu))
    else:
        label, rate, cpu = fields
        ceilings.setdefault(label, []).append((float(rate), float(cpu)))
cores = int(sys.argv[2])
best = {label: max(passes) for label, passes in ceilings.items()}

print()
print(f"PostgreSQL goals [{cores} cores; ceiling = best pgbench pass of this run]")
for label, (rate, cpu) in best.items():
    print(f"  ceiling, {label:<6}  {rate:7,.0f} transactions/s, PostgreSQL {cpu:4.0f} µs of CPU per transaction")
print("  round  SQLite /s   µs | TCP /s    µs  ×SQLite  ×ceiling | socket /s   µs  ×SQLite  ×ceiling")
ratios = {"tcp": ([], []), "socket": ([], [])}
for round_, by in sorted(runs.items()):
    sqlite_rate, sqlite_cpu = by["sqlite"]
    cells = []
    for label in ("tcp", "socket"):
        rate, cpu = by[label]
        cpu_ratio, rate_ratio = cpu / sqlite_cpu, rate / best[label][0]
        ratios[label][0].append(cpu_ratio)
        ratios[label][1].append(rate_ratio)
        cells.append(f"{rate:6,}  {cpu:5,}  {cpu_ratio:5.2f}×  {rate_ratio:6.2f}×")
    print(f"  {round_:>5}  {sqlite_rate:9,}  {sqlite_cpu:4,} | " + " | ".join(cells))
for label, (cpu, rate) in ratios.items():
    print(f"  {label:<6} median: CPU {statistics.median(cpu):.2f}× the SQLite path's (goal ≤ 1), "
          f"{statistics.median(rate):.2f}× the ceiling (goal ≥ 0.75)")
sqlite_median = statistics.median(by["sqlite"][1] for by in runs.values())
for label, (rate, cpu) in best.items():
    budget = cores * 1e6 / (0.75 * rate)
    print(f"  at 0.75× of the {label} ceiling ({0.75 * rate:,.0f}/s) {cores} cores give {budget:,.0f} µs per notification; "
          f"less PostgreSQL's {cpu:,.0f} µs that leaves Storekeeper {budget - cpu:,.0f} µs "
          f"(the SQLite path spends {sqlite_median:,.0f} µs, SQLite's own work included)")
PY
