//! The game record window: copy the game as a transcript, a GGF record or a board string, and
//! paste any of those (or a board string) to load a game or position. A bad paste says what is
//! wrong and leaves the current game untouched.

use bevy_egui::egui;

use super::UiState;
use crate::rules::Game;
use crate::rules::notation::{board_string, ggf, parse_any, transcript};

/// Draws the window; returns a game to load when the player pasted a valid one.
pub fn record_window(ctx: &egui::Context, state: &mut UiState, game: &Game) -> Option<Game> {
    let mut open = state.record_open;
    let mut load = None;
    egui::Window::new("Game record")
        .open(&mut open)
        .collapsible(false)
        .resizable(true)
        .min_width(520.0)
        .default_width(560.0)
        .anchor(egui::Align2::CENTER_CENTER, [-120.0, 0.0])
        .show(ctx, |ui| {
            let forms = [
                ("Transcript", transcript(game)),
                ("GGF", ggf(game)),
                ("Board", board_string(&game.position())),
            ];
            for (name, text) in forms {
                ui.horizontal(|ui| {
                    ui.label(egui::RichText::new(name).strong());
                    if ui.small_button("Copy").clicked() {
                        ui.ctx().copy_text(text.clone());
                    }
                });
                let shown = if text.is_empty() { "(no moves yet)".to_string() } else { text };
                ui.add(egui::Label::new(egui::RichText::new(shown).monospace()).wrap());
                ui.add_space(4.0);
            }
            ui.separator();
            ui.label("Paste a transcript (f5d6c3…), a GGF game or a board (64 squares X/O/- and the side to move):");
            ui.add(
                egui::TextEdit::multiline(&mut state.paste_text)
                    .font(egui::TextStyle::Monospace)
                    .desired_rows(3)
                    .desired_width(f32::INFINITY),
            );
            ui.horizontal(|ui| {
                if ui.button("Load").clicked() {
                    match parse_any(&state.paste_text) {
                        Ok(loaded) => {
                            state.paste_error = None;
                            load = Some(loaded);
                        }
                        Err(e) => {
                            state.paste_error = Some(format!("Could not read it: {e}. The current game is unchanged."));
                        }
                    }
                }
                if ui.button("Clear").clicked() {
                    state.paste_text.clear();
                    state.paste_error = None;
                }
                if ui.button("Board editor…").clicked() {
                    state.editor = super::editor::Editor::from_position(&game.position());
                    state.editor_open = true;
                }
            });
            if let Some(error) = &state.paste_error {
                ui.colored_label(egui::Color32::from_rgb(240, 120, 100), error);
            }
        });
    state.record_open = open && load.is_none();
    load
}
