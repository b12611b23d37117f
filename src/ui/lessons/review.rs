//! A lesson step that reviews a game: the analysis docked under the board while it runs and while
//! the learner looks for the better move, and the step's sentence with the move it is about.

use bevy::prelude::*;

use super::super::analysis::AnalysisOpen;
use super::super::words;
use crate::game::lesson::{LessonRun, Run, Stage};
use crate::i18n::Texts;
use crate::{tr, tr_id};

/// Opens the analysis under the board while a lesson step reviews a game, and closes it after if
/// the lesson opened it.
pub(super) fn dock_for_reviews(
    run: Res<LessonRun>,
    mut open: ResMut<AnalysisOpen>,
    mut opened: Local<bool>,
) {
    let reviewing = run.0.as_ref().is_some_and(|run| run.review.is_some());
    if reviewing && !open.0 {
        open.0 = true;
        *opened = true;
    } else if !reviewing && *opened {
        open.0 = false;
        *opened = false;
    }
}

/// The step's sentence: for a review, the move found (once the analysis is in) with its number,
/// square and loss, and whose game it is.
pub(super) fn step_text(texts: &Texts, run: &Run) -> String {
    let step = run.current();
    let Some(review) = &run.review else {
        return tr_id!(texts, step.text);
    };
    let Some(point) = review.point.filter(|_| run.stage != Stage::Analysing) else {
        return tr!(texts, "lesson-review-analysing");
    };
    let (number, square) = (point.number, point.played.to_string());
    let (player, loss) = (words::key(review.side), (point.loss as f32 / 100.0).round());
    // The learner's own game was asked for, but they have lost none: the example, said so.
    if !review.own && matches!(step.start, crate::lessons::Start::Review { own: true, .. }) {
        tr!(
            texts,
            "lesson-review-example",
            number = number,
            square = square,
            player = player,
            loss = loss
        )
    } else {
        tr_id!(
            texts,
            step.text,
            number = number,
            square = square,
            player = player,
            loss = loss
        )
    }
}
