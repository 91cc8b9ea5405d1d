#!/usr/bin/env python3
"""The statistics table -> docs/stats.md's field tables.

csim/sys/sys_stat_table.c holds one row per figure of the JSON record
(path, unit, description, where the value lives).  docs/stats.md carries,
per object of the record, a block

    <!-- stats: time -->
    | field | unit | meaning |
    ...
    <!-- /stats -->

that this script writes from the rows whose path starts with that object
("-" for the top-level fields).  A row with the description "" is described
together with the row before it.  Every object of the table must have its
block and every block an object: `make lint` runs this with --check, which
fails when docs/stats.md and the table disagree.

usage: gen_stats_doc.py [--check]
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLE = "csim/sys/sys_stat_table.c"
DOC = "docs/stats.md"
ROW = re.compile(r"^\s*(SNAP|CORE|PE|LOOP|FN|PEI|WHEN|OBJ)\((.*)\),\s*$")
CSTR = re.compile(r'"((?:[^"\\]|\\.)*)"')
BLOCK = re.compile(r"<!-- stats: (\S+) -->\n.*?<!-- /stats -->\n", re.S)


def die(msg):
    sys.stderr.write("gen_stats_doc: %s\n" % msg)
    sys.exit(1)


def rows():
    out = []
    for n, line in enumerate(open(os.path.join(ROOT, TABLE)), 1):
        m = ROW.match(line)
        if not m:
            continue
        s = [bytes(x, "utf-8").decode("unicode_escape") for x in CSTR.findall(m.group(2))]
        if len(s) < 3:
            die("%s:%d: a row needs a path, a unit and a description" % (TABLE, n))
        path, unit, desc = s[0], s[1], s[-1]
        group, _, field = path.partition(".") if "." in path else ("-", "", path)
        group = group[:-2] if group.endswith("[]") else group
        out.append((group, field, unit, desc, "SYS_ST_REAL" in m.group(2), n))
    if not out:
        die("no rows in %s" % TABLE)
    return out


def table(rs):
    lines = ["| field | unit | meaning |", "|---|---|---|"]
    cur = None
    for _g, field, unit, desc, real, n in rs:
        if desc == "":
            if cur is None:
                die("%s:%d: the first row of an object needs a description" % (TABLE, n))
            cur[0].append(field)
            if unit not in cur[1]:
                cur[1].append(unit)
            continue
        cur = ([field], [unit] if unit else [], ("*real*, " if real else "") + desc)
        lines.append(cur)
    out = []
    for l in lines:
        if isinstance(l, str):
            out.append(l)
        else:
            out.append("| %s | %s | %s |" % (", ".join("`%s`" % f for f in l[0]), ", ".join(u for u in l[1] if u), l[2]))
    return "\n".join(out) + "\n"


def main(argv):
    check = "--check" in argv
    rs = rows()
    groups = []
    for r in rs:
        if r[0] not in groups:
            groups.append(r[0])
    path = os.path.join(ROOT, DOC)
    text = open(path).read()
    seen = []

    def fill(m):
        g = m.group(1)
        if g not in groups:
            die("%s has a block for %r, which %s does not have" % (DOC, g, TABLE))
        seen.append(g)
        return "<!-- stats: %s -->\n%s<!-- /stats -->\n" % (g, table([r for r in rs if r[0] == g]))

    new = BLOCK.sub(fill, text)
    missing = [g for g in groups if g not in seen]
    if missing:
        die("%s has no block for %s (rows of %s)" % (DOC, ", ".join(missing), TABLE))
    if new == text:
        return
    if check:
        die("%s differs from %s: run scripts/gen_stats_doc.py" % (DOC, TABLE))
    open(path, "w").write(new)
    print("gen_stats_doc: wrote " + DOC)


if __name__ == "__main__":
    main(sys.argv[1:])
