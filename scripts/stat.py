#!/usr/bin/env python3
"""Read a run's statistics JSON (docs/stats.md) by statistics path.

usage: stat.py get FILE PATH [PATH ...]   one value a line; PATH as in
                                          docs/stats.md, "hmc.requests",
                                          an array item "pes[3].retired"
       stat.py subset OLD NEW             exit 0 when every field of OLD is
                                          in NEW with the same value (NEW
                                          may add fields): "byte-identical,
                                          old fields only"; else print the
                                          first difference, exit 1
"""
import json
import re
import sys

SEG = re.compile(r"^([^\[\]]+)(?:\[(\d+)\])?$")


def get(d, path):
    for seg in path.split("."):
        m = SEG.match(seg)
        if not m:
            raise KeyError(path)
        d = d[m.group(1)]
        if m.group(2) is not None:
            d = d[int(m.group(2))]
    return d


def subset(old, new, at=""):
    """The first path where old is not contained in new, or None."""
    if isinstance(old, dict):
        if not isinstance(new, dict):
            return at or "."
        for k, v in old.items():
            if k not in new:
                return "%s.%s (missing)" % (at, k) if at else k + " (missing)"
            r = subset(v, new[k], "%s.%s" % (at, k) if at else k)
            if r:
                return r
        return None
    if isinstance(old, list):
        if not isinstance(new, list) or len(new) != len(old):
            return at + " (length)"
        for i, (a, b) in enumerate(zip(old, new)):
            r = subset(a, b, "%s[%d]" % (at, i))
            if r:
                return r
        return None
    return None if old == new and type(old) == type(new) else "%s: %r -> %r" % (at, old, new)


def main(argv):
    if len(argv) >= 4 and argv[1] == "get":
        d = json.load(open(argv[2]))
        for p in argv[3:]:
            try:
                v = get(d, p)
            except (KeyError, IndexError, TypeError):
                sys.stderr.write("stat.py: %s: no statistic %s\n" % (argv[2], p))
                return 2
            print(json.dumps(v) if isinstance(v, (dict, list, bool)) or v is None else v)
        return 0
    if len(argv) == 4 and argv[1] == "subset":
        try:
            old, new = json.load(open(argv[2])), json.load(open(argv[3]))
        except (OSError, ValueError) as e:
            sys.stderr.write("stat.py: %s\n" % e)
            return 2
        r = subset(old, new)
        if r:
            print("%s: %s" % (argv[3], r))
            return 1
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
