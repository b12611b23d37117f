//! `reversi perft` and `reversi solve`: leaf counts, and exact scores with a line of best play.

use std::fmt::Write as _;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use crate::ai::endgame::{PROBCUT_T, Probe};
use crate::ai::eval::DISC;
use crate::ai::{Engine, Limits};
use crate::rules::{Board, Position, Variant, notation};

use super::rate;

/// Table size for `solve` and `bench`: 2^23 entries per table (192 MiB each); larger tables search
/// fewer nodes but run no faster.
const SOLVE_TABLE_BITS: u32 = 23;

/// Runs perft to `depth` from `board` (a board string, a transcript or a GGF record of
/// `variant`; its start when `None`) and returns the report: leaves, time and leaves per second.
pub fn perft_report(variant: Variant, depth: u32, board: Option<&str>) -> Result<String, String> {
    let position = match board {
        Some(text) => read_board(text, variant).map_err(|e| format!("bad --board: {e}"))?,
        None => Position::start(variant),
    };
    let started = Instant::now();
    let leaves = position.perft(depth);
    let seconds = started.elapsed().as_secs_f64();
    let named = match variant.is_standard() {
        true => String::new(),
        false => format!(" ({variant})"),
    };
    Ok(format!(
        "perft {depth}{named}: {leaves} leaves in {seconds:.3} s ({})",
        rate(leaves, seconds, "leaves")
    ))
}

/// A position of `variant`: a board string of its size, a transcript from its start, or a GGF
/// record of it.
pub fn read_board(text: &str, variant: Variant) -> Result<Position, String> {
    let position = notation::parse_any(text, variant)
        .map_err(|e| e.to_string())?
        .position();
    if position.variant != variant {
        return Err(format!(
            "the position is {}, not {variant}",
            position.variant
        ));
    }
    Ok(position)
}

/// One solved position.
#[derive(Clone, Debug, PartialEq)]
pub struct Solved {
    pub best: Option<String>,
    pub score: i32,
    pub nodes: u64,
    pub seconds: f64,
    /// The solver's null-window probes, ProbCut passes first, in the order made.
    pub probes: Vec<Probe>,
    /// A line of best play to the end of the game (passes as `pass`) when asked for, found after
    /// the solve (outside its nodes and time).
    pub line: Vec<String>,
}

/// One line for a probe: the pass (ProbCut's confidence, or exact), the question, the answer and
/// its cost.
pub fn probe_line(probe: &Probe) -> String {
    let pass = match PROBCUT_T.get(probe.level as usize) {
        Some(t) => format!("t={:.1}", *t as f64 / 100.0),
        None => "exact".to_string(),
    };
    let answer = if probe.score >= probe.beta {
        format!("yes, at least {:+}", probe.score)
    } else {
        format!("no, at most {:+}", probe.score)
    };
    format!(
        "    probe {pass:<5} score >= {:+3}? {answer:<18} {:>13} nodes {:>9.3} s",
        probe.beta, probe.nodes, probe.seconds
    )
}

/// An engine for [`solve_position`] searching on `threads` threads. Made once for many positions:
/// making its tables (hundreds of megabytes, written when made) costs more than clearing them.
pub fn solving_engine(threads: usize) -> Engine {
    let mut engine = Engine::new(SOLVE_TABLE_BITS, Arc::new(AtomicBool::new(false)));
    engine.set_threads(threads);
    engine
}

/// An 8×8 board string (64 squares then the side to move) as the engine's bitboard, the side to
/// move's discs first.
pub fn read_standard_board(text: &str) -> Result<Board, String> {
    let position = notation::parse_board(text, Variant::STANDARD).map_err(|e| e.to_string())?;
    position.to_board().ok_or_else(|| {
        format!(
            "a board of {0}×{0} squares; this command takes 8×8 boards (64 squares)",
            position.variant.size()
        )
    })
}

/// Solves `position` exactly with `engine` (cleared first, so each solve starts afresh): best move
/// and final disc difference for the side to move; with `line`, also a line of best play to the
/// end (found after the solve, outside its nodes and time).
pub fn solve_position(engine: &mut Engine, position: &Board, line: bool) -> Solved {
    engine.clear();
    let started = Instant::now();
    let result = engine.search(position, &Limits::depth(60, 64), |_| {});
    let seconds = started.elapsed().as_secs_f64();
    let probes = engine.probes().to_vec();
    let score = result.score / DISC;
    let line = match line {
        true => engine
            .exact_line(position, score, result.best)
            .expect("an exact solve's score has a line that keeps it"),
        false => Vec::new(),
    };
    Solved {
        best: result.best.map(|s| s.to_string()),
        score,
        nodes: result.nodes,
        seconds,
        probes,
        line: line.iter().map(|m| m.to_string()).collect(),
    }
}

/// `reversi solve`: each argument is a position (`<64 squares> <side>`) or a file of them, one per
/// line (text after `;` and lines starting with `#` are ignored). `probes`: each solve's
/// null-window probes too.
pub fn solve_report(inputs: &[String], threads: usize, probes: bool) -> Result<String, String> {
    let positions = read_positions(inputs)?;
    if positions.is_empty() {
        return Err("no position to solve".into());
    }
    let mut engine = solving_engine(threads);
    let mut report = String::new();
    for (name, position) in positions {
        let solved = solve_position(&mut engine, &position, true);
        let _ = writeln!(
            report,
            "{name}\n  best {} score {:+} nodes {} time {:.3} s ({})\n  line {}",
            solved.best.as_deref().unwrap_or("pass"),
            solved.score,
            solved.nodes,
            solved.seconds,
            rate(solved.nodes, solved.seconds, "nodes"),
            match solved.line.is_empty() {
                true => "(the game is over)".to_string(),
                false => solved.line.join(" "),
            },
        );
        if probes {
            for probe in &solved.probes {
                let _ = writeln!(report, "{}", probe_line(probe));
            }
        }
    }
    Ok(report.trim_end().to_string())
}

/// The positions `solve`'s arguments name, each with where it came from (`file:line`, or the
/// argument itself): an argument that is a file is read a line at a time, any other is a position.
/// The first bad line is an error naming the file and the line.
pub fn read_positions(inputs: &[String]) -> Result<Vec<(String, Board)>, String> {
    let mut positions = Vec::new();
    for input in inputs {
        match std::fs::read(input) {
            Ok(bytes) => {
                let text = String::from_utf8(bytes).map_err(|e| {
                    let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
                    let line = 1 + valid.iter().filter(|&&b| b == b'\n').count();
                    format!("{input}, line {line}: not UTF-8 text")
                })?;
                for (number, line) in text.lines().enumerate() {
                    let board = line.split(';').next().unwrap_or("").trim();
                    if board.is_empty() || board.starts_with('#') {
                        continue;
                    }
                    let position = read_standard_board(board)
                        .map_err(|e| format!("{input}, line {}: {e}", number + 1))?;
                    positions.push((format!("{input}:{}", number + 1), position));
                }
            }
            // A file that is there but cannot be read (a folder, no permission).
            Err(e) if Path::new(input).exists() => {
                return Err(format!("cannot read {input}: {e}"));
            }
            Err(_) => {
                let position = read_standard_board(input.split(';').next().unwrap_or(""))
                    .map_err(|e| format!("'{input}' is neither a position nor a file: {e}"))?;
                positions.push((input.clone(), position));
            }
        }
    }
    Ok(positions)
}
