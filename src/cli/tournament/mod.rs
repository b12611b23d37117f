//! `reversi tournament`: engines (levels, stand-ins for a new player, GTP and NBoard programs) in
//! a round robin, a gauntlet or a Swiss tournament from the balanced openings, games played side
//! by side on threads, scored as the rule books score them (`rules::tournament`): the running
//! standings after each round, then the standings, the crosstable and each engine's Elo, every
//! game in a GGF file. The tournament's file is written after each game, so that a stopped
//! tournament goes on where it stopped.
//!
//! A program that crashes, answers an error or an illegal move, or does not answer within its
//! time loses that game by default: the engine at the completion level plays both sides to the
//! end and the game is recorded by the rule (the greater of that result and the smallest win);
//! the program is started afresh for its next game and the tournament goes on.

mod file;
mod report;
mod schedule;

use std::collections::{BTreeMap, VecDeque};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::{Mutex, mpsc};
use std::time::{Duration, Instant};

use crate::ai::{Level, Tuning, front};
use crate::rules::tournament::{Results, TieBreaks, defaulted_score, recorded_score};
use crate::rules::{Game, Player, Variant};

use super::matches::{GameSeed, Side, play_game};
use super::{Contender, match_opening};
pub use file::{Ending, Record};
pub use schedule::{Format, Plan, Slot};

/// A tournament to play.
#[derive(Clone, Debug)]
pub struct Spec {
    /// The engines as given on the command line, and as understood.
    pub engines: Vec<(String, Contender)>,
    pub plan: Plan,
    pub seed: u64,
    pub variant: Variant,
    /// At most this long a move for the levels.
    pub budget: Option<Duration>,
    pub tie_breaks: TieBreaks,
    /// The level that completes a game lost by default.
    pub completion: Level,
    /// Games played side by side.
    pub threads: usize,
    /// The tournament's file, and the GGF file of its games.
    pub file: PathBuf,
    pub ggf: PathBuf,
}

/// Why a tournament stopped: bad input or a file refused (exit 2), or something that went wrong
/// while it ran (exit 1).
#[derive(Debug)]
pub enum Stop {
    Input(String),
    Run(String),
}

impl Spec {
    /// The settings its file keeps: a file is resumed only with the same.
    fn header(&self) -> file::Header {
        let mut lines: Vec<(String, String)> = self
            .engines
            .iter()
            .enumerate()
            .map(|(i, (text, _))| (format!("engine {}", i + 1), text.clone()))
            .collect();
        lines.push(("format".into(), self.plan.format.name().into()));
        match self.plan.format {
            Format::Swiss => lines.push(("rounds".into(), self.plan.swiss_rounds.to_string())),
            _ => lines.push(("openings".into(), self.plan.openings.to_string())),
        }
        lines.push(("seed".into(), self.seed.to_string()));
        lines.push(("rules".into(), self.variant.to_string()));
        let time = self
            .budget
            .map_or("-".into(), |b| b.as_millis().to_string());
        lines.push(("time-ms".into(), time));
        file::Header { lines }
    }

    /// The tuning of the levels: one search thread each when games are played side by side.
    fn tuning(&self) -> Tuning {
        Tuning {
            threads: (self.threads > 1).then_some(1),
            ..Tuning::default()
        }
    }
}

/// Plays (or goes on with) the tournament `spec`, telling `say` of each game and round; returns
/// the final report.
pub fn run_tournament(spec: &Spec, mut say: impl FnMut(&str)) -> Result<String, Stop> {
    let plan = spec.plan;
    if spec.engines.len() < 2 {
        return Err(Stop::Input("a tournament needs two engines or more".into()));
    }
    if plan.format == Format::Swiss && plan.swiss_rounds == 0 {
        return Err(Stop::Input(
            "a Swiss tournament needs --rounds (1 or more)".into(),
        ));
    }
    // Each program is started once to learn its name (and that it starts at all).
    let mut labels = Vec::new();
    for (text, contender) in &spec.engines {
        let side = Side::start(contender.clone(), spec.tuning(), spec.variant).map_err(|e| {
            let message = format!("{text}: {e}");
            if e.starts_with("other programs") {
                Stop::Input(message)
            } else {
                Stop::Run(message)
            }
        })?;
        labels.push(side.name());
    }
    for i in 0..labels.len() {
        let same = labels[..i].iter().filter(|l| **l == labels[i]).count();
        if same > 0 {
            labels[i] = format!("{} #{}", labels[i], same + 1);
        }
    }
    let file = file::File::new(&spec.file);
    let loaded = file
        .open(&spec.header(), spec.variant)
        .map_err(|refusal| match refusal {
            file::Refusal::Other(why) | file::Refusal::Damaged(why) => Stop::Input(why),
        })?;
    let mut done: BTreeMap<usize, Record> = loaded.into_iter().map(|r| (r.number, r)).collect();
    if let Some(last) = done.keys().next_back()
        && *last >= plan.games()
    {
        return Err(Stop::Input(damaged(
            &file,
            format!(
                "game {} is past the schedule's {} games",
                last + 1,
                plan.games()
            ),
        )));
    }
    // Said once the games read back have been checked against the schedule.
    let mut resumed = done.len();
    let mut progress = Progress::new(plan.games(), done.len());
    // Per round scheduled so far: who had a bye, and the number after its last game.
    let mut byes: Vec<Option<usize>> = Vec::new();
    let mut ends: Vec<usize> = Vec::new();
    // The rounds whose standings have been said (or were finished before this run).
    let mut said = 0;
    let mut pending: Vec<Slot> = Vec::new();
    for round in 0..plan.rounds() {
        let before = results_upto(spec, &done, ends.last().copied().unwrap_or(0), &byes);
        let (slots, bye) = plan.round(round, &before, spec.tie_breaks);
        for slot in &slots {
            match done.get(&slot.number) {
                Some(record) => {
                    check_slot(record, slot).map_err(|why| Stop::Input(damaged(&file, why)))?
                }
                None => pending.push(*slot),
            }
        }
        byes.push(bye);
        ends.push(plan.first_of(round + 1));
        // A Swiss round is paired from the rounds before it: they are played first.
        if plan.format != Format::Swiss && round + 1 < plan.rounds() {
            continue;
        }
        if plan.format == Format::Swiss
            && !pending.is_empty()
            && done.keys().any(|&n| n >= plan.first_of(round + 1))
        {
            let why = format!(
                "it holds games of a round after round {} while that round is not finished",
                round + 1
            );
            return Err(Stop::Input(damaged(&file, why)));
        }
        let finished =
            |done: &BTreeMap<usize, Record>, k: usize| done.range(..ends[k]).count() == ends[k];
        while said < ends.len() && finished(&done, said) {
            said += 1;
        }
        if resumed > 0 {
            say(&if resumed == plan.games() {
                format!("{}: all {resumed} games were played", spec.file.display())
            } else {
                format!(
                    "{}: {resumed} of {} games already played, going on",
                    spec.file.display(),
                    plan.games()
                )
            });
            resumed = 0;
        }
        let batch = std::mem::take(&mut pending);
        play_batch(
            spec,
            &labels,
            batch,
            &mut |record: Record| -> Result<(), Stop> {
                file.append(&record).map_err(Stop::Run)?;
                progress.clear();
                say(&report::game_line(&record, &labels, plan.games()));
                done.insert(record.number, record);
                write_ggf(spec, &labels, &done)?;
                progress.game_done(&labels, &done, spec);
                while said < ends.len() && finished(&done, said) {
                    let results = results_upto(spec, &done, ends[said], &byes[..=said]);
                    progress.clear();
                    say(&report::round_standings(
                        said + 1,
                        plan.rounds(),
                        &results,
                        &labels,
                        spec.tie_breaks,
                    ));
                    said += 1;
                }
                Ok(())
            },
        )?;
    }
    progress.finish();
    let results = results_upto(spec, &done, plan.games(), &byes);
    write_ggf(spec, &labels, &done)?;
    Ok(report::final_report(spec, &labels, &results, &done))
}

/// The results of the games numbered below `end` and the byes given.
fn results_upto(
    spec: &Spec,
    done: &BTreeMap<usize, Record>,
    end: usize,
    byes: &[Option<usize>],
) -> Results {
    Results {
        games: done
            .range(..end)
            .map(|(_, r)| report::result_of(r, spec.variant))
            .collect(),
        byes: byes.iter().flatten().copied().collect(),
        ..Results::new(spec.plan.players, spec.variant)
    }
}

/// A damaged file's refusal: moved aside, with why.
fn damaged(file: &file::File, why: String) -> String {
    match file.damaged(why) {
        file::Refusal::Other(text) | file::Refusal::Damaged(text) => text,
    }
}

/// Whether a game read from the file is the one the schedule has at its number.
fn check_slot(record: &Record, slot: &Slot) -> Result<(), String> {
    let written = (record.round, record.black, record.white, record.opening);
    let scheduled = (slot.round, slot.black, slot.white, slot.opening);
    if written != scheduled {
        return Err(format!(
            "game {} is written as round {}, engines {} and {}, opening {}, where the schedule has \
             round {}, engines {} and {}, opening {}",
            record.number + 1,
            written.0 + 1,
            written.1 + 1,
            written.2 + 1,
            written.3 + 1,
            scheduled.0 + 1,
            scheduled.1 + 1,
            scheduled.2 + 1,
            scheduled.3 + 1
        ));
    }
    Ok(())
}

/// Plays `slots` on the spec's threads, handing each finished game to `finished` (on this thread,
/// as games end).
fn play_batch(
    spec: &Spec,
    labels: &[String],
    slots: Vec<Slot>,
    finished: &mut dyn FnMut(Record) -> Result<(), Stop>,
) -> Result<(), Stop> {
    if slots.is_empty() {
        return Ok(());
    }
    let queue = Mutex::new(VecDeque::from(slots));
    let stop = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..spec.threads.max(1) {
            let sender = sender.clone();
            let (queue, stop) = (&queue, &stop);
            scope.spawn(move || {
                let mut sides: Vec<Option<Side>> = (0..spec.engines.len()).map(|_| None).collect();
                loop {
                    if stop.load(std::sync::atomic::Ordering::Relaxed) {
                        return;
                    }
                    let Some(slot) = queue.lock().expect("no panics").pop_front() else {
                        return;
                    };
                    let record = play_slot(spec, labels, slot, &mut sides);
                    if sender.send(record).is_err() {
                        return;
                    }
                }
            });
        }
        drop(sender);
        let mut outcome = Ok(());
        for record in receiver {
            if let Err(e) = finished(record) {
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
                queue.lock().expect("no panics").clear();
                outcome = Err(e);
                break;
            }
        }
        outcome
    })
}

/// Plays one scheduled game; a program that fails loses it by default.
fn play_slot(spec: &Spec, labels: &[String], slot: Slot, sides: &mut [Option<Side>]) -> Record {
    let opening = match_opening(spec.variant, slot.opening, spec.seed);
    let mut seconds = [0.0; 2];
    let engines = [slot.black, slot.white];
    // The two sides, started where needed (a program that cannot start loses by default).
    let mut taken: Vec<Side> = Vec::with_capacity(2);
    let mut failed_start = None;
    for (i, &engine) in engines.iter().enumerate() {
        let side = match sides[engine].take() {
            Some(side) => Ok(side),
            None => Side::start(spec.engines[engine].1.clone(), spec.tuning(), spec.variant),
        };
        match side {
            Ok(side) => taken.push(side),
            Err(e) => {
                failed_start = Some((i, e));
                break;
            }
        }
    }
    let played = match failed_start {
        Some((i, why)) => Err(Box::new(super::matches::Stopped {
            side: i,
            why,
            timed_out: false,
            game: Game::new(spec.variant),
        })),
        None => {
            let mut pair: [Side; 2] = taken.try_into().ok().expect("two sides");
            let played = play_game(
                &mut pair,
                &opening,
                Player::Black,
                GameSeed {
                    seed: spec.seed,
                    index: slot.number,
                },
                spec.budget,
                &mut seconds,
            );
            let failed = played.as_ref().err().map(|s| s.side);
            for (i, side) in pair.into_iter().enumerate() {
                // A program that failed is started afresh for its next game.
                if failed != Some(i) {
                    sides[engines[i]] = Some(side);
                }
            }
            played
        }
    };
    let (game, score, ending, completed) = match played {
        Ok(game) => {
            let score = recorded_score(&game).expect("over");
            (game, score, Ending::Board, None)
        }
        Err(stopped) => {
            let stopped = *stopped;
            let loser = if stopped.side == 0 {
                Player::Black
            } else {
                Player::White
            };
            let completed = front::play_out(
                &stopped.game,
                spec.completion,
                spec.seed ^ slot.number as u64,
            );
            let score = defaulted_score(&completed, loser).expect("completed");
            let why = stopped
                .why
                .replace("{player}", &labels[engines[stopped.side]]);
            let ending = Ending::Default {
                loser,
                on_time: stopped.timed_out,
                why,
            };
            (stopped.game, score, ending, Some(completed))
        }
    };
    Record {
        number: slot.number,
        round: slot.round,
        black: slot.black,
        white: slot.white,
        opening: slot.opening,
        score,
        ending,
        game,
        completed,
        seconds,
    }
}

/// Writes every game finished so far to the spec's GGF file, in the schedule's order.
fn write_ggf(spec: &Spec, labels: &[String], done: &BTreeMap<usize, Record>) -> Result<(), Stop> {
    let text: String = done
        .values()
        .map(|r| report::ggf(r, labels) + "\n")
        .collect();
    std::fs::write(&spec.ggf, text)
        .map_err(|e| Stop::Run(format!("cannot write {}: {e}", spec.ggf.display())))
}

/// The progress bar on a terminal: games done, the rate, the time left and the leader.
struct Progress {
    total: usize,
    done_before: usize,
    played: usize,
    started: Instant,
    terminal: bool,
}

impl Progress {
    fn new(total: usize, done_before: usize) -> Progress {
        Progress {
            total,
            done_before,
            played: 0,
            started: Instant::now(),
            terminal: std::io::stderr().is_terminal(),
        }
    }

    fn game_done(&mut self, labels: &[String], done: &BTreeMap<usize, Record>, spec: &Spec) {
        self.played += 1;
        if !self.terminal {
            return;
        }
        let finished = self.done_before + self.played;
        let seconds = self.started.elapsed().as_secs_f64();
        let left = (self.total - finished) as f64 * seconds / self.played as f64;
        let width = 30;
        let filled = finished * width / self.total.max(1);
        let results = results_upto(spec, done, self.total, &[]);
        let leader = report::leader(&results, labels, spec.tie_breaks);
        eprint!(
            "\r[{}{}] {finished}/{} games, {:.2} games/s, {} left, {leader}   ",
            "#".repeat(filled),
            ".".repeat(width - filled),
            self.total,
            self.played as f64 / seconds.max(1e-9),
            report::duration(left)
        );
    }

    /// Clears the bar's line before other text.
    fn clear(&self) {
        if self.terminal && self.played > 0 {
            eprint!("\r{}\r", " ".repeat(100));
        }
    }

    fn finish(&self) {
        if self.terminal && self.played > 0 {
            eprintln!();
        }
    }
}
