#!/usr/bin/env bash
# The memory account against the real peak (issue 21): 20 commands across the engine's paths,
# each large enough that what it holds (tens to hundreds of MB) dominates the process's baseline,
# run by the release binary with `--stats` (the peak of the memory account: what the path
# charged for the positions, sequences, tables and reports it holds) and /usr/bin/time (the peak
# resident memory). Prints account, RSS and their ratio per command; the cost model asks for a
# ratio between 1/1.5 and 1.5. The baseline (a trivial command's peak RSS) is printed first.
#
# Usage: bench/memory-account.sh [NIMLAB]   (default: target/release/nimlab; build it first
#        with cargo build --release --locked). About three minutes on a quiet 2-core machine.
# Figures go into docs/reliability.md with the machine and its load.
set -euo pipefail

NIMLAB=${1:-target/release/nimlab}
[ -x "$NIMLAB" ] || { echo "no binary at $NIMLAB: cargo build --release --locked" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "memory-account.sh needs /usr/bin/time (GNU time)" >&2; exit 2; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# path | command (arguments after `nimlab`; words of a --sum part joined by `_`)
WORKLOADS=(
  "search memo|solve pattern --piles 3 --move one:1..3 --move all:1.. 110 130 150 --method search"
  "search memo (misère)|solve pattern --piles 3 --move one:1..3 --move all:1.. 80 100 120 --misere"
  "search memo (grid)|table moore --k 2 --rows 300 --cols 300 --method search"
  "sum of searches|solve --sum pattern_--piles_3_--move_one:1..3_--move_all:1.._110_130_150 kayles_10_12_14 --method search"
  "dense grid|table moore --k 2 --rows 3000 --cols 3000"
  "Wythoff kernel|table wythoff --rows 10000 --cols 10000 --format u16"
  "plot (kernel)|plot wythoff --rows 6000 --cols 6000 --output /dev/null"
  "octal sparse|period octal --code 0.376"
  "octal direct|period octal --code 0.6 --upto 20000000"
  "octal sparse (Grundy)|period grundy-game --upto 5000000"
  "octal table|table grundy-game --upto 5000000 --format u16"
  "p-positions|p-positions kayles --count 3000"
  "coin rows|table coins --turn 3 --span 6 --upto 5000000"
  "misère quotient|quotient dawson-kayles --upto 32"
  "loopy retrograde (Fair Shares)|loopy --fair-shares 40"
  "loopy retrograde (pattern)|table loopy-pattern --piles 2 --move one:1..3 --move one:+1 --cap 3000"
  "Large Nim verify|verify large-nim --players 3 --upto 32"
  "strategy (apple)|strategy apple 150 250 350 --max 2"
  "JSON report (octal)|--json period octal --code 0.376"
)

baseline_kib=$(/usr/bin/time -f '%M' "$NIMLAB" solve nim 1 2 3 2>&1 >/dev/null | tail -1)
printf 'baseline (nimlab solve nim 1 2 3): %.1f MiB peak RSS\n' "$(awk -v r="$baseline_kib" 'BEGIN { print r / 1024 }')"
printf '%-32s %12s %10s %6s %8s  %s\n' path account_MiB rss_MiB ratio cpu_s command
ratios=()
for workload in "${WORKLOADS[@]}"; do
  path=${workload%%|*}
  command=${workload#*|}
  args=()
  for word in $command; do
    case $word in
      *_*) args+=("${word//_/ }") ;;
      *) args+=("$word") ;;
    esac
  done
  # A global flag (--json) goes before --stats; the rest is the command.
  /usr/bin/time -f '%U %S %M' -o "$TMP/time" \
    timeout 300 "$NIMLAB" --budget 1000000000000000 --stats "${args[@]}" >/dev/null 2>"$TMP/err" || {
    echo "failed (or over 300 s): nimlab ${args[*]}: $(head -c 400 "$TMP/err")" >&2
    continue
  }
  read -r user sys rss_kib <"$TMP/time"
  stats=$(grep '^stats:' "$TMP/err")
  peak=$(sed -E 's/.*memory_peak=([0-9]+).*/\1/' <<<"$stats")
  read -r cpu account rss ratio < <(awk -v u="$user" -v s="$sys" -v p="$peak" -v r="$rss_kib" \
    'BEGIN { printf "%.2f %.1f %.1f %.2f\n", u + s, p / 1048576, r / 1024, (p / 1024) / r }')
  ratios+=("$ratio")
  printf '%-32s %12s %10s %6s %8s  %s\n' "$path" "$account" "$rss" "$ratio" "$cpu" "${args[*]}"
done
printf '%s\n' "${ratios[@]}" | sort -g | awk '{ v[NR] = $1; if ($1 >= 1 / 1.5 && $1 <= 1.5) inside++ }
  END { printf "account / RSS: smallest %.2f, largest %.2f; %d of %d within 1/1.5 .. 1.5\n", v[1], v[NR], inside, NR }'
uptime
