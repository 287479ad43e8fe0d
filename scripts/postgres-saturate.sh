#!/usr/bin/env bash
# Saturates a test PostgreSQL cluster's connection slots in cycles, as five parallel test runs
# did on 2026-11-25 (docs/investigations/2026-11-25-suite-hang): for HOLD seconds every slot is
# taken, so each new connection is refused with "sorry, too many clients already" (SQLSTATE
# 53300); then the slots are free for GAP seconds. It runs for DURATION seconds and stops.
#
#   scripts/postgres-saturate.sh URL [HOLD] [GAP] [DURATION]     (defaults: 12, 4, 600)
#
# Use it on a cluster of your own with a small max_connections (it opens that many psql
# sessions at once), never on one that serves anything else.
set -euo pipefail
url=$1
hold=${2:-12}
gap=${3:-4}
duration=${4:-600}
slots=$(psql "$url" -XAtc "SHOW max_connections")
end=$((SECONDS + duration))
while [ "$SECONDS" -lt "$end" ]; do
    pids=()
    # Each session sleeps for the hold; the ones that find no slot left fail, which is the point.
    for _ in $(seq 1 "$slots"); do
        psql "$url" -XAtqc "SELECT pg_sleep($hold)" >/dev/null 2>&1 &
        pids+=($!)
    done
    wait "${pids[@]}" 2>/dev/null || true
    sleep "$gap"
done
