#!/usr/bin/env python3
"""Reads one callgrind profile part (written uncompressed: --compress-strings=no
--compress-pos=no) and prints its instruction count and its number of heap allocations
(calls to malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign) as JSON."""
import json
import re
import sys

ALLOCATORS = {"malloc", "calloc", "realloc", "posix_memalign", "aligned_alloc", "memalign"}


def counts(path):
    instructions = None
    allocations = 0
    callee = None
    with open(path, encoding="utf-8", errors="replace") as profile:
        for line in profile:
            if line.startswith("cfn="):
                callee = line[4:].strip()
            elif line.startswith("calls=") and callee is not None:
                # "calls=<count> <target position>": the cost line after it is the call's.
                if callee in ALLOCATORS or callee.split("'")[0] in ALLOCATORS:
                    allocations += int(line[6:].split()[0])
                callee = None
            elif line.startswith("totals:") or (instructions is None and line.startswith("summary:")):
                instructions = int(line.split()[1])
    if instructions is None:
        sys.exit(f"{path}: no totals line; not a callgrind profile?")
    return {"instructions": instructions, "allocations": allocations}


if __name__ == "__main__":
    print(json.dumps(counts(sys.argv[1])))
