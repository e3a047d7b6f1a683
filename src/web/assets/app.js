// nimlab playground: vanilla JavaScript over the JSON API; no external resources.
'use strict';

const $ = (id) => document.getElementById(id);

/** Calls GET /api/PATH with the parameters; resolves to the JSON, rejects with its message. */
async function api(path, params) {
  const query = new URLSearchParams(params).toString();
  const response = await fetch(`/api/${path}?${query}`);
  const body = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) throw new Error(body.error || `HTTP ${response.status}`);
  return body;
}

/** Heap sizes typed as "3 4 5" or "3,4,5" -> ["3", "4", "5"]. */
function parseNumbers(text) {
  return text.split(/[\s,]+/).filter((s) => s.length > 0);
}

const spaced = (numbers) => numbers.join(' ');

/** The game and its options, as API parameters (empty ones left out). */
function gameParams() {
  const params = { game: $('game').value };
  for (const key of ['max', 'set', 'k', 'limit']) {
    const value = $(key).value.trim();
    if (value) params[key] = value;
  }
  if ($('misere').checked) params.misere = '1';
  return params;
}

function showError(message) {
  $('error').textContent = message || '';
}

let games = [];

async function loadGames() {
  const list = await api('games', {});
  games = list.games;
  const select = $('game');
  for (const game of games) {
    const option = document.createElement('option');
    option.value = game.name;
    option.textContent = game.name;
    select.appendChild(option);
  }
  select.value = 'nim';
  showSummary();
}

function showSummary() {
  const game = games.find((g) => g.name === $('game').value);
  $('game-summary').textContent = game ? `${game.name}: ${game.summary}` : '';
}

// ---------------------------------------------------------------- analysis and grid

/** Counts analyses, so that an answer arriving after a newer request was made is dropped. */
let analysisNumber = 0;

/** Analyses the position typed in the form and draws the grid for two heaps. */
async function analyse() {
  showError('');
  const position = parseNumbers($('position').value);
  const number = ++analysisNumber;
  try {
    const a = await api('solve', { ...gameParams(), position: position.join(',') });
    if (number !== analysisNumber) return;
    $('a-position').textContent = `${a.game} ${spaced(a.position)}${a.play === 'misere' ? ' (misère)' : ''}`;
    const outcome = $('a-outcome');
    outcome.textContent = a.outcome === 'P'
      ? 'P: the player to move loses (the second player wins)'
      : 'N: the player to move wins';
    outcome.className = `outcome-${a.outcome}`;
    $('a-grundy').textContent = a.grundy === null ? (a.play === 'misere' ? 'undefined under misère play' : 'unknown') : String(a.grundy);
    $('a-reason').textContent = a.reason;
    $('a-basis').textContent = a.basis === 'theory' ? `theory: ${a.theorem}` : `search (${a.search_states} states)`;
    const moves = $('a-moves');
    moves.replaceChildren();
    if (a.winning_moves.length === 0) {
      const li = document.createElement('li');
      li.textContent = 'none: every move loses against best play';
      moves.appendChild(li);
    }
    for (const m of a.winning_moves) {
      const li = document.createElement('li');
      li.textContent = `${m.move} → ${spaced(m.to)}`;
      li.title = 'click to analyse this position';
      li.addEventListener('click', () => { $('position').value = spaced(m.to); analyse(); });
      moves.appendChild(li);
    }
    await drawGrid(a.position, number);
  } catch (error) {
    if (number === analysisNumber) showError(error.message);
  }
}

/** Draws the coloured grid of a two-heap game around `position`, or hides it. */
async function drawGrid(position, number) {
  const panel = $('grid-panel');
  const heaps = position.map(Number);
  if (heaps.length !== 2 || !heaps.every(Number.isSafeInteger) || Math.max(...heaps) > 59) {
    panel.hidden = true;
    return;
  }
  const size = Math.min(63, Math.max(15, Math.max(...heaps) + 4));
  const params = { ...gameParams(), rows: size, cols: size };
  if (params.misere) params.outcomes = '1';
  let table;
  try {
    table = await api('table', params);
  } catch (error) {
    if (number === analysisNumber) panel.hidden = true; // not a two-heap game (or its parameters are missing)
    return;
  }
  if (number !== analysisNumber) return;
  const options = new Set(playing() ? legalMoves.map((m) => spaced(m.to)) : []);
  const grid = document.createElement('table');
  const header = grid.insertRow();
  header.appendChild(document.createElement('th'));
  for (let c = 0; c <= table.cols; c++) {
    const th = document.createElement('th');
    th.textContent = c;
    header.appendChild(th);
  }
  table.cells.forEach((row, r) => {
    const tr = grid.insertRow();
    const th = document.createElement('th');
    th.textContent = r;
    tr.appendChild(th);
    row.forEach((cell, c) => {
      const td = tr.insertCell();
      const isP = cell === 'P' || cell === 0;
      td.textContent = cell === 0 ? 'P' : String(cell);
      td.className = [isP ? 'P' : 'N', r === heaps[0] && c === heaps[1] ? 'current' : '',
        options.has(`${r} ${c}`) ? 'option' : ''].join(' ').trim();
      td.dataset.cell = `${r},${c}`;
      td.title = `(${r}, ${c}): ${isP ? 'P-position' : 'N-position'}`;
      td.addEventListener('click', () => cellClicked(r, c));
    });
  });
  $('grid').replaceChildren(grid);
  panel.hidden = false;
}

/** During a game on the person's turn a click moves there; otherwise it sets the position. */
function cellClicked(r, c) {
  if (playing() && personToMove()) {
    personMove([String(r), String(c)]);
  } else {
    $('position').value = `${r} ${c}`;
    analyse();
  }
}

// ---------------------------------------------------------------- play

const play = { history: [], first: 'me', over: true, params: null };
let legalMoves = [];

const playing = () => play.history.length > 0 && !play.over;
const current = () => play.history[play.history.length - 1];
/** The person is to move when they moved first and an even number of moves were made, or the reverse. */
const personToMove = () => ((play.history.length - 1) % 2 === 0) === (play.first === 'me');

function log(who, text) {
  const li = document.createElement('li');
  li.className = who;
  li.textContent = text;
  $('log').appendChild(li);
}

async function startGame(first) {
  showError('');
  // Forget the previous game at once, before waiting for the server.
  play.history = [];
  play.over = true;
  $('log').replaceChildren();
  $('result').textContent = '';
  $('turn').textContent = '(starting)';
  const position = parseNumbers($('position').value);
  play.params = gameParams();
  try {
    const options = await api('options', { ...play.params, position: position.join(',') });
    play.history = [options.position.map(String)];
  } catch (error) {
    showError(error.message);
    return;
  }
  play.first = first;
  play.over = false;
  $('hint-text').textContent = '';
  $('game-area').hidden = false;
  log('start', `${play.params.game} from ${spaced(current())}; ${first === 'me' ? 'you move' : 'nimlab moves'} first`);
  await afterMove();
}

/** Shows the position, checks for the end of the game, and lets nimlab move on its turn. */
async function afterMove() {
  $('play-position').textContent = spaced(current());
  $('position').value = spaced(current());
  const options = await api('options', { ...play.params, position: current().join(',') });
  legalMoves = options.moves;
  if (legalMoves.length === 0) {
    finish();
  } else if (!personToMove()) {
    $('turn').textContent = '(nimlab is thinking)';
    const reply = await api('move', { ...play.params, position: current().join(',') });
    play.history.push(reply.move.to.map(String));
    log('nimlab', `nimlab: ${reply.move.move} → ${spaced(reply.move.to)} (${reply.explanation})`);
    await afterMove();
    return;
  } else {
    $('turn').textContent = '(your move)';
  }
  showLegalMoves();
  await analyse();
}

function showLegalMoves() {
  const box = $('legal-moves');
  box.replaceChildren();
  if (!playing()) return;
  for (const m of legalMoves) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = `${spaced(m.to)}`;
    button.title = m.move;
    button.dataset.to = spaced(m.to);
    button.addEventListener('click', () => personMove(m.to.map(String)));
    box.appendChild(button);
  }
}

/** The legal move leading to `typed`, or the only one whose position starts with it. */
function findMove(typed) {
  const exact = legalMoves.find((m) => spaced(m.to) === spaced(typed));
  if (exact) return exact;
  const prefixed = legalMoves.filter((m) => spaced(m.to.slice(0, typed.length)) === spaced(typed));
  return prefixed.length === 1 ? prefixed[0] : null;
}

async function personMove(typed) {
  showError('');
  if (!playing() || !personToMove()) return;
  const chosen = findMove(typed.map((n) => n.replace(/^0+(?=\d)/, '')));
  if (!chosen) {
    showError(`${spaced(typed)} is not a legal move from ${spaced(current())}`);
    return;
  }
  play.history.push(chosen.to.map(String));
  log('you', `you: ${chosen.move} → ${spaced(chosen.to)}`);
  $('move-to').value = '';
  $('hint-text').textContent = '';
  try {
    await afterMove();
  } catch (error) {
    showError(error.message);
  }
}

function finish() {
  play.over = true;
  const lastMoverIsPerson = !personToMove();
  const lastMoverWins = play.params.misere !== '1';
  const personWins = lastMoverIsPerson === lastMoverWins;
  $('turn').textContent = '(game over)';
  $('result').textContent = personWins ? 'You win!' : 'nimlab wins.';
  log('end', `no move is left: ${lastMoverIsPerson ? 'you' : 'nimlab'} made the last move, so ${personWins ? 'you win' : 'nimlab wins'}`);
}

async function hint() {
  if (!playing()) return;
  try {
    const a = await api('solve', { ...play.params, position: current().join(',') });
    const moves = a.winning_moves.map((m) => `${m.move} → ${spaced(m.to)}`).join('; ');
    $('hint-text').textContent = a.outcome === 'N'
      ? `You are winning. ${a.reason}. Winning moves: ${moves}`
      : `You are losing against best play: ${a.reason}`;
  } catch (error) {
    showError(error.message);
  }
}

async function undo() {
  if (!playing() || play.history.length < 3) {
    showError('nothing to undo');
    return;
  }
  play.history.splice(play.history.length - 2, 2);
  log('you', `undone: back to ${spaced(current())}`);
  await afterMove();
}

// ---------------------------------------------------------------- wiring

$('position-form').addEventListener('submit', (event) => { event.preventDefault(); analyse(); });
$('game').addEventListener('change', () => { showSummary(); analyse(); });
$('start-me').addEventListener('click', () => startGame('me'));
$('start-nimlab').addEventListener('click', () => startGame('nimlab'));
$('move-form').addEventListener('submit', (event) => {
  event.preventDefault();
  personMove(parseNumbers($('move-to').value));
});
$('hint').addEventListener('click', hint);
$('undo').addEventListener('click', undo);

loadGames().then(analyse).catch((error) => showError(error.message));
