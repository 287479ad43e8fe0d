# Sourced by the benchmark scripts: notifications_cpu BENCH_BINARY ARGS... runs
# `storekeeper-bench notifications --json ARGS...` and prints "REQUESTS_PER_S CPU_US_PER_NOTIFICATION"
# (the server process's user + system CPU per notification); it fails, saying why, when the run
# replayed bodies or saw errors, since its figures would not count.
notifications_cpu() {
    local bench=$1
    shift
    "$bench" notifications --json "$@" | python3 -c '
import json, sys
report = json.load(sys.stdin)
result = report["result"]
if result["exhausted"] or result["statusErrors"] or result["socketErrors"]:
    sys.exit(f"replays or errors, the figures do not count: {result}")
cpu = (result["serverUserSeconds"] + result["serverSystemSeconds"]) / result["requests"] * 1e6
print(round(report["requestsPerSecond"]), round(cpu))
'
}
