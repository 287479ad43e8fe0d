#!/usr/bin/env bash
# The web console in a real browser: starts `storekeeper demo --keep-running` (the App Store
# simulator and Storekeeper on loopback ports, a temporary SQLite database, an admin operator),
# then runs Tests/Browser/test_console.py with pytest, driving Debian's chromium through
# chromium-driver with Selenium. Screenshots go to $CONSOLE_SCREENSHOTS (default
# .build/console-screenshots).
#
#   scripts/console-browser-tests.sh [EXTRA PYTEST OPTIONS...]
#
# Needs the Debian packages chromium and chromium-driver (.ci/run installs them); Selenium and
# pytest are installed from PyPI, pinned, into $CONSOLE_BROWSER_VENV (default
# .build/browser-venv). Nothing is downloaded at run time: Selenium is pointed at the system's
# chromedriver. Reuses the debug build. Bounded: the demo gets 120 s to come up, the tests 300 s.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

selenium_version=4.38.0
pytest_version=9.2.0
venv=${CONSOLE_BROWSER_VENV:-.build/browser-venv}
export CONSOLE_SCREENSHOTS=${CONSOLE_SCREENSHOTS:-$PWD/.build/console-screenshots}

for tool in /usr/bin/chromium /usr/bin/chromedriver; do
    [ -x "$tool" ] || { echo "$tool is missing: apt-get install chromium chromium-driver" >&2; exit 1; }
done
if ! "$venv/bin/python" -c "import selenium, pytest, sys; sys.exit(0 if (selenium.__version__, pytest.__version__) == ('$selenium_version', '$pytest_version') else 1)" 2>/dev/null; then
    echo "Installing selenium $selenium_version and pytest $pytest_version into $venv" >&2
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "selenium==$selenium_version" "pytest==$pytest_version"
fi

swift build --product storekeeper >&2
bin="$(swift build --show-bin-path)/storekeeper"

work=$(mktemp -d /tmp/storekeeper-console.XXXXXX)
demo_pid=""
cleanup() {
    if [ -n "$demo_pid" ]; then
        kill -INT "$demo_pid" 2>/dev/null || true
        for _ in $(seq 1 20); do kill -0 "$demo_pid" 2>/dev/null || break; sleep 0.5; done
        kill -KILL "$demo_pid" 2>/dev/null || true
        wait "$demo_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

"$bin" demo --keep-running --sqlite "$work/demo.sqlite" >"$work/demo.out" 2>&1 &
demo_pid=$!
for _ in $(seq 1 240); do
    grep -q "operator sign-in" "$work/demo.out" 2>/dev/null && break
    if ! kill -0 "$demo_pid" 2>/dev/null; then
        echo "storekeeper demo exited before it was ready:" >&2
        cat "$work/demo.out" >&2
        exit 1
    fi
    sleep 0.5
done
if ! grep -q "operator sign-in" "$work/demo.out"; then
    echo "storekeeper demo did not print its console sign-in within 120 s:" >&2
    cat "$work/demo.out" >&2
    exit 1
fi

# The lines `storekeeper demo --keep-running` prints (DemoScript+Summary.swift).
field() { sed -n "s/^  $1 *\([^ ]*\).*/\1/p" "$work/demo.out" | head -n 1; }
STOREKEEPER_URL=$(field "Storekeeper")
SIMULATOR_URL=$(field "App Store simulator")
STOREKEEPER_API_KEY=$(field "server API key")
CONSOLE_OPERATOR=$(sed -n 's/^  operator sign-in *name \([^,]*\), key \(.*\)$/\1/p' "$work/demo.out" | head -n 1)
CONSOLE_OPERATOR_KEY=$(sed -n 's/^  operator sign-in *name \([^,]*\), key \(.*\)$/\2/p' "$work/demo.out" | head -n 1)
STOREKEEPER_APP=$(sed -n 's|.*/v1/apps/\([^/]*\)/\.\.\..*|\1|p' "$work/demo.out" | head -n 1)
export STOREKEEPER_URL SIMULATOR_URL STOREKEEPER_API_KEY CONSOLE_OPERATOR CONSOLE_OPERATOR_KEY STOREKEEPER_APP
for name in STOREKEEPER_URL SIMULATOR_URL STOREKEEPER_API_KEY CONSOLE_OPERATOR CONSOLE_OPERATOR_KEY STOREKEEPER_APP; do
    if [ -z "${!name}" ]; then
        echo "could not read $name from the demo's output:" >&2
        cat "$work/demo.out" >&2
        exit 1
    fi
done

rm -rf "$CONSOLE_SCREENSHOTS"
mkdir -p "$CONSOLE_SCREENSHOTS"
status=0
timeout 300 "$venv/bin/python" -m pytest -p no:cacheprovider -q Tests/Browser "$@" || status=$?
if [ "$status" != 0 ]; then
    echo "--- demo output ---" >&2
    tail -n 40 "$work/demo.out" >&2
fi
echo "Screenshots: $CONSOLE_SCREENSHOTS" >&2
exit "$status"
