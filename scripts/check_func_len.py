#!/usr/bin/env python3
"""No function over 150 lines outside the tests (issue 33), and no
SystemVerilog always block over 150 lines (issue 49 item 5).

C: reads every C/C++ file under csim/, tb/ (but tb/tests/ and tb/fuzz/), sw/,
systemc/ and fpga/: a function is a line at column 0 that opens a body
("... ) {" or "...) {" after a signature) up to its closing "}" at column 0.
SystemVerilog: reads every .sv/.v file under rtl/, tb/ and fpga/: an always
block runs from its always/always_comb/always_ff/always_latch keyword to the
"end" that closes its first "begin" (comments and strings ignored), or to
its first ";" when it has no begin.  A long always block mixes functions the
way a long C function does (pe_lsu's 248-line one held the fill issue, the
prefetcher, the MSHRs and the port FSM): a sub-block gets its own module.
Prints each function or block longer than the limit with its file and first
line and exits 1; LIMIT and the folders are below.  `make lint` runs it.

usage: check_func_len.py [--limit N] [--all] [FILE ...]
  --all: list every function over it, tests too; FILEs: check only those
  (C or SystemVerilog by extension), e.g. an old revision's pe_lsu.sv
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TREES = ["csim", "app", "tb", "sw", "systemc", "fpga"]
SKIP = ["tb/tests", "tb/fuzz"]
EXTS = (".c", ".cpp", ".h")
SV_TREES = ["rtl", "tb", "fpga"]
SV_EXTS = (".sv", ".v")
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


SV_ALWAYS = re.compile(r"\b(always_comb|always_ff|always_latch|always)\b")
SV_TOKEN = re.compile(r"\b(begin|end)\b|;")


def sv_code(path):
    """The file's lines with comments and strings blanked (line numbers kept)."""
    text = open(path, errors="replace").read()
    text = re.sub(r'"(\\.|[^"\\\n])*"', '""', text)
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    return [re.sub(r"//.*", "", line) for line in text.split("\n")]


def always_blocks(path):
    """(keyword, first line, length in lines) of every always block."""
    lines = sv_code(path)
    i = 0
    while i < len(lines):
        m = SV_ALWAYS.search(lines[i])
        if not m:
            i += 1
            continue
        depth, opened, end = 0, False, None
        col = m.end()
        for j in range(i, len(lines)):
            for t in SV_TOKEN.finditer(lines[j], col if j == i else 0):
                if t.group(0) == "begin":
                    depth, opened = depth + 1, True
                elif t.group(0) == "end":
                    depth -= 1
                elif not opened:   # a single statement: "always_ff ... x <= y;"
                    end = j
                if (opened and depth == 0) or end is not None:
                    end = j
                    break
            if end is not None:
                break
        if end is None:
            end = len(lines) - 1
        yield (m.group(1), i + 1, end - i + 1)
        i = end + 1


def check(path, rel, limit):
    if path.endswith(SV_EXTS):
        return [(n, rel, l, "%s block" % kw) for kw, l, n in always_blocks(path) if n > limit]
    return [(n, rel, l, "function %s()" % name) for name, l, n in functions(path) if n > limit]


def main(argv):
    limit = int(argv[argv.index("--limit") + 1]) if "--limit" in argv else 150
    every = "--all" in argv
    given = [a for i, a in enumerate(argv) if not a.startswith("--") and (i == 0 or argv[i - 1] != "--limit")]
    bad = []
    for p in given:
        bad += check(p, p, limit)
    for t in ([] if given else sorted(set(TREES + SV_TREES))):
        exts = (EXTS if t in TREES else ()) + (SV_EXTS if t in SV_TREES else ())
        for d, dirs, files in os.walk(os.path.join(ROOT, t)):
            rel = os.path.relpath(d, ROOT)
            if not every and any(rel == s or rel.startswith(s + "/") for s in SKIP):
                continue
            for f in sorted(files):
                if f.endswith(exts):
                    p = os.path.join(rel, f)
                    bad += check(os.path.join(ROOT, p), p, limit)
    for n, p, l, what in sorted(bad, reverse=True):
        print("over %d lines: %s:%d %s, %d lines" % (limit, p, l, what, n))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
