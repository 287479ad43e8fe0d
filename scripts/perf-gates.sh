#!/usr/bin/env bash
# The performance gates (docs/PERFORMANCE-GATES.md): instructions and heap allocations per
# iteration of each hot operation, counted by callgrind in the debug build CI makes (or
# `--configuration release`), against the thresholds in scripts/perf-gates/<configuration>.json.
#
#   scripts/perf-gates.sh                      # every gate; fails with the figures if one costs more
#   scripts/perf-gates.sh verify-transaction   # some gates
#   scripts/perf-gates.sh --accept             # record the current counts as the thresholds
#
# Needs valgrind (`apt-get install valgrind`) and the build (`swift build --build-tests`).
set -euo pipefail
cd "$(dirname "$0")/.."
configuration=debug
arguments=()
while [ $# -gt 0 ]; do
    case "$1" in
        --configuration) configuration="$2"; shift 2 ;;
        *) arguments+=("$1"); shift ;;
    esac
done
command -v valgrind >/dev/null || { echo "perf-gates: needs valgrind (apt-get install valgrind)" >&2; exit 2; }
binary="${STOREKEEPER_BENCH_BINARY:-$(swift build -c "$configuration" --show-bin-path)/storekeeper-bench}"
[ -x "$binary" ] || { echo "perf-gates: no $binary; build it first (swift build -c $configuration --build-tests)" >&2; exit 2; }
exec python3 scripts/perf-gates/run.py --binary "$binary" --configuration "$configuration" ${arguments[@]+"${arguments[@]}"}
