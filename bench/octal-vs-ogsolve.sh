#!/usr/bin/env bash
# Speed of nimlab's octal sequence engine against ogsolve (Beling), side by side in one run.
# Not a test: run it by hand and copy the figures into docs/benchmarks.md.
#
#   bench/octal-vs-ogsolve.sh          # OG_METHODS_SPARSE=rc,rc2 OG_METHODS_DENSE=naive,rc,rc2
#   DENSE_COUNT=100000 OG_METHODS_DENSE=naive bench/octal-vs-ogsolve.sh   # a shorter dense run
#
# Times are CPU seconds (user + system) of whole processes, from /usr/bin/time, so that the load
# of a shared machine (printed) does not count; ogsolve's own "calculation time" (wall clock) is
# printed beside. Both compute the same values: the checksums must agree.
# (a) certify the period of 0.16 and 0.56: nimlab stops at the certificate (N values); ogsolve
#     computes the same N values (-n N-1) with each of its methods; the fastest counts.
# (b) 10^6 values of 0.034 and 0.007 (sparse), of 0.07 and 0.77 (dense; DENSE_COUNT values):
#     nimlab computes all of them (and, for the dense ones, also stops at the certificate);
#     ogsolve each method (its naive method is quadratic: hundreds of CPU seconds at 10^6).
# (c) the bound of the sparse method: the pairs nimlab recorded through the bare recording loop
#     (one load from each end, one xor, one store per pair, eight pairs a step) on one core,
#     timed by `limit` itself (it computes the sequence first), against the engine's own time
#     on one thread (`seconds`, timed the same way).
# (d) one core and two cores: 0.56 (the values its certificate needs), 0.034 (10^6 values) and
#     0.007 (D_COUNT_007 values) by nimlab on one thread, on two, and as the engine chooses,
#     against ogsolve's fastest method; REPEAT runs each, interleaved, medians of wall and CPU
#     seconds. The two-core ratio is ogsolve's CPU (one thread) over nimlab's wall time. Beside
#     them, the bound of (c) for the same values (the bare loop's own time, median of REPEAT
#     runs), and the bound restated for two cores: the same pairs spread over the heaps and
#     recorded by two threads taking heaps in turn, each heap waiting for the other thread's
#     value it reads (`handover`), or the one-core bound where that is faster. Half the one-core
#     bound (the pairs split evenly, no value handed between the cores) is printed beside it.
#     Against the bounds, nimlab's time is the engine's own (`seconds`, the wall time of
#     computing the values, timed inside the process like the bare loops, to the microsecond);
#     against ogsolve, whole processes as above (their times are 10 ms steps).
#
#   PARTS=d REPEAT=3 D_COUNT_007=100000 bench/octal-vs-ogsolve.sh   # only part (d)
set -euo pipefail
cd "$(dirname "$0")/.."
OG_METHODS_SPARSE=${OG_METHODS_SPARSE:-rc,rc2}
OG_METHODS_DENSE=${OG_METHODS_DENSE:-naive,rc,rc2}
DENSE_COUNT=${DENSE_COUNT:-1000000}
PARTS=${PARTS:-abcd}
REPEAT=${REPEAT:-3}
D_COUNT_007=${D_COUNT_007:-1000000}
if ! command -v ogsolve >/dev/null; then
    cargo install ogsolve --locked
fi
ogsolve --help | grep -q -- '-n <POSITION>' || { echo "ogsolve's command line changed: check ogsolve --help" >&2; exit 1; }
cargo build --release --locked --quiet -p nimlab-engine --example octal
OCTAL=${CARGO_TARGET_DIR:-target}/release/examples/octal
OUT=target/bench
mkdir -p "$OUT"

# Runs a command; prints "CPU_SECONDS<TAB>its output".
cpu() {
    local report
    report=$(/usr/bin/time -f 'cpu %U %S' "$@" 2>"$OUT/time.txt")
    awk '/^cpu / { printf "%.2f\t", $2 + $3 }' "$OUT/time.txt"
    tr '\n' ' ' <<<"$report"
    echo
}
field() { awk -v k="$1" '{ for (i = 1; i < NF; i++) if ($i == k) { print $(i + 1); exit } }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.1f", a / b; else print "inf" }'; }

# ogsolve with each method on n values: prints "method cpu calc checksum" lines; the fastest last.
ogsolve_best() {
    local code=$1 count=$2 methods=$3 best="" best_cpu=1e99 line cpu_s calc sum m
    for m in ${methods//,/ }; do
        line=$(cpu ogsolve "$code" -m "$m" -n $((count - 1)))
        cpu_s=$(cut -f1 <<<"$line")
        calc=$(sed -n 's/.*calculation time: \([^ ]*\).*/\1/p' <<<"$line")
        sum=$(sed -n 's/.*checksum: \([0-9A-F]*\).*/\1/p' <<<"$line")
        echo "    ogsolve -m $m -n $((count - 1)): cpu $cpu_s s (its calculation time $calc), checksum $sum" >&2
        if awk -v a="$cpu_s" -v b="$best_cpu" 'BEGIN { exit !(a < b) }'; then best_cpu=$cpu_s; best="$m $cpu_s $sum"; fi
    done
    echo "$best"
}

# Compares nimlab's CPU time and checksum with ogsolve's fastest method on the same values.
against_ogsolve() {
    local code=$1 count=$2 methods=$3 ours=$4 sum=$5 m og og_sum
    read -r m og og_sum <<<"$(ogsolve_best "$code" "$count" "$methods")"
    [[ "$sum" == "$og_sum" ]] || { echo "checksums differ: nimlab $sum, ogsolve $og_sum" >&2; exit 1; }
    echo "    fastest ogsolve ($m) / nimlab, $count values each: $(ratio "$og" "$ours")x (checksums agree: $sum)"
}

echo "machine: $(nproc) cores ($(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo)), $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "ogsolve: $(ogsolve --version) (cargo install, default release profile); nimlab: release profile"
echo

[[ $PARTS == *a* ]] && echo "(a) certify the period"
[[ $PARTS == *a* ]] && for code in 0.16 0.56; do
    line=$(cpu "$OCTAL" period "$code" 100000000)
    ours=$(cut -f1 <<<"$line")
    n=$(field values_computed <<<"$line")
    echo "  $code: nimlab certifies (l, p) = ($(field preperiod <<<"$line"), $(field period <<<"$line")) from $n values: cpu $ours s"
    sum=$(cut -f2 <<<"$(cpu "$OCTAL" values "$code" "$n")" | field checksum)
    against_ogsolve "$code" "$n" "$OG_METHODS_SPARSE" "$ours" "$sum"
done
echo

[[ $PARTS == *b* ]] && echo "(b) many values"
[[ $PARTS == *b* ]] && for code in 0.034 0.007 0.07 0.77; do
    count=1000000 methods=$OG_METHODS_SPARSE
    [[ $code == 0.07 || $code == 0.77 ]] && count=$DENSE_COUNT methods=$OG_METHODS_DENSE
    line=$(cpu "$OCTAL" values "$code" "$count")
    ours=$(cut -f1 <<<"$line")
    sum=$(field checksum <<<"$line")
    echo "  $code: nimlab $count values: cpu $ours s ($(field method <<<"$line"), largest $(field largest <<<"$line"), rare positions $(field rare_positions <<<"$line"))"
    if [[ $code == 0.07 || $code == 0.77 ]]; then
        stop=$(cpu "$OCTAL" period "$code" "$count")
        echo "    nimlab stops at the certificate: (l, p) = ($(field preperiod <<<"$stop"), $(field period <<<"$stop")) after $(field values_computed <<<"$stop") values, cpu $(cut -f1 <<<"$stop") s"
    fi
    against_ogsolve "$code" "$count" "$methods" "$ours" "$sum"
done
echo

[[ $PARTS == *c* ]] && echo "(c) the bound of the sparse method (one core): the bare recording loop over the pairs nimlab recorded"
[[ $PARTS == *c* ]] && for run in "0.16 509622" "0.034 1000000" "0.007 200000"; do
    read -r code count <<<"$run"
    run=$(cpu "$OCTAL" values "$code" "$count" auto 1)
    ours=$(cut -f1 <<<"$run")
    own=$(cut -f2 <<<"$run" | field seconds)
    line=$("$OCTAL" limit "$code" "$count")
    bare=$(field bare_seconds <<<"$line")
    echo "  $code, $count values: nimlab cpu $ours s, engine $own s (one thread); $(field pairs <<<"$line") pairs through the bare loop: $bare s; engine / bound: $(ratio "$own" "$bare")x"
done

# Runs a command; prints "WALL CPU" seconds of the process, and the seconds it reports itself
# (the `seconds` field of `octal values`: the engine computing the values) or "-".
wall_cpu() {
    /usr/bin/time -f 'wall %e cpu %U %S' "$@" >"$OUT/stdout.txt" 2>"$OUT/time.txt"
    own=$(field seconds <"$OUT/stdout.txt")
    awk -v own="${own:--}" '/^wall / { printf "%.2f %.2f %s\n", $2, $4 + $5, own }' "$OUT/time.txt"
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

[[ $PARTS == *d* ]] && echo "(d) one core and two cores, medians of $REPEAT interleaved runs (wall / CPU seconds)"
[[ $PARTS == *d* ]] && for code in 0.56 0.034 0.007; do
    case $code in
        0.56) count=$(field values_computed <<<"$("$OCTAL" period 0.56 100000000)") ;;
        0.034) count=1000000 ;;
        0.007) count=$D_COUNT_007 ;;
    esac
    sum=$(field checksum <<<"$("$OCTAL" values "$code" "$count")")
    read -r m og og_sum <<<"$(ogsolve_best "$code" "$count" "$OG_METHODS_SPARSE" 2>/dev/null)"
    [[ "$sum" == "$og_sum" ]] || { echo "checksums differ: nimlab $sum, ogsolve $og_sum" >&2; exit 1; }
    for threads in 1 2 auto; do : >"$OUT/d-$threads.txt"; done
    : >"$OUT/d-og.txt"
    : >"$OUT/d-bare.txt"
    : >"$OUT/d-handover.txt"
    for _ in $(seq "$REPEAT"); do
        for threads in 1 2 auto; do wall_cpu "$OCTAL" values "$code" "$count" auto "$threads" >>"$OUT/d-$threads.txt"; done
        wall_cpu ogsolve "$code" -m "$m" -n $((count - 1)) >>"$OUT/d-og.txt"
        limit=$("$OCTAL" limit "$code" "$count")
        field bare_seconds <<<"$limit" >>"$OUT/d-bare.txt"
        handover=$("$OCTAL" handover "$code" "$count")
        field two_threads_seconds <<<"$handover" >>"$OUT/d-handover.txt"
    done
    og=$(cut -d' ' -f2 "$OUT/d-og.txt" | median)
    bare=$(median <"$OUT/d-bare.txt")
    half=$(awk -v b="$bare" 'BEGIN { printf "%.4f", b / 2 }')
    turns=$(median <"$OUT/d-handover.txt")
    two=$(awk -v b="$bare" -v t="$turns" 'BEGIN { print (t < b ? t : b) }')
    echo "  $code, $count values (checksums agree: $sum); ogsolve -m $m: cpu $og s"
    echo "    bound: $(field pairs <<<"$limit") pairs recorded through the bare loop, $bare s on one core;"
    echo "      two cores: $turns s taking heaps in turn ($(field per_heap <<<"$handover") pairs a heap, heap n waits for n - $(field other <<<"$handover")), so $two s (half the one-core bound: $half s)"
    for threads in 1 2 auto; do
        wall=$(cut -d' ' -f1 "$OUT/d-$threads.txt" | median)
        cpu=$(cut -d' ' -f2 "$OUT/d-$threads.txt" | median)
        own=$(cut -d' ' -f3 "$OUT/d-$threads.txt" | median)
        if [[ $threads == 1 ]]; then
            bound="engine / bound (one core): $(ratio "$own" "$bare")x"
        else
            bound="engine / bound (two cores): $(ratio "$own" "$two")x (over half the one-core bound: $(ratio "$own" "$half")x)"
        fi
        echo "    nimlab, threads $threads: wall $wall s, cpu $cpu s, engine $own s; ogsolve cpu / nimlab wall: $(ratio "$og" "$wall")x; $bound"
    done
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
