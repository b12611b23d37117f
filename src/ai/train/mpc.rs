//! Multi-ProbCut's statistics: how far a midgame search of each depth strays from the shallower
//! one Multi-ProbCut asks ([`mpc_depth`]), by depth and by stage of the game ([`mpc_stage`]), for
//! an evaluation. The midgame search keeps one table of them per model
//! (`src/ai/search/midgame.rs`); `reversi mpc` measures it.

use super::{Sample, search_each};
use crate::ai::search::{MPC_MIN_DEPTH, MPC_STAGES, mpc_depth, mpc_stage};
use crate::ai::{Evaluator, Limits};

/// The table of each worker's engine: 2^18 entries, for full-width searches to depth 10.
const TABLE_BITS: u32 = 18;

/// The differences (deep − shallow, hundredths of a disc) gathered for each depth from
/// [`MPC_MIN_DEPTH`] to the deepest measured, and each stage.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MpcErrors {
    /// `cells[depth - MPC_MIN_DEPTH][stage]`.
    pub cells: Vec<[Vec<i32>; MPC_STAGES]>,
}

/// The mean and standard deviation of a set of differences, rounded to hundredths of a disc.
pub fn mean_and_sd(errors: &[i32]) -> Option<(i32, i32)> {
    if errors.is_empty() {
        return None;
    }
    let n = errors.len() as f64;
    let mean = errors.iter().map(|&e| f64::from(e)).sum::<f64>() / n;
    let square = errors.iter().map(|&e| f64::from(e).powi(2)).sum::<f64>() / n;
    let sd = (square - mean * mean).max(0.0).sqrt();
    Some((mean.round() as i32, sd.round() as i32))
}

impl MpcErrors {
    /// The statistics of depth `depth` at `stage`, from at least `least` differences; else those
    /// of the depth at every stage.
    pub fn stats(&self, depth: u32, stage: usize, least: usize) -> Option<(i32, i32)> {
        let row = self.cells.get((depth - MPC_MIN_DEPTH) as usize)?;
        if row[stage].len() >= least {
            return mean_and_sd(&row[stage]);
        }
        mean_and_sd(&row.concat())
    }

    /// The deepest depth measured.
    pub fn deepest(&self) -> u32 {
        MPC_MIN_DEPTH + self.cells.len() as u32 - 1
    }
}

/// Searches each position of `samples` (those with more than `deepest + 1` empties and a move)
/// by iterative deepening to `deepest` plies without forward pruning, on `threads` threads, and
/// gathers each depth's difference from its Multi-ProbCut depth's score, at the position's stage.
pub fn mpc_errors(
    samples: &[Sample],
    deepest: u32,
    evaluator: Evaluator,
    threads: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> MpcErrors {
    assert!(
        deepest >= MPC_MIN_DEPTH,
        "depths from {MPC_MIN_DEPTH} are measured"
    );
    let limits = Limits::depth(deepest, 0);
    let found = search_each(
        samples,
        (threads, TABLE_BITS, evaluator),
        progress,
        |engine, sample| {
            let board = sample.board();
            if board.empty_count() <= deepest + 1 || board.legal_moves() == 0 {
                return None;
            }
            let mut scores = vec![None; deepest as usize + 1];
            engine.search(&board, &limits, |r| {
                if !r.exact {
                    scores[r.depth as usize] = Some(r.score);
                }
            });
            let stage = mpc_stage(64 - board.empty_count());
            Some((stage, scores))
        },
    );
    let mut errors = MpcErrors {
        cells: vec![Default::default(); (deepest - MPC_MIN_DEPTH + 1) as usize],
    };
    for (stage, scores) in found.into_iter().flatten() {
        for depth in MPC_MIN_DEPTH..=deepest {
            if let (Some(deep), Some(shallow)) =
                (scores[depth as usize], scores[mpc_depth(depth) as usize])
            {
                errors.cells[(depth - MPC_MIN_DEPTH) as usize][stage].push(deep - shallow);
            }
        }
    }
    errors
}
