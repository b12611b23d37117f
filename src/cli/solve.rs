//! `reversi perft` and `reversi solve`: leaf counts, and exact scores with a line of best play.

use std::fmt::Write as _;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use crate::ai::endgame::{PROBCUT_T, Probe};
use crate::ai::eval::DISC;
use crate::ai::{Engine, Limits, front};
use crate::rules::{Board, Move, Position, Variant, notation};

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
    Ok(format!(
        "perft {depth}{}: {leaves} leaves in {seconds:.3} s ({})",
        variant_named(position.variant),
        rate(leaves, seconds, "leaves")
    ))
}

/// A position of `variant`: a board string of its size, a transcript from its start, or a GGF
/// record of it. A board string or record with squares that are off (`#`) brings its shape to a
/// square `variant` of its size and rules. A side to move that must pass is kept as written (the
/// game records its pass; the position is the one before it).
pub fn read_board(text: &str, variant: Variant) -> Result<Position, String> {
    let game = notation::parse_any(text, variant).map_err(|e| e.to_string())?;
    let position = match game.history().last() {
        Some(Move::Pass) => game.position().pass(),
        _ => game.position(),
    };
    let its_shape =
        variant.is_square() && variant.with_holes(position.variant.holes()) == Ok(position.variant);
    if position.variant != variant && !its_shape {
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

/// `reversi solve`: each argument is a position of `variant` (a board string, a transcript from
/// its start or a GGF record) or a file of them, one per line (text after `;` on a line that is
/// not a GGF record, and lines starting with `#`, are ignored); each is solved by the engine that
/// plays it, with a line of best play. `threads`: the 8×8 engine's search threads; `probes`: each
/// 8×8 solve's null-window probes too.
pub fn solve_report(
    variant: Variant,
    inputs: &[String],
    threads: usize,
    probes: bool,
) -> Result<String, String> {
    let positions = read_positions(inputs, variant)?;
    if positions.is_empty() {
        return Err("no position to solve".into());
    }
    let mut engine = None;
    let cancel = Arc::new(AtomicBool::new(false));
    let mut report = String::new();
    for (name, position) in positions {
        let solved = front::solve(
            || engine.get_or_insert_with(|| solving_engine(threads)),
            &cancel,
            &position,
            true,
        )
        .expect("not cancelled");
        let seconds = solved.seconds;
        let _ = writeln!(
            report,
            "{name}{}\n  best {} score {:+} nodes {} time {seconds:.3} s ({})\n  line {}",
            variant_named(position.variant),
            solved.best.map_or("pass".to_string(), |s| s.to_string()),
            solved.score,
            solved.nodes,
            rate(solved.nodes, seconds, "nodes"),
            match solved.line.is_empty() {
                true => "(the game is over)".to_string(),
                false => solved
                    .line
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" "),
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

/// How a report names a variant after a position or a count: nothing for standard Othello.
fn variant_named(variant: Variant) -> String {
    match variant == Variant::STANDARD {
        true => String::new(),
        false => format!(" ({variant})"),
    }
}

/// The positions of `variant` that `solve`'s arguments name, each with where it came from
/// (`file:line`, or the argument itself): an argument that is a file is read a line at a time,
/// any other is a position. The first bad line is an error naming the file and the line.
pub fn read_positions(
    inputs: &[String],
    variant: Variant,
) -> Result<Vec<(String, Position)>, String> {
    // A board string or transcript may be followed by `; a comment`; a GGF record has `;` in it.
    let position_text = |line: &str| match line.trim_start().starts_with('(') {
        true => line.trim().to_string(),
        false => line.split(';').next().unwrap_or("").trim().to_string(),
    };
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
                    let board = position_text(line);
                    if board.is_empty() || board.starts_with('#') {
                        continue;
                    }
                    let position = read_board(&board, variant)
                        .map_err(|e| format!("{input}, line {}: {e}", number + 1))?;
                    positions.push((format!("{input}:{}", number + 1), position));
                }
            }
            // A file that is there but cannot be read (a folder, no permission).
            Err(e) if Path::new(input).exists() => {
                return Err(format!("cannot read {input}: {e}"));
            }
            Err(_) => {
                let position = read_board(&position_text(input), variant)
                    .map_err(|e| format!("'{input}' is neither a position nor a file: {e}"))?;
                positions.push((input.clone(), position));
            }
        }
    }
    Ok(positions)
}
