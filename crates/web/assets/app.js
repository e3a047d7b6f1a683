// nimlab playground: plain JavaScript modules over the JSON API, nothing loaded from elsewhere.
//
// One model (`S`) holds the game being shown: its setup (game, parameters, misère, players, or
// the parts of a sum), the positions so far (`history`), who plays which seat, and what the
// server said about the current position. Every change of position takes a new step token and
// aborts the requests of the old one, so a late answer can never land in a newer game. The page
// is drawn from the model; the URL holds the setup and the moves, so a game can be shared and
// survives a reload.

import { LANGUAGES, TEXT, translate } from './i18n.js';

const TEXT_KEYS = new Set(Object.keys(TEXT.en));
import { graphPicture, gridPicture, historyChart, sequenceChart } from './draw.js';
import { ask, onBusy, stop } from './engine.js';

const $ = (id) => document.getElementById(id);

/** Heaps above this size are not drawn stone by stone. */
const MAX_STONES = 60;
/** The grid is drawn when both numbers are at most this. */
const MAX_GRID_NUMBER = 58;
/** Players offered. */
const MAX_PLAYERS = 6;
/** Legal moves listed at most (the board and the grid reach every move). */
const MAX_LISTED_MOVES = 150;
/** Stop is offered when a question has taken this long. */
const STOP_AFTER_MS = 400;
/** Moves replayed from a shared address at most. */
const MAX_REPLAY = 400;

/** An element with attributes (`text` for its text, `on` for listeners) and children. */
function el(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'text') element.textContent = value;
    else if (key === 'class') element.className = value;
    else if (key === 'on') for (const [event, handler] of Object.entries(value)) element.addEventListener(event, handler);
    else if (key === 'dataset') Object.assign(element.dataset, value);
    else element.setAttribute(key, value === true ? '' : String(value));
  }
  element.append(...children.filter((c) => c !== null && c !== undefined && c !== false));
  return element;
}

// ---------------------------------------------------------------- the model

const S = {
  lang: 'en',
  /** How many typed texts the engine is reading (readTyped); the page is not settled meanwhile. */
  reading: 0,
  /** The Position text of the form the game on the board started from (one game). */
  typedStart: null,
  /** The games of /api/games. */
  games: [],
  /** The games whose positions the API lays out as graphs (learned from its answers). */
  graphGames: new Set(),
  /** For each of those, what its layouts have made clickable: 'vertex', 'edge' or both. */
  graphClicks: new Map(),
  /** Of those, the games drawn as boards of cells (the layout's `cells`). */
  cellGames: new Set(),
  /** Of those, the games with a poisoned cell (the layout's `poisoned`): a click takes a square
   * with those above it and to its right, nothing is covered. */
  poisonGames: new Set(),
  /** The games whose positions the API reads as coins (learned from the coins of its answers). */
  coinGames: new Set(),
  /** The languages the engine writes its reasons in. */
  engineLanguages: ['en'],
  /** How many occurrences of a position (same player to move) draw a loopy game (/api/games). */
  drawRepetitions: 3,
  /** The API's fixed bounds (`limits` of /api/games): the most cells a table may have, ... */
  limits: null,
  /** What the setup form shows (kept across redraws and languages). */
  form: {
    kind: 'single', game: '', params: {}, position: '', misere: false, players: 2, parts: [],
    sides: ['human', 'human'], mistakes: 0, delay: 0,
  },
  /** What was wrong with the shared address, kept until the next game is started by hand. */
  linkProblems: [],
  /** The setup of the game on the board (a copy of the form when it started). */
  setup: null,
  /** 'explore' (the person moves for every side) or 'play' (against nimlab). */
  mode: 'explore',
  /** In play: 'me' when the person has seat 0, 'nimlab' when nimlab's seat 0 moves first. */
  first: 'me',
  /**
   * In play with two players: who plays each side, 'human' or 'nimlab' (two people on one screen,
   * a person against nimlab either way round, or nimlab against itself). With more players the
   * person has the seat `first` names and nimlab the others.
   */
  sides: ['human', 'nimlab'],
  /** nimlab's strength: the chance, in percent, that it plays a random legal move (0: perfect). */
  mistakes: 0,
  /** The pause before nimlab's move, in milliseconds, so that the class sees it coming. */
  delay: 0,
  /** The positions so far; the first is the start. */
  history: [],
  /** One entry per move: {seat, text, part}. */
  log: [],
  /** The value of each position of `history` once known (see `valueOf`). */
  values: [],
  /**
   * The position at each index of `history` as the engine counts it for the draw by repetition
   * (`repetition_key` of /api/options: "4 2 1" and "1 2 4" are one position of Fair Shares).
   */
  keys: [],
  /**
   * The later moves of the game while an earlier position is reviewed, the next one last:
   * {position, entry, value}. They are kept until a different move is made, and while there are
   * any nimlab waits (Redo replays its recorded move).
   */
  redo: [],
  /** The game reached its end: its record is complete, and its values show while it is reviewed. */
  ended: false,
  showValues: true,
  /** Class mode (`class=1`): the setup as one line, the board large, values off at the start. */
  classMode: false,
  /** In class mode, the setup form opened by "Change the game". */
  setupOpen: false,
  over: false,
  result: null,
  /** What the server said about the current position: {moves, value, analysis, analysisError, movesError}. */
  here: null,
  /** True while nimlab chooses its move. */
  thinking: false,
  /** A failed step to try again. */
  retry: null,
  /** The step token: every change of position takes a new one. */
  step: 0,
  controller: new AbortController(),
  grid: null,
  /** The zoomed-out picture of the grid: 0 (the board's own grid) or its size, 50, 100 or 200. */
  zoom: 0,
  /** The picture fetched for `zoom`: {key, zoom, answer} (the reports' PNG and its P-positions). */
  picture: null,
  sequence: null,
  /** The one-heap chart's range: null (around the current heap) or the last heap shown. */
  sequenceUpto: null,
  /** Where keyboard focus was on the board, to put it back after a redraw. */
  focus: null,
  /** A candidate list open after a click on a stone: {moves, label}. */
  chooser: null,
  /** The pin selected on a board of pins, waiting for the second click: {part, row, pin}. */
  pinPick: null,
  /** The coins selected on a board of coins, to be turned together: {part, keys: ['3', ...] or ['2,4', ...]}. */
  coinPick: null,
  message: '',
  /** Tables being fetched. */
  loading: new Set(),
};

const t = (key, vars) => translate(S.lang, key, vars);
const gameInfo = (name) => S.games.find((g) => g.name === name);

/**
 * A text of a game from its declaration (/api/games): `name` (its title), `rules` or `position`,
 * in the page's language, else the declaration's English.
 */
function gameText(name, field) {
  const info = gameInfo(name);
  if (!info) return name;
  const key = field === 'name' ? 'title' : field;
  return info.texts?.[S.lang]?.[key] || info[key] || (field === 'name' ? name : '');
}

/** How a game's position is drawn, from its declaration: {board, token}. */
const drawingOf = (game) => gameInfo(game)?.drawing ?? { board: 'heaps', token: 'stone' };
/** The first game of the registry: the default of a page without a game. */
const firstGame = () => S.games[0].name;

/** A label with its first letter in capitals (declarations write them in lower case). */
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

function paramText(game, param, field) {
  return gameInfo(game)?.texts?.[S.lang]?.params?.[param.name]?.[field] ?? param[field];
}

const isSum = () => S.setup?.kind === 'sum';
/** A game whose positions may repeat (its declaration's loopy capability): draws are possible. */
const loopyGame = (game) => gameInfo(game)?.capabilities?.loopy != null;
const isLoopy = () => !isSum() && Boolean(S.setup) && loopyGame(S.setup.game);
/**
 * A game of a repeating game ends in a draw when the same position, with the same player to
 * move, occurs this many times: the rule of `nimlab play`, served by /api/games.
 */
const drawRepetitions = () => S.drawRepetitions;
/**
 * How many times the current position has occurred with the same player to move, the positions
 * compared by the engine's repetition keys (as `nimlab play` counts).
 */
function repetitions() {
  const key = S.keys[movesMade()];
  if (key === undefined) return 0;
  return S.history.filter((_, i) => (movesMade() - i) % 2 === 0 && S.keys[i] !== undefined && same(S.keys[i], key)).length;
}
/** A generalized Sprague-Grundy value as the command line writes it: a nimber, or ∞(K). */
const loopyValueText = (v) => (v === null || v === undefined ? null : typeof v === 'object' ? `∞(${v.infinite.join(',')})` : String(v));
/** The game and its parameters (with misère play) as one text, to key cached tables. */
const setupKey = () => (S.setup && !isSum() ? JSON.stringify(gameKeys(S.setup)) : '');
const players = () => (isSum() ? 2 : S.setup?.players ?? 2);
const current = () => S.history[S.history.length - 1];
const movesMade = () => S.history.length - 1;
/** The seat to move at history index `i`. */
const seatAt = (i) => i % players();
/** Who plays `seat`: 'human' or 'nimlab' (in exploration the person moves for every side). */
function sideOf(seat) {
  if (S.mode === 'explore') return 'human';
  if (players() === 2) return S.sides[seat] ?? 'nimlab';
  return seat === (S.first === 'me' ? 0 : 1) ? 'human' : 'nimlab';
}
/** The seats people play. */
const humanSeats = () => Array.from({ length: players() }, (_, seat) => seat).filter((seat) => sideOf(seat) === 'human');
/** The person's seat when one person plays against nimlab, else -1 (two people, or nimlab alone). */
const personSeat = () => (S.mode === 'play' && humanSeats().length === 1 ? humanSeats()[0] : -1);
/** True when one person plays against nimlab ("you" and "nimlab" name the sides). */
const againstNimlab = () => personSeat() >= 0;
const personToMove = () => sideOf(seatAt(movesMade())) === 'human';
const canPersonMove = () => S.here && S.here.moves && !S.over && !S.thinking && personToMove();

/** Numbers as strings, leading zeros dropped. */
const normal = (n) => String(n).replace(/^0+(?=\d)/, '');
/** The numbers of a position the page wrote itself ("3 4 5", "3,4,5"; a shared game's moves). What a
 * person types is read by the engine (readTyped). */
const parseNumbers = (text) => String(text).split(/[\s,]+/).filter((s) => s.length > 0);
const spaced = (numbers) => numbers.join(' ');
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
/** A position as text: "3 4 5", or for a sum "(3 4) + (3 5)". */
const showPosition = (position) => (Array.isArray(position[0])
  ? position.map((p) => `(${spaced(p) || '∅'})`).join(' + ')
  : spaced(position) || '∅');
const size = (n) => (String(n).length > 15 ? Infinity : Number(n));

// ---------------------------------------------------------------- the API

/**
 * GET /api/PATH with `params` (arrays repeat a key), from the server or the page's worker
 * (engine.js); resolves to the JSON, rejects with the engine's message. Aborted when the step
 * changes.
 */
async function api(path, params, signal = S.controller.signal) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    // An empty position is sent as one (a graph's whole graph); other empty values are left out.
    if (value === undefined || value === null || (value === '' && key !== 'position') || value === false) continue;
    for (const item of Array.isArray(value) ? value : [value]) query.append(key, item === true ? '1' : String(item));
  }
  if (S.lang !== 'en' && S.engineLanguages.includes(S.lang) && path !== 'games') query.append('lang', S.lang);
  let response;
  try {
    response = await ask(path, query.toString(), signal);
  } catch (error) {
    if (error.name === 'AbortError') throw error;
    const failed = new Error(t('error.network', { message: error.message }));
    failed.network = true;
    throw failed;
  }
  let body = null;
  try {
    body = JSON.parse(response.body);
  } catch {
    // Not JSON: a proxy's page (below).
  }
  if (response.status < 200 || response.status > 299) {
    // A proxy's page, or a server that went away mid-answer: worth trying again.
    if (!body) {
      const failed = new Error(t('error.network', { message: `HTTP ${response.status}` }));
      failed.network = true;
      throw failed;
    }
    const failed = new Error(serverMessage(body, params.game));
    failed.kind = body.kind;
    failed.detail = body.detail ?? null;
    // A server failure (5xx) may pass; a refused question (4xx) or a limit reached (422) will not.
    failed.network = response.status >= 500;
    throw failed;
  }
  return body;
}

/**
 * A server error in the page's language: worded from its typed `detail` (the engine's code and
 * what it names: a game, a parameter, a value) or its `kind` (what ran out); the server's English
 * message only when neither says more. `asked` is the game the request named, if one.
 */
function serverMessage(body, asked) {
  const d = body.detail;
  if (d && TEXT_KEYS.has(`server.${d.code}`)) {
    // A parameter is the game's the error names, else the game asked about, else the game on the board's.
    const game = d.game ?? asked ?? (isSum() ? undefined : S.setup?.game);
    const info = gameInfo(game);
    const param = info?.params.find((p) => p.name === d.param);
    // A value the engine says why it refused: its reason too (an octal code without a point),
    // worded here from its kind for a count, a set or a flag (`fault`).
    const reason = d.fault ? valueFault(d.fault) : d.reason?.[S.lang] ?? d.reason?.en;
    const key = d.code === 'invalid-value' && reason ? 'server.invalid-value-why' : `server.${d.code}`;
    return t(key, {
      ...d,
      game: info ? gameText(game, 'name') : d.game,
      label: param ? paramText(game, param, 'label') : d.param,
      // A reason the engine wrote in every language it writes.
      reason,
      error: body.error,
    });
  }
  if (['budget', 'deadline', 'memory', 'cancelled'].includes(body.kind)) return t(`server.${body.kind}`);
  return t('server.other', { error: body.error ?? `HTTP ${body.status}` });
}

/** Why a count, a set or a flag was refused (the engine's `fault`), in the page's language. */
const valueFault = (fault) => (fault.kind === 'out-of-bounds' && fault.max === null
  ? t('value.at-least', fault) : t(`value.${fault.kind}`, fault));

const aborted = (error) => error?.name === 'AbortError';

/** A game's parameters as API keys (flags as 1, repeatable ones as arrays, empty ones left out). */
function paramKeys(game, values) {
  const out = {};
  for (const param of gameInfo(game)?.params ?? []) {
    const value = values[param.name];
    if (param.kind === 'flag') {
      if (value) out[param.name] = '1';
    } else if (param.repeatable) {
      const items = (value ?? []).map((v) => String(v).trim()).filter(Boolean);
      if (items.length) out[param.name] = items;
    } else if (value !== undefined && String(value).trim() !== '') {
      out[param.name] = String(value).trim();
    }
  }
  return out;
}

/** The keys of a single game's setup (without the position). */
function gameKeys(setup) {
  return { game: setup.game, ...paramKeys(setup.game, setup.params), misere: setup.misere && setup.players === 2 ? '1' : '' };
}

/** A part of a sum in the API's part syntax: "subtraction 10 --set 1,3,4". */
function partText(part, numbers) {
  const words = [part.game, ...numbers];
  for (const [key, value] of Object.entries(paramKeys(part.game, part.params))) {
    const info = gameInfo(part.game).params.find((p) => p.name === key);
    for (const item of Array.isArray(value) ? value : [value]) {
      words.push(`--${key}`);
      if (info.kind !== 'flag') words.push(item);
    }
  }
  return words.join(' ');
}

/** The legal moves of `position` as {move, to, part?, partTo?, value?}, plus the position's value. */
async function movesAt(setup, position, withValues, signal) {
  if (setup.kind === 'sum') {
    const lists = await Promise.all(setup.parts.map((part, i) => api('options', {
      game: part.game, ...paramKeys(part.game, part.params), position: positionKey(part.game, position[i]),
    }, signal)));
    const moves = [];
    lists.forEach((list, i) => {
      list.moves.forEach((m, index) => {
        const to = position.map((p, j) => (j === i ? m.to.map(normal) : p));
        moves.push({ move: m.move, to, part: i + 1, partTo: m.to.map(normal), index });
      });
    });
    return { moves, value: null, layouts: lists.map((list) => list.layout ?? null), coins: lists.map((list) => list.coins ?? null) };
  }
  const values = withValues && setup.players === 2;
  const list = await api('options', { ...gameKeys(setup), position: positionKey(setup.game, position), values: values ? '1' : '' }, signal);
  return {
    position: list.position.map(normal),
    repetitionKey: list.repetition_key,
    moves: list.moves.map((m, index) => ({ move: m.move, to: m.to.map(normal), value: m.value ?? null, index })),
    value: list.value ?? null,
    valuesError: list.values_error ?? null,
    layouts: [list.layout ?? null],
    coins: [list.coins ?? null],
  };
}

/** The analysis of `position`: solve for two players, for n players, or of the sum. */
function analyse(setup, position, signal, all = false) {
  if (setup.kind !== 'sum' && loopyGame(setup.game)) {
    return api('solve', { ...gameKeys(setup), position: positionKey(setup.game, position) }, signal).then(loopyAnalysis);
  }
  if (setup.kind === 'sum') {
    return api('solve', { part: setup.parts.map((part, i) => partText(part, position[i])), all: '1' }, signal);
  }
  return api('solve', {
    ...gameKeys(setup), position: positionKey(setup.game, position),
    players: setup.players > 2 ? setup.players : '', all: all ? '1' : '',
  }, signal);
}

/**
 * The loopy engine's answer (one token: the whole position) in the shape of the page's analysis:
 * its good moves (winning from an N-position, keeping the draw from a D-position) as the list
 * of moves to show, with the value each leaves.
 */
function loopyAnalysis(a) {
  return {
    ...a,
    loopy: true,
    position: a.tokens[0].position.split(' '),
    winning_moves: a.moves.map((m) => ({ to: m.to.split(' '), value_after: m.value_after })),
  };
}

// ---------------------------------------------------------------- steps

/** A new step: the old step's requests are aborted and its answers will be dropped. */
function newStep() {
  S.controller.abort();
  S.controller = new AbortController();
  S.step += 1;
  S.chooser = null;
  S.pinPick = null;
  S.coinPick = null;
  $('share-note').replaceChildren();
  return S.step;
}

const live = (token) => token === S.step;

/** Starts a game (or an exploration) of `setup` from `start`. */
function begin(setup, start, mode, first) {
  const token = newStep();
  S.setup = setup;
  S.mode = mode;
  S.first = first;
  S.history = [start];
  S.log = [];
  S.values = [];
  S.keys = [];
  S.redo = [];
  S.ended = false;
  S.over = false;
  S.result = null;
  S.here = null;
  S.thinking = false;
  S.retry = null;
  // In class mode nothing of the answer shows until someone asks for it.
  S.showValues = mode === 'explore' && !S.classMode;
  S.message = '';
  showError('');
  $('hint-text').replaceChildren();
  return token;
}

/** Learns what the current position offers, ends the game or lets nimlab move. */
async function arrive(token) {
  S.here = null;
  S.retry = null;
  render();
  const setup = S.setup;
  const position = current();
  const signal = S.controller.signal;
  const [moves, analysis] = await Promise.allSettled([
    // The moves' values (a repeating game's by the engine's loopy analysis, with draws).
    movesAt(setup, position, true, signal),
    analyse(setup, position, signal),
  ]);
  if (!live(token)) return;
  if ([moves, analysis].some((r) => r.status === 'rejected' && aborted(r.reason))) return;
  // The engine refused the position itself (not a limit): nothing to draw or play.
  const refusal = moves.status === 'rejected' && moves.reason.kind === 'usage' && moves.reason.detail?.code !== 'too-large-for-search';
  // Numbers too large to list the moves of: the winning moves the analysis names are playable.
  const winningOnly = moves.status === 'rejected' && moves.reason.detail?.code === 'too-large-for-search'
    && analysis.status === 'fulfilled' && Array.isArray(analysis.value.winning_moves) && !analysis.value.parts;
  const here = {
    refused: refusal,
    winningOnly,
    moves: moves.status === 'fulfilled' ? moves.value.moves
      : winningOnly ? analysis.value.winning_moves.map((w, index) => ({ move: w.move, to: w.to.map(normal), value: null, index })) : null,
    value: moves.status === 'fulfilled' ? moves.value.value : null,
    valuesError: moves.status === 'fulfilled' ? moves.value.valuesError : null,
    layouts: moves.status === 'fulfilled' ? moves.value.layouts : [],
    coins: moves.status === 'fulfilled' ? moves.value.coins : [],
    movesError: moves.status === 'rejected' && !winningOnly ? moves.reason.message : null,
    analysis: analysis.status === 'fulfilled' ? analysis.value : null,
    analysisError: analysis.status === 'rejected' ? analysis.reason.message : null,
  };
  // The position as the game keeps it (Large Nim sorts its heaps and drops empty ones, Chomp's
  // rows are longest first); the form's Position says so too while it holds the start typed.
  if (moves.status === 'fulfilled' && moves.value.position) {
    const kept = moves.value.position;
    if (movesMade() === 0 && !isSum() && S.form.kind !== 'sum' && S.form.position === S.typedStart
      && spaced(kept) !== spaced(S.history[0])) {
      S.form.position = spaced(kept);
      S.typedStart = S.form.position;
      const field = $('position');
      if (field && document.activeElement !== field) field.value = S.form.position;
    }
    const moved = spaced(kept) !== spaced(S.history[movesMade()]);
    S.history[movesMade()] = kept;
    // The address holds the start as kept too.
    if (moved && movesMade() === 0) updateUrl();
  }
  S.keys[movesMade()] = moves.status === 'fulfilled' ? moves.value.repetitionKey : undefined;
  S.here = here;
  // The games whose answers come with a layout are drawn as graphs, also while the next loads.
  const games = isSum() ? setup.parts.map((p) => p.game) : [setup.game];
  (here.layouts ?? []).forEach((layout, i) => {
    if (layout) S.graphGames.add(games[i]);
    if (layout) {
      const clicks = S.graphClicks.get(games[i]) ?? new Set();
      if (layout.vertices.some((v) => v.move !== null)) clicks.add('vertex');
      if (layout.edges.some((e) => e.move !== null)) clicks.add('edge');
      S.graphClicks.set(games[i], clicks);
    }
    if (layout?.cells) S.cellGames.add(games[i]);
    if (layout?.cells && layout.poisoned !== null && layout.poisoned !== undefined) S.poisonGames.add(games[i]);
  });
  (here.coins ?? []).forEach((coins, i) => { if (coins) S.coinGames.add(games[i]); });
  S.message = '';
  S.values[movesMade()] = valueOf(here);
  if (here.movesError) {
    showError(here.movesError);
    if (moves.reason.network) S.retry = () => arrive(token);
  }
  if (here.moves && here.moves.length === 0 && !winningOnly) {
    finish();
    return;
  }
  if (isLoopy() && repetitions() >= drawRepetitions()) {
    finish(true);
    return;
  }
  render();
  if (S.mode === 'play' && here.moves && !personToMove() && !reviewing()) await nimlabMoves(token);
  else announceTurn();
}

/**
 * The value of the position after `i` moves for the history, from what the engine said there
 * (`value` of the options, `analysis`): who wins from it (a seat) and the remoteness.
 */
function valueOf(here, i = movesMade()) {
  if (players() === 2 && !isSum() && here.value) {
    if (here.value.outcome === 'D') return { winner: null, draw: true, remoteness: null };
    return { winner: here.value.outcome === 'N' ? seatAt(i) : seatAt(i + 1), remoteness: here.value.remoteness };
  }
  const a = here.analysis;
  if (!a) return null;
  if (a.loopy && a.outcome === 'D') return { winner: null, draw: true, remoteness: null };
  if (a.loopy) return { winner: a.outcome === 'N' ? seatAt(i) : seatAt(i + 1), remoteness: a.remoteness };
  // n players: the engine names the winner's seat counted from the player to move.
  if (a.players) return { winner: (seatAt(i) + a.winner) % players(), remoteness: null };
  return { winner: a.outcome === 'N' ? seatAt(i) : seatAt(i + 1), remoteness: null };
}

/**
 * The game is over at the current position: the engine's answer there says who won; or, with
 * `draw`, a repeating game ended as a draw by repetition.
 */
function finish(draw = false) {
  S.over = true;
  S.ended = true;
  const i = movesMade();
  const value = S.values[i];
  S.result = { winner: !draw && value ? value.winner : null, mover: seatAt(i), moves: i, draw };
  if (!value) showError(S.here.analysisError || '');
  render();
  const title = $('result-title');
  announce(`${title.textContent} ${$('result-detail').textContent}`, true);
  if (document.activeElement === document.body || $('board-panel').contains(document.activeElement)) title.focus();
}

/** nimlab's move: by remoteness for two players, an optimal move for n players, the sum's winning move. */
async function nimlabMoves(token) {
  S.thinking = true;
  render();
  try {
    const started = Date.now();
    const chosen = await nimlabChoice(token);
    // The delay chosen for the class: nimlab's move shows after it, not at once.
    const wait = S.delay - (Date.now() - started);
    if (wait > 0) await new Promise((resolve) => { setTimeout(resolve, wait); });
    if (!live(token)) return;
    S.thinking = false;
    play(chosen, false);
  } catch (error) {
    if (!live(token) || aborted(error)) return;
    S.thinking = false;
    if (error.network) S.retry = () => nimlabMoves(token);
    showError(t('error.nimlabFailed', { message: error.message }));
    render();
  }
}

async function nimlabChoice() {
  const setup = S.setup;
  const position = current();
  const signal = S.controller.signal;
  // A weaker nimlab: the engine draws its mistakes from a seed the page picks for each move.
  const seed = S.mistakes > 0 ? crypto.getRandomValues(new Uint32Array(1))[0] : '';
  // The request is kept with the move, so that its explanation can be asked again in
  // another language (the same seed draws the same move).
  if (setup.kind === 'sum') {
    const ask = { part: setup.parts.map((part, i) => partText(part, position[i])), mistakes: S.mistakes || '', seed };
    const reply = await api('move', ask, signal);
    if (!reply.reply) throw new Error('no move');
    const { part, move, explanation } = reply.reply;
    const chosen = S.here.moves.find((m) => m.part === part && same(m.partTo, move.to.map(normal)));
    if (!chosen) throw new Error('no move');
    return { ...chosen, explanation, ask };
  }
  if (setup.players > 2) {
    const a = S.here.analysis;
    if (!a) throw new Error(S.here.analysisError || 'no analysis');
    const best = a.winning_moves[0];
    return { move: best.move, to: best.to.map(normal) };
  }
  const ask = { ...gameKeys(setup), position: positionKey(setup.game, position), mistakes: S.mistakes || '', seed };
  const reply = await api('move', ask, signal);
  if (!reply.reply) throw new Error('no move');
  return { move: reply.reply.move.move, to: reply.reply.move.to.map(normal), explanation: reply.reply.explanation, ask };
}

/**
 * Makes `move` (from the legal moves) for the seat to move. While an earlier position is
 * reviewed, the recorded next move keeps the rest of the game; a different one drops it.
 */
function play(move, byPerson) {
  const seat = seatAt(movesMade());
  const from = current();
  const token = newStep();
  const next = S.redo[S.redo.length - 1];
  S.history.push(move.to);
  S.log.push({ seat, text: move.move, part: move.part, explanation: move.explanation, ask: move.ask, from, to: move.to });
  if (next && same(next.position, move.to)) {
    S.redo.pop();
    S.values[movesMade()] = next.value;
  } else if (next) {
    S.redo = [];
    S.ended = false;
  }
  $('hint-text').replaceChildren();
  showError('');
  announce(t('announce.moved', { who: seatName(seat, true), from: showPosition(from), to: showPosition(move.to) }), !byPerson);
  updateUrl();
  arrive(token);
}

/** The person's move, if it is theirs to make. */
function personMove(move) {
  if (!canPersonMove()) return;
  play(move, true);
}

/** An earlier position is shown and the later moves are kept (nimlab waits meanwhile). */
const reviewing = () => S.redo.length > 0;
/** Undo and Redo step from one turn of a person to the next when people play against nimlab. */
const byTurns = () => S.mode === 'play' && humanSeats().length > 0;

/** The last move of the history goes to the later moves. */
function stepBack() {
  S.redo.push({ position: S.history.pop(), entry: S.log.pop(), value: S.values[S.history.length] });
  S.values.length = S.history.length;
}

/** The next later move comes back into the history. */
function stepForward() {
  const { position, entry, value } = S.redo.pop();
  S.history.push(position);
  S.log.push(entry);
  S.values[S.history.length - 1] = value;
}

/**
 * Shows the position the history now ends at: a new step (nimlab's pending move, if any, is
 * dropped) and what the position offers.
 */
function review() {
  const token = newStep();
  S.thinking = false;
  S.over = false;
  S.result = null;
  showError('');
  updateUrl();
  arrive(token);
}

/** Undo: back to the person's previous turn (in exploration, or with nimlab on every seat, one move). */
function undo() {
  if (!canUndo()) return;
  do stepBack(); while (byTurns() && !personToMove() && S.history.length > 1);
  review();
}

/** Undo is possible during and after the game ("where did I go wrong?"), nimlab's thinking included. */
function canUndo() {
  if (S.history.length < 2) return false;
  if (!byTurns()) return true;
  for (let i = S.history.length - 2; i >= 0; i--) if (sideOf(seatAt(i)) === 'human') return true;
  return false;
}

/** Redo: the later moves, up to the person's next turn (in exploration, or with nimlab on every seat, one move). */
function redo() {
  if (!canRedo()) return;
  do stepForward(); while (byTurns() && !personToMove() && S.redo.length);
  review();
}

const canRedo = () => S.redo.length > 0;

/**
 * The position after `moves` moves (0: the start), in every mode, during and after the game:
 * the moves after it stay, to be replayed by Redo or by making them again.
 */
function goTo(moves) {
  const target = Math.max(0, Math.min(moves, S.history.length - 1 + S.redo.length));
  while (S.history.length - 1 > target) stepBack();
  while (S.history.length - 1 < target) stepForward();
  review();
}

/** The whole game, the later moves included: {positions, log, values}. */
function wholeGame() {
  const later = [...S.redo].reverse();
  return {
    positions: [...S.history, ...later.map((r) => r.position)],
    log: [...S.log, ...later.map((r) => r.entry)],
    values: [...S.history.map((_, i) => S.values[i]), ...later.map((r) => r.value)],
  };
}

// ---------------------------------------------------------------- starting

/**
 * The setup in the form with its start as typed (a text; a sum's, one per part); throws with a
 * message to show.
 */
function formSetup() {
  const f = S.form;
  if (f.kind === 'sum') {
    if (!f.parts.length) throw new Error(t('error.emptySum'));
    const parts = f.parts.map((p) => ({ game: p.game, params: structuredClone(p.params) }));
    return { setup: { kind: 'sum', parts, players: 2, misere: false }, typed: f.parts.map((p) => p.position) };
  }
  if (!gameInfo(f.game)) throw new Error(t('error.noGame'));
  const players = loopyGame(f.game) ? 2 : f.players;
  const setup = { kind: 'single', game: f.game, params: structuredClone(f.params), misere: f.misere, players };
  return { setup, typed: f.position };
}

/**
 * The numbers of a position of `game` (with `params`) typed as `text`, read by the engine's one
 * reader of positions (/api/position: numbers or a row of coins, separated by spaces or commas,
 * a Chinese keyboard's full-width forms too). Throws the engine's refusal in the page's words.
 */
async function readTyped(game, params, text) {
  if (String(text).trim() === '' && !emptyAllowed(game)) throw new Error(t('error.emptyPosition'));
  // Its own signal: a step of the game on the board does not cancel the reading.
  const signal = new AbortController().signal;
  S.reading += 1;
  renderStatus();
  try {
    const read = await api('position', { game, ...paramKeys(game, params), position: String(text) }, signal);
    return read.position.map(normal);
  } finally {
    S.reading -= 1;
    renderStatus();
  }
}

/** The message of a refused start typed in the form: a word not a number says the game stays. */
const typedError = (error) => (error.detail?.code === 'bad-number' ? t('error.badNumber', { word: error.detail.value }) : error.message);

/**
 * The start of a form's setup (formSetup): its numbers, read by the engine; a sum's, one list per
 * part. Throws the first refusal, with `part` the index of the part refused.
 */
async function readStart({ setup, typed }) {
  if (setup.kind !== 'sum') return readTyped(setup.game, setup.params, typed);
  const start = [];
  for (const [i, part] of setup.parts.entries()) {
    try {
      start.push(await readTyped(part.game, part.params, typed[i]));
    } catch (error) {
      error.part = i;
      throw error;
    }
  }
  return start;
}

/** Starts from the form: an exploration, or a game against nimlab. */
async function startFromForm(mode, first) {
  let chosen;
  // The message of an earlier attempt no longer applies.
  showError('');
  try {
    chosen = formSetup();
    chosen.start = await readStart(chosen);
  } catch (error) {
    // A typo in the form leaves the game on the board as it is (the address keeps it too).
    showError(typedError(error));
    return;
  }
  // "Play with these players" takes the sides chosen in the form; the other buttons put the person
  // first or second against nimlab.
  if (mode === 'play') {
    S.sides = first === 'sides' ? [...S.form.sides] : first === 'me' ? ['human', 'nimlab'] : ['nimlab', 'human'];
    // With more than two players nimlab plays its optimal move (the strength is for two).
    S.mistakes = chosen.setup.players > 2 ? 0 : S.form.mistakes;
    S.delay = S.form.delay;
  }
  const seat = first === 'sides' ? (S.sides[0] === 'human' ? 'me' : 'nimlab') : first;
  S.typedStart = chosen.typed;
  const token = begin(chosen.setup, chosen.start, mode, seat);
  // Class mode folds the setup away again once its game is on the board, focus going to the board.
  if (S.classMode && S.setupOpen) {
    S.setupOpen = false;
    renderClassMode();
    if ($('setup-form').contains(document.activeElement)) $('board-panel').focus({ preventScroll: true });
    $('board-panel').scrollIntoView({ block: 'start' });
  }
  S.message = mode === 'play' ? t('board.starting') : '';
  // On a phone the board is below the form: bring it into view for the game.
  if (mode === 'play' && matchMedia('(max-width: 760px)').matches) $('board-panel').scrollIntoView();
  updateUrl();
  await arrive(token);
}

/** A game the person starts from the form: what was wrong with the address no longer applies. */
function startByHand(mode, first) {
  S.linkProblems = [];
  return startFromForm(mode, first);
}

function rematch(swap) {
  if (!S.setup) return;
  const first = swap ? (S.first === 'me' ? 'nimlab' : 'me') : S.first;
  if (swap) S.sides = [...S.sides].reverse();
  const token = begin(S.setup, S.history[0], 'play', first);
  updateUrl();
  arrive(token);
  S.focus = null;
  $('board-panel').focus();
}

// ---------------------------------------------------------------- the URL

/** Writes the setup, the mode, the moves and the language into the address (reload keeps them). */
function updateUrl() {
  const q = new URLSearchParams();
  if (S.lang !== 'en') q.set('lang', S.lang);
  if (S.classMode) q.set('class', '1');
  if (S.zoom) q.set('zoom', String(S.zoom));
  if (S.setup) {
    if (isSum()) {
      S.setup.parts.forEach((part, i) => q.append('part', partText(part, S.history[0][i])));
    } else {
      q.set('game', S.setup.game);
      for (const [key, value] of Object.entries(paramKeys(S.setup.game, S.setup.params))) {
        for (const item of Array.isArray(value) ? value : [value]) q.append(key, item);
      }
      q.set('position', S.history[0].join(','));
      if (S.setup.misere && S.setup.players === 2) q.set('misere', '1');
      if (S.setup.players > 2) q.set('players', String(S.setup.players));
    }
    if (S.mode === 'play') {
      q.set('mode', 'play');
      // A person against nimlab keeps the short form (first=me or first=nimlab).
      if (players() === 2 && !againstNimlab()) q.set('sides', S.sides.join(','));
      else q.set('first', players() === 2 ? (S.sides[0] === 'human' ? 'me' : 'nimlab') : S.first);
      if (S.mistakes) q.set('mistakes', String(S.mistakes));
      if (S.delay) q.set('delay', String(S.delay));
    }
    // The whole game, each move as the engine's options name its target (what a replay
    // matches); `at` the position reviewed, when it is an earlier one.
    const { log } = wholeGame();
    if (log.length) {
      q.set('moves', log.map(({ to }) => (isSum() ? to.map((x) => x.join(',')).join('.') : to.join(','))).join('~'));
    }
    if (reviewing()) q.set('at', String(movesMade()));
    if (S.showValues !== (S.mode === 'explore' && !S.classMode)) q.set('values', S.showValues ? '1' : '0');
  }
  const text = [...q].map(([k, v]) => `${urlText(k)}=${urlText(v)}`).join('&');
  history.replaceState(null, '', text ? `?${text}` : location.pathname);
}

/**
 * A position of `game` as the API's `position` key. Large Nim drops empty heaps, so its games end
 * at the position without heaps, which the engine lists as a move but takes only written as "0";
 * on a graph the numbers say what is gone, and none is the whole graph.
 */
const positionKey = (game, numbers) => (numbers.length || emptyAllowed(game) ? numbers.join(',') : '0');

/** May a position of `game` be empty? Where its declared example is (a graph game's whole graph). */
const emptyAllowed = (game) => gameInfo(game)?.example_position === '';

/** A key or value of the address, readable: commas and spaces (as +) left as they are. */
const urlText = (s) => encodeURIComponent(s).replace(/%2C/g, ',').replace(/%20/g, '+');

/** The keys of the address besides a game's parameters. */
const URL_KEYS = ['lang', 'game', 'part', 'position', 'misere', 'players', 'mode', 'first', 'sides', 'mistakes', 'delay', 'moves', 'at', 'values', 'class', 'zoom'];
/** The sizes of the grid's zoomed-out picture. */
const ZOOMS = [0, 50, 100, 200];
/** The sides a person can choose for each seat. */
const SIDES = ['human', 'nimlab'];
/** nimlab's strengths offered: the chance of a random move, in percent. */
const MISTAKES = [0, 10, 25, 50, 100];
/** The delays offered before nimlab's move, in milliseconds. */
const DELAYS = [0, 500, 1000, 2000];

/**
 * Reads a game from the address into the form; returns {mode, first, moves, values} or null.
 * Never fails: what cannot be read is named in `S.linkProblems` (one message each: an unknown
 * game, a bad position, a bad part of a sum, unknown keys or values) and replaced by a usable
 * default, so a broken link still opens a game.
 */
function readUrl() {
  const q = new URLSearchParams(location.search);
  const problems = [];
  S.linkProblems = problems;
  S.classMode = q.get('class') === '1';
  if (LANGUAGES.includes(q.get('lang'))) S.lang = q.get('lang');
  else if (q.has('lang')) problems.push(['error.linkValue', { key: 'lang', value: q.get('lang') }]);
  const parts = q.getAll('part');
  let game = q.get('game');
  if (!parts.length && game === null) {
    const unknown = [...new Set([...q.keys()].filter((k) => !URL_KEYS.includes(k)))];
    if (unknown.length) problems.push(['error.linkKey', { keys: unknown.map((k) => `'${k}'`).join(', ') }]);
    // The settings are read without a game too: a wrong one is named, not dropped silently.
    if (q.has('players')) readPlayers(q, problems);
    checkValues(q, problems);
    return null;
  }
  const own = new Set(URL_KEYS);
  let sum = false;
  if (parts.length) {
    const read = [];
    parts.forEach((text, i) => {
      try {
        read.push(readPart(text));
      } catch (error) {
        problems.push(['error.linkPart', { n: i + 1, part: text, why: error.message }]);
      }
    });
    if (read.length) {
      sum = true;
      S.form.kind = 'sum';
      S.form.parts = read;
    } else {
      game = firstGame();
    }
  }
  if (!sum) {
    // A position of another game means nothing in this one: the default game at its example.
    const known = Boolean(gameInfo(game));
    if (!known) {
      problems.push(['error.linkGame', { game, title: gameText(firstGame(), 'name') }]);
      game = firstGame();
    }
    const info = gameInfo(game);
    S.form.kind = 'single';
    S.form.game = game;
    S.form.params = defaults(game);
    for (const param of info.params) {
      own.add(param.name);
      const values = q.getAll(param.name);
      if (!values.length) continue;
      if (param.kind === 'flag') S.form.params[param.name] = ['1', 'true', 'yes'].includes(values[0]);
      else if (param.repeatable) S.form.params[param.name] = values;
      else S.form.params[param.name] = values[0];
    }
    const position = known ? q.get('position') : info.example_position;
    if ((position === null || position.trim() === '') && !emptyAllowed(game)) {
      problems.push(['error.linkNoPosition', { example: info.example_position }]);
      S.form.position = info.example_position;
    } else if (position === null) {
      // No position, and the game's start is the empty one (Cram's empty board): the start.
      S.form.position = '';
    } else {
      // As typed: the engine reads it when the game starts (restore), a wrong one named there.
      S.form.position = position;
    }
    S.form.misere = q.get('misere') === '1';
    if (q.has('misere') && !['0', '1'].includes(q.get('misere'))) problems.push(['error.linkValue', { key: 'misere', value: q.get('misere') }]);
    S.form.players = readPlayers(q, problems);
  }
  const unknown = [...new Set([...q.keys()].filter((k) => !own.has(k)))];
  if (unknown.length) problems.push(['error.linkKey', { keys: unknown.map((k) => `'${k}'`).join(', ') }]);
  checkValues(q, problems);
  const sides = q.has('sides') ? q.get('sides').split(',') : null;
  const first = q.get('first') === 'nimlab' ? 'nimlab' : 'me';
  S.form.sides = sides && !problems.some(([, v]) => v.key === 'sides') ? sides
    : first === 'me' ? ['human', 'nimlab'] : ['nimlab', 'human'];
  S.form.mistakes = MISTAKES.includes(Number(q.get('mistakes'))) ? Number(q.get('mistakes')) : 0;
  if (!sum && S.form.players > 2 && S.form.mistakes) problems.push(['error.linkStrength', { p: S.form.mistakes }]);
  S.form.delay = DELAYS.includes(Number(q.get('delay'))) ? Number(q.get('delay')) : 0;
  S.zoom = ZOOMS.includes(Number(q.get('zoom'))) ? Number(q.get('zoom')) : 0;
  // The moves only when the game is the one they were made in.
  const trusted = !problems.some(([key]) => ['error.linkGame', 'error.linkPosition', 'error.linkNoPosition', 'error.linkPart'].includes(key));
  const moves = (trusted && q.get('moves') ? q.get('moves').split('~') : [])
    .map((p) => (sum ? p.split('.').map((x) => parseNumbers(x).map(normal)) : parseNumbers(p).map(normal)));
  // The position reviewed: after `at` of the moves (all of them when absent).
  let at = null;
  if (q.has('at')) {
    at = /^\d+$/.test(q.get('at')) ? Number(q.get('at')) : null;
    if (at === null || at > moves.length) problems.push(['error.linkValue', { key: 'at', value: q.get('at') }]);
  }
  return {
    mode: q.get('mode') === 'play' ? 'play' : 'explore',
    first: q.get('first') === 'nimlab' ? 'nimlab' : 'me',
    moves: moves.slice(0, MAX_REPLAY),
    at,
    values: q.get('values'),
  };
}

/** The address's number of players (2 when absent); a wrong one is named in `problems`, and 2 used. */
function readPlayers(q, problems) {
  const n = Number(q.get('players') ?? 2);
  const players = Number.isInteger(n) && n >= 2 && n <= MAX_PLAYERS ? n : 2;
  if (players !== n) problems.push(['error.linkPlayers', { n: q.get('players'), max: MAX_PLAYERS }]);
  return players;
}

/** Names in `problems` each setting of the address with a value the page does not offer. */
function checkValues(q, problems) {
  for (const [key, allowed] of [['mode', ['play', 'explore']], ['first', ['me', 'nimlab']], ['values', ['0', '1']],
    ['mistakes', MISTAKES.map(String)], ['delay', DELAYS.map(String)], ['zoom', ZOOMS.map(String)]]) {
    if (q.has(key) && !allowed.includes(q.get(key))) problems.push(['error.linkValue', { key, value: q.get(key) }]);
  }
  const sides = q.has('sides') ? q.get('sides').split(',') : null;
  if (sides && !(sides.length === 2 && sides.every((x) => SIDES.includes(x)))) {
    problems.push(['error.linkValue', { key: 'sides', value: q.get('sides') }]);
  }
}

/** A part "subtraction 10 --set 1,3,4" back into the form's part; throws, in the page's language, what is wrong. */
function readPart(text) {
  const words = text.split(/\s+/).filter(Boolean);
  const game = words.shift();
  const info = gameInfo(game);
  if (!info) throw new Error(t('error.linkPartGame', { game: game ?? '' }));
  const params = defaults(game);
  const seen = new Set();
  const numbers = [];
  while (words.length) {
    const word = words.shift();
    if (word.startsWith('--')) {
      const param = info.params.find((p) => p.name === word.slice(2));
      if (!param) throw new Error(t('error.linkPartParam', { param: word.slice(2) }));
      if (param.kind === 'flag') params[param.name] = true;
      else if (param.repeatable) {
        if (!seen.has(param.name)) params[param.name] = [];
        seen.add(param.name);
        params[param.name].push(words.shift());
      } else params[param.name] = words.shift();
    } else numbers.push(word);
  }
  return { game, params, position: numbers.length ? numbers.join(' ') : info.example_position };
}

/**
 * The legal moves of the current position (see movesAt), its value recorded for the history:
 * from the options' values (`byOptions`), else from the analysis (none when it fails).
 */
async function valuedMoves(byOptions) {
  const signal = S.controller.signal;
  const [options, analysis] = await Promise.all([
    movesAt(S.setup, current(), byOptions, signal),
    byOptions ? null : analyse(S.setup, current(), signal).catch((error) => { if (aborted(error)) throw error; return null; }),
  ]);
  S.values[movesMade()] = valueOf({ value: options.value, analysis }, movesMade());
  S.keys[movesMade()] = options.repetitionKey;
  return options;
}

/**
 * The address's setup (formSetup) with its start read by the engine. What the engine does not
 * read is named in `S.linkProblems` and replaced, as readUrl does (the game's example position,
 * a parameter's default, a sum without the part), and the moves dropped: a broken link still
 * opens a game. Throws only what no replacement mends.
 */
async function readLinked(saved) {
  for (;;) {
    const chosen = formSetup();
    try {
      chosen.start = await readStart(chosen);
      // The form shows the position as read ("3,4,5" as 3 4 5).
      if (S.form.kind === 'sum') chosen.start.forEach((numbers, i) => { S.form.parts[i].position = numbers.join(' '); });
      else S.form.position = chosen.start.join(' ');
      return chosen;
    } catch (error) {
      if (aborted(error)) throw error;
      const d = error.detail ?? {};
      saved.moves = [];
      saved.at = null;
      if (S.form.kind === 'sum' && error.part !== undefined) {
        const [part] = S.form.parts.splice(error.part, 1);
        S.linkProblems.push(['error.linkPart', { n: error.part + 1, part: `${part.game} ${part.position}`, why: error.message }]);
        if (!S.form.parts.length) {
          S.form.kind = 'single';
          S.form.game = firstGame();
          S.form.params = defaults(S.form.game);
          S.form.position = gameInfo(S.form.game).example_position;
        }
      } else if (S.form.kind !== 'sum' && ['bad-number', 'too-many-numbers', 'too-many-digits'].includes(d.code)) {
        const example = gameInfo(S.form.game).example_position;
        if (S.form.position === example) throw error;
        S.linkProblems.push(['error.linkPosition', { position: S.form.position, why: error.message, example }]);
        S.form.position = example;
      } else if (S.form.kind !== 'sum' && d.code === 'invalid-value' && d.param in S.form.params
        && !same(S.form.params[d.param], defaults(S.form.game)[d.param])) {
        const fallback = defaults(S.form.game)[d.param];
        const shown = [fallback].flat().join(' ');
        S.linkProblems.push(shown ? ['error.linkParam', { why: error.message, fallback: shown }] : ['error.linkParamDefault', { why: error.message }]);
        S.form.params[d.param] = fallback;
      } else throw error;
    }
  }
}

/**
 * Restores a shared game: replays its moves, each checked against the legal moves, with the value
 * of every position (so that a finished game reopens with its value history), and shows the
 * position after `at` moves with the later ones kept.
 */
async function restore(saved) {
  let chosen;
  try {
    chosen = await readLinked(saved);
  } catch (error) {
    renderForm();
    showError(t('error.badUrl', { message: error.message }));
    return;
  }
  // The form shows what is in use: the position as read, a refused value's replacement.
  renderForm();
  S.typedStart = S.form.position;
  S.sides = [...S.form.sides];
  S.mistakes = chosen.setup.players > 2 ? 0 : S.form.mistakes;
  S.delay = S.form.delay;
  const token = begin(chosen.setup, chosen.start, saved.mode, saved.first);
  S.message = t('board.restoring');
  render();
  // Two players: the options' values say it (with draws where positions repeat); else the analysis.
  const byOptions = players() === 2 && !isSum();
  for (const [n, next] of saved.moves.entries()) {
    let list;
    try {
      list = await valuedMoves(byOptions);
    } catch (error) {
      if (!live(token) || aborted(error)) return;
      showError(t('error.badUrl', { message: error.message }));
      break;
    }
    if (!live(token)) return;
    const move = list.moves.find((m) => same(m.to, next));
    if (!move) {
      showError(t('error.replay', { n: n + 1, to: showPosition(next), from: showPosition(current()) }));
      break;
    }
    S.log.push({ seat: seatAt(movesMade()), text: move.move, part: move.part, from: current(), to: move.to });
    S.history.push(move.to);
  }
  if (saved.values === '1' || saved.values === '0') S.showValues = saved.values === '1';
  S.message = '';
  if (saved.at !== null && saved.at < movesMade()) {
    // The last position's value, then back to the one reviewed.
    try {
      if ((await valuedMoves(byOptions)).moves.length === 0) S.ended = true;
    } catch (error) {
      if (!live(token) || aborted(error)) return;
    }
    if (!live(token)) return;
    while (movesMade() > saved.at) stepBack();
  }
  updateUrl();
  await arrive(token);
}

// ---------------------------------------------------------------- the setup form

/** The default parameter values of a game: its default, else its example for a required one. */
function defaults(game) {
  const values = {};
  for (const param of gameInfo(game)?.params ?? []) {
    if (param.kind === 'flag') values[param.name] = param.default === 'true';
    else if (param.repeatable) values[param.name] = param.default ? [param.default] : param.required ? [param.example] : [];
    else values[param.name] = param.default ?? (param.required ? param.example : '');
  }
  return values;
}

function gameSelect(id, value, onChange, testid, games = S.games) {
  const select = el('select', { id, 'data-testid': testid, on: { change: (e) => onChange(e.target.value) } });
  for (const game of games) {
    select.append(el('option', { value: game.name, text: `${gameText(game.name, 'name')}` }));
  }
  select.value = value;
  return select;
}

/**
 * The fields of a game's parameters, from its declaration: a number, a set, a switch, or a list
 * of texts; each with its plain-language label, its help and its default.
 */
function paramFields(game, values, prefix, onInput) {
  const box = el('div', { class: 'params' });
  const info = gameInfo(game);
  if (!info.params.length) box.append(el('p', { class: 'help', text: t('setup.paramsNone') }));
  for (const param of info.params) {
    const id = `${prefix}${param.name}`;
    const helpId = `${id}-help`;
    const label = capital(paramText(game, param, 'label'));
    let help = paramText(game, param, 'help');
    if (param.default) help += ` (${t('setup.default', { value: param.default })})`;
    if (param.kind === 'flag') {
      const input = el('input', {
        type: 'checkbox', id, 'data-testid': `param-${param.name}`, 'aria-describedby': helpId,
        on: { change: (e) => { values[param.name] = e.target.checked; onInput(); } },
      });
      input.checked = Boolean(values[param.name]);
      box.append(el('div', { class: 'param' }, el('label', { class: 'choice', for: id }, input, el('span', { text: label })),
        el('p', { class: 'help', id: helpId, text: help })));
    } else if (param.repeatable) {
      const list = el('ul', { class: 'repeat', 'aria-label': label });
      const items = values[param.name];
      items.forEach((item, k) => {
        const input = el('input', {
          id: `${id}-${k}`, value: item, 'data-testid': `param-${param.name}-${k}`, 'aria-describedby': helpId,
          'aria-label': `${label} ${k + 1}`, placeholder: param.example, spellcheck: 'false',
          on: { input: (e) => { items[k] = e.target.value; onInput(); } },
        });
        const remove = el('button', {
          type: 'button', class: 'small', text: '×', 'aria-label': t('setup.removeMove'), title: t('setup.removeMove'),
          on: { click: () => { items.splice(k, 1); renderForm(); onInput(); } },
        });
        list.append(el('li', {}, input, items.length > 1 ? remove : null));
      });
      const add = el('button', {
        type: 'button', class: 'small', text: `+ ${t('setup.addMove')}`, 'data-testid': `param-${param.name}-add`,
        on: { click: () => { items.push(''); renderForm(); $(`${id}-${items.length - 1}`)?.focus(); } },
      });
      box.append(el('div', { class: 'param' }, el('span', { class: 'label', id: `${id}-label`, text: label }), list, add,
        el('p', { class: 'help', id: helpId, text: help })));
    } else {
      const input = el('input', {
        id, value: values[param.name] ?? '', 'data-testid': `param-${param.name}`, 'aria-describedby': helpId,
        placeholder: param.default ?? param.example, inputmode: param.kind === 'count' ? 'numeric' : undefined,
        required: param.required, spellcheck: 'false', size: param.kind === 'count' ? 6 : 14,
        on: { input: (e) => { values[param.name] = e.target.value; onInput(); } },
      });
      box.append(el('div', { class: 'param' },
        el('label', { class: 'field', for: id }, el('span', { text: label + (param.required ? ` (${t('setup.required')})` : '') }), input),
        el('p', { class: 'help', id: helpId, text: help })));
    }
  }
  return box;
}

/** The position field of a game. */
function positionField(game, value, id, onInput, testid) {
  const info = gameInfo(game);
  const helpId = `${id}-help`;
  const input = el('input', {
    id, value, 'data-testid': testid, inputmode: 'numeric', spellcheck: 'false', 'aria-describedby': helpId, size: 16,
    on: { input: (e) => onInput(e.target.value) },
  });
  return el('div', { class: 'param' },
    el('label', { class: 'field', for: id }, el('span', { text: t('setup.position') }), input),
    el('p', { class: 'help', id: helpId, text: t(info.example_position === '' ? 'setup.positionHelpEmpty' : 'setup.positionHelp', { what: gameText(game, 'position'), example: info.example_position }) }));
}

/** Draws the setup form from `S.form`. */
function renderForm() {
  const f = S.form;
  $('kind-single').checked = f.kind === 'single';
  $('kind-sum').checked = f.kind === 'sum';
  $('single-setup').hidden = f.kind !== 'single';
  $('sum-setup').hidden = f.kind !== 'sum';
  const focused = document.activeElement?.id;
  if (f.kind === 'single' && gameInfo(f.game)) {
    const select = gameSelect('game', f.game, (name) => chooseGame(name), 'game');
    $('single-setup').replaceChildren(
      el('label', { class: 'field', for: 'game' }, el('span', { text: t('setup.game') }), select),
      el('p', { class: 'rules', id: 'rules', 'data-testid': 'rules', text: gameText(f.game, 'rules') }),
      paramFields(f.game, f.params, 'param-', () => {}),
      positionField(f.game, f.position, 'position', (v) => { f.position = v; }, 'position'),
    );
  } else {
    $('single-setup').replaceChildren();
  }
  if (f.kind === 'sum') {
    // A sum's parts are games that end (the server sums them by their SG values).
    const ending = S.games.filter((g) => !loopyGame(g.name));
    $('parts').replaceChildren(...f.parts.map((part, i) => {
      const select = gameSelect(`part${i}-game`, part.game, (name) => {
        f.parts[i] = { game: name, params: defaults(name), position: gameInfo(name).example_position };
        renderForm();
        $(`part${i}-game`).focus();
      }, `part-game-${i}`, ending);
      return el('li', { class: 'part', 'aria-label': t('setup.part', { n: i + 1 }) },
        el('div', { class: 'part-head' },
          el('label', { class: 'field', for: `part${i}-game` }, el('span', { text: t('setup.part', { n: i + 1 }) }), select),
          el('button', {
            type: 'button', class: 'small', text: '×', 'aria-label': t('setup.removePart', { n: i + 1 }), title: t('setup.removePart', { n: i + 1 }),
            on: { click: () => { f.parts.splice(i, 1); renderForm(); } },
          })),
        el('p', { class: 'rules', text: gameText(part.game, 'rules') }),
        paramFields(part.game, part.params, `part${i}-`, () => {}),
        positionField(part.game, part.position, `part${i}-position`, (v) => { part.position = v; }, `part-position-${i}`));
    }));
  }
  const n = $('players');
  n.replaceChildren(...Array.from({ length: MAX_PLAYERS - 1 }, (_, k) => el('option', {
    value: k + 2, text: k === 0 ? twoPlayersText(f.sides) : t('setup.playersN', { n: k + 2 }),
  })));
  // A repeating game is played by two (draws are a two-player notion here).
  const two = f.kind === 'sum' || loopyGame(f.game);
  n.value = two ? '2' : String(f.players);
  n.disabled = two;
  const sideNames = { human: t('sides.human'), nimlab: t('sides.nimlab') };
  ['side-1', 'side-2'].forEach((id, seat) => {
    $(id).replaceChildren(...SIDES.map((side) => el('option', { value: side, text: sideNames[side] })));
    $(id).value = f.sides[seat];
  });
  $('strength').replaceChildren(...MISTAKES.map((p) => el('option', {
    value: p, text: p === 0 ? t('sides.perfect') : p === 100 ? t('sides.random') : t('sides.mistakes', { p }),
  })));
  $('strength').value = String(f.mistakes);
  $('delay').replaceChildren(...DELAYS.map((ms) => el('option', {
    value: ms, text: ms === 0 ? t('sides.noDelay') : t('sides.seconds', { s: ms / 1000 }),
  })));
  $('delay').value = String(f.delay);
  // Sides are chosen for two players; with more, the person plays one seat against nimlab.
  $('sides').hidden = !two && f.players > 2;
  $('play-sides').hidden = $('sides').hidden;
  // Why the strength is not offered with more players.
  $('sides-many').hidden = !$('sides').hidden;
  $('misere').checked = f.misere;
  $('misere').disabled = f.kind === 'sum' || (!two && f.players > 2);
  if (focused && $(focused) && document.activeElement !== $(focused)) $(focused).focus();
}

/** The Players menu's two-player entry, naming who sits in the two seats of Who plays. */
function twoPlayersText(sides) {
  const people = sides.filter((side) => side === 'human').length;
  return t(['setup.playersTwoNimlab', 'setup.playersTwo', 'setup.playersTwoPeople'][people]);
}

/** A new game in the form: its defaults and example position, then an analysis of that. */
function chooseGame(name) {
  S.form.game = name;
  S.form.params = defaults(name);
  S.form.position = gameInfo(name).example_position;
  renderForm();
  $('game').focus();
  startByHand('explore', 'me');
}

// ---------------------------------------------------------------- drawing the board

/** What the number at `index` of a game's position is, from the game's declared board. */
function roleOf(game, index) {
  const { board } = drawingOf(game);
  if (board === 'heap-and-limit' && index === 1) return 'limit';
  if (board === 'steps') return 'step';
  if (board === 'piles') return 'pile';
  if (board === 'pins') return 'row';
  return 'heap';
}

const tokenClass = (game) => drawingOf(game).token;

/** What a move means for the player making it: {good, text}, or null when unknown or hidden. */
function verdict(move) {
  const seat = seatAt(movesMade());
  if (isSum()) {
    const a = S.here?.analysis;
    if (!a || !a.moves_complete) return null;
    const good = a.winning_moves.some((w) => w.part === move.part && same(w.to.map(normal), move.partTo));
    return { good, text: good ? t('moves.win') : t('moves.lose') };
  }
  if (players() > 2) {
    const options = S.here?.analysis?.options;
    const option = options?.find((o) => same(o.to.map(normal), move.to));
    if (!option) return null;
    // The engine names who wins after the move, counted in seats from the player making it.
    const winner = (seat + option.winner) % players();
    return { good: winner === seat, text: t('moves.seatWins', { seat: winner + 1 }) };
  }
  if (!move.value) return null;
  // A draw (a game whose positions repeat): keeping it is good from a drawn position; from a
  // won one it gives the win away.
  if (move.value.outcome === 'D') {
    const drawn = S.here?.value?.outcome === 'D';
    return { good: drawn, text: t(drawn ? 'moves.keepsDraw' : 'moves.noWin') };
  }
  const good = move.value.outcome === 'P';
  const r = move.value.remoteness;
  if (good && r === 0) return { good, text: t('moves.winNow') };
  const key = `${good ? 'moves.win' : 'moves.lose'}${r === 1 ? 'R1' : 'R'}`;
  return { good, text: t(key, { r }) };
}

/** The values show on request, and once the game has ended (also while it is reviewed). */
const valuesVisible = () => S.showValues || S.over || S.ended;

function heapLabel(game, index, part) {
  const role = roleOf(game, index);
  // Numbered from 1, as the engine's move texts number them ("take 2 from pile 1").
  const name = t({ step: 'board.step', pile: 'board.pile', row: 'board.row' }[role] ?? 'board.heap', { n: index + 1 });
  return part ? t('board.partHeap', { part: t('moves.part', { n: part }), heap: name }) : name;
}

/**
 * The help of a board of graphs: a click on a vertex, on an edge, or on either, as the engine's
 * layouts of `games` have made them clickable (either while none is known yet).
 */
function graphHelp(games) {
  const clicks = new Set(games.flatMap((g) => [...(S.graphClicks.get(g) ?? [])]));
  if (clicks.size === 1) return clicks.has('vertex') ? 'board.graphHelpVertex' : 'board.graphHelpEdge';
  return 'board.graphHelp';
}

/** A move's words, after the part of a sum it is made in (from 1; none for one game), in the page's punctuation. */
const inPart = (part, move) => (part ? t('moves.inPart', { part: t('moves.part', { n: part }), move }) : move);

/** Draws every heap of the position (every part of a sum). */
function renderBoard() {
  const board = $('board');
  board.replaceChildren();
  if (!S.setup || !S.history.length || S.here?.refused) return;
  const position = current();
  const previous = S.history.length > 1 ? S.history[S.history.length - 2] : null;
  const games = isSum() ? S.setup.parts.map((p) => p.game) : [S.setup.game];
  const help = games.some((g) => S.poisonGames.has(g)) ? 'board.poisonHelp'
    : games.some((g) => S.cellGames.has(g)) ? 'board.cellsHelp'
    : games.some((g) => S.graphGames.has(g)) ? graphHelp(games)
    : games.some((g) => drawingOf(g).board === 'pins') ? 'board.pinsHelp' : 'board.keyboard';
  $('board-keys').textContent = t(help);
  if (isSum()) {
    S.setup.parts.forEach((part, i) => {
      const block = el('div', { class: 'part-board' },
        el('h3', { text: t('board.partLabel', { n: i + 1, name: gameText(part.game, 'name') }) }));
      block.append(drawPosition(part.game, position[i], previous?.[i], i + 1));
      board.append(block);
    });
  } else {
    board.append(drawPosition(S.setup.game, position, previous, null));
  }
  // Stones no click takes (moves from the list only): no keys to tell of.
  if (board.querySelector('[data-testid=stones-by-list]') && !board.querySelector('button')) $('board-keys').textContent = '';
  restoreFocus('board');
}

/** A game's position on its declared board: a graph, coins (a row or a grid) or heaps. */
function drawPosition(game, numbers, before, part) {
  return graphBoard(game, part) ?? coinBoard(game, part) ?? heaps(game, numbers, before, part);
}

/**
 * A position of a game on a graph, drawn as the engine laid it out (`layout` of /api/options):
 * a click on a vertex or an edge (or Enter on it) makes the move the layout names for it. Null
 * for a game whose answer has no layout.
 */
function graphBoard(game, part) {
  const layout = S.here?.layouts?.[part ? part - 1 : 0];
  if (!layout) return S.graphGames.has(game) && !S.here ? el('p', { class: 'help', text: t('board.graphLoading') }) : null;
  const moves = (S.here?.moves ?? []).filter((m) => (part ? m.part === part : true));
  const moveAt = (index) => moves.find((m) => m.index === index);
  const describe = (kind, item) => {
    const move = item.move === null ? null : moveAt(item.move);
    if (kind === 'edge') return move ? move.move : '';
    if (move) return move.move;
    const key = layout.cells
      ? (item.gone ? 'board.cellCovered' : layout.poisoned === item.id ? 'board.cellPoisoned' : 'board.cell')
      : item.gone ? 'board.vertexGone' : layout.token === item.id ? 'board.vertexToken' : 'board.vertex';
    return t(key, { name: item.name });
  };
  const judged = (item) => {
    const move = item.move === null || !valuesVisible() ? null : moveAt(item.move);
    return move ? verdict(move) : null;
  };
  const label = (kind, item) => {
    const v = judged(item);
    return `${describe(kind, item)}${v ? `: ${v.text}` : ''}`;
  };
  const mark = (item) => {
    const v = judged(item);
    return v ? { good: v.good, glyph: v.good ? '✓' : '✗' } : null;
  };
  return graphPicture({
    layout, label, mark, part,
    groupLabel: [
      part ? t('moves.part', { n: part }) : null,
      t(layout.cells ? 'board.cellsLabel' : 'board.graphLabel'),
      layout.cells && layout.edges.some((e) => e.move !== null) ? t('board.cellsPair') : null,
    ].filter(Boolean).join(', '),
    groundLabel: t('board.ground'),
    enabled: canPersonMove(),
    onPick: (index) => {
      const move = moveAt(index);
      if (move) personMove(move);
    },
  });
}

/** Coins drawn at most, along a row or a side of the grid. */
const MAX_COINS = 40;
/** A coin's coordinates (`[n]` in a row, `[x, y]` on a grid) as a key: "5", "2,4". */
const coinKey = (coin) => coin.map(normal).join(',');

/**
 * A position on a board of coins: a row (or a grid) of coin buttons, heads gold and marked H.
 * A click selects a coin or lets it go; "Turn" makes the legal move that turns exactly the
 * selected coins (its rightmost going from heads to tails). Null for another board, or a
 * position too wide to draw (its moves are listed below the board).
 */
function coinBoard(game, part) {
  // The coins as the engine reads the position (the coins field of /api/options).
  const coins = S.here?.coins?.[part ? part - 1 : 0];
  if (!coins) return S.coinGames.has(game) && !S.here ? el('p', { class: 'help', text: t('board.coinsLoading') }) : null;
  if (coins.heads.some((coin) => coin.some((n) => size(n) >= MAX_COINS))) return null;
  const { first, grid } = coins;
  const heads = new Set(coins.heads.map(coinKey));
  const moves = (S.here?.moves ?? []).filter((m) => (part ? m.part === part : true));
  const byTurned = new Map(moves.map((m) => [coins.turns[m.index].map(coinKey).sort().join(' '), m]));
  const pick = S.coinPick && S.coinPick.part === (part ?? null) ? S.coinPick.keys : [];
  const chosen = byTurned.get([...pick].sort().join(' '));
  const enabled = canPersonMove();
  const label = part ? t('moves.part', { n: part }) : t('board.coinsLabel');
  // One coin past the rightmost head (a grid: past the largest coordinates), at least 5.
  const sides = grid
    ? [0, 1].map((axis) => Math.max(4, ...coins.heads.map((coin) => Number(coin[axis]) + 1)))
    : [Math.max(first + 4, ...coins.heads.map((coin) => Number(coin[0]) + 1))];
  const coin = (key, text) => {
    const head = heads.has(key);
    const selected = pick.includes(key);
    return el('button', {
      type: 'button',
      class: ['token', head ? 'legal head' : 'tail', selected ? 'selected' : ''].join(' ').trim(),
      'aria-label': t(head ? 'board.coinHeads' : 'board.coinTails', { coin: text }) + (selected ? `, ${t('board.pinSelected')}` : ''),
      'aria-pressed': selected ? 'true' : 'false',
      'aria-disabled': enabled ? undefined : 'true',
      dataset: { part: part ?? '', coin: key },
      text: head ? 'H' : 'T',
      on: { click: () => coinClicked(part, key) },
    });
  };
  const box = el('div', { class: 'heap coins', role: 'group', 'aria-label': label, 'data-testid': `coins-${part ?? 0}` });
  if (grid) {
    const table = el('div', { class: 'coin-grid' });
    for (let y = 0; y <= sides[1]; y++) {
      const line = el('div', { class: 'tokens' });
      for (let x = 0; x <= sides[0]; x++) line.append(coin(`${x},${y}`, `(${x},${y})`));
      table.append(line);
    }
    box.append(table);
  } else {
    const line = el('div', { class: 'tokens' });
    for (let n = first; n <= sides[0]; n++) line.append(el('span', { class: 'coin-slot' }, coin(String(n), String(n)), el('small', { text: n })));
    box.append(line);
  }
  const v = chosen && valuesVisible() ? verdict(chosen) : null;
  box.append(el('p', { class: 'coin-turn' },
    el('button', {
      type: 'button', 'data-testid': 'turn-coins', disabled: !enabled || !chosen,
      text: t('board.turnCoins'),
      on: { click: () => { S.coinPick = null; personMove(chosen); } },
    }),
    el('span', { class: 'help', text: chosen ? `${chosen.move}${v ? ` (${v.good ? '✓' : '✗'} ${v.text})` : ''}` : t('board.coinsHelp') })));
  return box;
}

function coinClicked(part, key) {
  if (!canPersonMove()) return;
  const keys = S.coinPick && S.coinPick.part === (part ?? null) ? S.coinPick.keys : [];
  S.coinPick = { part: part ?? null, keys: keys.includes(key) ? keys.filter((k) => k !== key) : [...keys, key] };
  showError('');
  renderBoard();
  document.querySelector(`#board [data-coin="${key}"][data-part="${part ?? ''}"]`)?.focus();
}

/** One game's heaps as rows of tokens; a click on a token takes from there to the end of the heap. */
function heaps(game, numbers, before, part) {
  const box = el('div', { class: 'heaps' });
  const moves = (S.here?.moves ?? []).filter((m) => (part ? m.part === part : true));
  const targetOf = (m) => (part ? m.partTo : m.to);
  const leaving = movesLeaving(numbers, moves.map(targetOf));
  const enabled = canPersonMove();
  // A game whose moves change heaps as a whole (Fair Shares divides and unites them) has no
  // move a click on a stone stands for: its stones are drawn plain, and moved by the list.
  const byStones = moves.length === 0 || numbers.some((n, index) => roleOf(game, index) !== 'limit'
    && size(n) <= MAX_STONES && Array.from({ length: size(n) }, (_, j) => leaving(index, String(j)).length > 0).some(Boolean));
  numbers.forEach((n, index) => {
    const role = roleOf(game, index);
    if (role === 'limit') {
      box.append(el('p', { class: 'limit', text: `${t('board.limit')}: ${n}` }));
      return;
    }
    const label = heapLabel(game, index, part);
    const count = size(n);
    if (role === 'row' && count <= MAX_STONES) {
      box.append(pinRow({ game, numbers, index, label, moves, targetOf, part, enabled }));
      return;
    }
    const row = el('div', {
      class: `heap ${tokenClass(game)}s`, role: 'group', 'aria-label': t('board.groupLabel', { heap: label, n }),
      'data-testid': `heap-${part ? `${part}-` : ''}${index}`,
    }, el('span', { class: 'heap-label', 'aria-hidden': 'true' }, el('span', { text: heapLabel(game, index, null) }), el('strong', { text: n })));
    const tokens = el('div', { class: 'tokens' });
    if (count <= MAX_STONES && !byStones) {
      for (let j = 1; j <= count; j++) tokens.append(el('span', { class: 'token plain', 'aria-hidden': 'true' }));
    } else if (count <= MAX_STONES) {
      for (let j = 1; j <= count; j++) {
        const leave = String(j - 1);
        const candidates = leaving(index, leave).map((k) => moves[k]);
        const verdicts = valuesVisible() ? candidates.map(verdict) : [];
        const agreed = verdicts.length && verdicts.every((v) => v && v.good === verdicts[0].good) ? verdicts[0] : null;
        const legal = candidates.length > 0;
        const button = el('button', {
          type: 'button', tabindex: '-1',
          class: ['token', legal ? 'legal' : 'illegal', agreed ? (agreed.good ? 'good' : 'bad') : ''].join(' ').trim(),
          'aria-label': `${legal ? t('board.stoneLabel', { heap: label, n: leave, total: n }) : t('board.stoneNoMove', { heap: label, n: leave })}${agreed ? `: ${agreed.text}` : ''}`,
          'aria-disabled': enabled && legal ? undefined : 'true',
          dataset: { part: part ?? '', heap: index, leave },
          text: agreed ? (agreed.good ? '✓' : '✗') : '',
          on: { click: () => tokenClicked(game, index, leave, candidates, label) },
        });
        tokens.append(button);
      }
      const taken = before && before.length === numbers.length && size(before[index]) <= MAX_STONES ? size(before[index]) - count : 0;
      for (let k = 0; k < taken; k++) tokens.append(el('span', { class: 'token taken', 'aria-hidden': 'true', title: t('board.taken') }));
      const buttons = [...tokens.querySelectorAll('button')];
      const usable = buttons.filter((b) => !b.hasAttribute('aria-disabled'));
      (usable[usable.length - 1] ?? buttons[buttons.length - 1])?.setAttribute('tabindex', '0');
    } else {
      const id = `big-${part ?? 0}-${index}`;
      const input = el('input', { id, inputmode: 'numeric', size: 10, 'aria-label': `${label}: ${t('board.bigHeap')}` });
      tokens.append(el('span', { class: 'help', text: t('board.bigHeap') }), input, el('button', {
        type: 'button', text: t('board.bigHeapGo'), disabled: !enabled,
        on: { click: () => tokenClicked(game, index, normal(input.value.trim()), leaving(index, normal(input.value.trim())).map((k) => moves[k]), label) },
      }));
    }
    row.append(tokens);
    box.append(row);
  });
  if (roleOf(game, 1) === 'limit' && numbers.length === 1) box.append(el('p', { class: 'limit', text: `${t('board.limit')}: ${t('board.limitOpening')}` }));
  if (!byStones) box.append(el('p', { class: 'help', 'data-testid': 'stones-by-list', text: t('board.movesByList') }));
  return box;
}

/** A position as a multiset of its non-empty heaps (rows of pins: the order of rows is not kept). */
const multisetKey = (list) => list.filter((n) => n !== '0').map(BigInt).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).join(' ');

/**
 * One row of pins: a click on a pin selects it; a second click on it knocks it down alone, on
 * another pin of the row knocks down the pins from one to the other (a row may split in two).
 * A pin no legal move knocks down is drawn standing but crossed.
 */
function pinRow({ game, numbers, index, label, moves, targetOf, part, enabled }) {
  const count = size(numbers[index]);
  const keys = new Map();
  moves.forEach((m) => { if (!keys.has(multisetKey(targetOf(m)))) keys.set(multisetKey(targetOf(m)), m); });
  const others = numbers.filter((_, k) => k !== index);
  /** The legal move knocking down pins i..j (0-based, inclusive), if any. */
  const run = (i, j) => keys.get(multisetKey([...others, String(i), String(count - 1 - j)]));
  /**
   * The move knocking down pins i..j as the board shows it: in the row's place, the pins left of
   * the gap, then those right of it (the engine's target is the same rows, listed in its order).
   */
  const inOrder = (m, i, j) => {
    const target = [...numbers.slice(0, index), ...[i, count - 1 - j].filter((n) => n > 0).map(String), ...numbers.slice(index + 1)];
    if (!target.length || multisetKey(target) !== multisetKey(targetOf(m))) return m;
    return part ? { ...m, partTo: target, to: m.to.map((p, q) => (q === m.part - 1 ? target : p)) } : { ...m, to: target };
  };
  const reachable = Array.from({ length: count }, () => false);
  for (let i = 0; i < count; i++) {
    for (let j = i; j < count; j++) {
      if (run(i, j)) for (let k = i; k <= j; k++) reachable[k] = true;
    }
  }
  const pick = S.pinPick && S.pinPick.part === (part ?? null) && S.pinPick.row === index ? S.pinPick.pin : null;
  const row = el('div', {
    class: `heap ${tokenClass(game)}s`, role: 'group', 'aria-label': t('board.groupLabel', { heap: label, n: numbers[index] }),
    'data-testid': `heap-${part ? `${part}-` : ''}${index}`,
  }, el('span', { class: 'heap-label', 'aria-hidden': 'true' }, el('span', { text: heapLabel(game, index, null) }), el('strong', { text: numbers[index] })));
  const pins = el('div', { class: 'tokens' });
  for (let k = 0; k < count; k++) {
    const completes = pick === null ? null : run(Math.min(pick, k), Math.max(pick, k));
    const v = completes && valuesVisible() ? verdict(completes) : null;
    const legal = reachable[k];
    const classes = ['token', legal ? 'legal' : 'illegal', k === pick ? 'selected' : '', v ? (v.good ? 'good' : 'bad') : ''];
    const name = legal ? t('board.pinLabel', { row: label, k: k + 1, total: count }) : t('board.pinStuck', { row: label, k: k + 1, total: count });
    pins.append(el('button', {
      type: 'button', tabindex: '-1', class: classes.join(' ').replace(/\s+/g, ' ').trim(),
      'aria-label': `${name}${k === pick ? `, ${t('board.pinSelected')}` : ''}${v ? `: ${v.text}` : ''}`,
      'aria-pressed': k === pick ? 'true' : undefined,
      'aria-disabled': enabled && legal ? undefined : 'true',
      dataset: { part: part ?? '', heap: index, leave: k, pin: k + 1 },
      text: v ? (v.good ? '✓' : '✗') : '',
      on: { click: () => pinClicked({ index, k, part, label, run, inOrder }) },
    }));
  }
  const buttons = [...pins.querySelectorAll('button')];
  (buttons[pick ?? buttons.findIndex((b) => !b.hasAttribute('aria-disabled'))] ?? buttons[0])?.setAttribute('tabindex', '0');
  row.append(pins);
  return row;
}

function pinClicked({ index, k, part, label, run, inOrder }) {
  if (!canPersonMove()) return;
  const pick = S.pinPick && S.pinPick.part === (part ?? null) && S.pinPick.row === index ? S.pinPick.pin : null;
  if (pick === null) {
    S.pinPick = { part: part ?? null, row: index, pin: k };
    showError('');
    S.focus = { where: 'board', part: String(part ?? ''), heap: String(index), leave: k };
    renderBoard();
    restoreFocus('board', true);
    announce(t('board.pinsPicked', { row: label, k: k + 1 }));
    return;
  }
  S.pinPick = null;
  const [i, j] = [Math.min(pick, k), Math.max(pick, k)];
  const move = run(i, j);
  if (move) {
    personMove(inOrder(move, i, j));
    return;
  }
  showError(i === j ? t('board.noPin', { k: i + 1, row: label }) : t('board.noRun', { from: i + 1, to: j + 1, row: label }));
  renderBoard();
}

/**
 * Which of the positions `targets` a click meaning "leave `leave` in heap `index`" stands for.
 * Positions kept in order (Nim, Wythoff, ...): those with `leave` at `index`, so that a move
 * changing several heaps (Wythoff's diagonal, the apple game's take from every pile) is one of
 * the candidates. Positions kept as sorted multisets without empty heaps (Large Nim): those
 * equal, as multisets, to the position with that one heap changed.
 */
function movesLeaving(numbers, targets) {
  const ascending = (list) => list.every((n, k) => k === 0 || BigInt(list[k - 1]) <= BigInt(n));
  const multiset = ascending(numbers) && targets.every(ascending) && targets.some((to) => to.length !== numbers.length);
  const key = (list) => list.filter((n) => n !== '0').map(BigInt).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).join(' ');
  return (index, leave) => {
    const matches = [];
    const wanted = multiset ? key(numbers.map((n, k) => (k === index ? leave : n))) : null;
    targets.forEach((to, k) => {
      if (multiset ? key(to) === wanted : to.length === numbers.length && to[index] === leave) matches.push(k);
    });
    return matches;
  };
}

function tokenClicked(game, index, leave, candidates, label) {
  if (!canPersonMove()) return;
  if (candidates.length === 0) {
    showError(t('board.noMoveLeaves', { n: leave, heap: label }));
    return;
  }
  showError('');
  if (candidates.length === 1) {
    personMove(candidates[0]);
    return;
  }
  S.chooser = { moves: candidates, text: t('board.choose', { n: leave, heap: label }) };
  renderChooser();
  $('chooser-moves').querySelector('button')?.focus();
}

function moveButton(move, onClick, testid) {
  const v = valuesVisible() ? verdict(move) : null;
  return el('button', {
    type: 'button', class: `move ${v ? (v.good ? 'good' : 'bad') : ''}`.trim(), 'data-to': showPosition(move.to), 'data-testid': testid,
    on: { click: onClick },
  }, el('span', { class: 'to', text: `→ ${showPosition(move.to)}` }),
  el('span', { class: 'what', text: inPart(move.part, move.move) }),
  v ? el('span', { class: 'verdict', text: `${v.good ? '✓' : '✗'} ${v.text}` }) : null);
}

/** Closes the list of candidate moves and puts the focus back on the token that opened it. */
function closeChooser() {
  S.chooser = null;
  renderChooser();
  restoreFocus('board', true);
}

function renderChooser() {
  const box = $('chooser');
  box.hidden = !S.chooser;
  if (!S.chooser) return;
  $('chooser-text').textContent = S.chooser.text;
  $('chooser-moves').replaceChildren(...S.chooser.moves.map((m) => el('li', {}, moveButton(m, () => {
    S.chooser = null;
    renderChooser();
    personMove(m);
  }, 'chooser-move'))));
}

// ---------------------------------------------------------------- the grid

/** Fetches the table of a two-number position's game when the grid applies. */
async function ensureGrid(token) {
  const position = current();
  // A repeating game's values are of the positions reachable from one: no table by heap sizes.
  if (isSum() || isLoopy() || players() > 2 || position.length !== 2 || position.some((n) => size(n) > MAX_GRID_NUMBER)) return;
  if (S.here?.moves?.some((m) => m.to.length !== 2)) return;
  let rows = Math.max(15, size(position[0]) + 5);
  let cols = Math.max(15, size(position[1]) + 5);
  while ((rows + 1) * (cols + 1) > S.limits.table_cells) {
    if (rows > cols) rows--; else cols--;
  }
  const key = setupKey();
  if (S.grid?.key === key && S.grid.table.rows >= size(position[0]) && S.grid.table.cols >= size(position[1])) return;
  const request = `${key} ${rows} ${cols}`;
  if (S.loading.has(request)) return;
  S.loading.add(request);
  try {
    const table = await api('table', { ...gameKeys(S.setup), rows, cols, outcomes: S.setup.misere ? '1' : '' }, undefined);
    if (key === setupKey()) S.grid = { key, table };
  } catch (error) {
    if (key === setupKey()) S.grid = null;
  } finally {
    S.loading.delete(request);
  }
  if (live(token)) renderGrid();
}

function axisNames(game) {
  if (roleOf(game, 1) === 'limit') return [t('grid.axisHeap'), t('grid.axisLimit')];
  const role = roleOf(game, 0);
  if (role === 'step') return [t('grid.axisStep1'), t('grid.axisStep2')];
  if (role === 'pile') return [t('grid.axisPile1'), t('grid.axisPile2')];
  if (role === 'row') return [t('grid.axisRow1'), t('grid.axisRow2')];
  return [t('grid.axisHeap1'), t('grid.axisHeap2')];
}

function renderGrid() {
  const box = $('grid-box');
  const grid = S.grid;
  const position = current();
  if (!grid || !S.setup || isSum() || grid.key !== setupKey() || position?.length !== 2 || S.here?.moves?.some((m) => m.to.length !== 2)
    || size(position[0]) > grid.table.rows || size(position[1]) > grid.table.cols) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  if (renderPicture()) return;
  const table = grid.table;
  const [rowName, colName] = axisNames(S.setup.game);
  const shown = valuesVisible();
  const caption = [t('grid.rows', { row: rowName, col: colName })];
  if (!shown) caption.push(t('grid.hidden'));
  else if (S.setup.misere) caption.push(t('grid.misere'));
  else caption.push(table.kind === 'grundy' ? t('grid.values') : t('grid.outcomes'), t('grid.legend'));
  caption.push(t('grid.use'));
  $('grid-caption').textContent = caption.join(' ');
  const legal = new Map((S.here?.moves ?? []).map((m) => [m.to.join(','), m]));
  const here = position.join(',');
  const enabled = canPersonMove();
  const element = $('grid');
  element.replaceChildren();
  const head = el('tr', {}, el('th', { scope: 'col', class: 'corner', text: '' }));
  for (let c = 0; c <= table.cols; c++) head.append(el('th', { scope: 'col', text: String(c) }));
  element.append(el('thead', {}, head));
  const body = el('tbody');
  const focusKey = S.focus?.where === 'grid' ? S.focus.key : here;
  table.cells.forEach((row, r) => {
    const tr = el('tr', {}, el('th', { scope: 'row', text: String(r) }));
    row.forEach((cell, c) => {
      const key = `${r},${c}`;
      const isP = cell === 'P' || cell === 0 || cell === '0';
      const move = legal.get(key);
      const v = move && shown ? verdict(move) : null;
      const current = key === here;
      const classes = ['cell', shown ? (isP ? 'P' : 'N') : 'hidden', current ? 'current' : '', move ? 'legal' : '', v ? (v.good ? 'good' : 'bad') : ''];
      const text = shown ? (isP ? 'P' : String(cell)) : current ? '●' : move ? '○' : '';
      const label = [t('grid.cell', { r, c }), shown ? (isP ? 'P' : `N${cell === 'N' ? '' : `, SG ${cell}`}`) : '',
        current ? t('grid.current') : '', move ? t('grid.legal') : '', v ? v.text : ''].filter(Boolean).join(', ');
      tr.append(el('td', {}, el('button', {
        type: 'button', class: classes.join(' ').replace(/\s+/g, ' ').trim(), tabindex: key === focusKey ? '0' : '-1',
        'aria-label': label, 'data-cell': key, 'aria-disabled': enabled && (move || S.mode === 'explore') ? undefined : 'true',
        text, on: { click: () => cellClicked(r, c) },
      })));
    });
    body.append(tr);
  });
  element.append(body);
  if (!element.querySelector('button[tabindex="0"]')) element.querySelector(`button[data-cell="${here}"]`)?.setAttribute('tabindex', '0');
  followCurrentCell();
  restoreFocus('grid');
}

/**
 * The zoomed-out picture in place of the board's grid (zoom 50, 100 or 200), drawn by the page
 * from the reports' grid (`/api/plot`, what `nimlab plot --outcomes` draws), the same from the
 * server and from the worker, with its P-positions in the caption. Returns false when the
 * board's grid is shown instead.
 */
function renderPicture() {
  for (const button of document.querySelectorAll('[data-zoom]')) button.setAttribute('aria-pressed', String(Number(button.dataset.zoom) === S.zoom));
  const figure = $('grid-picture');
  const zoomed = S.zoom > 0;
  figure.hidden = !zoomed;
  $('grid-scroll').hidden = zoomed;
  if (!zoomed) return false;
  const image = $('grid-image');
  const caption = $('grid-picture-caption');
  const last = S.zoom - 1;
  const picture = valuesVisible() && S.picture?.key === setupKey() && S.picture.zoom === S.zoom ? S.picture : null;
  if (!picture || picture.error) {
    // Hidden in play, still coming, or refused (the engine's message: a limit).
    image.hidden = true;
    image.replaceChildren();
    caption.textContent = !valuesVisible() ? t('picture.hidden') : picture?.error ?? t('picture.loading');
    $('grid-caption').textContent = '';
    return true;
  }
  const { answer } = picture;
  const drawn = `${S.lang} ${S.picture.key} ${S.picture.zoom}`;
  if (image.hidden || image.dataset.drawn !== drawn) {
    image.replaceChildren(gridPicture(answer, {
      label: t('picture.alt', { game: gameText(S.setup.game, 'name'), last }),
      rowAxis: t('picture.rows'),
      colAxis: t('picture.cols'),
    }));
    image.dataset.drawn = drawn;
  }
  image.hidden = false;
  const p = answer.p_positions;
  caption.textContent = t('picture.caption', {
    last, count: p.length, list: p.slice(0, 8).map(([r, c]) => `(${r}, ${c})`).join(', '),
  });
  $('grid-caption').textContent = '';
  return true;
}

/** Fetches the zoomed-out picture of the game's grid (the reports' `plot`). */
async function ensurePicture(token) {
  if (!S.zoom || !S.grid || S.grid.key !== setupKey() || !valuesVisible()) return;
  const key = setupKey();
  const zoom = S.zoom;
  if (S.picture?.key === key && S.picture.zoom === zoom) return;
  const request = `picture ${key} ${zoom}`;
  if (S.loading.has(request)) return;
  S.loading.add(request);
  try {
    const answer = await api('plot', { ...gameKeys(S.setup), rows: zoom - 1, cols: zoom - 1, outcomes: '1' }, undefined);
    if (key === setupKey()) S.picture = { key, zoom, answer };
  } catch (error) {
    if (key === setupKey()) S.picture = { key, zoom, error: error.message };
  } finally {
    S.loading.delete(request);
  }
  if (live(token)) renderGrid();
}

function setZoom(zoom) {
  S.zoom = zoom;
  updateUrl();
  renderGrid();
  ensurePicture(S.step);
}

/** Scrolls the grid inside its own box so the current position is in the middle. */
function followCurrentCell() {
  const scroller = $('grid-scroll');
  const cell = $('grid').querySelector('button.current');
  if (!cell || scroller.offsetParent === null) return;
  const box = scroller.getBoundingClientRect();
  const c = cell.getBoundingClientRect();
  scroller.scrollLeft += c.left - box.left - (box.width - c.width) / 2;
  scroller.scrollTop += c.top - box.top - (box.height - c.height) / 2;
}

function cellClicked(r, c) {
  const to = [String(r), String(c)];
  const move = S.here?.moves?.find((m) => same(m.to, to));
  if (move && canPersonMove()) {
    personMove(move);
  } else if (S.mode === 'explore' && !S.thinking) {
    // Exploring: any cell is a position to look at.
    const token = begin(S.setup, to, 'explore', 'me');
    S.form.position = to.join(' ');
    renderForm();
    updateUrl();
    arrive(token);
  } else if (!S.over && personToMove() && S.here) {
    showError(t('grid.notLegal', { r, c, from: showPosition(current()) }));
  }
}

// ---------------------------------------------------------------- keyboard

/** Arrow keys move between tokens (left/right in a heap, up/down between heaps) and grid cells. */
function onKey(event) {
  const target = event.target;
  if (event.key === 'Escape' && (S.pinPick || S.coinPick)) {
    S.pinPick = null;
    S.coinPick = null;
    renderBoard();
    restoreFocus('board', true);
    return;
  }
  if (!(target instanceof HTMLButtonElement)) return;
  const keys = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
  let next = null;
  if (target.dataset.cell) {
    const [r, c] = target.dataset.cell.split(',').map(Number);
    const move = keys[event.key];
    if (move) next = $('grid').querySelector(`button[data-cell="${r + move[0]},${c + move[1]}"]`);
    if (event.key === 'Home') next = $('grid').querySelector(`button[data-cell="${r},0"]`);
    if (event.key === 'End') next = [...$('grid').querySelectorAll(`button[data-cell^="${r},"]`)].pop();
    if (next) {
      $('grid').querySelectorAll('button[tabindex="0"]').forEach((b) => b.setAttribute('tabindex', '-1'));
      next.setAttribute('tabindex', '0');
    }
  } else if (target.classList.contains('token')) {
    const heap = target.closest('.heap');
    const inHeap = [...heap.querySelectorAll('button.token')];
    const at = inHeap.indexOf(target);
    if (event.key === 'ArrowLeft') next = inHeap[at - 1];
    if (event.key === 'ArrowRight') next = inHeap[at + 1];
    if (event.key === 'Home') next = inHeap[0];
    if (event.key === 'End') next = inHeap[inHeap.length - 1];
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      const all = [...$('board').querySelectorAll('.heap')].filter((h) => h.querySelector('button.token'));
      const other = all[all.indexOf(heap) + (event.key === 'ArrowUp' ? -1 : 1)];
      if (other) {
        const tokens = [...other.querySelectorAll('button.token')];
        next = tokens[Math.min(at, tokens.length - 1)];
      }
    }
    if (next) {
      inHeap.forEach((b) => b.setAttribute('tabindex', '-1'));
      next.closest('.heap').querySelectorAll('button.token').forEach((b) => b.setAttribute('tabindex', '-1'));
      next.setAttribute('tabindex', '0');
    }
  } else if (event.key === 'Escape' && S.chooser) {
    closeChooser();
  }
  if (next) {
    event.preventDefault();
    next.focus();
  }
}

/** Remembers where on the board or grid the keyboard is. */
function onFocus(event) {
  const target = event.target;
  if (target.dataset?.cell) S.focus = { where: 'grid', key: target.dataset.cell };
  else if (target.dataset?.target) S.focus = { where: 'board', part: target.dataset.part, target: target.dataset.target };
  else if (target.classList?.contains('token')) {
    S.focus = { where: 'board', part: target.dataset.part, heap: target.dataset.heap, leave: Number(target.dataset.leave) };
  } else if (!$('chooser').contains(target) && target !== document.body) S.focus = null;
}

/** Puts keyboard focus back where it was after the board or the grid was redrawn. */
function restoreFocus(where, always = false) {
  const f = S.focus;
  if (!f || f.where !== where) return;
  const active = document.activeElement;
  if (!always && active !== document.body && active !== null && document.contains(active)) return;
  if (where === 'grid') {
    $('grid').querySelector(`button[data-cell="${f.key}"]`)?.focus();
    return;
  }
  if (f.target) {
    const board = $('board');
    (board.querySelector(`[data-target="${f.target}"][data-part="${f.part}"]`) ?? board.querySelector('[data-target]'))?.focus();
    return;
  }
  const heap = [...$('board').querySelectorAll(`button.token[data-heap="${f.heap}"][data-part="${f.part}"]`)];
  const pick = heap[Math.min(f.leave, heap.length - 1)] ?? $('board').querySelector('button.token[tabindex="0"]');
  if (pick) {
    heap.forEach((b) => b.setAttribute('tabindex', '-1'));
    pick.setAttribute('tabindex', '0');
    pick.focus();
  }
}

// ---------------------------------------------------------------- the rest of the page

function seatName(seat, capital = false) {
  if (S.mode === 'explore' || (players() === 2 && humanSeats().length === 2)) {
    return t(capital ? 'who.playerCap' : 'who.player', { seat: seat + 1 });
  }
  if (humanSeats().length === 0) return t('who.nimlabSeat', { seat: seat + 1 });
  if (players() === 2) {
    const me = seat === personSeat();
    return t(me ? (capital ? 'who.youCap' : 'who.you') : capital ? 'who.nimlabCap' : 'who.nimlab');
  }
  return seat === personSeat() ? t('who.youSeat', { seat: seat + 1 }) : t('who.nimlabSeat', { seat: seat + 1 });
}

function statusText() {
  if (!S.setup) return '';
  if (S.over) return t('board.over');
  if (S.message) return S.message;
  if (reviewing()) {
    const review = t('board.review', { n: movesMade(), total: movesMade() + S.redo.length });
    return S.mode === 'play' && personToMove() ? `${turnText()} ${review}` : review;
  }
  return turnText();
}

/** Whose turn it is, or what nimlab is doing. */
function turnText() {
  if (S.thinking) return players() > 2 ? t('board.nimlabThinkingSeat', { seat: seatAt(movesMade()) + 1 }) : t('board.nimlabThinking');
  if (S.mode === 'explore') return t('board.explore');
  if (!S.here) return '';
  if (personToMove() && !againstNimlab()) return t('board.seatTurn', { seat: seatAt(movesMade()) + 1 });
  if (personToMove()) return players() > 2 ? t('board.yourTurnSeat', { seat: personSeat() + 1 }) : t('board.yourTurn');
  return '';
}

function announceTurn() {
  if (S.mode === 'play' && personToMove() && !S.over) announce(statusText(), true);
}

/** Says `text` in the live region, after what it says now when `append`. */
function announce(text, append = false) {
  const region = $('announcer');
  region.textContent = append && region.textContent ? `${region.textContent} ${text}` : text;
}

function showError(message) {
  $('error').textContent = message || '';
}

/** Class mode: the setup as one line (with "Change the game"), the board scaled up. */
function renderClassMode() {
  document.body.classList.toggle('class-mode', S.classMode);
  $('class-mode').setAttribute('aria-pressed', String(S.classMode));
  const collapsed = S.classMode && !S.setupOpen;
  $('setup-form').hidden = collapsed;
  $('setup-line').hidden = !S.classMode;
  $('setup-open').setAttribute('aria-expanded', String(!collapsed));
  if (S.classMode && S.setup && S.history.length) {
    const name = isSum() ? S.setup.parts.map((p) => gameText(p.game, 'name')).join(' + ') : gameText(S.setup.game, 'name');
    $('setup-summary').textContent = t('class.summary', { game: name, position: showPosition(S.history[0]) });
  }
}

/**
 * Class mode on or off. Switched on, the form folds away: a game typed in it and not yet on the
 * board is started first (as Analyse would), and a form that cannot be started stays open with
 * its message.
 */
async function toggleClassMode() {
  S.classMode = !S.classMode;
  S.setupOpen = false;
  if (S.classMode) S.showValues = false;
  if (S.classMode) {
    let chosen = null;
    try {
      chosen = formSetup();
      chosen.start = await readStart(chosen);
    } catch (error) {
      chosen = null;
      S.setupOpen = true;
      showError(typedError(error));
    }
    if (chosen && !(S.setup && same(chosen.setup, S.setup) && same(chosen.start, S.history[0]))) {
      startByHand('explore', 'me');
      return;
    }
  }
  updateUrl();
  render();
}

function renderStatus() {
  renderClassMode();
  $('status').textContent = statusText();
  $('link-error').textContent = S.linkProblems.map(([key, vars]) => t(key, vars)).join(' ');
  $('link-error').hidden = !S.linkProblems.length;
  // The state in data attributes, for tests and styles.
  // 'review': an earlier position of a game against nimlab is shown on nimlab's turn (it waits).
  const turn = S.reading ? 'reading' : !S.setup ? 'none' : S.over ? 'over' : S.thinking ? 'nimlab' : !S.here ? 'loading'
    : S.mode === 'explore' ? 'explore' : personToMove() ? 'you' : reviewing() ? 'review' : 'nimlab';
  document.body.dataset.turn = turn;
  document.body.dataset.mode = S.mode;
  $('board').dataset.position = S.history.length ? showPosition(current()) : '';
  $('board').dataset.moves = String(Math.max(0, movesMade()));
  $('retry-box').hidden = !S.retry;
  const banner = $('result');
  banner.hidden = !S.over;
  if (S.over && S.result) {
    const { winner, mover, moves } = S.result;
    let title;
    if (S.result.draw) title = t('result.draw');
    else if (winner === null) title = t('result.explore');
    else if (S.mode === 'explore') title = `${t('result.explore')} ${t('result.exploreWin', { who: seatName(winner, true) })}`;
    else if (!againstNimlab()) title = t('result.exploreWin', { who: seatName(winner, true) });
    else if (players() === 2) title = winner === personSeat() ? t('result.youWin') : t('result.nimlabWins');
    else title = t('result.seatWins', { seat: winner + 1, who: winner === personSeat() ? t('result.you') : t('result.nimlab') });
    $('result-title').textContent = title;
    // "You have", "nimlab has", "Player 2 has"; "after 1 move", "after 3 moves".
    const who = seatName(mover, true);
    // The person's own seat is "you" with any number of players ("You have", never "you (player 1) has").
    const you = S.mode === 'play' && mover === personSeat();
    const detail = S.result.draw ? [t('result.drawDetail', { n: drawRepetitions(), moves })]
      : [moves === 0 ? (you ? t('result.noMoveStartYou') : t('result.noMoveStart', { who }))
        : t(`result.noMove${you ? 'You' : ''}${moves === 1 ? '1' : ''}`, { who, n: moves })];
    // Why it is a draw, by the values: the position's ∞(K) without 0 in K.
    const a = S.here?.analysis;
    if (S.result.draw && a?.loopy) {
      detail.push(t(a.outcome === 'D' ? 'result.drawValue' : 'result.drawMissed', { value: loopyValueText(a.value) ?? '—' }));
    }
    if (winner !== null) detail.push(winner === mover ? t('result.lastWins') : t('result.lastLoses'));
    $('result-detail').textContent = detail.join(' ');
    banner.classList.toggle('won', S.mode === 'play' && winner === personSeat());
    banner.classList.toggle('neutral', S.mode !== 'play' || S.result.draw);
    $('rematch').hidden = S.mode !== 'play';
    $('swap').hidden = S.mode !== 'play' || !againstNimlab();
  }
}

function renderControls() {
  const playing = S.setup && !S.over;
  $('hint').disabled = !(playing && S.mode === 'play' && personToMove() && S.here && !S.thinking);
  $('undo').disabled = !canUndo();
  $('redo').disabled = !canRedo();
  $('show-values').checked = S.showValues;
  $('move-to').disabled = !canPersonMove();
  $('move-submit').disabled = !canPersonMove();
  const example = S.here?.moves?.[0] ? showPosition(S.here.moves[0].to) : '';
  $('move-to-help').textContent = example ? t('controls.moveToHelp', { example }) : '';
  $('move-form').hidden = isSum();
  $('move-to-help').hidden = isSum();
}

function renderMoves() {
  const list = $('legal-moves');
  list.replaceChildren();
  $('moves-legend').hidden = !valuesVisible();
  if (!S.here) return;
  if (!S.here.moves) {
    // A refused position says why (the message above); else the moves are too many to list.
    list.append(el('li', { class: 'help', text: S.here.refused ? S.here.movesError : t('moves.unknown') }));
    return;
  }
  if (S.here.winningOnly) {
    list.append(el('li', { class: 'help', 'data-testid': 'moves-winning-only', text: t(S.here.moves.length ? 'moves.winningOnly' : 'moves.noneWinning') }));
  }
  if (!S.here.moves.length) {
    if (S.here.winningOnly) return;
    list.append(el('li', { class: 'help', text: t('moves.none') }));
    return;
  }
  const enabled = canPersonMove();
  for (const m of S.here.moves.slice(0, MAX_LISTED_MOVES)) {
    const button = moveButton(m, () => personMove(m), 'legal-move');
    if (!enabled) button.disabled = true;
    list.append(el('li', {}, button));
  }
  if (S.here.moves.length > MAX_LISTED_MOVES) {
    list.append(el('li', { class: 'help', text: t('analysis.moreMoves', { n: S.here.moves.length - MAX_LISTED_MOVES }) }));
  }
}

function renderAnalysis() {
  // Show values off hides the answer in every mode (two people at one screen, a class).
  const hidden = !valuesVisible();
  $('analysis-hidden').hidden = !hidden;
  $('analysis-body').hidden = hidden;
  $('engine-language').hidden = S.engineLanguages.includes(S.lang);
  const fields = ['a-position', 'a-outcome', 'a-grundy', 'a-reason', 'a-basis'];
  const a = S.here?.analysis;
  if (!a) {
    fields.forEach((id) => { $(id).textContent = S.here?.analysisError ? '—' : ''; });
    $('a-reason').textContent = S.here?.analysisError ?? '';
    $('a-outcome').className = '';
    $('a-moves').replaceChildren();
    return;
  }
  const seat = seatAt(movesMade());
  const label = isSum() ? `${t('analysis.sum')}: ${showPosition(current())}`
    : `${a.game} ${showPosition(a.position.map(normal))}${a.play === 'misere' ? ` ${t('analysis.misere')}` : ''}${a.players ? ` ${t('analysis.players', { n: a.players })}` : ''}`;
  $('a-position').textContent = label;
  const outcome = $('a-outcome');
  if (a.players) {
    outcome.textContent = t('analysis.nValue', { value: a.value, seat: ((seat + a.winner) % a.players) + 1 });
  } else {
    outcome.textContent = t(`analysis.${a.outcome}`);
  }
  outcome.className = `outcome-${a.outcome}`;
  if (a.loopy) {
    renderLoopyAnalysis(a);
    return;
  }
  if (a.players) $('a-grundy').textContent = '—';
  else if (a.grundy === null || a.grundy === undefined) $('a-grundy').textContent = a.play === 'misere' ? t('analysis.grundyUndefined') : t('analysis.grundyUnknown');
  else $('a-grundy').textContent = String(a.grundy) + (isSum() ? ` (${a.parts.map((p) => t('analysis.partGrundy', { n: p.part, g: p.grundy ?? '?' })).join('; ')})` : '');
  $('a-reason').textContent = a.reason;
  $('a-basis').textContent = a.basis === 'theory' ? t('analysis.theory', { theorem: a.theorem }) : t('analysis.search', { states: a.search_states ?? '?' });
  $('winning-heading').textContent = t(a.players ? 'analysis.optimalMoves' : 'analysis.winningMoves');
  const list = $('a-moves');
  list.replaceChildren();
  if (S.here.moves && !S.here.moves.length) list.append(el('li', { class: 'help', text: t('moves.none') }));
  else if (!a.winning_moves.length) list.append(el('li', { class: 'help', text: t('analysis.noWinning') }));
  for (const w of a.winning_moves.slice(0, 20)) {
    const move = S.here.moves?.find((m) => (isSum() ? m.part === w.part && same(m.partTo, w.to.map(normal)) : same(m.to, w.to.map(normal))));
    const to = move ? move.to : w.to.map(normal);
    const text = `${inPart(w.part, w.move)} → ${showPosition(to)}`;
    list.append(el('li', {}, move && canPersonMove()
      ? el('button', { type: 'button', class: 'move', text, 'data-testid': 'winning-move', 'data-to': showPosition(to), on: { click: () => personMove(move) } })
      : el('span', { text })));
  }
  const more = (a.winning_move_count ?? a.winning_moves.length) - Math.min(20, a.winning_moves.length);
  if (more > 0) list.append(el('li', { class: 'help', text: t('analysis.moreMoves', { n: more }) }));
}

/** The loopy engine's answer: the generalized Sprague-Grundy value, remoteness, good moves. */
function renderLoopyAnalysis(a) {
  $('a-grundy').textContent = a.value === null ? t('analysis.grundyUndefined') : t('analysis.loopyValue', { value: loopyValueText(a.value) });
  $('a-reason').textContent = a.reason;
  $('a-basis').textContent = a.remoteness === null ? t('analysis.loopy') : t('analysis.loopyRemoteness', { r: a.remoteness });
  $('winning-heading').textContent = t(a.outcome === 'D' ? 'analysis.drawingMoves' : 'analysis.winningMoves');
  const list = $('a-moves');
  list.replaceChildren();
  if (S.here.moves && !S.here.moves.length) list.append(el('li', { class: 'help', text: t('moves.none') }));
  else if (!a.winning_moves.length) list.append(el('li', { class: 'help', text: t('analysis.noWinning') }));
  for (const w of a.winning_moves.slice(0, 20)) {
    const to = w.to.map(normal);
    const move = S.here.moves?.find((m) => same(m.to, to));
    const text = `${move ? `${move.move} ` : ''}→ ${showPosition(to)} (${t('analysis.valueAfter', { value: loopyValueText(w.value_after) ?? '—' })})`;
    list.append(el('li', {}, move && canPersonMove()
      ? el('button', { type: 'button', class: 'move', text, 'data-testid': 'winning-move', 'data-to': showPosition(to), on: { click: () => personMove(move) } })
      : el('span', { text })));
  }
  if (a.winning_moves.length > 20) list.append(el('li', { class: 'help', text: t('analysis.moreMoves', { n: a.winning_moves.length - 20 }) }));
}

/**
 * The history: the start and every move of the whole game, the later moves of a review
 * included, each a button to the position after it (the one shown is marked); and the value
 * chart of the whole game.
 */
function renderHistory() {
  if (!$('export-box').hidden) $('export-text').value = historyText();
  const log = $('log');
  log.replaceChildren();
  const start = $('history-start');
  start.replaceChildren();
  if (!S.setup) return;
  const shown = valuesVisible();
  const game = wholeGame();
  $('history-note').textContent = game.log.length === 0 ? t('history.empty') : shown ? '' : t('history.hidden');
  const at = movesMade();
  const mark = (k) => (k === at ? 'step' : undefined);
  start.append(el('button', { type: 'button', class: 'entry', 'data-testid': 'history-entry', 'data-moves': 0, 'aria-current': mark(0),
    text: t('history.start', { position: showPosition(game.positions[0]) }), on: { click: () => goTo(0) } }));
  game.log.forEach((entry, k) => {
    const value = game.values[k + 1];
    const parts = [t('history.move', { who: seatName(entry.seat, true), from: showPosition(entry.from), to: showPosition(entry.to) })];
    if (entry.text) parts.push(t('history.words', { text: inPart(entry.part, entry.text) }));
    // nimlab's explanation tells who is winning: shown with the values only.
    if (entry.explanation && shown) parts.push(`— ${entry.explanation}`);
    if (shown && value) {
      let said;
      if (value.draw) said = t('history.draw');
      else if (players() > 2) said = t('moves.seatWins', { seat: value.winner + 1 });
      else if (value.remoteness === null) said = t('history.valueWinNoR', { who: seatName(value.winner, true) });
      else said = t(value.remoteness === 1 ? 'history.valueWin1' : 'history.valueWin', { who: seatName(value.winner, true), r: value.remoteness });
      parts.push(`· ${said}`);
    }
    const later = k + 1 > at;
    log.append(el('li', { class: `${sideOf(entry.seat) === 'human' ? 'you' : 'nimlab'}${later ? ' later' : ''}` },
      el('button', { type: 'button', class: 'entry', 'data-testid': 'history-entry', 'data-moves': k + 1, 'aria-current': mark(k + 1),
        'data-later': later ? 'true' : undefined, text: parts.join(' '), on: { click: () => goTo(k + 1) } })));
  });
  const chart = $('chart');
  chart.replaceChildren();
  const { positions, values } = game;
  if (shown && players() === 2 && !isSum() && values.filter((v) => v && v.remoteness !== null).length > 1) {
    const topSeat = againstNimlab() ? personSeat() : 0;
    const points = positions.map((_, i) => {
      const v = values[i];
      return v && v.remoteness !== null ? { side: v.winner === topSeat ? 1 : -1, remoteness: v.remoteness } : null;
    });
    const top = againstNimlab() ? t('who.you') : t('history.firstPlayer');
    const bottom = againstNimlab() ? t('who.nimlab') : t('history.secondPlayer');
    chart.append(el('p', { class: 'help', text: t('history.chart', { top, bottom }) }),
      el('div', { class: 'chart-scroll', tabindex: '0', role: 'region', 'aria-label': t('history.chartTitle') },
        historyChart({
          points, label: t('history.chartTitle'), top, bottom, current: at,
          axisMoves: t('history.axisMoves'), axisRemoteness: t('history.axisRemoteness'),
          pointLabel: (i) => t('history.point', { n: i, position: showPosition(positions[i]), r: points[i].remoteness }),
          onSelect: (i) => goTo(i),
        })));
  }
}

/** The ranges of the one-heap chart offered besides the one around the heap: its last heap. */
const SEQUENCE_RANGES = [50, 100, 200, 400];

/** The one-heap chart's range chosen: the table is fetched again for it. */
function setSequenceRange(value) {
  S.sequenceUpto = value === '' ? null : Number(value);
  // The chart shown stays (with the control) until the new table comes.
  ensureSequence(S.step);
}

/** Fetches the SG sequence of a one-heap game around the current heap, or over the range chosen. */
async function ensureSequence(token) {
  const position = current();
  // A repeating game's values are of the positions reachable from one: no table by heap sizes.
  const chosen = S.sequenceUpto;
  if (isSum() || isLoopy() || players() > 2 || position.length !== 1 || size(position[0]) > (chosen ?? 140)) return;
  const upto = chosen ?? Math.min(150, Math.max(30, size(position[0]) + 10));
  const key = setupKey();
  if (S.sequence?.key === key && S.sequence.chosen === chosen && S.sequence.table.upto >= size(position[0])) return;
  const request = `${key} ${upto}`;
  if (S.loading.has(request)) return;
  S.loading.add(request);
  try {
    const table = await api('table', { ...gameKeys(S.setup), upto, period: '1', outcomes: S.setup.misere ? '1' : '' }, undefined);
    if (key === setupKey()) S.sequence = { key, table, chosen };
  } catch (error) {
    if (key === setupKey()) S.sequence = null;
  } finally {
    S.loading.delete(request);
  }
  if (live(token)) renderSequence();
}

function renderSequence() {
  const panel = $('sequence-panel');
  const sequence = S.sequence;
  const position = current();
  if (!sequence || !position || isSum() || sequence.key !== setupKey() || position.length !== 1 || size(position[0]) > sequence.table.upto) {
    panel.hidden = true;
    return;
  }
  panel.hidden = false;
  const table = sequence.table;
  const chart = $('sequence-chart');
  $('sequence-range-field').hidden = !valuesVisible();
  if (!valuesVisible()) {
    $('sequence-caption').textContent = t('sequence.hidden');
    chart.replaceChildren();
    $('sequence-period').textContent = '';
    return;
  }
  const range = $('sequence-range');
  // The ranges that reach the current heap.
  const ranges = SEQUENCE_RANGES.filter((upto) => upto >= size(position[0]));
  range.replaceChildren(...[null, ...ranges].map((upto) => el('option', {
    value: upto ?? '', text: upto === null ? t('sequence.rangeAuto') : t('sequence.rangeUpto', { upto }),
  })));
  range.value = String(S.sequenceUpto ?? '');
  const misere = table.play === 'misere';
  $('sequence-caption').textContent = t(misere ? 'sequence.captionMisere' : 'sequence.caption', { upto: table.upto });
  const period = table.period;
  $('sequence-period').textContent = period
    ? t('sequence.period', { period: period.period, preperiod: period.preperiod, how: t(period.certified ? 'sequence.certified' : 'sequence.observed') })
    : t('sequence.noPeriod');
  chart.replaceChildren(el('div', { class: 'chart-scroll', tabindex: '0', role: 'region', 'aria-label': t('sequence.heading') },
    sequenceChart({
      values: table.values, current: size(position[0]), period, label: t('sequence.label', { upto: table.upto }), here: t('sequence.here'),
    })));
}

/** Draws everything but the form from the model, and fetches the pictures the position needs. */
function render() {
  renderStatus();
  renderBoard();
  renderChooser();
  renderControls();
  renderMoves();
  renderAnalysis();
  renderHistory();
  renderGrid();
  renderSequence();
  if (S.here && S.setup) {
    ensureGrid(S.step).then(() => ensurePicture(S.step));
    ensureSequence(S.step);
  }
}

/** The hint: who is winning, and a winning (or optimal) move, on request only. */
function hint() {
  const a = S.here?.analysis;
  const box = $('hint-text');
  box.replaceChildren();
  if (!a) {
    box.textContent = S.here?.analysisError ?? '';
    return;
  }
  const best = a.winning_moves[0];
  const move = best && S.here.moves?.find((m) => (isSum() ? m.part === best.part && same(m.partTo, best.to.map(normal)) : same(m.to, best.to.map(normal))));
  const moveText = move ? `→ ${showPosition(move.to)} (${move.move})` : '';
  let text;
  if (a.players) text = t('hint.seat', { seat: (seatAt(movesMade()) + a.winner) % a.players + 1, move: moveText });
  else if (a.outcome === 'D') text = t('hint.drawing', { move: moveText });
  // Two people at one screen: the hint names the player to move ("you" would be either of them).
  else if (!againstNimlab()) text = t(a.outcome === 'N' ? 'hint.winningSeat' : 'hint.losingSeat', { seat: seatAt(movesMade()) + 1, move: moveText });
  else text = a.outcome === 'N' ? t('hint.winning', { move: moveText }) : t('hint.losing');
  box.append(el('span', { text }));
  if (!a.players) box.append(el('span', { class: 'reason', text: ` ${a.reason}` }));
  if (move && (a.outcome === 'N' || a.outcome === 'D' || a.players)) {
    box.append(' ', el('button', { type: 'button', class: 'small', 'data-testid': 'hint-play', text: t('analysis.play'), on: { click: () => personMove(move) } }));
  }
  announce(box.textContent);
}

async function typedMove(event) {
  event.preventDefault();
  if (!canPersonMove()) return;
  const text = $('move-to').value;
  if (text.trim() === '') {
    showError(t('error.nothingTyped'));
    return;
  }
  const step = S.step;
  let typed;
  try {
    typed = await readTyped(S.setup.game, S.setup.params, text);
  } catch (error) {
    showError(error.message);
    return;
  }
  if (!live(step) || !canPersonMove()) return;
  // A move that leaves no heap at all (the last heap of a take-and-break game) is typed 0.
  // Rows of pins are kept as multisets: "5 5" and "5 0 5" are the same position.
  const pins = drawingOf(S.setup.game).board === 'pins';
  const move = S.here.moves.find((m) => same(m.to, typed))
    ?? (pins ? S.here.moves.find((m) => multisetKey(m.to) === multisetKey(typed)) : undefined)
    ?? (same(typed, ['0']) ? S.here.moves.find((m) => m.to.length === 0) : undefined);
  if (!move) {
    const example = S.here.moves[0] ? showPosition(S.here.moves[0].to) : '';
    showError(t('error.notLegal', { typed: spaced(typed), from: showPosition(current()), example }));
    return;
  }
  $('move-to').value = '';
  personMove(move);
}

/** The page's own texts in the chosen language. */
function renderStatic() {
  document.documentElement.lang = S.lang === 'zh' ? 'zh-CN' : 'en';
  // Served on the local network (nimlab serve --lan): the address pupils type.
  const loopback = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(location.hostname);
  $('lan-note').hidden = loopback;
  $('lan-note').textContent = loopback ? '' : t('share.lan', { url: `${location.origin}/` });
  document.title = t('page.title');
  for (const node of document.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
  for (const node of document.querySelectorAll('[data-i18n-label]')) node.setAttribute('aria-label', t(node.dataset.i18nLabel));
  $('lang-en').setAttribute('aria-pressed', String(S.lang === 'en'));
  $('lang-zh').setAttribute('aria-pressed', String(S.lang === 'zh'));
}

function setLanguage(lang) {
  S.lang = lang;
  renderStatic();
  renderForm();
  render();
  updateUrl();
  if (S.engineLanguages.length > 1) {
    relabel();
    relabelHistory();
  }
}

/**
 * Asks again for the engine's texts of every move of the game (the later ones too) and nimlab's
 * explanations, in the page's language: the moves from the options of the position each was
 * made from, an explanation from nimlab's own request (the same seed draws the same move). A
 * later change of language or a new game drops the answers.
 */
async function relabelHistory() {
  const setup = S.setup;
  const lang = S.lang;
  const pins = setup && !isSum() && drawingOf(setup.game).board === 'pins';
  const fresh = () => S.setup === setup && S.lang === lang;
  for (const entry of wholeGame().log) {
    if (!fresh()) return;
    try {
      const { moves } = await movesAt(setup, entry.from, false, new AbortController().signal);
      const move = moves.find((m) => (m.part ?? null) === (entry.part ?? null) && same(m.to, entry.to))
        ?? (pins ? moves.find((m) => multisetKey(m.to) === multisetKey(entry.to)) : undefined);
      if (move && fresh()) entry.text = move.move;
      if (entry.ask && entry.explanation) {
        const reply = await api('move', entry.ask, new AbortController().signal);
        if (reply.reply && fresh()) entry.explanation = reply.reply.explanation;
      }
    } catch {
      // The entry keeps its words in the language it was made in.
    }
  }
  if (fresh()) renderHistory();
}

/** Asks again for the engine's texts of the current position (reasons, moves) in the page's
 * language; the game itself is unchanged, and a later step drops the answer. */
async function relabel() {
  const here = S.here;
  if (!here || S.thinking) return;
  const token = S.step;
  const signal = S.controller.signal;
  const [moves, analysis] = await Promise.allSettled([
    movesAt(S.setup, current(), true, signal),
    analyse(S.setup, current(), signal),
  ]);
  if (!live(token) || S.here !== here) return;
  if (moves.status === 'fulfilled') here.moves = moves.value.moves;
  if (analysis.status === 'fulfilled') here.analysis = analysis.value;
  render();
}

// ---------------------------------------------------------------- sharing

/** Copies the address (which holds the game and its moves); where the browser refuses, shows it to copy by hand. */
async function copyLink() {
  const note = $('share-note');
  try {
    await navigator.clipboard.writeText(location.href);
    note.replaceChildren(t('share.copied'));
  } catch {
    const field = el('input', { value: location.href, readonly: true, 'aria-label': t('share.address'), 'data-testid': 'share-address', size: 40 });
    note.replaceChildren(el('span', { text: `${t('share.copyFailed')} ` }), field);
    field.select();
  }
}

/** The game as plain text: the game, the start, every move with its text, the result and the link. */
function historyText() {
  if (!S.setup) return '';
  const name = isSum() ? S.setup.parts.map((p) => gameText(p.game, 'name')).join(' + ') : gameText(S.setup.game, 'name');
  const lines = [t('share.game', { game: name }), t('share.start', { position: showPosition(S.history[0]) })];
  // The whole game, also while an earlier position is reviewed.
  wholeGame().log.forEach((entry, k) => lines.push(t('share.move', {
    n: k + 1, who: seatName(entry.seat, true), from: showPosition(entry.from), to: showPosition(entry.to), move: entry.text ?? '',
  })));
  if (S.over) lines.push(t('share.result', { result: $('result-title').textContent }));
  else if (reviewing()) lines.push(t('share.reviewed', { n: movesMade() }));
  lines.push(t('share.link', { url: location.href }));
  return lines.join('\n');
}

function toggleExport() {
  const box = $('export-box');
  box.hidden = !box.hidden;
  $('export').setAttribute('aria-expanded', String(!box.hidden));
  if (!box.hidden) {
    $('export-text').value = historyText();
    $('export-text').select();
  }
}

// ---------------------------------------------------------------- wiring

function wire() {
  $('setup-form').addEventListener('submit', (event) => { event.preventDefault(); startByHand('explore', 'me'); });
  $('play-me').addEventListener('click', () => startByHand('play', 'me'));
  $('play-nimlab').addEventListener('click', () => startByHand('play', 'nimlab'));
  $('play-sides').addEventListener('click', () => startByHand('play', 'sides'));
  for (const [seat, id] of ['side-1', 'side-2'].entries()) {
    $(id).addEventListener('change', (e) => {
      S.form.sides[seat] = e.target.value;
      $('players').querySelector('option[value="2"]').textContent = twoPlayersText(S.form.sides);
    });
  }
  $('strength').addEventListener('change', (e) => { S.form.mistakes = Number(e.target.value); });
  $('delay').addEventListener('change', (e) => { S.form.delay = Number(e.target.value); });
  $('kind-single').addEventListener('change', () => { S.form.kind = 'single'; renderForm(); });
  $('kind-sum').addEventListener('change', () => {
    S.form.kind = 'sum';
    if (!S.form.parts.length) {
      // Two games of the registry to start from: its first, and the first drawn as a grid.
      const grid = S.games.find((g) => g.drawing?.board === 'grid') ?? S.games[1] ?? S.games[0];
      S.form.parts = [S.games[0], grid].map(({ name: game }) => ({ game, params: defaults(game), position: gameInfo(game).example_position }));
    }
    renderForm();
  });
  $('add-part').addEventListener('click', () => {
    S.form.parts.push({ game: firstGame(), params: defaults(firstGame()), position: gameInfo(firstGame()).example_position });
    renderForm();
    $(`part${S.form.parts.length - 1}-game`)?.focus();
  });
  $('misere').addEventListener('change', (e) => { S.form.misere = e.target.checked; });
  $('players').addEventListener('change', (e) => { S.form.players = Number(e.target.value); renderForm(); });
  $('hint').addEventListener('click', hint);
  $('copy-link').addEventListener('click', copyLink);
  $('class-mode').addEventListener('click', toggleClassMode);
  $('setup-open').addEventListener('click', () => { S.setupOpen = !S.setupOpen; renderClassMode(); if (S.setupOpen) $('game')?.focus(); });
  $('export').addEventListener('click', toggleExport);
  $('sequence-range').addEventListener('change', (e) => setSequenceRange(e.target.value));
  for (const button of document.querySelectorAll('[data-zoom]')) button.addEventListener('click', () => setZoom(Number(button.dataset.zoom)));
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('retry').addEventListener('click', () => { showError(''); S.retry?.(); });
  // Stop, offered while a question takes longer than a moment: the engine gives up every
  // question (cancelled, as the server says it), and Try again asks it again.
  $('stop').addEventListener('click', () => stop());
  let stopTimer = null;
  onBusy((count) => {
    if (count > 0) {
      stopTimer ??= setTimeout(() => { $('stop-box').hidden = false; }, STOP_AFTER_MS);
      return;
    }
    clearTimeout(stopTimer);
    stopTimer = null;
    $('stop-box').hidden = true;
  });
  $('rematch').addEventListener('click', () => rematch(false));
  $('swap').addEventListener('click', () => rematch(true));
  $('show-values').addEventListener('change', (e) => { S.showValues = e.target.checked; updateUrl(); render(); });
  $('move-form').addEventListener('submit', typedMove);
  $('chooser-cancel').addEventListener('click', closeChooser);
  $('lang-en').addEventListener('click', () => setLanguage('en'));
  $('lang-zh').addEventListener('click', () => setLanguage('zh'));
  document.addEventListener('keydown', onKey);
  document.addEventListener('focusin', onFocus);
}

async function main() {
  wire();
  try {
    const list = await api('games', {}, undefined);
    // A graph game needs its graph's file, which the page does not send: the page offers the others.
    S.games = list.games.filter((g) => g.capabilities?.loopy?.kind !== 'graph-file');
    if (Array.isArray(list.languages)) S.engineLanguages = list.languages;
    if (Number.isInteger(list.draw_repetitions)) S.drawRepetitions = list.draw_repetitions;
    S.limits = list.limits;
  } catch (error) {
    showError(error.message);
    return;
  }
  let saved = null;
  try {
    saved = readUrl();
  } catch (error) {
    showError(t('error.badUrl', { message: error.message }));
  }
  if (!saved) {
    S.form.game = firstGame();
    S.form.params = defaults(S.form.game);
    S.form.position = gameInfo(S.form.game).example_position;
  }
  renderStatic();
  renderForm();
  document.body.dataset.ready = 'true';
  if (saved) await restore(saved);
  else await startFromForm('explore', 'me');
}

main();
