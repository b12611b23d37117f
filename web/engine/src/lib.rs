//! The engine as a Web Worker module for the browser build: `run_job(line, emit)` runs one job
//! (see `reversi::ai::jobs`) and hands each report line to `emit`. The game's page starts one
//! worker per job and terminates it to cancel, so the search never runs on the page's thread.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use reversi::ai::jobs::{Job, Report};
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
