#!/usr/bin/env bash
# The end-to-end browser test of the playground: installs Debian's Chromium (and a Chinese font, so
# that the screenshots of the Chinese page are legible) when they are missing and the test's npm
# packages (from package-lock.json), builds the release binary and the static folder
# (web/build-static.sh, the engine in WebAssembly), and runs the test twice (node's test runner,
# headless Chromium driven by playwright-core, axe-core for the accessibility scan): against
# `nimlab serve`, then against the static folder served by `python3 -m http.server`.
# CARGO_TARGET_DIR, when set, is where the binary is built and found (default: ../../target);
# the static folder is built in $CARGO_TARGET_DIR/playground, its engine under
# $CARGO_TARGET_DIR/wasm. NIMLAB_PLAYGROUND=server or static runs one of the two.
set -euo pipefail
cd "$(dirname "$0")"

packages=()
[ -x /usr/bin/chromium ] || packages+=(chromium chromium-driver)
command -v fc-list >/dev/null && [ -n "$(fc-list :lang=zh 2>/dev/null)" ] || packages+=(fonts-wqy-microhei)
if [ ${#packages[@]} -gt 0 ]; then
    echo "== installing ${packages[*]} (Debian packages)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${packages[@]}"
fi

echo "== npm ci (tests/browser)"
npm ci --no-audit --no-fund

target_dir="${CARGO_TARGET_DIR:-$(cd ../.. && pwd)/target}"
modes="${NIMLAB_PLAYGROUND:-server static}"

if [[ " $modes " == *" server "* ]]; then
    echo "== cargo build --release"
    cargo build --release --locked --bin nimlab
    echo "== browser test against nimlab serve"
    NIMLAB_PLAYGROUND=server node --test playground.test.mjs
fi

if [[ " $modes " == *" static "* ]]; then
    echo "== the static folder (web/build-static.sh)"
    CARGO_TARGET_DIR="$target_dir/wasm" bash ../../web/build-static.sh "$target_dir/playground"
    echo "== browser test against the static folder (python3 -m http.server, the engine in the page's worker)"
    NIMLAB_PLAYGROUND=static NIMLAB_STATIC="$target_dir/playground" node --test playground.test.mjs
fi
