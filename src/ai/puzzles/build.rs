//! Finding puzzles in games and proving them: every candidate position solved exactly move by
//! move, kept when one move is the unique answer; and the same proof made again to verify a set.

use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

use super::{Ask, Kind, Puzzle};
use crate::ai::Engine;
use crate::ai::eval::DISC;
use crate::ai::train::on_threads;
use crate::rules::{Board, Player, Position, Square};

/// A worker's transposition table: 2^20 entries (24 MiB), ample for 20 empties.
const TABLE_BITS: u32 = 20;

/// A position a puzzle may be made of: from a real game, with where it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The side to move's discs and the other side's.
    pub board: Board,
    pub to_move: Player,
    pub source: String,
}

/// What [`build`] makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildConfig {
    /// Puzzles in the set, spread evenly over the empties from `min_empties` to `max_empties`.
    pub count: usize,
    pub min_empties: u32,
    pub max_empties: u32,
    /// Orders the candidates: another seed, other puzzles.
    pub seed: u64,
    /// Every this-many-th puzzle asks for the exact score as well as the move (0: none does).
    pub score_every: usize,
    /// Candidates with fewer legal moves than this are passed over (one or two moves make no
    /// puzzle).
    pub min_moves: u32,
    pub threads: usize,
}

/// What [`build`] reports as it goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildProgress {
    pub solved: usize,
    pub kept: usize,
    pub wanted: usize,
}

/// The exact final disc difference, for the side to move, of every legal move of `board`, best
/// first (equal scores in square order).
pub fn prove(engine: &mut Engine, board: &Board) -> Vec<(Square, i32)> {
    engine.clear();
    let mut scores: Vec<(Square, i32)> = engine
        .score_moves(board, 0, 64)
        .expect("a solve without a cancel flag finishes")
        .into_iter()
        .map(|m| (Square::from_sq(m.square), m.score / DISC))
        .collect();
    scores.sort_by_key(|&(square, score)| (std::cmp::Reverse(score), square));
    scores
}

/// A worker's engine: one thread, never cancelled.
fn engine() -> Engine {
    let mut engine = Engine::new(TABLE_BITS, Arc::new(AtomicBool::new(false)));
    engine.set_threads(1);
    engine
}

/// Puzzles from `candidates`: taken in an order drawn from the seed, each with between
/// `min_empties` and `max_empties` empties, a number of moves at least `min_moves`, and a
/// symmetry class not seen before, is proved; it is kept when exactly one move wins, or none
/// wins and exactly one draws, and its number of empties still wants puzzles. `have` are
/// puzzles made before (a build resumed): they count towards the set and their positions are not
/// taken again. `kept` hears of each new
/// puzzle as it is found. Returns the whole set ordered by empties, then by the number of wrong
/// moves, then by source. The same candidates, seed and configuration give the same set
/// whatever the thread count.
pub fn build(
    candidates: &[Candidate],
    have: Vec<Puzzle>,
    config: &BuildConfig,
    kept: &mut dyn FnMut(&Puzzle),
    progress: &mut dyn FnMut(BuildProgress),
) -> Vec<Puzzle> {
    let levels = (config.min_empties..=config.max_empties).count();
    let quota = |empties: u32| -> usize {
        if !(config.min_empties..=config.max_empties).contains(&empties) || levels == 0 {
            return 0;
        }
        let i = (empties - config.min_empties) as usize;
        config.count / levels + usize::from(i < config.count % levels)
    };
    let key = |board: &Board| {
        let c = board.canonical();
        (c.player, c.opponent)
    };
    let mut seen: HashSet<(u64, u64)> = HashSet::new();
    // The set's puzzles by number of empties (0–64).
    let mut count_at = [0usize; 65];
    let mut set = have;
    for puzzle in &set {
        count_at[puzzle.empties() as usize] += 1;
        if let Some(board) = puzzle.position.to_board() {
            seen.insert(key(&board));
        }
    }
    let mut order: Vec<usize> = (0..candidates.len()).collect();
    order.shuffle(&mut StdRng::seed_from_u64(config.seed));
    let wanted = (config.min_empties..=config.max_empties)
        .map(quota)
        .sum::<usize>();
    let mut solved = 0;
    let batch = 8 * config.threads.max(1);
    let mut next = 0;
    while next < order.len() && set.len() < wanted {
        // The next batch of candidates that could still be kept.
        let mut chosen: Vec<&Candidate> = Vec::with_capacity(batch);
        while next < order.len() && chosen.len() < batch {
            let candidate = &candidates[order[next]];
            next += 1;
            let board = candidate.board;
            let empties = board.empty_count();
            if count_at[empties as usize] >= quota(empties)
                || board.legal_moves().count_ones() < config.min_moves
                || !seen.insert(key(&board))
            {
                continue;
            }
            chosen.push(candidate);
        }
        let proofs = on_threads(chosen.len() as u64, config.threads, engine, |engine, i| {
            prove(engine, &chosen[i as usize].board)
        });
        solved += chosen.len();
        for (candidate, scores) in chosen.into_iter().zip(proofs) {
            let empties = candidate.board.empty_count() as usize;
            if count_at[empties] >= quota(empties as u32) {
                continue;
            }
            let ask = match config.score_every {
                n if n > 0 && (set.len() + 1).is_multiple_of(n) => Ask::Score,
                _ => Ask::Move,
            };
            let position = Position::from_board(candidate.board, candidate.to_move);
            let made = Puzzle::new(position, ask, scores, candidate.source.clone());
            // A best move among several wins, or the smallest of losses, is not what a player
            // looks for in a puzzle: the one win, or the one draw.
            if let Ok(puzzle) = made
                && puzzle.kind() != Some(Kind::Best)
            {
                kept(&puzzle);
                count_at[empties] += 1;
                set.push(puzzle);
            }
        }
        progress(BuildProgress {
            solved,
            kept: set.len(),
            wanted,
        });
    }
    sort(&mut set);
    set
}

/// A set's order: by empties, then by the number of wrong moves, then by source and board.
pub fn sort(set: &mut [Puzzle]) {
    set.sort_by_cached_key(|p| (p.empties(), p.wrong_moves(), p.source.clone(), p.to_line()));
}

/// A puzzle whose proof the solver does not make again: its index in the set, and what differs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement {
    pub index: usize,
    pub what: String,
}

/// Solves the puzzles at `indices` again and compares every move's score with the set's.
pub fn verify(set: &[Puzzle], indices: &[usize], threads: usize) -> Vec<Disagreement> {
    let found = on_threads(indices.len() as u64, threads, engine, |engine, i| {
        let index = indices[i as usize];
        let puzzle = &set[index];
        let Some(board) = puzzle.position.to_board() else {
            return Some(Disagreement {
                index,
                what: "not an 8x8 position".into(),
            });
        };
        let mut fresh = prove(engine, &board);
        let mut claimed = puzzle.scores.clone();
        fresh.sort();
        claimed.sort();
        (fresh != claimed).then(|| {
            let differ: Vec<String> = fresh
                .iter()
                .filter(|m| !claimed.contains(m))
                .map(|(square, score)| {
                    format!(
                        "{square} scores {score:+}, the set says {}",
                        puzzle
                            .score_of(*square)
                            .map_or("nothing".to_string(), |s| format!("{s:+}"))
                    )
                })
                .collect();
            Disagreement {
                index,
                what: if differ.is_empty() {
                    "the set scores a move that is not legal".into()
                } else {
                    differ.join(", ")
                },
            }
        })
    });
    found.into_iter().flatten().collect()
}
