#!/usr/bin/env bash
# The classroom load test (issue 40): `nimlab serve --lan` in a network namespace of its own and
# a class of pupils in another, joined by a virtual Ethernet pair (a private network, 10.213.77.0/24,
# that exists only inside the two namespaces: nothing of this machine's network is touched). The
# pupils (`cargo run --example load -- --class`, PUPILS of them, default 40) play against nimlab
# for SECONDS (default 60), as the page does; the test fails on any failed request, a move's p99
# over P99_MS (default 300), a foreign Host or Origin accepted, or the server's peak memory over
# its ceiling (MEMORY, default 1G, given to the server as --memory).
#
# Needs root (network namespaces): CI runs it as root; elsewhere run it with sudo.
#   bash tests/lan/run.sh
#   PUPILS=40 SECONDS_=60 P99_MS=300 MEMORY=1G bash tests/lan/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

PUPILS=${PUPILS:-40}
DURATION=${SECONDS_:-60}
P99_MS=${P99_MS:-300}
MEMORY=${MEMORY:-1G}
SERVER_IP=10.213.77.1
PUPILS_IP=10.213.77.2
PORT=8080

if [ "$(id -u)" != 0 ]; then
    echo "tests/lan/run.sh needs root for its network namespaces: run it with sudo" >&2
    exit 2
fi
if ! command -v ip >/dev/null; then
    echo "== installing iproute2 (Debian package)"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq iproute2
fi

target_dir="${CARGO_TARGET_DIR:-target}"
echo "== cargo build --release (nimlab and the load example)"
cargo build --release --locked --bin nimlab --example load
nimlab="$target_dir/release/nimlab"
load="$target_dir/release/examples/load"

server_ns="nimlab-srv-$$"
pupils_ns="nimlab-pupils-$$"
log=$(mktemp)
server_pid=
# Stops the server and removes the namespaces, keeping the test's own exit status (the stopped
# server's status, 143, must not become the script's).
cleanup() {
    local code=$?
    if [ -n "$server_pid" ]; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    ip netns del "$server_ns" 2>/dev/null || true
    ip netns del "$pupils_ns" 2>/dev/null || true
    rm -f "$log"
    exit "$code"
}
trap cleanup EXIT

echo "== two network namespaces joined by a veth pair: server $SERVER_IP, pupils $PUPILS_IP"
ip netns add "$server_ns"
ip netns add "$pupils_ns"
ip link add "nls$$" netns "$server_ns" type veth peer name "nlp$$" netns "$pupils_ns"
ip -n "$server_ns" addr add "$SERVER_IP/24" dev "nls$$"
ip -n "$pupils_ns" addr add "$PUPILS_IP/24" dev "nlp$$"
for ns in "$server_ns" "$pupils_ns"; do
    ip -n "$ns" link set lo up
done
ip -n "$server_ns" link set "nls$$" up
ip -n "$pupils_ns" link set "nlp$$" up

echo "== nimlab serve --lan $SERVER_IP --port $PORT --memory $MEMORY"
ip netns exec "$server_ns" "$nimlab" serve --lan "$SERVER_IP" --port "$PORT" --memory "$MEMORY" >"$log" 2>&1 &
server_pid=$!
for _ in $(seq 100); do
    grep -q "listening on" "$log" && break
    kill -0 "$server_pid" 2>/dev/null || { cat "$log" >&2; echo "the server did not start" >&2; exit 1; }
    sleep 0.1
done
grep -q "listening on http://$SERVER_IP:$PORT/" "$log" || { cat "$log" >&2; echo "the server is not on $SERVER_IP" >&2; exit 1; }

echo "== $PUPILS pupils for $DURATION s (a move's p99 at most $P99_MS ms)"
status=0
ip netns exec "$pupils_ns" "$load" --class "http://$SERVER_IP:$PORT" "$PUPILS" "$DURATION" "$P99_MS" || status=1

peak_kib=$(awk '/^VmHWM/ {print $2}' "/proc/$server_pid/status")
ceiling_kib=$(numfmt --from=iec "$MEMORY" | awk '{printf "%d", $1 / 1024}')
echo "server peak memory (VmHWM): $((peak_kib / 1024)) MiB; ceiling $MEMORY"
if [ "$peak_kib" -gt "$ceiling_kib" ]; then
    echo "error: the server's peak memory is over its ceiling" >&2
    status=1
fi
kill -0 "$server_pid" 2>/dev/null || { echo "error: the server died" >&2; cat "$log" >&2; status=1; }
exit $status
