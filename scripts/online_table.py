#!/usr/bin/env python3
"""Issue 53's table: the on-line policy copim-ab against the oracle.

    scripts/online_table.py CSV        (a sweep CSV: `make sweep SWEEP_SET=online`)

One row per graph and kernel with a cpu-only point: kernel cycles and the
speedup over cpu-only of each policy present, the oracle's placement and
its dynamic estimate (from the CSV's plan column), copim-ab's time over
the static oracle's and over the better of cpu-only and pim-only, and the
offloaded instructions (PE-retired instructions + host AMOs performed in
the vaults, as scripts/claims.sh counts them) of copim-ab, copim, PEI and
GraphPIM.  A missing point prints as "-".  Markdown on stdout.
"""
import csv
import re
import sys

POLS = ["cpu-only", "pim-only", "pei", "graphpim", "copim", "copim-ab"]


def short(g):
    g = re.sub(r"\.txt(\.gz)?$", "", g.split("/")[-1])
    return {"rmatld:151487:2156055": "LJ/32 stand-in", "com-dblp.ungraph": "com-DBLP"}.get(g, g)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: online_table.py CSV")
    try:
        rows = list(csv.DictReader(open(sys.argv[1], newline="")))
    except OSError as e:
        sys.exit(f"online_table: {e}")
    pts, order = {}, []
    for r in rows:
        if r["set"] != "main" or r["pe_mhz"] != "500":
            continue
        key = (short(r["graph"]), r["kernel"])
        if key not in pts:
            pts[key] = {}
            order.append(key)
        if r["verified"] != "true":
            sys.exit(f"online_table: {r['id']}: not verified")
        pts[key][r["policy"]] = r
    head = POLS + ["oracle (plan)", "dynamic estimate", "copim-ab / oracle", "copim-ab / best of cpu, pim",
                   "offloaded insns: copim-ab / copim / PEI / GraphPIM"]
    print("| graph | kernel | " + " | ".join(head) + " |")
    print("|---|---|" + "---|" * len(head))
    for key in order:
        p = pts[key]
        if "cpu-only" not in p:
            continue
        base = int(p["cpu-only"]["kernel_cycles"])
        cyc = {q: int(p[q]["kernel_cycles"]) for q in p}
        cells = [f"{cyc[q]} ({base / cyc[q]:.3f}x)" if q in cyc else "-" for q in POLS]
        orc = p.get("oracle")
        dyn = None
        if orc:
            plan = orc["plan"]
            m = re.search(r"dynamic estimate (\d+) cycles", plan)
            dyn = int(m.group(1)) if m else None
            place = " ".join(w.split(".", 1)[1] for w in plan.split(";")[0].split()[1:])
            cells.append(f"{cyc['oracle']} ({base / cyc['oracle']:.3f}x)<br>{place}")
            cells.append(f"{dyn} ({base / dyn:.3f}x)" if dyn else "-")
        else:
            cells += ["-", "-"]
        ab = cyc.get("copim-ab")
        cells.append(f"{ab / cyc['oracle']:.3f}" if ab and orc else "-")
        best = min(cyc[q] for q in ("cpu-only", "pim-only") if q in cyc)
        cells.append(f"{ab / best:.3f}" if ab else "-")
        off = [str(int(p[q]["pe_insns"]) + int(p[q]["hmc_amos"])) if q in p else "-"
               for q in ("copim-ab", "copim", "pei", "graphpim")]
        cells.append(" / ".join(off))
        print(f"| {key[0]} | {key[1]} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
