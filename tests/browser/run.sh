#!/usr/bin/env bash
# The end-to-end browser test of `nimlab serve`: installs Debian's Chromium (and a Chinese font, so
# that the screenshots of the Chinese page are legible) when they are missing and the test's npm
# packages (from package-lock.json), builds the release binary, and runs the test (node's test
# runner, headless Chromium driven by playwright-core, axe-core for the accessibility scan).
# CARGO_TARGET_DIR, when set, is where the binary is built and found (default: ../../target).
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

echo "== cargo build --release"
cargo build --release --locked --bin nimlab

echo "== browser test"
node --test playground.test.mjs
