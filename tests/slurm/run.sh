#!/usr/bin/env bash
# The sharded octal atlas end to end under a real single-node Slurm (issue 12).
#
# Starts munged, slurmctld and slurmd on this machine from a private directory (its own munge
# key and socket, its own slurm.conf through SLURM_CONF: nothing under /etc is changed), submits
# an array job of 4 shards of `nimlab sweep octal --codes PATTERN --shard i/4`, merges the four
# shard stores with `nimlab sweep octal --merge`, and checks that the merged atlas equals the
# unsharded one row for row. Stops the daemons it started (by their process ids) on exit.
#
# Needs root (slurmd runs jobs as their submitting user and manages their processes) and
# Debian's slurm-wlm and munge: `apt-get install slurm-wlm munge` (the script says so if they
# are missing). Usage:
#
#   tests/slurm/run.sh [NIMLAB_BINARY] [PATTERN] [UPTO]
#
# Defaults: target/release/nimlab (CARGO_TARGET_DIR respected), the pattern 0.??, 10000 values.
# Exit status 0 when the merged atlas equals the unsharded one.
set -euo pipefail

here="$(cd "$(dirname "$0")/../.." && pwd)"
target="${CARGO_TARGET_DIR:-$here/target}"
nimlab="$(realpath "${1:-$target/release/nimlab}")"
pattern="${2:-0.??}"
upto="${3:-10000}"
shards=4

for tool in munged slurmctld slurmd sbatch squeue sinfo; do
    command -v "$tool" >/dev/null || { echo "missing $tool: apt-get install slurm-wlm munge" >&2; exit 2; }
done
[ -x "$nimlab" ] || { echo "no nimlab binary at $nimlab (cargo build --release)" >&2; exit 2; }
[ "$(id -u)" = 0 ] || { echo "run as root: slurmd starts jobs as their user" >&2; exit 2; }

dir="$(mktemp -d /tmp/nimlab-slurm.XXXXXX)"
chmod 755 "$dir"
pids=()
cleanup() {
    local status=$?
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    sleep 1
    for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null || true; done
    if [ "$status" != 0 ]; then
        tail -n 20 "$dir"/shard-*.log >&2 || true
        echo "--- logs in $dir" >&2
        tail -n 20 "$dir"/*.log >&2 || true
    fi
    exit "$status"
}
trap cleanup EXIT

# munge: a private key and socket.
dd if=/dev/urandom of="$dir/munge.key" bs=1 count=1024 status=none
chmod 400 "$dir/munge.key"
munged --force --key-file="$dir/munge.key" --socket="$dir/munge.socket" \
    --pid-file="$dir/munged.pid" --log-file="$dir/munged.log" --seed-file="$dir/munged.seed"
for _ in $(seq 50); do [ -s "$dir/munged.pid" ] && break; sleep 0.1; done
pids+=("$(cat "$dir/munged.pid")")

# slurm: one node (this host) with its CPUs and memory, one partition.
host="$(hostname -s)"
cpus="$(nproc)"
memory="$(awk '/MemTotal/ { print int($2 / 1024) - 1024 }' /proc/meminfo)"
mkdir -p "$dir/state" "$dir/spool"
cat > "$dir/slurm.conf" <<EOF
ClusterName=nimlab
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge.socket
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
SlurmctldPort=16817
SlurmdPort=16818
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
NodeName=$host CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=nimlab Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$dir/slurm.conf"
slurmctld -i
for _ in $(seq 50); do [ -s "$dir/slurmctld.pid" ] && break; sleep 0.1; done
pids+=("$(cat "$dir/slurmctld.pid")")
slurmd
for _ in $(seq 50); do [ -s "$dir/slurmd.pid" ] && break; sleep 0.1; done
pids+=("$(cat "$dir/slurmd.pid")")
for _ in $(seq 100); do
    sinfo -h -o '%t' 2>/dev/null | grep -qE '^(idle|mix|alloc)' && break
    sleep 0.2
done
sinfo

# The array job: shard i of 4 into its own store, each task on one core.
cat > "$dir/atlas.sbatch" <<EOF
#!/bin/bash
#SBATCH --job-name=nimlab-atlas
#SBATCH --array=0-$((shards - 1))
#SBATCH --cpus-per-task=1
#SBATCH --output=$dir/shard-%a.log
export RAYON_NUM_THREADS=\$SLURM_CPUS_PER_TASK
exec "$nimlab" --budget 1000000000000 sweep octal --codes '$pattern' --upto $upto \\
    --shard \$SLURM_ARRAY_TASK_ID/$shards --db "$dir/shard-\$SLURM_ARRAY_TASK_ID.sqlite" --json
EOF
start=$(date +%s.%N)
sbatch --wait "$dir/atlas.sbatch"
echo "array job of $shards shards: $(echo "$(date +%s.%N) - $start" | bc) s"
written="$(for i in $(seq 0 $((shards - 1))); do test -s "$dir/shard-$i.sqlite" && echo ok; done | wc -l)"
[ "$written" = "$shards" ] || { echo "only $written of $shards shard stores were written" >&2; exit 1; }

# Merge, and the unsharded atlas to compare with.
merge=()
for i in $(seq 0 $((shards - 1))); do merge+=("$dir/shard-$i.sqlite"); done
"$nimlab" --budget 1000000000000 sweep octal --db "$dir/merged.sqlite" --merge "${merge[@]}" --json \
    > "$dir/merged.json"
"$nimlab" --budget 1000000000000 sweep octal --codes "$pattern" --upto "$upto" --db "$dir/whole.sqlite" --json \
    > "$dir/whole.json"
# Row for row, ordered by code: the columns every row has.
dump() {
    "$nimlab" sweep octal --db "$1" --report --json |
        python3 -c 'import json, sys
rows = json.load(sys.stdin)["rows"]
for r in sorted(rows, key=lambda r: r["code"]):
    print(json.dumps({k: r[k] for k in sorted(r)}, sort_keys=True))'
}
dump "$dir/merged.sqlite" > "$dir/merged.rows"
dump "$dir/whole.sqlite" > "$dir/whole.rows"
rows=$(wc -l < "$dir/whole.rows")
# The shards are disjoint: every merged row is new (none replaced or kept), one per game.
python3 - "$dir/merged.json" "$rows" <<'PY'
import json, sys
merged = json.load(open(sys.argv[1]))["merged"]
inserted = sum(m["inserted"] for m in merged)
overlap = sum(m["replaced"] + m["kept"] for m in merged)
if overlap or inserted != int(sys.argv[2]):
    sys.exit(f"FAIL: the shards overlap or miss games: {merged}")
PY
if diff -u "$dir/whole.rows" "$dir/merged.rows"; then
    echo "OK: the $shards shards merged equal the unsharded atlas of $pattern ($rows games, $upto values each)"
else
    echo "FAIL: the merged atlas differs from the unsharded one" >&2
    exit 1
fi
