#!/usr/bin/env bash
# API conformance check: starts `storekeeper serve` (the built-in example configuration, a
# temporary SQLite database, a free loopback port), creates a server API key and an admin
# operator, and runs schemathesis against the server's own /openapi.json: the app API with the
# server key, then the admin API (/v1/admin) with the operator key. Fails on any 5xx, any status code the
# document does not list, any body or header that does not match its schema, an operation that
# answers without credentials, or a resource that is missing after its creation.
#
#   scripts/schemathesis.sh [EXTRA SCHEMATHESIS OPTIONS...]
#
# Environment: SCHEMATHESIS_MAX_EXAMPLES (default 30 per operation), SCHEMATHESIS_SEED (default
# a fixed seed, so CI runs are reproducible; "random" for a new one each run), SCHEMATHESIS_VENV
# (default .build/schemathesis-venv: schemathesis is installed there from PyPI, pinned).
# Reuses the debug build (`swift build` is a no-op after `swift test`). Reports go to
# .build/schemathesis-report (JUnit XML and the requests that failed, as a VCR cassette).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

version=4.32.5
max_examples=${SCHEMATHESIS_MAX_EXAMPLES:-30}
seed=${SCHEMATHESIS_SEED:-20260101}
venv=${SCHEMATHESIS_VENV:-.build/schemathesis-venv}
report=.build/schemathesis-report

if [ "$("$venv/bin/schemathesis" --version 2>/dev/null || true)" != "schemathesis, version $version" ]; then
    echo "Installing schemathesis $version into $venv" >&2
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$version"
fi

swift build --product storekeeper >&2
bin="$(swift build --show-bin-path)/storekeeper"

work=$(mktemp -d /tmp/storekeeper-schemathesis.XXXXXX)
server_pid=""
cleanup() {
    if [ -n "$server_pid" ]; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

db="$work/storekeeper.sqlite"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
key=$("$bin" apikey create --sqlite "$db" --name schemathesis)
if ! [[ "$key" =~ ^sk_[A-Za-z0-9_-]+$ ]]; then
    echo "storekeeper apikey create printed something other than one key:" >&2
    printf '%s\n' "$key" >&2
    exit 1
fi
operator_key=$("$bin" operator create --sqlite "$db" --name schemathesis --role admin --app example --reason "API conformance check")
if ! [[ "$operator_key" =~ ^ok_[A-Za-z0-9_-]+$ ]]; then
    echo "storekeeper operator create printed something other than one key:" >&2
    printf '%s\n' "$operator_key" >&2
    exit 1
fi
LOG_LEVEL=${LOG_LEVEL:-warning} "$bin" serve --sqlite "$db" --host 127.0.0.1 --port "$port" >"$work/serve.log" 2>&1 &
server_pid=$!

for _ in $(seq 1 120); do
    if curl -fsS "http://127.0.0.1:$port/ready" >/dev/null 2>&1; then break; fi
    if ! kill -0 "$server_pid" 2>/dev/null; then
        echo "storekeeper serve exited:" >&2
        cat "$work/serve.log" >&2
        exit 1
    fi
    sleep 0.5
done
curl -fsS "http://127.0.0.1:$port/ready" >/dev/null

seed_option=(--seed "$seed")
[ "$seed" = random ] && seed_option=()
rm -rf "$report"
status=0
# --max-time would make schemathesis fuzz until the budget is spent; `timeout` only bounds it.
# One run per credential: the app API takes the server key, the admin API an operator key.
run_schemathesis() {
    local credential=$1 report_dir=$2
    shift 2
    timeout 420 "$venv/bin/schemathesis" --config-file scripts/schemathesis.toml run "http://127.0.0.1:$port/openapi.json" \
        --header "Authorization: Bearer $credential" \
        --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,response_headers_conformance,ignored_auth,missing_required_header,use_after_free,ensure_resource_availability \
        --max-examples "$max_examples" "${seed_option[@]}" \
        --workers 1 --request-timeout 10 \
        --report junit,vcr --report-dir "$report_dir" \
        "$@"
}
run_schemathesis "$key" "$report/app" --exclude-path-regex '^/v1/admin' "$@" || status=$?
if [ "$status" = 0 ]; then
    run_schemathesis "$operator_key" "$report/admin" --include-path-regex '^/v1/admin' "$@" || status=$?
fi

if [ -s "$work/serve.log" ]; then
    echo "--- storekeeper serve logged (level ${LOG_LEVEL:-warning} and above) ---" >&2
    cat "$work/serve.log" >&2
fi
[ "$status" = 124 ] && echo "schemathesis did not finish within 420 s" >&2
exit "$status"
