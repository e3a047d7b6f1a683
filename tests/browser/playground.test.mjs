// End-to-end test of `nimlab serve` in headless Chromium (Debian's /usr/bin/chromium), driven by
// Playwright: analyse a position, play full games of Nim and Wythoff against the server (one won
// by the person, one by nimlab), click grid cells, and check what the page shows.
//
// Run by ./run.sh, which builds the release binary; NIMLAB_BIN overrides the binary's path.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const binary = process.env.NIMLAB_BIN || join(here, '..', '..', 'target', 'release', 'nimlab');
const screenshots = join(here, 'screenshots');

let server;
let address;
let context;
let page;
let profile;

/** Starts `nimlab serve` on a free port and resolves to the address it prints. */
function startServer() {
  return new Promise((resolve, reject) => {
    server = spawn(binary, ['serve'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`no address printed: ${output}`)), 20000);
    server.stdout.on('data', (chunk) => {
      output += chunk;
      const match = output.match(/listening on (http:\/\/127\.0\.0\.1:\d+\/)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    server.on('exit', (code) => reject(new Error(`nimlab serve exited with ${code}: ${output}`)));
  });
}

before(async () => {
  address = await startServer();
  profile = mkdtempSync(join(tmpdir(), 'nimlab-chromium-'));
  mkdirSync(screenshots, { recursive: true });
  context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1280, height: 1100 },
  });
  page = context.pages()[0] || await context.newPage();
  page.setDefaultTimeout(20000);
  // The page must work offline: fail on any request that leaves the server.
  await page.route('**/*', (route) => (route.request().url().startsWith(address) ? route.continue() : route.abort()));
  await page.goto(address);
  await page.waitForSelector('[data-testid=game] option[value=nim]', { state: 'attached' });
});

after(async () => {
  await context?.close();
  server?.kill();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

/** Sets the game and position in the form and waits for the analysis of that position. */
async function analyse(game, position) {
  await page.selectOption('[data-testid=game]', game);
  await page.fill('[data-testid=position]', position);
  await page.click('[data-testid=analyse]');
  await page.waitForFunction(
    ([g, p]) => document.querySelector('[data-testid=a-position]').textContent === `${g} ${p}`,
    [game, position],
  );
}

/** The current play position as numbers. */
async function playPosition() {
  const text = await page.textContent('[data-testid=play-position]');
  return text.split(' ').map(Number);
}

/** Waits until it is the person's turn or the game is over; returns the result text ('' if none). */
async function waitForTurn() {
  await page.waitForFunction(() => ['(your move)', '(game over)'].includes(document.querySelector('[data-testid=turn]').textContent));
  // The analysis of the play position is drawn after the turn is shown.
  await page.waitForFunction(() => document.querySelector('[data-testid=a-position]').textContent.endsWith(document.querySelector('[data-testid=play-position]').textContent));
  return (await page.textContent('[data-testid=result]')).trim();
}

/**
 * Plays a game to its end. On each turn of the person, `choose` gets the position and the
 * winning moves the page shows and returns the position to move to (or null: the first legal
 * move), and `how` picks how to make it ('button', 'grid' or 'type'). Returns the result text.
 */
async function playGame(first, choose, how) {
  await page.click(first === 'me' ? '[data-testid=start-me]' : '[data-testid=start-nimlab]');
  for (let turn = 0; turn < 200; turn++) {
    const result = await waitForTurn();
    if (result) return result;
    const position = await playPosition();
    const winning = await page.$$eval('[data-testid=winning-moves] li', (items) => items
      .map((li) => li.textContent.split('→ ')[1])
      .filter(Boolean)
      .map((to) => to.trim().split(' ').map(Number)));
    let target = choose(position, winning);
    if (!target) {
      const first = await page.getAttribute('[data-testid=legal-moves] button', 'data-to');
      target = first.split(' ').map(Number);
    }
    const logLength = await page.$$eval('[data-testid=log] li', (items) => items.length);
    if (how === 'grid') {
      await page.click(`[data-testid=grid] td[data-cell="${target[0]},${target[1]}"]`);
    } else if (how === 'type') {
      await page.fill('[data-testid=move-to]', target.join(' '));
      await page.click('[data-testid=move-submit]');
    } else {
      await page.click(`[data-testid=legal-moves] button[data-to="${target.join(' ')}"]`);
    }
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=log] li').length > n, logLength);
  }
  throw new Error('the game did not end within 200 turns');
}

const xor = (heaps) => heaps.reduce((a, b) => a ^ b, 0);

test('the page analyses a Nim position', async () => {
  await analyse('nim', '3 4 5');
  assert.match(await page.textContent('[data-testid=outcome]'), /^N: the player to move wins/);
  assert.equal(await page.textContent('[data-testid=grundy]'), '2');
  assert.match(await page.textContent('[data-testid=reason]'), /nim-sum 3\^4\^5 = 2, so take 2 from the heap of 3/);
  assert.match(await page.textContent('[data-testid=winning-moves]'), /take 2 from the heap of 3 → 1 4 5/);
  // Nim on three heaps has no grid.
  assert.equal(await page.isVisible('[data-testid=grid-panel]'), false);
});

test('a bad position shows the server\'s message', async () => {
  await page.fill('[data-testid=position]', '3 x 5');
  await page.click('[data-testid=analyse]');
  await page.waitForFunction(() => document.querySelector('[data-testid=error]').textContent.length > 0);
  assert.match(await page.textContent('[data-testid=error]'), /'x' is not a valid heap size/);
});

test('a full game of Nim: the person plays nim-sum zero and wins', async () => {
  await analyse('nim', '3 4 5');
  const result = await playGame('me', (heaps) => {
    const x = xor(heaps);
    const i = heaps.findIndex((h) => (h ^ x) < h);
    return heaps.map((h, j) => (j === i ? h ^ x : h));
  }, 'button');
  assert.equal(result, 'You win!');
  assert.match(await page.textContent('[data-testid=log]'), /nimlab is losing against best play, so it stalls/);
  await page.screenshot({ path: join(screenshots, 'nim-won.png'), fullPage: true });
});

test('a full game of Nim: nimlab moving first from an N-position wins', async () => {
  await analyse('nim', '2 5 6');
  const result = await playGame('nimlab', () => null, 'type');
  assert.equal(result, 'nimlab wins.');
  assert.match(await page.textContent('[data-testid=log]'), /nimlab: take 1 from the heap of 5 → 2 4 6/);
});

test('the Wythoff grid: P-positions in red, a click sets the position', async () => {
  await analyse('wythoff', '4 7');
  await page.waitForSelector('[data-testid=grid] td[data-cell="3,5"]');
  const pCells = await page.$$eval('[data-testid=grid] td.P', (tds) => tds.map((td) => td.dataset.cell));
  // The first P-positions of Wythoff's game (floor(k*phi), floor(k*phi^2)) and their mirrors.
  for (const cell of ['0,0', '1,2', '2,1', '3,5', '5,3', '4,7', '7,4', '6,10', '10,6']) {
    assert.ok(pCells.includes(cell), `${cell} is a P-position: ${pCells.join(' ')}`);
  }
  assert.ok(!pCells.includes('3,4'));
  await page.click('[data-testid=grid] td[data-cell="3,5"]');
  await page.waitForFunction(() => document.querySelector('[data-testid=a-position]').textContent === 'wythoff 3 5');
  assert.equal(await page.inputValue('[data-testid=position]'), '3 5');
  assert.match(await page.textContent('[data-testid=outcome]'), /^P: the player to move loses/);
  // The grid is redrawn with the new position marked.
  await page.waitForSelector('[data-testid=grid] td.P.current[data-cell="3,5"]');
  await page.screenshot({ path: join(screenshots, 'wythoff-grid.png'), fullPage: true });
});

test('a full game of Wythoff: the person wins by clicking winning cells of the grid', async () => {
  await analyse('wythoff', '3 5');
  // From the P-position (3, 5) nimlab moves first and loses; the person follows the page's winning moves.
  const result = await playGame('nimlab', (position, winning) => winning[0], 'grid');
  assert.equal(result, 'You win!');
  await page.screenshot({ path: join(screenshots, 'wythoff-won.png'), fullPage: true });
});

test('a full game of Wythoff: nimlab wins when the person plays carelessly', async () => {
  await analyse('wythoff', '4 6');
  const result = await playGame('me', () => null, 'button');
  assert.equal(result, 'nimlab wins.');
});
