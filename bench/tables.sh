#!/usr/bin/env bash
# Benchmark of nimlab's table path (issue 13) against ogsolve and a C program. Not a test: run it
# by hand and copy the figures into docs/benchmarks.md.
#
#   bench/tables.sh                   # RUNS=5 COUNT=100000000 SIDE=4000, the `nimlab table` command
#   DRIVER=example bench/tables.sh    # the engine example crates/engine/examples/table_stream.rs
#
# (a) COUNT values of SUB({2,3,5,7,101}) written as u8 and as CSV to /dev/null: `nimlab table`
#     (the ruleset's path: its certified period replayed), and the streaming generator alone
#     (the engine example: the command always takes the certified period), against
#     `ogsolve 0.0330303...3 -n COUNT-1 -s` computing the same values (positions 0..COUNT-1;
#     ogsolve writes nothing). The first 20000 values are compared with ogsolve's (-p) first.
# (b) the Wythoff grid SIDE x SIDE (Grundy values): `nimlab table` (the line kernel) writing u16
#     to /dev/null, and the kernel computing only (checksum, the engine example), against
#     bench/wythoff_grid.c (gcc -O2; the row/column/diagonal bitset mex, checksum only); and the
#     kernel's general path (no mirroring: a grid with one more row than columns) against the C
#     program on the same grid.
# (c) peak memory (maximum resident set) of each table.
# Times are whole-process wall times (start-up and output included), best of RUNS, the programs
# interleaved so that they share the machine's conditions; ogsolve runs once (it is slow).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
COUNT=${COUNT:-100000000}
SIDE=${SIDE:-4000}
DRIVER=${DRIVER:-nimlab}
TARGET=${CARGO_TARGET_DIR:-target}
OUT=$TARGET/bench
mkdir -p "$OUT"

if ! command -v ogsolve >/dev/null; then
    cargo install ogsolve --locked
fi
ogsolve --help | grep -q -- '-n <POSITION>' || { echo "ogsolve's command line changed: check ogsolve --help" >&2; exit 1; }
cargo build --release --locked --quiet -p nimlab-engine --example table_stream
gcc -O2 -o "$OUT/wythoff_grid" bench/wythoff_grid.c
STREAM=$TARGET/release/examples/table_stream
if [[ $DRIVER == nimlab ]]; then
    cargo build --release --locked --quiet --bin nimlab
fi

# The table commands (set CMD): `nimlab table`, or the engine example (DRIVER=example, and for
# what the command does not offer: the generator without the period, a checksum without output).
sub_table() { # FORMAT (u8 | csv) [stream]
    if [[ $DRIVER == nimlab && ${2:-} != stream ]]; then
        CMD=("$TARGET"/release/nimlab table subtraction --set 2,3,5,7,101 --upto $((COUNT - 1)))
        if [[ $1 == csv ]]; then CMD+=(--csv); else CMD+=(--format "$1"); fi
    elif [[ ${2:-} == stream ]]; then
        CMD=("$STREAM" sub-stream:2,3,5,7,101 "$COUNT" "$1")
    else
        CMD=("$STREAM" subtraction:2,3,5,7,101 "$COUNT" "$1")
    fi
}
wythoff_table() { # ROWS COLS FORMAT (u16 | sum)
    if [[ $DRIVER == nimlab && $3 != sum ]]; then
        CMD=("$TARGET"/release/nimlab table wythoff --rows $(($1 - 1)) --cols $(($2 - 1)) --format "$3")
    else
        CMD=("$STREAM" wythoff "$1x$2" "$3")
    fi
}
c_grid() { CMD=("$OUT/wythoff_grid" "$1" "$2"); }

# octal_code S...: the octal code of SUB(S) for ogsolve.
source bench/octal_code.sh

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
best() { sort -g | head -1; }
# Wall time of one run of the command CMD, its output to /dev/null.
wall() {
    local start end
    start=$(now)
    "${CMD[@]}" >/dev/null 2>&1
    end=$(now)
    elapsed "$start" "$end"
}
# Peak resident memory in MB of one run of CMD.
peak() {
    /usr/bin/time -f '%M' -o "$OUT/peak" "${CMD[@]}" >/dev/null 2>&1
    awk '{ printf "%.1f", $1 / 1024 }' "$OUT/peak"
}

echo "machine: $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "driver: $DRIVER; ogsolve: $(ogsolve --version)"
echo

# Agreement first: the u8 stream's bytes against ogsolve's values on a prefix, and the
# checksums of the Wythoff grid (Rust and C).
code=$(octal_code 2 3 5 7 101)
check=20000
if [[ $DRIVER == nimlab ]]; then
    "$TARGET"/release/nimlab table subtraction --set 2,3,5,7,101 --upto $((check - 1)) --format u8
else
    "$STREAM" subtraction:2,3,5,7,101 "$check" u8 2>/dev/null
fi | od -An -v -tu1 | tr -s ' ' '\n' | sed '/^$/d' >"$OUT/ours.txt"
ogsolve "$code" -n $((check - 1)) -p | sed -n 's/^ *nimbers: //p' | tr ' ' '\n' | sed '/^$/d' >"$OUT/og.txt"
cmp -s "$OUT/ours.txt" "$OUT/og.txt" && echo "first $check values agree with ogsolve's" \
    || { echo "values differ from ogsolve's" >&2; exit 1; }
[[ $("$STREAM" wythoff "${SIDE}x$SIDE" sum 2>/dev/null | awk '{ print $4 }') == $("$OUT/wythoff_grid" "$SIDE" "$SIDE" | awk '{ print $4 }') ]] \
    || { echo "Wythoff checksums differ" >&2; exit 1; }
if [[ $DRIVER == nimlab ]]; then
    # The command's u16 output summed, against the example's checksum.
    ours=$("$TARGET"/release/nimlab table wythoff --rows $((SIDE - 1)) --cols $((SIDE - 1)) --format u16 | od -An -v -tu2 \
        | awk '{ for (i = 1; i <= NF; i++) s += $i } END { printf "%.0f\n", s }')
    [[ $ours == $("$STREAM" wythoff "${SIDE}x$SIDE" sum 2>/dev/null | awk '{ print $4 }') ]] \
        || { echo "nimlab table's Wythoff grid differs" >&2; exit 1; }
fi
echo "Wythoff $SIDE x $SIDE checksums agree with the C program"
echo

echo "(a) $COUNT values of SUB({2,3,5,7,101}) to /dev/null"
declare -A t=()
for ((r = 0; r < RUNS; r++)); do
    sub_table u8 && t[u8]+="$(wall) "
    sub_table csv && t[csv]+="$(wall) "
    sub_table u8 stream && t[stream]+="$(wall) "
    sub_table csv stream && t[stream_csv]+="$(wall) "
done
for k in u8 csv stream stream_csv; do t[$k]=$(tr ' ' '\n' <<<"${t[$k]}" | sed '/^$/d' | best); done
og_start=$(now)
og_report=$(ogsolve "$code" -n $((COUNT - 1)) -s)
og_wall=$(elapsed "$og_start" "$(now)")
og_calc=$(awk '/calculation time:/ { t = $3; if (t ~ /µs$/) { sub(/µs$/, "", t); t /= 1e6 } else if (t ~ /ms$/) { sub(/ms$/, "", t); t /= 1e3 } else { sub(/s$/, "", t) } printf "%.3f\n", t }' <<<"$og_report")
echo "  nimlab, u8  (certified period): ${t[u8]} s   ogsolve / nimlab: $(ratio "$og_wall" "${t[u8]}")x"
echo "  nimlab, csv (certified period): ${t[csv]} s   ogsolve / nimlab: $(ratio "$og_wall" "${t[csv]}")x"
echo "  nimlab, u8  (streaming generator): ${t[stream]} s   ogsolve / nimlab: $(ratio "$og_wall" "${t[stream]}")x"
echo "  nimlab, csv (streaming generator): ${t[stream_csv]} s   ogsolve / nimlab: $(ratio "$og_wall" "${t[stream_csv]}")x"
echo "  ogsolve (1 run, no output): $og_wall s wall, $og_calc s of its own calculation time"
echo

echo "(b) the Wythoff grid $SIDE x $SIDE, Grundy values"
declare -A w=()
for ((r = 0; r < RUNS; r++)); do
    wythoff_table "$SIDE" "$SIDE" u16 && w[u16]+="$(wall) "
    wythoff_table "$SIDE" "$SIDE" sum && w[sum]+="$(wall) "
    c_grid "$SIDE" "$SIDE" && w[c]+="$(wall) "
    wythoff_table $((SIDE + 1)) "$SIDE" u16 && w[general]+="$(wall) "
    c_grid $((SIDE + 1)) "$SIDE" && w[c_general]+="$(wall) "
done
for k in u16 sum c general c_general; do w[$k]=$(tr ' ' '\n' <<<"${w[$k]}" | sed '/^$/d' | best); done
echo "  nimlab, u16 to /dev/null: ${w[u16]} s   nimlab / C: $(ratio "${w[u16]}" "${w[c]}")x"
echo "  nimlab, checksum only:    ${w[sum]} s   nimlab / C: $(ratio "${w[sum]}" "${w[c]}")x"
echo "  C bitset mex, checksum:   ${w[c]} s"
echo "  general kernel ($((SIDE + 1)) x $SIDE, no mirroring, u16): ${w[general]} s; C on the same grid ${w[c_general]} s;" \
    "nimlab / C: $(ratio "${w[general]}" "${w[c_general]}")x"
echo

echo "(c) peak memory (maximum resident set, MB)"
sub_table u8 && echo "  SUB, $COUNT values, u8, certified period:    $(peak)"
sub_table u8 stream && echo "  SUB, $COUNT values, u8, streaming generator: $(peak)"
sub_table csv && echo "  SUB, $COUNT values, csv:                     $(peak)"
wythoff_table $((SIDE - 1)) $((SIDE - 1)) u16 && echo "  Wythoff $((SIDE - 1)) x $((SIDE - 1)), u16:              $(peak)"
c_grid "$SIDE" "$SIDE" && echo "  C program, $SIDE x $SIDE:                  $(peak)"
CMD=(ogsolve "$code" -n $((COUNT - 1)) -s) && echo "  ogsolve, $COUNT values:                    $(peak)"
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
