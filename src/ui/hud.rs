//! The side panel (disc counts, whose turn, AI status, move list, buttons) and what is drawn over
//! the board (coordinate labels a–h / 1–8, the pass banner).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::{Screen, UiState};
use crate::audio::UiClick;
use crate::game::ai_player::AiSearch;
use crate::game::board::{BoardCamera, square_centre};
use crate::game::clock::{Clocks, format_clock};
use crate::game::hints::Hints;
use crate::game::turn::Phase;
use crate::game::{
    BoardReset, Controller, CurrentGame, GameSettings, MatchSettings, NewGameRequested, Passed,
    RedoRequested, UndoRequested,
};
use crate::rules::{Move, Player, Square};

/// Seconds the pass banner stays up.
const BANNER_SECS: f32 = 2.5;
/// Width of the side panel, in logical pixels.
const PANEL_WIDTH: f32 = 250.0;
/// Distance of the coordinate labels from the board's centre line of the frame, in world units.
const LABEL_OFFSET: f32 = 4.35;
const LABEL_COLOUR: egui::Color32 = egui::Color32::from_rgb(240, 222, 190);

/// Pass banners, and a fresh game-over dialog for each new game.
pub fn track_events(
    time: Res<Time>,
    mut passes: MessageReader<Passed>,
    mut resets: MessageReader<BoardReset>,
    mut restored: MessageReader<crate::autosave::GameRestored>,
    mut ui: ResMut<UiState>,
) {
    if restored.read().count() > 0 {
        ui.screen = Screen::Playing;
        ui.game_started = true;
    }
    for pass in passes.read() {
        ui.banner = Some((format!("{} has no move — passes", pass.player), BANNER_SECS));
    }
    if resets.read().count() > 0 {
        ui.game_over_dismissed = false;
        ui.banner = None;
        ui.focus_first = true;
    }
    if let Some((_, left)) = &mut ui.banner {
        *left -= time.delta_secs();
        if *left <= 0.0 {
            ui.banner = None;
        }
    }
}

fn controller_name(controller: Controller, players: &MatchSettings) -> String {
    match controller {
        Controller::Human if players.single_human().is_some() => "You".into(),
        Controller::Human => "Human".into(),
        Controller::Ai(level) => format!("AI · {level}"),
    }
}

#[allow(clippy::too_many_arguments)]
pub fn side_panel(
    mut contexts: EguiContexts,
    game: Res<CurrentGame>,
    players: Res<MatchSettings>,
    phase: Res<Phase>,
    searches: Query<&AiSearch>,
    mut state: ResMut<UiState>,
    mut new_game: MessageWriter<NewGameRequested>,
    mut history: (MessageWriter<UndoRequested>, MessageWriter<RedoRequested>),
    (mut settings, hints, clocks): (ResMut<GameSettings>, Res<Hints>, Res<Clocks>),
    mut clicks: MessageWriter<UiClick>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let game = &game.0;
    let width = egui::Panel::right("hud")
        .resizable(false)
        .exact_size(PANEL_WIDTH)
        .show(&mut root, |ui| {
            ui.add_space(8.0);
            ui.heading("Reversi");
            ui.separator();
            let counts = game.counts();
            egui::Grid::new("score")
                .num_columns(4)
                .spacing([12.0, 6.0])
                .show(ui, |ui| {
                    for (player, count) in
                        [(Player::Black, counts.black), (Player::White, counts.white)]
                    {
                        let to_move = !game.is_over() && player == game.to_move();
                        let (fill, stroke) = match player {
                            Player::Black => {
                                (egui::Color32::from_gray(15), egui::Color32::from_gray(120))
                            }
                            Player::White => {
                                (egui::Color32::from_gray(235), egui::Color32::from_gray(120))
                            }
                        };
                        let (rect, _) =
                            ui.allocate_exact_size(egui::vec2(18.0, 18.0), egui::Sense::hover());
                        ui.painter().circle(
                            rect.center(),
                            8.0,
                            fill,
                            egui::Stroke::new(1.0, stroke),
                        );
                        let name = format!(
                            "{}{}",
                            if to_move { "▶ " } else { "" },
                            controller_name(players.controller(player), &players)
                        );
                        ui.label(egui::RichText::new(name).size(16.0).strong_if(to_move));
                        ui.label(egui::RichText::new(count.to_string()).size(20.0).strong());
                        if clocks.limit.is_some() {
                            let left = clocks.remaining(player);
                            let mut text = egui::RichText::new(format_clock(left))
                                .monospace()
                                .size(16.0);
                            if left.as_secs() < 10 {
                                text = text.color(egui::Color32::from_rgb(240, 90, 80));
                            }
                            ui.label(text.strong_if(to_move));
                        }
                        ui.end_row();
                    }
                });
            ui.separator();
            let status = match (*phase, game.outcome()) {
                _ if clocks.flagged.is_some() => {
                    let loser = clocks.flagged.expect("checked");
                    format!("{} wins on time", loser.opponent())
                }
                (_, Some(outcome)) => outcome.to_string(),
                (Phase::AiToMove, _) if !searches.is_empty() => {
                    format!("{} is thinking…", game.to_move())
                }
                (Phase::AiToMove, _) => format!("{} (AI) to move", game.to_move()),
                _ => format!("{} to move", game.to_move()),
            };
            ui.horizontal(|ui| {
                if !searches.is_empty() {
                    ui.spinner();
                }
                ui.label(egui::RichText::new(status).size(15.0));
            });
            if let Some(name) = crate::rules::openings::opening_name(game) {
                ui.label(egui::RichText::new(format!("Opening: {name}")).italics());
            }
            ui.separator();
            ui.horizontal_wrapped(|ui| {
                if ui.button("New game").clicked() {
                    clicks.write(UiClick);
                    new_game.write(NewGameRequested(*players));
                }
                if ui.button("Menu").clicked() {
                    clicks.write(UiClick);
                    state.screen = Screen::MainMenu;
                    state.focus_first = true;
                }
                if ui.button("Settings").clicked() {
                    clicks.write(UiClick);
                    state.settings_open = true;
                }
                if ui
                    .button("Record")
                    .on_hover_text("Copy or paste the game")
                    .clicked()
                {
                    clicks.write(UiClick);
                    state.record_open = true;
                }
                if ui
                    .button("Analysis")
                    .on_hover_text("Evaluation graph and mistakes")
                    .clicked()
                {
                    clicks.write(UiClick);
                    state.analysis_open = true;
                }
            });
            ui.horizontal(|ui| {
                let can_undo = game.history().iter().any(|m| matches!(m, Move::Play(_)));
                let undo = ui.add_enabled(can_undo, egui::Button::new("⟲ Undo"));
                if undo
                    .on_hover_text("Ctrl+Z, Backspace, left shoulder")
                    .clicked()
                {
                    clicks.write(UiClick);
                    history.0.write(UndoRequested);
                }
                let can_redo = !game.redo_stack().is_empty();
                let redo = ui.add_enabled(can_redo, egui::Button::new("Redo ⟳"));
                if redo.on_hover_text("Ctrl+Y, right shoulder").clicked() {
                    clicks.write(UiClick);
                    history.1.write(RedoRequested);
                }
            });
            ui.horizontal(|ui| {
                // Written back only on a change, so the autosave sees real changes only.
                let mut show = settings.show_hints;
                if ui.checkbox(&mut show, "Hints (H)").changed() {
                    settings.show_hints = show;
                }
                if settings.show_hints && !hints.scores.is_empty() {
                    let exact = hints.scores.iter().all(|m| m.exact);
                    ui.label(if exact {
                        "solved".to_string()
                    } else {
                        format!("depth {}", hints.depth)
                    });
                }
            });
            ui.separator();
            ui.label(egui::RichText::new("Moves").strong());
            egui::ScrollArea::vertical()
                .stick_to_bottom(true)
                .show(ui, |ui| {
                    move_list(ui, game.history(), game.redo_stack());
                });
        })
        .response
        .rect
        .width();
    state.panel_width = width;
    Ok(())
}

trait StrongIf {
    fn strong_if(self, strong: bool) -> Self;
}

impl StrongIf for egui::RichText {
    fn strong_if(self, strong: bool) -> Self {
        if strong { self.strong() } else { self }
    }
}

/// The transcript, numbered, passes shown: "1. f5  2. d6  3. c3 …". The current position's move
/// is bold; moves taken back (that redo would replay) are greyed.
fn move_list(ui: &mut egui::Ui, history: &[Move], redo: &[Move]) {
    let moves = history
        .iter()
        .map(|m| (m, false))
        .chain(redo.iter().rev().map(|m| (m, true)));
    egui::Grid::new("moves")
        .num_columns(4)
        .spacing([10.0, 2.0])
        .show(ui, |ui| {
            let mut number = 0;
            for (i, (m, taken_back)) in moves.enumerate() {
                let text = match m {
                    Move::Play(square) => {
                        number += 1;
                        format!("{number}. {square}")
                    }
                    Move::Pass => "pass".to_string(),
                };
                let current = !taken_back && i + 1 == history.len();
                let mut label = egui::RichText::new(text).monospace().strong_if(current);
                if taken_back {
                    label = label.weak();
                }
                ui.label(label);
                if i % 4 == 3 {
                    ui.end_row();
                }
            }
        });
}

/// Coordinate labels on the frame and the pass banner, drawn over the 3D board.
pub fn board_overlay(
    mut contexts: EguiContexts,
    state: Res<UiState>,
    hints: Res<Hints>,
    camera: Single<(&Camera, &GlobalTransform), With<BoardCamera>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::background());
    let (camera, transform) = *camera;
    let font = egui::FontId::proportional(16.0);
    let label = |world: Vec3, text: String| {
        if let Ok(screen) = camera.world_to_viewport(transform, world) {
            painter.text(
                egui::pos2(screen.x, screen.y),
                egui::Align2::CENTER_CENTER,
                text,
                font.clone(),
                LABEL_COLOUR,
            );
        }
    };
    for i in 0..8u8 {
        let file_square = Square::from_file_rank(i, 0).expect("on the board");
        let x = square_centre(file_square).x;
        label(
            Vec3::new(x, 0.0, -LABEL_OFFSET),
            ((b'a' + i) as char).to_string(),
        );
        label(
            Vec3::new(x, 0.0, LABEL_OFFSET),
            ((b'a' + i) as char).to_string(),
        );
        let rank_square = Square::from_file_rank(0, i).expect("on the board");
        let z = square_centre(rank_square).z;
        label(Vec3::new(-LABEL_OFFSET, 0.0, z), (i + 1).to_string());
        label(Vec3::new(LABEL_OFFSET, 0.0, z), (i + 1).to_string());
    }
    // Hints: each legal square's expected final disc difference, best green, worse towards red;
    // exact (solved) values are underlined.
    if let Some(best) = hints.scores.first().map(|m| m.score) {
        for hint in &hints.scores {
            let Ok(screen) = camera.world_to_viewport(transform, square_centre(hint.square)) else {
                continue;
            };
            let loss = ((best - hint.score) as f32 / 100.0 / 8.0).clamp(0.0, 1.0);
            let colour = egui::Color32::from_rgb(
                (90.0 + 165.0 * loss) as u8,
                (235.0 - 150.0 * loss) as u8,
                90,
            );
            let discs = hint.score as f32 / 100.0;
            let text = if hint.exact {
                format!("{:+}", discs.round() as i32)
            } else {
                format!("{discs:+.1}")
            };
            let galley = painter.layout_no_wrap(text, egui::FontId::proportional(15.0), colour);
            let at = egui::pos2(screen.x, screen.y) - galley.size() / 2.0;
            let rect = egui::Rect::from_min_size(at, galley.size()).expand(3.0);
            painter.rect_filled(rect, 3.0, egui::Color32::from_black_alpha(170));
            if hint.exact {
                painter.line_segment(
                    [
                        rect.left_bottom() + egui::vec2(3.0, -2.0),
                        rect.right_bottom() + egui::vec2(-3.0, -2.0),
                    ],
                    egui::Stroke::new(1.5, colour),
                );
            }
            painter.galley(at, galley, colour);
        }
    }
    if let Some((text, _)) = &state.banner {
        egui::Area::new("banner".into())
            .anchor(egui::Align2::CENTER_TOP, [-state.panel_width / 2.0, 24.0])
            .interactable(false)
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.label(egui::RichText::new(text).size(22.0).strong());
                });
            });
    }
    Ok(())
}
