#!/usr/bin/env bash
# Builds Storekeeper's libFuzzer targets (swiftc -sanitize=fuzzer,address) and runs each for a
# while, seeded with the conformance vectors.
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]     (default 60 s; FuzzJWS FuzzJSON FuzzReceipt)
#
# Corpora and crash artifacts go to Fuzz/.build-fuzz/corpus/<target> and Fuzz/.build-fuzz/artifacts.
# Exits non-zero when a target finds a crash. Leak detection is off: the only leak seen is 72 bytes
# per malformed P-384 key inside swift-crypto's key parsing (a dependency), which would otherwise
# end every run early; set FUZZ_DETECT_LEAKS=1 to turn it back on.
set -euo pipefail
cd "$(dirname "$0")/../Fuzz"
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(FuzzJWS FuzzJSON FuzzReceipt)

scratch=.build-fuzz
for target in "${targets[@]}"; do
    swift build -c debug --scratch-path "$scratch" --product "$target" \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -g
done

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
    export ASAN_OPTIONS="detect_leaks=${FUZZ_DETECT_LEAKS:-0}"
    "$scratch/debug/$target" "$corpus" -max_total_time="$seconds" -artifact_prefix="$scratch/artifacts/$target-" \
        -print_final_stats=1 -rss_limit_mb=4096 > "$scratch/$target.log" 2>&1 || status=$?
    grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb|Done|==[0-9]+==ERROR)|SUMMARY" "$scratch/$target.log" || true
    if [ "${status:-0}" != 0 ]; then
        echo "$target found a crash (see $scratch/$target.log and $scratch/artifacts)"
        exit 1
    fi
done
