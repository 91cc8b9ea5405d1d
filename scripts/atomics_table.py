#!/usr/bin/env python3
"""docs/results.md's tables of "Atomics as each design had them", from
scripts/atomics_ablation.sh's OUT/atomics.csv and, for the old model where
that has no point, scripts/kernels_ablation.sh's kernels.csv (the same
models on the same kernels but for rd = x0, which the serial model ignores:
checked equal to the cycle on p2p-Gnutella30's BFS).

  scripts/atomics_table.py ATOMICS_CSV [KERNELS_CSV] > tables.md
"""
import csv
import sys

KERNELS = ("bfs", "sssp", "prp")
POLS = ("cpu-only", "pei", "graphpim", "copim")
CFGS = ("old", "order", "posted", "new", "relaxed", "all")
SHORT = {"rmatld:605946:8624222": "LJ/8", "com-dblp.ungraph.txt.gz": "com-DBLP", "p2p-Gnutella30.txt": "p2p-Gnutella30"}


def load(path, cfg_col):
    t = {}
    with open(path) as f:
        for r in csv.DictReader(f):
            if r.get("verified") not in ("True", "true"):
                continue
            cfg = r[cfg_col] if cfg_col else "old"
            if cfg_col is None and r.get("build") != "reduced":
                continue
            t[(cfg, r["kernel"], r["graph"], r["policy"])] = int(r["kernel_cycles"])
    return t


def main():
    t = load(sys.argv[1], "config")
    if len(sys.argv) > 2:
        for k, v in load(sys.argv[2], None).items():
            t.setdefault(k, v)
    graphs = [g for g in SHORT if any(k[2] == g for k in t)]

    def spd(cfg, k, g, p, over="cpu-only"):
        a, b = t.get((cfg, k, g, over)), t.get((cfg, k, g, p))
        return a / b if a and b else None

    def f(x, fmt="%.2fx"):
        return fmt % x if x is not None else "-"

    print("| graph | kernel | cpu-only ms, old -> new | PEI over cpu-only | GraphPIM over cpu-only "
          "| CoPIM over cpu-only | CoPIM over PEI | CoPIM over GraphPIM |")
    print("|---|---|---|---|---|---|---|---|")
    for g in graphs:
        for k in KERNELS:
            co, cn = t.get(("old", k, g, "cpu-only")), t.get(("new", k, g, "cpu-only"))
            if not cn:
                continue
            cells = ["%s -> %s" % (f(co and co * 0.5e-6, "%.2f"), f(cn * 0.5e-6, "%.2f"))]
            for p, over in (("pei", "cpu-only"), ("graphpim", "cpu-only"), ("copim", "cpu-only"), ("copim", "pei"),
                            ("copim", "graphpim")):
                cells.append("%s -> %s" % (f(spd("old", k, g, p, over)), f(spd("new", k, g, p, over))))
            print("| %s | %s | %s |" % (SHORT[g], k, " | ".join(cells)))
    print()
    print("Each change alone and together: kernel time relative to the old model (below 1: faster), and in "
          "brackets the speedup over cpu-only under the same setting.  cpu-only and copim send no AMO to a vault: "
          "posted is the old model for them and all is relaxed, not run again.")
    print()
    print("| graph | kernel | policy | " + " | ".join(CFGS[1:]) + " |")
    print("|---|---|---|" + "---|" * (len(CFGS) - 1))
    same = {"posted": "old", "all": "relaxed"}  # the cpu-only (and copim) point of each setting
    for g in graphs:
        for k in KERNELS:
            for p in POLS:
                o = t.get(("old", k, g, p))
                if not o or not any((c, k, g, p) in t for c in CFGS[1:]):
                    continue
                row = []
                for c in CFGS[1:]:
                    cp = c if (c, k, g, p) in t or p not in ("cpu-only", "copim") else same.get(c, c)
                    v, cpu = t.get((cp, k, g, p)), t.get((c if (c, k, g, "cpu-only") in t else same.get(c, c), k, g,
                                                         "cpu-only"))
                    row.append("%s (%s)" % (f(v / o if v else None, "%.3f"), f(cpu / v if v and cpu else None)))
                print("| %s | %s | %s | %s |" % (SHORT[g], k, p, " | ".join(row)))


if __name__ == "__main__":
    main()
