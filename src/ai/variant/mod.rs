//! The generic engine, for every board and goal: [`super::front`] sends it every position but
//! standard 8×8 Othello's (which the 8×8 engine plays): other board sizes, the classic opening's
//! placements and Anti-reversi. It searches standard 8×8 too when asked directly (for
//! comparisons). Iterative deepening,
//! principal-variation alpha-beta with a transposition table, hash-move and mobility ordering, and
//! an exact solver near the end; cancellable and bounded by depth, nodes and time. The evaluation
//! is derived from the board's geometry (mobility, potential mobility, corners and the squares next
//! to them, edges, parity, the late disc count); under Anti-reversi the terms that measure owning
//! discs change sign.
//!
//! Written once over [`Bits`] and compiled for `u64` (up to 8×8), `u128` (up to 10×10) and
//! [`SquareSet`] (up to 16×16).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use web_time::Instant;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use super::eval::DISC;
use super::scores::{MoveScore, SearchResult};
use super::{Level, Limits};
use crate::rules::bits::{Bits, SquareSet};
use crate::rules::variant::Geometry;
use crate::rules::{Move, Position, Square, Variant};
use searcher::Searcher;

mod searcher;

/// Runs `$body` with the position's discs and geometry on the narrowest square set its board fits.
macro_rules! dispatch {
    ($position:expr, |$p:ident, $o:ident, $geometry:ident| $body:expr) => {{
        let position = $position;
        match position.variant.cells() {
            0..=64 => {
                let $geometry = Geometry::<u64>::new(position.variant).expect("fits");
                let ($p, $o) = (
                    u64::from_set(position.player),
                    u64::from_set(position.opponent),
                );
                $body
            }
            65..=128 => {
                let $geometry = Geometry::<u128>::new(position.variant).expect("fits");
                let ($p, $o) = (
                    u128::from_set(position.player),
                    u128::from_set(position.opponent),
                );
                $body
            }
            _ => {
                let $geometry = Geometry::<SquareSet>::new(position.variant).expect("fits");
                let ($p, $o) = (position.player, position.opponent);
                $body
            }
        }
    }};
}

/// What a level does with the generic engine on one board: its search limits, how far below its
/// best it may play (whole discs on 8×8, grown with the board when it plays) and its table size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenericLevel {
    pub limits: Limits,
    pub noise_discs: i32,
    /// A table of `2^table_bits` entries.
    pub table_bits: u32,
}

/// What a level means on a variant board of `cells` squares: the 8×8 level's depth scaled to the
/// generic engine and to the board (small boards search deeper and solve earlier for the same
/// time, big ones less deep), its exact-solve depth, a time cap on every level (a big board's deep
/// search must not outlast a player's patience), the noise of the noisy levels and the table size.
pub fn level_limits(level: Level, cells: u32) -> GenericLevel {
    let super::LevelRow {
        depth,
        endgame_empties,
        time_ms,
        noise_discs,
        table_bits,
    } = match level {
        Level::Beginner => super::LevelRow {
            depth: 1,
            endgame_empties: 0,
            time_ms: 1_000,
            noise_discs: 25,
            table_bits: 10,
        },
        Level::Novice => super::LevelRow {
            depth: 2,
            endgame_empties: 6,
            time_ms: 2_000,
            noise_discs: 5,
            table_bits: 12,
        },
        Level::Intermediate => super::LevelRow {
            depth: 3,
            endgame_empties: 8,
            time_ms: 3_000,
            noise_discs: 2,
            table_bits: 16,
        },
        Level::Advanced => super::LevelRow {
            depth: 4,
            endgame_empties: 12,
            time_ms: 2_000,
            noise_discs: 0,
            table_bits: 18,
        },
        Level::Expert => super::LevelRow {
            depth: 6,
            endgame_empties: 14,
            time_ms: 5_000,
            noise_discs: 0,
            table_bits: 20,
        },
        Level::Maximum => super::LevelRow {
            depth: 60,
            endgame_empties: 20,
            time_ms: 15_000,
            noise_discs: 0,
            table_bits: 20,
        },
    };
    // Beginner stays one ply on every board.
    let (more_depth, more_empties): (i32, i32) = match cells {
        _ if level == Level::Beginner => (0, 0),
        0..=49 => (3, 6),
        50..=64 => (1, 2),
        65..=100 => (0, 0),
        _ => (-1, -2),
    };
    GenericLevel {
        limits: Limits {
            depth: (depth as i32 + more_depth).max(1) as u32,
            endgame_empties: (endgame_empties as i32 + more_empties).max(0) as u32,
            time: Some(Duration::from_millis(time_ms)),
            nodes: None,
            selective: false,
        },
        noise_discs,
        table_bits,
    }
}

/// The move `level` plays in `position` with the generic engine, or `None` when the side to move
/// has none ([`super::front::choose_move`] picks the engine). Deterministic for a `seed` when no
/// time limit decides; returns promptly with a legal move once `cancel` is set.
pub fn choose_move(
    position: &Position,
    level: Level,
    seed: u64,
    cancel: Arc<AtomicBool>,
    budget: Option<Duration>,
) -> Option<Square> {
    let moves = position.legal_squares();
    if moves.is_empty() {
        return None;
    }
    let GenericLevel {
        mut limits,
        noise_discs,
        table_bits,
    } = level_limits(level, position.variant.squares());
    limits.time = match (limits.time, budget) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    if noise_discs == 0 {
        return search(position, &limits, table_bits, cancel).best;
    }
    // Noisy levels: score every move, then pick at random among those close enough to the best
    // (the margin grows with the board, as scores do).
    let (scores, _) = score_moves(position, &limits, table_bits, cancel);
    let best = scores.first().map_or(0, |m| m.score);
    let noise = noise_margin(noise_discs, position.variant.squares());
    let close: Vec<Square> = scores
        .iter()
        .filter(|m| m.score >= best - noise)
        .map(|m| m.square)
        .collect();
    let close = if close.is_empty() { moves } else { close };
    let mut rng = StdRng::seed_from_u64(
        seed ^ position.player.mix() ^ position.opponent.mix().rotate_left(17),
    );
    Some(close[rng.random_range(0..close.len())])
}

/// How far below its best a noisy level may play on a board of `cells` squares, in hundredths of a
/// disc: the level's 8×8 margin, grown with the board as scores do.
fn noise_margin(noise_discs: i32, cells: u32) -> i32 {
    noise_discs * DISC * cells as i32 / 64
}

/// What `level` does on `variant`'s board with the generic engine, as the 8×8 levels' settings
/// say it (noise in whole discs; [`super::front::level_settings`] picks the engine).
pub fn level_settings(level: Level, variant: Variant) -> super::LevelSettings {
    let GenericLevel {
        limits,
        noise_discs,
        table_bits,
    } = level_limits(level, variant.squares());
    super::LevelSettings {
        depth: limits.depth,
        endgame_empties: limits.endgame_empties,
        time: limits.time,
        noise_discs: noise_margin(noise_discs, variant.squares()) / DISC,
        table_bits,
        selective: false,
    }
}

/// Searches `position` with the generic engine within `limits` (the 8×8 engine is not used, so
/// this searches standard 8×8 too, for comparisons).
pub fn search(
    position: &Position,
    limits: &Limits,
    table_bits: u32,
    cancel: Arc<AtomicBool>,
) -> SearchResult {
    dispatch!(position, |p, o, geometry| {
        Searcher::new(geometry, table_bits, cancel, limits).run(p, o, limits)
    })
}

/// Every legal move's score at `limits`' depth (exact within its endgame empties), best first,
/// and the nodes searched.
pub fn score_moves(
    position: &Position,
    limits: &Limits,
    table_bits: u32,
    cancel: Arc<AtomicBool>,
) -> (Vec<MoveScore>, u64) {
    dispatch!(position, |p, o, geometry| {
        Searcher::new(geometry, table_bits, cancel, limits).score_all(p, o, limits)
    })
}

/// The exact final margin of `position` with best play (×1, not hundredths), its best move, and the
/// nodes searched; `None` when cancelled.
pub fn solve(position: &Position, cancel: Arc<AtomicBool>) -> Option<(i32, Option<Square>, u64)> {
    solve_exact(position, cancel, false).map(|solved| (solved.score, solved.best, solved.nodes))
}

/// An exact solve, with a line of best play where asked for ([`solve_exact`]).
#[derive(Clone, Debug, PartialEq)]
pub struct SolvedLine {
    /// The final margin for the side to move with best play (×1, not hundredths).
    pub score: i32,
    pub best: Option<Square>,
    /// The solve's nodes and seconds (the line's search not counted).
    pub nodes: u64,
    pub seconds: f64,
    /// To the end of the game, passes included, starting with `best`.
    pub line: Vec<Move>,
}

/// [`solve`], and with `line` a line of best play to the end of the game after it: each later
/// move found by a null-window solve of its position with the table the solve left warm (a fresh
/// solve of each would cost about as much as the first again). `None` when cancelled.
pub fn solve_exact(position: &Position, cancel: Arc<AtomicBool>, line: bool) -> Option<SolvedLine> {
    let limits = Limits {
        depth: 0,
        endgame_empties: position.variant.squares(),
        time: None,
        nodes: None,
        selective: false,
    };
    // A table that grows with the tree: 2^12 entries for a handful of empties, 2^22 from 20.
    let table_bits = (2 + position.empties() / 2 * 2).clamp(12, 22);
    dispatch!(position, |p, o, geometry| {
        let started = Instant::now();
        let mut searcher = Searcher::new(geometry, table_bits, cancel.clone(), &limits);
        let result = searcher.run(p, o, &limits);
        let seconds = started.elapsed().as_secs_f64();
        if cancel.load(Ordering::Relaxed) || !result.exact {
            return None;
        }
        let line = match line && result.best.is_some() {
            true => searcher.exact_line(p, o, result.score, result.best)?,
            false => Vec::new(),
        };
        Some(SolvedLine {
            score: result.score / DISC,
            best: result.best,
            nodes: result.nodes,
            seconds,
            line,
        })
    })
}
