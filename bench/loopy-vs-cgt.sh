#!/usr/bin/env bash
# Speed of nimlab's loopy solver (the generalized Sprague-Grundy function by retrograde analysis,
# docs/loopy.md) against a peer's, side by side in one run. Not a test: run it by hand and copy the
# figures into docs/benchmarks.md.
#
#   bench/loopy-vs-cgt.sh
#   SIZES="1000 4000 16000" SET=2,5,7 REPS=3 WORK=/tmp/peer NIMLAB=target/release/nimlab bench/loopy-vs-cgt.sh
#
# The peer: cgt-tools' loopy impartial games (the crate `cgt` 0.9.0 from crates.io, by Tomasz
# Maciosowski, AGPL-3.0), whose one loopy impartial solver is `WindUp::new_using_graph` (its
# "graph orbiting" method) for the modular subtraction game WindUp(n, S): vertices 0..n-1, a move
# from i >= 1 to (i - s) mod n for s in S, no move from 0. The script writes a small program
# that calls it into a scratch project outside the tree ($WORK, a temporary directory unless
# given) and builds it there with cargo (release); nothing of cgt enters this repository.
#
# The same graph is written as an edge list and answered by `nimlab table graph --file G --json`.
# Every vertex's value must agree (the script checks it: a nimber, or ∞(K) with its K). Times:
# for nimlab the whole command (reading the edge list, the analysis, writing every row as JSON,
# and the process's start), for the peer its solver call alone (its own timer: building its
# result, no input, no output), each the least of REPS runs: the ratio favours the peer.
set -euo pipefail
cd "$(dirname "$0")/.."
SIZES=${SIZES:-"1000 2000 4000 8000 16000"}
SET=${SET:-2,5,7}
REPS=${REPS:-3}
WORK=${WORK:-$(mktemp -d)}
if [ -z "${NIMLAB:-}" ]; then
    cargo build --release --locked --quiet --bin nimlab
    NIMLAB=target/release/nimlab
fi

echo "== the peer: cgt 0.9.0 (crates.io) in $WORK/peer"
mkdir -p "$WORK/peer/src"
cat > "$WORK/peer/Cargo.toml" <<'EOF'
[package]
name = "cgt-windup"
version = "0.1.0"
edition = "2021"

[dependencies]
cgt = "=0.9.0"
EOF
cat > "$WORK/peer/src/main.rs" <<'EOF'
// cgt-windup N S [print]: solves WindUp(N, S) with cgt's graph orbiting method, prints the
// solver's seconds on stderr and, with `print`, each vertex's value on stdout, one a line.
use cgt::loopy::impartial::games::wind_up::WindUp;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: u32 = args[1].parse().expect("N");
    let set: Vec<u32> = args[2].split(',').map(|s| s.parse().expect("S")).collect();
    let start = Instant::now();
    let game = WindUp::new_using_graph(n, set);
    eprintln!("{:.6}", start.elapsed().as_secs_f64());
    if args.get(3).map(String::as_str) == Some("print") {
        for v in game.graph() {
            println!("{v}");
        }
    }
}
EOF
(cd "$WORK/peer" && cargo build --release --quiet)
PEER="$WORK/peer/target/release/cgt-windup"

echo "== machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $(date -u '+%Y-%m-%d %H:%M UTC')"
python3 - "$NIMLAB" "$PEER" "$WORK" "$SET" "$REPS" $SIZES <<'EOF'
import json, re, subprocess, sys, time

nimlab, peer, work, sset, reps = sys.argv[1:6]
sizes, reps, subtract = [int(n) for n in sys.argv[6:]], int(reps), [int(s) for s in sset.split(",")]


def peer_value(text):
    """cgt writes a nimber as 0, *, *2 ... and a loop as ∞ or ∞(0, *2): as (kind, value)."""
    nimber = lambda w: 0 if w == "0" else int(w[1:] or 1)
    text = text.strip()
    if text.startswith("∞"):
        inner = text[1:].strip("()")
        return ("inf", tuple(sorted(nimber(w.strip()) for w in inner.split(",") if w.strip())))
    return ("nimber", nimber(text))


def ours(value):
    return ("inf", tuple(sorted(value["infinite"]))) if isinstance(value, dict) else ("nimber", value)


print(f"| n | S | edges | draws (∞ without 0) | nimlab `table graph` (whole command) | cgt WindUp::new_using_graph (solver only) | cgt / nimlab |")
print("|---|---|---|---|---|---|---|")
for n in sizes:
    path = f"{work}/windup-{n}.txt"
    edges = 0
    with open(path, "w") as f:
        f.write(f"# WindUp(n={n}, S={{{sset}}}): i -> (i - s) mod n for i >= 1; 0 has no move\n0\n")
        for i in range(1, n):
            for s in subtract:
                f.write(f"{i} {(i - s) % n}\n")
                edges += 1
    command = [nimlab, "table", "graph", "--file", path, "--json"]
    best_nimlab = float("inf")
    for _ in range(reps):
        start = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, check=True)
        best_nimlab = min(best_nimlab, time.perf_counter() - start)
    table = json.loads(done.stdout)
    mine = {int(r["position"]): ours(r["value"]) for r in table["rows"]}
    best_peer, values = float("inf"), None
    for k in range(reps):
        run = subprocess.run([peer, str(n), sset] + (["print"] if k == 0 else []), capture_output=True, text=True, check=True)
        best_peer = min(best_peer, float(run.stderr.strip().splitlines()[-1]))
        if k == 0:
            values = [peer_value(line) for line in run.stdout.splitlines()]
    differ = [i for i in range(n) if values[i] != mine.get(i)]
    if differ:
        i = differ[0]
        sys.exit(f"n={n}: the values differ at {len(differ)} vertices, e.g. {i}: cgt {values[i]}, nimlab {mine.get(i)}")
    draws = table["counts"]["D"]
    print(f"| {n} | {{{sset}}} | {edges} | {draws} | {best_nimlab:.3f} s | {best_peer:.3f} s | {best_peer / best_nimlab:.1f} |", flush=True)
EOF
