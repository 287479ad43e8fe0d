#!/usr/bin/env bash
# Runs a test command under a time limit; if it has not ended by then, it has hung: every
# thread's stack of every test process is captured with gdb, the tests that started and never
# finished are listed (swift-testing prints "◇ Test ... started." and "✔/✘ Test ... passed/failed"),
# all of it is printed and kept, the processes are killed, and the script fails. Nothing is retried.
#
#   scripts/test-watchdog.sh SECONDS DIR -- COMMAND [ARGS...]
#
# DIR receives output.log (the command's output) and, after a hang, unfinished-tests.txt,
# stacks-<pid>.txt (threads and TCP sockets) for each test process and, when STOREKEEPER_TEST_POSTGRES_URL is set,
# postgres-activity.txt: every session of the test cluster with what it runs or waits for, and
# the locks not granted (a task waiting on the database looks idle in the stacks). Exit status: the command's own, or 124 after a hang.
set -uo pipefail

if [ $# -lt 4 ] || [ "$3" != "--" ]; then
    echo "usage: $0 SECONDS DIR -- COMMAND [ARGS...]" >&2
    exit 2
fi
limit=$1
dir=$2
shift 3
mkdir -p "$dir"
log="$dir/output.log"

# A process and all its descendants, one pid a line.
descendants() {
    echo "$1"
    for child in $(pgrep -P "$1"); do descendants "$child"; done
}

# The command runs in a process group of its own, so a hang can be stopped whole. Its output is
# line-buffered (stdbuf, inherited by the test process): a block-buffered pipe would lose the
# last "passed" lines when a hung run is killed, and finished tests would look unfinished.
set -m
stdbuf -oL -eL "$@" > >(tee "$log") 2>&1 &
pid=$!
set +m

deadline=$((SECONDS + limit))
while kill -0 "$pid" 2>/dev/null; do
    if [ "$SECONDS" -ge "$deadline" ]; then
        echo "test-watchdog: no end after ${limit} s; capturing every thread's stack (in $dir)" >&2
        # The command and every process under it (swift-testing and XCTest run inside *.xctest).
        pids=$(descendants "$pid")
        for p in $pids; do
            [ -r "/proc/$p/cmdline" ] || continue
            {
                echo "# pid $p: $(tr '\0' ' ' < "/proc/$p/cmdline")"
                timeout 120 gdb -p "$p" -batch -nx -ex 'set pagination off' -ex 'info threads' \
                    -ex 'thread apply all bt' 2>&1
                # Its sockets: a task waiting on the database or on a loopback server holds one.
                echo "# sockets of pid $p"
                ss -tanpe 2>/dev/null | grep "pid=$p," || true
            } > "$dir/stacks-$p.txt"
        done
        if [ -n "${STOREKEEPER_TEST_POSTGRES_URL:-}" ] && command -v psql >/dev/null; then
            timeout 30 psql "$STOREKEEPER_TEST_POSTGRES_URL" -X -P pager=off -c \
                "SELECT pid, state, wait_event_type, wait_event, backend_xid, now() - xact_start AS in_transaction,
                        now() - state_change AS in_state, left(query, 300) AS query
                   FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
                  ORDER BY xact_start NULLS LAST" \
                -c "SELECT l.pid, l.locktype, l.mode, l.relation::regclass, l.objid, pg_blocking_pids(l.pid) AS blocked_by
                      FROM pg_locks l WHERE NOT l.granted" > "$dir/postgres-activity.txt" 2>&1
        fi
        # A test that started and did not finish: started lines minus finished lines, by name.
        python3 - "$log" > "$dir/unfinished-tests.txt" <<'PY'
import collections, re, sys
# "◇ Test NAME started." / "✔ Test NAME [with N test cases] passed after …" (likewise suites);
# a parameterized test's cases print only their start, so they are not counted.
started, ended = collections.Counter(), collections.Counter()
for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
    # Without swift test's wrapper, swift-testing colours its symbols (ESC[..m).
    line = re.sub(r"\x1b\[[0-9;]*m", "", line).strip()
    m = re.match(r"◇ (Test|Suite) (.*) started\.$", line)
    if m and not m.group(2).startswith("case "):
        started[m.group(1) + " " + m.group(2)] += 1
        continue
    m = re.match(r"[✔✘] (Test|Suite) (.*?)(?: with \d+ test cases?)? (?:passed|failed) after [\d.]+ seconds", line) \
        or re.match(r"↷ (Test|Suite) (.*?) skipped", line)
    if m:
        ended[m.group(1) + " " + m.group(2)] += 1
for name, count in started.items():
    if count > ended[name] and name != "Test run":
        print(name)
PY
        echo "test-watchdog: tests that started and did not finish:" >&2
        sed 's/^/  /' "$dir/unfinished-tests.txt" >&2
        for f in "$dir"/postgres-activity.txt "$dir"/stacks-*.txt; do
            [ -f "$f" ] || continue
            echo "test-watchdog: ---- $f" >&2
            cat "$f" >&2
        done
        kill -9 -- "-$pid" $pids 2>/dev/null
        wait "$pid" 2>/dev/null
        exit 124
    fi
    sleep 2
done
wait "$pid"
