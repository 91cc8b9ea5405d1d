#!/usr/bin/env bash
# The build graph must be complete: what a user types first on a fresh
# clone builds everything it needs (issue 33, item 7).  Two checks:
#
#   scripts/build_graph_check.sh dry     (make lint runs it; seconds)
#     - `make -n --warn-undefined-variables` over the user-facing goals
#       prints no warning: a fragment of mk/ that names a variable another
#       fragment defines later (as cosim.mk once named sw.mk's $(SW_ELFS))
#       reads it empty, and the prerequisite silently vanishes;
#     - in a copy of the tracked files with no build/, make has a rule
#       for every test binary of tb/tests.list and what it needs;
#     - there too, each test's rule names what its source loads from
#       build/, and `make test SAN=1` (dry) makes all that its tests load
#       (scripts/test_loads.py: host_balance once failed under SAN=1 on a
#       fresh clone, its ELFs built under build/san and loaded from build/);
#     - there too, no compile of a source outside tb/ has a tb/ folder on
#       its include path (-Itb...), plain or SAN=1: tb/ is tests only, and
#       the simulator, the SystemC platform, the C models and the shims
#       (bridge/) build without it (scripts/check_includes.py checks the
#       #include lines themselves).
#   scripts/build_graph_check.sh fresh   (the build_graph test; a minute or two)
#     - in a copy of the tracked files with only the Verilated models of
#       this tree's build/vl (linked, so no RTL is rebuilt), the README's
#       first commands run and pass alone: `make cosim KERNEL=bfs
#       GRAPH=kron:8:8 POLICY=copim` and `make sim TEST=host_isa`.
set -u
cd "$(dirname "$0")/.."
root=$PWD
mode=${1:-dry}

copy_tree() { # dest: the tracked files as they stand in the work tree, mtimes kept
  mkdir -p "$1"
  git ls-files -z | tar --null -T - -cf - 2>/dev/null | tar -xpf - -C "$1"
  # ../shared beside the copy, as beside the checkout
  [[ -e $1/../shared ]] || ln -sfn "$root/../shared" "$1/../shared"
}

fail=0
case $mode in
dry)
  # goals whose dry run executes nothing real (a recipe line naming $(MAKE)
  # runs even under -n, so goals such as `synth BLOCK=pe` are left out)
  goals=("cosim KERNEL=bfs GRAPH=kron:8:8 POLICY=copim" "sim TEST=host_isa" "tests" "demo" "sweep" "figures"
         "crossover" "bench" "area" "help" "equiv-save" "equiv")
  for g in "${goals[@]}"; do
    # shellcheck disable=SC2086
    w=$(make -n --warn-undefined-variables $g 2>&1 | grep 'warning: undefined variable' | sort -u)
    [[ -z $w ]] || { echo "build_graph: make $g:"; echo "$w" | head -5; fail=1; }
  done
  tmp=$(mktemp -d /tmp/build-graph.XXXXXX)
  copy_tree "$tmp/main"
  # MAKE=: keeps recipe lines that call make from running under -n
  tests=$(awk '!/^#/ && NF {printf "build/tests/%s ", $1}' tb/tests.list)
  # shellcheck disable=SC2086
  out=$(cd "$tmp/main" && make -n -k MAKE=: $tests 2>&1 >/dev/null | grep 'No rule') \
    && { echo "build_graph: fresh clone, a test of tb/tests.list has no complete rule:"; echo "$out" | head -5; fail=1; }
  # What the tests load against what the graphs make: make's databases
  # (-pq runs no recipe) and the targets a dry `make test SAN=1` remakes.
  # Its build step, a recipe line naming $(MAKE), runs under -n too (dry
  # itself) and logs to build/san/tests-build.log, whose folder the recipe's
  # first line, not run under -n, would have made.
  (cd "$tmp/main" && make -pq MAKE=: help >"$tmp/plain.db" 2>/dev/null
   make -pq SAN=1 MAKE=: help >"$tmp/san.db" 2>/dev/null
   mkdir -p build/san && make -n -k --debug=b SAN=1 test >"$tmp/san.log" 2>&1
   cat "$tmp/san.log" build/san/tests-build.log 2>/dev/null \
     | sed -n "s/.*Must remake target '\([^']*\)'.*/\1/p" | sort -u >"$tmp/made")
  python3 scripts/test_loads.py "$tmp/plain.db" "$tmp/san.db" "$tmp/made" || fail=1
  # Every compile line of the products and the tests, fresh (-B), plain and
  # SAN=1: a gcc/g++ line naming a source outside tb/ must not name -Itb.
  products="build/copim-sim build/lib/libcsim.a build/tools/graphtool build/tools/graphrun build/systemc/libcopim_sc.a
            build/systemc/hmc_embed build/obj/shim/proto_rtl.o build/obj/shim/pmc_net_rtl.o"
  # shellcheck disable=SC2086
  out=$(cd "$tmp/main" && { make -n -B -k MAKE=: $products $tests 2>/dev/null
                            make -n -B -k MAKE=: SAN=1 build/san/copim-sim build/san/lib/libcsim.a 2>/dev/null; } \
        | awk '$1 ~ /^(gcc|g\+\+|cc|c\+\+)$/ {
                 src = ""; inc = 0
                 for (i = 2; i <= NF; i++) {
                   if ($i ~ /\.(c|cpp|cc)$/ && $i !~ /^tb\//) src = src " " $i
                   if ($i ~ /^-Itb(\/|$)/) inc = 1
                 }
                 if (src != "" && inc) print "   " src
               }' | sort -u)
  [[ -z $out ]] || { echo "build_graph: a compile outside tb/ has tb/ on its include path (tb/ is tests only):"
                     echo "$out" | head -5; fail=1; }
  rm -rf "$tmp"
  [[ $fail -eq 0 ]] && echo "build_graph: dry run clean (${#goals[@]} goals, every test of tb/tests.list, what make test SAN=1 loads, no -Itb outside tb/)"
  ;;
fresh)
  [[ -d build/vl ]] || { echo "build_graph: no build/vl (make tests first)" >&2; exit 2; }
  tmp=$(mktemp -d /tmp/build-graph.XXXXXX)
  copy_tree "$tmp/main"
  mkdir -p "$tmp/main/build" && ln -sfn "$root/build/vl" "$tmp/main/build/vl"
  run() {
    local log=$tmp/log
    (cd "$tmp/main" && "$@") >"$log" 2>&1 || { echo "build_graph: fresh clone: '$*' failed:"; tail -15 "$log"; fail=1; return; }
    echo "build_graph: fresh clone: '$*' passed"
  }
  run make cosim KERNEL=bfs GRAPH=kron:8:8 POLICY=copim JOBS=2
  run make sim TEST=host_isa JOBS=2
  rm -rf "$tmp"
  ;;
*) echo "usage: $0 dry|fresh" >&2; exit 2 ;;
esac
exit $fail
