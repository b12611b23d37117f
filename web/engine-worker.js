// The engine's Web Worker: the game posts one job per worker (a line of text, see
// src/ai/jobs.rs); every report goes back as a line. The game terminates the worker to cancel.
import init, { run_job } from './engine/reversi_engine_web.js';

const waiting = [];
let ready = false;
const run = (line) => run_job(line, (report) => self.postMessage(report));

self.onmessage = (event) => {
  if (ready) run(event.data);
  else waiting.push(event.data);
};

init().then(
  () => {
    ready = true;
    for (const line of waiting.splice(0)) run(line);
  },
  (error) => self.postMessage(`failed the engine could not load: ${error}`),
);
