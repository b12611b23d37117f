//! The game record window: copy the game as a transcript, a GGF record or a board string, and
//! paste any of those to load a game or position, of any board size and rules. A pasted record of
//! another variant (a GGF record's `TY`/`RR`, a board string's size) switches the game to it, and
//! the board says so. A bad paste says what is wrong and leaves the current game untouched.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::editor::Editor;
use super::{Dialog, UiPass};
use crate::audio::UiClick;
use crate::game::{CurrentGame, LoadRequested};
use crate::rules::VGame;
use crate::rules::vnotation::{board_string, ggf, parse_any, transcript};

/// The text pasted into the window, and why it could not be loaded.
#[derive(Resource, Clone, Debug, Default)]
pub struct Paste {
    pub text: String,
    pub error: Option<String>,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Paste>().add_systems(
        EguiPrimaryContextPass,
        record_dialog
            .in_set(UiPass::Windows)
            .run_if(in_state(Dialog::Record)),
    );
}

/// What the player asked for in the window.
enum RecordAction {
    Load(VGame),
    /// Open the board editor on the current position.
    Edit,
}

fn record_dialog(
    mut contexts: EguiContexts,
    game: Res<CurrentGame>,
    mut paste: ResMut<Paste>,
    mut editor: ResMut<Editor>,
    mut next_dialog: ResMut<NextState<Dialog>>,
    (mut load, mut clicks): (MessageWriter<LoadRequested>, MessageWriter<UiClick>),
    mut announcement: ResMut<super::hud::Announcement>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    match record_window(ctx, &mut open, &mut paste, &game.0) {
        Some(RecordAction::Load(loaded)) => {
            clicks.write(UiClick);
            if loaded.variant() != game.0.variant() {
                announcement.show(super::words::switched_to(loaded.variant()));
            }
            load.write(LoadRequested(loaded));
            next_dialog.set(Dialog::None);
        }
        Some(RecordAction::Edit) => {
            *editor = Editor::from_position(&game.0.position());
            next_dialog.set(Dialog::Editor);
        }
        None if !open => next_dialog.set(Dialog::None),
        None => {}
    }
    Ok(())
}

/// The game a paste stands for, read on the current game's board unless it says its own (a GGF
/// record's `TY`/`RR`, a board string's n² squares), or what the player reads when it cannot be
/// read.
pub fn read_paste(text: &str, current: &VGame) -> Result<VGame, String> {
    if text.trim().is_empty() {
        return Err("Nothing to load: paste a transcript, a GGF record or a board first.".into());
    }
    parse_any(text, current.variant())
        .map_err(|e| format!("Could not read it: {e}. The current game is unchanged."))
}

/// Draws the window; returns what the player asked for.
fn record_window(
    ctx: &egui::Context,
    open: &mut bool,
    paste: &mut Paste,
    game: &VGame,
) -> Option<RecordAction> {
    let mut action = None;
    egui::Window::new("Game record")
        // Taller than the window (large text, a small screen): the window scrolls.
        .vscroll(true)
        .open(open)
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
                let shown = if text.is_empty() {
                    "(no moves yet)".to_string()
                } else {
                    text
                };
                ui.add(egui::Label::new(egui::RichText::new(shown).monospace()).wrap());
                ui.add_space(4.0);
            }
            ui.separator();
            let size = game.variant().size();
            ui.label(format!(
                "Paste a transcript ({size}×{size}: f5d6c3…), a GGF game of any board, or a board \
                 ({} squares X/O/- or any n×n, and the side to move):",
                size * size
            ));
            ui.add(
                egui::TextEdit::multiline(&mut paste.text)
                    .font(egui::TextStyle::Monospace)
                    .desired_rows(3)
                    .desired_width(f32::INFINITY),
            );
            ui.horizontal(|ui| {
                if ui.button("Load").clicked() {
                    match read_paste(&paste.text, game) {
                        Ok(loaded) => {
                            paste.error = None;
                            action = Some(RecordAction::Load(loaded));
                        }
                        Err(why) => paste.error = Some(why),
                    }
                }
                if ui.button("Clear").clicked() {
                    paste.text.clear();
                    paste.error = None;
                }
                if ui.button("Board editor…").clicked() {
                    action = Some(RecordAction::Edit);
                }
            });
            if let Some(error) = &paste.error {
                ui.colored_label(egui::Color32::from_rgb(240, 120, 100), error);
            }
        });
    action
}
