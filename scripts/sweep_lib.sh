# Sourced by scripts/sweep*.sh: what makes a per-point JSON a result.
#
# sweep_check FILE KERNEL GRAPH POLICY PE_CLK_PS THETA_Q16|- [EXTRA]
#   prints nothing and returns 0 when FILE is one copim-sim statistics
#   object (format copim-sim-stats, version 1) of exactly this point: its
#   kernel, graph, policy, PE clock, IMU threshold and LLC size (and the
#   parameter of an EXTRA --name=value, e.g. --hmc.open_page=1), with
#   result.verified = true and every statistic the CSV takes a number.
#   Otherwise prints why (one line) and returns 1.
# A point is its parameters: the defaults of the ones a point leaves alone
# (threshold 3277 = 5%, LLC 8 MiB) are named here so that another point's
# result under this point's name is told apart.
SWEEP_DEFAULT_THETA=3277
SWEEP_DEFAULT_LLC=8388608

# The graph's part of a point id: file name without .txt[.gz], ':' as '_'
# (sweep.sh's points and sensitivity.sh's, which reuse the paper set's runs).
sweep_gid() { basename "$1" | sed 's/\.txt\.gz$//; s/\.txt$//; s/:/_/g'; }

sweep_check() {
  local f=$1 k=$2 g=$3 p=$4 clk=$5 th=$6 extra=${7:-}
  [ -f "$f" ] || { echo "no such file"; return 1; }
  [ -s "$f" ] || { echo "empty file"; return 1; }
  local llc=$SWEEP_DEFAULT_LLC xn="" xv=0
  case $extra in
    --llc.bytes=*) llc=${extra#--llc.bytes=} ;;
    --*=*) xn=${extra%%=*}; xn=${xn#--}; xv=${extra#*=} ;;
  esac
  [ "$th" = "-" ] && th=$SWEEP_DEFAULT_THETA
  local why
  why=$(jq -r -s --arg k "$k" --arg g "${g##*/}" --arg p "$p" --argjson clk "$clk" --argjson th "$th" \
      --argjson llc "$llc" --arg xn "$xn" --argjson xv "$xv" --arg mode "${COPIM_SWEEP_MODE:-exact}" '
    if length != 1 then "\(length) JSON values in one file"
    else .[0] |
      if type != "object" then "not a JSON object"
      elif .format != "copim-sim-stats" then "format is not copim-sim-stats"
      elif .version != 1 then "version \(.version | tojson) is not 1"
      elif .run.kernel != $k or .run.graph != $g or .run.policy != $p then
        "the result of another point (\(.run.kernel) \(.run.graph) \(.run.policy))"
      elif .params["pe.clk_ps"] != $clk or .params["imu.threshold_q16"] != $th or .params["llc.bytes"] != $llc then
        "the result of another point (pe.clk_ps \(.params["pe.clk_ps"]), imu.threshold_q16 \(.params["imu.threshold_q16"]), llc.bytes \(.params["llc.bytes"]))"
      elif (if (.params["hmc.fast"] // 0) != 1 then "exact" elif (.params["host.core"] // 0) == 1 then "fasti"
            elif (.params["sim.pe_window"] // 0) > 0 then "fastw" else "fast" end) != $mode then
        "the result of another mode (hmc.fast \(.params["hmc.fast"] // 0), sim.pe_window \(.params["sim.pe_window"] // 0), host.core \(.params["host.core"] // 0); this sweep is \($mode))"
      elif $xn != "" and .params[$xn] != $xv then
        "the result of another point (\($xn) \(.params[$xn]))"
      elif .result.verified != true then "not verified: \(.result.why | tojson)"
      elif ([.time.kernel_cycles, .time.kernel_ps, .insns.kernel_host, .insns.kernel_pe, .insns.offloaded_share,
             .insns.offloaded_share_nosync, .energy_pj.l1, .energy_pj.l2, .energy_pj.llc, .energy_pj.hmc_link,
             .energy_pj.hmc_dram, .energy_pj.hmc_logic, .energy_pj.uncore, .energy_pj.pe_cache, .host.hmc_amos,
             .pim.launches] | map(type == "number") | all | not) then "a statistic is missing or not a number"
      elif (.run.plan | type) != "string" then "run.plan is not a string"
      else empty end
    end' "$f" 2>&1)
  local rc=$?
  [ $rc = 0 ] || why="not valid JSON: $(head -1 <<<"$why")"
  [ -z "$why" ] && return 0
  echo "$why"
  return 1
}

# sweep_split ARG...: a study's extra simulator arguments as sweep_point.sh
# takes them: sets SWEEP_CLK (--pe.clk_ps=, else 2000, the default),
# SWEEP_TH (--imu.threshold_q16=, else -), SWEEP_X (the first other
# --name=value, which sweep_check checks) and SWEEP_REST (the others, for
# COPIM_SWEEP_ARGS, given to the simulator unchecked).
# shellcheck disable=SC2034  # the callers read them
sweep_split() {
  SWEEP_CLK=2000 SWEEP_TH=- SWEEP_X="" SWEEP_REST=""
  local a
  for a in "$@"; do
    case $a in
      --pe.clk_ps=*) SWEEP_CLK=${a#*=} ;;
      --imu.threshold_q16=*) SWEEP_TH=${a#*=} ;;
      --*=*) if [ -z "$SWEEP_X" ]; then SWEEP_X=$a; else SWEEP_REST+=" $a"; fi ;;
      *) SWEEP_REST+=" $a" ;;
    esac
  done
  SWEEP_REST=${SWEEP_REST# }
}

# Moves a bad result aside (FILE.bad, FILE.bad.2, ...) and prints the new name.
sweep_move_aside() {
  local f=$1 n=1 to=$1.bad
  while [ -e "$to" ]; do n=$((n + 1)); to=$f.bad.$n; done
  mv -f "$f" "$to" && echo "$to"
}
