//! What a lesson's panel says about the learner's last try and its hint.

use bevy_egui::egui;

use super::super::on_board::{FOUND, WRONG};
use super::super::words;
use crate::game::lesson::{Feedback, Run};
use crate::i18n::Texts;
use crate::lessons::{self, NotLegal, Task, Verdict};
use crate::rules::{Position, Square};
use crate::{tr, tr_id};

pub(super) const MISSED: egui::Color32 = egui::Color32::from_rgb(255, 170, 40);
pub(super) const MARKED: egui::Color32 = egui::Color32::from_rgb(255, 230, 90);

/// Squares in a sentence: "b6, c6, d6".
fn square_list(cells: &[Square]) -> String {
    let names: Vec<String> = cells.iter().map(Square::to_string).collect();
    names.join(", ")
}

/// What the last try showed, and its colour.
pub(super) fn feedback_text(
    texts: &Texts,
    run: &Run,
    feedback: &Feedback,
    position: &Position,
) -> (String, egui::Color32) {
    let step = run.current();
    let player = words::key(position.to_move);
    let opponent = words::key(position.to_move.opponent());
    let not_this = |square: Square| match step.not_this {
        Some(id) => tr_id!(texts, id, square = square.to_string()),
        None => tr!(texts, "lesson-not-this-move", square = square.to_string()),
    };
    match feedback {
        Feedback::StepDone(id) => (tr_id!(texts, id), FOUND),
        Feedback::WrongScore(option) => {
            let (black, white) = match step.task {
                Task::Score(options) => options.get(*option).copied().unwrap_or_default(),
                _ => (0, 0),
            };
            (
                tr_id!(
                    texts,
                    step.not_this.unwrap_or_default(),
                    score = format!("{black}–{white}")
                ),
                WRONG,
            )
        }
        Feedback::Try(verdict) => match verdict {
            Verdict::Found(square) => {
                let total = match step.task {
                    Task::Find(names) | Task::FindMoves(names) => names.len(),
                    _ => 0,
                };
                let (square, found) = (square.to_string(), run.progress.found.len());
                let text = match step.task {
                    Task::FindMoves(_) => tr!(
                        texts,
                        "lesson-found-move",
                        square = square,
                        found = found,
                        total = total
                    ),
                    _ => tr!(
                        texts,
                        "lesson-found",
                        square = square,
                        found = found,
                        total = total
                    ),
                };
                (text, FOUND)
            }
            Verdict::AlreadyFound(square) => (
                tr!(texts, "lesson-already-found", square = square.to_string()),
                MARKED,
            ),
            // A square that is not one of those asked for: the lesson's own words where it has
            // them (a disc that can still turn), else the square's coordinates.
            Verdict::NotThisSquare(square) => (
                match step.not_this {
                    Some(id) => tr_id!(texts, id, square = square.to_string()),
                    None => tr!(
                        texts,
                        "lesson-not-this-square",
                        square = square.to_string(),
                        column = ((b'a' + square.file) as char).to_string(),
                        row = square.rank as u32 + 1
                    ),
                },
                WRONG,
            ),
            Verdict::NotLegal(square, why) => {
                let square = square.to_string();
                let text = match why {
                    NotLegal::Occupied => tr!(texts, "lesson-why-occupied", square = square),
                    NotLegal::NoNeighbour => tr!(
                        texts,
                        "lesson-why-no-neighbour",
                        square = square,
                        opponent = opponent
                    ),
                    NotLegal::NoAnchor => tr!(
                        texts,
                        "lesson-why-no-anchor",
                        square = square,
                        player = player,
                        opponent = opponent
                    ),
                    NotLegal::OffCentre => tr!(texts, "lesson-why-off-centre", square = square),
                };
                (text, WRONG)
            }
            Verdict::NotThisMove(square) => (not_this(*square), MISSED),
            Verdict::Marked(_) => {
                let play = match step.task {
                    Task::Predict { play, .. } => play,
                    _ => "",
                };
                (
                    tr!(
                        texts,
                        "lesson-marked",
                        count = run.progress.marked.len(),
                        square = play
                    ),
                    MARKED,
                )
            }
            Verdict::Predicted { missed, wrongly } => {
                let mut text = tr!(texts, "lesson-predict-wrong");
                // The red lines are explained only where the board draws one.
                let red = match step.task {
                    Task::Predict { play, .. } => lessons::lines(position, lessons::cell(play))
                        .iter()
                        .any(|line| !line.outflanks() && line.end().is_some()),
                    _ => false,
                };
                if red {
                    text.push(' ');
                    text.push_str(&tr!(texts, "lesson-predict-red"));
                }
                if !missed.is_empty() {
                    text.push('\n');
                    text.push_str(&tr!(
                        texts,
                        "lesson-predict-missed",
                        count = missed.len(),
                        squares = square_list(missed)
                    ));
                }
                if !wrongly.is_empty() {
                    text.push('\n');
                    text.push_str(&tr!(
                        texts,
                        "lesson-predict-wrongly",
                        count = wrongly.len(),
                        squares = square_list(wrongly)
                    ));
                }
                (text, WRONG)
            }
            Verdict::Play(_) | Verdict::Nothing => (String::new(), FOUND),
        },
    }
}

/// The hint's sentence: what the board now shows.
pub(super) fn hint_text(texts: &Texts, run: &Run) -> String {
    match run.current().task {
        Task::Predict { play, .. } => tr!(texts, "lesson-hint-lines", square = play),
        Task::Score(_) => tr!(texts, "lesson-hint-score"),
        _ => tr!(texts, "lesson-hint-squares"),
    }
}
