#!/usr/bin/env bash
# Builds the playground as a folder of static files, with the engine compiled to WebAssembly and
# run in a Web Worker (crates/wasm): the page works with no server process and, once loaded, no
# network. Serve the folder with any static web server, e.g.
#     bash web/build-static.sh && python3 -m http.server -d target/playground 8000
# and open http://localhost:8000/ (browsers refuse Web Workers and WebAssembly on file://
# addresses, so the folder is served, not opened as a file).
#
# Usage: web/build-static.sh [OUT]    (OUT defaults to target/playground)
#
# The toolchain: with rustup, `rustup target add wasm32-unknown-unknown` is enough. Without it
# (a machine that cannot reach rustup's servers), Debian's bookworm-security packages rustc-web,
# cargo-web, rust-web-src, rust-web-llvm (rust-lld) and lld-22 build the standard library from source
# (RUSTC_BOOTSTRAP=1, -Zbuild-std): this script uses them when /usr/bin/rustc has the library's
# source, and installs them with apt-get when neither toolchain is there and it runs as root.
# CARGO_TARGET_DIR is honoured (default: target/wasm, apart from the native build's files).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$root/target/playground}"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target/wasm}"
target=wasm32-unknown-unknown
cd "$root"

# Size before speed: the engine is downloaded by every visitor; one codegen unit with LTO lets
# the linker drop what the API never calls. No debug info, and a panic aborts (a trap the
# worker reports as a failure).
export CARGO_PROFILE_RELEASE_DEBUG=0 CARGO_PROFILE_RELEASE_LTO=true CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1 \
    CARGO_PROFILE_RELEASE_PANIC=abort CARGO_PROFILE_RELEASE_OPT_LEVEL=3
# WebAssembly's 128-bit SIMD (every current browser: Chrome 91, Firefox 89, Safari 16.4 and
# later): the octal sequence engine's portable kernels vectorize with it, where the native binary
# has AVX-512 (docs/playground.md: 3.0x the native time without it, 1.3x with it).
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-C target-feature=+simd128"

if command -v rustup >/dev/null && rustup target list --installed 2>/dev/null | grep -qx "$target"; then
    echo "== cargo build --target $target (rustup's standard library)"
    cargo build --release --locked -p nimlab-wasm --target "$target"
else
    if [ ! -d /usr/lib/rustlib/src/rust/library ] || ! command -v rust-lld >/dev/null; then
        echo "== installing Debian's rustc-web, cargo-web, rust-web-src, rust-web-llvm, lld-22"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq rustc-web cargo-web rust-web-src rust-web-llvm lld-22
    fi
    echo "== cargo build --target $target (Debian's rustc-web, the standard library built from source)"
    RUSTC_BOOTSTRAP=1 RUSTC=/usr/bin/rustc /usr/bin/cargo build --release --locked -p nimlab-wasm \
        --target "$target" -Zbuild-std=std,panic_abort
fi

assets="$root/crates/web/assets"
mkdir -p "$out"
cp "$CARGO_TARGET_DIR/$target/release/nimlab_wasm.wasm" "$out/nimlab.wasm"
cp "$assets"/{app.js,draw.js,engine.js,i18n.js,style.css,worker.js} "$out/"
# The one difference from the served page: requests go to the worker (engine.js).
sed 's|<meta name="nimlab-engine" content="server">|<meta name="nimlab-engine" content="worker">|' \
    "$assets/index.html" >"$out/index.html"
grep -q 'content="worker"' "$out/index.html" || { echo "index.html has no nimlab-engine meta tag" >&2; exit 1; }
echo "== the playground is in $out ($(du -sh "$out" | cut -f1); nimlab.wasm $(wc -c <"$out/nimlab.wasm") bytes, $(gzip -9c "$out/nimlab.wasm" | wc -c) gzipped)"
