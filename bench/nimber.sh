#!/usr/bin/env bash
# Nim multiplication on 64-bit words (issue 24; figures in docs/benchmarks.md):
# 1. the engine's path against a straightforward recursion and a byte-table method written for
#    the benchmark (crates/engine/examples/nim_product.rs), 10^6 random pairs, all checked equal;
# 2. the command on the Library Checker's "Nim Product (64 bit)" input: T = 10^6 random pairs
#    on standard input, the products on standard output (whole process: reading, multiplying,
#    writing).
set -euo pipefail
cd "$(dirname "$0")/.."
N="${1:-1000000}"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
cargo run --release --locked --quiet -p nimlab-engine --example nim_product -- "$N"
cargo build --release --locked --quiet --bin nimlab
INPUT="$(mktemp)"
trap 'rm -f "$INPUT"' EXIT
python3 - "$N" > "$INPUT" <<'PY'
import random, sys
n = int(sys.argv[1])
rng = random.Random(24)
print(n)
print("\n".join(f"{rng.getrandbits(64)} {rng.getrandbits(64)}" for _ in range(n)))
PY
for run in 1 2 3; do
    /usr/bin/time -f "nimlab nimber --products, $N pairs: %e s elapsed, %M KB peak" \
        target/release/nimlab nimber --products < "$INPUT" > /dev/null
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
