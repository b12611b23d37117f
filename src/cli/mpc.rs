//! `reversi mpc`: Multi-ProbCut's statistics for an evaluation, by depth and stage, printed and
//! written as the table the midgame search reads (`src/ai/search/mpc-*.in`).

use std::path::{Path, PathBuf};
use std::time::Instant;

use super::training::{Tally, read_samples};
use crate::ai::Evaluator;
use crate::ai::search::{MPC_DEEPEST, MPC_MIN_DEPTH, MPC_STAGES, mpc_stage_discs};
use crate::ai::train::{MpcErrors, mpc_errors};

/// A stage's statistics are its own from this many positions; with fewer, the depth's over all
/// stages stand in.
const LEAST: usize = 30;

/// The first `positions` positions of the sample files, measured to `deepest` plies with `eval`
/// on `threads` threads: a report of each depth's and stage's mean and standard deviation, and,
/// with `out`, the search's table written there.
pub fn mpc_report(
    files: &[PathBuf],
    positions: usize,
    eval: Evaluator,
    threads: usize,
    out: Option<&Path>,
) -> Result<String, String> {
    let samples: Vec<_> = read_samples(files)?.into_iter().take(positions).collect();
    if samples.is_empty() {
        return Err("no position in the sample files".into());
    }
    let started = Instant::now();
    let done = Tally::new("mpc", samples.len() as u64, "positions", 100);
    let errors = mpc_errors(&samples, MPC_DEEPEST, eval, threads, &|_| done.tick());
    let mut report = format!(
        "{} positions searched to depth {MPC_DEEPEST} in {:.1} s; each depth's score less its \
         Multi-ProbCut depth's, by stage (discs): mean/sd in hundredths of a disc (positions)\n",
        samples.len(),
        started.elapsed().as_secs_f64()
    );
    report += &format!("{:>8}", "depth");
    for stage in 0..MPC_STAGES {
        let (first, last) = mpc_stage_discs(stage);
        report += &format!(" {:>17}", format!("{first}-{last}"));
    }
    report.push('\n');
    for depth in MPC_MIN_DEPTH..=errors.deepest() {
        report += &format!("{depth:>3} ← {:<2}", crate::ai::search::mpc_depth(depth));
        for cell in &errors.cells[(depth - MPC_MIN_DEPTH) as usize] {
            report += &match crate::ai::train::mean_and_sd(cell) {
                Some((mean, sd)) => format!(" {:>17}", format!("{mean}/{sd} ({})", cell.len())),
                None => format!(" {:>17}", "-"),
            };
        }
        report.push('\n');
    }
    if let Some(out) = out {
        std::fs::write(out, table_source(&errors))
            .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
        report += &format!("table written to {}\n", out.display());
    }
    Ok(report)
}

/// The table as the search includes it: a row a stage, a (mean, sd) a depth; a stage with fewer
/// than [`LEAST`] positions at a depth takes the depth's statistics over all stages.
pub fn table_source(errors: &MpcErrors) -> String {
    let mut text = format!(
        "// Written by `reversi mpc`: rows are stages of ten discs (4-13, 14-23, ..., 54-64), \
         columns depths {MPC_MIN_DEPTH}-{}, each the (mean, sd) of a search's score less its \
         Multi-ProbCut depth's, in hundredths of a disc.\n[\n",
        errors.deepest()
    );
    for stage in 0..MPC_STAGES {
        let cells: Vec<String> = (MPC_MIN_DEPTH..=errors.deepest())
            .map(|depth| {
                let (mean, sd) = errors.stats(depth, stage, LEAST).unwrap_or((0, 400));
                format!("({mean}, {sd})")
            })
            .collect();
        text += &format!("    [{}],\n", cells.join(", "));
    }
    text + "]\n"
}
