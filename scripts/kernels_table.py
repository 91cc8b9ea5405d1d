#!/usr/bin/env python3
"""The kernels' ablation (scripts/kernels_ablation.sh) as docs/results.md's
tables: per kernel, graph and policy, the naive and the reduced kernels'
kernel time, each one's speedup over its own build's cpu-only run, and
the hot-spot figures where the run has them.

usage: kernels_table.py KERNELS_CSV PAPER_CSV
The naive points missing from KERNELS_CSV are taken from PAPER_CSV (the
paper set's main rows, which ran the same loaded bytes on the same models)
and have no hot-spot figures ("-")."""
import csv
import sys

POLS = ["cpu-only", "pim-only", "copim", "pei", "graphpim"]
GRAPHS = [("p2p-Gnutella30.txt", "p2p-Gnutella30"), ("com-dblp.ungraph.txt.gz", "com-DBLP"),
          ("rmatld:605946:8624222", "LJ/8")]
KERNELS = [("bfs", "BFS"), ("sssp", "SSSP"), ("prp", "push PageRank"), ("pr", "pull PageRank, 3 iterations")]


def main(argv):
    if len(argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    pts = {}
    for r in csv.DictReader(open(argv[1])):
        if r["verified"] != "True":
            continue
        pts[(r["build"], r["kernel"], r["graph"], r["policy"])] = r
    for r in csv.DictReader(open(argv[2])):
        if r["set"] != "main" or r["pe_mhz"] != "500" or r["verified"] != "true":
            continue
        key = ("naive", r["kernel"], r["graph"], r["policy"])
        if key not in pts:
            pts[key] = {"kernel_cycles": r["kernel_cycles"], "busiest_vault_share": "", "top_addr_share": "",
                        "vault_imbalance": ""}
    out = []
    for k, kname in KERNELS:
        out.append("\n**%s.**\n" % kname)
        out.append("| graph | policy | naive (Mcycles) | reduced | reduced / naive | speedup naive | speedup reduced "
                   "| busiest vault, naive -> reduced (x mean) | top address share, naive -> reduced |")
        out.append("|---|---|---|---|---|---|---|---|---|")
        for g, gname in GRAPHS:
            base = {b: pts.get((b, k, g, "cpu-only")) for b in ("naive", "reduced")}
            for p in POLS:
                n, r = pts.get(("naive", k, g, p)), pts.get(("reduced", k, g, p))
                if not n and not r:
                    continue
                cyc = lambda x: float(x["kernel_cycles"]) if x else None
                fmt = lambda v, f: f % v if v is not None else "-"
                nc, rc = cyc(n), cyc(r)
                sn = cyc(base["naive"]) / nc if nc and base["naive"] else None
                sr = cyc(base["reduced"]) / rc if rc and base["reduced"] else None
                vi = lambda x: float(x["vault_imbalance"]) if x and x.get("vault_imbalance") else None
                ts = lambda x: 100 * float(x["top_addr_share"]) if x and x.get("top_addr_share") else None
                out.append("| %s | %s | %s | %s | %s | %s | %s | %s -> %s | %s -> %s |" % (
                    gname, p, fmt(nc and nc / 1e6, "%.1f"), fmt(rc and rc / 1e6, "%.1f"),
                    fmt(rc / nc if nc and rc else None, "%.3f"), fmt(sn, "%.2fx"), fmt(sr, "%.2fx"),
                    fmt(vi(n), "%.2f"), fmt(vi(r), "%.2f"), fmt(ts(n), "%.2f %%"), fmt(ts(r), "%.2f %%")))
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
