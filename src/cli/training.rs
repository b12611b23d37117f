//! The training commands: `selfplay`, `treesample`, `relabel` and `train`.

use std::path::{Path, PathBuf};
use std::time::Instant;

/// Work items finished on any thread, counted, and said on stderr every `every` of them
/// ("selfplay: 300 of 1000 games"): the training commands' progress.
struct Tally {
    command: &'static str,
    total: u64,
    unit: &'static str,
    every: u64,
    done: std::sync::atomic::AtomicU64,
}

impl Tally {
    fn new(command: &'static str, total: u64, unit: &'static str, every: u64) -> Tally {
        Tally {
            command,
            total,
            unit,
            every,
            done: std::sync::atomic::AtomicU64::new(0),
        }
    }

    /// One more item finished.
    fn tick(&self) {
        let n = self.done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        if n.is_multiple_of(self.every) {
            eprintln!("{}: {n} of {} {}", self.command, self.total, self.unit);
        }
    }
}

/// `reversi selfplay`: plays the games, writes the samples to `out`, says how many.
pub fn selfplay_report(
    config: crate::ai::train::SelfPlay,
    threads: usize,
    out: &Path,
) -> Result<String, String> {
    use crate::ai::train::self_play;
    if let Some(w) = config.result_weight {
        check_result_weight(w)?;
    }
    let games = config.games;
    let started = Instant::now();
    let done = Tally::new("selfplay", games, "games", 100);
    let samples = self_play(config, threads, &|_| done.tick());
    write_samples(out, &samples)?;
    Ok(format!(
        "{games} games, {} positions written to {} in {:.1} s",
        samples.len(),
        out.display(),
        started.elapsed().as_secs_f64()
    ))
}

/// `--result-weight` of `selfplay` and `relabel`: a share of the game's result, 0 to 1.
fn check_result_weight(w: f64) -> Result<(), String> {
    if (0.0..=1.0).contains(&w) {
        Ok(())
    } else {
        Err(format!("--result-weight: expected 0 to 1, got {w}"))
    }
}

/// Writes samples one a line, the format [`read_samples`] reads.
fn write_samples(out: &Path, samples: &[crate::ai::train::Sample]) -> Result<(), String> {
    let mut text = String::with_capacity(samples.len() * 40);
    for s in samples {
        text.push_str(&s.to_line());
        text.push('\n');
    }
    std::fs::write(out, text).map_err(|e| format!("cannot write {}: {e}", out.display()))
}

/// Reads sample files (`reversi selfplay`'s format); `#` lines and blank ones are skipped. The
/// first bad line is an error naming the file and the line.
pub fn read_samples(files: &[PathBuf]) -> Result<Vec<crate::ai::train::Sample>, String> {
    let mut samples = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file)
            .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            samples.push(
                crate::ai::train::Sample::parse(line)
                    .map_err(|e| format!("{} line {}: {e}", file.display(), n + 1))?,
            );
        }
    }
    Ok(samples)
}

/// `reversi treesample`: the first `count` positions with `empties` empties in the sample files
/// are solved, and a sample of the positions the solver evaluates is labelled exactly and written
/// to `out` (the format `reversi train` reads).
pub fn treesample_report(
    files: &[PathBuf],
    empties: u32,
    count: usize,
    bits: u32,
    threads: usize,
    out: &Path,
) -> Result<String, String> {
    use crate::ai::train::{TreeProgress, tree_samples};
    if !(1..=64).contains(&bits) {
        return Err(format!("--bits: expected 1 to 64, got {bits}"));
    }
    let started = Instant::now();
    let sources: Vec<(u64, u64)> = read_samples(files)?
        .into_iter()
        .map(|s| (s.player, s.opponent))
        .filter(|&(p, o)| (!(p | o)).count_ones() == empties)
        .take(count)
        .collect();
    if sources.is_empty() {
        return Err(format!(
            "no position with {empties} empties in the sample files"
        ));
    }
    let solved = Tally::new("treesample", sources.len() as u64, "sources solved", 20);
    let samples = tree_samples(&sources, bits, threads, &|p| match p {
        TreeProgress::Solved(_) => solved.tick(),
        TreeProgress::Labelled(n, total) if n.is_multiple_of(20_000) => {
            eprintln!("treesample: {n} of {total} positions labelled");
        }
        TreeProgress::Labelled(..) => {}
    });
    write_samples(out, &samples)?;
    Ok(format!(
        "{} sources with {empties} empties, {} positions labelled and written to {} in {:.1} s",
        sources.len(),
        samples.len(),
        out.display(),
        started.elapsed().as_secs_f64()
    ))
}

/// How `reversi relabel` labels and which positions it keeps.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Relabel {
    /// The search's depth in plies ...
    pub depth: u32,
    /// ... exact with this many empties or fewer.
    pub exact: u32,
    /// The share of the game's result in the label (0 to 1); the rest is the search's score.
    pub result_weight: f64,
    /// Only positions with at least `min_discs` and at most `max_discs` discs ...
    pub min_discs: u32,
    pub max_discs: u32,
    /// ... and of those, every `every`th.
    pub every: usize,
    /// The evaluation the search uses.
    pub eval: crate::ai::Evaluator,
}

/// `reversi relabel`: the positions of the sample files that `how` keeps, labelled by a search
/// and their game's result ([`crate::ai::train::search_labels`]), written to `out` (the format
/// `reversi train` reads).
pub fn relabel_report(
    files: &[PathBuf],
    how: Relabel,
    threads: usize,
    out: &Path,
) -> Result<String, String> {
    let Relabel {
        depth,
        exact,
        result_weight,
        min_discs,
        max_discs,
        every,
        eval,
    } = how;
    if !(1..=60).contains(&depth) {
        return Err(format!("--depth: expected 1 to 60, got {depth}"));
    }
    check_result_weight(result_weight)?;
    let started = Instant::now();
    let positions: Vec<crate::ai::train::Sample> = read_samples(files)?
        .into_iter()
        .filter(|s| (min_discs..=max_discs).contains(&(s.player | s.opponent).count_ones()))
        .step_by(every.max(1))
        .collect();
    if positions.is_empty() {
        return Err(format!(
            "no position with {min_discs} to {max_discs} discs in the sample files"
        ));
    }
    let done = Tally::new("relabel", positions.len() as u64, "positions", 10_000);
    let samples = crate::ai::train::search_labels(
        &positions,
        depth,
        exact,
        result_weight,
        eval,
        threads,
        &|_| done.tick(),
    );
    write_samples(out, &samples)?;
    Ok(format!(
        "{} positions searched {depth} plies deep, {} labelled and written to {} in {:.1} s",
        positions.len(),
        samples.len(),
        out.display(),
        started.elapsed().as_secs_f64()
    ))
}

/// `reversi train`: fits the pattern weights to the sample files and writes them to `out`.
pub fn train_report(
    files: &[PathBuf],
    epochs: usize,
    threads: usize,
    init: Option<&Path>,
    phases: Option<&str>,
    overlay: bool,
    out: &Path,
) -> Result<String, String> {
    use crate::ai::pattern::{PHASES, PLIES_PER_PHASE, Weights};
    use crate::ai::train::fit_from;
    let started = Instant::now();
    let start = match init {
        Some(path) => {
            let bytes =
                std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            Weights::read(&bytes).map_err(|e| format!("{}: {e}", path.display()))?
        }
        None => Weights::zero(),
    };
    let phases = match phases {
        None => 0..=PHASES - 1,
        Some(text) => {
            let bad =
                || format!("--phases: expected A-B with 0 <= A <= B < {PHASES}, got '{text}'");
            let (a, b) = text.split_once('-').ok_or_else(bad)?;
            let (a, b): (usize, usize) = (
                a.trim().parse().map_err(|_| bad())?,
                b.trim().parse().map_err(|_| bad())?,
            );
            if a > b || b >= PHASES {
                return Err(bad());
            }
            a..=b
        }
    };
    let samples = read_samples(files)?;
    if samples.is_empty() {
        return Err("no samples in the files: nothing to fit".into());
    }
    let (weights, report) = fit_from(&samples, epochs, threads, &start, phases.clone());
    let bytes = if overlay {
        weights.overlay_bytes(phases)
    } else {
        weights.to_bytes()
    };
    std::fs::write(out, bytes).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    let mut lines = vec![format!(
        "{} samples, {epochs} epochs per phase, {:.1} s; weights written to {}",
        samples.len(),
        started.elapsed().as_secs_f64(),
        out.display()
    )];
    for phase in 0..PHASES {
        lines.push(format!(
            "phase {phase} ({:>2}-{:>2} discs): fitted to {:>7} samples, rms error {:5.2} discs; \
             held out {:>6}, rms error {:5.2} discs",
            4 + PLIES_PER_PHASE as usize * phase,
            3 + PLIES_PER_PHASE as usize * (phase + 1),
            report.samples[phase],
            report.rms_discs[phase],
            report.held_out[phase],
            report.held_out_rms_discs[phase]
        ));
    }
    Ok(lines.join("\n"))
}
