#!/usr/bin/env bash
# Speed of nimlab's Node-Kayles against the "Generalized Node-Kayles calculator" (node-kayles 0.1.1
# by InnovativeInventor, Rust, GPL-3.0, https://github.com/InnovativeInventor/node-kayles), side by
# side in one run. Not a test: run it by hand and copy the figures into docs/benchmarks.md.
#
#   bench/graphs-vs-node-kayles.sh [PEER [NIMLAB]]
#   REPEAT=5 PEER_3X14_RUNS=0 bench/graphs-vs-node-kayles.sh ../peers/node-kayles/target/release/node-kayles
#
# PEER (or $NODE_KAYLES) is the peer's release binary; default ../peers/node-kayles/target/release/
# node-kayles beside this checkout. NIMLAB (or $NIMLAB) is nimlab's binary; unless given, the
# script builds it (cargo build --release --locked) and uses ${CARGO_TARGET_DIR:-target}/release/
# nimlab. Nothing of the peer enters this repository: its release binary, built outside the tree
# by hand, is given by path.
#
# The graphs: the 3 x 12 and 3 x 14 grids (OEIS A316632: 5 and 4) and the queens graphs of the
# 8 x 8 and 9 x 9 boards (A344227: 3 and 1). The peer builds the queens graph itself
# (`node-kayles -s -n N -m N`); a grid it reads as JSON (`-sr FILE`), in the format of its own
# tools/serialize.py (a petgraph StableGraph and each vertex's 64-bit hash key), which the script
# writes into $OUT, with fixed keys (splitmix64 of the vertex number) where the peer's tool draws
# them at random. nimlab: `nimlab solve node-kayles --graph grid:3xN|queens:N --json`.
#
# Each graph is run REPEAT times by each program, alternately (peer, nimlab, peer, ...). The two
# values must agree (and equal the OEIS value); the script stops otherwise. Printed per graph: the
# value, the median wall seconds (bash's EPOCHREALTIME around the process, to the millisecond:
# /usr/bin/time's %e has 10 ms steps, too coarse for nimlab's runs), the median CPU seconds (user
# + system, /usr/bin/time), the largest peak RSS (/usr/bin/time %M), and the ratios peer / nimlab
# of the median wall and CPU times. The peer on the 3 x 14 grid takes about 7 minutes and 3.3 GB:
# it runs PEER_3X14_RUNS times (default 1; 0 leaves it out and its row shows no ratio).
set -euo pipefail
cd "$(dirname "$0")/.."
PEER=${1:-${NODE_KAYLES:-../peers/node-kayles/target/release/node-kayles}}
NIMLAB=${2:-${NIMLAB:-}}
REPEAT=${REPEAT:-3}
PEER_3X14_RUNS=${PEER_3X14_RUNS:-1}
GRAPHS=${GRAPHS:-"grid:3x12 grid:3x14 queens:8 queens:9"}
OUT=${OUT:-${CARGO_TARGET_DIR:-target}/bench/node-kayles}

if [ ! -x "$PEER" ]; then
    cat >&2 <<EOF
The peer's binary is not at $PEER.
Pass the path of the peer's release binary, built outside this repository (first argument or
NODE_KAYLES=...).
EOF
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

# The R x C grid in the peer's JSON format (its tools/serialize.py), on standard output.
grid_json() {
    python3 - "$1" "$2" <<'PY'
import json, sys
rows, cols = int(sys.argv[1]), int(sys.argv[2])
M = 2**64 - 1
def key(x):  # splitmix64
    x = (x + 0x9E3779B97F4A7C15) & M
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & M
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & M
    return x ^ (x >> 31)
edges = []
for i in range(rows):
    for j in range(cols):
        v = i * cols + j
        if i > 0: edges.append([v - cols, v, None])
        if j > 0: edges.append([v - 1, v, None])
n = rows * cols
graph = {"grid": {"nodes": [None] * n, "node_holes": [], "edge_property": "undirected", "edges": edges}}
json.dump([graph, [[[[v, 0, key(v)], v] for v in range(n)]]], sys.stdout)
PY
}

# Runs a command in $OUT; appends "VALUE WALL CPU RSS_KB" to the file $1. $2 says whose output it is.
measure() {
    local file=$1 who=$2 start end value
    shift 2
    start=$EPOCHREALTIME
    (cd "$OUT" && /usr/bin/time -o "$OUT/time.txt" -f '%U %S %M' "$@" >"$OUT/stdout.txt")
    end=$EPOCHREALTIME
    if [ "$who" = peer ]; then
        value=$(sed -n 's/^Nimber: \([0-9]*\)$/\1/p' "$OUT/stdout.txt")
    else
        value=$(grep -o '"grundy":[0-9]*' "$OUT/stdout.txt" | cut -d: -f2)
    fi
    [ -n "$value" ] || { echo "no value from: $*" >&2; cat "$OUT/stdout.txt" >&2; exit 1; }
    awk -v v="$value" -v s="$start" -v e="$end" '{ printf "%s %.3f %.2f %d\n", v, e - s, $1 + $2, $3 }' \
        "$OUT/time.txt" >>"$file"
}
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)]; else print "-" }'; }
col() { cut -d' ' -f"$1" "$2" | median; }
peak() { cut -d' ' -f4 "$1" | sort -n | tail -1 | awk '{ m = $1 } END { if (m != "") printf "%.0f", m / 1024; else print "-" }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "-" || b == "-") print "-"; else if (b > 0) printf (a / b < 100 ? "%.1f" : "%.0f"), a / b; else print "inf" }'; }

echo "# $(date -u '+%Y-%m-%d %H:%M UTC'); $(nproc) cores ($(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo)), $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo); load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# peer: $PEER; nimlab: $NIMLAB ($("$NIMLAB" --version))"
echo "# $REPEAT runs each, alternately (the peer on grid:3x14: $PEER_3X14_RUNS); medians of wall and CPU seconds, largest peak RSS"
printf '%-11s %5s %10s %10s %9s %10s %10s %9s %7s %7s\n' graph value 'peer wall' 'peer cpu' 'peer MiB' \
    'nl wall' 'nl cpu' 'nl MiB' 'wall x' 'cpu x'
for g in $GRAPHS; do
    case $g in
        grid:3x12) expect=5 ;;
        grid:3x14) expect=4 ;;
        queens:8) expect=3 ;;
        queens:9) expect=1 ;;
        *) expect="" ;;
    esac
    case $g in
        grid:*)
            rc=${g#grid:}
            grid_json "${rc%x*}" "${rc#*x}" >"$OUT/$rc.json"
            peer_cmd=("$PEER" -sr "$OUT/$rc.json") ;;
        queens:*) peer_cmd=("$PEER" -s -n "${g#queens:}" -m "${g#queens:}") ;;
        *) echo "unknown graph $g" >&2; exit 2 ;;
    esac
    peer_runs=$REPEAT
    [ "$g" = grid:3x14 ] && peer_runs=$PEER_3X14_RUNS
    : >"$OUT/peer.txt"
    : >"$OUT/nimlab.txt"
    for i in $(seq "$REPEAT"); do
        [ "$i" -le "$peer_runs" ] && measure "$OUT/peer.txt" peer "${peer_cmd[@]}"
        measure "$OUT/nimlab.txt" nimlab "$NIMLAB" solve node-kayles --graph "$g" --json
    done
    values=$(cut -d' ' -f1 "$OUT/peer.txt" "$OUT/nimlab.txt" | sort -u)
    if [ "$(wc -l <<<"$values")" -ne 1 ] || { [ -n "$expect" ] && [ "$values" != "$expect" ]; }; then
        echo "$g: the values differ: peer $(cut -d' ' -f1 "$OUT/peer.txt" | tr '\n' ' ')," \
            "nimlab $(cut -d' ' -f1 "$OUT/nimlab.txt" | tr '\n' ' ')(OEIS: ${expect:-?})" >&2
        exit 1
    fi
    pw=$(col 2 "$OUT/peer.txt") pc=$(col 3 "$OUT/peer.txt")
    nw=$(col 2 "$OUT/nimlab.txt") nc=$(col 3 "$OUT/nimlab.txt")
    printf '%-11s %5s %10s %10s %9s %10s %10s %9s %7s %7s\n' "$g" "$values" "$pw" "$pc" "$(peak "$OUT/peer.txt")" \
        "$nw" "$nc" "$(peak "$OUT/nimlab.txt")" "$(ratio "$pw" "$nw")" "$(ratio "$pc" "$nc")"
done
echo "# load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
