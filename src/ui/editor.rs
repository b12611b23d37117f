//! The board editor: paint black, white or empty squares on a board of the game's size and shape,
//! switch squares off and on to draw another shape, choose the size and the side to move, and play
//! from the position. A position nobody can move in, and a shape without its centre or with
//! squares cut off, are refused with a message.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{Dialog, UiPass};
use crate::audio::UiClick;
use crate::game::{CurrentGame, LoadRequested};
use crate::i18n::Texts;
use crate::rules::bits::{Bits, SquareSet};
use crate::rules::shape::ShapeError;
use crate::rules::{Game, Player, Position, Square, Variant};
use crate::tr;

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
    texts: Res<Texts>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    let current = game.0.position();
    // A game of another size, shape or rules: the editor starts from its position.
    if editor.source != current.variant {
        *editor = Editor::from_position(&current);
    }
    if let Some(edited) = editor_window(ctx, &texts, &mut open, &mut editor, &current) {
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
    /// Switches the square off the board (and a square that is off back on).
    Off,
}

/// The editor's working copy.
#[derive(Resource, Clone, Debug)]
pub struct Editor {
    /// The game's board and rules when the editor took its position: another game's resets it.
    pub source: Variant,
    /// The edited board's size and rules, square (the shape drawn is `holes`).
    pub variant: Variant,
    /// The squares switched off; checked when the position is played.
    pub holes: SquareSet,
    pub black: SquareSet,
    pub white: SquareSet,
    pub to_move: Player,
    pub brush: Brush,
    pub error: Option<EditorProblem>,
    /// A drag with the Off brush switches squares the way its first square went (off or on), so
    /// sweeping over squares does not flicker them.
    switching_off: Option<bool>,
}

impl Default for Editor {
    fn default() -> Self {
        Editor::from_position(&Position::start(Variant::STANDARD))
    }
}

impl Editor {
    pub fn from_position(position: &Position) -> Editor {
        let variant = position.variant;
        Editor {
            source: variant,
            variant: variant
                .with_size(variant.size())
                .expect("a board's own size and rules"),
            holes: variant.holes(),
            black: position.black(),
            white: position.white(),
            to_move: position.to_move,
            brush: Brush::Black,
            error: None,
            switching_off: None,
        }
    }

    /// Starts again on the empty square board of `size` with the same rules.
    pub fn resize(&mut self, size: u32) {
        if let Ok(variant) = self.variant.with_size(size) {
            self.variant = variant;
            self.holes = SquareSet::EMPTY;
            self.black = SquareSet::EMPTY;
            self.white = SquareSet::EMPTY;
            self.error = None;
        }
    }

    /// Whether `cell` is switched off.
    pub fn is_off(&self, cell: Square) -> bool {
        self.variant.holds(self.holes, cell)
    }

    /// Paints `cell` with `brush` (a cell off the board changes nothing).
    pub fn paint_with(&mut self, cell: Square, brush: Brush) {
        self.brush = brush;
        self.paint(cell);
    }

    /// Paints `cell` with the brush (a cell outside the n×n square changes nothing). A disc or an
    /// empty square painted on a square that is off switches it back on; the Off brush switches a
    /// square off (its disc goes) or, if it is off, on.
    pub fn paint(&mut self, cell: Square) {
        let Some(index) = cell.index(self.variant.size()) else {
            return;
        };
        let bit = SquareSet::bit(index);
        self.black &= !bit;
        self.white &= !bit;
        match self.brush {
            Brush::Black => self.black |= bit,
            Brush::White => self.white |= bit,
            Brush::Empty => {}
            Brush::Off => {
                let off = *self
                    .switching_off
                    .get_or_insert(!self.holes.contains(index));
                if off {
                    self.holes |= bit;
                } else {
                    self.holes &= !bit;
                }
                return;
            }
        }
        self.holes &= !bit;
    }

    /// Ends a drag: the next Off stroke decides again whether it switches off or on.
    pub fn end_stroke(&mut self) {
        self.switching_off = None;
    }

    /// The game to play from the edited position, or why it cannot be played.
    pub fn to_game(&self) -> Result<Game, EditorProblem> {
        let variant = self
            .variant
            .with_holes(self.holes)
            .map_err(EditorProblem::Shape)?;
        if (self.black | self.white).is_empty() {
            return Err(EditorProblem::EmptyBoard);
        }
        let position = Position::from_colours(variant, self.black, self.white, self.to_move)
            .expect("painting keeps the colours apart and on the board");
        if position.is_over() {
            return Err(EditorProblem::GameOver);
        }
        Ok(Game::from_position(position))
    }
}

/// Why the edited position cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditorProblem {
    /// No disc is on the board.
    EmptyBoard,
    /// Neither side has a move: the game would be over already.
    GameOver,
    /// The squares switched off leave no board.
    Shape(ShapeError),
}

impl EditorProblem {
    /// What the player reads.
    pub fn text(&self, texts: &Texts) -> String {
        match self {
            EditorProblem::EmptyBoard => tr!(texts, "editor-empty-board"),
            EditorProblem::GameOver => tr!(texts, "editor-game-over"),
            EditorProblem::Shape(error) => tr!(
                texts,
                "editor-bad-shape",
                why = super::words::shape_error(texts, error)
            ),
        }
    }
}

/// Draws the editor; returns a game when the player chose to play from the position.
fn editor_window(
    ctx: &egui::Context,
    texts: &Texts,
    open: &mut bool,
    editor: &mut Editor,
    current: &Position,
) -> Option<Game> {
    let mut play = None;
    egui::Window::new(tr!(texts, "editor-title"))
        .id(egui::Id::new("editor"))
        // Taller than the window (large text, a small screen): the window scrolls.
        .vscroll(true)
        .open(open)
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label(tr!(texts, "editor-paint"));
                ui.radio_value(
                    &mut editor.brush,
                    Brush::Black,
                    super::words::player(texts, Player::Black),
                );
                ui.radio_value(
                    &mut editor.brush,
                    Brush::White,
                    super::words::player(texts, Player::White),
                );
                ui.radio_value(&mut editor.brush, Brush::Empty, tr!(texts, "editor-empty"));
                ui.radio_value(&mut editor.brush, Brush::Off, tr!(texts, "editor-off"));
            });
            ui.horizontal(|ui| {
                ui.label(tr!(texts, "menu-board"));
                let size = editor.variant.size();
                let mut chosen = size;
                egui::ComboBox::from_id_salt("editor-size")
                    .selected_text(format!("{size}×{size}"))
                    .show_ui(ui, |ui| {
                        for n in Variant::SIZES {
                            if editor.variant.with_size(n).is_ok() {
                                ui.selectable_value(&mut chosen, n, format!("{n}×{n}"));
                            }
                        }
                    });
                if chosen != size {
                    editor.resize(chosen);
                }
            });
            // The board keeps the 8×8 board's width at every size.
            let variant = editor.variant;
            let n = variant.size() as f32;
            let cell = 272.0 / n;
            let (rect, response) = ui.allocate_exact_size(
                egui::vec2(cell * n, cell * n),
                egui::Sense::click_and_drag(),
            );
            let painter = ui.painter_at(rect);
            painter.rect_filled(rect, 2.0, egui::Color32::from_rgb(12, 60, 30));
            for square in variant.all_squares() {
                let min =
                    rect.min + egui::vec2(square.file as f32 * cell, square.rank as f32 * cell);
                let tile = egui::Rect::from_min_size(min, egui::vec2(cell, cell)).shrink(1.0);
                if editor.is_off(square) {
                    // Off the board: the wood of the frame, crossed out.
                    painter.rect_filled(tile, 0.0, egui::Color32::from_rgb(92, 64, 40));
                    let stroke = egui::Stroke::new(1.0, egui::Color32::from_rgb(60, 40, 25));
                    painter.line_segment([tile.left_top(), tile.right_bottom()], stroke);
                    painter.line_segment([tile.right_top(), tile.left_bottom()], stroke);
                    continue;
                }
                painter.rect_filled(tile, 0.0, egui::Color32::from_rgb(20, 110, 55));
                let fill = if variant.holds(editor.black, square) {
                    Some(egui::Color32::from_gray(15))
                } else if variant.holds(editor.white, square) {
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
                if (0.0..n).contains(&file) && (0.0..n).contains(&rank) {
                    editor.paint(Square::new(file as u8, rank as u8));
                    editor.error = None;
                }
            }
            if !response.dragged() && !response.is_pointer_button_down_on() {
                editor.end_stroke();
            }
            ui.horizontal(|ui| {
                ui.label(tr!(texts, "editor-to-move"));
                for player in [Player::Black, Player::White] {
                    ui.radio_value(
                        &mut editor.to_move,
                        player,
                        super::words::player(texts, player),
                    );
                }
            });
            ui.horizontal(|ui| {
                if ui.button(tr!(texts, "editor-current")).clicked() {
                    *editor = Editor {
                        brush: editor.brush,
                        ..Editor::from_position(current)
                    };
                }
                if ui.button(tr!(texts, "editor-all-on")).clicked() {
                    editor.holes = SquareSet::EMPTY;
                    editor.error = None;
                }
                if ui.button(tr!(texts, "editor-start")).clicked() {
                    // The start of the shape drawn, or of the square board if it is no board.
                    let start = variant.with_holes(editor.holes).unwrap_or(variant);
                    *editor = Editor {
                        brush: editor.brush,
                        source: editor.source,
                        ..Editor::from_position(&Position::start(start))
                    };
                }
                if ui.button(tr!(texts, "editor-clear")).clicked() {
                    editor.black = SquareSet::EMPTY;
                    editor.white = SquareSet::EMPTY;
                    editor.error = None;
                }
            });
            let counts = (editor.black.count(), editor.white.count());
            let board = match variant.with_holes(editor.holes) {
                Ok(shaped) => super::words::board_name(texts, shaped),
                Err(_) => super::words::board_name(texts, variant),
            };
            ui.label(tr!(
                texts,
                "editor-counts",
                variant = format!(
                    "{board} {}",
                    super::words::rules_name(texts, variant.opening, variant.goal)
                ),
                black = counts.0,
                white = counts.1,
                empty = variant.squares() - editor.holes.count() - counts.0 - counts.1
            ));
            if ui
                .button(egui::RichText::new(tr!(texts, "editor-play")).strong())
                .clicked()
            {
                match editor.to_game() {
                    Ok(game) => play = Some(game),
                    Err(why) => editor.error = Some(why),
                }
            }
            if let Some(error) = &editor.error {
                ui.colored_label(
                    crate::ui::ink(ui, egui::Color32::from_rgb(240, 120, 100)),
                    error.text(texts),
                );
            }
        });
    if play.is_some() {
        *open = false;
    }
    play
}
