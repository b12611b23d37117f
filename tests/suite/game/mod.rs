//! The Bevy layer, headless (no window, no GPU): messages in, world state out. One harness (this
//! file: an app with the game's plugins and a manual clock, and the helpers that drive it) and a
//! module per topic.
#![cfg(feature = "game")]

use crate::common;

mod ai;
mod clocks;
mod database;
mod frames;
mod input;
mod lessons;
#[cfg(feature = "server")]
mod online;
mod past_games;
mod play;
mod practice;
mod puzzles;
mod review;
mod saves;
mod screens;
mod tournament;

use common::RandomPlay;
use std::time::{Duration, Instant};

use bevy::ecs::resource::IsResource;
use bevy::input::ButtonState;
use bevy::input::gamepad::{
    GamepadConnection, GamepadConnectionEvent, RawGamepadButtonChangedEvent, RawGamepadEvent,
};
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::input::{InputPlugin, gamepad::GamepadButton};
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use reversi::ai::Level;
use reversi::game::animation::{DropAnimation, FlipAnimation};
use reversi::game::board::BoardSquare;
use reversi::game::discs::{Disc, disc_transform};
use reversi::game::markers::BoardCursor;
use reversi::game::turn::Phase;
use reversi::game::{
    self, CurrentGame, GameEnded, GameSettings, Generation, MatchSettings, NewGameRequested,
    Passed, PlaceRequested, Requester,
};
use reversi::rules::bits::Bits;
use reversi::rules::{Game, Move, Player, Square, Variant, notation};

/// A standard 8×8 game from a transcript.
fn parse_transcript(text: &str) -> Result<Game, reversi::rules::NotationError> {
    notation::parse_transcript(text, Variant::STANDARD)
}

const FRAME: Duration = Duration::from_millis(100);

fn headless_app(players: MatchSettings) -> App {
    build_app(players, None)
}

/// The game's plugins headless, with a manual 100 ms clock; with `save_dir`, autosave too.
fn build_app(players: MatchSettings, save_dir: Option<&std::path::Path>) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        AssetPlugin::default(),
        TransformPlugin,
        InputPlugin,
    ))
    .init_asset::<Mesh>()
    .init_asset::<StandardMaterial>()
    .insert_resource(TimeUpdateStrategy::ManualDuration(FRAME))
    .insert_resource(CurrentGame(Game::new(players.variant)))
    .add_plugins((game::plugin, reversi::input::plugin))
    .insert_resource(players)
    .insert_resource(GameSettings {
        ai_move_delay: 0.0,
        ..default()
    });
    if let Some(dir) = save_dir {
        app.add_plugins(reversi::autosave::plugin)
            .insert_resource(reversi::autosave::SaveDir(Some(reversi::save::Store::Dir(
                dir.to_path_buf(),
            ))));
    }
    app.finish();
    app.cleanup();
    app.update();
    app
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn rules(app: &App) -> Game {
    app.world().resource::<CurrentGame>().0.clone()
}

fn count<F: bevy::ecs::query::QueryFilter>(app: &mut App) -> usize {
    app.world_mut()
        .query_filtered::<(), F>()
        .iter(app.world())
        .count()
}

fn place(app: &mut App, square: Square) {
    app.world_mut().write_message(PlaceRequested {
        square,
        by: Requester::Human,
    });
}

/// Runs frames until nothing animates (and at least one frame).
fn settle(app: &mut App) {
    for _ in 0..100 {
        app.update();
        if *app.world().resource::<Phase>() != Phase::Animating {
            app.update();
            return;
        }
    }
    panic!("animations never finished");
}

/// Every disc entity shows the rules board's colour, at rest, one per occupied square.
fn assert_discs_match(app: &mut App) {
    let position = rules(app).position();
    let variant = position.variant;
    let size = variant.size();
    let mut seen = Vec::new();
    let mut query = app.world_mut().query::<(&Disc, &Transform)>();
    for (disc, transform) in query.iter(app.world()) {
        assert!(!seen.contains(&disc.square), "two discs on {}", disc.square);
        seen.push(disc.square);
        assert_eq!(
            position.colour_at(disc.square),
            Some(disc.colour),
            "disc on {}",
            disc.square
        );
        let rest = disc_transform(disc.square, size, disc.colour);
        assert!(
            transform.translation.distance(rest.translation) < 1e-4,
            "disc on {} not at rest",
            disc.square
        );
        assert!(
            transform.rotation.angle_between(rest.rotation) < 1e-3,
            "disc on {} not turned",
            disc.square
        );
    }
    seen.sort();
    let mut occupied: Vec<Square> = variant
        .squares_of(position.black() | position.white())
        .collect();
    occupied.sort();
    assert_eq!(seen, occupied, "a disc is missing");
}

/// Frames (with real time passing for the search thread) until `done` or a timeout.
fn run_until(app: &mut App, timeout: Duration, mut done: impl FnMut(&mut App) -> bool) -> bool {
    let deadline = Instant::now() + timeout;
    while Instant::now() < deadline {
        app.update();
        if done(app) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    false
}

/// A game twenty moves in, Black to move: past the opening book, so Expert and Maximum search
/// (from the book they answer at once).
fn out_of_book() -> Game {
    notation::parse_transcript(
        "f5f4c3c6g3c4e3g5g6f3f2g4h3d2d6h4e2f1c1d1",
        Variant::STANDARD,
    )
    .unwrap()
}

/// An app with `players` at [`out_of_book`]'s position.
fn app_out_of_book(players: MatchSettings) -> App {
    let mut app = headless_app(MatchSettings::two_humans());
    app.world_mut()
        .write_message(reversi::game::LoadRequested(out_of_book()));
    settle(&mut app);
    app.insert_resource(players);
    app
}

/// The state of the one AI search in flight (waiting until there is one).
fn search_in_flight(app: &mut App) -> reversi::game::compute::JobState {
    let mut state = None;
    let started = run_until(app, Duration::from_secs(30), |app| {
        let mut searches = app
            .world_mut()
            .query::<&reversi::game::ai_player::AiSearch>();
        state = searches.iter(app.world()).next().map(|s| s.state());
        state.is_some()
    });
    assert!(started, "an AI search started");
    state.unwrap()
}

/// Frames until the job ends; it must end because its owner cancelled it.
fn assert_cancelled(app: &mut App, state: &reversi::game::compute::JobState) {
    assert!(
        run_until(app, Duration::from_secs(120), |_| state.ended()),
        "the search ended"
    );
    assert!(state.cancelled(), "the search was cancelled, not finished");
    // Nothing it could still have sent lands.
    for _ in 0..3 {
        app.update();
    }
}

fn press_key(app: &mut App, key: KeyCode) {
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(KeyboardInput {
            key_code: key,
            logical_key: Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified),
            state,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
        app.update();
    }
}

fn app_with_saves(dir: &std::path::Path) -> App {
    build_app(MatchSettings::two_humans(), Some(dir))
}

/// The game with its screens and menus headless, starting on `screen`; `extra` adds plugins and
/// resources before the app is finished.
fn screens_app(screen: reversi::ui::Screen, extra: impl FnOnce(&mut App)) -> App {
    use reversi::ui::Dialog;
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        AssetPlugin::default(),
        TransformPlugin,
        InputPlugin,
        bevy::state::app::StatesPlugin,
    ))
    .init_asset::<Mesh>()
    .init_asset::<StandardMaterial>()
    .insert_resource(TimeUpdateStrategy::ManualDuration(FRAME))
    .insert_state(screen)
    .init_state::<Dialog>()
    .add_plugins((
        game::plugin,
        reversi::input::plugin,
        reversi::ui::navigation::plugin,
        reversi::ui::main_menu::plugin,
        reversi::ui::game_over::plugin,
    ))
    .insert_resource(MatchSettings::two_humans())
    .insert_resource(GameSettings {
        ai_move_delay: 0.0,
        ..default()
    });
    extra(&mut app);
    app.finish();
    app.cleanup();
    app.update();
    app
}

fn screen(app: &App) -> (reversi::ui::Screen, reversi::ui::Dialog) {
    use reversi::ui::{Dialog, Screen};
    (
        **app.world().resource::<State<Screen>>(),
        **app.world().resource::<State<Dialog>>(),
    )
}

/// Sends `intent`, then runs the frames its state changes take (one to ask, one to switch, one for
/// what follows from the switch).
fn intent(app: &mut App, intent: reversi::input::Intent) {
    app.world_mut().write_message(intent);
    for _ in 0..3 {
        app.update();
    }
}

// "Learn to play": lessons run on the board through the same intents as a game.

/// Moves the board cursor to `target` and places there, as the keyboard or a gamepad would.
fn try_square(app: &mut App, target: &str) {
    use reversi::input::Intent;
    let target = sq(target);
    let at = app.world().resource::<BoardCursor>().square;
    let step = IVec2::new(
        target.file as i32 - at.file as i32,
        target.rank as i32 - at.rank as i32,
    );
    app.world_mut().write_message(Intent::MoveCursor(step));
    app.update();
    app.world_mut().write_message(Intent::PlaceAtCursor);
    settle(app);
}

fn lesson(app: &App) -> reversi::game::lesson::Run {
    app.world()
        .resource::<reversi::game::lesson::LessonRun>()
        .0
        .clone()
        .expect("a lesson runs")
}
