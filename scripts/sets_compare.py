#!/usr/bin/env python3
"""Speedups of two paper sets side by side: what changed, point by point.

    scripts/sets_compare.py OLD.csv NEW.csv [--why]

OLD and NEW are sweep CSVs (scripts/sweep_gather.sh).  The previous paper
set (issue 17, docs/figures/paper-issue17.csv) ran stand-ins with randomly
permuted ids and pull PageRank; the set of issue 31 runs the real com-DBLP,
the rmatl/rmatld stand-ins and push PageRank (prp), pull PageRank as the
extra set "pull".  A point of the old set is matched with the point of the
new set that replaced it (GRAPHS, KERNELS below); p2p-Gnutella30 is the
same graph in both, so its BFS and SSSP rows must not move (a check that
both sets ran on models with the same cycles).

Prints a Markdown table: speedup over cpu-only (cpu-only kernel time /
the policy's) in each set and the change.  --why adds, for BFS and SSSP,
cpu-only's and pim-only's kernel time and HMC requests in each set: the
two numbers that explain most of the change (docs/results.md).
"""
import csv
import sys

# old graph -> the graph of the new set that stands for the same paper graph
# (soc-LiveJournal1 at the same 1/32: the issue-31 set's first CSV,
# docs/figures/paper-lj32.csv; the set now takes it at 1/8)
GRAPHS = {
    "p2p-Gnutella30.txt": ("p2p-Gnutella30.txt", "p2p-Gnutella30"),
    "rmat:317080:1049866": ("com-dblp.ungraph.txt.gz", "com-DBLP"),
    "rmat:1134890:2987624": ("rmatl:1134890:2987624", "com-Youtube"),
    "rmatd:2394385:5021410": ("rmatld:2394385:5021410", "wiki-Talk"),
    "rmatd:151487:2156055": ("rmatld:151487:2156055", "soc-LiveJournal1/32"),
}
# (old kernel, new kernel, the new set's CSV "set" column)
KERNELS = [("bfs", "bfs", "main"), ("sssp", "sssp", "main"),
           ("pr", "prp", "main"), ("pr", "pr", "pull")]
POLICIES = ["pim-only", "pei", "graphpim", "copim", "mpki"]


def load(path):
    rows = {}
    try:
        with open(path, newline="") as f:
            for r in csv.DictReader(f):
                rows[(r["set"], r["kernel"], r["graph"], r["policy"])] = r
    except (OSError, KeyError, csv.Error) as e:
        sys.exit(f"sets_compare: {path}: not a sweep CSV ({e})")
    return rows


def main(argv):
    why = "--why" in argv
    args = [a for a in argv if a != "--why"]
    if len(args) != 2:
        sys.exit("usage: sets_compare.py OLD.csv NEW.csv [--why]")
    old, new = load(args[0]), load(args[1])
    print("| kernel (old -> new) | graph | policy | old set | new set | change |")
    print("|---|---|---|---|---|---|")
    for ko, kn, sn in KERNELS:
        for go, (gn, name) in GRAPHS.items():
            oc, nc = old.get(("main", ko, go, "cpu-only")), new.get((sn, kn, gn, "cpu-only"))
            if not oc or not nc:
                continue
            for p in POLICIES:
                o, n = old.get(("main", ko, go, p)), new.get((sn, kn, gn, p))
                if not o or not n:
                    continue
                so = float(oc["kernel_us"]) / float(o["kernel_us"])
                s = float(nc["kernel_us"]) / float(n["kernel_us"])
                label = f"{ko} -> {kn}" + (" (pull)" if sn == "pull" else "")
                print(f"| {label} | {name} | {p} | {so:.3f} | {s:.3f} | {s - so:+.3f} |")
    if not why:
        return
    print()
    print("| kernel | graph | policy | old time (ms) | new time (ms) | old HMC requests (M) | new HMC requests (M) |")
    print("|---|---|---|---|---|---|---|")
    for k in ("bfs", "sssp"):
        for go, (gn, name) in GRAPHS.items():
            for p in ("cpu-only", "pim-only", "copim"):
                o, n = old.get(("main", k, go, p)), new.get(("main", k, gn, p))
                if not o or not n:
                    continue
                print(f"| {k} | {name} | {p} | {float(o['kernel_us']) / 1000:.1f} | {float(n['kernel_us']) / 1000:.1f}"
                      f" | {int(o['hmc_requests']) / 1e6:.2f} | {int(n['hmc_requests']) / 1e6:.2f} |")


if __name__ == "__main__":
    main(sys.argv[1:])
