//! The engine's commands on the rule variants (`--size N --rules R`): perft, solve and match.
//! Standard 8×8 Othello keeps its own commands' paths; these run everything else.

use std::fmt::Write;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use super::matches::{Contender, MatchScore};
use super::{rate, read_board};
use crate::rules::notation;
use crate::rules::{Game, Move, Player, Variant};

/// `reversi solve --size N --rules R`: each position solved exactly with the generic engine.
pub fn variant_solve_report(variant: Variant, inputs: &[String]) -> Result<String, String> {
    let mut positions = Vec::new();
    for input in inputs {
        match std::fs::read_to_string(input) {
            Ok(text) => {
                for (number, line) in text.lines().enumerate() {
                    if line.trim().is_empty() || line.trim_start().starts_with('#') {
                        continue;
                    }
                    let position = read_board(line, variant)
                        .map_err(|e| format!("{input}:{}: {e}", number + 1))?;
                    positions.push((format!("{input}:{}", number + 1), position));
                }
            }
            Err(_) => positions.push((input.clone(), read_board(input, variant)?)),
        }
    }
    if positions.is_empty() {
        return Err("no position to solve".into());
    }
    let mut report = String::new();
    for (name, position) in positions {
        let started = Instant::now();
        let (score, best, nodes) =
            crate::ai::variant::solve(&position, Arc::new(AtomicBool::new(false)))
                .expect("not cancelled");
        let seconds = started.elapsed().as_secs_f64();
        let _ = writeln!(
            report,
            "{name} ({variant})\n  best {} score {score:+} nodes {nodes} time {seconds:.3} s ({})",
            best.map_or("pass".to_string(), |c| c.to_string()),
            rate(nodes, seconds, "nodes"),
        );
    }
    Ok(report.trim_end().to_string())
}

/// The opening of match game pair `pair`: random moves from the variant's start (the free
/// opening's four placements, then two more; else a few more the bigger the board), the same for
/// a seed.
pub fn variant_opening(variant: Variant, pair: usize, seed: u64) -> Game {
    let mut rng = StdRng::seed_from_u64(seed ^ (pair as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let plies = match variant.opening {
        crate::rules::Opening::Free => 6,
        crate::rules::Opening::Othello => 2 + variant.squares() as usize / 25,
    };
    loop {
        let mut game = Game::new(variant);
        while game.history().len() < plies && !game.is_over() {
            let moves = game.position().legal_squares();
            let cell = moves[rng.random_range(0..moves.len())];
            game.play(cell).expect("a legal move");
        }
        if !game.is_over() {
            return game;
        }
    }
}

/// `reversi match --size N --rules R`: games `games` of `first` against `second` on `variant`, game
/// `i` from opening `i / 2` ([`variant_opening`]), the first side black when `i` is even. Levels and
/// stand-ins only (programs speak 8×8 GTP).
pub fn match_variant(
    first: Contender,
    second: Contender,
    variant: Variant,
    games: std::ops::Range<usize>,
    seed: u64,
    budget: Option<Duration>,
    mut progress: impl FnMut(&str),
) -> Result<(MatchScore, [String; 2]), String> {
    let name = |side: &Contender| match side {
        Contender::Level(level) => Ok(level.to_string()),
        Contender::Newcomer(newcomer) => Ok(newcomer.name().to_string()),
        Contender::Program { .. } => {
            Err("other programs (GTP, NBoard) play standard 8×8 Othello only".to_string())
        }
    };
    let names = [name(&first)?, name(&second)?];
    let sides = [first, second];
    let mut score = MatchScore::default();
    for index in games {
        let mut game = variant_opening(variant, index / 2, seed);
        let first_plays = if index % 2 == 0 {
            Player::Black
        } else {
            Player::White
        };
        while !game.is_over() {
            let player = game.to_move();
            let mover = usize::from(player != first_plays);
            let started = Instant::now();
            let move_seed = seed
                .wrapping_mul(31)
                .wrapping_add((index * 1000 + game.history().len()) as u64);
            let position = game.position();
            let cell = match &sides[mover] {
                Contender::Level(level) => crate::ai::front::choose_move(
                    &position,
                    *level,
                    move_seed,
                    Arc::new(AtomicBool::new(false)),
                    budget,
                ),
                Contender::Newcomer(newcomer) => newcomer.choose_cell(&position, move_seed),
                Contender::Program { .. } => unreachable!("refused above"),
            }
            .expect("a side to move that is not passing has a move");
            score.seconds[mover] += started.elapsed().as_secs_f64();
            game.play(cell).expect("the engines play legal moves");
        }
        let outcome = game.outcome().expect("over");
        let margin = match first_plays {
            Player::Black => outcome.margin,
            Player::White => -outcome.margin,
        };
        score.record(i64::from(margin));
        let placed = game
            .history()
            .iter()
            .filter(|m| matches!(m, Move::Play(_)))
            .count();
        progress(&format!(
            "game {:>3}: {} as {first_plays} {:+} against {} (discs {}–{}, {placed} moves)  {}",
            index + 1,
            names[0],
            margin,
            names[1],
            outcome.discs.black,
            outcome.discs.white,
            notation::transcript(&game)
        ));
    }
    Ok((score, names))
}

/// `reversi selfplay --size N --rules R`: `games` games of the generic engine against itself
/// (searching `depth` plies, exact from `exact` empties) from [`variant_opening`]s, every position
/// written with the final margin from its mover's view, one
/// `<size>:<rules> <player hex> <opponent hex> <side> <margin>` a line (the square sets as the
/// engine worker writes them). Games are shared among `threads` threads.
pub fn variant_selfplay_report(
    variant: Variant,
    games: u64,
    seed: u64,
    depth: u32,
    exact: u32,
    threads: usize,
    out: &std::path::Path,
) -> Result<String, String> {
    use crate::protocol::worker::position_to_text;
    let started = Instant::now();
    let limits = crate::ai::Limits::depth(depth, exact);
    let play = |game_index: u64| -> Vec<String> {
        let mut game = variant_opening(variant, game_index as usize, seed);
        let mut positions = Vec::new();
        while !game.is_over() {
            let position = game.position();
            positions.push(position);
            let cancel = Arc::new(AtomicBool::new(false));
            let best = crate::ai::variant::search(&position, &limits, 18, cancel)
                .best
                .expect("a side to move that is not passing has a move");
            game.play(best).expect("the engine plays legal moves");
        }
        let margin = game.outcome().expect("over").margin;
        positions
            .into_iter()
            .map(|p| {
                let mine = if p.to_move == Player::Black {
                    margin
                } else {
                    -margin
                };
                format!("{} {mine}", position_to_text(&p))
            })
            .collect()
    };
    let threads = threads.max(1) as u64;
    let lines: Vec<String> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let play = &play;
                scope.spawn(move || {
                    (t..games)
                        .step_by(threads as usize)
                        .flat_map(play)
                        .collect::<Vec<String>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a self-play thread does not panic"))
            .collect()
    });
    let mut text = lines.join("\n");
    text.push('\n');
    std::fs::write(out, text).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    Ok(format!(
        "{games} games of {variant}, {} positions written to {} in {:.1} s",
        lines.len(),
        out.display(),
        started.elapsed().as_secs_f64()
    ))
}
