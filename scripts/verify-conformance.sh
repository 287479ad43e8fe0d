#!/usr/bin/env bash
# Runs `storekeeper verify` on every conformance vector and checks each output line against
# the manifest: genuine Apple data accepted with the listed fields, tampered data rejected with
# the expected error code, and the exit status (0 only when everything verifies).
#
#   scripts/verify-conformance.sh [PATH_TO_STOREKEEPER_BINARY]    (default .build/debug/storekeeper)
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-.build/debug/storekeeper}
fixtures=Sources/StorekeeperTesting/Fixtures/conformance
python3 - "$binary" "$fixtures" <<'PY'
import json, subprocess, sys
binary, fixtures = sys.argv[1], sys.argv[2]
manifest = json.load(open(f"{fixtures}/manifest.json"))
expected_codes = {
    "bad/01_payload_byte_flipped.jws": "invalidSignature",
    "bad/03_alg_none.jws": "unsupportedAlgorithm",
    "bad/04_alg_hs256_keyconfusion.jws": "unsupportedAlgorithm",
    "bad/05_selfsigned_leaf.jws": "invalidCertificateChain",
    "bad/06_x5c_reordered_leaf_inter_swapped.jws": "invalidCertificateChain",
    "bad/09_two_part.jws": "malformed",
    "bad/11_x5c_missing_root.jws": "invalidCertificateChain",
    "bad/13_signature_der_encoded.jws": "invalidSignature",
    "bad/14_base64_padding.jws": "malformed",
    "bad/16_alg_ES384.jws": "unsupportedAlgorithm",
}
def flatten(obj, out):
    """Top-level fields first, then nested objects' (so a notification's own signedDate wins)."""
    for key, value in obj.items():
        if not isinstance(value, dict):
            out.setdefault(key, value)
    for value in obj.values():
        if isinstance(value, dict):
            flatten(value, out)
    return out
failures = 0
for vector in manifest["vectors"]:
    path = f"{fixtures}/{vector['file']}"
    run = subprocess.run([binary, "verify", path], capture_output=True, text=True)
    line = json.loads(run.stdout.strip().splitlines()[-1])
    accepted = vector["expect"] == "accept"
    problems = []
    if line["valid"] != accepted:
        problems.append(f"valid={line['valid']} ({line.get('error')})")
    if run.returncode != (0 if accepted else 1):
        problems.append(f"exit status {run.returncode}")
    if accepted and "decoded" in vector:
        fields = flatten(line.get("decoded", {}), {})
        if vector["decoded"].get("kind") != line.get("kind"):
            problems.append(f"kind {line.get('kind')} != {vector['decoded'].get('kind')}")
        for key, want in vector["decoded"].items():
            if key == "kind":
                continue
            got = fields.get(key)
            if (got if got is not None else None) != want:
                problems.append(f"{key}: {got!r} != {want!r}")
    if accepted and "verifyReceiptResponse" in vector:
        apple = json.load(open(f"{fixtures}/{vector['verifyReceiptResponse']}"))["receipt"]
        decoded = line.get("decoded", {})
        for key in ("bundle_id", "application_version", "receipt_creation_date_ms", "original_purchase_date_ms"):
            if str(decoded.get(key)) != str(apple.get(key)):
                problems.append(f"receipt {key}: {decoded.get(key)!r} != {apple.get(key)!r}")
        ours = sorted(p["transaction_id"] for p in decoded.get("in_app", []))
        theirs = sorted(p["transaction_id"] for p in apple.get("in_app", []))
        if ours != theirs:
            problems.append(f"in_app transactions {ours} != {theirs}")
    if not accepted and vector["file"] in expected_codes:
        code = (line.get("error") or {}).get("code")
        if code != expected_codes[vector["file"]]:
            problems.append(f"error code {code} != {expected_codes[vector['file']]}")
    status = "ok " if not problems else "FAIL"
    print(f"{status} {vector['file']}" + ("" if not problems else ": " + "; ".join(problems)))
    failures += bool(problems)
print(f"{len(manifest['vectors']) - failures}/{len(manifest['vectors'])} conformance vectors behave as the manifest says")
sys.exit(1 if failures else 0)
PY
