//! What a tournament prints: each game, the standings after each round, and at the end the
//! standings, the crosstable and the Elo ratings; and its games as GGF records.

use std::collections::BTreeMap;

use super::{Ending, Format, Record, Spec};
use crate::rules::notation::ggf_record;
use crate::rules::tournament::rating::{Outcome, ratings};
use crate::rules::tournament::{GameResult, Results, TieBreaks, points_text, standings};
use crate::rules::{Player, Variant, notation};

/// A record's result for the standings.
pub fn result_of(record: &Record, variant: Variant) -> GameResult {
    GameResult::new(record.black, record.white, record.score, variant.goal)
}

/// One finished game: "game 7/12 (round 4): Expert 40–24 Advanced  f5d6…".
pub fn game_line(record: &Record, labels: &[String], total: usize) -> String {
    let mut line = format!(
        "game {:>width$}/{total} (round {}): {} {}–{} {}  {}",
        record.number + 1,
        record.round + 1,
        labels[record.black],
        record.score.black,
        record.score.white,
        labels[record.white],
        notation::transcript(&record.game),
        width = total.to_string().len()
    );
    if let Ending::Default {
        loser,
        on_time,
        why,
        ..
    } = &record.ending
    {
        let engine = match loser {
            Player::Black => &labels[record.black],
            Player::White => &labels[record.white],
        };
        let how = if *on_time { "on time" } else { "by default" };
        line.push_str(&format!(
            "\n    {engine} loses {how} ({why}); completed by the engine, recorded by the rule"
        ));
    }
    line
}

/// The standings after `round` rounds, on one line: "after round 3/6: 1. Expert 3 (BQ 212) …".
pub fn round_standings(
    round: usize,
    rounds: usize,
    results: &Results,
    labels: &[String],
    tie_breaks: TieBreaks,
) -> String {
    let lines: Vec<String> = standings(results, tie_breaks)
        .iter()
        .map(|s| {
            format!(
                "{}. {} {} (BQ {}, discs {})",
                s.place,
                labels[s.player],
                points_text(s.half_points),
                s.brightwell,
                s.discs
            )
        })
        .collect();
    format!("after round {round}/{rounds}: {}", lines.join(", "))
}

/// "Expert 5½" for the progress bar.
pub fn leader(results: &Results, labels: &[String], tie_breaks: TieBreaks) -> String {
    standings(results, tie_breaks)
        .first()
        .map_or(String::new(), |s| {
            format!("leader {} {}", labels[s.player], points_text(s.half_points))
        })
}

/// Seconds as "1:05:30" or "5:30".
pub fn duration(seconds: f64) -> String {
    let s = seconds.max(0.0).round() as u64;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// The final report: the standings with their tie-breaks, the crosstable, each engine's Elo and
/// thinking time, and where the games were written.
pub fn final_report(
    spec: &Spec,
    labels: &[String],
    results: &Results,
    done: &BTreeMap<usize, Record>,
) -> String {
    let plan = spec.plan;
    let width = name_width(labels);
    let order = match spec.tie_breaks {
        TieBreaks::Woc => "Brightwell quotient, discs, games among the level",
        TieBreaks::Discs => "discs, Brightwell quotient, games among the level",
    };
    let format = match plan.format {
        Format::RoundRobin => format!("round robin, {} with both colours", openings(plan.openings)),
        Format::Gauntlet => {
            format!(
                "gauntlet of {}, {} with both colours",
                labels[0],
                openings(plan.openings)
            )
        }
        Format::Swiss => format!("Swiss, {} rounds", plan.swiss_rounds),
    };
    let mut out = format!(
        "Standings ({format}; {} games on {}; tie-breaks: {order})\n",
        done.len(),
        spec.variant
    );
    out.push_str(&format!(
        "{:>5}  {:<width$}  {:>6}  {:>5}  {:>6}  {:>6}  {:>4}\n",
        "place", "engine", "points", "games", "discs", "BQ", "h2h"
    ));
    let table = standings(results, spec.tie_breaks);
    let mut previous = 0;
    for s in &table {
        let place = if s.place == previous {
            "=".to_string()
        } else {
            s.place.to_string()
        };
        previous = s.place;
        let h2h = if s.head_to_head > 0 || table.iter().filter(|t| t.place == s.place).count() > 1 {
            points_text(s.head_to_head)
        } else {
            "".to_string()
        };
        out.push_str(&format!(
            "{place:>5}  {:<width$}  {:>6}  {:>5}  {:>6}  {:>6}  {h2h:>4}\n",
            labels[s.player],
            points_text(s.half_points),
            s.games,
            s.discs,
            s.brightwell
        ));
    }
    out.push_str(&crosstable(
        results,
        labels,
        &table.iter().map(|s| s.player).collect::<Vec<_>>(),
    ));
    // Elo from every game, the draws halves.
    let games: Vec<Outcome> = results
        .games
        .iter()
        .map(|g| Outcome {
            first: g.black,
            second: g.white,
            score: f64::from(g.half_points_of(g.black).expect("Black played it")) / 2.0,
        })
        .collect();
    let elo = ratings(labels.len(), &games);
    let mut seconds = vec![0.0; labels.len()];
    let mut moves = vec![0usize; labels.len()];
    for r in done.values() {
        let placements = r.game.placements().count();
        seconds[r.black] += r.seconds[0];
        seconds[r.white] += r.seconds[1];
        moves[r.black] += placements.div_ceil(2);
        moves[r.white] += placements / 2;
    }
    out.push_str("\nElo (mean 0; ± the 95 % interval) and thinking time\n");
    for s in &table {
        let p = s.player;
        let per_move = if moves[p] > 0 {
            seconds[p] / moves[p] as f64
        } else {
            0.0
        };
        out.push_str(&format!(
            "{:<width$}  {:>+6.0} ± {:<4.0}  {:>9.1} s in all, {:.3} s a move\n",
            labels[p], elo[p].elo, elo[p].error, seconds[p], per_move
        ));
    }
    let defaults = done
        .values()
        .filter(|r| matches!(r.ending, Ending::Default { .. }))
        .count();
    if defaults > 0 {
        out.push_str(&format!(
            "\n{defaults} {} lost by default, completed by {} and recorded by the rule\n",
            if defaults == 1 { "game" } else { "games" },
            spec.completion
        ));
    }
    out.push_str(&format!(
        "\nThe tournament: {}; its games as GGF: {}",
        spec.file.display(),
        spec.ggf.display()
    ));
    out
}

/// The width of the engines' names column: the longest name, at least 6 characters.
fn name_width(labels: &[String]) -> usize {
    labels
        .iter()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(6)
        .max(6)
}

/// "1 opening", "3 openings".
fn openings(n: usize) -> String {
    if n == 1 {
        "1 opening".to_string()
    } else {
        format!("{n} openings")
    }
}

/// The crosstable: each row the points its engine scored against each other engine (over their
/// games), in the standings' order.
fn crosstable(results: &Results, labels: &[String], order: &[usize]) -> String {
    let width = name_width(labels);
    let cell = 7;
    let mut out = format!(
        "\nCrosstable (points/games against each)\n{:>3}  {:<width$}",
        "", ""
    );
    for i in 1..=order.len() {
        out.push_str(&format!("  {i:>cell$}"));
    }
    out.push('\n');
    for (row, &p) in order.iter().enumerate() {
        out.push_str(&format!("{:>3}  {:<width$}", row + 1, labels[p]));
        for &q in order {
            let (halves, games) = results.against(p, q);
            let text = if p == q {
                "·".to_string()
            } else if games == 0 {
                "".to_string()
            } else {
                format!("{}/{}", points_text(halves), games)
            };
            out.push_str(&format!("  {text:>cell$}"));
        }
        out.push('\n');
    }
    out
}

/// A game as a GGF record: the players' names, the recorded result (Black's margin; `:t` for a
/// game lost on time, `:r` for one lost by a program's fault) and the moves played.
pub fn ggf(record: &Record, labels: &[String]) -> String {
    let margin = result_of(record, record.game.variant()).margin;
    let suffix = match &record.ending {
        Ending::Board => "",
        Ending::Default { on_time: true, .. } => ":t",
        Ending::Default { on_time: false, .. } => ":r",
    };
    ggf_record(
        &record.game,
        &labels[record.black],
        &labels[record.white],
        &format!("{margin:+}.000{suffix}"),
    )
}
