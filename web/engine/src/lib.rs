//! The engine as a Web Worker module for the browser build: `run_job(line, emit)` runs one job
//! (see `reversi::ai::jobs`) and hands each report line to `emit`. The game's page starts one
//! worker per job and terminates it to cancel, so the search never runs on the page's thread.
//! The rich evaluation's weights are a file of their own beside the module, which the worker
//! hands to `install_weights` once fetched; until then jobs search with the classic tables built
//! into the module. The opening book is another such file (`install_book`).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use reversi::ai::jobs::{Job, Report};
use reversi::ai::pattern::{Weights, install_midgame};
use wasm_bindgen::prelude::*;

/// Runs the job written as `line`; every report goes to `emit` as one line of text.
#[wasm_bindgen]
pub fn run_job(line: &str, emit: &js_sys::Function) {
    let send = |report: Report| {
        emit.call1(&JsValue::NULL, &JsValue::from_str(&report.to_line()))
            .is_ok()
    };
    match Job::parse(line) {
        Ok(job) => job.run(&Arc::new(AtomicBool::new(false)), send),
        Err(error) => {
            send(Report::Failed(error));
        }
    }
}

/// Makes the opening book file `bytes` (`engine/book.bin`) the levels' book for every later job;
/// until then they search from the first move. An error says why a file was refused.
#[wasm_bindgen]
pub fn install_book(bytes: &[u8]) -> Result<(), String> {
    reversi::ai::book::install(bytes)
}

/// Makes the weights file `bytes` (gzip-compressed, as `engine/weights-rich.bin.gz`) the
/// midgame search's for every later job; an error says why a file was refused.
#[wasm_bindgen]
pub fn install_weights(bytes: &[u8]) -> Result<(), String> {
    install_midgame(Weights::read(bytes)?)
}
