//! The analysis, docked under the board (which keeps the rest of the window): "Analyse game", the
//! evaluation graph over the game (black's view, a scale in discs and move numbers; click a point
//! to go to that position; ← and → step through the game; the opening book's moves shaded gold) and
//! the biggest mistakes (disc loss per move).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::on_board::hint_colour;
use super::{SidePanel, UiPass};
use crate::ai::jobs::ReviewDepth;
use crate::audio::UiClick;
use crate::game::analysis::{
    AnalyseRequested, Analysis, LeaveWhatIf, MoveReview, WhatIf, full_line,
};
use crate::game::lesson::{LessonRun, Stage};
use crate::game::{CurrentGame, GameSettings, JumpRequested};
use crate::i18n::Texts;
use crate::input::Reviewing;
use crate::rules::{Game, Move};
use crate::tr;

/// The analysis is open. It is a tool under the board, not a dialog: the board still takes moves
/// while it is open.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct AnalysisOpen(pub bool);

pub fn plugin(app: &mut App) {
    app.init_resource::<AnalysisOpen>()
        .add_systems(
            EguiPrimaryContextPass,
            (
                // After the side panel: the dock takes the room it leaves under the board.
                analysis_tool.in_set(UiPass::Dock),
                super::review::review_overlay.in_set(UiPass::Overlay),
            ),
        )
        .add_systems(Update, step_through_while_open);
}

/// While the analysis is open, ← and → step through the game.
fn step_through_while_open(open: Res<AnalysisOpen>, mut reviewing: ResMut<Reviewing>) {
    if reviewing.0 != open.0 {
        reviewing.0 = open.0;
    }
}

fn analysis_tool(
    mut contexts: EguiContexts,
    mut open: ResMut<AnalysisOpen>,
    (analysis, game, what_if): (Res<Analysis>, Res<CurrentGame>, Res<WhatIf>),
    (mut analyse, mut jump, mut clicks, mut back): (
        MessageWriter<AnalyseRequested>,
        MessageWriter<JumpRequested>,
        MessageWriter<UiClick>,
        MessageWriter<LeaveWhatIf>,
    ),
    (texts, mut panel, lesson): (Res<Texts>, ResMut<SidePanel>, Res<LessonRun>),
    mut settings: ResMut<GameSettings>,
) -> Result {
    if !open.0 {
        if panel.below != 0.0 {
            panel.below = 0.0;
        }
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    // A lesson that asks for the better move keeps the list of mistakes, which names it, until
    // the step is done.
    let asking = lesson.0.as_ref().is_some_and(|run| {
        run.review.is_some() && matches!(run.stage, Stage::Analysing | Stage::Trying)
    });
    let shown = Shown {
        analysis: &analysis,
        game: &game.0,
        what_if: &what_if,
        mistakes: !asking,
        depth: settings.review_depth,
    };
    let (action, height) = analysis_dock(ctx, &texts, &mut open.0, shown, &panel);
    if panel.below != height {
        panel.below = height;
    }
    match action {
        Some(AnalysisAction::Analyse) => {
            clicks.write(UiClick);
            analyse.write(AnalyseRequested(None));
        }
        Some(AnalysisAction::JumpTo(plays)) => {
            // A jump from another line goes back to the game first, then to the move.
            if what_if.active() {
                back.write(LeaveWhatIf);
            }
            jump.write(JumpRequested { plays });
        }
        Some(AnalysisAction::Back) => {
            clicks.write(UiClick);
            back.write(LeaveWhatIf);
        }
        Some(AnalysisAction::Depth(depth)) => settings.review_depth = depth,
        None => {}
    }
    Ok(())
}

/// A move losing at least this many hundredths of a disc is listed as a mistake.
const MISTAKE: i32 = 300;
/// The graph's reach either way, in discs: the smallest of these that holds every evaluation of
/// the game (a close game is not drawn as a flat line); beyond the largest, at its edge.
const GRAPH_RANGES: [i32; 4] = [8, 16, 32, 64];

/// The reach of the graph for evaluations `evals` (hundredths of a disc).
fn graph_range(evals: impl Iterator<Item = i32>) -> i32 {
    let widest = evals.map(i32::abs).max().unwrap_or(0);
    GRAPH_RANGES
        .into_iter()
        .find(|range| widest <= range * 100)
        .unwrap_or(GRAPH_RANGES[GRAPH_RANGES.len() - 1])
}

/// What the player asked for in the window.
enum AnalysisAction {
    Analyse,
    /// Go to the position after this many placed moves.
    JumpTo(usize),
    /// Leave the line explored and go back to the game.
    Back,
    /// Analyse at this depth from now on.
    Depth(ReviewDepth),
}

/// What the dock shows: the analysis, the game (on the board), the line explored from it,
/// whether the list of mistakes, and the depth the next analysis runs at.
struct Shown<'a> {
    analysis: &'a Analysis,
    game: &'a Game,
    what_if: &'a WhatIf,
    mistakes: bool,
    depth: ReviewDepth,
}

/// The dock's height besides its scrolled contents: its title row and margins, in points.
const DOCK_CHROME: f32 = 44.0;

/// The dock under the board, drawn in the room the side panel leaves: its action and its height
/// (0 once closed).
fn analysis_dock(
    ctx: &egui::Context,
    texts: &Texts,
    open: &mut bool,
    shown: Shown,
    panel: &SidePanel,
) -> (Option<AnalysisAction>, f32) {
    let screen = ctx.viewport_rect();
    let area = egui::Rect::from_min_max(
        screen.min,
        egui::pos2(screen.right() - panel.width, screen.bottom() - panel.height),
    );
    let mut root = super::background_ui(ctx, egui::Id::new("dock"), area);
    let mut action = None;
    // As tall as its contents were last drawn (the list of mistakes whole, nothing cut at the
    // window's foot), up to half the room; taller contents scroll.
    let measured = egui::Id::new("analysis-contents-height");
    let contents: f32 = ctx.data(|d| d.get_temp(measured)).unwrap_or(0.0);
    let height = (contents + DOCK_CHROME).clamp(170.0, (area.height() * 0.5).max(170.0));
    let shown = egui::Panel::bottom(egui::Id::new("analysis"))
        .resizable(false)
        .exact_size(height)
        .show(&mut root, |ui| {
            ui.horizontal(|ui| {
                ui.strong(tr!(texts, "analysis-title"));
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui
                        .button("×")
                        .on_hover_text(tr!(texts, "past-close"))
                        .clicked()
                    {
                        *open = false;
                    }
                });
            });
            let scrolled = egui::ScrollArea::vertical()
                .auto_shrink([false, false])
                .show(ui, |ui| action = analysis_contents(ui, texts, &shown));
            let drawn = scrolled.content_size.y;
            if (drawn - contents).abs() > 0.5 {
                ctx.data_mut(|d| d.insert_temp(measured, drawn));
                ctx.request_repaint();
            }
        })
        .response
        .rect
        .height();
    (action, if *open { shown } else { 0.0 })
}

fn analysis_contents(ui: &mut egui::Ui, texts: &Texts, shown: &Shown) -> Option<AnalysisAction> {
    let (analysis, on_board) = (shown.analysis, shown.game);
    // The graph is of the game; while another line is explored, of the game put aside, at the
    // move the line left it.
    let game = shown.what_if.game_or(on_board);
    let mut action = None;
    let line = full_line(game);
    let current_plays = game.plays();
    let total = line.plays();
    {
        {
            ui.horizontal(|ui| {
                if ui.button(tr!(texts, "analysis-run")).clicked() {
                    action = Some(AnalysisAction::Analyse);
                }
                let mut depth = shown.depth;
                egui::ComboBox::from_id_salt("analysis-depth")
                    .selected_text(depth_name(texts, depth))
                    .show_ui(ui, |ui| {
                        for choice in ReviewDepth::ALL {
                            ui.selectable_value(&mut depth, choice, depth_name(texts, choice));
                        }
                    })
                    .response
                    .on_hover_text(tr!(texts, "analysis-depth"));
                if depth != shown.depth {
                    action = Some(AnalysisAction::Depth(depth));
                }
                if analysis.running {
                    ui.spinner();
                    ui.label(tr!(
                        texts,
                        "analysis-progress",
                        done = analysis.reviews.len(),
                        total = total
                    ));
                } else if !analysis.reviews.is_empty() {
                    let used = analysis.depth;
                    ui.label(tr!(
                        texts,
                        "analysis-done",
                        total = total,
                        depth = used.depth(),
                        empties = used.exact_empties()
                    ));
                }
            });
            let left = left_the_book(&line);
            if let Some((number, square)) = left {
                ui.label(tr!(
                    texts,
                    "analysis-left-book",
                    number = number,
                    square = square.to_string()
                ));
            }
            let reviews: &[MoveReview] = &analysis.reviews;
            let (rect, response) = ui.allocate_exact_size(
                egui::vec2(ui.available_width().max(300.0), 150.0),
                egui::Sense::click(),
            );
            let painter = ui.painter_at(rect);
            painter.rect_filled(rect, 4.0, egui::Color32::from_gray(24));
            let moves = total.max(1);
            // Room on the right for the disc scale and at the bottom for the move numbers.
            let plot = egui::Rect::from_min_max(
                rect.min,
                rect.max - egui::vec2(SCALE_WIDTH, NUMBERS_HEIGHT),
            );
            let x_of = |plays: usize| {
                plot.left() + 8.0 + (plot.width() - 16.0) * plays as f32 / moves as f32
            };
            let range = graph_range(reviews.iter().map(|r| r.eval_black));
            let y_of = |eval: i32| {
                let reach = range as f32;
                let discs = (eval as f32 / 100.0).clamp(-reach, reach);
                plot.center().y - discs / reach * (plot.height() / 2.0 - 10.0)
            };
            let small = egui::FontId::proportional(11.0);
            let faint = egui::Color32::from_gray(140);
            // The disc scale: lines at half the reach and the reach either way, each labelled; 0
            // stronger.
            for discs in [-range, -range / 2, 0, range / 2, range] {
                let y = y_of(discs * 100);
                let grey = if discs == 0 { 90 } else { 50 };
                painter.line_segment(
                    [egui::pos2(plot.left(), y), egui::pos2(plot.right(), y)],
                    (1.0, egui::Color32::from_gray(grey)),
                );
                painter.text(
                    egui::pos2(plot.right() + 4.0, y),
                    egui::Align2::LEFT_CENTER,
                    super::words::signed_discs(discs),
                    small.clone(),
                    faint,
                );
            }
            // Move numbers along the bottom: every 10 moves (every 20 in long games).
            let every = if moves > 80 { 20 } else { 10 };
            for number in (every..=moves).step_by(every) {
                let x = x_of(number);
                painter.line_segment(
                    [
                        egui::pos2(x, plot.bottom() - 4.0),
                        egui::pos2(x, plot.bottom()),
                    ],
                    (1.0, faint),
                );
                painter.text(
                    egui::pos2(x, plot.bottom() + 2.0),
                    egui::Align2::CENTER_TOP,
                    number.to_string(),
                    small.clone(),
                    faint,
                );
            }
            painter.text(
                plot.left_top() + egui::vec2(6.0, 4.0),
                egui::Align2::LEFT_TOP,
                tr!(texts, "analysis-black-ahead"),
                small.clone(),
                faint,
            );
            painter.text(
                plot.left_bottom() + egui::vec2(6.0, -4.0),
                egui::Align2::LEFT_BOTTOM,
                tr!(texts, "analysis-white-ahead"),
                small,
                faint,
            );
            // The book's moves, shaded gold: the moves before the first one the book lacks.
            if let Some((number, _)) = left.filter(|(number, _)| *number > 1) {
                let book = egui::Rect::from_x_y_ranges(
                    x_of(0)..=x_of(number - 1),
                    plot.top()..=plot.bottom(),
                );
                painter.rect_filled(
                    book,
                    0.0,
                    egui::Color32::from_rgba_unmultiplied(230, 185, 60, 28),
                );
            }
            // Where the board is now.
            let now_x = x_of(current_plays);
            painter.line_segment(
                [
                    egui::pos2(now_x, plot.top()),
                    egui::pos2(now_x, plot.bottom()),
                ],
                (1.0, egui::Color32::from_rgb(90, 140, 220)),
            );
            let points: Vec<(usize, egui::Pos2, &MoveReview)> = reviews
                .iter()
                .map(|r| {
                    let plays = line.plays_before(r.index);
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
            if let Some(super::review::ReviewAction::Back) =
                super::review::review_section(ui, texts, (analysis, shown.what_if), on_board)
            {
                action = Some(AnalysisAction::Back);
            }
            let mut mistakes: Vec<(usize, &MoveReview)> = points
                .iter()
                .filter(|(_, _, r)| r.loss >= MISTAKE)
                .map(|(p, _, r)| (*p, *r))
                .collect();
            mistakes.sort_by_key(|(_, r)| std::cmp::Reverse(r.loss));
            if !mistakes.is_empty() && shown.mistakes {
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
                                loss = (review.loss as f32 / 100.0).round(),
                                best = review.best.to_string()
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
        }
    }
    action
}

/// A depth's name in the dock's choice, with its label ("Depth: Normal").
fn depth_name(texts: &Texts, depth: ReviewDepth) -> String {
    let name = match depth {
        ReviewDepth::Quick => tr!(texts, "analysis-depth-quick"),
        ReviewDepth::Normal => tr!(texts, "analysis-depth-normal"),
        ReviewDepth::Deep => tr!(texts, "analysis-depth-deep"),
    };
    format!("{}: {name}", tr!(texts, "analysis-depth"))
}

/// Where a standard game from the start left the opening book: the move's number and square.
fn left_the_book(line: &Game) -> Option<(usize, crate::rules::Square)> {
    use crate::rules::{Position, Square, Variant};
    if line.start() != Position::start(Variant::STANDARD) {
        return None;
    }
    let book = crate::ai::book::shipped()?;
    let placed = crate::ai::jobs::placed_moves(line);
    let boards = placed
        .iter()
        .map_while(|p| Some((p.position.to_board()?, p.square.sq()?)));
    book.left_at(boards)
        .map(|(number, square)| (number, Square::from_sq(square)))
}

/// Room for the disc scale right of the graph, and for the move numbers under it, in points.
const SCALE_WIDTH: f32 = 30.0;
const NUMBERS_HEIGHT: f32 = 16.0;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_graph_reaches_as_far_as_the_game_goes() {
        assert_eq!(graph_range([0, 150, -220].into_iter()), 8);
        assert_eq!(graph_range([800, -801].into_iter()), 16);
        assert_eq!(graph_range([3000].into_iter()), 32);
        assert_eq!(graph_range([-6400].into_iter()), 64);
        assert_eq!(graph_range([9000].into_iter()), 64);
        assert_eq!(graph_range(std::iter::empty()), 8);
    }
}
