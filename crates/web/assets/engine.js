// Where the page's API requests go. Served by `nimlab serve`, to the server (`/api/...`). Opened
// as the static folder that web/build-static.sh writes (its index.html says
// <meta name="nimlab-engine" content="worker">), to the engine compiled to WebAssembly, running
// in a Web Worker (worker.js): the same requests, the same JSON answers (the web crate's API
// code, crates/wasm), with no server and no network once the page is loaded.
//
// The page's code is the same either way: `ask(path, query, signal)` resolves to
// `{ status, body }` (the HTTP status and the JSON text) or rejects with an AbortError when the
// signal aborts, and a network failure as `fetch` does. `stop()` (the page's Stop) gives up every
// question being answered: each is answered as the server answers a cancelled computation, and
// the computation ends (the server's, as its client goes away; the worker, terminated).

const WORKER = document.querySelector('meta[name=nimlab-engine]')?.content === 'worker';

/** The worker's engine: the compiled module, the worker, the requests it has not answered. */
const engine = WORKER ? {
  module: WebAssembly.compileStreaming
    ? WebAssembly.compileStreaming(fetch('nimlab.wasm')).catch(() => fetch('nimlab.wasm').then((r) => r.arrayBuffer()).then((b) => WebAssembly.compile(b)))
    : fetch('nimlab.wasm').then((r) => r.arrayBuffer()).then((b) => WebAssembly.compile(b)),
  worker: null,
  current: null,
  next: 0,
  pending: new Map(),
} : null;

/** Starts a worker on the compiled module and hands it the requests still waiting. */
async function startWorker() {
  const module = await engine.module;
  const worker = new Worker('worker.js');
  worker.onmessage = ({ data }) => {
    const waiting = engine.pending.get(data.id);
    if (!waiting) return;
    engine.pending.delete(data.id);
    waiting.resolve({ status: data.status, body: data.body });
  };
  worker.onerror = (event) => {
    // The worker itself failed (its script did not load): every waiting request fails as a
    // network failure would, and the next one starts a new worker.
    event.preventDefault();
    for (const waiting of engine.pending.values()) waiting.reject(new Error(event.message || 'the engine stopped'));
    engine.pending.clear();
    worker.terminate();
    if (engine.current === worker) {
      engine.worker = null;
      engine.current = null;
    }
  };
  engine.current = worker;
  worker.postMessage({ module });
  for (const waiting of engine.pending.values()) send(worker, waiting);
  return worker;
}

/** Posts a waiting request to `worker`, once. */
function send(worker, waiting) {
  if (waiting.sentTo === worker) return;
  waiting.sentTo = worker;
  worker.postMessage(waiting.request);
}

/** The running worker (a promise of it), started when first needed. */
function running() {
  engine.worker ??= startWorker();
  return engine.worker;
}

// The worker starts with the page, so that the module is compiled and instantiated while the
// page itself starts (the first answer comes sooner).
if (WORKER) running();

/** Stops the worker in the middle of whatever it computes, for a new one to take the rest. */
async function restart() {
  const old = engine.worker;
  engine.worker = null;
  if (old) (await old.catch(() => null))?.terminate();
  if (engine.pending.size > 0) running();
}

/** The answer to a question given up with `stop()`: the server's to a cancelled computation. */
const CANCELLED = { status: 503, body: JSON.stringify({ error: 'it was cancelled', kind: 'cancelled', status: 503 }) };

/** The questions being answered, each with the function that gives it up. */
const inFlight = new Set();
let busyListener = () => {};

/** Calls `listener(count)` whenever the number of questions being answered changes. */
export function onBusy(listener) {
  busyListener = listener;
}

/** Runs `answer(giveUp)` as a question in flight until it settles; `giveUp` is called by `stop()`. */
function tracked(answer) {
  const entry = {};
  inFlight.add(entry);
  busyListener(inFlight.size);
  const done = () => {
    if (inFlight.delete(entry)) busyListener(inFlight.size);
  };
  return answer((giveUp) => { entry.giveUp = giveUp; }).finally(done);
}

/** Gives up every question being answered (see the file's head). */
export function stop() {
  const entries = [...inFlight];
  inFlight.clear();
  busyListener(0);
  for (const entry of entries) entry.giveUp?.();
  if (WORKER) restart();
}

/** `/api/PATH?QUERY` answered by the worker. */
function askWorker(path, query, signal) {
  return tracked((onGiveUp) => askWorkerOnce(path, query, signal, onGiveUp));
}

function askWorkerOnce(path, query, signal, onGiveUp) {
  return new Promise((resolve, reject) => {
    const aborted = () => new DOMException('The request was stopped', 'AbortError');
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const id = ++engine.next;
    const request = { id, endpoint: path, query };
    const stop = () => {
      // Computing it or queued behind it: the worker is stopped either way (a computation cannot
      // be interrupted from outside), and the other requests go to a new one.
      if (!engine.pending.delete(id)) return;
      reject(aborted());
      restart();
    };
    signal?.addEventListener('abort', stop, { once: true });
    const done = (settle) => (value) => {
      signal?.removeEventListener('abort', stop);
      settle(value);
    };
    const waiting = { request, resolve: done(resolve), reject: done(reject), sentTo: null };
    engine.pending.set(id, waiting);
    // Stop: answered as cancelled; stop() restarts the worker.
    onGiveUp(() => {
      if (engine.pending.delete(id)) waiting.resolve(CANCELLED);
    });
    running().then((worker) => send(worker, waiting), (error) => {
      engine.pending.delete(id);
      engine.worker = null;
      done(reject)(error);
    });
  });
}

/** `/api/PATH?QUERY` answered by the server. */
function askServer(path, query, signal) {
  return tracked(async (onGiveUp) => {
    // The request ends when the page's signal aborts, or at Stop (answered as cancelled).
    const own = new AbortController();
    const forward = () => own.abort(signal.reason);
    if (signal?.aborted) forward();
    signal?.addEventListener('abort', forward, { once: true });
    let givenUp = false;
    onGiveUp(() => {
      givenUp = true;
      own.abort();
    });
    try {
      const response = await fetch(`/api/${path}?${query}`, { signal: own.signal });
      return { status: response.status, body: await response.text() };
    } catch (error) {
      if (givenUp) return CANCELLED;
      throw error;
    } finally {
      signal?.removeEventListener('abort', forward);
    }
  });
}

/** Asks the engine, in the worker or on the server (see the file's head). */
export const ask = WORKER ? askWorker : askServer;

/** True when the engine runs in the page (the static folder), not on a server. */
export const inPage = WORKER;
