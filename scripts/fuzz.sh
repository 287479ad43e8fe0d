#!/usr/bin/env bash
# Builds Storekeeper's libFuzzer targets (swiftc -sanitize=fuzzer,address) and runs each for a
# while, seeded with the conformance vectors.
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]     (default 60 s; FuzzJWS FuzzJSON FuzzReceipt)
#
# Corpora and crash artifacts go to Fuzz/.build-fuzz/corpus/<target> and Fuzz/.build-fuzz/artifacts.
# Exits non-zero when a target finds a crash.
set -euo pipefail
cd "$(dirname "$0")/../Fuzz"
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(FuzzJWS FuzzJSON FuzzReceipt)

scratch=.build-fuzz
swift build -c debug --scratch-path "$scratch" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -g \
    $(printf -- '--product %s ' "${targets[@]}")

fixtures=../Sources/StorekeeperTesting/Fixtures/conformance
mkdir -p "$scratch/artifacts"
for target in "${targets[@]}"; do
    corpus="$scratch/corpus/$target"
    mkdir -p "$corpus"
    case "$target" in
        FuzzJWS) cp -n "$fixtures"/jws/*.jws "$fixtures"/bad/*.jws "$corpus"/ 2>/dev/null || true ;;
        FuzzJSON)
            for file in "$fixtures"/jws/*.jws; do
                cut -d. -f2 "$file" | tr '_-' '/+' | base64 -d 2>/dev/null > "$corpus/$(basename "$file").json" || true
            done ;;
        FuzzReceipt)
            for file in "$fixtures"/receipts/*.b64; do
                base64 -d "$file" > "$corpus/$(basename "$file" .b64).der" 2>/dev/null || true
                cp -n "$file" "$corpus"/ || true
            done ;;
    esac
    echo "== $target for ${seconds}s"
    "$scratch/debug/$target" "$corpus" -max_total_time="$seconds" -artifact_prefix="$scratch/artifacts/$target-" \
        -print_final_stats=1 -rss_limit_mb=4096 2>&1 | grep -E "^(#|stat::|==|INFO: Running|Done)" | tail -12
done
