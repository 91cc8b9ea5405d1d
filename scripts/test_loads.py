#!/usr/bin/env python3
"""What each test loads at run time, against what a build makes (issue 49,
item 0).  scripts/build_graph_check.sh dry runs it over make's own databases
of a copy of the tracked files with no build/ (so `make lint` runs it).

A test loads files from build/ by name (build/sw/bfs.elf, build/tools/
graphtool, build/sw-balanced/%s.elf...), whatever build it belongs to; the
fragments of mk/ give build/tests/<name> those files as prerequisites, so
that `make sim TEST=<name>` brings them.  Two checks:

  sources  every build/<dir>/... that a test's source (tb/tests/<name>.c and
           the tb/tests headers it includes) names in a string, <dir> being
           a folder the build makes files in, is among its prerequisites in
           the plain build's graph: the exact file when the string names
           one, else some file of that folder.  A test that loads what its
           rule does not name builds by luck (after the whole `make tests`).
  san      `make test SAN=1` on a clean tree makes every file a test of
           SAN_TESTS loads (its plain prerequisites under build/ beside
           its objects and libraries; build/copim-sim stands for the
           sanitized build/san/copim-sim, which run_tests.sh hands the
           tests as COPIM_SIM).  host_balance once failed there: its ELFs
           were made under build/san/sw-balanced, and it loads build/'s.

usage: test_loads.py PLAIN_DB SAN_DB MADE
  PLAIN_DB, SAN_DB: `make -pq` output without and with SAN=1
  MADE: the targets `make -n --debug=b test SAN=1` would make, one a line
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RULE = re.compile(r"^(build/[^:\s]+):(?!=)\s*(.*)$")
STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
BUILD_PATH = re.compile(r"build/([A-Za-z0-9_.-]+)(/[A-Za-z0-9_.%/-]*)?")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
# the test binary's own compile and link inputs, not run-time loads
NOT_LOADS = ("build/obj/", "build/lib/", "build/tests/", "build/vl/")


def read_db(path):
    """targets under build/ and their prerequisites; variables too"""
    rules, variables = {}, {}
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            m = RULE.match(line)
            if m:
                prereqs = m.group(2).replace("|", " ").split()
                rules.setdefault(m.group(1), set()).update(prereqs)
                continue
            m = re.match(r"^([A-Z_]+) :?= (.*)$", line)
            if m:
                variables[m.group(1)] = m.group(2)
    return rules, variables


def source_strings(name):
    """the string literals of tb/tests/<name>.c and its tb/tests headers"""
    todo, seen, out = [os.path.join("tb/tests", name + ".c")], set(), []
    while todo:
        path = todo.pop()
        if path in seen or not os.path.isfile(os.path.join(ROOT, path)):
            continue
        seen.add(path)
        text = open(os.path.join(ROOT, path)).read()
        out += STRING.findall(text)
        todo += [os.path.join("tb/tests", h) for h in INCLUDE.findall(text)]
    return out


def check_sources(tests, rules):
    dirs = {t.split("/")[1] for t in rules if t.count("/") >= 2}
    fails = []
    for name in tests:
        target = "build/tests/" + name
        have = rules.get(target, set()) | {target}
        for s in source_strings(name):
            for m in BUILD_PATH.finditer(s):
                d, rest = m.group(1), (m.group(2) or "").rstrip("/")
                if d not in dirs:
                    continue  # a file the test writes, or a missing one on purpose
                path = "build/" + d + rest
                if rest and "%" not in rest:
                    ok = path in have
                else:
                    ok = any(p.startswith("build/" + d + "/") for p in have)
                if not ok:
                    fails.append(f"{name}: loads {m.group(0)} (tb/tests/{name}.c), "
                                 f"which {target}'s rule does not name")
    return fails


def check_san(san_tests, rules, made):
    fails = []
    for name in san_tests:
        for p in sorted(rules.get("build/tests/" + name, ())):
            if not p.startswith("build/") or p.startswith(NOT_LOADS):
                continue
            want = "build/san/copim-sim" if p == "build/copim-sim" else p
            if want not in made:
                fails.append(f"{name}: loads {want}, which make test SAN=1 does not make on a clean tree")
    return fails


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__.split("\n\n")[-1].strip())
    plain, _ = read_db(sys.argv[1])
    _, san_vars = read_db(sys.argv[2])
    made = set(open(sys.argv[3]).read().split())
    tests = [l.split()[0] for l in open(os.path.join(ROOT, "tb/tests.list"))
             if l.strip() and not l.startswith("#")]
    san_tests = san_vars.get("SAN_TESTS", "").split()
    if not san_tests:
        sys.exit("test_loads: no SAN_TESTS in make's SAN=1 database")
    fails = list(dict.fromkeys(check_sources(tests, plain) + check_san(san_tests, plain, made)))
    for f in fails[:10]:
        print("build_graph: " + f)
    if len(fails) > 10:
        print(f"build_graph: ... and {len(fails) - 10} more")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
