//! The board for screen readers: every square a named cell over the 3D board ("d3, empty, legal
//! move"; "e4, black"), and each move with what it turned, each pass and the result said aloud (an
//! AccessKit live region). egui passes these nodes on only while a reader listens (the
//! `screen-reader` feature on the Linux desktop); the cells take no input, so the board's own
//! mouse, touch, keyboard and gamepad controls are unchanged.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{UiPass, words};
use crate::game::board::{BoardCamera, square_centre};
use crate::game::{BoardReset, CurrentGame, GameEnded, GameSystems, MoveApplied, Passed};
use crate::i18n::Texts;
use crate::rules::{Outcome, Position};
use crate::rules::{Player, Square, Variant};
use crate::tr;

/// What was last said aloud.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Spoken(pub Option<Said>);

/// A game event told to a screen reader.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// `player` placed a disc on `square` and turned `flipped`.
    Move {
        player: Player,
        square: Square,
        flipped: Vec<Square>,
    },
    /// `player` had no move.
    Pass(Player),
    /// The game ended.
    Over(Outcome, Variant),
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Spoken>()
        .add_systems(Update, note_events.after(GameSystems::Phase))
        .add_systems(EguiPrimaryContextPass, board_cells.in_set(UiPass::Overlay));
}

/// Keeps the last event to say: a move, then its pass, then the result, in the order they came.
fn note_events(
    mut moves: MessageReader<MoveApplied>,
    mut passes: MessageReader<Passed>,
    mut ended: MessageReader<GameEnded>,
    mut resets: MessageReader<BoardReset>,
    game: Res<CurrentGame>,
    mut spoken: ResMut<Spoken>,
) {
    if resets.read().count() > 0 {
        spoken.0 = None;
    }
    for applied in moves.read() {
        spoken.0 = Some(Said::Move {
            player: applied.player,
            square: applied.square,
            flipped: applied.flipped_cells().collect(),
        });
    }
    for pass in passes.read() {
        spoken.0 = Some(Said::Pass(pass.player));
    }
    for end in ended.read() {
        spoken.0 = Some(Said::Over(end.outcome, game.variant()));
    }
}

/// What a screen reader says of a square: "d3, empty, legal move", "e4, black".
pub fn cell_label(texts: &Texts, position: &Position, cell: Square) -> String {
    let square = cell.to_string();
    match position.colour_at(cell) {
        Some(player) => tr!(
            texts,
            "cell-disc",
            square = square,
            player = words::key(player)
        ),
        None if position.is_legal(cell) => tr!(texts, "cell-legal", square = square),
        None => tr!(texts, "cell-empty", square = square),
    }
}

/// What a screen reader says of an event: "Black plays d3 and turns d4", "White has no move —
/// passes", "Black wins 40–24".
pub fn said_text(texts: &Texts, said: &Said) -> String {
    match said {
        Said::Move {
            player,
            square,
            flipped,
        } => {
            let turned: Vec<String> = flipped.iter().map(Square::to_string).collect();
            tr!(
                texts,
                "said-move",
                player = words::key(*player),
                square = square.to_string(),
                count = turned.len(),
                turned = turned.join(" ")
            )
        }
        Said::Pass(player) => tr!(texts, "pass-banner", player = words::key(*player)),
        Said::Over(outcome, variant) => words::outcome(texts, outcome, *variant),
    }
}

/// One named cell over each square of the board, and the live region that says each event.
fn board_cells(
    mut contexts: EguiContexts,
    game: Res<CurrentGame>,
    spoken: Res<Spoken>,
    texts: Res<Texts>,
    camera: Single<(&Camera, &GlobalTransform), With<BoardCamera>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (camera, transform) = *camera;
    let position = game.0.position();
    let size = game.variant().size();
    let screen =
        |cell: Square| super::board_point(ctx, camera, transform, square_centre(cell, size));
    egui::Area::new(egui::Id::new("board-cells"))
        .order(egui::Order::Background)
        .interactable(false)
        .fixed_pos(egui::Pos2::ZERO)
        .show(ctx, |ui| {
            for cell in game.variant().all_squares() {
                let Some(centre) = screen(cell) else { continue };
                // A cell's extent: half the distance to its neighbour along the rank.
                let next = Square::new((cell.file + 1).min(size as u8 - 1), cell.rank);
                let half = screen(next)
                    .map_or(10.0, |n| ((n - centre).length() / 2.0).max(4.0))
                    .min(60.0);
                let rect = egui::Rect::from_center_size(centre, egui::vec2(half, half) * 2.0);
                let response = ui.interact(rect, ui.id().with(cell), egui::Sense::hover());
                // Worded only when egui asks: while a screen reader listens.
                response.widget_info(|| {
                    let label = cell_label(&texts, &position, cell);
                    egui::WidgetInfo::labeled(egui::WidgetType::Other, true, label)
                });
            }
            if let Some(said) = &spoken.0 {
                let id = ui.id().with("said");
                let spot = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::Vec2::splat(1.0));
                let response = ui.interact(spot, id, egui::Sense::hover());
                response.widget_info(|| {
                    egui::WidgetInfo::labeled(
                        egui::WidgetType::Label,
                        true,
                        said_text(&texts, said),
                    )
                });
                ctx.accesskit_node_builder(id, |node| {
                    node.set_live(egui::accesskit::Live::Polite);
                    node.set_label(said_text(&texts, said));
                });
            }
        });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Language;
    use crate::rules::Game;

    #[test]
    fn cells_and_events_are_named_for_a_screen_reader() {
        let texts = Texts::new(Language::English);
        let mut game = Game::new(Variant::STANDARD);
        let start = game.position();
        let cell = |s: &str| s.parse::<Square>().unwrap();
        assert_eq!(
            cell_label(&texts, &start, cell("d3")),
            "d3, empty, legal move"
        );
        assert_eq!(cell_label(&texts, &start, cell("a1")), "a1, empty");
        assert_eq!(cell_label(&texts, &start, cell("e4")), "e4, black");
        assert_eq!(cell_label(&texts, &start, cell("d4")), "d4, white");
        let played = game.play(cell("d3")).unwrap();
        let said = Said::Move {
            player: Player::Black,
            square: cell("d3"),
            flipped: Variant::STANDARD.squares_of(played.flipped).collect(),
        };
        assert_eq!(
            said_text(&texts, &said),
            "Black plays d3 and turns 1 disc: d4"
        );
        let three = Said::Move {
            player: Player::White,
            square: cell("c3"),
            flipped: vec![cell("d4"), cell("e5"), cell("f6")],
        };
        assert_eq!(
            said_text(&texts, &three),
            "White plays c3 and turns 3 discs: d4 e5 f6"
        );
        assert_eq!(
            said_text(&texts, &Said::Pass(Player::White)),
            "White has no move — passes"
        );
        let mut dutch = Texts::new(Language::English);
        dutch.set_language(Language::Dutch);
        assert_eq!(cell_label(&dutch, &start, cell("e4")), "e4, zwart");
    }
}
