#!/usr/bin/env bash
# The memory account against the real peak (issue 21): 20 commands across the engine's paths,
# each large enough that what it holds (tens to hundreds of MB) dominates the process's baseline,
# run by the release binary with `--stats` (the peak of the memory account: what the path
# charged for the positions, sequences, tables and reports it holds) and /usr/bin/time (the peak
# resident memory). Each command runs with the limits it states: the defaults, or a `--budget`
# written in its line. The baseline (`nimlab solve nim 1 2 3`: the binary, its libraries and the
# allocator's first arenas, which no path holds) is measured first; the ratio compared is
# account / (RSS - baseline), and account / RSS is printed beside it. The cost model asks for a
# ratio between 1/1.5 and 1.5.
#
# Usage: bench/memory-account.sh [NIMLAB]   (default: target/release/nimlab; build it first
#        with cargo build --release --locked). About ten minutes on a quiet 2-core machine.
# Figures go into docs/reliability.md with the machine and its load.
set -euo pipefail

NIMLAB=${1:-target/release/nimlab}
[ -x "$NIMLAB" ] || { echo "no binary at $NIMLAB: cargo build --release --locked" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "memory-account.sh needs /usr/bin/time (GNU time)" >&2; exit 2; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# path | command (arguments after `nimlab`, global options such as --budget first; words of a
# --sum part joined by `_`; @TMP@ is a scratch directory)
WORKLOADS=(
  "search memo|solve pattern --piles 3 --move one:1..3 --move all:1.. 110 130 150 --method search"
  "search memo (misère)|solve pattern --piles 3 --move one:1..3 --move all:1.. 80 100 120 --misere"
  "search memo (grid game)|--budget 1000000000 solve wythoff 600 1000 --method search"
  "sum of searches|solve --sum pattern_--piles_3_--move_one:1..3_--move_all:1.._110_130_150 kayles_10_12_14 --method search"
  "dense grid|table pattern --piles 2 --move one:1..3 --move all:1..2 --rows 8000 --cols 8000 --format u16"
  "Wythoff kernel|table wythoff --rows 10000 --cols 10000 --format u16"
  "plot (SVG grid)|plot wythoff --rows 499 --cols 499 --output @TMP@/plot.svg"
  "octal sparse (certified)|period octal --code 0.376"
  "octal open (0.6)|--budget 500000000 period octal --code 0.6 --upto 10000000"
  "octal sparse (Grundy's game)|period grundy-game --upto 4000000"
  "octal table|table grundy-game --upto 4000000 --format u16"
  "octal ruleset (solve)|solve grundy-game 1000000"
  "p-positions (search)|p-positions wythoff --count 3000 --method search"
  "coin rows|table coins --turn 3 --span 6 --upto 5000000"
  "misère quotient|quotient dawson-kayles --upto 48"
  "loopy retrograde (Fair Shares)|loopy --fair-shares 40"
  "loopy retrograde (pattern)|table loopy-pattern --piles 2 --move one:1..3 --move one:+1 --cap 700"
  "Large Nim verify|--budget 300000000 verify large-nim --players 3 --upto 30"
  "search memo (misère, octal sum)|solve kayles 10 12 14 16 --method search --misere"
  "JSON report (open octal)|--json period octal --code 0.6 --upto 3000000"
)

baseline_kib=$(/usr/bin/time -f '%M' "$NIMLAB" solve nim 1 2 3 2>&1 >/dev/null | tail -1)
printf 'baseline (nimlab solve nim 1 2 3): %.1f MiB peak RSS\n' "$(awk -v r="$baseline_kib" 'BEGIN { print r / 1024 }')"
printf '%-30s %9s %9s %7s %7s %7s  %s\n' path account rss ratio raw cpu_s command
ratios=()
for workload in "${WORKLOADS[@]}"; do
  path=${workload%%|*}
  command=${workload#*|}
  args=()
  for word in $command; do
    case $word in
      *_*) args+=("${word//_/ }") ;;
      @TMP@*) args+=("$TMP${word#@TMP@}") ;;
      *) args+=("$word") ;;
    esac
  done
  /usr/bin/time -f '%U %S %M' -o "$TMP/time" \
    timeout 300 "$NIMLAB" --stats "${args[@]}" >/dev/null 2>"$TMP/err" || {
    echo "failed (or over 300 s): nimlab ${args[*]}: $(head -c 400 "$TMP/err")" >&2
    continue
  }
  read -r user sys rss_kib <"$TMP/time"
  stats=$(grep '^stats:' "$TMP/err")
  peak=$(sed -E 's/.*memory_peak=([0-9]+).*/\1/' <<<"$stats")
  read -r cpu account rss ratio raw < <(awk -v u="$user" -v s="$sys" -v p="$peak" -v r="$rss_kib" -v b="$baseline_kib" \
    'BEGIN { printf "%.2f %.1f %.1f %.2f %.2f\n", u + s, p / 1048576, r / 1024, (p / 1024) / (r - b), (p / 1024) / r }')
  ratios+=("$ratio")
  printf '%-30s %9s %9s %7s %7s %7s  %s\n' "$path" "$account" "$rss" "$ratio" "$raw" "$cpu" "nimlab ${args[*]}"
done
printf '%s\n' "${ratios[@]}" | sort -g | awk '{ v[NR] = $1; if ($1 >= 1 / 1.5 && $1 <= 1.5) inside++ }
  END { printf "account / (RSS - baseline): smallest %.2f, largest %.2f; %d of %d within 1/1.5 .. 1.5\n", v[1], v[NR], inside, NR }'
uptime
