// The engine's Web Worker: the game posts one job per worker (a line of text, see
// src/ai/jobs.rs); every report goes back as a line. The game terminates the worker to cancel.
// The rich evaluation's weights are a file of their own (engine/weights-rich.bin.gz, which the
// page prefetches into the browser's cache), installed before the first job runs. A job that
// has waited WEIGHTS_WAIT_MS for them, or finds they cannot load, searches with the classic
// tables built into the module. The opening book (engine/book.bin) is fetched and installed the
// same way; without it the levels search from the first move.
import init, { install_book, install_weights, run_job } from './engine/reversi_engine_web.js';

const WEIGHTS_WAIT_MS = 3000;
const waiting = [];
let ready = false;
const run = (line) => run_job(line, (report) => self.postMessage(report));

self.onmessage = (event) => {
  if (ready) run(event.data);
  else waiting.push(event.data);
};

const weights = fetch(new URL('engine/weights-rich.bin.gz', import.meta.url))
  .then((response) => (response.ok ? response.arrayBuffer() : null))
  .catch(() => null);
const book = fetch(new URL('engine/book.bin', import.meta.url))
  .then((response) => (response.ok ? response.arrayBuffer() : null))
  .catch(() => null);
const patience = new Promise((resolve) => setTimeout(() => resolve(null), WEIGHTS_WAIT_MS));

init().then(
  async () => {
    const [bytes, bookBytes] = await Promise.all([
      Promise.race([weights, patience]),
      Promise.race([book, patience]),
    ]);
    if (bytes) {
      try {
        install_weights(new Uint8Array(bytes));
      } catch (error) {
        console.warn(`the engine's weights file was refused: ${error}`);
      }
    }
    if (bookBytes) {
      try {
        install_book(new Uint8Array(bookBytes));
      } catch (error) {
        console.warn(`the opening book was refused: ${error}`);
      }
    }
    ready = true;
    for (const line of waiting.splice(0)) run(line);
  },
  (error) => self.postMessage(`failed the engine could not load: ${error}`),
);
