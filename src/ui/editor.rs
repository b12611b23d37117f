//! The board editor: paint black, white or empty squares, choose the side to move, and play from
//! the position. A position nobody can move in is refused with a message.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{Dialog, UiPass};
use crate::audio::UiClick;
use crate::game::{CurrentGame, LoadRequested};
use crate::rules::{Game, Player, Position, Square};

pub fn plugin(app: &mut App) {
    app.init_resource::<Editor>().add_systems(
        EguiPrimaryContextPass,
        editor_dialog
            .in_set(UiPass::Windows)
            .run_if(in_state(Dialog::Editor)),
    );
}

/// The editor; closing it goes back to the record window it was opened from, playing from the
/// position closes both.
fn editor_dialog(
    mut contexts: EguiContexts,
    game: Res<CurrentGame>,
    mut editor: ResMut<Editor>,
    mut next_dialog: ResMut<NextState<Dialog>>,
    (mut load, mut clicks): (MessageWriter<LoadRequested>, MessageWriter<UiClick>),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    if let Some(edited) = editor_window(ctx, &mut open, &mut editor, &game.0.position()) {
        clicks.write(UiClick);
        load.write(LoadRequested(edited));
        next_dialog.set(Dialog::None);
    } else if !open {
        next_dialog.set(Dialog::Record);
    }
    Ok(())
}

/// What a click on a square paints.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Brush {
    #[default]
    Black,
    White,
    Empty,
}

/// The editor's working copy.
#[derive(Resource, Clone, Debug)]
pub struct Editor {
    pub black: u64,
    pub white: u64,
    pub to_move: Player,
    pub brush: Brush,
    pub error: Option<String>,
}

impl Default for Editor {
    fn default() -> Self {
        Editor::from_position(&Position::start())
    }
}

impl Editor {
    pub fn from_position(position: &Position) -> Editor {
        Editor {
            black: position.black(),
            white: position.white(),
            to_move: position.to_move,
            brush: Brush::Black,
            error: None,
        }
    }

    fn paint(&mut self, square: Square) {
        let bit = square.bit();
        self.black &= !bit;
        self.white &= !bit;
        match self.brush {
            Brush::Black => self.black |= bit,
            Brush::White => self.white |= bit,
            Brush::Empty => {}
        }
    }

    /// The game to play from the edited position, or why it cannot be played.
    pub fn to_game(&self) -> Result<Game, String> {
        if self.black | self.white == 0 {
            return Err("the board is empty: place some discs first".into());
        }
        let position = Position::from_colours(self.black, self.white, self.to_move)
            .ok_or_else(|| "a square holds two colours".to_string())?;
        if position.board.is_game_over() {
            return Err(
                "neither side has a legal move here, so the game would already be over".into(),
            );
        }
        Ok(Game::from_position(position))
    }
}

/// Draws the editor; returns a game when the player chose to play from the position.
fn editor_window(
    ctx: &egui::Context,
    open: &mut bool,
    editor: &mut Editor,
    current: &Position,
) -> Option<Game> {
    let mut play = None;
    egui::Window::new("Board editor")
        .open(open)
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label("Paint");
                ui.radio_value(&mut editor.brush, Brush::Black, "Black");
                ui.radio_value(&mut editor.brush, Brush::White, "White");
                ui.radio_value(&mut editor.brush, Brush::Empty, "Empty");
            });
            let cell = 34.0;
            let (rect, response) = ui.allocate_exact_size(
                egui::vec2(cell * 8.0, cell * 8.0),
                egui::Sense::click_and_drag(),
            );
            let painter = ui.painter_at(rect);
            painter.rect_filled(rect, 2.0, egui::Color32::from_rgb(12, 60, 30));
            for square in Square::all() {
                let min =
                    rect.min + egui::vec2(square.file() as f32 * cell, square.rank() as f32 * cell);
                let tile = egui::Rect::from_min_size(min, egui::vec2(cell, cell)).shrink(1.0);
                painter.rect_filled(tile, 0.0, egui::Color32::from_rgb(20, 110, 55));
                let fill = if editor.black & square.bit() != 0 {
                    Some(egui::Color32::from_gray(15))
                } else if editor.white & square.bit() != 0 {
                    Some(egui::Color32::from_gray(235))
                } else {
                    None
                };
                if let Some(fill) = fill {
                    painter.circle(
                        tile.center(),
                        cell * 0.4,
                        fill,
                        egui::Stroke::new(1.0, egui::Color32::from_gray(90)),
                    );
                }
            }
            if (response.clicked() || response.dragged())
                && let Some(pos) = response.interact_pointer_pos()
            {
                let offset = pos - rect.min;
                let file = (offset.x / cell).floor();
                let rank = (offset.y / cell).floor();
                if (0.0..8.0).contains(&file)
                    && (0.0..8.0).contains(&rank)
                    && let Some(square) = Square::from_file_rank(file as u8, rank as u8)
                {
                    editor.paint(square);
                    editor.error = None;
                }
            }
            ui.horizontal(|ui| {
                ui.label("To move");
                ui.radio_value(&mut editor.to_move, Player::Black, "Black");
                ui.radio_value(&mut editor.to_move, Player::White, "White");
            });
            ui.horizontal(|ui| {
                if ui.button("Current position").clicked() {
                    *editor = Editor {
                        brush: editor.brush,
                        ..Editor::from_position(current)
                    };
                }
                if ui.button("Start position").clicked() {
                    *editor = Editor {
                        brush: editor.brush,
                        ..Editor::default()
                    };
                }
                if ui.button("Clear").clicked() {
                    editor.black = 0;
                    editor.white = 0;
                    editor.error = None;
                }
            });
            let counts = (editor.black.count_ones(), editor.white.count_ones());
            ui.label(format!(
                "Black {} · White {} · Empty {}",
                counts.0,
                counts.1,
                64 - counts.0 - counts.1
            ));
            if ui
                .button(egui::RichText::new("Play from here").strong())
                .clicked()
            {
                match editor.to_game() {
                    Ok(game) => play = Some(game),
                    Err(why) => {
                        editor.error = Some(format!("Cannot play from this position: {why}."))
                    }
                }
            }
            if let Some(error) = &editor.error {
                ui.colored_label(egui::Color32::from_rgb(240, 120, 100), error);
            }
        });
    if play.is_some() {
        *open = false;
    }
    play
}
