#!/usr/bin/env bash
# PostgreSQL's own ceiling for the notification benchmark's writes (see scripts/bench.sh).
#
#   scripts/pgbench-ceiling.sh STOREKEEPER_BINARY POSTGRES_URL
#
# Migrates a fresh schema with Storekeeper's tables, then runs with pgbench (prepared statements,
# 2 threads), 12 s per run at 8, 16 and 32 clients:
#   notification-writes.sql  the statements of one notification of a new consumable purchase;
#   round-trips-only.sql     as many statements, reading and writing nothing.
# Prints transactions/s, mean latency, and CPU per transaction of the PostgreSQL server processes
# and of pgbench (from /proc, sampled between seconds 3 and 11). Tables are emptied before each
# run; the schema is dropped at the end. Needs pgbench and psql (Debian: postgresql) and the
# pgcrypto extension (part of Debian's postgresql package; it is created if missing).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$1
url=$2

. scripts/postgres-bin.sh
pgbench=$PG_BIN/pgbench
[ -x "$pgbench" ] || { echo "pgbench not found; install PostgreSQL or set PG_BIN" >&2; exit 1; }

schema=storekeeper_ceiling_$(od -An -N4 -tx4 /dev/urandom | tr -d ' ')
case "$url" in *\?*) schema_url="$url&schema=$schema" ;; *) schema_url="$url?schema=$schema" ;; esac
psql -q "$url" -c "CREATE EXTENSION IF NOT EXISTS pgcrypto SCHEMA public" -c "CREATE SCHEMA $schema"
trap 'psql -q "$url" -c "DROP SCHEMA IF EXISTS $schema CASCADE" 2>/dev/null' EXIT
"$bin" migrate --postgres "$schema_url" >/dev/null

# The server processes of this cluster only (its postmaster and children): other clusters on the
# machine (tests, other checkouts) are not counted.
postmaster=$(head -1 "$(psql -Atq "$url" -c "SHOW data_directory")/postmaster.pid")

# "pid ticks" (utime + stime) for each PostgreSQL server process and for pgbench (pid $1).
cpu_snapshot() {
    local pid
    for pid in "$postmaster" $(pgrep -P "$postmaster"); do
        awk -v pid="$pid" '{print "postgres", pid, $14 + $15}' "/proc/$pid/stat" 2>/dev/null || true
    done
    awk -v pid="$1" '{print "pgbench", pid, $14 + $15}' "/proc/$1/stat"
}

run() {
    local script=$1 clients=$2 out
    out=$(mktemp)
    psql -q "$url" -c "SET search_path = $schema; TRUNCATE inbox, inbox_attempts, figure_days, customers, transaction_owners, transactions, journal_entries, ledger_accounts, ledger_postings, audit_events; CHECKPOINT"
    PGOPTIONS="-c search_path=$schema,public" "$pgbench" -M prepared -n -c "$clients" -j 2 -T 12 \
        -f "scripts/pgbench/$script" "$url" >"$out" 2>&1 &
    local job=$!
    sleep 3
    local pg0 bench0 t0 pg1 bench1 t1
    local before after t0 t1
    before=$(mktemp); after=$(mktemp)
    cpu_snapshot "$job" >"$before"; t0=$(date +%s.%N)
    sleep 8
    cpu_snapshot "$job" >"$after"; t1=$(date +%s.%N)
    wait "$job" || { cat "$out" >&2; exit 1; }
    local tps latency
    tps=$(awk '/^tps = / {print $3}' "$out")
    latency=$(awk '/^latency average = / {print $4}' "$out")
    python3 - "$script" "$clients" "$tps" "$latency" "$before" "$after" "$t0" "$t1" "$(getconf CLK_TCK)" <<'PY'
import sys
script, clients, tps, latency = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
t0, t1, tick = float(sys.argv[7]), float(sys.argv[8]), int(sys.argv[9])

def snapshot(path):
    with open(path) as lines:
        return {(kind, pid): int(ticks) for kind, pid, ticks in (line.split() for line in lines)}

before, after = snapshot(sys.argv[5]), snapshot(sys.argv[6])
# A process that exited between the samples (an autovacuum worker) is left out; one that started
# after the first counts from zero.
used = {"postgres": 0, "pgbench": 0}
for key, ticks in after.items():
    used[key[0]] += ticks - before.get(key, 0)
done = tps * (t1 - t0)
per = {kind: ticks / tick / done * 1e6 for kind, ticks in used.items()}
print(f"  {script:<26} {clients:>2} clients: {tps:>7,.0f} transactions/s  mean latency {latency:6.2f} ms  "
      f"CPU per transaction: PostgreSQL {per['postgres']:4.0f} µs, pgbench {per['pgbench']:3.0f} µs")
PY
    rm -f "$out" "$before" "$after"
}

echo "PostgreSQL ceiling for one notification's writes [pgbench, prepared, $(nproc) cores]"
for clients in 8 16 32; do
    run notification-writes.sql "$clients"
done
for clients in 8 16 32; do
    run round-trips-only.sql "$clients"
done
