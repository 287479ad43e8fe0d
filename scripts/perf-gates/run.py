#!/usr/bin/env python3
"""The performance gates: counts each hot operation's instructions and heap allocations per
iteration under callgrind and compares them with the thresholds checked in beside this file
(docs/PERFORMANCE-GATES.md). Run through scripts/perf-gates.sh."""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from callgrind_counts import counts  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_ITERATIONS = 20
# A gate also has to grow by more than this before it fails: the smallest gates (a few thousand
# instructions) move by a hundred or so with the gates run before them, which is no regression.
ABSOLUTE_SLACK = {"instructions": 1_000, "allocations": 0.5}
WARMUP = 3


def measure(binary, gates, iterations, work):
    """Runs `gates` in one process under callgrind; returns each one's counts per iteration."""
    out = os.path.join(work, "gates.out")
    command = [
        "valgrind", "--tool=callgrind", "--dump-before=storekeeper_gate_mark",
        "--compress-strings=no", "--compress-pos=no", "--callgrind-out-file=" + out,
        binary, "gate", *gates, "--warmup", str(WARMUP), "--iterations", str(iterations),
    ]
    # Swift seeds its hashing per process unless told not to: dictionaries would probe, and
    # collide, differently in every run.
    environment = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
    run = subprocess.run(command, env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if run.returncode != 0:
        sys.stderr.write(run.stdout + run.stderr[-4000:])
        raise SystemExit(f"the gates failed under callgrind (exit {run.returncode})")
    # Gate k's warm-up ends at part 2k + 1, its counted iterations at part 2k + 2.
    results = {}
    for index, gate in enumerate(gates):
        measured = counts(f"{out}.{2 * index + 2}")
        results[gate] = {key: round(value / iterations, 1) for key, value in measured.items()}
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", required=True, help="storekeeper-bench to measure")
    parser.add_argument("--configuration", default="debug", choices=["debug", "release"])
    parser.add_argument("--accept", action="store_true", help="write the measured counts as the new thresholds")
    parser.add_argument("gates", nargs="*", help="gates to run (default: all)")
    arguments = parser.parse_args()

    path = os.path.join(HERE, arguments.configuration + ".json")
    recorded = {"iterations": DEFAULT_ITERATIONS, "tolerance": {"instructions": 0.02, "allocations": 0.001}, "gates": {}}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as file:
            recorded = json.load(file)
    # A gate may carry a wider tolerance of its own (`tolerance_by_gate`), where its count moves
    # between two builds of one tree; docs/PERFORMANCE-GATES.md says which and why.
    tolerance_by_gate = recorded.get("tolerance_by_gate", {})
    available = subprocess.run([arguments.binary, "gate", "--list"], check=True, stdout=subprocess.PIPE, text=True).stdout.split()
    gates = arguments.gates or available
    unknown = [gate for gate in gates if gate not in available]
    if unknown:
        raise SystemExit(f"unknown gates: {', '.join(unknown)} (storekeeper-bench gate --list)")

    work = tempfile.mkdtemp(prefix="storekeeper-perf-gates.")
    try:
        # Valgrind 3.19 cannot read the DWARF 5 that Swift writes; symbol names are all it needs.
        stripped = os.path.join(work, "storekeeper-bench")
        objcopy = shutil.which("llvm-objcopy") or shutil.which("objcopy")
        if objcopy is None:
            raise SystemExit("needs llvm-objcopy (Swift's toolchain) or objcopy (binutils)")
        subprocess.run([objcopy, "--strip-debug", arguments.binary, stripped], check=True)
        iterations = recorded.get("iterations", DEFAULT_ITERATIONS)
        started = time.monotonic()
        results = measure(stripped, gates, iterations, work)
        failures = []
        print(f"{iterations} iterations of each gate counted in {time.monotonic() - started:.0f} s; per iteration:")
        print(f"{'gate':<32} {'instructions':>14} {'threshold':>14} {'change':>8}   {'allocations':>11} {'threshold':>10} {'change':>8}")
        for gate in gates:
            entry = recorded["gates"].get(gate, {})
            measured = results[gate]
            tolerance = recorded["tolerance"] | tolerance_by_gate.get(gate, {})
            cells = []
            for key in ("instructions", "allocations"):
                threshold = entry.get(key)
                if threshold is None:
                    cells.append((f"{measured[key]:,}", "-", "new"))
                    continue
                change = (measured[key] - threshold) / threshold if threshold else (0.0 if measured[key] == 0 else 1.0)
                cells.append((f"{measured[key]:,}", f"{threshold:,}", f"{change:+.1%}"))
                if change > tolerance[key] and measured[key] - threshold > ABSOLUTE_SLACK[key]:
                    failures.append(
                        f"{gate}: {measured[key]:,} {key} per iteration, {change:+.1%} against the threshold {threshold:,} "
                        f"(tolerance {tolerance[key]:.1%})")
            (i, it, ic), (a, at, ac) = cells
            print(f"{gate:<32} {i:>14} {it:>14} {ic:>8}   {a:>11} {at:>10} {ac:>8}")
            if arguments.accept:
                recorded["gates"][gate] = measured
        if arguments.accept:
            with open(path, "w", encoding="utf-8") as file:
                json.dump(recorded, file, indent=2, sort_keys=True)
                file.write("\n")
            print(f"thresholds written to {os.path.relpath(path)}")
            return
        if failures:
            print("\nPerformance gates failed:\n  " + "\n  ".join(failures))
            print("If the cost is intended, accept it: scripts/perf-gates.sh --accept (docs/PERFORMANCE-GATES.md).")
            raise SystemExit(1)
        print("All gates within their thresholds.")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
