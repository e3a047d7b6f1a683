#!/usr/bin/env bash
# The cost model's calibration (issue 21): one representative command per path of the engine,
# each run by the release binary under a budget too large to stop it, with `--stats` (the units
# of work it charged and the peak of its memory account) and /usr/bin/time (its CPU time and
# peak resident memory). Prints, per command, the nanoseconds of CPU per unit of work and the
# memory account beside the peak RSS; then the largest / smallest ns per unit (the cost model
# asks for at most 4) and the range of account / RSS.
#
# Each command runs REPEAT times (default 3) and counts by its median CPU time: a single run of
# the short ones (0.1 s, timed in 10 ms steps) on a shared machine can be off by a third.
#
# Usage: bench/calibrate.sh [NIMLAB]   (default: target/release/nimlab; build it first with
#        cargo build --release --locked). About two minutes on a quiet 2-core machine.
# Figures go into docs/reliability.md with the machine and its load.
set -euo pipefail

NIMLAB=${1:-target/release/nimlab}
REPEAT=${REPEAT:-3}
[ -x "$NIMLAB" ] || { echo "no binary at $NIMLAB: cargo build --release --locked" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "calibrate.sh needs /usr/bin/time (GNU time)" >&2; exit 2; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# path | command (arguments after `nimlab`)
WORKLOADS=(
  "search|solve kayles 10 12 14 --method search"
  "search (misère)|solve pattern --piles 3 --move one:1..3 --move all:1.. 70 80 90 --misere"
  "search (take pattern)|solve pattern --piles 3 --move one:1..3 --move all:1.. 50 60 70 --method search"
  "search (grid)|table moore --k 2 --rows 100 --cols 100 --method search"
  "dense triples|table apple --max 2 --m 1..200 --n 1..200"
  "dense sequence|table pattern --piles 1 --move one:2..900 --upto 20000"
  "octal sparse|period octal --code 0.16"
  "octal sparse|period grundy-game --upto 300000"
  "octal direct|period octal --code 0.6 --upto 100000"
  "octal table|table grundy-game --upto 300000"
  "SUB(S) stream, text|table subtraction --set 3,5,8,13,21 --upto 10000000"
  "SUB(S) stream, csv|table subtraction --set 3,5,8,13,21 --upto 100000000 --format csv"
  "SUB(S) stream, u8|table subtraction --set 3,5,8,13,21 --upto 1000000000 --format u8"
  "SUB(S) period, u8|table subtraction --set 1,3,4 --upto 1000000000 --format u8"
  "Large Nim|prove large-nim --players 3 --heaps 11"
  "Large Nim|verify large-nim --players 3 --upto 30"
  "Wythoff kernel|table wythoff --rows 3000 --cols 3000 --format u16"
  "misère quotient|quotient dawson-kayles --upto 30"
  "loopy retrograde|loopy --fair-shares 40"
  "loopy retrograde|table loopy-pattern --piles 2 --move one:1..3 --move one:+1 --cap 300"
  "coin rows|table coins --turn 3 --span 6 --upto 2000000"
  "sum|solve --sum kayles_10_12_14 pattern_--piles_2_--move_one:1..3_--move_all:1.._40_50 --method search"
)

printf '%-22s %12s %8s %8s %12s %10s %6s  %s\n' path units cpu_s ns/unit account_MiB rss_MiB ratio command
rates=()
ratios=()
for workload in "${WORKLOADS[@]}"; do
  path=${workload%%|*}
  command=${workload#*|}
  # Words of a --sum part are joined by `_` above so that the array stays flat.
  args=()
  for word in $command; do
    case $word in
      *_*) args+=("${word//_/ }") ;;
      *) args+=("$word") ;;
    esac
  done
  : >"$TMP/runs"
  for _ in $(seq "$REPEAT"); do
    /usr/bin/time -f '%U %S %M' -o "$TMP/time" \
      "$NIMLAB" --budget 1000000000000000 --stats "${args[@]}" >/dev/null 2>"$TMP/err" || {
      echo "failed: nimlab ${args[*]}: $(head -c 400 "$TMP/err")" >&2
      exit 1
    }
    awk '{ printf "%.2f %s\n", $1 + $2, $3 }' "$TMP/time" >>"$TMP/runs"
  done
  # The run of median CPU (user + system), with its own peak RSS.
  read -r cpu_s rss_kib < <(sort -g "$TMP/runs" | awk -v k=$(((REPEAT + 1) / 2)) 'NR == k')
  stats=$(grep '^stats:' "$TMP/err")
  units=$(sed -E 's/.*units=([0-9]+).*/\1/' <<<"$stats")
  peak=$(sed -E 's/.*memory_peak=([0-9]+).*/\1/' <<<"$stats")
  read -r cpu rate account rss ratio < <(awk -v c="$cpu_s" -v n="$units" -v p="$peak" -v r="$rss_kib" \
    'BEGIN { printf "%.2f %.1f %.1f %.1f %.2f\n", c, c * 1e9 / (n > 0 ? n : 1), p / 1048576, r / 1024, (p / 1024) / r }')
  rates+=("$rate")
  ratios+=("$ratio")
  printf '%-22s %12s %8s %8s %12s %10s %6s  %s\n' "$path" "$units" "$cpu" "$rate" "$account" "$rss" "$ratio" "${args[*]}"
done
printf '%s\n' "${rates[@]}" | sort -g | awk '{ v[NR] = $1 } END { printf "ns per unit: smallest %.1f, largest %.1f, largest / smallest %.2f\n", v[1], v[NR], v[NR] / v[1] }'
uptime
