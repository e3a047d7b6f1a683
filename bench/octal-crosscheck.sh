#!/usr/bin/env bash
# Cross-check of nimlab's octal sequence engine and certified periods against ogsolve (Beling),
# on every octal code with one to three digits after the point (8 + 64 + 512 = 584 codes), for
# heaps 0..COUNT-1. Not a test: run it by hand and copy the summary into docs/octal.md.
#
#   bench/octal-crosscheck.sh            # COUNT=10000
#
# For each code: ogsolve's checksum (Fletcher-32 of G(0..COUNT-1)) must equal nimlab's, and when
# both certify a period within the COUNT values the (preperiod, period) must be equal. nimlab's
# certificate needs k·max(l,1) + k·p + t values (ogsolve's needs 2l + 2p + t): the codes where
# only one of them certifies within COUNT are listed with the values nimlab's certificate needs.
set -euo pipefail
cd "$(dirname "$0")/.."
COUNT=${COUNT:-10000}
OUT=target/bench
mkdir -p "$OUT"
if ! command -v ogsolve >/dev/null; then
    cargo install ogsolve --locked
fi
ogsolve --help | grep -q -- '-n <POSITION>' || { echo "ogsolve's command line changed: check ogsolve --help" >&2; exit 1; }
cargo build --release --locked --quiet -p nimlab-engine --example octal
OCTAL=target/release/examples/octal

codes=()
for a in 0 1 2 3 4 5 6 7; do
    codes+=("0.$a")
    for b in 0 1 2 3 4 5 6 7; do
        codes+=("0.$a$b")
        for c in 0 1 2 3 4 5 6 7; do codes+=("0.$a$b$c"); done
    done
done

echo "machine: $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "ogsolve: $(ogsolve --version); $COUNT values per code, ${#codes[@]} codes"
same_sequence=0 both=0 only_ogsolve=0 only_nimlab=0 neither=0 bad=0
start=$(date +%s.%N)
for code in "${codes[@]}"; do
    og=$(ogsolve "$code" -m rc -n $((COUNT - 1)))
    og_sum=$(sed -n 's/.*checksum: \([0-9A-F]*\).*/\1/p' <<<"$og")
    og_period=$(sed -n 's/.*found period of length \([0-9]*\) and pre-period \([0-9]*\).*/\2 \1/p' <<<"$og")
    ours=$("$OCTAL" values "$code" "$COUNT")
    ours_sum=$(awk '{ for (i = 1; i < NF; i++) if ($i == "checksum") print $(i + 1) }' <<<"$ours")
    period=$("$OCTAL" period "$code" "$COUNT")
    ours_period=$(awk '$4 == "certified" { print $6, $8 }' <<<"$period")
    if [[ "$og_sum" == "$ours_sum" ]]; then
        same_sequence=$((same_sequence + 1))
    else
        echo "MISMATCH $code: checksum ogsolve $og_sum, nimlab $ours_sum"
        bad=$((bad + 1))
    fi
    if [[ -n "$og_period" && -n "$ours_period" ]]; then
        both=$((both + 1))
        [[ "$og_period" == "$ours_period" ]] || { echo "MISMATCH $code: (l p) ogsolve $og_period, nimlab $ours_period"; bad=$((bad + 1)); }
    elif [[ -n "$og_period" ]]; then
        only_ogsolve=$((only_ogsolve + 1))
        echo "only ogsolve certifies $code within $COUNT: (l p) = $og_period; nimlab: $(awk '{ for (i = 1; i < NF; i++) if ($i == "observed") print "observed " $(i + 1) }' <<<"$period")"
    elif [[ -n "$ours_period" ]]; then
        only_nimlab=$((only_nimlab + 1))
        echo "only nimlab certifies $code within $COUNT: (l p) = $ours_period"
    else
        neither=$((neither + 1))
    fi
done
end=$(date +%s.%N)
echo "codes ${#codes[@]}: equal sequences $same_sequence; both certified $both (all equal unless listed); only ogsolve $only_ogsolve; only nimlab $only_nimlab; neither $neither; mismatches $bad; $(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.0f", b - a }') s"
[[ $bad -eq 0 ]]
