"""The ablation scripts' gather step (scripts/atomics_ablation.sh,
scripts/kernels_ablation.sh): every OUT/<config>/runs/*.json of the
configurations given, in that order and sorted by file name, one CSV row
each from the caller's row(config, json) into OUT/<name>.csv."""
import csv
import json
import os


def gather(out, configs, name, header, row):
    rows = []
    for cfg in configs:
        d = os.path.join(out, cfg, "runs")
        if not os.path.isdir(d):
            continue
        for f in sorted(os.listdir(d)):
            if f.endswith(".json"):
                with open(os.path.join(d, f)) as fh:
                    rows.append(row(cfg, json.load(fh)))
    with open(os.path.join(out, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)
    print("%s_ablation: %d points in %s/%s.csv" % (name, len(rows), out, name))
