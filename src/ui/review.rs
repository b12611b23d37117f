//! Stepping through an analysed game: on the board, the engine's expected line from the position
//! as numbered ghost discs (the best move ringed before a move that lost discs); in the dock, the
//! line in words and "what if": the moves of another line explored from here, each with its score
//! against the best, and the way back to the game.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::on_board::{OnScreen, hint_colour};
use crate::game::analysis::{Analysis, MoveReview, WhatIf};
use crate::game::board::BoardCamera;
use crate::game::lesson::LessonRun;
use crate::game::{CurrentGame, Reviewing};
use crate::i18n::Texts;
use crate::rules::{Game, Move, Player, Position, Square};
use crate::tr;

/// How many moves of the expected line stand on the board as ghosts.
pub const GHOSTS: usize = 6;

/// The expected line from `position` as it would be played: each move with the side that plays
/// it and its number (1 first), passes made where the rules make them, stopping at the first
/// move that is not legal (a line of another position) or after `most` moves.
pub fn ghosts(position: &Position, line: &[Square], most: usize) -> Vec<(Square, Player, usize)> {
    let mut here = *position;
    let mut shown = Vec::new();
    for &square in line.iter().take(most) {
        if !here.has_move() && !here.is_over() {
            here = here.pass();
        }
        if !here.is_legal(square) {
            break;
        }
        shown.push((square, here.to_move, shown.len() + 1));
        here = here.play(square);
    }
    shown
}

/// The expected line in words: "c3 d3 c4 …".
fn line_words(position: &Position, line: &[Square]) -> String {
    ghosts(position, line, line.len())
        .iter()
        .map(|(square, _, _)| square.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Draws the expected line on the board while the analysis is open (the game stepped through),
/// and rings the best move
/// before a move that lost discs (not in a lesson, which asks for that move).
pub fn review_overlay(
    mut contexts: EguiContexts,
    (analysis, open, lesson): (Res<Analysis>, Res<Reviewing>, Res<LessonRun>),
    game: Res<CurrentGame>,
    camera: Single<(&Camera, &GlobalTransform), With<BoardCamera>>,
) -> Result {
    if lesson.active() {
        return Ok(());
    }
    let Some(review) = analysis.review_here(&game.0) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let (camera, transform) = *camera;
    let Some(on) = OnScreen::new(ctx, camera, transform, game.variant().size()) else {
        return Ok(());
    };
    let painter = ctx.layer_painter(egui::LayerId::background());
    if open.0 {
        for (square, player, number) in ghosts(&game.0.position(), &review.line, GHOSTS) {
            ghost(&painter, &on, square, player, number);
        }
    }
    if review.loss > 0 {
        on.ring(&painter, review.best, hint_colour(0.0), 4.0, 0.76);
    }
    Ok(())
}

/// A ghost disc of `player`'s colour with its number in the line; the first, the best move,
/// ringed in the hints' blue.
fn ghost(painter: &egui::Painter, on: &OnScreen, square: Square, player: Player, number: usize) {
    let Some(at) = on.at(square) else { return };
    let radius = on.radius * 0.62;
    let (fill, ink) = match player {
        Player::Black => (
            egui::Color32::from_rgba_unmultiplied(12, 12, 14, 200),
            egui::Color32::WHITE,
        ),
        Player::White => (
            egui::Color32::from_rgba_unmultiplied(240, 240, 232, 205),
            egui::Color32::BLACK,
        ),
    };
    painter.circle_filled(at, radius, fill);
    let rim = if number == 1 {
        egui::Stroke::new(3.0, hint_colour(0.0))
    } else {
        egui::Stroke::new(1.0, egui::Color32::from_gray(128))
    };
    painter.circle_stroke(at, radius, rim);
    painter.text(
        at,
        egui::Align2::CENTER_CENTER,
        number.to_string(),
        egui::FontId::proportional((radius * 0.95).clamp(9.0, 28.0)),
        ink,
    );
}

/// What the player asked for in the review's part of the dock.
pub enum ReviewAction {
    /// Back to the game as it was.
    Back,
}

/// The dock's review section: the expected line from the position in words; while another line
/// is explored, its moves with their scores and the way back; else how to explore one.
pub fn review_section(
    ui: &mut egui::Ui,
    texts: &Texts,
    (analysis, what_if): (&Analysis, &WhatIf),
    game: &Game,
) -> Option<ReviewAction> {
    let mut action = None;
    if let Some(review) = analysis.review_here(game)
        && !review.line.is_empty()
    {
        let moves = line_words(&game.position(), &review.line);
        ui.label(tr!(texts, "analysis-line", moves = moves));
    }
    let Some(kept) = &what_if.game else {
        if !game.redo_stack().is_empty() {
            ui.label(egui::RichText::new(tr!(texts, "what-if-hint")).weak());
        }
        return None;
    };
    let branch = kept.history().len();
    ui.horizontal(|ui| {
        ui.strong(tr!(texts, "what-if-title", number = kept.plays() + 1));
        if ui.button(tr!(texts, "what-if-back")).clicked() {
            action = Some(ReviewAction::Back);
        }
    });
    for (index, m) in game.history().iter().enumerate().skip(branch) {
        let Move::Play(square) = *m else { continue };
        let number = game.plays_before(index) + 1;
        match what_if.review_of(index, square) {
            Some(review) => {
                ui.label(move_words(texts, number, square, review));
            }
            None => {
                ui.horizontal(|ui| {
                    ui.label(format!("{number}. {square}"));
                    ui.spinner();
                    ui.label(tr!(texts, "what-if-scoring"));
                });
            }
        }
    }
    action
}

/// "23. f4 (black): −2, 3 below the best, c3": a move of the explored line, its value for the
/// side that played it and its loss against the best move, in whole discs.
fn move_words(texts: &Texts, number: usize, square: Square, review: &MoveReview) -> String {
    let mover = match review.player {
        Player::Black => review.eval_black,
        Player::White => -review.eval_black,
    };
    let value = ((mover - review.loss) as f32 / 100.0).round() as i32;
    let loss = (review.loss as f32 / 100.0).round() as i32;
    tr!(
        texts,
        "what-if-move",
        number = number,
        square = square.to_string(),
        player = super::words::key(review.player),
        loss = loss,
        value = super::words::signed_discs(value),
        best = review.best.to_string()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    fn squares(text: &str) -> Vec<Square> {
        text.split_whitespace()
            .map(|s| s.parse().unwrap())
            .collect()
    }

    #[test]
    fn the_line_is_played_out_by_the_rules_with_its_movers_and_numbers() {
        let start = Position::start(Variant::STANDARD);
        let shown = ghosts(&start, &squares("f5 d6 c3 d3 c4 f4 c5 b3"), GHOSTS);
        assert_eq!(shown.len(), GHOSTS);
        assert_eq!(shown[0], ("f5".parse().unwrap(), Player::Black, 1));
        assert_eq!(shown[1], ("d6".parse().unwrap(), Player::White, 2));
        assert_eq!(shown[5].2, 6);
        // A line that goes wrong (e5 is taken) stops there.
        assert_eq!(ghosts(&start, &squares("f5 e5 c3"), GHOSTS).len(), 1);
        assert_eq!(line_words(&start, &squares("f5 d6 c3")), "f5 d6 c3");
    }

    #[test]
    fn a_pass_in_the_line_is_made_by_the_rules() {
        use crate::rules::bits::{Bits, SquareSet};
        let at = |name: &str| {
            let square: Square = name.parse().unwrap();
            SquareSet::bit(square.index(8).unwrap())
        };
        // White to move has no move (its b1 outflanks nothing); Black's c1 follows the pass.
        let position =
            Position::from_colours(Variant::STANDARD, at("a1"), at("b1"), Player::White).unwrap();
        assert!(!position.has_move() && !position.is_over());
        assert_eq!(
            ghosts(&position, &squares("c1"), GHOSTS),
            [("c1".parse().unwrap(), Player::Black, 1)]
        );
    }
}
