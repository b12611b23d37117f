//! `reversi bench`: the FFO endgame positions solved against their known scores, or a fixed set of
//! midgame positions searched to a depth.

use std::time::Instant;

use crate::ai::Limits;
use crate::ai::eval::DISC;
use crate::rules::{Board, Variant, notation};

use super::{probe_line, read_standard_board, solve_position, solving_engine};

/// The FFO endgame test positions #40–#59 with their exact scores (shipped in the binary).
pub const FFO_40_59: &str = include_str!("../../tests/data/ffo-40-59.txt");

/// One benchmark position: the board, the best moves and the exact score.
pub struct BenchPosition {
    pub position: Board,
    pub best_moves: Vec<String>,
    pub score: i32,
}

/// Reads the FFO file format: `<board> <side> ; <best moves> ; <score>` per line, `#` comments.
pub fn parse_bench(text: &str) -> Result<Vec<BenchPosition>, String> {
    let mut positions = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let [board, moves, score] = fields[..] else {
            return Err(format!(
                "line {}: expected '<board> ; <moves> ; <score>'",
                number + 1
            ));
        };
        let position =
            read_standard_board(board).map_err(|e| format!("line {}: {e}", number + 1))?;
        let score = score
            .parse()
            .map_err(|_| format!("line {}: bad score '{score}'", number + 1))?;
        let best_moves = moves
            .split_whitespace()
            .map(str::to_ascii_lowercase)
            .collect();
        positions.push(BenchPosition {
            position,
            best_moves,
            score,
        });
    }
    Ok(positions)
}

/// `reversi bench`: solves FFO #40–#59 (or the positions `first..=last` of them) with `threads`
/// threads and reports each position (with `probes`, its null-window probes after it) and the
/// total. Returns the report and whether every score matched.
pub fn bench_report(
    first: usize,
    last: usize,
    threads: usize,
    probes: bool,
    mut progress: impl FnMut(&str),
) -> Result<(String, bool), String> {
    let positions = parse_bench(FFO_40_59)?;
    let numbers = 40..=39 + positions.len();
    if !numbers.contains(&first) || !numbers.contains(&last) || first > last {
        return Err(format!(
            "FFO positions #{first}..#{last}: expected {} <= first <= last <= {}",
            numbers.start(),
            numbers.end()
        ));
    }
    let mut engine = solving_engine(threads);
    let (mut nodes, mut seconds, mut all_match) = (0u64, 0.0f64, true);
    progress(&format!("threads: {threads}"));
    // Every line after that one goes both to `progress` and into the report.
    let mut report = Vec::new();
    let mut emit = |line: String| {
        progress(&line);
        report.push(line);
    };
    emit(format!(
        "{:>4} {:>7} {:>5} {:>6} {:>6} {:>5} {:>14} {:>9} {:>12}",
        "#", "empties", "move", "score", "want", "ok", "nodes", "time s", "nodes/s"
    ));
    for (i, bench) in positions.iter().enumerate() {
        let number = 40 + i;
        if number < first || number > last {
            continue;
        }
        let solved = solve_position(&mut engine, &bench.position, false);
        let best = solved.best.clone().unwrap_or_else(|| "pass".into());
        let ok = solved.score == bench.score && bench.best_moves.contains(&best);
        all_match &= ok;
        nodes += solved.nodes;
        seconds += solved.seconds;
        emit(format!(
            "{:>4} {:>7} {:>5} {:>+6} {:>+6} {:>5} {:>14} {:>9.3} {:>12.0}",
            number,
            bench.position.empty_count(),
            best,
            solved.score,
            bench.score,
            if ok { "yes" } else { "NO" },
            solved.nodes,
            solved.seconds,
            solved.nodes as f64 / solved.seconds.max(1e-9),
        ));
        if probes {
            for probe in &solved.probes {
                emit(probe_line(probe));
            }
        }
    }
    emit(format!(
        "total: {nodes} nodes in {seconds:.2} s ({:.0} nodes/s); {}",
        nodes as f64 / seconds.max(1e-9),
        if all_match {
            "all scores match"
        } else {
            "SOME SCORES DIFFER"
        }
    ));
    Ok((report.join("\n"), all_match))
}

/// Midgame benchmark positions: 20 moves into games (40 empties), from the match logs of the levels.
pub const MIDGAME_POSITIONS: [&str; 10] = [
    "f5d6c3d3c4b3c7d7c6b8c8d8c2f4a2g5f3f2g3h3",
    "f5d6c3d3c4b3d7e6c2c8f6f4d8d2e2c7c5e8g4f1",
    "f5d6c3d3c4b5b4f3f4g5d2d1g6a5c5b6h5f6c6h4",
    "f5d6c3d3c4b5c6e6c5b3e7d7b6f3d8g5f6e8b4g7",
    "f5d6c3d3c4b5c7f3c5b4c2c1a6d7b3a4a5c6e7b6",
    "f5d6c3d3c4b5c7f4e3f2b4e2c2a4a5e6g3c5a3c1",
    "f5d6c3d3c4b5d7f4c5c7b7b3a2b8c2e7f6g5c6b4",
    "f5d6c3d3c4f3e6b5c2e2e3c6b6c1e1f7f4a6b4c5",
    "f5d6c3d3c4f3f4b3c7d7c5g3e6b4h2f7f2f6a4f1",
    "f5d6c3d3c4f4c2f6e6d7c7c5e7b4g3f8b5c6g4g5",
];

/// `reversi bench --midgame`: a fixed-depth midgame search (no exact solving) of each position on
/// `threads` threads, with nodes, time and nodes per second; `selective`: with Multi-ProbCut;
/// `eval`: the leaves' evaluation.
pub fn midgame_bench_report(
    depth: u32,
    selective: bool,
    eval: crate::ai::Evaluator,
    threads: usize,
    mut progress: impl FnMut(&str),
) -> Result<String, String> {
    let mut report = String::new();
    progress(&format!("threads: {threads}"));
    let mut engine = solving_engine(threads);
    engine.set_evaluator(eval);
    let (mut nodes, mut seconds) = (0u64, 0.0f64);
    let header = format!(
        "{:>3} {:>6} {:>6} {:>12} {:>8} {:>12}",
        "#", "move", "eval", "nodes", "time s", "nodes/s"
    );
    progress(&header);
    report.push_str(&header);
    report.push('\n');
    for (i, transcript) in MIDGAME_POSITIONS.iter().enumerate() {
        let game = notation::parse_transcript(transcript, Variant::STANDARD)
            .map_err(|e| format!("position {}: {e}", i + 1))?;
        let board = game.position().to_board().expect("an 8×8 game");
        engine.clear();
        let started = Instant::now();
        let limits = Limits {
            selective,
            ..Limits::depth(depth, 0)
        };
        let result = engine.search(&board, &limits, |_| {});
        let elapsed = started.elapsed().as_secs_f64();
        nodes += result.nodes;
        seconds += elapsed;
        let line = format!(
            "{:>3} {:>6} {:>+6.2} {:>12} {:>8.3} {:>12.0}",
            i + 1,
            result.best.map_or("pass".to_string(), |s| s.to_string()),
            result.score as f64 / DISC as f64,
            result.nodes,
            elapsed,
            result.nodes as f64 / elapsed.max(1e-9)
        );
        progress(&line);
        report.push_str(&line);
        report.push('\n');
    }
    let total = format!(
        "total depth {depth}: {nodes} nodes in {seconds:.2} s ({:.0} nodes/s)",
        nodes as f64 / seconds.max(1e-9)
    );
    progress(&total);
    report.push_str(&total);
    Ok(report)
}
