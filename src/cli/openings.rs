//! `reversi openings`: balanced openings for matches, found by searching random short lines.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::ai::eval::DISC;
use crate::ai::{Engine, Limits};
use crate::rules::notation;

/// Balanced openings the `match` command starts its games from, each played once with each colour:
/// one per line, the transcript first, then its evaluation for black (discs). Written by
/// `reversi openings` with its defaults (see [`OpeningSearch`]).
pub const MATCH_OPENINGS: &str = include_str!("match-openings.txt");

/// The transcripts of [`MATCH_OPENINGS`].
pub fn match_openings() -> Vec<&'static str> {
    MATCH_OPENINGS
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .filter(|first| !first.starts_with('#'))
        .collect()
}

/// How `reversi openings` looks for balanced openings: random games of `plies` moves (f5 first;
/// the other first moves are its mirror images), kept when a full-width search of `depth` plies
/// scores them within `max_eval` hundredths of a disc of even, and when no kept opening is the
/// same position or a mirror image of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpeningSearch {
    pub count: usize,
    pub plies: usize,
    pub depth: u32,
    pub max_eval: i32,
    pub seed: u64,
}

impl Default for OpeningSearch {
    fn default() -> Self {
        OpeningSearch {
            count: 50,
            plies: 8,
            depth: 10,
            max_eval: DISC,
            seed: 1,
        }
    }
}

/// A balanced opening: its moves and the search's evaluation for black (hundredths of a disc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    pub transcript: String,
    pub eval: i32,
}

impl Opening {
    /// The line `reversi openings` prints and [`MATCH_OPENINGS`] holds.
    pub fn to_line(&self) -> String {
        format!("{} {:+.2}", self.transcript, self.eval as f64 / DISC as f64)
    }
}

/// `reversi openings`: the first `search.count` random openings that pass [`OpeningSearch`]'s test,
/// in the order found (the same for a seed). `progress` is told of each.
pub fn balanced_openings(
    search: OpeningSearch,
    mut progress: impl FnMut(&Opening),
) -> Result<Vec<Opening>, String> {
    use crate::rules::{Board, Game, Move, Player, Square, Variant};
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};
    use std::collections::HashSet;

    // Bad settings are refused at once rather than after thousands of searches.
    if search.plies == 0 || search.plies >= 60 {
        return Err(format!(
            "an opening has 1 to 59 moves, not {}",
            search.plies
        ));
    }
    if search.max_eval < 0 {
        return Err("the evaluation bound cannot be negative".into());
    }
    let mut rng = StdRng::seed_from_u64(search.seed);
    let mut engine = Engine::new(20, Arc::new(AtomicBool::new(false)));
    let limits = Limits::depth(search.depth, 0);
    let f5 = Square::new(5, 4);
    let mut seen: HashSet<Board> = HashSet::new();
    let mut found = Vec::new();
    let tries = search.count.saturating_mul(1000).max(1000);
    for _ in 0..tries {
        if found.len() >= search.count {
            break;
        }
        let mut game = Game::new(Variant::STANDARD);
        game.play(f5).expect("f5 opens");
        while game.history().len() < search.plies && !game.is_over() {
            let moves = game.position().legal_squares();
            game.play(moves[rng.random_range(0..moves.len())])
                .expect("a legal move");
        }
        // Openings with a pass (or an early end) are not the usual game.
        if game.history().len() != search.plies
            || game.is_over()
            || game.history().contains(&Move::Pass)
        {
            continue;
        }
        let board = game.position().to_board().expect("an 8×8 game");
        if !seen.insert(board.canonical()) {
            continue;
        }
        engine.clear();
        let result = engine.search(&board, &limits, |_| {});
        let eval = match game.to_move() {
            Player::Black => result.score,
            Player::White => -result.score,
        };
        if eval.abs() <= search.max_eval {
            let opening = Opening {
                transcript: notation::transcript(&game),
                eval,
            };
            progress(&opening);
            found.push(opening);
        }
    }
    if found.len() < search.count {
        return Err(format!(
            "only {} balanced openings in {tries} tries; allow a larger evaluation",
            found.len()
        ));
    }
    Ok(found)
}
