//! The Bevy layer, headless (no window, no GPU): the board scene and the discs as views of the
//! rules game.
#![cfg(feature = "game")]

use bevy::prelude::*;
use reversi::game::board::BoardSquare;
use reversi::game::discs::Disc;
use reversi::game::{self, CurrentGame};
use reversi::rules::notation::parse_transcript;
use reversi::rules::{Game, Position};

fn headless_app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, AssetPlugin::default(), TransformPlugin))
        .init_asset::<Mesh>()
        .init_asset::<StandardMaterial>()
        .add_plugins(game::plugin);
    app.finish();
    app.cleanup();
    app.update();
    app
}

/// Every disc entity agrees with the rules board, and there is exactly one per occupied square.
fn assert_discs_match(app: &mut App) {
    let position: Position = app.world().resource::<CurrentGame>().0.position();
    let mut seen = 0u64;
    let mut query = app.world_mut().query::<&Disc>();
    for disc in query.iter(app.world()) {
        assert_eq!(seen & disc.square.bit(), 0, "two discs on {}", disc.square);
        seen |= disc.square.bit();
        assert_eq!(
            position.colour_at(disc.square),
            Some(disc.colour),
            "disc on {}",
            disc.square
        );
    }
    assert_eq!(
        seen,
        position.black() | position.white(),
        "a disc is missing"
    );
}

#[test]
fn the_board_has_64_squares_and_the_four_starting_discs() {
    let mut app = headless_app();
    let squares = app
        .world_mut()
        .query::<&BoardSquare>()
        .iter(app.world())
        .count();
    assert_eq!(squares, 64);
    let discs = app.world_mut().query::<&Disc>().iter(app.world()).count();
    assert_eq!(discs, 4);
    assert_discs_match(&mut app);
}

#[test]
fn discs_follow_the_rules_board_through_moves_and_a_new_game() {
    let mut app = headless_app();
    let game = parse_transcript("f5d6c3d3c4f4f6f3e6e7").unwrap();
    app.world_mut().resource_mut::<CurrentGame>().0 = game;
    app.update();
    assert_discs_match(&mut app);
    app.world_mut().resource_mut::<CurrentGame>().0 = Game::new();
    app.update();
    assert_discs_match(&mut app);
    let discs = app.world_mut().query::<&Disc>().iter(app.world()).count();
    assert_eq!(discs, 4);
}
