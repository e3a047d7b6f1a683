#!/usr/bin/env bash
# Benchmark of nimlab's subtraction-game laboratory against ogsolve (an octal-game solver) and a
# tight C loop. Not a test: run it by hand and copy the figures into docs/benchmarks.md.
#
#   bench/subtraction-vs-ogsolve.sh            # RUNS=3 COUNT=100000000 SWEEP_MAX=2000
#
# (a) values per second generating COUNT values of SUB({2,3,5,7,101}):
#     nimlab's GrundyStream (crates/engine/examples/subtraction_throughput.rs), the C baseline
#     (bench/subtraction_tight.c, gcc -O2) and `ogsolve 0.0330303...3 -n COUNT` (octal code with
#     digit 3 at each member of S). Our and C's loops are timed inside the program, best of RUNS;
#     ogsolve reports its own "calculation time", one run (it is slow).
# (b) the sweep {2,3,5,7} ∪ {c}: `nimlab sweep` over 11..SWEEP_MAX, against ogsolve run once per
#     c with n = 4c + 100 positions (enough: ℓ + p + c ≤ 3c + 7 here); ogsolve's period and
#     preperiod are checked against nimlab's for every c. ogsolve accepts at most 255 octal digits,
#     so it can only run c ≤ 255: the ratio is measured on 11..255 and nimlab's time for the full
#     range is reported beside it.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
COUNT=${COUNT:-100000000}
SWEEP_MAX=${SWEEP_MAX:-2000}
OGSOLVE_MAX_C=255
OUT=target/bench
mkdir -p "$OUT"

if ! command -v ogsolve >/dev/null; then
    cargo install ogsolve --locked
fi
ogsolve --help | grep -q -- '-n <POSITION>' || { echo "ogsolve's command line changed: check ogsolve --help" >&2; exit 1; }
cargo build --release --quiet --bin nimlab
cargo build --release --quiet -p nimlab-engine --example subtraction_throughput --example subtraction_sweep
gcc -O2 -o "$OUT/subtraction_tight" bench/subtraction_tight.c
NIMLAB=target/release/nimlab
THROUGHPUT=target/release/examples/subtraction_throughput
SWEEP=target/release/examples/subtraction_sweep

# octal_code S...: the octal code of SUB(S) for ogsolve.
source bench/octal_code.sh

# ogsolve's "calculation time: 2.74s | 198.11ms | 20.98µs" in seconds.
ogsolve_seconds() {
    awk '/calculation time:/ { t = $3; if (t ~ /µs$/) { sub(/µs$/, "", t); t /= 1e6 } else if (t ~ /ms$/) { sub(/ms$/, "", t); t /= 1e3 } else { sub(/s$/, "", t) } printf "%.6f\n", t }'
}

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", b - a }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a / b }'; }
best() { sort -g | head -1; }

echo "machine: $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "ogsolve: $(ogsolve --version)"
echo

echo "(a) $COUNT values of SUB({2,3,5,7,101})"
tight_runs=() ours_runs=()
for ((r = 0; r < RUNS; r++)); do
    tight_out=$("$OUT/subtraction_tight" "$COUNT")
    ours_out=$("$THROUGHPUT" 2,3,5,7,101 "$COUNT")
    [[ $(awk '{ print $4 }' <<<"$tight_out") == $(awk '{ print $4 }' <<<"$ours_out") ]] \
        || { echo "checksums differ: $tight_out / $ours_out" >&2; exit 1; }
    tight_runs+=("$(awk '{ print $6 }' <<<"$tight_out")")
    ours_runs+=("$(awk '{ print $6 }' <<<"$ours_out")")
done
tight=$(printf '%s\n' "${tight_runs[@]}" | best)
ours=$(printf '%s\n' "${ours_runs[@]}" | best)
code=$(octal_code 2 3 5 7 101)
og=$(ogsolve "$code" -n "$COUNT" -s | ogsolve_seconds)
printf '  nimlab GrundyStream: %.3f s (best of %d) = %.2f ns/value\n' "$ours" "$RUNS" "$(awk -v s="$ours" -v n="$COUNT" 'BEGIN { print s * 1e9 / n }')"
printf '  C tight loop (-O2):  %.3f s (best of %d) = %.2f ns/value\n' "$tight" "$RUNS" "$(awk -v s="$tight" -v n="$COUNT" 'BEGIN { print s * 1e9 / n }')"
printf '  ogsolve (naive):     %.3f s (1 run)     = %.2f ns/value\n' "$og" "$(awk -v s="$og" -v n="$COUNT" 'BEGIN { print s * 1e9 / n }')"
echo "  nimlab / tight loop time: $(ratio "$ours" "$tight")x; ogsolve / nimlab time: $(ratio "$og" "$ours")x"
echo

echo "(b) sweep {2,3,5,7} ∪ {c}"
sweep_time() {
    local high=$1 runs=() start end
    for ((r = 0; r < RUNS; r++)); do
        start=$(now)
        "$NIMLAB" sweep subtraction --set 2,3,5,7 --add "c=11..$high" >"$OUT/sweep-$high.txt"
        end=$(now)
        runs+=("$(elapsed "$start" "$end")")
    done
    printf '%s\n' "${runs[@]}" | best
}
engine_time() {
    local runs=()
    for ((r = 0; r < RUNS; r++)); do runs+=("$("$SWEEP" 11 "$1" | awk '{ print $4 }')"); done
    printf '%s\n' "${runs[@]}" | best
}
full=$(sweep_time "$SWEEP_MAX")
part=$(sweep_time "$OGSOLVE_MAX_C")
engine_full=$(engine_time "$SWEEP_MAX")
engine_part=$(engine_time "$OGSOLVE_MAX_C")
declare -A codes=()
for ((c = 11; c <= OGSOLVE_MAX_C; c++)); do codes[$c]=$(octal_code 2 3 5 7 "$c"); done
og_calc=0
reports=()
start=$(now)
for ((c = 11; c <= OGSOLVE_MAX_C; c++)); do
    reports[c]=$(ogsolve "${codes[$c]}" -n $((4 * c + 100)) -s)
done
end=$(now)
for ((c = 11; c <= OGSOLVE_MAX_C; c++)); do
    report=${reports[c]}
    og_calc=$(awk -v a="$og_calc" -v b="$(ogsolve_seconds <<<"$report")" 'BEGIN { printf "%.6f", a + b }')
    found=$(sed -n 's/.*found period of length \([0-9]*\) and pre-period \([0-9]*\).*/\2 \1/p' <<<"$report")
    ours=$(awk -v c="$c" '$1 == c { print $2, $3 }' "$OUT/sweep-$OGSOLVE_MAX_C.txt")
    [[ "$found" == "$ours" ]] || { echo "c = $c: ogsolve says (l p) = ($found), nimlab ($ours)" >&2; exit 1; }
done
og_wall=$(elapsed "$start" "$end")
echo "  nimlab sweep 11..$SWEEP_MAX: $full s wall (best of $RUNS, whole process: parse, sweep, fit, print)"
echo "  nimlab sweep 11..$OGSOLVE_MAX_C:  $part s wall"
echo "  engine only (sweep_periods, no process): 11..$SWEEP_MAX $engine_full s, 11..$OGSOLVE_MAX_C $engine_part s"
echo "  ogsolve once per c, 11..$OGSOLVE_MAX_C (n = 4c + 100; every (l, p) agrees with nimlab):"
echo "    $og_wall s wall (processes included), $og_calc s of its own calculation time"
echo "  ogsolve wall / nimlab wall on 11..$OGSOLVE_MAX_C: $(ratio "$og_wall" "$part")x;" \
    "ogsolve calculation time / nimlab engine time: $(ratio "$og_calc" "$engine_part")x"
echo "  (ogsolve rejects octal codes longer than 255 digits, so c > $OGSOLVE_MAX_C cannot be run with it)"
