#!/usr/bin/env python3
"""Read a run's statistics JSON (docs/stats.md) by statistics path: the one
way scripts read results (not grep or sed over the JSON text, which breaks
when a field moves or a like-named one is added).

usage: stat.py get FILE PATH [PATH ...]   one value a line; PATH as in
                                          docs/stats.md, "hmc.requests",
                                          an array item "pes[3].retired",
                                          a parameter "params.pe.dmshrs"
                                          (a key may hold dots).  A number
                                          as the run wrote it, a string
                                          bare, true/false, an object or
                                          array as JSON
       stat.py sum FILE PATH [PATH ...]   the sum over "[*]", every item
                                          of an array: "loops[*].wb_cycles"
       stat.py subset OLD NEW             exit 0 when every field of OLD is
                                          in NEW with the same value (NEW
                                          may add fields): "byte-identical,
                                          old fields only"; else print the
                                          first difference, exit 1
A missing statistic: a line on stderr, exit 2.
"""
import json
import re
import sys

SEG = re.compile(r"^([^\[\]]+)(?:\[(\d+|\*)\])?$")


class Num(str):
    """a number as the file writes it (0.110572554, 1e+06), so that a script
    prints what a grep of the file would have"""


def resolve(d, segs):
    """every value at path segs (a list of 'name' or 'name[i]' or 'name[*]')
    below d; a dict key may span several segments ('pe.dmshrs')"""
    if not segs:
        return [d]
    if not isinstance(d, dict):
        raise KeyError(segs[0])
    for n in range(len(segs), 0, -1):
        m = SEG.match(".".join(segs[:n]))
        if not m or m.group(1) not in d:
            continue
        v, idx = d[m.group(1)], m.group(2)
        if idx is None:
            return resolve(v, segs[n:])
        if not isinstance(v, list):
            raise KeyError(segs[0])
        items = v if idx == "*" else [v[int(idx)]]
        return [r for it in items for r in resolve(it, segs[n:])]
    raise KeyError(segs[0])


def plain(v):
    """v with numbers as numbers again (an object or array printed whole)"""
    if isinstance(v, Num):
        return float(v)
    if isinstance(v, dict):
        return {k: plain(x) for k, x in v.items()}
    if isinstance(v, list):
        return [plain(x) for x in v]
    return v


def text(v):
    if isinstance(v, Num) or (isinstance(v, int) and not isinstance(v, bool)):
        return str(v)
    if isinstance(v, str):
        return v
    return json.dumps(plain(v))


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
    if len(argv) >= 4 and argv[1] in ("get", "sum"):
        try:
            d = json.load(open(argv[2]), parse_float=Num)
        except (OSError, ValueError) as e:
            sys.stderr.write("stat.py: %s\n" % e)
            return 2
        for p in argv[3:]:
            try:
                vs = resolve(d, p.split("."))
                if argv[1] == "get":
                    if "[*]" in p:
                        raise KeyError(p)
                    print(text(vs[0]))
                    continue
                if not all(isinstance(v, (int, Num)) and not isinstance(v, bool) for v in vs):
                    raise TypeError(p)
                total = sum(int(v) if isinstance(v, int) else float(v) for v in vs)
                print(total if isinstance(total, int) else repr(total))
            except (KeyError, IndexError, TypeError):
                sys.stderr.write("stat.py: %s: no %s %s\n" % (argv[2], "statistic" if argv[1] == "get" else "sum of numbers", p))
                return 2
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
