//! How far a book's values are from fresh searches (`reversi book check`): a sample of its
//! positions searched again at the book's depth and exact-solve point, each position's best score
//! compared with the book's value.
//!
//! A position whose every move is a search score (the book's deepest positions) has as its value
//! the best of those scores, so a fresh search of the same depth should give the same figure; a
//! position with moves inside the book has the value backed up from deeper searches, and differs
//! from a fresh shallow search by what those deeper searches found.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

use super::{Book, NO_LEAF};
use crate::ai::Engine;
use crate::ai::eval::DISC;
use crate::ai::train::on_threads;
use crate::rules::{Board, squares};

/// Differences between book values and fresh searches, in discs.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Spread {
    pub positions: usize,
    pub mean: f64,
    pub max: f64,
}

impl Spread {
    fn of(differences: &[f64]) -> Spread {
        let positions = differences.len();
        Spread {
            positions,
            mean: differences.iter().sum::<f64>() / positions.max(1) as f64,
            max: differences.iter().copied().fold(0.0, f64::max),
        }
    }
}

/// What [`check`] found.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Checked {
    pub depth: u8,
    pub exact: u8,
    /// Every position of the sample.
    pub all: Spread,
    /// The positions whose every move is a search score.
    pub searched: Spread,
    /// The positions solved exactly (within the exact-solve point).
    pub solved: Spread,
}

impl std::fmt::Display for Checked {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let line = |f: &mut std::fmt::Formatter, what: &str, s: &Spread| {
            if s.positions == 0 {
                return writeln!(f, "  {what}: none in the sample");
            }
            writeln!(
                f,
                "  {what}: {} positions, mean difference {:.2} discs, largest {:.2}",
                s.positions, s.mean, s.max
            )
        };
        writeln!(
            f,
            "book values against fresh searches at depth {} (exact from {} empties):",
            self.depth, self.exact
        )?;
        line(f, "all", &self.all)?;
        line(f, "every move a search score", &self.searched)?;
        line(f, "solved exactly", &self.solved)
    }
}

/// `sample` positions of `book` drawn by `seed` (all of them if it has fewer), each searched again
/// at the book's depth on `threads` threads, the difference from its book value measured.
pub fn check(book: &Book, sample: usize, seed: u64, threads: usize) -> Checked {
    let mut order: Vec<usize> = (0..book.len()).collect();
    order.shuffle(&mut StdRng::seed_from_u64(seed));
    order.truncate(sample);
    let settings = book.settings;
    let (depth, exact) = (u32::from(settings.depth.max(1)), u32::from(settings.exact));
    let cancel = Arc::new(AtomicBool::new(false));
    let results = on_threads(
        order.len() as u64,
        threads,
        || Engine::new(20, cancel.clone()),
        |engine, i| {
            let entry = book.entries()[order[i as usize]];
            let board = entry.board();
            engine.clear();
            let fresh = engine
                .score_moves(&board, depth, exact)
                .expect("a search without limits")
                .iter()
                .map(|m| m.score)
                .max()
                .unwrap_or(0);
            let difference = (f64::from(entry.value) - fresh as f64 / f64::from(DISC)).abs();
            let all_searched = entry.leaf != NO_LEAF && !moves_into(book, &board);
            let solved = board.empty_count() <= exact + 1;
            (difference, all_searched, solved)
        },
    );
    let pick = |keep: &dyn Fn(&(f64, bool, bool)) -> bool| {
        let d: Vec<f64> = results.iter().filter(|r| keep(r)).map(|r| r.0).collect();
        Spread::of(&d)
    };
    Checked {
        depth: settings.depth,
        exact: settings.exact,
        all: pick(&|_| true),
        searched: pick(&|r| r.1),
        solved: pick(&|r| r.2),
    }
}

/// Whether a move of `board` leads to a position of `book`.
fn moves_into(book: &Book, board: &Board) -> bool {
    squares(board.legal_moves()).any(|square| book.value_of(board, square).is_some())
}
