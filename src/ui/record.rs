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
use crate::i18n::Texts;
use crate::rules::notation::{board_string, ggf, parse_any, transcript};
use crate::rules::{Game, NotationError};
use crate::tr;

/// The text pasted into the window, and why it could not be loaded.
#[derive(Resource, Clone, Debug, Default)]
pub struct Paste {
    pub text: String,
    pub error: Option<PasteProblem>,
}

/// Why a paste could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PasteProblem {
    /// Nothing was pasted.
    Nothing,
    /// The text is no record, or not a legal one.
    Unreadable(NotationError),
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
    Load(Box<Game>),
    /// Open the board editor on the current position.
    Edit,
}

fn record_dialog(
    mut contexts: EguiContexts,
    (game, texts): (Res<CurrentGame>, Res<Texts>),
    mut paste: ResMut<Paste>,
    mut editor: ResMut<Editor>,
    mut next_dialog: ResMut<NextState<Dialog>>,
    (mut load, mut clicks): (MessageWriter<LoadRequested>, MessageWriter<UiClick>),
    mut announcement: ResMut<super::hud::Announcement>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    match record_window(ctx, &texts, &mut open, &mut paste, &game.0) {
        Some(RecordAction::Load(loaded)) => {
            clicks.write(UiClick);
            if loaded.variant() != game.0.variant() {
                announcement.show(super::hud::Notice::SwitchedTo(loaded.variant()));
            }
            load.write(LoadRequested(*loaded));
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
/// record's `TY`/`RR`, a board string's n² squares), or why it cannot be read.
pub fn read_paste(text: &str, current: &Game) -> Result<Game, PasteProblem> {
    if text.trim().is_empty() {
        return Err(PasteProblem::Nothing);
    }
    parse_any(text, current.variant()).map_err(PasteProblem::Unreadable)
}

/// What the player reads when a paste cannot be loaded.
pub fn problem_text(texts: &Texts, problem: &PasteProblem) -> String {
    match problem {
        PasteProblem::Nothing => tr!(texts, "record-nothing"),
        PasteProblem::Unreadable(error) => tr!(
            texts,
            "record-unreadable",
            reason = super::words::notation_error(texts, error)
        ),
    }
}

/// Draws the window; returns what the player asked for.
fn record_window(
    ctx: &egui::Context,
    texts: &Texts,
    open: &mut bool,
    paste: &mut Paste,
    game: &Game,
) -> Option<RecordAction> {
    let mut action = None;
    egui::Window::new(tr!(texts, "record-title"))
        .id(egui::Id::new("record"))
        // Taller than the window (large text, a small screen): the window scrolls.
        .vscroll(true)
        .open(open)
        .collapsible(false)
        .resizable(true)
        .min_width(super::fitting_width(ctx, 520.0))
        .default_width(super::fitting_width(ctx, 560.0))
        .anchor(egui::Align2::CENTER_CENTER, [-120.0, 0.0])
        .show(ctx, |ui| {
            let forms = [
                (tr!(texts, "record-transcript"), transcript(game)),
                (tr!(texts, "record-ggf"), ggf(game)),
                (tr!(texts, "record-board"), board_string(&game.position())),
            ];
            for (name, text) in forms {
                ui.horizontal(|ui| {
                    ui.label(egui::RichText::new(name).strong());
                    if ui.small_button(tr!(texts, "record-copy")).clicked() {
                        ui.ctx().copy_text(text.clone());
                    }
                });
                let shown = if text.is_empty() {
                    tr!(texts, "record-no-moves")
                } else {
                    text
                };
                ui.add(egui::Label::new(egui::RichText::new(shown).monospace()).wrap());
                ui.add_space(4.0);
            }
            ui.separator();
            let size = game.variant().size();
            ui.label(tr!(
                texts,
                "record-paste-help",
                size = size,
                squares = size * size
            ));
            ui.add(
                egui::TextEdit::multiline(&mut paste.text)
                    .font(egui::TextStyle::Monospace)
                    .desired_rows(3)
                    .desired_width(f32::INFINITY),
            );
            ui.horizontal(|ui| {
                if ui.button(tr!(texts, "record-load")).clicked() {
                    match read_paste(&paste.text, game) {
                        Ok(loaded) => {
                            paste.error = None;
                            action = Some(RecordAction::Load(Box::new(loaded)));
                        }
                        Err(why) => paste.error = Some(why),
                    }
                }
                if ui.button(tr!(texts, "record-clear")).clicked() {
                    paste.text.clear();
                    paste.error = None;
                }
                if ui.button(tr!(texts, "record-editor")).clicked() {
                    action = Some(RecordAction::Edit);
                }
            });
            if let Some(error) = &paste.error {
                ui.colored_label(
                    crate::ui::ink(ui, egui::Color32::from_rgb(240, 120, 100)),
                    problem_text(texts, error),
                );
            }
        });
    action
}
