//! The evaluation's training pipeline, reproducible from a seed:
//!
//! 1. [`self_play`]: games that open with random legal moves (for variety), then are played by the
//!    engine (a fixed-depth search, exact from [`SELF_PLAY_EXACT`] empties). Every position after
//!    the random opening is labelled with the game's final disc difference from its mover's view:
//!    exact for the solved part, the engine's best play before it.
//! 2. [`fit`]: least squares of the pattern weights (and the per-phase mobility, potential mobility
//!    and bias) against those labels, one phase at a time, by gradient steps scaled by how often
//!    each weight occurs (rare configurations move little and stay near zero).
//!
//! `reversi selfplay` and `reversi train` run them (see docs/training.md).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use super::endgame::{Solver, evaluated_positions};
use super::eval::DISC;
use super::tt::TranspositionTable;
use super::{Engine, Evaluator, Limits};
use crate::rules::{Board, squares};

mod fit;
mod mpc;
pub use fit::{FitReport, fit, fit_from, fit_smoothed, held_out_errors};
pub use mpc::{MpcErrors, mean_and_sd, mpc_errors};

/// Self-play searches this deep in the midgame ...
pub const SELF_PLAY_DEPTH: u32 = 4;
/// ... and solves exactly from this many empties.
pub const SELF_PLAY_EXACT: u32 = 16;

/// A labelled position: the mover's and the opponent's discs, and the final disc difference the
/// mover reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    pub player: u64,
    pub opponent: u64,
    pub score: i8,
}

impl Sample {
    /// The position: the mover's discs and the opponent's.
    pub fn board(&self) -> Board {
        Board {
            player: self.player,
            opponent: self.opponent,
        }
    }

    /// `"<player hex> <opponent hex> <score>"`.
    pub fn to_line(&self) -> String {
        format!("{:016x} {:016x} {}", self.player, self.opponent, self.score)
    }

    pub fn parse(line: &str) -> Result<Sample, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let [player, opponent, score] = words.as_slice() else {
            return Err(format!("expected '<hex> <hex> <score>', got '{line}'"));
        };
        let bits = |t: &str| u64::from_str_radix(t, 16).map_err(|_| format!("bad bits '{t}'"));
        let sample = Sample {
            player: bits(player)?,
            opponent: bits(opponent)?,
            score: score.parse().map_err(|_| format!("bad score '{score}'"))?,
        };
        if sample.player & sample.opponent != 0 || !(-64..=64).contains(&sample.score) {
            return Err(format!("impossible sample '{line}'"));
        }
        Ok(sample)
    }
}

/// Plays one self-play game (seeded by `seed`) with the engine searching `depth` plies and solving
/// from `exact` empties, from one of `starts` drawn by the seed or, with none, from a random opening
/// of 4–20 plies, and returns its
/// labelled positions: labelled with the game's result, or,
/// with `result_weight` given, `result_weight` of it and the rest the score of the search that
/// chose the position's move (a Multi-ProbCut search then, from tables emptied when the game
/// starts, so that a game does not depend on the games played before it).
pub fn self_play_game(
    seed: u64,
    engine: &mut Engine,
    depth: u32,
    exact: u32,
    result_weight: Option<f64>,
    starts: &[Board],
) -> Vec<Sample> {
    let mut rng = StdRng::seed_from_u64(seed);
    let (start, random_plies) = if starts.is_empty() {
        (Board::start(), rng.random_range(4..=20))
    } else {
        (starts[rng.random_range(0..starts.len())], 0)
    };
    let limits = Limits {
        selective: result_weight.is_some(),
        ..Limits::depth(depth, exact)
    };
    if result_weight.is_some() {
        engine.clear();
    }
    // Positions with the mover's colour (true when black is to move) and the search's score.
    let mut positions: Vec<(Board, bool, i32)> = Vec::new();
    let mut board = start;
    // The colour names the sides: a start's mover is called black.
    let mut black_to_move = true;
    let mut ply = 0;
    loop {
        let moves = board.legal_moves();
        if moves == 0 {
            if board.pass().legal_moves() == 0 {
                break;
            }
            board = board.pass();
            black_to_move = !black_to_move;
            continue;
        }
        let square = if ply < random_plies {
            let all: Vec<_> = squares(moves).collect();
            all[rng.random_range(0..all.len())]
        } else {
            let found = engine.search(&board, &limits, |_| {});
            positions.push((board, black_to_move, found.score));
            match found.best {
                Some(square) => square,
                None => break,
            }
        };
        board = board.play(square);
        black_to_move = !black_to_move;
        ply += 1;
    }
    // The final difference with empties to the winner, from black's view.
    let black = if black_to_move {
        board.final_score()
    } else {
        -board.final_score()
    };
    positions
        .into_iter()
        .map(|(b, black_moves, searched)| {
            let result = if black_moves { black } else { -black };
            Sample {
                player: b.player,
                opponent: b.opponent,
                score: match result_weight {
                    None => result as i8,
                    Some(w) => blend(result, searched, w),
                },
            }
        })
        .collect()
}

/// `result_weight` of a game's `result` plus the rest of a search's `searched` score (in
/// evaluation units, from the same mover's view), in whole discs: each rounded to whole discs,
/// the blend to even.
fn blend(result: i32, searched: i32, result_weight: f64) -> i8 {
    let searched = (f64::from(searched) / f64::from(DISC)).round();
    let label = result_weight * f64::from(result) + (1.0 - result_weight) * searched;
    label.round_ties_even().clamp(-64.0, 64.0) as i8
}

/// How self-play games are played.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SelfPlay<'a> {
    pub games: u64,
    /// Game `i` is seeded `seed + i`.
    pub seed: u64,
    pub depth: u32,
    pub exact: u32,
    pub evaluator: Evaluator,
    /// `None`: every position is labelled with its game's result. `Some(w)`: the players search
    /// with Multi-ProbCut and each position is labelled `w` of its game's result and the rest
    /// the score of the search that chose its move.
    pub result_weight: Option<f64>,
    /// Positions to start from: game `i` starts from one drawn by its seed (none: from random
    /// openings).
    pub starts: &'a [Board],
}

impl Default for SelfPlay<'_> {
    fn default() -> Self {
        SelfPlay {
            games: 1000,
            seed: 1,
            depth: SELF_PLAY_DEPTH,
            exact: SELF_PLAY_EXACT,
            evaluator: Evaluator::Patterns,
            result_weight: None,
            starts: &[],
        }
    }
}

/// Plays the games on `threads` threads; the samples come back in game order whatever the thread
/// count. `progress` is told of each finished game.
pub fn self_play(config: SelfPlay, threads: usize, progress: &(dyn Fn(u64) + Sync)) -> Vec<Sample> {
    let SelfPlay {
        games,
        seed,
        depth,
        exact,
        evaluator,
        result_weight,
        starts,
    } = config;
    let per_game = on_threads(
        games,
        threads,
        || {
            let mut engine = Engine::new(18, Arc::new(AtomicBool::new(false)));
            engine.set_evaluator(evaluator);
            engine
        },
        |engine, g| {
            let samples = self_play_game(seed + g, engine, depth, exact, result_weight, starts);
            progress(g);
            samples
        },
    );
    per_game.into_iter().flatten().collect()
}

/// The solver's table while [`tree_samples`] solves a source (2^23 entries, as `reversi solve`).
const TREE_TABLE_BITS: u32 = 23;
/// Its table while labelling the positions kept (10–20 empties: a small one is enough).
const LABEL_TABLE_BITS: u32 = 18;

/// Labelled positions from the exact solver's own trees: each source position is solved (one
/// thread, tables emptied first), a sample of the positions its evaluation is read at is kept
/// (about one in `2^bits`, by hash: [`evaluated_positions`]), and each distinct one is solved
/// exactly. These are the positions whose evaluation orders the solver's moves: after a poor
/// move as often as after a good one, unlike self-play's. Fitted to them, the evaluation orders
/// better (docs/experiments.md, "Evaluation"). The samples come back sorted, and depend neither on
/// the thread count nor on the time. `progress` is told of each source solved, then of each
/// thousand positions labelled.
pub fn tree_samples(
    sources: &[(u64, u64)],
    bits: u32,
    threads: usize,
    progress: &(dyn Fn(TreeProgress) + Sync),
) -> Vec<Sample> {
    let solver = |table_bits| {
        let mut solver = Solver::new(
            TranspositionTable::new(table_bits),
            Arc::new(AtomicBool::new(false)),
        );
        solver.set_threads(1);
        solver
    };
    let kept = on_threads(
        sources.len() as u64,
        threads,
        || solver(TREE_TABLE_BITS),
        |solver, i| {
            let (player, opponent) = sources[i as usize];
            solver.clear();
            let (_, kept) = evaluated_positions(bits, || solver.solve(player, opponent, -64, 64));
            progress(TreeProgress::Solved(i));
            kept
        },
    );
    let mut positions: Vec<(u64, u64)> = kept.into_iter().flatten().collect();
    positions.sort_unstable();
    positions.dedup();
    let positions = &positions;
    on_threads(
        positions.len() as u64,
        threads,
        || solver(LABEL_TABLE_BITS),
        |solver, i| {
            let (player, opponent) = positions[i as usize];
            let (score, _) = solver
                .solve(player, opponent, -64, 64)
                .expect("the solve has no cancel flag set");
            if (i + 1).is_multiple_of(1000) {
                progress(TreeProgress::Labelled(i + 1, positions.len() as u64));
            }
            Sample {
                player,
                opponent,
                score: score as i8,
            }
        },
    )
}

/// Its table while [`search_labels`] searches a position (emptied before each, so that a label
/// does not depend on which positions its thread searched before).
const SEARCH_LABEL_TABLE_BITS: u32 = 16;

/// Positions labelled by a deeper search as well as by their game's result: each sample's position
/// is searched `depth` plies deep with Multi-ProbCut (exactly when `exact` empties or fewer remain),
/// and its label becomes `result_weight` of the game's result (the sample's label) plus the rest
/// of that search's score from the mover's view in whole discs, rounded to whole discs (halves to
/// even). Game results of depth-4 self-play are noisy labels for the early phases (a position's
/// result depends on every later move of two weak players); the search's score is what the engine
/// would play for. The search evaluates with `evaluator`. A position whose mover has no move is
/// left out. The samples come back in order, and depend neither on the thread count nor on the
/// time. `progress` is told of each position.
pub fn search_labels(
    samples: &[Sample],
    depth: u32,
    exact: u32,
    result_weight: f64,
    evaluator: Evaluator,
    threads: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> Vec<Sample> {
    let limits = Limits {
        selective: true,
        ..Limits::depth(depth, exact)
    };
    let labels = search_each(
        samples,
        (threads, SEARCH_LABEL_TABLE_BITS, evaluator),
        progress,
        |engine, sample| {
            let board = sample.board();
            if board.legal_moves() == 0 {
                return None;
            }
            let found = engine.search(&board, &limits, |_| {});
            Some(Sample {
                score: blend(i32::from(sample.score), found.score, result_weight),
                ..sample
            })
        },
    );
    labels.into_iter().flatten().collect()
}

/// `work(engine, sample)` for each of `samples`, on `threads` worker engines (`table_bits`,
/// `evaluator`: [`worker_engine`]) each emptied before every sample, so that a result depends on
/// its sample alone; the results in the samples' order. `progress` is told of each sample.
fn search_each<T: Send>(
    samples: &[Sample],
    (threads, table_bits, evaluator): (usize, u32, Evaluator),
    progress: &(dyn Fn(u64) + Sync),
    work: impl Fn(&mut Engine, Sample) -> T + Sync,
) -> Vec<T> {
    on_threads(
        samples.len() as u64,
        threads,
        || worker_engine(table_bits, evaluator),
        |engine, i| {
            progress(i);
            engine.clear();
            work(engine, samples[i as usize])
        },
    )
}

/// What [`tree_samples`] reports as it goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TreeProgress {
    /// Source `i` solved.
    Solved(u64),
    /// `n` of `total` positions labelled.
    Labelled(u64, u64),
}

/// A worker thread's engine: one search thread, tables of `2^table_bits` entries, `evaluator`'s
/// evaluation, never cancelled.
fn worker_engine(table_bits: u32, evaluator: Evaluator) -> Engine {
    let mut engine = Engine::new(table_bits, Arc::new(AtomicBool::new(false)));
    engine.set_threads(1);
    engine.set_evaluator(evaluator);
    engine
}

/// `work(state, i)` for every `i` in `0..count`, dealt round-robin to `threads` threads that each
/// start from their own `init()`; the results come back in index order whatever the thread count.
pub(crate) fn on_threads<S, T: Send>(
    count: u64,
    threads: usize,
    init: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, u64) -> T + Sync,
) -> Vec<T> {
    let threads = threads.max(1) as u64;
    let (init, work) = (&init, &work);
    let mut results: Vec<(u64, T)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut state = init();
                    (t..count)
                        .step_by(threads as usize)
                        .map(|i| (i, work(&mut state, i)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a worker thread panicked"))
            .collect()
    });
    results.sort_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, r)| r).collect()
}

#[cfg(test)]
mod tests;
