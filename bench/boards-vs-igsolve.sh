#!/usr/bin/env bash
# Speed of nimlab's Cram against igsolve (Piotr Beling's solver of impartial games, Rust, the `igs`
# library; https://github.com/beling/impartial-games), side by side in one run. Not a test: run it
# by hand and copy the figures into docs/boards.md.
#
#   bench/boards-vs-igsolve.sh PEER [NIMLAB]
#   REPEAT=3 TIMEOUT=300 BOARDS="5x7 4x9" bench/boards-vs-igsolve.sh ../peers/bin/igsolve
#
# PEER (or $IGSOLVE) is igsolve's binary, installed outside this repository by hand (its crate,
# with the usual `cargo install`, given a --root outside the tree); nothing of it enters the
# repository. NIMLAB (or $NIMLAB) is nimlab's binary; unless given, the script builds it (cargo
# build --release --locked) and uses ${CARGO_TARGET_DIR:-target}/release/nimlab.
#
# The boards (BOARDS, default 5x7 4x9 5x8 4x11 6x7): igsolve `cram -r R -c C` prints the
# board's nimber; nimlab's value of an R x C board comes from `table cram --board Rxn --upto C`
# (the component engine member by member, one memo for all of them: the smaller boards 0..C-1
# are computed too), since `solve` answers an even x odd board by the symmetry strategy's outcome
# and searches its value only within a small share of the budget. Each program runs REPEAT
# times (default 1), alternately, each run under TIMEOUT seconds (default 300) and nimlab under
# --budget BUDGET (default 10^12 units, so that time or memory, not work, stops it) and its
# default memory ceiling, or MEMORY when given (e.g. MEMORY=8G, the table igsolve itself takes for
# a board of more than 40 cells). The two values must agree where both finish; the script stops otherwise.
# Printed per board: the value, the median wall seconds (bash's EPOCHREALTIME), the largest peak
# RSS (/usr/bin/time %M) of each, and the ratio of the wall times, peer / nimlab (above 1: nimlab
# is faster). A run that does not finish shows `stopped` and its board no ratio.
set -euo pipefail
cd "$(dirname "$0")/.."
PEER=${1:-${IGSOLVE:-}}
NIMLAB=${2:-${NIMLAB:-}}
REPEAT=${REPEAT:-1}
TIMEOUT=${TIMEOUT:-300}
BUDGET=${BUDGET:-1000000000000}
MEMORY=${MEMORY:-}
BOARDS=${BOARDS:-"5x7 4x9 5x8 4x11 6x7"}
OUT=${OUT:-${CARGO_TARGET_DIR:-target}/bench/boards}

if [ -z "$PEER" ] || [ ! -x "$PEER" ]; then
    echo "Pass the path of igsolve's binary, installed outside this repository (first argument or IGSOLVE=...)." >&2
    exit 2
fi
if [ -z "$NIMLAB" ]; then
    cargo build --release --locked --quiet --bin nimlab
    NIMLAB=${CARGO_TARGET_DIR:-target}/release/nimlab
fi
PEER=$(realpath "$PEER")
NIMLAB=$(realpath "$NIMLAB")
mkdir -p "$OUT"
OUT=$(realpath "$OUT")

# Runs a command in $OUT under the time limit; appends "VALUE WALL RSS_KB" to the file $1 (VALUE
# `stopped` when it did not finish with a value). $2 says whose output it is.
measure() {
    local file=$1 who=$2 start end value
    shift 2
    start=$EPOCHREALTIME
    (cd "$OUT" && /usr/bin/time -o "$OUT/time.txt" -f '%M' timeout "$TIMEOUT" "$@" >"$OUT/stdout.txt" 2>"$OUT/stderr.txt") || true
    end=$EPOCHREALTIME
    if [ "$who" = peer ]; then
        value=$(sed -n 's/^Nimber of initial position: \([0-9]*\)$/\1/p' "$OUT/stdout.txt")
    else
        value=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["values"][-1])' "$OUT/stdout.txt" 2>/dev/null || true)
    fi
    awk -v v="${value:-stopped}" -v s="$start" -v e="$end" '/^[0-9]+$/ { m = $1 } END { printf "%s %.3f %d\n", v, e - s, m }' \
        "$OUT/time.txt" >>"$file"
}
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)]; else print "-" }'; }
peak() { cut -d' ' -f3 "$1" | sort -n | tail -1 | awk '{ printf "%.0f", $1 / 1024 }'; }
finished() { ! grep -q '^stopped ' "$1"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "-" || b == "-") print "-"; else if (b > 0) printf "%.2f", a / b; else print "inf" }'; }

echo "# $(date -u '+%Y-%m-%d %H:%M UTC'); $(nproc) cores ($(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo)), $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo); load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# peer: $PEER; nimlab: $NIMLAB ($("$NIMLAB" --version)); $REPEAT run(s) each, at most ${TIMEOUT} s a run${MEMORY:+; nimlab --memory $MEMORY}"
printf '%-6s %6s %10s %9s %10s %9s %8s\n' board value 'peer wall' 'peer MiB' 'nl wall' 'nl MiB' 'wall x'
for b in $BOARDS; do
    rows=${b%x*} cols=${b#*x}
    : >"$OUT/peer.txt"
    : >"$OUT/nimlab.txt"
    for _ in $(seq "$REPEAT"); do
        measure "$OUT/peer.txt" peer "$PEER" cram -r "$rows" -c "$cols"
        measure "$OUT/nimlab.txt" nimlab "$NIMLAB" table cram --board "${rows}xn" --upto "$cols" --budget "$BUDGET" \
            ${MEMORY:+--memory "$MEMORY"} --json
    done
    values=$(cut -d' ' -f1 "$OUT/peer.txt" "$OUT/nimlab.txt" | grep -v '^stopped$' | sort -u)
    if [ "$(wc -l <<<"$values")" -gt 1 ]; then
        echo "$b: the values differ: peer $(cut -d' ' -f1 "$OUT/peer.txt" | tr '\n' ' '), nimlab $(cut -d' ' -f1 "$OUT/nimlab.txt" | tr '\n' ' ')" >&2
        exit 1
    fi
    pw=- nw=-
    finished "$OUT/peer.txt" && pw=$(cut -d' ' -f2 "$OUT/peer.txt" | median)
    finished "$OUT/nimlab.txt" && nw=$(cut -d' ' -f2 "$OUT/nimlab.txt" | median)
    printf '%-6s %6s %10s %9s %10s %9s %8s\n' "$b" "${values:-?}" "${pw/-/stopped}" "$(peak "$OUT/peer.txt")" \
        "${nw/-/stopped}" "$(peak "$OUT/nimlab.txt")" "$(ratio "$pw" "$nw")"
done
echo "# load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
