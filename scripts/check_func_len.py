#!/usr/bin/env python3
"""No function over 150 lines outside the tests (issue 33).

Reads every C/C++ file under csim/, tb/ (but tb/tests/ and tb/fuzz/), sw/,
systemc/ and fpga/: a function is a line at column 0 that opens a body
("... ) {" or "...) {" after a signature) up to its closing "}" at column 0.
Prints each function longer than the limit with its file and first line
and exits 1; LIMIT and the folders are below.  `make lint` runs it.

usage: check_func_len.py [--limit N] [--all]   (--all: list every function over it, tests too)
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TREES = ["csim", "app", "tb", "sw", "systemc", "fpga"]
SKIP = ["tb/tests", "tb/fuzz"]
EXTS = (".c", ".cpp", ".h")
OPEN = re.compile(r"^[A-Za-z_][^;=]*\)\s*(const\s*)?\{\s*(//.*|/\*.*)?$")


def functions(path):
    lines = open(path, errors="replace").read().split("\n")
    i = 0
    while i < len(lines):
        if OPEN.match(lines[i]) and not lines[i].startswith(("typedef", "struct", "enum", "union", "#")):
            name = re.search(r"([A-Za-z_]\w*)\s*\(", lines[i])
            for j in range(i + 1, len(lines)):
                if lines[j].startswith("}"):
                    yield (name.group(1) if name else "?", i + 1, j - i + 1)
                    i = j
                    break
        i += 1


def main(argv):
    limit = int(argv[argv.index("--limit") + 1]) if "--limit" in argv else 150
    every = "--all" in argv
    bad = []
    for t in TREES:
        for d, dirs, files in os.walk(os.path.join(ROOT, t)):
            rel = os.path.relpath(d, ROOT)
            if not every and any(rel == s or rel.startswith(s + "/") for s in SKIP):
                continue
            for f in sorted(files):
                if f.endswith(EXTS):
                    p = os.path.join(rel, f)
                    bad += [(n, p, l, name) for name, l, n in functions(os.path.join(ROOT, p)) if n > limit]
    for n, p, l, name in sorted(bad, reverse=True):
        print("function over %d lines: %s:%d %s() %d lines" % (limit, p, l, name, n))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
