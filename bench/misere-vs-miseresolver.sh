#!/usr/bin/env bash
# Speed of nimlab's misère quotients against Aaron Siegel's MisereSolver (CGSuite), side by side in
# one run. Not a test: run it by hand and copy the figures into docs/benchmarks.md.
#
#   bench/misere-vs-miseresolver.sh [CGSUITE]
#   CODES="0.75 0.07" UPTO=30 REPS=3 PROCS=3 bench/misere-vs-miseresolver.sh /path/to/cgsuite/.git
#
# CGSUITE is a git repository of CGSuite's published sources (a local git directory or a URL;
# default https://github.com/aaron-siegel/cgsuite.git). Nothing of it enters this repository: its
# solver package (lib/core/src/main/scala/org/cgsuite/core/misere/solver) is extracted into a
# scratch directory outside the tree ($WORK, a temporary directory unless given) and compiled there
# with javac (Java 17).
#
# CGSuite's own build needs Scala 2.13 and about twenty Maven artifacts; where Maven Central is out
# of reach, that build cannot run. The solver itself is plain Java and needs from the rest of CGSuite
# only the heap options of a take-and-break code (HeapRuleset, written in Scala). So the script
# compiles the solver's Java files unchanged except MisereSolver.java, where (by a scripted edit)
# the Scala imports go, the constructor that loads saved .msv files goes, and heapOptions(n) asks a
# small HeapRuleset written here (the options of an octal or hexadecimal code, zero heaps left out;
# TimeoutException, defined in the left-out CommandLineInterface.java, is declared here too). The
# solver's algorithm is untouched. Both programs must report the same |Q| and |P| for every code
# (the script checks it), which also checks the shim.
#
# Times: milliseconds of the whole computation of Q_UPTO (from an empty solver), the least of REPS
# runs in one process (the JVM's warm-up is thereby left out, in MisereSolver's favour): wall clock,
# and CPU time of the computing thread (which the load of a shared machine, printed, disturbs
# least; the JVM's compiler and collector threads are not counted, again in MisereSolver's favour).
# With PROCS > 1 each program runs in PROCS processes, alternating, and each figure is the least
# over them: on a shared virtual machine a whole process can run slower (seen here: nimlab's
# least of 5 runs of 0.15 between 3.3 and 6.0 ms from one process to the next), which the runs
# inside one process do not even out. Both programs are treated alike.
set -euo pipefail
cd "$(dirname "$0")/.."
CGSUITE=${1:-https://github.com/aaron-siegel/cgsuite.git}
CODES=${CODES:-"0.75 0.34 0.1023 0.77 0.15 0.07"}
UPTO=${UPTO:-30}
REPS=${REPS:-3}
PROCS=${PROCS:-1}
TIMEOUT=${TIMEOUT:-1200}
WORK=${WORK:-$(mktemp -d)}
case "$WORK" in "$PWD"/*) echo "WORK must be outside the repository" >&2; exit 2 ;; esac
PKG=lib/core/src/main/scala/org/cgsuite/core/misere/solver
FILES="BipartiteMonoid CommutativeMonoid DirectSumMonoid ExplicitFiniteMonoid MisereSolver Pretension Relation Word"

# 1. MisereSolver's sources, outside the repository.
SRC=$WORK/src/org/cgsuite/core/misere/solver
mkdir -p "$SRC" "$WORK/classes"
if [ -d "$CGSUITE" ] && git --git-dir="$CGSUITE" rev-parse HEAD >/dev/null 2>&1; then
    GIT=(git --git-dir="$CGSUITE")
else
    git clone --quiet --depth 1 "$CGSUITE" "$WORK/cgsuite"
    GIT=(git -C "$WORK/cgsuite")
fi
COMMIT=$("${GIT[@]}" rev-parse HEAD)
for f in $FILES; do
    "${GIT[@]}" show "HEAD:$PKG/$f.java" >"$SRC/$f.java"
done
python3 - "$SRC/MisereSolver.java" <<'PY'
import re, sys
path = sys.argv[1]
s = open(path).read()
s, k1 = re.subn(r'^import (org\.cgsuite\.core\.impartial|scala)\.[^;]*;\n', '', s, flags=re.M)
# The constructor from a saved .msv file (MsvLoader needs CGSuite's Scala classes).
s, k2 = re.subn(r'\n    public MisereSolver\(InputStream msvInputStream\).*?\n    }\n', '\n', s, count=1, flags=re.S)
# heapOptions(n): from the HeapRuleset below.
s, k3 = re.subn(r'(public List<int\[\]> heapOptions\(int heapSize\) \{).*?\n    }\n',
                r'\1\n        return rules.heapOptions(heapSize);\n    }\n', s, count=1, flags=re.S)
if (k1, k2, k3) != (4, 1, 1):
    sys.exit(f"MisereSolver.java changed upstream: edits matched {k1, k2, k3}, expected (4, 1, 1)")
open(path, 'w').write(s)
PY
cat >"$SRC/HeapRuleset.java" <<'JAVA'
package org.cgsuite.core.misere.solver;

import java.util.ArrayList;
import java.util.List;

/** The options of a heap under a take-and-break code (octal or hexadecimal digits after "0."). */
public class HeapRuleset {
    private final String code;
    private final int[] digits;

    public HeapRuleset(String code) {
        this.code = code;
        String tail = code.substring(code.indexOf('.') + 1);
        int radix = code.startsWith("0x") ? 16 : 8;
        digits = new int[tail.length() + 1];
        for (int i = 0; i < tail.length(); i++) {
            digits[i + 1] = Character.digit(tail.charAt(i), radix);
        }
    }

    /** Each option as the sizes of the heaps it leaves (no empty heaps). */
    public List<int[]> heapOptions(int heap) {
        List<int[]> out = new ArrayList<>();
        for (int take = 1; take < digits.length && take <= heap; take++) {
            int d = digits[take], rest = heap - take;
            if ((d & 1) != 0 && rest == 0) out.add(new int[0]);
            if ((d & 2) != 0 && rest >= 1) out.add(new int[] {rest});
            if ((d & 4) != 0) for (int a = 1; 2 * a <= rest; a++) out.add(new int[] {a, rest - a});
            if ((d & 8) != 0)
                for (int a = 1; 3 * a <= rest; a++)
                    for (int b = a; a + 2 * b <= rest; b++) out.add(new int[] {a, b, rest - a - b});
        }
        return out;
    }

    public String toString() {
        return code;
    }
}

class TimeoutException extends RuntimeException {}
JAVA
cat >"$SRC/Bench.java" <<'JAVA'
package org.cgsuite.core.misere.solver;

/** Q_upto of each code: "code |Q| |P| upto wall-ms cpu-ms", the least of reps runs. */
public class Bench {
    public static void main(String[] args) {
        int upto = Integer.parseInt(args[1]);
        int reps = Integer.parseInt(args[2]);
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        for (String code : args[0].split(",")) {
            double best = Double.POSITIVE_INFINITY, bestCpu = Double.POSITIVE_INFINITY;
            MisereSolver solver = null;
            for (int r = 0; r < reps; r++) {
                long start = System.nanoTime(), cpu = threads.getCurrentThreadCpuTime();
                solver = new MisereSolver(new HeapRuleset(code));
                while (solver.p.prefn.size() <= upto) solver.next();
                best = Math.min(best, (System.nanoTime() - start) / 1e6);
                bestCpu = Math.min(bestCpu, (threads.getCurrentThreadCpuTime() - cpu) / 1e6);
            }
            BipartiteMonoid q = solver.p.quotient;
            System.out.printf("%s %d %d %d %.3f %.3f%n", code, q.monoid.size(), q.pPortionSize(), upto, best, bestCpu);
        }
    }
}
JAVA
javac -nowarn -encoding UTF-8 -d "$WORK/classes" "$SRC"/*.java 2>"$WORK/javac.log" || { cat "$WORK/javac.log" >&2; exit 1; }

# 2. nimlab.
cargo build --release --locked --quiet -p nimlab-engine --example misere_quotient
NIMLAB=target/release/examples/misere_quotient

# 3. Side by side.
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'); $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg); CGSuite $COMMIT; $(java -version 2>&1 | head -1)"
echo "# heaps up to $UPTO; milliseconds of the least of $REPS runs in one process, least over $PROCS processes each: wall clock, and CPU time of the computing thread"
printf '%-8s %5s %4s %12s %10s %7s %12s %10s %7s\n' code '|Q|' '|P|' 'MS wall' 'nl wall' ratio 'MS cpu' 'nl cpu' ratio
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.0fx", a / b; else print "-" }'; }
# The least wall and CPU figures (fields 5 and 6) of several output lines of one code, as one line.
least() { awk '$5 != "" { if (!n++ || $5 < w) w = $5; if (n == 1 || $6 < c) c = $6; l = $1 " " $2 " " $3 " " $4 }
               END { if (n) print l, w, c }'; }
for code in $CODES; do
    ours_all="" theirs_all=""
    for _ in $(seq "$PROCS"); do
        ours_all+="$("$NIMLAB" "$code" "$UPTO" "$REPS")"$'\n'
        theirs_all+="$(timeout "$TIMEOUT" java -Xss64m -Xmx2g -cp "$WORK/classes" org.cgsuite.core.misere.solver.Bench "$code" "$UPTO" "$REPS" || true)"$'\n'
    done
    ours=$(least <<<"$ours_all")
    theirs=$(least <<<"$theirs_all")
    read -r _ oq op _ oms ocpu _ <<<"$ours"
    if [ -z "$theirs" ]; then
        printf '%-8s %5s %4s %12s %10s %7s %12s %10s %7s\n' "$code" "$oq" "$op" "timeout" "$oms" - - "$ocpu" -
        continue
    fi
    read -r _ tq tp _ tms tcpu <<<"$theirs"
    if [ "$oq $op" != "$tq $tp" ]; then
        echo "$code: the quotients differ: nimlab |Q|=$oq |P|=$op, MisereSolver |Q|=$tq |P|=$tp" >&2
        exit 1
    fi
    printf '%-8s %5s %4s %12s %10s %7s %12s %10s %7s\n' "$code" "$oq" "$op" "$tms" "$oms" "$(ratio "$tms" "$oms")" \
        "$tcpu" "$ocpu" "$(ratio "$tcpu" "$ocpu")"
done
