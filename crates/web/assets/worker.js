// The playground's engine in a Web Worker (the static folder, see engine.js): the first message
// brings the compiled WebAssembly module (crates/wasm), every later one a request
// `{ id, endpoint, query }`, answered by `{ id, status, body }`: the JSON the server would send.
// Time comes from the browser: the module imports `nimlab.now`, `performance.now()`.

let exports = null;
let module = null;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A fresh instance of the module (after a failure, the old one's memory is not trusted). */
async function instantiate() {
  const instance = await WebAssembly.instantiate(module, { nimlab: { now: () => performance.now() } });
  exports = instance.exports;
}

/** Writes `text` into the module's memory: its place and length. */
function put(text) {
  const bytes = encoder.encode(text);
  const at = exports.nimlab_alloc(bytes.length);
  new Uint8Array(exports.memory.buffer, at, bytes.length).set(bytes);
  return [at, bytes.length];
}

let queue = Promise.resolve();

self.onmessage = ({ data }) => {
  if (data.module) {
    module = data.module;
    queue = instantiate();
    return;
  }
  queue = queue.then(async () => {
    if (!exports) await instantiate();
    try {
      const [endpoint, endpointLength] = put(data.endpoint);
      const [query, queryLength] = put(data.query);
      const status = exports.nimlab_answer(endpoint, endpointLength, query, queryLength);
      exports.nimlab_free(endpoint, endpointLength);
      exports.nimlab_free(query, queryLength);
      const body = decoder.decode(new Uint8Array(exports.memory.buffer, exports.nimlab_result_ptr(), exports.nimlab_result_len()));
      self.postMessage({ id: data.id, status, body });
    } catch (error) {
      // The engine stopped on an internal error (a panic is a trap here): answered as the server
      // answers one, and the next request gets a new instance.
      exports = null;
      const message = `internal error while answering this request: ${error.message}`;
      self.postMessage({ id: data.id, status: 500, body: JSON.stringify({ error: message, kind: 'failure', status: 500 }) });
    }
  });
};
