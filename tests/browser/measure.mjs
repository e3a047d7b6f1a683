// The figures of the playground without a server (docs/playground.md): the engine's transfer size
// (nimlab.wasm, gzip and brotli), the first answer after the page begins loading in headless
// Chromium, and the time of the same API questions answered by the engine in the page's worker
// and by `nimlab serve` (the native binary, one request at a time: the first run and the median
// of five).
//
//     node measure.mjs STATIC_FOLDER NIMLAB_BINARY
//
// Prints one JSON object. Run by hand (not in CI: the figures depend on the machine and its load).

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, extname } from 'node:path';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { chromium } from 'playwright-core';

const [folder, binary] = process.argv.slice(2);
const QUESTIONS = [
  ['period', 'game=kayles'],
  ['period', 'game=octal&code=0.007'],
  ['table', 'game=wythoff&rows=63&cols=63'],
  ['table', 'game=grundy-game&upto=4000&period=1'],
  ['solve', 'game=dawsons-chess&position=60'],
  ['solve', 'game=node-kayles&graph=grid:5x6&position='],
  ['p-positions', 'game=wythoff&count=10000'],
];
const RUNS = 5;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const wasm = readFileSync(join(folder, 'nimlab.wasm'));
const sizes = {
  wasm_bytes: wasm.length,
  wasm_gzip_bytes: gzipSync(wasm, { level: 9 }).length,
  wasm_brotli_bytes: brotliCompressSync(wasm, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
};

// A plain static file server for the folder (as python3 -m http.server serves it).
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm' };
const files = createServer((request, response) => {
  const path = new URL(request.url, 'http://x').pathname;
  try {
    const body = readFileSync(join(folder, path === '/' ? 'index.html' : path));
    response.writeHead(200, { 'content-type': types[extname(path)] ?? 'text/html' });
    response.end(body);
  } catch {
    response.writeHead(404);
    response.end();
  }
}).listen(0, '127.0.0.1');
await new Promise((resolve) => files.once('listening', resolve));
const staticAddress = `http://127.0.0.1:${files.address().port}/`;

const server = spawn(binary, ['serve', '--json'], { stdio: ['ignore', 'pipe', 'inherit'] });
const serverAddress = await new Promise((resolve) => {
  let output = '';
  server.stdout.on('data', (chunk) => {
    output += chunk;
    const match = output.match(/(http:\/\/127\.0\.0\.1:\d+\/)/);
    if (match) resolve(match[1]);
  });
});

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage();
await page.goto(`${staticAddress}?game=nim&position=3,4,5`);
await page.waitForFunction(() => document.querySelector('[data-testid=outcome]').textContent.length > 0);
const firstAnswerMs = Math.round(await page.evaluate(() => performance.now()));

const results = [];
for (const [endpoint, query] of QUESTIONS) {
  const worker = [];
  const native = [];
  let status;
  for (let run = 0; run < RUNS; run++) {
    const answered = await page.evaluate(async ([e, q]) => {
      const { ask } = await import('./engine.js');
      const started = performance.now();
      const reply = await ask(e, q);
      return { ms: performance.now() - started, status: reply.status };
    }, [endpoint, query]);
    worker.push(answered.ms);
    status = answered.status;
    const started = performance.now();
    const reply = await fetch(`${serverAddress}api/${endpoint}?${query}`);
    await reply.text();
    native.push(performance.now() - started);
  }
  // The first run computes from nothing; later ones may find what the engine keeps for the
  // process (a certified period, say), on both sides alike.
  results.push({
    question: `/api/${endpoint}?${query}`,
    status,
    first_worker_ms: Math.round(worker[0]),
    first_native_ms: Math.round(native[0]),
    first_ratio: Number((worker[0] / native[0]).toFixed(2)),
    median_worker_ms: Math.round(median(worker)),
    median_native_ms: Math.round(median(native)),
    median_ratio: Number((median(worker) / median(native)).toFixed(2)),
  });
}
console.log(JSON.stringify({ ...sizes, first_answer_ms: firstAnswerMs, runs: RUNS, results }, null, 2));
await browser.close();
server.kill();
files.close();
