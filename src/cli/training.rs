//! The training commands: `selfplay`, `treesample`, `relabel`, `train` and `wthor`.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Work items finished on any thread, counted, and said on stderr every `every` of them with the
/// rate and the time left at that rate ("selfplay: 300 of 1000 games, 4.1/s, 2 m 51 s left"): the
/// training commands' progress.
pub(super) struct Tally {
    command: &'static str,
    total: u64,
    unit: &'static str,
    every: u64,
    done: std::sync::atomic::AtomicU64,
    started: Instant,
}

impl Tally {
    pub(super) fn new(command: &'static str, total: u64, unit: &'static str, every: u64) -> Tally {
        Tally {
            command,
            total,
            unit,
            every,
            done: std::sync::atomic::AtomicU64::new(0),
            started: Instant::now(),
        }
    }

    /// One more item finished.
    pub(super) fn tick(&self) {
        let n = self.done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        if n.is_multiple_of(self.every) {
            let seconds = self.started.elapsed().as_secs_f64();
            eprintln!(
                "{}: {n} of {} {}, {}",
                self.command,
                self.total,
                self.unit,
                progress_rate(n, self.total, seconds)
            );
        }
    }
}

/// "12.3/s, 4 m 05 s left": the rate of `done` items in `seconds` and the time the rest of
/// `total` takes at that rate.
pub fn progress_rate(done: u64, total: u64, seconds: f64) -> String {
    if done == 0 || seconds <= 0.0 {
        return "no rate yet".into();
    }
    let rate = done as f64 / seconds;
    let left = (total.saturating_sub(done) as f64 / rate).round() as u64;
    let (h, m, s) = (left / 3600, left / 60 % 60, left % 60);
    let left = if h > 0 {
        format!("{h} h {m:02} m")
    } else {
        format!("{m} m {s:02} s")
    };
    format!("{rate:.1}/s, {left} left")
}

/// `reversi selfplay`: plays the games, writes the samples to `out`, says how many. On standard
/// Othello they are the evaluation's training samples (starting from the positions of `from`'s
/// sample file with at most its number of discs, when given); the trainer reads no other board,
/// so other variants' games are written as position lines ([`super::variant_selfplay_report`]).
pub fn selfplay_report(
    variant: crate::rules::Variant,
    config: crate::ai::train::SelfPlay,
    from: Option<(std::path::PathBuf, u32)>,
    threads: usize,
    out: &Path,
) -> Result<String, String> {
    use crate::ai::train::self_play;
    if variant != crate::rules::Variant::STANDARD {
        if config.result_weight.is_some() {
            return Err("--result-weight: for 8x8 Othello only".into());
        }
        if from.is_some() {
            return Err("--from: for 8x8 Othello only".into());
        }
        let (games, seed) = (config.games, config.seed);
        return super::variant_selfplay_report(
            variant,
            games,
            seed,
            config.depth,
            config.exact,
            threads,
            out,
        );
    }
    if let Some(w) = config.result_weight {
        check_result_weight(w)?;
    }
    let starts = match from {
        Some((file, max_discs)) => self_play_starts(&file, max_discs)?,
        None => Vec::new(),
    };
    let config = crate::ai::train::SelfPlay {
        starts: &starts,
        ..config
    };
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

/// `selfplay --from FILE`: the positions of a sample file with at most `max_discs` discs where the
/// mover has a move, the starts of the games.
pub fn self_play_starts(file: &Path, max_discs: u32) -> Result<Vec<crate::rules::Board>, String> {
    let starts: Vec<crate::rules::Board> = read_samples(&[file.to_path_buf()])?
        .into_iter()
        .map(|s| crate::rules::Board {
            player: s.player,
            opponent: s.opponent,
        })
        .filter(|b| (b.player | b.opponent).count_ones() <= max_discs && b.has_move())
        .collect();
    if starts.is_empty() {
        return Err(format!(
            "{}: no position with at most {max_discs} discs and a move to start from",
            file.display()
        ));
    }
    Ok(starts)
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

/// How `reversi train` fits: passes, threads, a starting point, the phases, the output's form.
#[derive(Clone, Debug)]
pub struct TrainHow<'a> {
    pub epochs: usize,
    pub threads: usize,
    /// Start from these weights (and their model) instead of zero.
    pub init: Option<&'a Path>,
    /// Only these phases, "A-B".
    pub phases: Option<&'a str>,
    /// Write only those phases, as an overlay.
    pub overlay: bool,
    /// The model fitted from zero (without `init`).
    pub model: crate::ai::pattern::Model,
    /// The rich model's pull towards the neighbouring phases, in samples.
    pub pull: f64,
}

/// `reversi train`: fits the pattern weights to the sample files and writes them to `out`.
pub fn train_report(files: &[PathBuf], how: &TrainHow, out: &Path) -> Result<String, String> {
    use crate::ai::pattern::{Model, Weights};
    use crate::ai::train::{fit_from, fit_smoothed};
    let started = Instant::now();
    let start = match how.init {
        Some(path) => {
            let bytes =
                std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            Weights::read(&bytes).map_err(|e| format!("{}: {e}", path.display()))?
        }
        None => Weights::zero_of(how.model),
    };
    let model = start.model();
    let last = model.phases() - 1;
    let phases = match how.phases {
        None => 0..=last,
        Some(text) => {
            let bad = || format!("--phases: expected A-B with 0 <= A <= B <= {last}, got '{text}'");
            let (a, b) = text.split_once('-').ok_or_else(bad)?;
            let (a, b): (usize, usize) = (
                a.trim().parse().map_err(|_| bad())?,
                b.trim().parse().map_err(|_| bad())?,
            );
            if a > b || b > last {
                return Err(bad());
            }
            a..=b
        }
    };
    if how.overlay && model != Model::Classic {
        return Err(format!(
            "--overlay: only the classic model has overlays, not {}",
            model.name()
        ));
    }
    let samples = read_samples(files)?;
    if samples.is_empty() {
        return Err("no samples in the files: nothing to fit".into());
    }
    let smoothed = how.init.is_none() && how.phases.is_none() && model == Model::Rich;
    let (weights, report) = if smoothed {
        fit_smoothed(&samples, how.epochs, how.threads, model, how.pull)
    } else {
        fit_from(&samples, how.epochs, how.threads, &start, phases.clone())
    };
    let bytes = if how.overlay {
        weights.overlay_bytes(phases)
    } else {
        weights.to_bytes()
    };
    std::fs::write(out, bytes).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    let mut lines = vec![format!(
        "{} samples, {} model, {} epochs per phase{}, {:.1} s; weights written to {}",
        samples.len(),
        model.name(),
        how.epochs,
        if smoothed { " and again smoothed" } else { "" },
        started.elapsed().as_secs_f64(),
        out.display()
    )];
    for phase in 0..model.phases() {
        let (first, last) = model.phase_discs(phase);
        lines.push(format!(
            "phase {phase} ({first:>2}-{last:>2} discs): fitted to {:>7} samples, rms error \
             {:5.2} discs; held out {:>6}, rms error {:5.2} discs",
            report.samples[phase],
            report.rms_discs[phase],
            report.held_out[phase],
            report.held_out_rms_discs[phase]
        ));
    }
    lines.push(stage_errors(&weights, &samples));
    Ok(lines.join("\n"))
}

/// The held-out rms error (every tenth sample) in discs of `weights` and of the shipped midgame
/// weights, side by side in stages of six plies (the classic phases), so that weights of any
/// model compare on the same positions.
fn stage_errors(
    weights: &crate::ai::pattern::Weights,
    samples: &[crate::ai::train::Sample],
) -> String {
    use crate::ai::pattern::{Model, midgame};
    use crate::ai::train::held_out_errors;
    let mine = held_out_errors(weights, samples, Model::Classic);
    let shipped = midgame().map(|w| held_out_errors(w, samples, Model::Classic));
    let mut text = String::from("held-out rms error by stage (discs): these weights / the shipped");
    for (stage, &(n, rms)) in mine.iter().enumerate().filter(|(_, e)| e.0 > 0) {
        let (first, last) = Model::Classic.phase_discs(stage);
        text.push_str(&format!(
            "\n  {first:>2}-{last:>2} discs, {n:>7} positions: {rms:5.2} / {:5.2}",
            shipped.as_ref().map_or(0.0, |e| e[stage].1)
        ));
    }
    text
}

/// What `reversi wthor` read: files, games kept and set aside, positions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WthorTally {
    pub files: usize,
    pub games: usize,
    pub rejected: usize,
    pub positions: usize,
    pub distinct: usize,
}

/// Every position of the games of WTHOR files (before each move; the mover always has one), each
/// once up to the board's eight symmetries, labelled with the mean final disc difference its games
/// reached from the mover's view; in the order first met, so that the output does not depend on
/// anything but the files and their order.
pub fn wthor_samples(
    files: &[PathBuf],
    rejected: &mut dyn FnMut(&Path, usize, &crate::rules::wthor::WthorError),
) -> Result<(Vec<crate::ai::train::Sample>, WthorTally), String> {
    Ok(samples_of(&read_wthor(files)?, rejected))
}

/// The files, each read and replayed once.
fn read_wthor(files: &[PathBuf]) -> Result<Vec<(&Path, crate::rules::wthor::WthorFile)>, String> {
    files
        .iter()
        .map(|path| Ok((path.as_path(), read_wthor_file(path)?)))
        .collect()
}

/// One WTHOR file, read and replayed; an error names the file.
pub(super) fn read_wthor_file(path: &Path) -> Result<crate::rules::wthor::WthorFile, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    crate::rules::wthor::read(&bytes).map_err(|e| format!("{}: {e}", path.display()))
}

/// [`wthor_samples`] of files already read.
fn samples_of(
    files: &[(&Path, crate::rules::wthor::WthorFile)],
    rejected: &mut dyn FnMut(&Path, usize, &crate::rules::wthor::WthorError),
) -> (Vec<crate::ai::train::Sample>, WthorTally) {
    use std::collections::HashMap;
    let mut tally = WthorTally::default();
    let mut index: HashMap<(u64, u64), usize> = HashMap::new();
    let mut sums: Vec<(u64, u64, i64, i64)> = Vec::new();
    for (path, file) in files {
        tally.files += 1;
        tally.games += file.games.len();
        tally.rejected += file.rejected.len();
        for (i, why) in &file.rejected {
            rejected(path, *i, why);
        }
        for game in &file.games {
            let (positions, black) = game.positions_and_margin();
            let black = i64::from(black);
            for position in positions {
                tally.positions += 1;
                let key = position.board.canonical();
                let margin = if position.black_to_move {
                    black
                } else {
                    -black
                };
                let slot = *index.entry((key.player, key.opponent)).or_insert_with(|| {
                    sums.push((key.player, key.opponent, 0, 0));
                    sums.len() - 1
                });
                sums[slot].2 += margin;
                sums[slot].3 += 1;
            }
        }
    }
    tally.distinct = sums.len();
    let samples = sums
        .into_iter()
        .map(|(player, opponent, sum, n)| crate::ai::train::Sample {
            player,
            opponent,
            score: (sum as f64 / n as f64).round().clamp(-64.0, 64.0) as i8,
        })
        .collect();
    (samples, tally)
}

/// `reversi wthor`: reads WTHOR files and writes their positions as samples (see
/// [`wthor_samples`]); with `check` > 0, also solves that many games' positions at the files'
/// stated depth and compares the exact scores with the ones the files record.
/// With `shuffle`, the positions are written in an order drawn from that seed (so that any run of
/// them is a fair sample of the whole), else in the order first met.
pub fn wthor_report(
    files: &[PathBuf],
    out: Option<&Path>,
    shuffle: Option<u64>,
    check: usize,
) -> Result<String, String> {
    let started = Instant::now();
    let mut lines = Vec::new();
    let mut said = 0;
    let read = read_wthor(files)?;
    let (mut samples, tally) = samples_of(&read, &mut |path, i, why| {
        said += 1;
        if said <= 20 {
            eprintln!("wthor: {} game {i} set aside: {why}", path.display());
        }
    });
    lines.push(format!(
        "{} files, {} games read, {} set aside (not legal), {} positions, {} distinct up to symmetry",
        tally.files, tally.games, tally.rejected, tally.positions, tally.distinct
    ));
    if let Some(seed) = shuffle {
        use rand::SeedableRng;
        use rand::seq::SliceRandom;
        samples.shuffle(&mut rand::rngs::StdRng::seed_from_u64(seed));
    }
    if let Some(out) = out {
        write_samples(out, &samples)?;
        lines.push(format!("written to {}", out.display()));
    }
    if check > 0 {
        lines.push(check_theory(&read, check)?);
    }
    lines.push(format!("{:.1} s", started.elapsed().as_secs_f64()));
    Ok(lines.join("\n"))
}

/// Solves the position at the stated depth of `count` games spread over the files and counts how
/// many exact scores agree with the recorded theoretical scores.
fn check_theory(
    files: &[(&Path, crate::rules::wthor::WthorFile)],
    count: usize,
) -> Result<String, String> {
    use crate::ai::{Engine, Limits};
    let mut cases = Vec::new();
    for (_, file) in files {
        let depth = u32::from(file.header.depth);
        for game in &file.games {
            let at_depth = game
                .positions()
                .into_iter()
                .find(|p| p.board.empty_count() == depth);
            if let Some(p) = at_depth {
                cases.push((p, game.theoretical_margin()));
            }
        }
    }
    if cases.is_empty() {
        return Err("no game reaches its file's stated depth: nothing to check".into());
    }
    let step = (cases.len() / count).max(1);
    let mut engine = Engine::new(22, Arc::new(AtomicBool::new(false)));
    let (mut agree, mut checked, mut differ) = (0, 0, Vec::new());
    for (p, theoretical) in cases.into_iter().step_by(step).take(count) {
        let empties = p.board.empty_count();
        engine.clear();
        let found = engine.search(&p.board, &Limits::depth(empties, empties), |_| {});
        let mover = found.score / crate::ai::eval::DISC;
        let black = if p.black_to_move { mover } else { -mover };
        checked += 1;
        if black == theoretical {
            agree += 1;
        } else if differ.len() < 5 {
            differ.push(format!(
                "{:016x} {:016x}: solved {black:+}, recorded {theoretical:+}",
                p.board.player, p.board.opponent
            ));
        }
    }
    let mut text = format!("theoretical scores: {agree} of {checked} agree with the solver");
    for d in differ {
        text.push_str(&format!("\n  {d}"));
    }
    Ok(text)
}
