#!/usr/bin/env bash
# The end-to-end browser test of `nimlab serve`: installs Debian's Chromium when it is missing and
# the test's npm packages (from package-lock.json), builds the release binary, and runs the test
# (node's test runner, headless Chromium driven by playwright-core).
set -euo pipefail
cd "$(dirname "$0")"

if [ ! -x /usr/bin/chromium ]; then
    echo "== installing chromium (Debian packages chromium, chromium-driver)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq chromium chromium-driver
fi

echo "== npm ci (tests/browser)"
npm ci --no-audit --no-fund

echo "== cargo build --release"
cargo build --release --locked --bin nimlab

echo "== browser test"
node --test playground.test.mjs
