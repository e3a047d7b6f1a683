// End-to-end test of the `nimlab serve` playground in headless Chromium (Debian's
// /usr/bin/chromium), driven by Playwright, at a desktop size (1280x900) and a phone size
// (390x844), in English and in Chinese. It plays full games of Nim on the drawn heaps and of
// Wythoff on the grid at 20 33, by mouse and by keyboard only; restores shared games from their
// address; starts a game during nimlab's reply; plays a pattern game, the apple game's bounded
// variant, Large Nim with 3 players and a sum of games; and runs an axe-core scan of each state.
// Two people (Who plays: a person on each side) play Kayles on rows of pins (splits included) with
// the answer hidden, at 1280x900,
// 1024x768 and 390x844 in both languages; a game against a weaker nimlab with a pause; class mode at 1024x768; every broken shared address
// shows its message; a server error is worded in Chinese; full-width input is accepted; a
// finished game is reviewed from its history; a game whose positions repeat shows its ∞(K)
// values and is played to a draw (by repetition, as `nimlab play` ends one), worded in both
// languages; games on a graph are played by clicking vertices and edges and by keyboard; and no
// game is named in the page's code.
// Every state is saved as a screenshot under screenshots/ for review (the Kayles board and class
// mode also to docs/images/, shown in docs/playground.md).
//
// The suite runs twice (./run.sh): against `nimlab serve` (NIMLAB_PLAYGROUND=server, the
// default), and against the static folder of web/build-static.sh served by a plain static file
// server, `python3 -m http.server` (NIMLAB_PLAYGROUND=static), where the engine answers in the
// page's Web Worker; the same tests, the same expectations. In the static run, one more test stops
// the file server after loading and keeps playing.
//
// Run by ./run.sh, which builds the release binary and the static folder; NIMLAB_BIN overrides
// the binary's path, NIMLAB_STATIC the folder's.

import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const targetDir = process.env.CARGO_TARGET_DIR || join(here, '..', '..', 'target');
const binary = process.env.NIMLAB_BIN || join(targetDir, 'release', 'nimlab');
/** `server` (nimlab serve answers) or `static` (the static folder; the page's worker answers). */
const MODE = process.env.NIMLAB_PLAYGROUND || 'server';
const staticDir = process.env.NIMLAB_STATIC || join(targetDir, 'playground');
const screenshots = join(here, 'screenshots');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const { TEXT, translate } = await import(pathToFileURL(join(here, '..', '..', 'crates', 'web', 'assets', 'i18n.js')));

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const PROJECTOR = { width: 1024, height: 768 };

let server;
let address;
let browser;

/**
 * Starts `nimlab serve` on a free port, or a plain static file server on the static folder, and
 * resolves to the address it prints.
 */
function startServer() {
  return new Promise((resolve, reject) => {
    server = MODE === 'static'
      // Its request log (stderr) is left out.
      ? spawn('python3', ['-u', '-m', 'http.server', '--bind', '127.0.0.1', '--directory', staticDir, '0'], { stdio: ['ignore', 'pipe', 'ignore'] })
      : spawn(binary, ['serve', '--json'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`no address printed: ${output}`)), 20000);
    server.stdout.on('data', (chunk) => {
      output += chunk;
      const match = output.match(/(http:\/\/127\.0\.0\.1:\d+\/)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    server.on('exit', (code) => reject(new Error(`${MODE === 'static' ? 'the file server' : 'nimlab serve'} exited with ${code}: ${output}`)));
  });
}

/**
 * `/api/games`: from the server, or, in the static run, from the very module the page's worker
 * runs (the static folder's nimlab.wasm, called here as worker.js calls it).
 */
async function apiGames() {
  if (MODE !== 'static') return (await fetch(`${address}api/games`)).json();
  const { instance } = await WebAssembly.instantiate(readFileSync(join(staticDir, 'nimlab.wasm')), {
    nimlab: { now: () => performance.now() },
  });
  const engine = instance.exports;
  const bytes = new TextEncoder().encode('games');
  const at = engine.nimlab_alloc(bytes.length);
  new Uint8Array(engine.memory.buffer, at, bytes.length).set(bytes);
  assert.equal(engine.nimlab_answer(at, bytes.length, 0, 0), 200);
  return JSON.parse(new TextDecoder().decode(new Uint8Array(engine.memory.buffer, engine.nimlab_result_ptr(), engine.nimlab_result_len())));
}

/**
 * Holds nimlab's move requests until the returned function is called: on their way to the server
 * (a route), or to the page's worker (the test's hook on Worker.postMessage, see openPage).
 */
async function holdMoves(page) {
  if (MODE !== 'static') {
    let release;
    const held = new Promise((resolve) => { release = resolve; });
    await page.route('**/api/move?*', async (route) => { await held; await route.continue().catch(() => {}); });
    return async () => { release(); await page.unroute('**/api/move?*'); };
  }
  await page.evaluate(() => { window.testHook.held = new Promise((resolve) => { window.testHook.release = resolve; }); });
  return () => page.evaluate(() => { window.testHook.release(); window.testHook.held = null; });
}

/** Answers nimlab's next `count` move requests with `reply` (status and JSON body) instead of the engine's. */
async function failMoves(page, count, reply) {
  if (MODE !== 'static') {
    let failures = count;
    await page.route('**/api/move?*', (route) => (failures-- > 0
      ? route.fulfill({ status: reply.status, contentType: 'application/json', body: reply.body })
      : route.continue()));
    return;
  }
  await page.evaluate(([n, r]) => { window.testHook.failures = n; window.testHook.reply = r; }, [count, reply]);
}

/**
 * The static run's hook on the page's worker: holds or answers its `move` requests as
 * holdMoves and failMoves ask (the route of the server run, for messages to a worker).
 */
function workerHook() {
  const post = Worker.prototype.postMessage;
  window.testHook = { held: null, release: null, failures: 0, reply: null };
  Worker.prototype.postMessage = function hooked(message) {
    const hook = window.testHook;
    if (message?.endpoint === 'move' && hook.failures > 0) {
      hook.failures -= 1;
      const data = { id: message.id, ...hook.reply };
      setTimeout(() => this.onmessage({ data }));
      return undefined;
    }
    if (message?.endpoint === 'move' && hook.held) {
      hook.held.then(() => post.call(this, message));
      return undefined;
    }
    return post.call(this, message);
  };
}

before(async () => {
  address = await startServer();
  mkdirSync(screenshots, { recursive: true });
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
});

after(async () => {
  await browser?.close();
  server?.kill();
});

/** A new page at `size`; every request that leaves the server fails the test (the page is offline). */
async function openPage(size, path = '', options = {}) {
  const context = await browser.newContext({ viewport: size, deviceScaleFactor: 1, ...options });
  if (MODE === 'static') await context.addInitScript(workerHook);
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  const outside = [];
  await page.route('**/*', (route) => {
    if (route.request().url().startsWith(address)) return route.continue();
    outside.push(route.request().url());
    return route.abort();
  });
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  page.checkClean = () => {
    assert.deepEqual(outside, [], 'the page loads nothing from elsewhere');
    assert.deepEqual(errors.filter((e) => !/status of 4\d\d|status of 5\d\d/.test(e)), [], 'no script errors');
  };
  await page.goto(`${address}${path}`);
  await page.waitForSelector('body[data-ready=true]');
  return page;
}

const shot = (page, name) => page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });

/** Waits until the board shows a settled state: the person's turn, the end, or an exploration. */
async function settled(page, states = ['you', 'over', 'explore', 'review']) {
  await page.waitForFunction((s) => s.includes(document.body.dataset.turn), states);
}

const boardPosition = async (page) => (await page.getAttribute('[data-testid=board]', 'data-position')).split(' ').map(Number);
const movesMade = async (page) => Number(await page.getAttribute('[data-testid=board]', 'data-moves'));

async function chooseGame(page, game, position) {
  await page.selectOption('[data-testid=game]', game);
  await settled(page);
  if (position !== undefined) {
    await page.fill('[data-testid=position]', position);
    await page.click('[data-testid=analyse]');
    await page.waitForFunction((p) => document.querySelector('[data-testid=board]').dataset.position === p && document.body.dataset.turn === 'explore', position);
  }
}

/** Presses Tab until `selector` has the focus (at most `limit` times). */
async function tabTo(page, selector, limit = 80, key = 'Tab') {
  for (let i = 0; i < limit; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s), selector)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** Runs axe-core in the page (evaluated through the debugging protocol, which the CSP does not govern). */
async function axeScan(page, name) {
  await page.evaluate(axeSource);
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(bad.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`), [], `axe at ${name}`);
}

const xor = (heaps) => heaps.reduce((a, b) => a ^ b, 0);
/** Nim: the position of nim-sum 0 one move away (null from a P-position). */
function nimWinning(heaps) {
  const x = xor(heaps);
  if (x === 0) return null;
  const i = heaps.findIndex((h) => (h ^ x) < h);
  return heaps.map((h, j) => (j === i ? h ^ x : h));
}

/** Wythoff's P-positions (a, b) and (b, a) with a <= 100, built by the mex rule (no floating point). */
const wythoffP = (() => {
  const p = new Set(['0,0']);
  const used = new Set([0]);
  for (let k = 1, a = 1; a <= 100; k++) {
    while (used.has(a)) a++;
    const b = a + k;
    used.add(a).add(b);
    p.add(`${a},${b}`).add(`${b},${a}`);
  }
  return p;
})();
/** Wythoff: a P-position one move away, or null. */
function wythoffWinning([x, y]) {
  for (let t = 1; t <= Math.max(x, y); t++) {
    for (const [a, b] of [[x - t, y], [x, y - t], [x - t, y - t]]) if (a >= 0 && b >= 0 && wythoffP.has(`${a},${b}`)) return [a, b];
  }
  return null;
}

/** Makes the move to `target` on the drawn heaps: a click (or Enter) on the token that leaves target[i] in heap i. */
async function moveOnHeaps(page, from, target, how) {
  const i = target.findIndex((h, j) => h !== from[j]);
  const token = `[data-testid=board] button.token[data-heap="${i}"][data-leave="${target[i]}"]`;
  if (how === 'mouse') {
    await page.click(token);
    // Several moves leave that many (Wythoff's diagonal moves): choose the one that leads to target.
    const choice = page.locator(`[data-testid=chooser-move][data-to="${target.join(' ')}"]`);
    if (await page.isVisible('[data-testid=chooser]')) await choice.click();
    return;
  }
  // Keyboard only: Tab to the heap, arrows to the token, Enter.
  await tabTo(page, '[data-testid=board] button.token');
  let heap = Number(await page.evaluate(() => document.activeElement.dataset.heap));
  while (heap !== i) {
    await page.keyboard.press(heap < i ? 'ArrowDown' : 'ArrowUp');
    heap = Number(await page.evaluate(() => document.activeElement.dataset.heap));
  }
  await page.keyboard.press('Home');
  for (let k = 0; k < target[i]; k++) await page.keyboard.press('ArrowRight');
  assert.ok(await page.evaluate((s) => document.activeElement.matches(s), token), 'the keyboard reached the token');
  await page.keyboard.press('Enter');
}

/** Makes the move to `target` on the grid: a click, or arrow keys from the focused cell and Enter. */
async function moveOnGrid(page, target, how) {
  const cell = `[data-testid=grid] button[data-cell="${target[0]},${target[1]}"]`;
  if (how === 'mouse') {
    await page.click(cell);
    return;
  }
  await tabTo(page, '[data-testid=grid] button[tabindex="0"]');
  let [r, c] = (await page.evaluate(() => document.activeElement.dataset.cell)).split(',').map(Number);
  while (r !== target[0]) { await page.keyboard.press(r < target[0] ? 'ArrowDown' : 'ArrowUp'); r += r < target[0] ? 1 : -1; }
  while (c !== target[1]) { await page.keyboard.press(c < target[1] ? 'ArrowRight' : 'ArrowLeft'); c += c < target[1] ? 1 : -1; }
  assert.ok(await page.evaluate((s) => document.activeElement.matches(s), cell), 'the keyboard reached the cell');
  await page.keyboard.press('Enter');
}

/** Starts a game by a click, or by Tab and Enter. */
async function start(page, who, how) {
  const button = who === 'me' ? '[data-testid=start-me]' : '[data-testid=start-nimlab]';
  if (how === 'mouse') await page.click(button);
  else {
    await tabTo(page, button, 60);
    await page.keyboard.press('Enter');
  }
  await page.waitForFunction(() => document.body.dataset.mode === 'play');
}

/** Plays to the end: on each turn of the person `choose(position)` gives the target; returns the result title. */
async function playOut(page, choose, move) {
  for (let turn = 0; turn < 100; turn++) {
    await settled(page, ['you', 'over']);
    if (await page.evaluate(() => document.body.dataset.turn === 'over')) return (await page.textContent('[data-testid=result]')).trim();
    const position = await boardPosition(page);
    const made = await movesMade(page);
    await move(position, choose(position));
    await page.waitForFunction((n) => Number(document.querySelector('[data-testid=board]').dataset.moves) > n, made);
  }
  throw new Error('the game did not end');
}

const text = (lang, key) => TEXT[lang][key];

// ------------------------------------------------------------------------------------------

test('every text of the page exists in English and Chinese, and every game has Chinese texts', async () => {
  assert.deepEqual(Object.keys(TEXT.zh).sort(), Object.keys(TEXT.en).sort());
  for (const [key, value] of Object.entries(TEXT.zh)) {
    if (key === 'analysis.engineLanguage') continue;
    assert.ok(value.length > 0, key);
    const placeholders = (s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    assert.deepEqual(placeholders(value), placeholders(TEXT.en[key]), `placeholders of ${key}`);
  }
  // Each game's texts come from its declaration through /api/games, in both languages.
  const games = await apiGames();
  for (const game of games.games) {
    const local = game.texts.zh;
    assert.ok(game.title && game.drawing?.board && game.drawing?.token, `title and drawing of ${game.name}`);
    assert.ok(local?.title && local.rules && local.position, `Chinese name, rules and position of ${game.name}`);
    for (const param of game.params) {
      assert.ok(local.params?.[param.name]?.label && local.params[param.name].help, `Chinese label and help of ${game.name} ${param.name}`);
    }
  }
  // The seeds' terms.
  const zh = Object.values(TEXT.zh).join('\n') + JSON.stringify(games.games.map((g) => g.texts.zh));
  for (const term of ['必胜态', '必败态', 'SG 值', 'SG 函数', '巴什博弈', '威佐夫博弈', '斐波那契博弈', '阶梯 Nim', '异或', '反常']) {
    assert.ok(zh.includes(term), `the Chinese uses ${term}`);
  }
});

test('the page names no game: its texts and boards come from the declarations', async () => {
  const games = await apiGames();
  const assets = join(here, '..', '..', 'crates', 'web', 'assets');
  for (const file of ['app.js', 'i18n.js', 'draw.js']) {
    const source = readFileSync(join(assets, file), 'utf8');
    for (const { name } of games.games) {
      for (const quoted of [`'${name}'`, `"${name}"`, `\`${name}\``]) {
        assert.ok(!source.includes(quoted), `${file} names the game ${quoted}`);
      }
    }
  }
});


test('the focus ring stands out from the page by at least 3:1 (WCAG 2.2, focus appearance)', async () => {
  const page = await openPage(DESKTOP, '?game=nim&position=3,4,5');
  await settled(page);
  await page.keyboard.press('Tab');
  const [ring, background] = await page.evaluate(() => [getComputedStyle(document.activeElement).outlineColor, getComputedStyle(document.body).backgroundColor]);
  const luminance = (css) => {
    const [r, g, b] = css.match(/\d+/g).slice(0, 3).map((v) => Number(v) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(ring), luminance(background)].sort((a, b) => b - a);
  const contrast = (light + 0.05) / (dark + 0.05);
  assert.ok(contrast >= 3, `the focus ring ${ring} on ${background}: ${contrast.toFixed(2)}:1`);
  page.checkClean();
  await page.context().close();
  // On a graph the focused vertex and edge are drawn in the same colour as the ring.
  const graph = await openPage(DESKTOP, `?game=hackenbush&graph=grid:3x4&ground=${encodeURIComponent('(2,2)')}&position=`);
  await settled(graph);
  await graph.waitForSelector('[data-testid=graph-0] .edge-button');
  await tabTo(graph, '[data-testid=graph-0] .edge-button');
  const stroke = await graph.evaluate(() => getComputedStyle(document.activeElement.querySelector('path.edge')).stroke);
  assert.equal(stroke, ring, 'a focused edge is drawn in the focus colour');
  graph.checkClean();
  await graph.context().close();
});

// ------------------------------------------------------------------------------------------
// Kayles on rows of pins, broken links, server errors in the page's language, full-width input.

/** Knocks down pins `from`..`to` (1-based) of row `row` by clicks: the first pin, then the last. */
async function knock(page, row, from, to = from) {
  const pin = (k) => `[data-testid=board] [data-testid=heap-${row}] button.token[data-pin="${k}"]`;
  const made = await movesMade(page);
  await page.click(pin(from));
  await page.waitForSelector(`${pin(from)}.selected`);
  await page.click(pin(to));
  await page.waitForFunction((n) => Number(document.querySelector('[data-testid=board]').dataset.moves) > n
    && document.body.dataset.turn !== 'loading', made);
  await settled(page);
}

for (const [size, label] of [[DESKTOP, '1280x900'], [PROJECTOR, '1024x768'], [PHONE, '390x844']]) {
  for (const lang of ['en', 'zh']) {
    test(`${label} ${lang}: two people play Kayles on rows of pins, a split included, the answer hidden throughout`, async () => {
      // Two people: chosen in the form once (1280x900, English), else from a shared address.
      const byForm = label === '1280x900' && lang === 'en';
      const page = await openPage(size, byForm ? '?game=kayles&position=12' : `?lang=${lang}&game=kayles&position=12&mode=play&sides=human,human`);
      await settled(page);
      if (byForm) {
        await page.selectOption('[data-testid=side-1]', 'human');
        await page.selectOption('[data-testid=side-2]', 'human');
        await page.click('[data-testid=start-sides]');
        await page.waitForFunction(() => document.body.dataset.mode === 'play');
        await settled(page, ['you']);
      }
      assert.match(page.url(), /mode=play&sides=human,human/);
      assert.equal(await page.textContent('[data-testid=status]'), lang === 'en' ? 'Player 1 to move.' : '轮到第 1 位玩家走。');
      assert.equal(await page.locator('[data-testid=heap-0] button.token').count(), 12);
      assert.equal(await page.getAttribute('[data-testid=show-values]', 'checked'), null);
      const hidden = async () => {
        assert.equal(await page.isVisible('[data-testid=analysis-hidden]'), true, 'the analysis is hidden');
        assert.equal(await page.textContent('[data-testid=board]').then((t) => /[✓✗]/.test(t)), false, 'no marks on the board');
        assert.equal(await page.locator('[data-testid=legal-moves] .verdict').count(), 0, 'no verdicts on the moves');
        assert.equal(await page.isVisible('[data-testid=sequence] svg'), false, 'no values in the sequence');
        assert.equal(await page.locator('[data-testid=chart] svg').count(), 0, 'no value history');
      };
      await hidden();
      // The winning split of 12: pins 6 and 7 leave two rows of 5.
      await knock(page, 0, 6, 7);
      assert.equal(await page.getAttribute('[data-testid=board]', 'data-position'), '5 5');
      assert.equal(await page.locator('[data-testid=board] .heap').count(), 2);
      await hidden();
      assert.equal(await page.textContent('[data-testid=status]'), lang === 'en' ? 'Player 2 to move.' : '轮到第 2 位玩家走。');
      if (label === '1024x768' && lang === 'en') {
        await shot(page, 'kayles-pins-1024-en');
        mkdirSync(join(here, '..', '..', 'docs', 'images'), { recursive: true });
        await page.locator('#board-panel').screenshot({ path: join(here, '..', '..', 'docs', 'images', 'playground-kayles.png') });
      }
      // A pin alone, then one more split: the middle pin of a row of 5.
      await knock(page, 1, 3);
      assert.equal(await page.getAttribute('[data-testid=board]', 'data-position').then((p) => p.split(' ').sort().join(' ')), '2 2 5');
      // Then pin by pin (the first pin of the first row) to the end.
      for (let turn = 0; turn < 20 && (await page.evaluate(() => document.body.dataset.turn)) !== 'over'; turn++) {
        await hidden();
        await knock(page, 0, 1);
      }
      assert.equal(await page.evaluate(() => document.body.dataset.turn), 'over');
      const title = await page.textContent('[data-testid=result]');
      assert.match(title, lang === 'en' ? /Player [12] wins\./ : /第 [12] 位玩家赢/);
      assert.doesNotMatch(await page.textContent('[data-testid=result-detail]'), /\b1 moves/);
      // The game as text, and its link.
      await page.click('[data-testid=export]');
      const exported = await page.inputValue('[data-testid=export-text]');
      assert.match(exported, lang === 'en' ? /^Game: Kayles\nStart: 12\n1\. Player 1: 12 → 5 5 \(/ : /^游戏：Kayles（击瓶博弈）\n开局：12\n1\. 第 1 位玩家：12 → 5 5（/);
      assert.ok(exported.includes(page.url()), 'the text ends with the link');
      await page.click('[data-testid=copy-link]');
      await page.waitForFunction(() => document.querySelector('[data-testid=share-note]').textContent.length > 0);
      if (await page.isVisible('[data-testid=share-address]')) assert.equal(await page.inputValue('[data-testid=share-address]'), page.url());
      await axeScan(page, `kayles ${label} ${lang}`);
      page.checkClean();
      await page.context().close();
    });
  }
}

test('a game against a weaker nimlab, with a pause before its moves (English at 1280x900, Chinese at 390x844)', async () => {
  for (const [size, lang] of [[DESKTOP, 'en'], [PHONE, 'zh']]) {
    // nimlab moves first, plays only random moves and waits a second before each.
    const page = await openPage(size, `?lang=${lang}&game=nim&position=3,4,5&mode=play&first=nimlab&mistakes=100&delay=1000&values=1`);
    await page.waitForFunction(() => document.body.dataset.turn === 'nimlab');
    const thinking = Date.now();
    await settled(page, ['you', 'over']);
    // Seen from here, after the page began to wait (the pause counts from nimlab's request).
    assert.ok(Date.now() - thinking >= 600, `nimlab waited ${Date.now() - thinking} ms`);
    assert.equal(await page.inputValue('[data-testid=strength]'), '100');
    assert.equal(await page.inputValue('[data-testid=delay]'), '1000');
    assert.match(page.url(), /mistakes=100&delay=1000/);
    const result = await playOut(page, (position) => nimWinning(position) ?? position.map((h, i) => (i === position.findIndex((x) => x > 0) ? h - 1 : h)),
      (from, target) => moveOnHeaps(page, from, target, 'mouse'));
    assert.ok(result.length > 0);
    // Each of nimlab's moves is drawn at random and says so (the values are shown in this game),
    // unless the draw is the very move nimlab would have played: then it gives that move's reason.
    const nimlab = await page.locator('[data-testid=log] li.nimlab').allTextContents();
    assert.ok(nimlab.length >= 1);
    for (const entry of nimlab) {
      assert.match(entry, lang === 'en' ? /a weaker nimlab's mistake|nimlab is (winning|losing)|nimlab makes the last move/
        : /较弱的 nimlab 走错了|nimlab (处于必胜态|面对最优走法必败|走了最后一步)/);
    }
    await axeScan(page, `weaker nimlab ${lang}`);
    page.checkClean();
    await page.context().close();
  }
});

test('the Wythoff outcome grid zoomed out to 200 x 200: the P-positions drawn from the reports\' grid, the same in both modes, hidden in play', async () => {
  // Wythoff's P-positions (a, b), (b, a) with b < 200, by the mex rule.
  const expected = [];
  for (let k = 0, a = 0, used = new Set(); a + k < 200; k++) {
    while (used.has(a)) a++;
    if (a + k >= 200) break;
    used.add(a).add(a + k);
    expected.push([a, a + k]);
    if (k > 0) expected.push([a + k, a]);
  }
  const cells = expected.map(([r, c]) => `${r},${c}`).sort();
  for (const [size, lang] of [[DESKTOP, 'en'], [PROJECTOR, 'zh'], [PHONE, 'en']]) {
    const page = await openPage(size, `?lang=${lang}&game=wythoff&position=3,5&zoom=200`);
    await settled(page);
    await page.waitForSelector('[data-testid=grid-image] svg');
    assert.equal(await page.isVisible('[data-testid=grid]'), false, 'the picture replaces the board\'s grid');
    // One red cell per P-position, exactly Wythoff's, red as the page's P colour.
    const drawn = await page.$$eval('[data-testid=grid-image] rect.p-cell', (rects) => rects.map((r) => r.dataset.cell).sort());
    assert.deepEqual(drawn, cells);
    assert.equal(await page.$eval('[data-testid=grid-image] rect.p-cell', (r) => getComputedStyle(r).fill), 'rgb(180, 35, 24)');
    // It fills its column and fits the page.
    const shown = await page.locator('[data-testid=grid-image] svg').boundingBox();
    const column = await page.locator('[data-testid=grid-picture]').boundingBox();
    assert.ok(shown.width <= size.width && shown.width >= Math.min(column.width - 4, 720), `the picture fits the page (${shown.width} of ${column.width} px)`);
    // The axes are numbered and named in the page's language.
    const ticks = await page.$$eval('[data-testid=grid-image] svg text', (texts) => texts.map((x) => x.textContent));
    // No two of its words overlap (the rotated axis name beside the row numbers).
    const boxes = await page.$$eval('[data-testid=grid-image] svg text', (texts) => texts.map((x) => {
      const b = x.getBoundingClientRect();
      return [b.left, b.top, b.right, b.bottom, x.textContent];
    }));
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        assert.ok(a[2] <= b[0] || b[2] <= a[0] || a[3] <= b[1] || b[3] <= a[1], `"${a[4]}" overlaps "${b[4]}"`);
      }
    }
    assert.ok(ticks.includes('180') && ticks.includes(text(lang, 'picture.rows')) && ticks.includes(text(lang, 'picture.cols')), ticks.join(' '));
    const caption = await page.textContent('[data-testid=grid-picture-caption]');
    assert.ok(caption.includes(`${expected.length}`), `${expected.length} P-positions: ${caption}`);
    assert.ok(caption.includes('(0, 0), (1, 2), (2, 1), (3, 5), (4, 7), (5, 3)'), caption);
    assert.match(await page.getAttribute('[data-testid=grid-image] svg', 'aria-label'), lang === 'en' ? /from 0 to 199/ : /从 0 到 199/);
    if (size === DESKTOP) {
      await axeScan(page, 'wythoff picture');
      await shot(page, 'wythoff-200');
      // In Chinese the axes are renamed at once.
      await page.click('[data-testid=lang-zh]');
      await page.waitForFunction((t) => [...document.querySelectorAll('[data-testid=grid-image] svg text')].some((x) => x.textContent === t), text('zh', 'picture.rows'));
      await page.click('[data-testid=lang-en]');
      // Zoom 50: the same P-positions up to 49.
      await page.click('[data-testid=zoom-50]');
      await page.waitForFunction(() => document.querySelector('[data-testid=grid-picture-caption]').textContent.includes('49 × 49'));
      const fifty = await page.$$eval('[data-testid=grid-image] rect.p-cell', (rects) => rects.map((r) => r.dataset.cell).sort());
      assert.deepEqual(fifty, expected.filter(([r, c]) => r < 50 && c < 50).map(([r, c]) => `${r},${c}`).sort());
      // Back to the board's grid, and the picture is hidden with the values in play.
      await page.click('[data-testid=zoom-0]');
      assert.equal(await page.isVisible('[data-testid=grid]'), true);
      await page.click('[data-testid=zoom-200]');
      await start(page, 'me', 'mouse');
      await settled(page, ['you']);
      assert.equal(await page.isVisible('[data-testid=grid-image]'), false);
      assert.match(await page.textContent('[data-testid=grid-picture-caption]'), /Show values/);
    }
    page.checkClean();
    await page.context().close();
  }
});

test('a pin no move knocks down alone says so, and Escape cancels a selection (Dawson\'s Kayles)', async () => {
  const page = await openPage(DESKTOP, '?game=dawson-kayles&position=5');
  await settled(page);
  const pin = (k) => `[data-testid=heap-0] button.token[data-pin="${k}"]`;
  await page.click(pin(1));
  await page.click(pin(1));
  await page.waitForFunction(() => document.querySelector('[data-testid=error]').textContent.length > 0);
  assert.match(await page.textContent('[data-testid=error]'), /No legal move knocks down pin 1 of Row 1 alone/);
  await page.click(pin(2));
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('[data-testid=board] button.selected').count(), 0);
  // Pins 2 and 3: a split into rows of 1 and 2.
  await knock(page, 0, 2, 3);
  assert.equal(await page.getAttribute('[data-testid=board]', 'data-position').then((p) => p.split(' ').sort().join(' ')), '1 2');
  // The lone pin can never fall in Dawson's Kayles: drawn standing, not as absent.
  const stuck = page.locator('[data-testid=board] button.token.illegal');
  assert.ok(await stuck.count() >= 1);
  assert.match(await stuck.first().getAttribute('aria-label'), /no legal move knocks it down/);
  page.checkClean();
  await page.context().close();
});

for (const lang of ['en', 'zh']) {
  test(`class mode at 1024x768 (${lang}): the setup on one line, the board large on the first screen, no answer shown`, async () => {
    const page = await openPage(PROJECTOR, `?lang=${lang}&class=1&game=kayles&position=12&mode=play&sides=human,human`);
    await settled(page);
    assert.equal(await page.isVisible('[data-testid=setup-line]'), true);
    assert.equal(await page.isVisible('#setup-form'), false);
    assert.match(await page.textContent('[data-testid=setup-line]'), lang === 'en' ? /Kayles: 12/ : /Kayles（击瓶博弈）：12/);
    assert.equal(await page.isChecked('[data-testid=show-values]'), false);
    assert.equal(await page.isVisible('[data-testid=analysis-hidden]'), true);
    const pin = await page.locator('[data-testid=heap-0] button.token').first().boundingBox();
    assert.ok(pin.y + pin.height < PROJECTOR.height, `the board is on the first screen (${pin.y})`);
    assert.ok(pin.height >= 60, `pins are large (${pin.height} px)`);
    if (lang === 'en') {
      mkdirSync(join(here, '..', '..', 'docs', 'images'), { recursive: true });
      await page.screenshot({ path: join(here, '..', '..', 'docs', 'images', 'playground-class-1024.png') });
    } else {
      await shot(page, 'class-mode-1024-zh');
    }
    await knock(page, 0, 6, 7);
    assert.match(page.url(), /class=1/);
    // The setup opens on request, and class mode switches off.
    await page.click('[data-testid=setup-open]');
    assert.equal(await page.isVisible('#setup-form'), true);
    await axeScan(page, `class mode ${lang}`);
    await page.click('[data-testid=class-mode]');
    assert.equal(await page.isVisible('[data-testid=setup-line]'), false);
    assert.doesNotMatch(page.url(), /class=1/);
    page.checkClean();
    await page.context().close();
  });
}

const BROKEN_LINKS = [
  ['?game=nimm&position=1', /'nimm'/, /不存在（“nimm”）/, '3 4 5'],
  ['?game=kayles&position=5,x', /'5,x'/, /“5,x”/, '10'],
  ['?game=nim&position=', /no position/, /没有局面/, '3 4 5'],
  ['?part=nim+3+4&part=bogus+3', /Game 2 of the sum .*'bogus 3'.*no game 'bogus'/, /第 2 个游戏.*没有名为“bogus”的游戏/, '(3 4)'],
  ['?game=nim&position=3&colour=red', /'colour'/, /'colour'/, '3'],
  ['?game=large-nim&position=1,2,3&players=9', /number of players in the address \(9\)/, /9 人/, '1 2 3'],
];

for (const [size, label] of [[DESKTOP, '1280x900'], [PROJECTOR, '1024x768'], [PHONE, '390x844']]) {
  test(`${label}: every broken link shows one message naming what is wrong, and a usable game`, async () => {
    for (const [i, [path, en, zh, position]] of BROKEN_LINKS.entries()) {
      const lang = i % 2 === 0 ? 'en' : 'zh';
      const page = await openPage(size, `${path}&lang=${lang}`);
      await settled(page);
      const message = await page.textContent('[data-testid=link-error]');
      assert.match(message, lang === 'en' ? en : zh, `${path} (${lang}): ${message}`);
      assert.equal(await page.getAttribute('[data-testid=board]', 'data-position'), position, path);
      assert.equal(await page.textContent('[data-testid=error]'), '', `${path}: no second message`);
      assert.equal(await page.isVisible('[data-testid=retry]'), false);
      assert.ok(await page.locator('[data-testid=board] button').count() > 0, `${path}: a board to play on`);
      if (i === 0) await axeScan(page, `broken link ${label}`);
      page.checkClean();
      await page.context().close();
    }
  });
}

test('a refused value in Chinese with its reason, without "Try again"; full-width positions accepted', async () => {
  for (const [size, lang] of [[DESKTOP, 'zh'], [PROJECTOR, 'zh'], [PHONE, 'en']]) {
    // A value in the address the engine refuses: its reason, and the game opens with the example.
    const page = await openPage(size, `?lang=${lang}&game=bash&max=0&position=10`);
    await settled(page);
    const error = await page.textContent('[data-testid=link-error]');
    if (lang === 'zh') {
      assert.equal(error, '“0”不是“每步最多取几个”的有效值：应不小于 1。改用 3 打开游戏。');
    } else {
      assert.equal(error, '\'0\' is not a valid value of \'most stones per move\': it must be at least 1. The game opens with 3 instead.');
    }
    assert.equal(await page.isVisible('[data-testid=retry]'), false, 'nothing to try again');
    // A position the game does not take: the engine's reason, written in the page's language.
    await page.selectOption('[data-testid=game]', 'wythoff');
    await settled(page);
    await page.fill('[data-testid=position]', '1 2 3');
    await page.click('[data-testid=analyse]');
    await page.waitForFunction(() => document.querySelector('[data-testid=error]').textContent.includes('3'));
    assert.equal(await page.textContent('[data-testid=error]'), lang === 'zh'
      ? '这个局面不符合游戏的规则：wythoff 的局面是恰好两堆的大小，这里给了 3 个数。'
      : 'This position does not fit the game: wythoff takes exactly two heap sizes, got 3 numbers.');
    await page.selectOption('[data-testid=game]', 'nim');
    await settled(page);
    for (const [typed, position] of [['2，4，5', '2 4 5'], ['３ ４ ５', '3 4 5'], ['3、4、6', '3 4 6']]) {
      await page.fill('[data-testid=position]', typed);
      await page.click('[data-testid=analyse]');
      await page.waitForFunction((p) => document.querySelector('[data-testid=board]').dataset.position === p && document.body.dataset.turn === 'explore', position);
      assert.equal(await page.textContent('[data-testid=error]'), '');
    }
    // A move typed on a Chinese keyboard.
    await page.fill('[data-testid=move-to]', '１，４，６');
    await page.click('[data-testid=move-submit]');
    await page.waitForFunction(() => document.querySelector('[data-testid=board]').dataset.position === '1 4 6');
    if (lang === 'zh') await shot(page, `server-error-zh-${size.width}`);
    page.checkClean();
    await page.context().close();
  }
});

describe('desktop 1280x900', () => {
  test('explore: heaps drawn, analysis, only the chosen game\'s parameters with labels and defaults', async () => {
    const page = await openPage(DESKTOP);
    await settled(page);
    assert.equal(await page.getAttribute('[data-testid=board]', 'data-position'), '3 4 5');
    for (const [i, n] of [[0, 3], [1, 4], [2, 5]]) {
      assert.equal(await page.locator(`[data-testid=heap-${i}] button.token`).count(), n);
    }
    assert.match(await page.textContent('[data-testid=outcome]'), /^N-position/);
    assert.match(await page.textContent('[data-testid=reason]'), /nim-sum 3\^4\^5 = 2/);
    assert.match(await page.textContent('[data-testid=winning-moves]'), /take 2 from the heap of 3 → 1 4 5/);
    // The engine writes the reason and the moves in the page's language, switched live.
    await page.click('[data-testid=lang-zh]');
    await page.waitForFunction(() => /异或和/.test(document.querySelector('[data-testid=reason]').textContent));
    assert.match(await page.textContent('[data-testid=reason]'), /异或和 3\^4\^5 = 2/);
    assert.match(await page.textContent('[data-testid=winning-moves]'), /从 3 个那堆取走 2 个 → 1 4 5/);
    assert.equal(await page.isHidden('[data-testid=engine-language]'), true);
    await shot(page, 'desktop-zh-nim-analysis');
    await page.click('[data-testid=lang-en]');
    await page.waitForFunction(() => /nim-sum/.test(document.querySelector('[data-testid=reason]').textContent));
    // Nim has no parameters; Bash shows exactly its one, labelled in plain language, with its example.
    assert.equal(await page.locator('[data-testid^=param-]').count(), 0);
    await chooseGame(page, 'bash');
    assert.equal(await page.inputValue('[data-testid=position]'), '10', 'a new game starts at its example position');
    assert.equal(await page.getAttribute('[data-testid=board]', 'data-position'), '10');
    assert.equal(await page.locator('[data-testid^=param-]').count(), 1);
    assert.equal(await page.inputValue('[data-testid=param-max]'), '3');
    assert.match(await page.textContent('label[for=param-max]'), /Most stones per move/);
    assert.doesNotMatch(await page.textContent('#setup'), /--max/);
    assert.match(await page.textContent('[data-testid=rules]'), /A move takes between 1 and M stones/);
    // The one-heap sequence with its period.
    await page.waitForSelector('[data-testid=sequence] svg.sequence');
    assert.equal(await page.textContent('[data-testid=sequence-period]'), 'Period 4 from n = 0 (observed in this range).');
    await shot(page, 'desktop-en-bash-sequence');
    await chooseGame(page, 'subtraction');
    await page.waitForFunction(() => /certified/.test(document.querySelector('[data-testid=sequence-period]').textContent));
    assert.equal(await page.textContent('[data-testid=sequence-period]'), 'Period 7 from n = 0 (certified by the engine).');
    // Switching games analyses the new game's own example, never the old position.
    await chooseGame(page, 'wythoff');
    assert.equal(await page.textContent('[data-testid=a-position]'), 'wythoff 3 5');
    assert.equal(await page.textContent('[data-testid=error]'), '');
    // A typo in the position: the message, and the game on the board is kept (issue 40).
    await page.fill('[data-testid=position]', '3 x 5');
    await page.click('[data-testid=analyse]');
    await page.waitForFunction(() => document.querySelector('[data-testid=error]').textContent.length > 0);
    assert.match(await page.textContent('[data-testid=error]'), /'x' is not a whole number.*The game on the board is unchanged\./);
    assert.equal(await page.textContent('[data-testid=a-position]'), 'wythoff 3 5');
    assert.equal(await page.getAttribute('[data-testid=board]', 'data-position'), '3 5');
    // The server's own message for a position it refuses.
    await page.fill('[data-testid=position]', '3 4 5');
    await page.click('[data-testid=analyse]');
    await page.waitForFunction(() => document.querySelector('[data-testid=error]').textContent.length > 0);
    assert.match(await page.textContent('[data-testid=error]'), /two/i);
    await chooseGame(page, 'nim', '3 4 5');
    await shot(page, 'desktop-en-explore-nim');
    await axeScan(page, 'desktop explore');
    page.checkClean();
    await page.context().close();
  });

  test('a full game of Nim on the drawn heaps by mouse (English): values hidden, hint, undo and redo, result banner', async () => {
    const page = await openPage(DESKTOP, '?game=nim&position=3,4,5');
    await settled(page);
    await start(page, 'me', 'mouse');
    await settled(page, ['you']);
    // During play the answer is not given away.
    assert.equal(await page.isChecked('[data-testid=show-values]'), false);
    assert.equal(await page.isVisible('[data-testid=analysis-hidden]'), true);
    assert.equal(await page.isVisible('[data-testid=outcome]'), false);
    assert.equal(await page.locator('[data-testid=legal-moves] .verdict').count(), 0);
    // Legal tokens are marked by shape, not only colour: illegal ones are dashed and say so.
    // Hint on request.
    await page.click('[data-testid=hint]');
    assert.match(await page.textContent('[data-testid=hint-text]'), /You are winning\. Play → 1 4 5/);
    // Show values: each legal move as a win or a loss with its remoteness.
    await page.check('[data-testid=show-values]');
    await page.waitForSelector('[data-testid=legal-moves] .verdict');
    assert.match(await page.textContent('[data-testid=legal-moves] button[data-to="1 4 5"]'), /✓ win, \d+ more moves/);
    assert.match(await page.textContent('[data-testid=legal-moves] button[data-to="2 4 5"]'), /✗ loss/);
    assert.equal(await page.getAttribute('[data-testid=heap-0] button[data-leave="1"]', 'class'), 'token legal good');
    await shot(page, 'desktop-en-nim-values');
    await page.uncheck('[data-testid=show-values]');
    // A move, then undo and redo.
    await moveOnHeaps(page, [3, 4, 5], [1, 4, 5], 'mouse');
    await settled(page, ['you']);
    assert.equal(await movesMade(page), 2);
    // Moves and turns are announced in the live region.
    assert.match(await page.textContent('[data-testid=announcer]'), /^You moved: 3 4 5 → 1 4 5\. nimlab moved: 1 4 5 → .*\. Your move\.$/);
    const afterReply = await boardPosition(page);
    await page.click('[data-testid=undo]');
    await settled(page, ['you']);
    assert.deepEqual(await boardPosition(page), [3, 4, 5]);
    assert.equal(await page.isEnabled('[data-testid=redo]'), true);
    await page.click('[data-testid=redo]');
    await settled(page, ['you']);
    assert.deepEqual(await boardPosition(page), afterReply);
    // Typing a prefix is not a move: the whole position must be typed.
    const before = await boardPosition(page);
    await page.fill('[data-testid=move-to]', '0');
    await page.click('[data-testid=move-submit]');
    // The engine reads what was typed first.
    await page.waitForFunction(() => document.querySelector('[data-testid=error]').textContent.length > 0);
    assert.match(await page.textContent('[data-testid=error]'), /is not a legal move/);
    assert.deepEqual(await boardPosition(page), before);
    const result = await playOut(page, nimWinning, (from, to) => moveOnHeaps(page, from, to, 'mouse'));
    assert.equal(result, 'You win!');
    assert.match(await page.textContent('[data-testid=result-detail]'), /nimlab has no move left after \d+ moves\. The player who cannot move loses\./);
    assert.match(await page.textContent('[data-testid=announcer]'), /You win!/);
    for (const id of ['hint', 'move-submit']) assert.equal(await page.isEnabled(`[data-testid=${id}]`), false, `${id} is disabled after the game`);
    assert.equal(await page.isEnabled('[data-testid=undo]'), true, 'Undo reviews the finished game');
    assert.equal(await page.isVisible('[data-testid=rematch]'), true);
    assert.match(await page.textContent('[data-testid=log]'), /nimlab: .* → .*nimlab is losing against best play, so it stalls/);
    // The value history after the game.
    await page.waitForSelector('[data-testid=chart] svg.history-chart');
    await shot(page, 'desktop-en-nim-won');
    await axeScan(page, 'desktop result');
    // Review after the end: a history entry goes back to the position after it, Redo forward
    // again to the same end.
    const made = await movesMade(page);
    // The value-history chart: a point per position with its move number, and a click on one
    // goes back there; the later moves stay on the chart (to redo).
    const points = page.locator('[data-testid=chart] [data-testid=chart-point]');
    assert.equal(await points.count(), made + 1);
    const axis = await page.textContent('[data-testid=chart] svg');
    assert.ok(axis.includes('moves left') && axis.includes('move'), axis);
    for (let n = 0; n <= made; n++) assert.ok(axis.includes(String(n)), `move number ${n}`);
    await page.click('[data-testid=chart] [data-testid=chart-point][data-moves="2"]');
    await settled(page, ['you']);
    assert.equal(await movesMade(page), 2);
    // Reviewing the finished game keeps its values and chart (Show values is off).
    await page.waitForSelector('[data-testid=chart] [data-testid=chart-point]');
    assert.equal(await points.count(), made + 1, 'the moves after it stay on the chart');
    assert.equal(await page.getAttribute('[data-testid=chart] .point.current', 'data-moves'), '2');
    await page.click('[data-testid=chart] [data-testid=chart-point][data-moves="4"]');
    await settled(page, ['you', 'over']);
    assert.equal(await movesMade(page), Math.min(4, made));
    const second = (await page.getAttribute('[data-testid=history-entry][data-moves="2"]', 'data-moves'));
    assert.equal(second, '2');
    await page.click('[data-testid=history-entry][data-moves="2"]');
    await settled(page, ['you']);
    assert.equal(await movesMade(page), 2);
    assert.equal(await page.isVisible('[data-testid=result-banner]'), false);
    // The start and every move stay listed; the one shown is marked.
    assert.equal(await page.locator('[data-testid=history-entry]').count(), made + 1);
    assert.equal(await page.getAttribute('[data-testid=history-entry][aria-current=step]', 'data-moves'), '2');
    while (await page.isEnabled('[data-testid=redo]')) {
      await page.click('[data-testid=redo]');
      await settled(page, ['you', 'over']);
    }
    assert.equal(await movesMade(page), made);
    assert.equal((await page.textContent('[data-testid=result]')).trim(), 'You win!');
    // Rematch and swap sides.
    await page.click('[data-testid=swap]');
    await settled(page, ['you', 'over']);
    assert.equal(await movesMade(page), 1, 'nimlab moved first after swapping sides');
    assert.match(page.url(), /first=nimlab/);
    page.checkClean();
    await page.context().close();
  });

  test('a full game of Nim by keyboard only (Chinese)', async () => {
    const page = await openPage(DESKTOP, '?lang=zh&game=nim&position=2,5,6');
    await settled(page);
    assert.equal(await page.getAttribute('html', 'lang'), 'zh-CN');
    assert.equal(await page.textContent('h1'), text('zh', 'page.title'));
    await start(page, 'nimlab', 'keyboard');
    const result = await playOut(page, nimWinning, async (from, to) => moveOnHeaps(page, from, to ?? from.map((h, i) => (i === from.findIndex((x) => x > 0) ? h - 1 : h)), 'keyboard'));
    assert.equal(result, text('zh', 'result.nimlabWins'), 'nimlab wins from an N-position it moves first in');
    assert.match(await page.textContent('[data-testid=result-detail]'), /无路可走/);
    await shot(page, 'desktop-zh-nim-keyboard');
    page.checkClean();
    await page.context().close();
  });

  test('Wythoff at 20 33 on the grid by keyboard only (English), and by mouse (Chinese)', async () => {
    const page = await openPage(DESKTOP, '?game=wythoff&position=20,33');
    await settled(page);
    await page.waitForSelector('[data-testid=grid] button.current[data-cell="20,33"]');
    assert.match(await page.textContent('[data-testid=grid-caption]'), /Rows: the first heap; columns: the second heap\./);
    await start(page, 'me', 'keyboard');
    await settled(page, ['you']);
    // Values are hidden in the grid during play; the position and the legal moves are marked with glyphs.
    assert.equal(await page.textContent('[data-testid=grid] button[data-cell="20,33"]'), '●');
    assert.equal(await page.textContent('[data-testid=grid] button[data-cell="20,30"]'), '○');
    assert.equal(await page.textContent('[data-testid=grid] button[data-cell="12,20"]'), '');
    await shot(page, 'desktop-en-wythoff-play');
    await page.check('[data-testid=show-values]');
    await page.waitForSelector('[data-testid=grid] button.P');
    await page.evaluate(() => window.scrollTo(0, document.querySelector('#board-panel').getBoundingClientRect().top + window.scrollY - 12));
    await page.screenshot({ path: join(screenshots, 'desktop-en-wythoff-values-viewport.png') });
    await page.focus('[data-testid=show-values]');
    await page.keyboard.press('Space');
    assert.equal(await page.isChecked('[data-testid=show-values]'), false);
    await tabTo(page, '[data-testid=grid] button[tabindex="0"]', 10, 'Shift+Tab');
    const result = await playOut(page, wythoffWinning, (from, to) => moveOnGrid(page, to, 'keyboard'));
    assert.equal(result, 'You win!');
    await shot(page, 'desktop-en-wythoff-won');
    // In Chinese, by mouse, from the same position: nimlab moves first and wins.
    await page.click('[data-testid=lang-zh]');
    assert.match(page.url(), /lang=zh/);
    assert.equal(await page.textContent('[data-testid=result]'), text('zh', 'result.youWin'));
    await start(page, 'nimlab', 'mouse');
    const lost = await playOut(page, (p) => wythoffWinning(p) ?? (p[0] > 0 ? [p[0] - 1, p[1]] : [p[0], p[1] - 1]), (from, to) => moveOnGrid(page, to, 'mouse'));
    assert.equal(lost, text('zh', 'result.nimlabWins'));
    assert.match(await page.textContent('[data-testid=grid-caption]'), /行：第一堆；列：第二堆。/);
    await shot(page, 'desktop-zh-wythoff-lost');
    page.checkClean();
    await page.context().close();
  });

  test('a shared address restores a game in progress, and a reload keeps it', async () => {
    const page = await openPage(DESKTOP, '?game=nim&position=3,4,5');
    await settled(page);
    await start(page, 'me', 'mouse');
    await settled(page, ['you']);
    await moveOnHeaps(page, [3, 4, 5], [1, 4, 5], 'mouse');
    await settled(page, ['you']);
    const position = await boardPosition(page);
    const url = page.url();
    assert.match(url, /moves=1,4,5~/);
    const other = await openPage(DESKTOP, url.slice(address.length));
    await settled(other, ['you']);
    assert.deepEqual(await boardPosition(other), position);
    assert.equal(await movesMade(other), 2);
    assert.equal(await other.locator('[data-testid=log] li').count(), 2);
    assert.equal(await other.isChecked('[data-testid=show-values]'), false);
    await other.reload();
    await other.waitForSelector('body[data-ready=true]');
    await settled(other, ['you']);
    assert.deepEqual(await boardPosition(other), position);
    await shot(other, 'desktop-en-restored');
    // An address with a move that is not legal is restored up to there, with a message.
    const bad = await openPage(DESKTOP, '?game=nim&position=3,4,5&mode=play&first=me&moves=1,4,5~1,4,1~0,9,9');
    await settled(bad, ['you']);
    assert.deepEqual(await boardPosition(bad), [1, 4, 1]);
    assert.match(await bad.textContent('[data-testid=error]'), /stops at move 3: 0 9 9 is not a legal move from 1 4 1/);
    for (const p of [page, other, bad]) { p.checkClean(); await p.context().close(); }
  });

  test('a game started during nimlab\'s reply is not disturbed; a failed reply can be tried again', async () => {
    const page = await openPage(DESKTOP, '?game=nim&position=2,5,6');
    await settled(page);
    const release = await holdMoves(page);
    await start(page, 'nimlab', 'mouse');
    await page.waitForFunction(() => document.body.dataset.turn === 'nimlab');
    // A new game while nimlab is thinking.
    await page.fill('[data-testid=position]', '1 2');
    await start(page, 'me', 'mouse');
    await settled(page, ['you']);
    await release();
    await page.waitForTimeout(500);
    assert.deepEqual(await boardPosition(page), [1, 2]);
    assert.equal(await movesMade(page), 0);
    assert.equal(await page.locator('[data-testid=log] li').count(), 0);
    assert.doesNotMatch(await page.textContent('[data-testid=log]'), /2 5 6|nimlab:/);
    // nimlab's move request fails: the message, a retry, and the game goes on.
    await failMoves(page, 1, { status: 500, body: '{"error":"the server broke","kind":"failure","status":500}' });
    await moveOnHeaps(page, [1, 2], [1, 1], 'mouse');
    await page.waitForSelector('[data-testid=retry]', { state: 'visible' });
    assert.match(await page.textContent('[data-testid=error]'), /nimlab could not choose a move: the server broke/);
    assert.notEqual(await page.textContent('[data-testid=status]'), text('en', 'board.nimlabThinking'));
    await shot(page, 'desktop-en-reply-failed');
    await page.click('[data-testid=retry]');
    await settled(page, ['you']);
    assert.equal(await movesMade(page), 2);
    assert.equal(await page.isVisible('[data-testid=retry]'), false);
    page.checkClean();
    await page.context().close();
  });

  test('Stop gives up a question nimlab takes long over (Chinese), and Try again asks it again', async () => {
    const page = await openPage(DESKTOP, '?lang=zh&game=nim&position=2,5,6');
    await settled(page);
    assert.equal(await page.isVisible('[data-testid=stop]'), false, 'nothing to stop');
    const release = await holdMoves(page);
    await start(page, 'nimlab', 'mouse');
    await page.waitForSelector('[data-testid=stop]', { state: 'visible' });
    assert.equal(await page.textContent('[data-testid=stop]'), text('zh', 'controls.stop'));
    await page.click('[data-testid=stop]');
    await page.waitForSelector('[data-testid=retry]', { state: 'visible' });
    assert.equal(await page.textContent('[data-testid=error]'), text('zh', 'error.nimlabFailed').replace('{message}', text('zh', 'server.cancelled')));
    assert.equal(await page.isVisible('[data-testid=stop]'), false);
    assert.equal(await movesMade(page), 0);
    await release();
    await page.click('[data-testid=retry]');
    await settled(page, ['you']);
    assert.equal(await movesMade(page), 1);
    page.checkClean();
    await page.context().close();
  });

  test('a pattern game, the apple game\'s bounded variant, Large Nim with 3 players and a sum, solved and played', async () => {
    const page = await openPage(DESKTOP);
    await settled(page);
    // A pattern game: two piles, take from one or the same from both (Wythoff's moves).
    await chooseGame(page, 'pattern');
    await page.fill('[data-testid=param-piles]', '2');
    await page.fill('[data-testid=param-move-0]', 'one:1..');
    await page.click('[data-testid=param-move-add]');
    await page.fill('[data-testid=param-move-1]', 'all:1..');
    await page.fill('[data-testid=position]', '3 5');
    await page.click('[data-testid=analyse]');
    await page.waitForFunction(() => document.querySelector('[data-testid=a-position]').textContent.startsWith('pattern')
      && document.body.dataset.turn === 'explore');
    assert.match(await page.textContent('[data-testid=outcome]'), /^P-position/);
    await start(page, 'nimlab', 'mouse');
    const pattern = await playOut(page, wythoffWinning, (from, to) => moveOnHeaps(page, from, to, 'mouse'));
    assert.equal(pattern, 'You win!');
    assert.match(page.url(), /move=one%3A1\.\.&move=all%3A1\.\./);
    await shot(page, 'desktop-en-pattern-won');
    // The apple game, bounded variant: the hint's move each turn.
    await chooseGame(page, 'apple');
    assert.equal(await page.inputValue('[data-testid=param-max]'), '3');
    await page.check('[data-testid=param-bounded-equal]');
    await page.fill('[data-testid=position]', '1 5 5');
    await page.click('[data-testid=analyse]');
    await page.waitForFunction(() => /bounded-equal/.test(document.querySelector('[data-testid=a-position]').textContent));
    assert.match(page.url(), /bounded-equal=1/);
    await start(page, 'me', 'mouse');
    await settled(page, ['you']);
    // The piles are drawn as apples; the first move by a click on one: (1, 5, 5) -> (0, 4, 4) takes one from every pile.
    assert.equal(await page.locator('[data-testid=heap-1].apples button.token').count(), 5);
    await moveOnHeaps(page, [1, 5, 5], [0, 4, 4], 'mouse');
    await page.waitForFunction(() => Number(document.querySelector('[data-testid=board]').dataset.moves) >= 1);
    const apple = await playOut(page, () => null, async () => {
      await page.click('[data-testid=hint]');
      const play = page.locator('[data-testid=hint-play]');
      if (await play.count()) await play.click();
      else await page.click('[data-testid=legal-moves] button >> nth=0');
    });
    assert.equal(apple, 'You win!', 'the first player wins (1, 5, 5) by following the hints');
    await shot(page, 'desktop-en-apple-bounded');
    // Large Nim with three players: nimlab plays the two other seats.
    await chooseGame(page, 'large-nim');
    await page.selectOption('[data-testid=players]', '3');
    assert.equal(await page.isDisabled('[data-testid=misere]'), true);
    await page.click('[data-testid=analyse]');
    await page.waitForFunction(() => /3 players/.test(document.querySelector('[data-testid=a-position]').textContent));
    assert.match(await page.textContent('[data-testid=outcome]'), /Game value \d: player \d wins with best play/);
    await start(page, 'me', 'mouse');
    await settled(page, ['you']);
    // Only the largest heap can be taken from: the other heaps' tokens are marked (dashed, and in words) as no move.
    assert.match(await page.getAttribute('[data-testid=heap-0] button.token', 'class'), /illegal/);
    assert.match(await page.getAttribute('[data-testid=heap-0] button.token', 'aria-label'), /no legal move leaves 0/);
    assert.match(await page.getAttribute('[data-testid=heap-3] button.token[data-leave="0"]', 'class'), /\blegal\b/);
    const large = await playOut(page, () => null, () => page.click('[data-testid=legal-moves] button >> nth=0'));
    assert.match(large, /^Player [123] \((you|nimlab)\) wins\.$/);
    assert.match(await page.textContent('[data-testid=log]'), /nimlab \(player 2\)/);
    await shot(page, 'desktop-en-large-nim-3');
    // A sum of games, played part by part.
    await page.check('[data-testid=kind-sum]');
    await page.waitForSelector('[data-testid=part-game-1]');
    await page.click('[data-testid=analyse]');
    await page.waitForFunction(() => /^the sum/.test(document.querySelector('[data-testid=a-position]').textContent));
    await start(page, 'me', 'mouse');
    const sum = await playOut(page, () => null, async () => {
      await page.click('[data-testid=hint]');
      const play = page.locator('[data-testid=hint-play]');
      if (await play.count()) await play.click();
      else await page.click('[data-testid=legal-moves] button >> nth=0');
    });
    assert.match(sum, /^(You win!|nimlab wins\.)$/);
    assert.match(page.url(), /part=nim\+3\+4\+5&part=wythoff\+3\+5&mode=play&first=me&moves=1,4,5\.3,5~/);
    // The finished sum restores from its address.
    const shared = await openPage(DESKTOP, page.url().slice(address.length));
    await settled(shared, ['over']);
    assert.equal(await shared.getAttribute('[data-testid=board]', 'data-position'), await page.getAttribute('[data-testid=board]', 'data-position'));
    assert.equal(await shared.textContent('[data-testid=result]'), sum);
    await shared.context().close();
    await shot(page, 'desktop-en-sum');
    page.checkClean();
    await page.context().close();
  });

  test('misère play, Fibonacci\'s grid captions, and a game with no move at the start', async () => {
    const misere = await openPage(DESKTOP, '?game=nim&position=1,1,1&misere=1');
    await settled(misere);
    assert.match(await misere.textContent('[data-testid=a-position]'), /\(misère\)/);
    assert.match(await misere.textContent('[data-testid=outcome]'), /^P-position/, 'three heaps of one: the player to move takes the last stone');
    await misere.context().close();
    const page = await openPage(DESKTOP, '?game=wythoff&position=4,6&misere=1');
    await settled(page);
    await page.waitForSelector('[data-testid=grid] button.current');
    assert.match(await page.textContent('[data-testid=grid-caption]'), /Misère play/);
    const fib = await openPage(DESKTOP, '?game=fibonacci&position=10,4');
    await settled(fib);
    await fib.waitForSelector('[data-testid=grid] button.current');
    assert.match(await fib.textContent('[data-testid=grid-caption]'), /Rows: the heap; columns: the take limit\./);
    assert.match(await fib.textContent('[data-testid=board]'), /Take limit: 4/);
    const empty = await openPage(DESKTOP, '?game=nim&position=0,0,0');
    await settled(empty);
    await start(empty, 'nimlab', 'mouse');
    await settled(empty, ['over']);
    assert.equal(await empty.textContent('[data-testid=result]'), 'You win!');
    assert.equal(await empty.textContent('[data-testid=result-detail]'), 'nimlab cannot move at the start. The player who cannot move loses.');
    for (const p of [page, fib, empty]) { p.checkClean(); await p.context().close(); }
  });

  test('games on a graph: a vertex of the 2 x 3 grid clicked and one chosen by keyboard (Node-Kayles), Hackenbush cut by edges against nimlab with the values hidden', async () => {
    const page = await openPage(DESKTOP, '?game=node-kayles&graph=grid:2x3&position=');
    await settled(page);
    const graph = '[data-testid=board] [data-testid=graph-0]';
    await page.waitForSelector(`${graph} [data-target=v0]`);
    assert.equal(await page.locator(`${graph} .vertex-button`).count(), 6, 'every vertex of the whole grid is a move');
    assert.equal(await page.locator(`${graph} path.edge`).count(), 7);
    assert.equal(await page.textContent('#board-keys'), text('en', 'board.graphHelpVertex'));
    // Each vertex is named by its move, with its value where values are shown (in exploration).
    assert.match(await page.getAttribute(`${graph} [data-target=v4]`, 'aria-label'), /^pick vertex \(2, 2\): (win|lose)/);
    // A click on the corner (1, 1) deletes it with its neighbours (1, 2) and (2, 1).
    await page.click(`${graph} [data-target=v0]`);
    await page.waitForFunction(() => document.querySelector('[data-testid=board]').dataset.position === '0 1 3');
    await settled(page);
    await page.waitForSelector(`${graph} [data-target=v2]`);
    assert.equal(await page.locator(`${graph} circle.vertex.gone`).count(), 3, 'the deleted vertices are drawn faded');
    assert.equal(await page.locator(`${graph} .vertex-button`).count(), 3);
    assert.equal(await page.locator(`${graph} path.edge.gone`).count(), 5);
    await shot(page, 'desktop-en-node-kayles');
    await axeScan(page, 'node-kayles on a grid');
    // By keyboard: Tab to a vertex, Enter.
    await tabTo(page, `${graph} [data-target]`);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('[data-testid=board]').dataset.moves === '2');
    page.checkClean();
    await page.context().close();

    // Hackenbush against nimlab, in Chinese: the ground line, the loop, edges to cut, no marks
    // while the values are hidden.
    const cut = await openPage(DESKTOP, '?lang=zh&game=hackenbush&graph=edges:g-a,a-b,a-a,g-c,c-d&ground=g&position=');
    await settled(cut);
    await cut.waitForSelector(`${graph} line.ground`, { state: 'attached' });
    assert.equal(await cut.locator(`${graph} .edge-button`).count(), 5);
    assert.equal(await cut.textContent(`${graph} .ground-name`), text('zh', 'board.ground'));
    await start(cut, 'me', 'mouse');
    await settled(cut, ['you']);
    assert.equal(await cut.locator(`${graph} .graph-mark`).count(), 0, 'no answer shown in play');
    // The edge c–d by a click halfway between its ends: it falls alone.
    const centre = async (v) => {
      const box = await cut.locator(`${graph} [data-vertex="${v}"] circle.vertex`).boundingBox();
      return [box.x + box.width / 2, box.y + box.height / 2];
    };
    await cut.locator(`${graph} [data-vertex="4"]`).scrollIntoViewIfNeeded();
    const [[cx, cy], [dx, dy]] = [await centre(3), await centre(4)];
    await cut.mouse.click((cx + dx) / 2, (cy + dy) / 2);
    await cut.waitForFunction(() => Number(document.querySelector('[data-testid=board]').dataset.moves) >= 2 || document.body.dataset.turn === 'over');
    await settled(cut, ['you', 'over']);
    assert.ok(await cut.locator(`${graph} path.edge.gone`).count() >= 2, 'the edge cut and nimlab\'s are faded');
    await cut.check('#show-values');
    await cut.waitForSelector(`${graph} .graph-mark`);
    await shot(cut, 'desktop-zh-hackenbush');
    await axeScan(cut, 'hackenbush zh');
    // Then by keyboard to the end.
    for (let turn = 0; turn < 10; turn++) {
      await settled(cut, ['you', 'over']);
      if (await cut.evaluate(() => document.body.dataset.turn === 'over')) break;
      const made = await movesMade(cut);
      await tabTo(cut, `${graph} .edge-button`);
      await cut.keyboard.press('Enter');
      await cut.waitForFunction((n) => Number(document.querySelector('[data-testid=board]').dataset.moves) > n, made);
    }
    await settled(cut, ['over']);
    assert.equal(await cut.locator(`${graph} .edge-button`).count(), 0, 'nothing stands at the end');
    cut.checkClean();
    await cut.context().close();
  });

  test('games whose positions repeat: ∞(K) values, and a game played to a draw, worded in English and Chinese', async () => {
    // Fair Shares and Varied Pairs: 1 9 is worth ∞(0,2), an N-position (a move to a 0 wins).
    const fair = await openPage(DESKTOP, '?game=fair-shares&position=1,9');
    await settled(fair);
    await fair.waitForFunction(() => document.querySelector('[data-testid=grundy]').textContent.startsWith('∞(0,2)'));
    assert.match(await fair.textContent('[data-testid=outcome]'), /^N-position/);
    assert.match(await fair.textContent('[data-testid=basis]'), /retrograde analysis.*remoteness 1$/);
    assert.equal(await fair.getAttribute('[data-testid=winning-move]', 'data-to'), '1 1 1 1 1 1 1 1 1 1');
    fair.checkClean();
    await fair.context().close();
    // A take pattern that puts stones back: one pile of at most 2, take 1 or put 1 back. Every
    // position is ∞() (no finite option value): a draw, and nimlab keeps it.
    const page = await openPage(DESKTOP, '?game=loopy-pattern&piles=1&move=one:1&move=one:%2B1&cap=2&position=1');
    await settled(page);
    await page.waitForFunction(() => document.querySelector('[data-testid=outcome]').textContent.includes('draw'));
    assert.equal(await page.textContent('[data-testid=outcome]'), text('en', 'analysis.D'));
    assert.match(await page.textContent('[data-testid=grundy]'), /^∞\(\) /);
    assert.equal(await page.textContent('#winning-heading'), text('en', 'analysis.drawingMoves'));
    assert.deepEqual(await page.$$eval('[data-testid=winning-move]', (b) => b.map((x) => x.dataset.to)), ['0', '2']);
    await start(page, 'me', 'mouse');
    await page.check('#show-values');
    // 1 -> 2, nimlab 2 -> 1, 1 -> 2, nimlab 2 -> 1: the third time at 1 with the person to move.
    for (let made = 0; made < 4; made += 2) {
      await settled(page, ['you']);
      const keep = page.locator('[data-testid=legal-move][data-to="2"]');
      assert.match(await keep.textContent(), /keeps the draw/);
      await keep.click();
      await page.waitForFunction((n) => Number(document.querySelector('[data-testid=board]').dataset.moves) >= n + 2 || document.body.dataset.turn === 'over', made);
    }
    await settled(page, ['over']);
    assert.equal(await page.textContent('[data-testid=result]'), text('en', 'result.draw'));
    assert.match(await page.textContent('[data-testid=result-detail]'), /came back 3 times.*a draw\. Its value ∞\(\) is infinite/);
    assert.deepEqual(await boardPosition(page), [1]);
    await shot(page, 'desktop-en-loopy-draw');
    await axeScan(page, 'loopy draw en');
    await page.click('[data-testid=lang-zh]');
    await page.waitForFunction(() => document.querySelector('[data-testid=result]').textContent === '和棋。');
    await page.waitForFunction(() => document.querySelector('[data-testid=outcome]').textContent.startsWith('和棋态'));
    assert.match(await page.textContent('[data-testid=result-detail]'), /和棋/);
    await shot(page, 'desktop-zh-loopy-draw');
    await axeScan(page, 'loopy draw zh');
    page.checkClean();
    await page.context().close();
  });
});

describe('issue 39: boards of cells, Cram by two cells and Chomp by a square', () => {
  const board = '[data-testid=board] [data-testid=graph-0]';
  const cell = (v) => `${board} [data-vertex="${v}"]`;

  test('an address with no position opens Cram at its start, the empty board, with no message', async () => {
    const page = await openPage(DESKTOP, '?lang=en&game=cram&board=2x3');
    await settled(page);
    await page.waitForSelector(`${board} rect.cell`);
    assert.equal(await page.textContent('[data-testid=link-error]'), '');
    assert.equal(await page.getAttribute('[data-testid=board]', 'data-position'), '∅', 'the empty board');
    assert.equal(await page.locator(`${board} rect.cell`).count(), 6);
    await page.context().close();
  });

  for (const [lang, size] of [['en', DESKTOP], ['zh', PHONE]]) {
    test(`${lang} at ${size.width}x${size.height}: Cram on 2 x 3, a domino placed by two cells (mouse, then keyboard)`, async () => {
      const page = await openPage(size, `?lang=${lang}&game=cram&board=2x3&position=`);
      await settled(page);
      await page.waitForSelector(`${board} rect.cell`);
      assert.equal(await page.locator(`${board} rect.cell`).count(), 6, 'every cell is a square');
      assert.equal(await page.locator(`${board} path.edge`).count(), 0, 'no lines: a board of cells');
      assert.equal(await page.textContent('#board-keys'), text(lang, 'board.cellsHelp'));
      assert.ok((await page.getAttribute(board, 'aria-label')).includes(text(lang, 'board.cellsPair')));
      // a1 chosen: its neighbours b1 and a2 become the partners, each named by its domino.
      await page.click(cell(0));
      assert.equal(await page.getAttribute(cell(0), 'aria-pressed'), 'true');
      assert.equal(await page.locator(`${board} .partner`).count(), 2);
      assert.match(await page.getAttribute(cell(1), 'aria-label'), /a1–b1/);
      // Chosen again: nothing is chosen. Then c2 is chosen instead of a1.
      await page.click(cell(0));
      assert.equal(await page.locator(`${board} .partner`).count(), 0);
      await page.click(cell(0));
      await page.click(cell(5));
      assert.equal(await page.getAttribute(cell(5), 'aria-pressed'), 'true');
      assert.equal(await page.getAttribute(cell(0), 'aria-pressed'), 'false');
      // c2 then c1 (a partner): the domino c1–c2 covers cells 2 and 5.
      await page.click(cell(2));
      await page.waitForFunction(() => document.querySelector('[data-testid=board]').dataset.position === '2 5');
      await settled(page);
      await page.waitForSelector(`${board} rect.cell.gone`);
      assert.equal(await page.locator(`${board} rect.cell.gone`).count(), 2, 'the covered cells are filled');
      // In exploration the values are shown: each domino's mark stands between its two cells.
      await page.waitForSelector(`${board} .edge-mark`);
      assert.equal(await page.locator(`${board} .edge-mark`).count(), 4);
      await shot(page, `${lang}-${size.width}-cram`);
      await axeScan(page, `cram ${lang}`);
      // By keyboard: Tab to a1, Enter, Tab to b1, Enter.
      await tabTo(page, cell(0));
      await page.keyboard.press('Enter');
      await tabTo(page, cell(1));
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.querySelector('[data-testid=board]').dataset.position === '0 1 2 5');
      page.checkClean();
      await page.context().close();
    });
  }

  for (const [lang, size] of [['zh', DESKTOP], ['en', PHONE]]) {
    test(`${lang} at ${size.width}x${size.height}: Chomp 3 2 against nimlab, squares taken by clicks, the poisoned square marked`, async () => {
      const page = await openPage(size, `?lang=${lang}&game=chomp&position=3,2`);
      await settled(page);
      await page.waitForSelector(`${board} rect.cell`);
      assert.equal(await page.locator(`${board} rect.cell`).count(), 5);
      assert.equal(await page.locator(`${board} rect.cell.poisoned`).count(), 1);
      assert.equal(await page.getAttribute(cell(0), 'aria-label'), text(lang, 'board.cellPoisoned').replace('{name}', '1,1'));
      assert.equal(await page.locator(`${board} .vertex-button`).count(), 4, 'every square but the poisoned one is a move');
      // The help says what a click does here: it takes the square with those above and to its
      // right (not Cram's "a move that covers two squares").
      assert.equal(await page.textContent('#board-keys'), text(lang, 'board.poisonHelp'));
      await start(page, 'me', 'mouse');
      await settled(page, ['you']);
      assert.equal(await page.locator(`${board} .graph-mark`).count(), 0, 'no answer shown in play');
      // Each turn the last square drawn (row 2's last, then row 1's) is taken, to the end.
      await playOut(page, () => null, async () => {
        await page.locator(`${board} .vertex-button`).last().click();
      });
      assert.equal(await page.getAttribute('[data-testid=board]', 'data-position'), '1', 'only the poisoned square is left');
      await shot(page, `${lang}-${size.width}-chomp`);
      await axeScan(page, `chomp ${lang}`);
      page.checkClean();
      await page.context().close();
    });
  }
});

// ------------------------------------------------------------------------------------------
describe('issue 40: moves in the numbering of the position, rows of pins in order, an empty example', () => {
  for (const lang of ['en', 'zh']) {
    test(`${lang}: a loopy take pattern at 2 3 marks each move by the position it reaches (2 1 keeps the draw, 1 2 is not listed)`, async () => {
      const page = await openPage(DESKTOP, `?lang=${lang}&game=loopy-pattern&piles=2&move=one:1..2&move=one:%2B1&cap=6&position=2,3`);
      await settled(page);
      await page.check('#show-values');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=winning-move]').length > 0);
      assert.equal(await page.textContent('[data-testid=outcome]'), text(lang, 'analysis.D'));
      assert.equal(await page.textContent('#winning-heading'), text(lang, 'analysis.drawingMoves'));
      // Every move from 2 3 keeps the draw, each named by the position it reaches from 2 3.
      const kept = await page.$$eval('[data-testid=winning-move]', (b) => b.map((x) => x.dataset.to));
      assert.deepEqual([...kept].sort(), ['0 3', '1 3', '2 1', '2 2', '2 4', '3 3']);
      const moves = page.locator('[data-testid=legal-move]');
      assert.equal(await moves.count(), 6);
      for (let i = 0; i < 6; i++) {
        const label = await moves.nth(i).textContent();
        assert.ok(label.includes(text(lang, 'moves.keepsDraw')), `${await moves.nth(i).getAttribute('data-to')}: ${label}`);
        assert.ok(!label.includes(text(lang, 'moves.lose')), label);
      }
      assert.ok((await page.locator('[data-testid=legal-move][data-to="2 1"]').textContent()).includes(text(lang, 'moves.keepsDraw')));
      page.checkClean();
      await page.context().close();
    });
  }

  test('Kayles: knocking down a pin leaves the rows in the order of the pins, the part left of the gap first', async () => {
    const page = await openPage(PROJECTOR, '?class=1&game=kayles&position=12&mode=play&sides=human,human');
    await settled(page);
    await knock(page, 0, 10);
    assert.equal(await page.getAttribute('[data-testid=board]', 'data-position'), '9 2');
    assert.equal(await page.locator('[data-testid=heap-0] button.token').count(), 9);
    assert.equal(await page.locator('[data-testid=heap-1] button.token').count(), 2);
    // Pin 2 of the row of 2 leaves 1 in its place; pin 8 of the row of 9 leaves 7, then 1.
    await knock(page, 1, 2);
    assert.equal(await page.getAttribute('[data-testid=board]', 'data-position'), '9 1');
    await knock(page, 0, 8);
    assert.equal(await page.getAttribute('[data-testid=board]', 'data-position'), '7 1 1');
    page.checkClean();
    await page.context().close();
    const six = await openPage(PROJECTOR, '?class=1&game=kayles&position=6&mode=play&sides=human,human');
    await settled(six);
    await knock(six, 0, 5);
    assert.equal(await six.getAttribute('[data-testid=board]', 'data-position'), '4 1');
    six.checkClean();
    await six.context().close();
  });

  for (const lang of ['en', 'zh']) {
    test(`${lang}: a graph game's empty example position is worded as the start, not as "Example: ."`, async () => {
      const page = await openPage(DESKTOP, `?lang=${lang}&game=node-kayles&graph=grid:2x3&position=`);
      await settled(page);
      const help = await page.textContent('#position-help');
      assert.match(help, lang === 'en' ? /separated by spaces or commas; leave it empty for the start\.$/ : /用空格或逗号分隔；留空即为开局。$/);
      assert.doesNotMatch(help, /Example: \.|例如：。/);
      page.checkClean();
      await page.context().close();
    });
  }
});

/** A text of the page with its placeholders filled. */
/** A page text with its values put in, as the page puts them (Chinese and Latin set apart). */
const filled = (lang, key, vars) => translate(lang, key, vars);
/** The whole game the address holds: its `moves`, one position text each. */
const urlMoves = (page) => new URL(page.url()).searchParams.get('moves').split('~');
/** Waits until the board shows the position after `n` moves, settled. */
async function atMove(page, n, states) {
  await page.waitForFunction((k) => Number(document.querySelector('[data-testid=board]').dataset.moves) === k, n);
  await settled(page, states);
}

describe('issue 40: history review as a teacher expects, in every mode', () => {
  for (const lang of ['en', 'zh']) {
    test(`${lang}: a finished game against nimlab: any entry visited, the rest kept until a different move, the whole game as text`, async () => {
      const page = await openPage(DESKTOP, `?lang=${lang}&game=nim&position=3,4,5&mode=play&first=me`);
      await settled(page, ['you']);
      const result = await playOut(page, nimWinning, (from, to) => moveOnHeaps(page, from, to, 'mouse'));
      assert.equal(result, text(lang, 'result.youWin'));
      const made = await movesMade(page);
      const game = urlMoves(page);
      assert.equal(game.length, made);
      const entries = page.locator('[data-testid=history-entry]');
      // Entry 1 is the position after move 1 (nimlab's turn): nimlab waits while it is reviewed.
      await page.click('[data-testid=history-entry][data-moves="1"]');
      await atMove(page, 1, ['review']);
      assert.equal(await page.getAttribute('[data-testid=board]', 'data-position'), game[0].replaceAll(',', ' '));
      assert.equal(await page.textContent('[data-testid=status]'), filled(lang, 'board.review', { n: 1, total: made }));
      await page.waitForTimeout(300);
      assert.equal(await movesMade(page), 1, 'nimlab does not move while the game is reviewed');
      assert.equal(await entries.count(), made + 1, 'the start and every move stay listed');
      assert.equal(await page.locator('[data-testid=history-entry][data-later=true]').count(), made - 1);
      assert.equal(await page.getAttribute('[data-testid=history-entry][aria-current=step]', 'data-moves'), '1');
      // The values and the chart of the finished game stay (Show values is off).
      assert.equal(await page.isChecked('[data-testid=show-values]'), false);
      assert.equal(await page.locator('[data-testid=chart] [data-testid=chart-point]').count(), made + 1);
      // The address and "History as text" hold the whole game, and say which position is shown.
      assert.deepEqual(urlMoves(page), game);
      assert.equal(new URL(page.url()).searchParams.get('at'), '1');
      await page.click('[data-testid=export]');
      const exported = await page.inputValue('[data-testid=export-text]');
      assert.equal(exported.split('\n').filter((line) => /^\d+\. /.test(line)).length, made, exported);
      assert.ok(exported.includes(filled(lang, 'share.reviewed', { n: 1 })), exported);
      await page.click('[data-testid=export]');
      // The start is an entry of its own; the same first move again keeps the rest of the game.
      await page.click('[data-testid=history-entry][data-moves="0"]');
      await atMove(page, 0, ['you']);
      assert.equal(await entries.count(), made + 1);
      const start = [3, 4, 5];
      await moveOnHeaps(page, start, game[0].split(',').map(Number), 'mouse');
      await atMove(page, 1, ['review']);
      assert.equal(await entries.count(), made + 1, 'the recorded move keeps the later ones');
      // Redo replays nimlab's recorded move, to the person's next turn.
      await page.click('[data-testid=redo]');
      await atMove(page, 2, ['you']);
      assert.equal(await page.getAttribute('[data-testid=board]', 'data-position'), game[1].replaceAll(',', ' '));
      // A different move at move 3 plays on from there: the later moves are dropped and nimlab answers.
      const other = await page.$$eval('[data-testid=legal-move]', (b, recorded) => b.map((x) => x.dataset.to).find((to) => to !== recorded), game[2].replaceAll(',', ' '));
      await page.click(`[data-testid=legal-move][data-to="${other}"]`);
      await page.waitForFunction(() => Number(document.querySelector('[data-testid=board]').dataset.moves) >= 4 || document.body.dataset.turn === 'over');
      await settled(page, ['you', 'over']);
      assert.equal(await page.locator('[data-testid=history-entry][data-later=true]').count(), 0);
      assert.equal(await entries.count(), (await movesMade(page)) + 1);
      assert.equal(new URL(page.url()).searchParams.get('at'), null);
      await axeScan(page, `review ${lang}`);
      page.checkClean();
      await page.context().close();
    });

    test(`${lang}: nimlab against nimlab: Undo and the entries review the game, Redo replays it to the same end`, async () => {
      const page = await openPage(DESKTOP, `?lang=${lang}&game=kayles&position=9&mode=play&sides=nimlab,nimlab`);
      await settled(page, ['over']);
      const made = await movesMade(page);
      const game = urlMoves(page);
      const ending = await page.textContent('[data-testid=result]');
      assert.ok(made >= 2, `${made} moves`);
      assert.equal(await page.isEnabled('[data-testid=undo]'), true);
      await page.click('[data-testid=undo]');
      await atMove(page, made - 1, ['review']);
      await page.click('[data-testid=history-entry][data-moves="1"]');
      await atMove(page, 1, ['review']);
      assert.equal(await page.locator('[data-testid=history-entry]').count(), made + 1);
      // Redo: one move at a time, nimlab's recorded moves, to the same end.
      for (let k = 2; k <= made; k++) {
        await page.click('[data-testid=redo]');
        await atMove(page, k, k === made ? ['over'] : ['review']);
      }
      assert.deepEqual(urlMoves(page), game);
      assert.equal(await page.textContent('[data-testid=result]'), ending);
      page.checkClean();
      await page.context().close();
    });

    for (const [size, label] of [[DESKTOP, '1280x900'], [PROJECTOR, '1024x768'], [PHONE, '390x844']]) {
      test(`${lang} ${label}: a shared finished game of two people reopens with its value chart and a value on every entry`, async () => {
        const moves = '5,5~3,5~3,3~1,3~1,1~1~';
        const page = await openPage(size, `?lang=${lang}&game=kayles&position=12&mode=play&sides=human,human&moves=${moves}`);
        await settled(page, ['over']);
        assert.equal(await movesMade(page), 7);
        assert.equal(await page.textContent('[data-testid=error]'), '');
        await page.waitForSelector('[data-testid=chart] [data-testid=chart-point]');
        assert.equal(await page.locator('[data-testid=chart] [data-testid=chart-point]').count(), 8, 'a point for every position');
        for (let k = 1; k <= 7; k++) {
          const entry = await page.textContent(`[data-testid=history-entry][data-moves="${k}"]`);
          assert.ok(entry.includes('·'), `entry ${k} has its value: ${entry}`);
          // The move's words in the language's brackets.
          if (lang === 'zh') assert.ok(entry.includes('（') && !entry.includes('('), entry);
        }
        // On a phone every entry is a tap target of 44 px.
        if (size === PHONE) {
          const heights = await page.$$eval('[data-testid=history-entry]', (b) => b.map((x) => x.getBoundingClientRect().height));
          assert.ok(heights.every((h) => h >= 44), `entries ${heights.join(', ')} px high`);
        }
        // Reopened at an earlier position (at=3), the later moves are kept, and the values with them.
        const earlier = await openPage(size, `?lang=${lang}&game=kayles&position=12&mode=play&sides=human,human&moves=${moves}&at=3`);
        await atMove(earlier, 3, ['you']);
        assert.deepEqual(urlMoves(earlier), moves.split('~'));
        assert.equal(await earlier.locator('[data-testid=history-entry]').count(), 8);
        assert.equal(await earlier.locator('[data-testid=chart] [data-testid=chart-point]').count(), 8);
        await shot(earlier, `review-${label}-${lang}`);
        for (const p of [page, earlier]) { p.checkClean(); await p.context().close(); }
      });
    }
  }
});

describe('issue 40: class mode folds the setup away again, and keeps a typed position', () => {
  for (const [size, label] of [[DESKTOP, '1280x900'], [PROJECTOR, '1024x768'], [PHONE, '390x844']]) {
    for (const lang of ['en', 'zh']) {
      test(`${label} ${lang}: "Change the game", two people, "Play with these players": the form folds and the board is in view`, async () => {
        const page = await openPage(size, `?lang=${lang}&class=1&game=kayles&position=12`);
        await settled(page);
        assert.equal(await page.isVisible('#setup-form'), false);
        await page.click('[data-testid=setup-open]');
        assert.equal(await page.isVisible('#setup-form'), true);
        await page.fill('[data-testid=position]', '11');
        await page.selectOption('[data-testid=side-1]', 'human');
        await page.selectOption('[data-testid=side-2]', 'human');
        await page.click('[data-testid=start-sides]');
        await page.waitForFunction(() => document.body.dataset.mode === 'play');
        await settled(page, ['you']);
        assert.equal(await page.isVisible('#setup-form'), false, 'the form folds away');
        assert.equal(await page.getAttribute('[data-testid=setup-open]', 'aria-expanded'), 'false');
        assert.equal(await page.getAttribute('[data-testid=board]', 'data-position'), '11');
        assert.ok((await page.textContent('[data-testid=setup-line]')).includes('11'));
        const pin = await page.locator('[data-testid=heap-0] button.token').first().boundingBox();
        assert.ok(pin.y >= 0 && pin.y + pin.height <= size.height, `the board is in view (${pin.y})`);
        page.checkClean();
        await page.context().close();
      });

      test(`${label} ${lang}: a position typed before Class mode is switched on is the one on the board`, async () => {
        const page = await openPage(size, `?lang=${lang}&game=kayles&position=10`);
        await settled(page);
        await page.fill('[data-testid=position]', '12');
        await page.click('[data-testid=class-mode]');
        await page.waitForFunction(() => document.querySelector('[data-testid=board]').dataset.position === '12');
        await settled(page);
        assert.equal(await page.isVisible('#setup-form'), false);
        assert.ok((await page.textContent('[data-testid=setup-line]')).includes('12'));
        assert.match(page.url(), /class=1.*position=12/);
        // A typo keeps the form open, with its message.
        await page.click('[data-testid=class-mode]');
        await page.fill('[data-testid=position]', '1x');
        await page.click('[data-testid=class-mode]');
        // The engine reads the typed position first.
        await page.waitForFunction(() => document.querySelector('[data-testid=error]').textContent.includes('1x'));
        assert.equal(await page.isVisible('#setup-form'), true);
        assert.ok((await page.textContent('[data-testid=error]')).includes('1x'));
        assert.equal(await page.getAttribute('[data-testid=board]', 'data-position'), '12');
        page.checkClean();
        await page.context().close();
      });
    }
  }
});

describe('issue 40: links without a game, and a typo in Position during a game', () => {
  for (const lang of ['en', 'zh']) {
    test(`${lang}: with no game in the address, a wrong setting gets a message, not silence`, async () => {
      for (const [query, key, value] of [['players=9', null, '9'], ['mistakes=7', 'mistakes', '7'], ['delay=5', 'delay', '5'], ['mode=foo', 'mode', 'foo']]) {
        const page = await openPage(DESKTOP, `?lang=${lang}&${query}`);
        await settled(page);
        const message = await page.textContent('[data-testid=link-error]');
        assert.equal(await page.isVisible('[data-testid=link-error]'), true, query);
        const expected = key ? filled(lang, 'error.linkValue', { key, value }) : filled(lang, 'error.linkPlayers', { n: value, max: 6 });
        assert.equal(message, expected, query);
        page.checkClean();
        await page.context().close();
      }
    });

    test(`${lang}: a typo in Position during a game keeps the game and says that commas or spaces work`, async () => {
      const page = await openPage(DESKTOP, `?lang=${lang}&game=nim&position=3,4,5&mode=play&first=me&moves=1,4,5`);
      await settled(page, ['you']);
      const before = await page.getAttribute('[data-testid=board]', 'data-position');
      const url = page.url();
      await page.fill('[data-testid=position]', '3;4;5');
      await page.click('[data-testid=start-me]');
      await page.waitForFunction(() => document.querySelector('[data-testid=error]').textContent.length > 0);
      assert.equal(await page.textContent('[data-testid=error]'), filled(lang, 'error.badNumber', { word: '3;4;5' }));
      assert.match(await page.textContent('[data-testid=error]'), lang === 'en' ? /spaces or commas/ : /空格或逗号/);
      assert.equal(await page.getAttribute('[data-testid=board]', 'data-position'), before);
      assert.equal(await page.locator('[data-testid=history-entry]').count(), 3, 'the history stays');
      assert.equal(page.url(), url);
      // Commas work.
      await page.fill('[data-testid=position]', '2,5,6');
      await page.click('[data-testid=start-me]');
      await page.waitForFunction(() => document.querySelector('[data-testid=board]').dataset.position === '2 5 6');
      page.checkClean();
      await page.context().close();
    });
  }
});

describe('issue 40: a position too large to list its moves, and one the game refuses', () => {
  for (const lang of ['en', 'zh']) {
    test(`${lang}: Nim at a 23-digit heap is answered by Bouton with its winning move playable; Wythoff at 3 4 5 is refused with the engine's reason`, async () => {
      const page = await openPage(DESKTOP, `?lang=${lang}&game=nim&position=99999999999999999999999`);
      await settled(page);
      await page.waitForSelector('[data-testid=moves-winning-only]');
      assert.equal(await page.textContent('[data-testid=moves-winning-only]'), text(lang, 'moves.winningOnly'));
      assert.equal(await page.textContent('[data-testid=error]'), '');
      assert.equal(await page.textContent('[data-testid=outcome]'), text(lang, 'analysis.N'));
      await page.click('[data-testid=legal-move][data-to="0"]');
      await page.waitForFunction(() => document.querySelector('[data-testid=board]').dataset.position === '0');
      await settled(page, ['over']);
      const refused = await openPage(DESKTOP, `?lang=${lang}&game=wythoff&position=3,4,5`);
      await settled(refused);
      await refused.waitForFunction(() => document.querySelector('[data-testid=error]').textContent.length > 0);
      assert.match(await refused.textContent('[data-testid=error]'), lang === 'en' ? /exactly two heap sizes, got 3 numbers/ : /恰好两堆/);
      assert.equal(await refused.locator('[data-testid=board] .heap').count(), 0, 'no board for a refused position');
      assert.ok(!(await refused.textContent('[data-testid=legal-moves]')).includes(text(lang, 'moves.unknown')));
      for (const p of [page, refused]) { p.checkClean(); await p.context().close(); }
    });
  }
});

describe('issue 40: the one-heap chart shows a stated period when asked for a wider range', () => {
  for (const [size, label] of [[DESKTOP, '1280x900'], [PROJECTOR, '1024x768'], [PHONE, '390x844']]) {
    for (const lang of ['en', 'zh']) {
      test(`${label} ${lang}: Kayles at 10 states period 12 from 71; heaps 0 to 100 show it shaded`, async () => {
        const page = await openPage(size, `?lang=${lang}&game=kayles&position=10`);
        await settled(page);
        await page.waitForSelector('[data-testid=sequence] svg.sequence');
        assert.equal(await page.textContent('[data-testid=sequence-period]'), filled(lang, 'sequence.period', { period: 12, preperiod: 71, how: text(lang, 'sequence.certified') }));
        assert.equal(await page.locator('[data-testid=sequence] svg.sequence rect.period-a').count(), 0, 'not shown around the heap');
        await page.selectOption('[data-testid=sequence-range]', '100');
        await page.waitForFunction((t) => document.querySelector('[data-testid=sequence-caption]').textContent === t, filled(lang, 'sequence.caption', { upto: 100 }));
        assert.ok(await page.locator('[data-testid=sequence] svg.sequence rect.period-a').count() >= 1, 'the period is shaded');
        assert.equal(await page.inputValue('[data-testid=sequence-range]'), '100');
        await page.selectOption('[data-testid=sequence-range]', '');
        await page.waitForFunction((t) => document.querySelector('[data-testid=sequence-caption]').textContent === t, filled(lang, 'sequence.caption', { upto: 30 }));
        page.checkClean();
        await page.context().close();
      });
    }
  }
});

describe('issue 40: words', () => {
  for (const lang of ['en', 'zh']) {
    test(`${lang}: the hint in a game of two people names the player to move, and the history says who is to win`, async () => {
      const page = await openPage(DESKTOP, `?lang=${lang}&game=nim&position=3,4,5&mode=play&sides=human,human&values=1`);
      await settled(page, ['you']);
      await page.click('[data-testid=hint]');
      const hint = await page.textContent('[data-testid=hint-text]');
      assert.ok(hint.startsWith(lang === 'en' ? 'Player 1, to move, is winning. Play → 1 4 5' : '轮到走的第 1 位玩家处在必胜态。走 → 1 4 5'), hint);
      await moveOnHeaps(page, [3, 4, 5], [1, 4, 5], 'mouse');
      await atMove(page, 1, ['you']);
      const entry = await page.textContent('[data-testid=history-entry][data-moves="1"]');
      assert.ok(entry.includes(filled(lang, 'history.valueWin', { who: text(lang, 'who.playerCap').replace('{seat}', '1'), r: 10 })), entry);
      // A pin chosen by keyboard is announced without "click".
      const pins = await openPage(DESKTOP, `?lang=${lang}&game=kayles&position=5`);
      await settled(pins);
      await tabTo(pins, '[data-testid=board] button.token');
      await pins.keyboard.press('Enter');
      await pins.waitForSelector('[data-testid=board] button.token.selected');
      const said = await pins.textContent('[data-testid=announcer]');
      assert.ok(said.length > 0 && !/click|点/i.test(said), said);
      for (const p of [page, pins]) { p.checkClean(); await p.context().close(); }
    });
  }
});

describe('issue 40: nimlab\'s strength in sums of games and with more players', () => {
  for (const lang of ['en', 'zh']) {
    test(`${lang}: a weaker nimlab makes its random moves in a sum too, and with three players the page says why it has no strength`, async () => {
      const page = await openPage(DESKTOP, `?lang=${lang}&part=nim+3+4&part=kayles+5&part=wythoff+3+5&mode=play&sides=nimlab,nimlab&mistakes=100&values=1`);
      await settled(page, ['over']);
      assert.equal(await page.textContent('[data-testid=link-error]'), '');
      const log = await page.textContent('[data-testid=log]');
      const mistake = lang === 'en' ? "a weaker nimlab's mistake" : '较弱的 nimlab 走错了';
      assert.ok(log.includes(mistake), log);
      // Three players: the strength is not offered, and the page says why; an address asking for it is told.
      const three = await openPage(DESKTOP, `?lang=${lang}&game=large-nim&position=1,2,3&players=3&mode=play&mistakes=50`);
      await settled(three);
      assert.equal(await three.textContent('[data-testid=link-error]'), filled(lang, 'error.linkStrength', { p: 50 }));
      assert.equal(await three.isVisible('[data-testid=strength]'), false);
      assert.equal(await three.textContent('[data-testid=sides-many]'), text(lang, 'sides.many'));
      assert.equal(await three.isVisible('[data-testid=sides-many]'), true);
      await axeScan(three, `three players ${lang}`);
      for (const p of [page, three]) { p.checkClean(); await p.context().close(); }
    });
  }
});

/** Fair Shares from 4 2 1 back to the same heaps, 1 2 4, in four moves (each target as the engine lists it). */
const FAIR_CYCLE = ['1,1,1,4', '1,1,1,2,2', '1,1,2,3', '1,2,4'];

describe('issue 40: what the page knew of games comes from the engine\'s answers', () => {
  for (const lang of ['en', 'zh']) {
    test(`${lang}: an octal code without a point gets the engine's reason, and the form its example takes`, async () => {
      const page = await openPage(DESKTOP, `?lang=${lang}&game=octal&code=0.07&position=5`);
      await settled(page);
      await page.fill('[data-testid=param-code]', '0x7f');
      await page.click('[data-testid=analyse]');
      await page.waitForFunction(() => document.querySelector('[data-testid=error]').textContent.includes('0x0.7f'));
      const said = await page.textContent('[data-testid=error]');
      assert.ok(said.includes(lang === 'en' ? 'has no point' : '没有小数点') && !said.includes('0.0x7f'), said);
      await page.fill('[data-testid=param-code]', '0x0.7f');
      await page.click('[data-testid=analyse]');
      await page.waitForFunction(() => document.querySelector('[data-testid=error]').textContent === '' && document.body.dataset.turn === 'explore'
        && new URL(location.href).searchParams.get('code') === '0x0.7f');
      assert.deepEqual(await boardPosition(page), [5]);
      page.checkClean();
      await page.context().close();
    });

    test(`${lang}: Fair Shares' stones are drawn plain and its moves listed; 4 2 1 and 1 2 4 are one position for the draw`, async () => {
      const page = await openPage(PHONE, `?lang=${lang}&game=fair-shares&position=4,2,1`);
      await settled(page);
      await shot(page, `phone-${lang}-fair-shares`);
      assert.equal(await page.locator('[data-testid=board] .token.illegal').count(), 0, 'no stone hatched as "no move"');
      assert.equal(await page.locator('[data-testid=board] .token.plain').count(), 7);
      assert.equal(await page.textContent('[data-testid=stones-by-list]'), text(lang, 'board.movesByList'));
      assert.equal(await page.textContent('#board-keys'), '', 'no keys to tell of');
      assert.ok(await page.locator('[data-testid=legal-move]').count() > 0);
      page.checkClean();
      await page.context().close();
      // Two people go round a cycle that comes back to the start in the engine's order, 1 2 4:
      // the third time the position stands with the same player to move is a draw.
      const moves = [...FAIR_CYCLE, ...FAIR_CYCLE].join('~');
      const game = await openPage(DESKTOP, `?lang=${lang}&game=fair-shares&position=4,2,1&mode=play&sides=human,human&moves=${moves}`);
      await settled(game, ['over']);
      assert.equal(await game.textContent('[data-testid=result]'), text(lang, 'result.draw'));
      assert.equal(await movesMade(game), 2 * FAIR_CYCLE.length);
      await shot(game, `desktop-${lang}-fair-shares-draw`);
      game.checkClean();
      await game.context().close();
    });

    test(`${lang}: coins as the engine reads them: a row, a coin turned on the board, and a grid`, async () => {
      const page = await openPage(DESKTOP, `?lang=${lang}&game=ruler&position=3,6,12`);
      await settled(page);
      const heads = (p) => p.$$eval('[data-testid=board] button.token.head', (b) => b.map((x) => x.dataset.coin));
      assert.deepEqual(await heads(page), ['3', '6', '12']);
      await page.click('[data-testid=board] [data-coin="12"]');
      await page.click('[data-testid=turn-coins]');
      await page.waitForFunction(() => document.querySelector('[data-testid=board]').dataset.moves === '1');
      await settled(page);
      assert.deepEqual(await heads(page), ['3', '6']);
      assert.deepEqual(await boardPosition(page), [3, 6]);
      const grid = await openPage(DESKTOP, `?lang=${lang}&game=turning-corners&position=1,2,2,1`);
      await settled(grid);
      assert.deepEqual((await heads(grid)).sort(), ['1,2', '2,1']);
      assert.equal(await grid.locator('[data-testid=board] [data-coin="0,0"]').textContent(), 'T');
      for (const p of [page, grid]) { p.checkClean(); await p.context().close(); }
    });

    test(`${lang}: a take pattern's piles are numbered from 1 on the board and in the engine's move texts`, async () => {
      const page = await openPage(DESKTOP, `?lang=${lang}&game=loopy-pattern&piles=2&move=one:1..2&move=one:%2B1&cap=6&position=2,3`);
      await settled(page);
      const labels = await page.$$eval('[data-testid=board] .heap-label span', (spans) => spans.map((x) => x.textContent));
      assert.deepEqual(labels, [1, 2].map((n) => filled(lang, 'board.pile', { n })));
      const words = await page.$$eval('[data-testid=legal-move] .what', (spans) => spans.map((x) => x.textContent));
      assert.ok(words.some((w) => w.includes(lang === 'en' ? 'pile 2' : '第 2 堆')), words.join('; '));
      assert.ok(words.every((w) => !w.includes(lang === 'en' ? 'pile 0' : '第 0 堆')), words.join('; '));
      page.checkClean();
      await page.context().close();
    });

    for (const [size, name] of [[DESKTOP, 'desktop'], [PHONE, 'phone']]) test(`${lang} ${size.width}x${size.height}: the value chart's labels stand clear of its numbers`, async () => {
      // A game of Nim between two people, shared with Show values on: the chart of six moves.
      const page = await openPage(size, `?lang=${lang}&game=nim&position=3,4,5&mode=play&sides=human,human&values=1&moves=3,4,4~3,3,4~2,3,4~2,3,3~1,3,3~1,2,3`);
      await settled(page, ['you']);
      await page.waitForSelector('svg.history-chart');
      const boxes = await page.$$eval('svg.history-chart text, svg.history-chart circle', (texts) => texts.map((x) => {
        const r = x.getBoundingClientRect();
        return { text: x.textContent, id: x.dataset.testid ?? '', left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      }));
      const labels = boxes.filter((b) => b.id === 'chart-top' || b.id === 'chart-bottom');
      assert.equal(labels.length, 2);
      for (const label of labels) {
        for (const other of boxes.filter((b) => b !== label && !b.id)) {
          const apart = label.right <= other.left || other.right <= label.left || label.bottom <= other.top || other.bottom <= label.top;
          assert.ok(apart, `"${label.text}" ${JSON.stringify(label)} overlaps "${other.text}" ${JSON.stringify(other)}`);
        }
      }
      await shot(page, `${name}-${lang}-value-chart`);
      page.checkClean();
      await page.context().close();
    });
  }

  test('switching to Chinese mid-game says the history\'s moves and nimlab\'s explanations in Chinese, spaced from Latin names', async () => {
    const page = await openPage(DESKTOP, '?game=nim&position=3,4,5&mode=play&first=me&values=1');
    await settled(page, ['you']);
    // A losing move: nimlab is then winning, which the history says.
    await moveOnHeaps(page, [3, 4, 5], [2, 4, 5], 'mouse');
    await atMove(page, 2, ['you']);
    const english = await page.$$eval('[data-testid=history-entry]', (b) => b.map((x) => x.textContent));
    assert.ok(english.some((e) => e.includes('take')), english.join('\n'));
    await page.click('[data-testid=lang-zh]');
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=history-entry]')].every((x) => !/take|nimlab (plays|is)/.test(x.textContent)));
    const chinese = await page.$$eval('[data-testid=history-entry]', (b) => b.map((x) => x.textContent));
    assert.ok(chinese.filter((e) => e.includes('取走')).length >= 2, chinese.join('\n'));
    assert.ok(chinese.some((e) => e.includes('nimlab 占优')), chinese.join('\n'));
    assert.ok(chinese.every((e) => !/nimlab[\u4e00-\u9fff]|[\u4e00-\u9fff]nimlab/.test(e)), chinese.join('\n'));
    await shot(page, 'desktop-zh-history-relabelled');
    page.checkClean();
    await page.context().close();
  });
});

describe('phone 390x844', () => {
  test('Wythoff at 20 33 on the grid by keyboard only (Chinese): the grid scrolls in its panel and follows the position', async () => {
    const page = await openPage(PHONE, '?lang=zh&game=wythoff&position=20,33');
    await settled(page);
    await page.waitForSelector('[data-testid=grid] button.current[data-cell="20,33"]');
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 390, 'the page is no wider than the phone');
    const inView = () => page.evaluate(() => {
      const box = document.querySelector('#grid-scroll').getBoundingClientRect();
      const cell = document.querySelector('[data-testid=grid] button.current').getBoundingClientRect();
      return cell.left >= box.left && cell.right <= box.right && cell.top >= box.top && cell.bottom <= box.bottom;
    });
    assert.ok(await inView(), 'the current cell is scrolled into the grid\'s view');
    await start(page, 'me', 'keyboard');
    await settled(page, ['you']);
    await shot(page, 'phone-zh-wythoff-play');
    await axeScan(page, 'phone play');
    const result = await playOut(page, wythoffWinning, async (from, to) => {
      await moveOnGrid(page, to, 'keyboard');
    });
    assert.equal(result, text('zh', 'result.youWin'));
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 390);
    await shot(page, 'phone-zh-wythoff-won');
    page.checkClean();
    await page.context().close();
  });

  test('Wythoff at 20 33 by tapping the grid (English); tap targets are at least 44 px', async () => {
    const page = await openPage(PHONE, '?game=wythoff&position=20,33', { hasTouch: true, isMobile: true });
    await settled(page);
    await page.waitForSelector('[data-testid=grid] button.current');
    const small = await page.evaluate(() => [...document.querySelectorAll('button, input, select')]
      .filter((e) => e.offsetParent !== null)
      // A checkbox's tap target is its whole label.
      .map((e) => (['checkbox', 'radio'].includes(e.type) ? e.closest('label') : e))
      .map((e) => ({ e, r: e.getBoundingClientRect() }))
      .filter(({ r }) => r.width < 44 || r.height < 44)
      .map(({ e, r }) => `${e.id || e.dataset.testid || e.dataset.cell || e.textContent} ${Math.round(r.width)}x${Math.round(r.height)}`));
    assert.deepEqual(small, [], 'every tap target is at least 44 x 44 px');
    await start(page, 'nimlab', 'mouse');
    const result = await playOut(page, (p) => wythoffWinning(p) ?? (p[1] > 0 ? [p[0], p[1] - 1] : [p[0] - 1, p[1]]), async (from, to) => {
      await page.locator(`[data-testid=grid] button[data-cell="${to[0]},${to[1]}"]`).scrollIntoViewIfNeeded();
      await page.tap(`[data-testid=grid] button[data-cell="${to[0]},${to[1]}"]`);
    });
    assert.equal(result, 'nimlab wins.');
    await shot(page, 'phone-en-wythoff-lost');
    page.checkClean();
    await page.context().close();
  });

  test('a full game of Nim on the heaps by keyboard only (English) and by tapping (Chinese)', async () => {
    const page = await openPage(PHONE, '?game=nim&position=3,4,5');
    await settled(page);
    await start(page, 'me', 'keyboard');
    const result = await playOut(page, nimWinning, (from, to) => moveOnHeaps(page, from, to, 'keyboard'));
    assert.equal(result, 'You win!');
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 390);
    await shot(page, 'phone-en-nim-won');
    const zh = await openPage(PHONE, '?lang=zh&game=nim&position=3,4,5', { hasTouch: true, isMobile: true });
    await settled(zh);
    await start(zh, 'me', 'mouse');
    await settled(zh, ['you']);
    await shot(zh, 'phone-zh-nim-play');
    await axeScan(zh, 'phone nim zh');
    const won = await playOut(zh, nimWinning, async (from, to) => {
      const i = to.findIndex((h, j) => h !== from[j]);
      await zh.tap(`[data-testid=board] button.token[data-heap="${i}"][data-leave="${to[i]}"]`);
    });
    assert.equal(won, text('zh', 'result.youWin'));
    await shot(zh, 'phone-zh-nim-won');
    // Every text of the page in Chinese: nothing of the English texts is left.
    const english = new Set(Object.values(TEXT.en));
    const shown = await zh.$$eval('[data-i18n]', (nodes) => nodes.map((n) => n.textContent));
    assert.deepEqual(shown.filter((s) => s && english.has(s)), []);
    assert.equal(await zh.isHidden('[data-testid=engine-language]'), true, 'the engine writes Chinese');
    for (const p of [page, zh]) { p.checkClean(); await p.context().close(); }
  });

  test('a shared game restores on a phone, and the language switch keeps the game', async () => {
    const page = await openPage(PHONE, '?game=wythoff&position=20,33&mode=play&first=me&moves=20,12~19,12');
    await settled(page, ['you']);
    assert.deepEqual(await boardPosition(page), [19, 12]);
    assert.equal(await page.textContent('[data-testid=error]'), '');
    await page.click('[data-testid=lang-zh]');
    assert.equal(await page.textContent('[data-testid=status]'), text('zh', 'board.yourTurn'));
    assert.deepEqual(await boardPosition(page), [19, 12]);
    assert.match(page.url(), /lang=zh.*moves=20,12~19,12/);
    await shot(page, 'phone-zh-restored');
    page.checkClean();
    await page.context().close();
  });
});

// ------------------------------------------------------------------------------------------
// The static folder with no network: the last test of the static run, as it stops the server.

describe('issue 40: what a person types is read by the engine, and a refused value says why', () => {
  for (const [lang, size] of [['en', DESKTOP], ['zh', PHONE]]) {
    test(`${lang}: full-width digits and commas in the address, a parameter, a sum's part and a typed move read as ASCII`, async () => {
      // The address as a Chinese keyboard types it: the same game and answers as its ASCII form.
      const wide = await openPage(size, `?lang=${lang}&game=subtraction&set=１，３，４&position=１０`);
      const ascii = await openPage(size, `?lang=${lang}&game=subtraction&set=1,3,4&position=10`);
      for (const p of [wide, ascii]) {
        await settled(p);
        await p.waitForFunction(() => document.querySelector('[data-testid=outcome]').textContent.length > 0);
      }
      assert.equal(await wide.isVisible('[data-testid=link-error]'), false, await wide.textContent('[data-testid=link-error]'));
      assert.equal(await wide.getAttribute('[data-testid=board]', 'data-position'), '10');
      for (const part of ['outcome', 'winning-moves', 'legal-moves']) {
        assert.equal(await wide.textContent(`[data-testid=${part}]`), await ascii.textContent(`[data-testid=${part}]`), part);
      }
      // Typed in the form: a parameter, then the position, with full-width commas, the
      // ideographic comma and space.
      await wide.fill('[data-testid=param-set]', '１、２');
      await wide.fill('[data-testid=position]', '７');
      await wide.click('[data-testid=analyse]');
      await wide.waitForFunction(() => document.querySelector('[data-testid=board]').dataset.position === '7' && document.body.dataset.turn === 'explore');
      assert.equal(await wide.textContent('[data-testid=error]'), '');
      assert.equal(await wide.textContent('[data-testid=outcome]'), text(lang, 'analysis.N'));
      // A move typed on a Chinese keyboard: to 6 (take 1).
      await wide.fill('[data-testid=move-to]', '６');
      await wide.click('[data-testid=move-submit]');
      await wide.waitForFunction(() => document.querySelector('[data-testid=board]').dataset.position === '6');
      // A sum whose parts are written with full-width digits and spaces.
      const sum = await openPage(size, `?lang=${lang}&part=nim+３+４&part=kayles\u3000５`);
      await settled(sum);
      assert.equal(await sum.isVisible('[data-testid=link-error]'), false, await sum.textContent('[data-testid=link-error]'));
      assert.equal(await sum.getAttribute('[data-testid=board]', 'data-position'), '(3 4) + (5)');
      for (const p of [wide, ascii, sum]) { p.checkClean(); await p.context().close(); }
    });

    test(`${lang}: two people at one screen: the values' help and legend speak of the player who moves, not of "you"`, async () => {
      const page = await openPage(size, `?lang=${lang}&game=cram&board=2x3&mode=play&sides=human,human&values=1`);
      await settled(page, ['you']);
      assert.equal(await page.isVisible('#moves-legend'), true);
      for (const selector of ['#values-help', '#moves-legend']) {
        const said = await page.textContent(selector);
        assert.ok(!(lang === 'en' ? /\byou\b/ : /你/).test(said), `${selector}: ${said}`);
      }
      assert.equal(await page.textContent('#moves-legend'), text(lang, 'moves.legend'));
      page.checkClean();
      await page.context().close();
    });

    test(`${lang}: a count or a set refused says why, in the form and in the address; a word that is not a number keeps the game`, async () => {
      const page = await openPage(size, `?lang=${lang}&game=subtraction&set=1,3,4&position=10`);
      await settled(page);
      const label = (await page.textContent('label[for=param-set]')).trim();
      for (const [value, key, vars] of [
        ['0,1', 'value.below-min', { member: 0, min: 1 }],
        ['1,,3', 'value.empty-item', { text: '1,,3' }],
        ['5..2', 'value.empty-range', { low: 5, high: 2 }],
        ['x', 'value.not-whole', { text: 'x' }],
      ]) {
        await page.fill('[data-testid=param-set]', value);
        await page.click('[data-testid=analyse]');
        await page.waitForFunction((v) => document.querySelector('[data-testid=error]').textContent.includes(v), value);
        const said = await page.textContent('[data-testid=error]');
        assert.ok(said.includes(filled(lang, key, vars)), `${value}: ${said}`);
        assert.ok(said.includes(value), `${value}: ${said}`);
        assert.equal(await page.getAttribute('[data-testid=board]', 'data-position'), '10', 'the game stays');
        await page.fill('[data-testid=param-set]', '1,3,4');
        await page.click('[data-testid=analyse]');
        await page.waitForFunction(() => document.querySelector('[data-testid=error]').textContent === '' && document.body.dataset.turn === 'explore');
      }
      assert.ok(label.length > 0);
      // A count: nimlab's Bash with at most 0 stones per move.
      await page.selectOption('[data-testid=game]', 'bash');
      await settled(page);
      await page.fill('[data-testid=param-max]', '０');
      await page.click('[data-testid=analyse]');
      await page.waitForFunction(() => document.querySelector('[data-testid=error]').textContent.includes('０'));
      assert.ok((await page.textContent('[data-testid=error]')).includes(filled(lang, 'value.at-least', { min: 1 })));
      // A position that is not numbers: the engine's word, and the game on the board stays.
      await page.fill('[data-testid=param-max]', '3');
      await page.fill('[data-testid=position]', '３；４');
      await page.click('[data-testid=analyse]');
      await page.waitForFunction(() => document.querySelector('[data-testid=error]').textContent.includes('3；4'));
      assert.equal(await page.textContent('[data-testid=error]'), filled(lang, 'error.badNumber', { word: '3；4' }));
      page.checkClean();
      await page.context().close();
      // In the address: the value's reason, and the game opens with the declared example.
      const link = await openPage(size, `?lang=${lang}&game=bash&max=0&position=10`);
      await settled(link);
      const why = filled(lang, 'server.invalid-value-why', { value: '0', label: lang === 'zh' ? '每步最多取几个' : 'most stones per move', reason: filled(lang, 'value.at-least', { min: 1 }) });
      assert.equal(await link.textContent('[data-testid=link-error]'), filled(lang, 'error.linkParam', { why, fallback: '3' }));
      assert.equal(await link.getAttribute('[data-testid=board]', 'data-position'), '10');
      assert.equal(new URL(link.url()).searchParams.get('max'), '3');
      // A position in the address the engine does not read: its reason, and the example.
      const position = await openPage(size, `?lang=${lang}&game=nim&position=3;x`);
      await settled(position);
      assert.equal(await position.textContent('[data-testid=link-error]'), filled(lang, 'error.linkPosition', {
        position: '3;x', why: filled(lang, 'server.bad-number', { value: '3;x' }), example: '3 4 5' }));
      for (const p of [link, position]) { p.checkClean(); await p.context().close(); }
    });
  }
});

describe('issue 40: the page\'s defects seen last time', () => {
  test('the Players menu names who sits in the two seats: you and nimlab, two people, nimlab against nimlab', async () => {
    for (const lang of ['en', 'zh']) {
      const page = await openPage(DESKTOP, `?lang=${lang}&game=nim&position=3,4,5`);
      await settled(page);
      const two = () => page.$eval('[data-testid=players] option[value="2"]', (o) => o.textContent);
      assert.equal(await two(), text(lang, 'setup.playersTwo'));
      await page.selectOption('[data-testid=side-2]', 'human');
      assert.equal(await two(), text(lang, 'setup.playersTwoPeople'));
      await page.selectOption('[data-testid=side-1]', 'nimlab');
      await page.selectOption('[data-testid=side-2]', 'nimlab');
      assert.equal(await two(), text(lang, 'setup.playersTwoNimlab'));
      page.checkClean();
      await page.context().close();
    }
    // Two people from the address, on a phone.
    const page = await openPage(PHONE, '?lang=zh&game=kayles&position=12&mode=play&sides=human,human');
    await settled(page);
    assert.equal(await page.$eval('[data-testid=players] option[value="2"]', (o) => o.textContent), text('zh', 'setup.playersTwoPeople'));
    page.checkClean();
    await page.context().close();
  });

  test('Hackenbush on a phone: every edge\'s mark stands on its edge, no two overlapping; the help names edges, Node-Kayles\' vertices', async () => {
    for (const lang of ['en', 'zh']) {
      const page = await openPage(PHONE, `?lang=${lang}&game=hackenbush&graph=grid:3x4&ground=${encodeURIComponent('(2,2)')}&position=`);
      await settled(page);
      const graph = '[data-testid=board] [data-testid=graph-0]';
      await page.waitForSelector(`${graph} .edge-button .graph-mark`);
      assert.equal(await page.textContent('#board-keys'), text(lang, 'board.graphHelpEdge'));
      const boxes = await page.$$eval(`${graph} .graph-mark`, (marks) => marks.map((m) => {
        const b = m.getBoundingClientRect();
        return [b.left, b.top, b.right, b.bottom];
      }));
      assert.equal(boxes.length, await page.locator(`${graph} .edge-button`).count(), 'each edge that is a move is marked');
      for (const [i, a] of boxes.entries()) {
        for (const b of boxes.slice(i + 1)) {
          const apart = a[2] <= b[0] || b[2] <= a[0] || a[3] <= b[1] || b[3] <= a[1];
          assert.ok(apart, `marks at ${a.map(Math.round)} and ${b.map(Math.round)} overlap`);
        }
      }
      if (lang === 'en') await shot(page, 'hackenbush-phone');
      page.checkClean();
      await page.context().close();
    }
    const page = await openPage(PHONE, '?lang=zh&game=node-kayles&graph=grid:2x3&position=');
    await settled(page);
    await page.waitForSelector('[data-testid=board] [data-testid=graph-0] .vertex-button');
    assert.equal(await page.textContent('#board-keys'), text('zh', 'board.graphHelpVertex'));
    page.checkClean();
    await page.context().close();
  });

  test('no blank gap above Move to position, at each size; a hint takes its place when asked for', async () => {
    for (const [size, lang] of [[DESKTOP, 'en'], [PROJECTOR, 'zh'], [PHONE, 'en']]) {
      const page = await openPage(size, `?lang=${lang}&game=nim&position=3,4,5&mode=play&first=me`);
      await settled(page, ['you']);
      const gap = () => page.evaluate(() => document.getElementById('move-form').getBoundingClientRect().top
        - document.getElementById('values-help').getBoundingClientRect().bottom);
      assert.ok(await gap() < 20, `${await gap()} px between the controls' help and Move to position`);
      await page.click('[data-testid=hint]');
      await page.waitForFunction(() => document.querySelector('[data-testid=hint-text]').textContent.length > 0);
      assert.equal(await page.isVisible('[data-testid=hint-text]'), true);
      page.checkClean();
      await page.context().close();
    }
  });

  test('Chomp typed 3 4 5 is shown as the engine reads it, 5 4 3, in the form, on the board, in the history and the address', async () => {
    for (const lang of ['en', 'zh']) {
      const page = await openPage(DESKTOP, `?lang=${lang}&game=chomp&position=3,4,5`);
      await settled(page);
      await page.waitForFunction(() => document.querySelector('[data-testid=board]').dataset.position === '5 4 3');
      assert.equal(await page.inputValue('[data-testid=position]'), '5 4 3');
      assert.match(await page.textContent('[data-testid=history-start]'), /5 4 3/);
      await page.waitForFunction(() => new URL(location.href).searchParams.get('position') === '5,4,3');
      // Typed in the form, the same.
      await page.fill('[data-testid=position]', '2 3');
      await page.click('[data-testid=analyse]');
      await page.waitForFunction(() => document.querySelector('[data-testid=board]').dataset.position === '3 2');
      await page.waitForFunction(() => document.querySelector('[data-testid=position]').value === '3 2');
      page.checkClean();
      await page.context().close();
    }
  });

  test('the history marks the position shown, the start too, by weight and a straight bar', async () => {
    for (const lang of ['en', 'zh']) {
      const page = await openPage(PROJECTOR, `?lang=${lang}&game=nim&position=3,4,5`);
      await settled(page);
      const look = (selector) => page.$eval(selector, (b) => [getComputedStyle(b).fontWeight, getComputedStyle(b).borderTopLeftRadius, getComputedStyle(b).boxShadow !== 'none']);
      assert.deepEqual(await look('[data-testid=history-start] button.entry'), ['700', '0px', true]);
      await page.click('[data-testid=board] [data-testid=heap-0] button.token >> nth=0');
      await page.waitForFunction(() => document.querySelector('[data-testid=board]').dataset.moves === '1');
      await settled(page);
      assert.deepEqual(await look('[data-testid=history-start] button.entry'), ['400', '0px', false]);
      assert.deepEqual(await look('.log button.entry[aria-current=step]'), ['700', '0px', true]);
      page.checkClean();
      await page.context().close();
    }
  });

  test('a sum\'s moves name their game in the page\'s punctuation: "game 1: ..." and "第 1 个游戏：..."', async () => {
    for (const [size, lang] of [[PROJECTOR, 'zh'], [PHONE, 'en']]) {
      const page = await openPage(size, `?lang=${lang}&part=nim+3+4&part=kayles+5`);
      await settled(page);
      const words = await page.$$eval('button.move .what', (spans) => spans.map((x) => x.textContent));
      const first = `${filled(lang, 'moves.part', { n: 1 })}${lang === 'zh' ? '：' : ': '}`;
      assert.ok(words.length > 0 && words.some((w) => w.startsWith(first)), words.join(' | '));
      if (lang === 'zh') assert.ok(words.every((w) => !w.includes(': ')), words.join(' | '));
      const part = filled(lang, 'moves.part', { n: 1 });
      const labels = await page.$$eval('[data-testid=board] [aria-label]', (all, p) => all.map((x) => x.getAttribute('aria-label')).filter((l) => l.startsWith(p)), part);
      assert.ok(labels.length > 0, 'the heaps of game 1 are named with their game');
      if (lang === 'zh') assert.ok(labels.every((l) => !l.includes(', ')), labels.join(' | '));
      page.checkClean();
      await page.context().close();
    }
  });

  test('a refused value in the address: the form shows the value in use, the message says why', async () => {
    for (const [size, lang] of [[DESKTOP, 'en'], [PHONE, 'zh']]) {
      const page = await openPage(size, `?lang=${lang}&game=bash&max=0&position=10`);
      await settled(page);
      assert.equal(await page.inputValue('[data-testid=param-max]'), '3');
      const why = filled(lang, 'server.invalid-value-why', { value: '0', label: lang === 'zh' ? '每步最多取几个' : 'most stones per move', reason: filled(lang, 'value.at-least', { min: 1 }) });
      assert.ok((await page.textContent('[data-testid=link-error]')).includes(why), await page.textContent('[data-testid=link-error]'));
      page.checkClean();
      await page.context().close();
    }
  });
});

test('the static folder: a first answer after loading, then a game of Nim played to the end with the file server stopped', { skip: MODE !== 'static' && 'the static folder only' }, async () => {
  // The first answer, from the start of loading (a new browser context each time: nothing
  // cached), twice. Its time is printed, and held only to 10 s, against a page that never answers:
  // the 1 s target is measured by measure.mjs (docs/playground.md), not by a timed test, which a
  // machine shared with builds fails at random.
  const firstAnswers = [];
  let page;
  for (let attempt = 0; attempt < 2; attempt++) {
    await page?.context().close();
    page = await openPage(DESKTOP, '?game=nim&position=3,4,5');
    await settled(page);
    await page.waitForFunction(() => document.querySelector('[data-testid=outcome]').textContent.length > 0);
    firstAnswers.push(Math.round(await page.evaluate(() => performance.now())));
  }
  console.log(`first answer ${firstAnswers.join(' and ')} ms after the page began loading`);
  assert.ok(Math.min(...firstAnswers) < 10000, `the first answer came ${firstAnswers.join(' and ')} ms after the page began loading`);
  // No server from now on: every answer comes from the page's worker.
  const stopped = new Promise((resolve) => server.once('exit', resolve));
  server.kill();
  await stopped;
  server = null;
  await start(page, 'nimlab', 'mouse');
  const result = await playOut(page, nimWinning, (from, to) => moveOnHeaps(page, from, to ?? from.map((h, i) => (i === from.findIndex((x) => x > 0) ? h - 1 : h)), 'mouse'));
  assert.equal(result, text('en', 'result.nimlabWins'), 'nimlab wins from an N-position it moves first in');
  // A new question after the network is gone, in Chinese.
  await page.click('[data-testid=lang-zh]');
  await page.fill('[data-testid=position]', '7 9 12');
  await page.click('[data-testid=analyse]');
  await page.waitForFunction(() => document.querySelector('[data-testid=board]').dataset.position === '7 9 12' && document.body.dataset.turn === 'explore');
  assert.equal(await page.textContent('[data-testid=error]'), '');
  await shot(page, 'static-offline-zh');
  page.checkClean();
  await page.context().close();
});
