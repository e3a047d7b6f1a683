// Where the page's API requests go. Served by `nimlab serve`, to the server (`/api/...`). Opened
// as the static folder that web/build-static.sh writes (its index.html says
// <meta name="nimlab-engine" content="worker">), to the engine compiled to WebAssembly, running
// in a Web Worker (worker.js): the same requests, the same JSON answers (the web crate's API
// code, crates/wasm), with no server and no network once the page is loaded.
//
// The page's code is the same either way: `ask(path, query, signal)` resolves to
// `{ status, body }` (the HTTP status and the JSON text) or rejects with an AbortError when the
// signal aborts, and a network failure as `fetch` does.

const WORKER = document.querySelector('meta[name=nimlab-engine]')?.content === 'worker';

/** The worker's engine: the compiled module, the worker, the requests it has not answered. */
const engine = WORKER ? {
  module: WebAssembly.compileStreaming
    ? WebAssembly.compileStreaming(fetch('nimlab.wasm')).catch(() => fetch('nimlab.wasm').then((r) => r.arrayBuffer()).then((b) => WebAssembly.compile(b)))
    : fetch('nimlab.wasm').then((r) => r.arrayBuffer()).then((b) => WebAssembly.compile(b)),
  worker: null,
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
    if (engine.worker === started) engine.worker = null;
  };
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
let started = null;

/** The running worker, started when first needed. */
function running() {
  if (!engine.worker) {
    started = startWorker();
    engine.worker = started;
  }
  return engine.worker;
}

/** Stops the worker in the middle of whatever it computes, for a new one to take the rest. */
async function restart() {
  const old = engine.worker;
  engine.worker = null;
  if (old) (await old.catch(() => null))?.terminate();
  if (engine.pending.size > 0) running();
}

/** `/api/PATH?QUERY` answered by the worker. */
function askWorker(path, query, signal) {
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
    running().then((worker) => send(worker, waiting), (error) => {
      engine.pending.delete(id);
      engine.worker = null;
      done(reject)(error);
    });
  });
}

/** `/api/PATH?QUERY` answered by the server. */
async function askServer(path, query, signal) {
  const response = await fetch(`/api/${path}?${query}`, { signal });
  return { status: response.status, body: await response.text() };
}

/** Asks the engine, in the worker or on the server (see the file's head). */
export const ask = WORKER ? askWorker : askServer;

/** True when the engine runs in the page (the static folder), not on a server. */
export const inPage = WORKER;
