#!/usr/bin/env python3
"""The notification path against its signature checks (BENCHMARKS.md): Storekeeper's own cost of
receiving one V2 notification on SQLite, the backend's work taken out, divided by the cost of
that notification's bare signature checks measured in the same run, in instructions and in CPU
time, for the consumable's and the subscription's notification of `storekeeper-bench gate`.

    python3 scripts/notification-ratio.py [--rounds N] .build/release/storekeeper-bench [BASE_BINARY ...]

Each binary is measured in one run (a base build side by side with this tree). Instructions are
counted once a build (they repeat exactly). CPU time moves between runs on a shared machine by
more than most changes, so it is measured in N rounds (3 by default) in which the builds take
turns, and each build's ratios are summed up by their median.

- Instructions: callgrind counts each gate's iterations exactly; the backend's share is
  everything inside `sqlite3_step` (inclusive), so binding values and reading columns stay on
  Storekeeper's side.
- CPU time: each gate prints its CPU time (user + system, every thread) per counted iteration.
  The backend's share of it comes from `perf record` (cpu-clock, DWARF call stacks): a sample
  is SQLite's when any frame of its stack is in libsqlite3, which takes in the kernel's file
  I/O that SQLite asks for (write, fsync). Only samples between the two calls of
  `storekeeper_gate_mark` around the counted iterations count (a uprobe marks them), so setup
  (signing the samples) and warm-up stay out.
- The checks in the path: the same samples also say what the notification's own signature
  checks cost where they run, between SQLite's work and the rest of the path rather than in a
  loop of their own: a sample is theirs when a frame is in P-256's signature check or SHA-256
  and another is in `JWSVerifier`. Their share of the samples, times the notification's CPU, is
  a second reference (the one the goal names is the separate gate's), printed beside it.
- Over HTTP (the consumable's notification only): `storekeeper-bench notifications` on SQLite
  under wrk, the server's CPU per notification (its getrusage) times the share of the server's
  samples outside libsqlite3 while wrk ran; against the consumable gate's signature checks.
  This is the whole request path (HTTP, body collection, the answer), at load.

Needs root (for the uprobe), valgrind, perf, wrk and llvm-objcopy (or objcopy); the build is
release (`swift build -c release --product storekeeper-bench`).
"""
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

KINDS = [
    ("consumable", "signature-checks-consumable", "apply-consumable-sqlite"),
    ("subscription", "signature-checks-subscription", "apply-subscription-sqlite"),
]
CALLGRIND_ITERATIONS = 10
CPU_ITERATIONS = 400
HTTP_SECONDS = 5
DEFAULT_ROUNDS = 3
HTTP_SAMPLING_HZ = 499
SAMPLING_HZ = 1999
# Frames of the signature checks themselves (what the signature-checks gates run in a loop): the
# P-256 verification and the SHA-256 of the signed bytes, in swift-crypto and BoringSSL.
CHECK_FRAME = re.compile(r"CCryptoBoringSSL|ecp_nistz256|sha256_block|P256|SHA256|OpenSSLDigest|BoringSSL")


def sample_kind(lines):
    """Whether a sample's stack (perf script lines, leaf first) is SQLite's, and whether it is
    one of the notification's signature checks."""
    frames = lines[1:]
    in_sqlite = any("libsqlite3" in line for line in frames)
    in_checks = any(CHECK_FRAME.search(line) for line in frames) and any("JWSVerifier" in line for line in frames)
    return in_sqlite, in_checks and not in_sqlite


def shares(kinds):
    """SQLite's and the signature checks' shares of samples classified by ``sample_kind``."""
    return (sum(in_sqlite for in_sqlite, _ in kinds) / len(kinds),
            sum(in_checks for _, in_checks in kinds) / len(kinds))


def stripped_copy(binary, work):
    """Valgrind 3.19 cannot read the DWARF 5 Swift writes; symbol names are all it needs."""
    objcopy = shutil.which("llvm-objcopy") or shutil.which("objcopy")
    if objcopy is None:
        raise SystemExit("needs llvm-objcopy (Swift's toolchain) or objcopy (binutils)")
    path = os.path.join(work, "bench-" + str(abs(hash(binary))))
    subprocess.run([objcopy, "--strip-debug", binary, path], check=True)
    return path


def callgrind_part(binary, gate, work):
    """Instructions per iteration of `gate`, in total and inside sqlite3_step."""
    out = os.path.join(work, "cg.out")
    for name in os.listdir(work):
        if name.startswith("cg.out"):
            os.remove(os.path.join(work, name))
    subprocess.run(
        ["valgrind", "--tool=callgrind", "--dump-before=storekeeper_gate_mark", "--compress-strings=no",
         "--compress-pos=no", "--callgrind-out-file=" + out, binary, "gate", gate, "--warmup", "3",
         "--iterations", str(CALLGRIND_ITERATIONS)],
        check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        env=dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1"))
    total, inside = 0, 0
    caller, callee, pending = None, None, False
    # Part 2 holds the counted iterations (GateRunner's marks).
    with open(out + ".2", encoding="utf-8", errors="replace") as profile:
        for line in profile:
            if line.startswith("fn="):
                caller = line[3:].strip()
            elif line.startswith("cfn="):
                callee = line[4:].strip()
            elif line.startswith("calls="):
                pending = True
            elif pending and line.strip() and (line[0].isdigit() or line[0] in "+-*"):
                pending = False
                parts = line.split()
                if callee == "sqlite3_step" and caller != "sqlite3_step" and len(parts) > 1:
                    inside += int(parts[1])
            elif line.startswith("totals:") or line.startswith("summary:"):
                total = int(line.split()[1])
    return total / CALLGRIND_ITERATIONS, inside / CALLGRIND_ITERATIONS


def gate_mark_probe(binary):
    """A uprobe on `storekeeper_gate_mark` (GateRunner calls it around the counted iterations);
    returns its perf event name."""
    added = subprocess.run(["perf", "probe", "-x", binary, "--add", "storekeeper_gate_mark"], check=True,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True).stdout
    match = re.search(r"-e (\S+:storekeeper_gate_mark)", added)
    if not match:
        raise SystemExit("perf probe did not name its event:\n" + added)
    return match.group(1)


def cpu_split(binary, gate, probe, work):
    """CPU µs per counted iteration (the gate's own getrusage), and SQLite's and the signature
    checks' shares of the samples taken between the two marks that enclose the counted
    iterations."""
    data = os.path.join(work, "perf.data")
    run = subprocess.run(
        ["perf", "record", "-q", "-e", "cpu-clock", "-F", str(SAMPLING_HZ), "--call-graph", "dwarf,16384",
         "-e", probe, "-o", data, binary, "gate", gate, "--iterations", str(CPU_ITERATIONS)],
        check=True, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    match = re.search(r"(\d+) µs CPU each", run.stdout)
    if not match:
        raise SystemExit(f"unexpected output of gate {gate}: {run.stdout}")
    script = subprocess.run(["perf", "script", "--no-inline", "-i", data, "-F", "time,event,ip,sym,dso"], check=True,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout
    marks, samples = 0, []
    for block in script.split("\n\n"):
        lines = [line for line in block.strip().splitlines() if line.strip()]
        if not lines:
            continue
        if "storekeeper_gate_mark" in lines[0]:
            marks += 1
        elif marks == 1:
            samples.append(sample_kind(lines))
    if marks != 2 or not samples:
        raise SystemExit(f"expected two marks around the counted iterations, saw {marks}")
    return (float(match.group(1)), *shares(samples))


def http_split(binary, work):
    """The consumable's notification over HTTP (`storekeeper-bench notifications`, SQLite, wrk):
    the server's CPU per notification, and SQLite's and the signature checks' shares of the
    server's samples taken while wrk ran (wrk's own samples left out)."""
    data = os.path.join(work, "http.data")
    run = subprocess.run(
        ["perf", "record", "-q", "-e", "cpu-clock", "-F", str(HTTP_SAMPLING_HZ), "--call-graph", "dwarf,8192",
         "-o", data, binary, "notifications", "--backend", "sqlite", "--json", "--seconds", str(HTTP_SECONDS),
         "--directory", work],
        check=True, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    result = json.loads(run.stdout)["result"]
    if result["exhausted"] or result["statusErrors"] or result["socketErrors"]:
        raise SystemExit(f"the HTTP run replayed bodies or saw errors: {result}")
    cpu = (result["serverUserSeconds"] + result["serverSystemSeconds"]) / result["requests"] * 1e6
    script = subprocess.run(["perf", "script", "--no-inline", "-i", data, "-F", "comm,time,ip,sym,dso"], check=True,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout
    samples = []
    for block in script.split("\n\n"):
        lines = [line for line in block.strip().splitlines() if line.strip()]
        if not lines:
            continue
        header = lines[0].split()
        time = float(header[-1].rstrip(":"))
        samples.append((header[0] == "wrk", time, sample_kind(lines)))
    loaded = [time for is_wrk, time, _ in samples if is_wrk]
    if not loaded:
        raise SystemExit("no sample of wrk: the load did not run")
    server = [kind for is_wrk, time, kind in samples if not is_wrk and loaded[0] <= time <= loaded[-1]]
    return (cpu, *shares(server))


def instruction_counts(binary, work):
    """Per kind: the signature checks' instructions, the notification's, and SQLite's share of
    them (callgrind counts exactly, so one pass a build is enough)."""
    stripped = stripped_copy(binary, work)
    counts = {}
    for kind, checks, apply in KINDS:
        checks_instructions, _ = callgrind_part(stripped, checks, work)
        apply_instructions, sqlite_instructions = callgrind_part(stripped, apply, work)
        counts[kind] = (checks_instructions, apply_instructions, sqlite_instructions)
    return counts


def cpu_round(binary, work):
    """One round of CPU time for a build: per kind, the signature checks' CPU, the
    notification's, and SQLite's and the checks' shares of it; then the consumable over HTTP
    (the server's CPU per notification and the same two shares)."""
    probe = gate_mark_probe(binary)
    cpu = {}
    try:
        for kind, checks, apply in KINDS:
            checks_cpu, _, _ = cpu_split(binary, checks, probe, work)
            apply_cpu, sqlite_share, checks_share = cpu_split(binary, apply, probe, work)
            cpu[kind] = (checks_cpu, apply_cpu, sqlite_share, checks_share)
    finally:
        subprocess.run(["perf", "probe", "-q", "-d", probe], check=False)
    return cpu, http_split(binary, work)


def main():
    arguments = sys.argv[1:]
    rounds = DEFAULT_ROUNDS
    if arguments[:1] == ["--rounds"] and len(arguments) > 1:
        rounds = int(arguments[1])
        arguments = arguments[2:]
    binaries = arguments
    if not binaries or rounds < 1:
        raise SystemExit(__doc__)
    for tool in ("valgrind", "perf"):
        if shutil.which(tool) is None:
            raise SystemExit(f"needs {tool}")
    work = tempfile.mkdtemp(prefix="storekeeper-notification-ratio.")
    try:
        print("| build | notification | signature checks | received on SQLite | of which sqlite3_step | own "
              "| **instructions ratio** |")
        print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
        for binary in binaries:
            for kind, (checks, apply, sqlite) in instruction_counts(binary, work).items():
                own = apply - sqlite
                print(f"| {binary} | {kind} | {checks:,.0f} | {apply:,.0f} | {sqlite:,.0f} | {own:,.0f} | "
                      f"**{own / checks:.2f}×** |", flush=True)
        print()
        # The builds take turns round by round, so each round's figures saw the same machine.
        # Each row has two ratios: against the separate signature-checks gate (the goal's
        # reference) and against the checks' own share of the same samples (in the path).
        ratios = {binary: {kind: [] for kind, _, _ in KINDS} | {"http": []} for binary in binaries}
        in_path = {binary: {kind: [] for kind, _, _ in KINDS} | {"http": []} for binary in binaries}
        print("| round | build | notification | signature checks, CPU | received, CPU | SQLite's share | own, CPU "
              "| **CPU ratio** | the checks in the path | own ÷ the checks in the path |")
        print("| ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")

        def row(round_number, binary, key, label, checks_cpu, received, sqlite_share, checks_share):
            own = received * (1 - sqlite_share)
            path_checks = received * checks_share
            if path_checks == 0:
                raise SystemExit(f"no sample of {label} was in its signature checks: are the symbols of "
                                 f"{CHECK_FRAME.pattern} still swift-crypto's?")
            ratios[binary][key].append(own / checks_cpu)
            in_path[binary][key].append(own / path_checks)
            print(f"| {round_number} | {binary} | {label} | {checks_cpu:.0f} µs | {received:.0f} µs | "
                  f"{sqlite_share:.0%} | {own:.0f} µs | {own / checks_cpu:.2f}× | {path_checks:.0f} µs | "
                  f"{own / path_checks:.2f}× |", flush=True)

        for round_number in range(1, rounds + 1):
            for binary in binaries:
                cpu, (http_cpu, http_sqlite, http_checks) = cpu_round(binary, work)
                for kind, (checks_cpu, apply_cpu, sqlite_share, checks_share) in cpu.items():
                    row(round_number, binary, kind, kind, checks_cpu, apply_cpu, sqlite_share, checks_share)
                # Over HTTP the notification is the consumable's: its signature checks are the reference.
                row(round_number, binary, "http", "consumable over HTTP", cpu["consumable"][0], http_cpu, http_sqlite,
                    http_checks)
        print()
        print(f"| build | medians of {rounds} rounds | consumable | subscription | consumable over HTTP |")
        print("| --- | --- | ---: | ---: | ---: |")
        for binary in binaries:
            for label, figures in (("**CPU ratio**", ratios[binary]), ("own ÷ the checks in the path", in_path[binary])):
                print(f"| {binary} | {label} | **{statistics.median(figures['consumable']):.2f}×** | "
                      f"**{statistics.median(figures['subscription']):.2f}×** | "
                      f"**{statistics.median(figures['http']):.2f}×** |")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
