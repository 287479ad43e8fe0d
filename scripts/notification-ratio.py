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
    """CPU µs per counted iteration (the gate's own getrusage), and SQLite's share of the
    samples taken between the two marks that enclose the counted iterations."""
    data = os.path.join(work, "perf.data")
    run = subprocess.run(
        ["perf", "record", "-q", "-e", "cpu-clock", "-F", str(SAMPLING_HZ), "--call-graph", "dwarf,16384",
         "-e", probe, "-o", data, binary, "gate", gate, "--iterations", str(CPU_ITERATIONS)],
        check=True, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    match = re.search(r"(\d+) µs CPU each", run.stdout)
    if not match:
        raise SystemExit(f"unexpected output of gate {gate}: {run.stdout}")
    script = subprocess.run(["perf", "script", "--no-inline", "-i", data, "-F", "time,event,ip,dso"], check=True,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout
    marks, samples = 0, []
    for block in script.split("\n\n"):
        lines = [line for line in block.strip().splitlines() if line.strip()]
        if not lines:
            continue
        if "storekeeper_gate_mark" in lines[0]:
            marks += 1
        elif marks == 1:
            samples.append(any("libsqlite3" in line for line in lines[1:]))
    if marks != 2 or not samples:
        raise SystemExit(f"expected two marks around the counted iterations, saw {marks}")
    return float(match.group(1)), sum(samples) / len(samples), len(samples)


def http_split(binary, work):
    """The consumable's notification over HTTP (`storekeeper-bench notifications`, SQLite, wrk):
    the server's CPU per notification and SQLite's share of the server's samples taken while
    wrk ran (wrk's own samples left out)."""
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
    script = subprocess.run(["perf", "script", "--no-inline", "-i", data, "-F", "comm,time,ip,dso"], check=True,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout
    samples = []
    for block in script.split("\n\n"):
        lines = [line for line in block.strip().splitlines() if line.strip()]
        if not lines:
            continue
        header = lines[0].split()
        time = float(header[-1].rstrip(":"))
        samples.append((header[0] == "wrk", time, any("libsqlite3" in line for line in lines[1:])))
    loaded = [time for is_wrk, time, _ in samples if is_wrk]
    if not loaded:
        raise SystemExit("no sample of wrk: the load did not run")
    server = [in_sqlite for is_wrk, time, in_sqlite in samples if not is_wrk and loaded[0] <= time <= loaded[-1]]
    return cpu, sum(server) / len(server)


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
    notification's and SQLite's share of it; then the consumable over HTTP (the server's CPU per
    notification and SQLite's share of it)."""
    probe = gate_mark_probe(binary)
    cpu = {}
    try:
        for kind, checks, apply in KINDS:
            checks_cpu, _, _ = cpu_split(binary, checks, probe, work)
            apply_cpu, share, _ = cpu_split(binary, apply, probe, work)
            cpu[kind] = (checks_cpu, apply_cpu, share)
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
        ratios = {binary: {kind: [] for kind, _, _ in KINDS} | {"http": []} for binary in binaries}
        print("| round | build | notification | signature checks, CPU | received, CPU | SQLite's share | own, CPU "
              "| **CPU ratio** |")
        print("| ---: | --- | --- | ---: | ---: | ---: | ---: | ---: |")
        for round_number in range(1, rounds + 1):
            for binary in binaries:
                cpu, (http_cpu, http_share) = cpu_round(binary, work)
                for kind, (kind_checks_cpu, apply_cpu, share) in cpu.items():
                    own = apply_cpu * (1 - share)
                    ratios[binary][kind].append(own / kind_checks_cpu)
                    print(f"| {round_number} | {binary} | {kind} | {kind_checks_cpu:.0f} µs | {apply_cpu:.0f} µs | "
                          f"{share:.0%} | {own:.0f} µs | {own / kind_checks_cpu:.2f}× |", flush=True)
                # Over HTTP the notification is the consumable's: its signature checks are the reference.
                checks_cpu = cpu["consumable"][0]
                own = http_cpu * (1 - http_share)
                ratios[binary]["http"].append(own / checks_cpu)
                print(f"| {round_number} | {binary} | consumable over HTTP | {checks_cpu:.0f} µs | {http_cpu:.0f} µs | "
                      f"{http_share:.0%} | {own:.0f} µs | {own / checks_cpu:.2f}× |", flush=True)
        print()
        print(f"| build | CPU ratio, median of {rounds} rounds: consumable | subscription | consumable over HTTP |")
        print("| --- | ---: | ---: | ---: |")
        for binary in binaries:
            row = ratios[binary]
            print(f"| {binary} | **{statistics.median(row['consumable']):.2f}×** | "
                  f"**{statistics.median(row['subscription']):.2f}×** | **{statistics.median(row['http']):.2f}×** |")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
