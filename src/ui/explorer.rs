//! The openings explorer, a section of the game's side panel: for the position on the board, the
//! opening book's moves with their values (best first) and the named lines that go on from it,
//! each a button that plays its move where a person is to move. It reads the book by position,
//! so it follows any 8×8 game, the named lines those from the start.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::ai::book::{self, NO_LEAF};
use crate::audio::UiClick;
use crate::database::Database;
use crate::database::search::Target;
use crate::database::stats::MoveStat;
use crate::game::database::GameDatabase;
use crate::game::{Controller, MatchSettings, PlaceRequested, Requester};
use crate::i18n::Texts;
use crate::rules::openings::{Onward, lines_from, played};
use crate::rules::{Game, Player, Square};
use crate::tr;

/// The named lines listed at most, the shortest first (from the start every name goes on).
const LINES_SHOWN: usize = 8;

/// Whether the explorer's section is open (`--explorer` opens it at start).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExplorerOpen(pub bool);

pub fn plugin(app: &mut App) {
    app.init_resource::<ExplorerOpen>()
        .init_resource::<MovesPlayed>();
}

/// The explorer's state: open or not, and the game database's moves for the position shown.
#[derive(bevy::ecs::system::SystemParam)]
pub struct Explorer<'w> {
    pub open: ResMut<'w, ExplorerOpen>,
    database: Res<'w, GameDatabase>,
    played: ResMut<'w, MovesPlayed>,
    replaying: Res<'w, super::database::Replaying>,
}

/// The database's moves from the last position asked about (a position is searched once).
#[derive(Resource, Debug, Default)]
pub struct MovesPlayed {
    key: Option<(Target, usize)>,
    stats: Vec<MoveStat>,
}

impl Explorer<'_> {
    /// The players, tournament and year of the database game on the board, while it is one.
    pub fn replaying(&self, game: &Game) -> Option<&str> {
        self.replaying.label(game)
    }

    /// What the database's players chose in `game`'s position: `None` without a database.
    fn moves_played(&mut self, game: &Game) -> Option<&[MoveStat]> {
        let db = self.database.games()?;
        let position = game.position();
        let target = Target::new(position.to_board()?, position.to_move == Player::Black);
        let key = Some((target, db.games.len()));
        if self.played.key != key {
            self.played.stats = db.move_stats(target, &self.database.ratings);
            self.played.key = key;
        }
        Some(&self.played.stats)
    }
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
    explorer: &mut Explorer,
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
        .open(Some(explorer.open.0))
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
                button
            };
            let played = explorer.moves_played(game).map(<[MoveStat]>::to_vec);
            match (&explored.book, played, explorer.database.games()) {
                (book, Some(played), Some(db)) if !played.is_empty() || book.is_some() => {
                    moves_table(ui, texts, game, book.as_ref(), (&played, db), &mut play);
                }
                (Some(BookView { moves, .. }), ..) => {
                    let player = super::words::key(game.to_move());
                    ui.label(tr!(texts, "explorer-book-moves", player = player));
                    ui.horizontal_wrapped(|ui| {
                        for &(square, value) in moves {
                            play(ui, square, format!("{square} {value:+}"));
                        }
                    });
                }
                (None, ..) => {
                    ui.label(egui::RichText::new(tr!(texts, "explorer-not-in-book")).weak());
                }
            }
            if let Some(BookView {
                left_out: Some(leaf),
                ..
            }) = &explored.book
            {
                let value = format!("{leaf:+}");
                ui.label(
                    egui::RichText::new(tr!(texts, "explorer-left-out", value = value)).weak(),
                );
            }
            if explorer.database.games().is_none() {
                ui.label(egui::RichText::new(tr!(texts, "explorer-db-none")).weak());
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
        explorer.open.0 = !explorer.open.0;
    }
}

/// The book's moves and the database's side by side: each move (a button that plays it, its
/// strongest players on hover), its book value, how often the database's players chose it, how
/// it scored for them (wins, draws and losses on hover) and their mean discs at the end. The
/// book's moves first, best first, then the moves only the database knows, most played first.
fn moves_table(
    ui: &mut egui::Ui,
    texts: &Texts,
    game: &Game,
    book: Option<&BookView>,
    (played, db): (&[MoveStat], &Database),
    play: &mut impl FnMut(&mut egui::Ui, Square, String) -> egui::Response,
) {
    let total: usize = played.iter().map(|m| m.games).sum();
    let player = super::words::key(game.to_move());
    ui.label(tr!(texts, "explorer-db", count = total, player = player));
    let book_moves = book.map_or(&[][..], |b| &b.moves[..]);
    let mut rows: Vec<(Square, Option<i32>, Option<&MoveStat>)> = book_moves
        .iter()
        .map(|&(sq, value)| {
            let stat = played.iter().find(|m| Square::from_sq(m.square) == sq);
            (sq, Some(value), stat)
        })
        .collect();
    for stat in played {
        let sq = Square::from_sq(stat.square);
        if !rows.iter().any(|r| r.0 == sq) {
            rows.push((sq, None, Some(stat)));
        }
    }
    egui::Grid::new("explorer-moves")
        .num_columns(5)
        .striped(true)
        .spacing([6.0, 2.0])
        .show(ui, |ui| {
            for head in [
                tr!(texts, "explorer-col-move"),
                tr!(texts, "explorer-col-book"),
                tr!(texts, "explorer-col-games"),
                tr!(texts, "explorer-col-score"),
                tr!(texts, "explorer-col-discs"),
            ] {
                ui.label(egui::RichText::new(head).small().weak());
            }
            ui.end_row();
            for (square, value, stat) in rows {
                let button = play(ui, square, square.to_string());
                if let Some(stat) = stat.filter(|s| !s.best_players.is_empty()) {
                    let names: Vec<String> = stat
                        .best_players
                        .iter()
                        .map(|&(p, rating)| format!("{} ({rating:.0})", db.player(p)))
                        .collect();
                    button.on_hover_text(tr!(
                        texts,
                        "explorer-db-players",
                        players = names.join(", ")
                    ));
                }
                ui.label(value.map_or("–".into(), |v| format!("{v:+}")));
                match stat {
                    Some(stat) => {
                        // The share on hover: the panel is narrow.
                        let share = 100.0 * stat.games as f64 / total.max(1) as f64;
                        ui.label(stat.games.to_string())
                            .on_hover_text(percent(texts, share));
                        ui.label(percent(texts, 100.0 * stat.score()))
                            .on_hover_text(tr!(
                                texts,
                                "explorer-db-results",
                                wins = stat.wins,
                                draws = stat.draws,
                                losses = stat.losses
                            ));
                        ui.label(texts.decimal(stat.mean_discs, 1));
                    }
                    None => {
                        for _ in 0..3 {
                            ui.label("–");
                        }
                    }
                }
                ui.end_row();
            }
        });
}

/// A share in whole percent, as the language writes it.
fn percent(texts: &Texts, value: f64) -> String {
    tr!(texts, "percent", value = value.round())
}
