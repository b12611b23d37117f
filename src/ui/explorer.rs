//! The openings explorer, a section of the game's side panel: for the position on the board, the
//! opening book's moves with their values (best first) and the named lines that go on from it,
//! each a button that plays its move where a person is to move. It reads the book by position,
//! so it follows any 8×8 game, the named lines those from the start.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::ai::book::{self, NO_LEAF};
use crate::audio::UiClick;
use crate::game::{Controller, MatchSettings, PlaceRequested, Requester};
use crate::i18n::Texts;
use crate::rules::openings::{Onward, lines_from, played};
use crate::rules::{Game, Square};
use crate::tr;

/// The named lines listed at most, the shortest first (from the start every name goes on).
const LINES_SHOWN: usize = 8;

/// Whether the explorer's section is open (`--explorer` opens it at start).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExplorerOpen(pub bool);

pub fn plugin(app: &mut App) {
    app.init_resource::<ExplorerOpen>();
}

/// What the book says of a position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BookView {
    /// The book's moves: square and value for the mover, in discs, best first.
    pub moves: Vec<(Square, i32)>,
    /// The best value of the moves left out of the book.
    pub left_out: Option<i32>,
}

/// What the explorer shows for `game`: the book's view (`None` where the book does not know the
/// position) and the named lines from here.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Explored {
    pub book: Option<BookView>,
    pub lines: Vec<Onward>,
}

pub fn explore(game: &Game) -> Explored {
    let book = book_moves(game);
    let lines = played(game)
        .map(|moves| lines_from(&moves))
        .unwrap_or_default();
    Explored { book, lines }
}

/// What the book says of `game`'s position; `None` where it does not know it.
pub fn book_moves(game: &Game) -> Option<BookView> {
    let board = game.position().to_board()?;
    let book = book::shipped()?;
    let entry = book.get(&board)?;
    let moves = book
        .moves(&board)
        .into_iter()
        .map(|m| (Square::from_sq(m.square), i32::from(m.value)))
        .collect();
    let left_out = (entry.leaf != NO_LEAF).then_some(i32::from(entry.leaf));
    Some(BookView { moves, left_out })
}

/// The section, under the hints: a collapsing header, open as [`ExplorerOpen`] says. Only for the
/// 8×8 board, where the book and the names are.
pub fn section(
    ui: &mut egui::Ui,
    texts: &Texts,
    game: &Game,
    players: &MatchSettings,
    open: &mut ExplorerOpen,
    (place, clicks): (
        &mut MessageWriter<PlaceRequested>,
        &mut MessageWriter<UiClick>,
    ),
) {
    if game.position().to_board().is_none() {
        return;
    }
    let header = egui::CollapsingHeader::new(egui::RichText::new(tr!(texts, "explorer-title")))
        .id_salt(egui::Id::new("explorer"))
        .open(Some(open.0))
        .show(ui, |ui| {
            let explored = explore(game);
            let playable =
                !game.is_over() && players.controller(game.to_move()) == Controller::Human;
            let mut play = |ui: &mut egui::Ui, square: Square, text: String| {
                let button = ui.add_enabled(playable, egui::Button::new(text).small());
                if button.clicked() {
                    clicks.write(UiClick);
                    place.write(PlaceRequested {
                        square,
                        by: Requester::Human,
                    });
                }
            };
            match &explored.book {
                Some(BookView { moves, left_out }) => {
                    let player = super::words::key(game.to_move());
                    ui.label(tr!(texts, "explorer-book-moves", player = player));
                    ui.horizontal_wrapped(|ui| {
                        for &(square, value) in moves {
                            play(ui, square, format!("{square} {value:+}"));
                        }
                    });
                    if let Some(leaf) = left_out {
                        let value = format!("{leaf:+}");
                        ui.label(
                            egui::RichText::new(tr!(texts, "explorer-left-out", value = value))
                                .weak(),
                        );
                    }
                }
                None => {
                    ui.label(egui::RichText::new(tr!(texts, "explorer-not-in-book")).weak());
                }
            }
            if explored.lines.is_empty() {
                ui.label(egui::RichText::new(tr!(texts, "explorer-no-line")).weak());
            } else {
                ui.label(tr!(texts, "explorer-lines"));
                for line in explored.lines.iter().take(LINES_SHOWN) {
                    let text = tr!(
                        texts,
                        "explorer-line",
                        name = texts.opening(line.name),
                        square = line.next.to_string(),
                        moves = line.length
                    );
                    play(ui, Square::from_sq(line.next), text);
                }
                let more = explored.lines.len().saturating_sub(LINES_SHOWN);
                if more > 0 {
                    ui.label(egui::RichText::new(tr!(texts, "explorer-more", count = more)).weak());
                }
            }
            ui.label(
                egui::RichText::new(tr!(texts, "explorer-legend"))
                    .small()
                    .weak(),
            );
        });
    if header.header_response.clicked() {
        open.0 = !open.0;
    }
}
