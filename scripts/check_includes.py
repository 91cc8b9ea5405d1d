#!/usr/bin/env python3
"""Include cycles: between files, and between the folders of csim/; and no
product file reaching into the tests.

Every C/C++ source and header under csim/, app/, bridge/, tb/, sw/, systemc/
and fpga/ is read for its #include "..." lines, resolved as the compiler does
(the including file's folder first, then the -I folders: every csim/* folder,
bridge and each RTL block's product adapters bridge/<blk>, tb/lib, each
block's test adapters tb/<blk>, app/copim-sim, app/tools, sw/include, sw/rt,
sw/kernels, and systemc for the SystemC wrappers).  Three checks:

  - no cycle of files (a.h includes b.h includes a.h): the include guard
    hides it until a declaration moves;
  - no cycle of csim/ folders (csim/sys includes csim/policy, which
    includes csim/sys): each folder is a subsystem named as in rtl/, and a
    subsystem's headers may use lower ones only, so that it can be read,
    tested and moved alone;
  - no file outside tb/ includes a header under tb/: tb/ is tests only
    (its folders are on the include path of test compiles alone, which
    scripts/build_graph_check.sh checks), and what the simulator, the
    SystemC platform or the prototype need lives in their own trees
    (the Verilator shims and SystemC modules in bridge/<blk>/).

A folder cycle that is known and has an issue to remove it is listed in
KNOWN with its reason and reported as a note; any other cycle fails.
`make lint` runs this.

usage: check_includes.py [-v]     (-v: print the folder graph)
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TREES = ["csim", "app", "bridge", "tb", "sw", "systemc", "fpga"]
EXTS = (".c", ".h", ".cpp", ".hpp", ".cc")
INC = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
# folder cycles with an issue to remove them: (folders, reason)
KNOWN = {
    # none: the last (csim/policy <-> csim/sys, issue 33 item 6) went when the policy table moved to
    # csim/policy and the offline planners, which drive the system, to csim/planner above csim/sys
}


def sources():
    out = []
    for t in TREES:
        for d, dirs, files in os.walk(os.path.join(ROOT, t)):
            dirs[:] = [x for x in dirs if x != "build"]
            out += [os.path.relpath(os.path.join(d, f), ROOT) for f in files if f.endswith(EXTS)]
    return sorted(out)


def search_path():
    csim = sorted(os.path.join("csim", d) for d in os.listdir(os.path.join(ROOT, "csim"))
                  if os.path.isdir(os.path.join(ROOT, "csim", d)))
    blocks = sorted(d for d in os.listdir(os.path.join(ROOT, "rtl"))
                    if os.path.isfile(os.path.join(ROOT, "rtl", d, "files.f")))
    return (csim + ["bridge"] + ["bridge/" + b for b in blocks] + ["tb/lib"] + ["tb/" + b for b in blocks]
            + ["app/copim-sim", "app/tools", "sw/include", "sw/rt", "sw/kernels", "systemc"])


def resolve(src, name, path):
    for d in [os.path.dirname(src)] + path:
        cand = os.path.normpath(os.path.join(d, name))
        if os.path.isfile(os.path.join(ROOT, cand)):
            return cand
    return None  # generated (build/) or a system header


def cycles(graph):
    """The strongly connected components with more than one node or a self edge (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1 or v in graph.get(v, ()):
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def main(argv):
    path = search_path()
    files, why = {}, {}
    for src in sources():
        text = open(os.path.join(ROOT, src), errors="replace").read()
        deps = set()
        for name in INC.findall(text):
            r = resolve(src, name, path)
            if r and r != src:
                deps.add(r)
        files[src] = deps
    folders = {}
    for src, deps in files.items():
        if not src.startswith("csim/"):
            continue
        a = src.split("/")[1]
        for d in deps:
            if d.startswith("csim/") and d.split("/")[1] != a:
                b = d.split("/")[1]
                folders.setdefault(a, set()).add(b)
                why.setdefault((a, b), "%s -> %s" % (src, d))
    if "-v" in argv:
        for a in sorted(folders):
            print("csim/%s -> %s" % (a, " ".join("csim/" + b for b in sorted(folders[a]))))
    bad = 0
    for src in sorted(files):
        if src.startswith("tb/"):
            continue
        for d in sorted(files[src]):
            if d.startswith("tb/"):
                print("product file includes a test header: %s -> %s (tb/ is tests only: move the header "
                      "out of tb/, or the file into it)" % (src, d))
                bad = 1
    for comp in cycles(files):
        print("include cycle of files: " + " -> ".join(comp))
        bad = 1
    for comp in cycles(folders):
        edges = ["%s (%s)" % ("csim/%s -> csim/%s" % (a, b), why[(a, b)])
                 for a in comp for b in sorted(folders.get(a, ())) if b in comp]
        known = KNOWN.get(tuple(comp))
        if known:
            print("include cycle of folders, known: %s; %s" % ("; ".join(edges), known))
        else:
            print("include cycle of folders: " + "; ".join(edges))
            bad = 1
    return bad


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
