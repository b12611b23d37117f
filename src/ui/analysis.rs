//! The analysis window: "Analyse game", the evaluation graph over the game (black's view; click a
//! point to go to that position) and the biggest mistakes (disc loss per move).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::UiPass;
use crate::audio::UiClick;
use crate::game::analysis::{AnalyseRequested, Analysis, MoveReview, full_line};
use crate::game::{CurrentGame, JumpRequested};
use crate::i18n::Texts;
use crate::rules::{Game, Move};
use crate::tr;

/// The analysis window is open. It is a tool beside the board, not a dialog: the board still takes
/// moves while it is open.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct AnalysisOpen(pub bool);

pub fn plugin(app: &mut App) {
    app.init_resource::<AnalysisOpen>().add_systems(
        EguiPrimaryContextPass,
        analysis_tool
            .in_set(UiPass::Windows)
            .run_if(|open: Res<AnalysisOpen>| open.0),
    );
}

fn analysis_tool(
    mut contexts: EguiContexts,
    mut open: ResMut<AnalysisOpen>,
    (analysis, game): (Res<Analysis>, Res<CurrentGame>),
    (mut analyse, mut jump, mut clicks): (
        MessageWriter<AnalyseRequested>,
        MessageWriter<JumpRequested>,
        MessageWriter<UiClick>,
    ),
    texts: Res<Texts>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    match analysis_window(ctx, &texts, &mut open.0, &analysis, &game.0) {
        Some(AnalysisAction::Analyse) => {
            clicks.write(UiClick);
            analyse.write(AnalyseRequested);
        }
        Some(AnalysisAction::JumpTo(plays)) => {
            jump.write(JumpRequested { plays });
        }
        None => {}
    }
    Ok(())
}

/// A move losing at least this many hundredths of a disc is listed as a mistake.
const MISTAKE: i32 = 300;
/// Evaluations beyond this many discs are drawn at the graph's edge.
const GRAPH_RANGE: f32 = 32.0;

/// What the player asked for in the window.
enum AnalysisAction {
    Analyse,
    /// Go to the position after this many placed moves.
    JumpTo(usize),
}

/// Placed moves before history index `index`.
fn plays_before(game: &Game, index: usize) -> usize {
    game.history()[..index]
        .iter()
        .filter(|m| matches!(m, Move::Play(_)))
        .count()
}

fn analysis_window(
    ctx: &egui::Context,
    texts: &Texts,
    open: &mut bool,
    analysis: &Analysis,
    game: &Game,
) -> Option<AnalysisAction> {
    let mut action = None;
    let line = full_line(game);
    let current_plays = game
        .history()
        .iter()
        .filter(|m| matches!(m, Move::Play(_)))
        .count();
    egui::Window::new(tr!(texts, "analysis-title"))
        .id(egui::Id::new("analysis"))
        // Taller than the window (large text, a small screen): the window scrolls.
        .vscroll(true)
        .open(open)
        .collapsible(false)
        .default_width(520.0)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                if ui.button(tr!(texts, "analysis-run")).clicked() {
                    action = Some(AnalysisAction::Analyse);
                }
                let total = line
                    .history()
                    .iter()
                    .filter(|m| matches!(m, Move::Play(_)))
                    .count();
                if analysis.running {
                    ui.spinner();
                    ui.label(tr!(
                        texts,
                        "analysis-progress",
                        done = analysis.reviews.len(),
                        total = total
                    ));
                } else if !analysis.reviews.is_empty() {
                    ui.label(tr!(texts, "analysis-done", total = total));
                }
            });
            let reviews: &[MoveReview] = &analysis.reviews;
            let (rect, response) = ui.allocate_exact_size(
                egui::vec2(ui.available_width().max(400.0), 170.0),
                egui::Sense::click(),
            );
            let painter = ui.painter_at(rect);
            painter.rect_filled(rect, 4.0, egui::Color32::from_gray(24));
            let moves = line
                .history()
                .iter()
                .filter(|m| matches!(m, Move::Play(_)))
                .count()
                .max(1);
            let x_of = |plays: usize| {
                rect.left() + 8.0 + (rect.width() - 16.0) * plays as f32 / moves as f32
            };
            let y_of = |eval: i32| {
                let discs = (eval as f32 / 100.0).clamp(-GRAPH_RANGE, GRAPH_RANGE);
                rect.center().y - discs / GRAPH_RANGE * (rect.height() / 2.0 - 10.0)
            };
            painter.line_segment(
                [
                    egui::pos2(rect.left(), y_of(0)),
                    egui::pos2(rect.right(), y_of(0)),
                ],
                (1.0, egui::Color32::from_gray(90)),
            );
            painter.text(
                rect.left_top() + egui::vec2(6.0, 4.0),
                egui::Align2::LEFT_TOP,
                tr!(texts, "analysis-black-ahead"),
                egui::FontId::proportional(11.0),
                egui::Color32::from_gray(140),
            );
            painter.text(
                rect.left_bottom() + egui::vec2(6.0, -4.0),
                egui::Align2::LEFT_BOTTOM,
                tr!(texts, "analysis-white-ahead"),
                egui::FontId::proportional(11.0),
                egui::Color32::from_gray(140),
            );
            // Where the board is now.
            let now_x = x_of(current_plays);
            painter.line_segment(
                [
                    egui::pos2(now_x, rect.top()),
                    egui::pos2(now_x, rect.bottom()),
                ],
                (1.0, egui::Color32::from_rgb(90, 140, 220)),
            );
            let points: Vec<(usize, egui::Pos2, &MoveReview)> = reviews
                .iter()
                .map(|r| {
                    let plays = plays_before(&line, r.index);
                    (plays, egui::pos2(x_of(plays), y_of(r.eval_black)), r)
                })
                .collect();
            let line_colour = hint_colour(0.0);
            for pair in points.windows(2) {
                painter.line_segment([pair[0].1, pair[1].1], (2.0, line_colour));
            }
            // Moves as dots; mistakes as larger crosses in orange, told by shape as well as colour.
            for (_, point, review) in &points {
                if review.loss >= MISTAKE {
                    let arm = egui::vec2(5.0, 5.0);
                    let stroke = egui::Stroke::new(2.5, hint_colour(1.0));
                    painter.line_segment([*point - arm, *point + arm], stroke);
                    painter.line_segment(
                        [
                            *point + egui::vec2(-5.0, 5.0),
                            *point + egui::vec2(5.0, -5.0),
                        ],
                        stroke,
                    );
                } else {
                    painter.circle_filled(*point, 2.5, line_colour);
                }
            }
            if response.clicked()
                && let Some(pos) = response.interact_pointer_pos()
                && let Some((plays, _, _)) = points
                    .iter()
                    .min_by(|a, b| (a.1.x - pos.x).abs().total_cmp(&(b.1.x - pos.x).abs()))
            {
                action = Some(AnalysisAction::JumpTo(*plays));
            }
            let mut mistakes: Vec<(usize, &MoveReview)> = points
                .iter()
                .filter(|(_, _, r)| r.loss >= MISTAKE)
                .map(|(p, _, r)| (*p, *r))
                .collect();
            mistakes.sort_by_key(|(_, r)| std::cmp::Reverse(r.loss));
            if !mistakes.is_empty() {
                ui.label(egui::RichText::new(tr!(texts, "analysis-mistakes")).strong());
                egui::ScrollArea::vertical()
                    .max_height(140.0)
                    .show(ui, |ui| {
                        for (plays, review) in mistakes {
                            let Move::Play(square) = line.history()[review.index] else {
                                continue;
                            };
                            let text = tr!(
                                texts,
                                "analysis-mistake",
                                number = plays + 1,
                                square = square.to_string(),
                                player = super::words::key(review.player),
                                loss = (review.loss as f32 / 100.0).round()
                            );
                            if ui
                                .link(text)
                                .on_hover_text(tr!(texts, "analysis-go-to"))
                                .clicked()
                            {
                                action = Some(AnalysisAction::JumpTo(plays));
                            }
                        }
                    });
            }
        });
    action
}

/// A hint's colour for a move `loss` (0 = the best, 1 = a loss of 8 discs or more): from sky blue to
/// orange, with the lightness kept high so it reads on the dark label behind it.
pub fn hint_colour(loss: f32) -> egui::Color32 {
    let t = loss.clamp(0.0, 1.0);
    let mix = |a: f32, b: f32| (a + (b - a) * t) as u8;
    egui::Color32::from_rgb(mix(90.0, 250.0), mix(180.0, 160.0), mix(255.0, 40.0))
}
