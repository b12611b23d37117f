//! Command-line engine commands: what `reversi perft` prints.

use std::time::Instant;

use crate::rules::{Position, notation, perft};

/// Runs perft to `depth` from `board` (a board string, or the standard start) and returns the
/// report: leaves, time and leaves per second.
pub fn perft_report(depth: u32, board: Option<&str>) -> Result<String, String> {
    let position = match board {
        Some(text) => notation::parse_board(text).map_err(|e| format!("bad --board: {e}"))?,
        None => Position::start(),
    };
    let started = Instant::now();
    let leaves = perft(&position.board, depth);
    let seconds = started.elapsed().as_secs_f64();
    let rate = if seconds > 0.0 {
        leaves as f64 / seconds / 1e6
    } else {
        f64::INFINITY
    };
    Ok(format!(
        "perft {depth}: {leaves} leaves in {seconds:.3} s ({rate:.1} M leaves/s)"
    ))
}
