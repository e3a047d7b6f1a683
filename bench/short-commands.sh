#!/usr/bin/env bash
# Short commands end as soon as their work does (issue 41). Runs RUNS invocations of each of four
# short commands of the release binary (default 50 each: 200 in all), one after another, and
# compares their total wall time with their total CPU time (user + sys of the commands, from
# bash's `time` over each loop): wall must be within 1.2x the CPU time plus the process start-up,
# taken as the wall time of as many `nimlab --version` runs. Also prints each command's median
# and largest wall time of one run (from $EPOCHREALTIME), where a wait for a timer shows as 100 ms.
# Not a test (it is timed): run it by hand and copy the figures into docs/benchmarks.md.
#
# Usage: bench/short-commands.sh [NIMLAB]   (default: target/release/nimlab; build it first with
#        cargo build --release --locked)
#   RUNS=50         invocations per command
#   STDERR=tty      the commands' standard error on a terminal (a pseudo-terminal from script(1)),
#                   where the work-progress follower runs; by default it is /dev/null
set -euo pipefail
export LC_ALL=C

NIMLAB=${1:-target/release/nimlab}
RUNS=${RUNS:-50}
STDERR=${STDERR:-null}
[ -x "$NIMLAB" ] || { echo "no binary at $NIMLAB: cargo build --release --locked" >&2; exit 2; }
case $STDERR in
  null) ERR=/dev/null ;;
  tty)
    if [ -z "${SHORT_COMMANDS_IN_TTY:-}" ]; then
      command -v script >/dev/null || { echo "STDERR=tty needs script(1) (util-linux)" >&2; exit 2; }
      printf -v again '%q ' "$0" "$NIMLAB"
      exec script -qec "SHORT_COMMANDS_IN_TTY=1 RUNS=$RUNS STDERR=tty $again" /dev/null
    fi
    ERR=/dev/tty
    ;;
  *) echo "STDERR is null or tty, not $STDERR" >&2; exit 2 ;;
esac
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

COMMANDS=(
  "period octal --code 0.16"
  "solve nim 1 2"
  "solve wythoff 3 5"
  "period subtraction --set 1,3,4"
)

# Runs `nimlab ARGS` RUNS times, writing the wall time of each run (microseconds) to $TMP/walls.
loop() {
  local i start end
  : >"$TMP/walls"
  for ((i = 0; i < RUNS; i++)); do
    start=$EPOCHREALTIME
    "$NIMLAB" "$@" >/dev/null 2>"$ERR"
    end=$EPOCHREALTIME
    echo $((10#${end/./} - 10#${start/./})) >>"$TMP/walls"
  done
}

# Prints "wall cpu median max" in seconds for RUNS runs of `nimlab ARGS`.
measure() {
  local TIMEFORMAT='%3R %3U %3S'
  { time loop "$@"; } 2>"$TMP/time"
  read -r wall user sys <"$TMP/time"
  sort -n "$TMP/walls" | awk -v wall="$wall" -v cpu="$(awk "BEGIN { print $user + $sys }")" \
    '{ w[NR] = $1 } END { printf "%s %s %.4f %.4f\n", wall, cpu, w[int((NR + 1) / 2)] / 1e6, w[NR] / 1e6 }'
}

read -r start_wall _ <<<"$(measure --version)"
startup=$(awk "BEGIN { print $start_wall / $RUNS }")
echo "$RUNS runs of each command, standard error on $STDERR; start-up (nimlab --version): $(awk "BEGIN { printf \"%.2f\", $startup * 1000 }") ms a run"
printf '%-32s %5s %8s %8s %9s %9s %9s %9s\n' command runs wall_s cpu_s wall/cpu bound_s median_s max_s
total_wall=0 total_cpu=0 total_runs=0
for command in "${COMMANDS[@]}"; do
  # shellcheck disable=SC2086 # the command's words are its arguments
  read -r wall cpu median max <<<"$(measure $command)"
  printf '%-32s %5d %8.3f %8.3f %9.2f %9.3f %9.4f %9.4f\n' "$command" "$RUNS" "$wall" "$cpu" \
    "$(awk "BEGIN { print $wall / $cpu }")" "$(awk "BEGIN { print 1.2 * $cpu + $RUNS * $startup }")" \
    "$median" "$max"
  total_wall=$(awk "BEGIN { print $total_wall + $wall }")
  total_cpu=$(awk "BEGIN { print $total_cpu + $cpu }")
  total_runs=$((total_runs + RUNS))
done
bound=$(awk "BEGIN { print 1.2 * $total_cpu + $total_runs * $startup }")
printf '%-32s %5d %8.3f %8.3f %9.2f %9.3f\n' total "$total_runs" "$total_wall" "$total_cpu" \
  "$(awk "BEGIN { print $total_wall / $total_cpu }")" "$bound"
if awk "BEGIN { exit !($total_wall <= $bound) }"; then
  echo "wall $total_wall s is within 1.2 x CPU $total_cpu s + start-up ($bound s)"
else
  echo "wall $total_wall s exceeds 1.2 x CPU $total_cpu s + start-up ($bound s)"
  exit 1
fi
