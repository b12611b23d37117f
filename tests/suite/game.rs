//! The Bevy layer, headless (no window, no GPU): messages in, world state out.
#![cfg(feature = "game")]

use crate::common;

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

#[test]
fn the_board_has_64_squares_and_the_four_starting_discs() {
    let mut app = headless_app(MatchSettings::two_humans());
    assert_eq!(count::<With<BoardSquare>>(&mut app), 64);
    assert_eq!(count::<With<Disc>>(&mut app), 4);
    assert_discs_match(&mut app);
}

/// The variants the board tests run on.
const BOARDS: [&str; 6] = ["8x8", "6x6", "7x7", "10x10", "16x16", "8x8 anti"];

#[test]
fn a_legal_placement_spawns_one_disc_and_flips_exactly_the_outflanked_discs() {
    for name in BOARDS {
        let variant: Variant = name.parse().unwrap();
        let mut app = headless_app(MatchSettings::two_humans().on(variant));
        // One felt tile per square of the board.
        assert_eq!(
            count::<With<BoardSquare>>(&mut app),
            variant.squares() as usize
        );
        // Play the greediest moves until some move outflanks at least three discs.
        let greediest = |app: &App| {
            let position = rules(app).position();
            position
                .legal_squares()
                .into_iter()
                .max_by_key(|&c| position.flips(c).count())
                .unwrap()
        };
        loop {
            let most = greediest(&app);
            if rules(&app).position().flips(most).count() >= 3 {
                break;
            }
            place(&mut app, most);
            settle(&mut app);
        }
        let before = rules(&app).position();
        let square = greediest(&app);
        let mut flipped: Vec<Square> = variant.squares_of(before.flips(square)).collect();
        assert!(flipped.len() >= 3);
        place(&mut app, square);
        app.update();
        assert_eq!(
            count::<With<Disc>>(&mut app),
            (before.black() | before.white()).count() as usize + 1,
            "{name}"
        );
        assert_eq!(count::<With<DropAnimation>>(&mut app), 1);
        let mut query = app
            .world_mut()
            .query_filtered::<&Disc, With<FlipAnimation>>();
        let mut animated: Vec<Square> = query.iter(app.world()).map(|d| d.square).collect();
        animated.sort();
        flipped.sort();
        assert_eq!(
            animated, flipped,
            "{name}: exactly the outflanked discs flip"
        );
        assert_eq!(*app.world().resource::<Phase>(), Phase::Animating);
        settle(&mut app);
        assert_eq!(count::<With<FlipAnimation>>(&mut app), 0);
        assert_discs_match(&mut app);
    }
}

#[test]
fn an_illegal_placement_changes_nothing() {
    for name in BOARDS {
        let variant: Variant = name.parse().unwrap();
        let mut app = headless_app(MatchSettings::two_humans().on(variant));
        let before = rules(&app);
        let last = variant.size() as u8 - 1;
        // Corners, a centre disc, a square next to no disc, a square off this board.
        let squares = [
            Square::new(0, 0),
            Square::new(last, last),
            Square::new(last / 2, last / 2),
            Square::new(1, 1),
            Square::new(last + 1, 0),
        ];
        for square in squares {
            place(&mut app, square);
            settle(&mut app);
        }
        assert_eq!(rules(&app), before, "{name}");
        assert_eq!(count::<With<Disc>>(&mut app), 4);
        assert_eq!(count::<With<FlipAnimation>>(&mut app), 0);
        assert_discs_match(&mut app);
    }
}

#[test]
fn a_scripted_game_with_a_forced_pass_reaches_game_over_with_the_right_score() {
    // A seeded random game with a forced pass, played through the ECS.
    let script = game_with_a_pass();
    let mut app = headless_app(MatchSettings::two_humans());
    app.init_resource::<Seen>()
        .add_systems(Last, record_messages);
    for m in script.history() {
        if let Move::Play(square) = m {
            place(&mut app, *square);
            settle(&mut app);
        }
    }
    assert_eq!(rules(&app), script);
    let seen = app.world().resource::<Seen>();
    let passers: Vec<Player> = {
        let mut position = script.start();
        let mut passers = Vec::new();
        for m in script.history() {
            match m {
                Move::Play(s) => position = position.play(*s),
                Move::Pass => {
                    passers.push(position.to_move);
                    position = position.pass();
                }
            }
        }
        passers
    };
    assert_eq!(seen.passes, passers, "each forced pass was announced");
    assert_eq!(seen.ended, vec![script.outcome().unwrap()]);
    assert_eq!(*app.world().resource::<Phase>(), Phase::GameOver);
    assert_discs_match(&mut app);
}

/// What the game announced, in order.
#[derive(Resource, Default)]
struct Seen {
    passes: Vec<Player>,
    ended: Vec<reversi::rules::Outcome>,
}

fn record_messages(
    mut seen: ResMut<Seen>,
    mut passes: MessageReader<Passed>,
    mut ended: MessageReader<GameEnded>,
) {
    seen.passes.extend(passes.read().map(|p| p.player));
    seen.ended.extend(ended.read().map(|e| e.outcome));
}

#[test]
fn a_wipe_out_ends_the_game_early_at_64_to_0() {
    let mut app = headless_app(MatchSettings::two_humans());
    let script = parse_transcript("f5d6c5f4e7f6g5e6e3").unwrap();
    for m in script.history() {
        if let Move::Play(square) = m {
            place(&mut app, *square);
            settle(&mut app);
        }
    }
    assert_eq!(*app.world().resource::<Phase>(), Phase::GameOver);
    let outcome = rules(&app).outcome().unwrap();
    assert_eq!(
        reversi::ui::words::outcome(
            &reversi::i18n::Texts::new(reversi::i18n::Language::English),
            &outcome,
            Variant::STANDARD
        ),
        "Black wins 64–0"
    );
    assert_discs_match(&mut app);
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

#[test]
fn an_ai_move_arrives_through_the_task() {
    let mut app = headless_app(MatchSettings::human_vs_ai(Player::White, Level::Novice));
    let arrived = run_until(&mut app, Duration::from_secs(20), |app| {
        rules(app).history().len() == 1
    });
    assert!(arrived, "the AI (black) played its first move");
    settle(&mut app);
    assert_eq!(*app.world().resource::<Phase>(), Phase::WaitingForHuman);
    assert_discs_match(&mut app);
}

#[test]
fn a_result_requested_before_a_new_game_is_discarded() {
    let mut app = headless_app(MatchSettings::ai_vs_ai(Level::Maximum, Level::Maximum));
    // Let the search start, then start a new game for two humans.
    let search = search_in_flight(&mut app);
    let old_generation = app.world().resource::<Generation>().0;
    app.world_mut()
        .write_message(NewGameRequested(MatchSettings::two_humans()));
    assert_cancelled(&mut app, &search);
    assert_eq!(
        rules(&app),
        Game::new(Variant::STANDARD),
        "no AI move landed in the new game"
    );
    assert_eq!(
        count::<With<reversi::game::ai_player::AiSearch>>(&mut app),
        0
    );
    // A late result tagged with the old generation is dropped even when it arrives.
    app.world_mut()
        .insert_resource(MatchSettings::ai_vs_ai(Level::Beginner, Level::Beginner));
    app.world_mut().write_message(PlaceRequested {
        square: sq("f5"),
        by: Requester::Ai {
            generation: old_generation,
        },
    });
    app.update();
    assert!(rules(&app).history().is_empty());
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

#[test]
fn keyboard_moves_the_cursor_and_places_a_disc() {
    let mut app = headless_app(MatchSettings::two_humans());
    // The cursor starts on d3 (a legal first move); move it to e3, to f3, down to f4, left twice to d4… then to f5.
    assert_eq!(app.world().resource::<BoardCursor>().square, sq("d3"));
    press_key(&mut app, KeyCode::ArrowRight);
    press_key(&mut app, KeyCode::KeyD);
    assert_eq!(app.world().resource::<BoardCursor>().square, sq("f3"));
    press_key(&mut app, KeyCode::ArrowDown);
    press_key(&mut app, KeyCode::KeyS);
    assert_eq!(app.world().resource::<BoardCursor>().square, sq("f5"));
    press_key(&mut app, KeyCode::Enter);
    settle(&mut app);
    assert_eq!(rules(&app).history(), [Move::Play(sq("f5"))]);
    assert_discs_match(&mut app);
    // Two presses within one (slow) frame are two steps.
    for _ in 0..2 {
        for state in [ButtonState::Pressed, ButtonState::Released] {
            app.world_mut().write_message(KeyboardInput {
                key_code: KeyCode::ArrowLeft,
                logical_key: Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified),
                state,
                text: None,
                repeat: false,
                window: Entity::PLACEHOLDER,
            });
        }
    }
    app.update();
    assert_eq!(app.world().resource::<BoardCursor>().square, sq("d5"));
}

fn press_button(app: &mut App, pad: Entity, button: GamepadButton) {
    for value in [1.0, 0.0] {
        app.world_mut()
            .write_message(RawGamepadEvent::Button(RawGamepadButtonChangedEvent::new(
                pad, button, value,
            )));
        app.update();
    }
}

#[test]
fn gamepad_moves_the_cursor_and_places_a_disc_and_may_come_and_go() {
    let mut app = headless_app(MatchSettings::two_humans());
    let connect = |app: &mut App| {
        let pad = app.world_mut().spawn_empty().id();
        app.world_mut().write_message(GamepadConnectionEvent::new(
            pad,
            GamepadConnection::Connected {
                name: "Test pad".into(),
                vendor_id: None,
                product_id: None,
            },
        ));
        app.update();
        pad
    };
    let pad = connect(&mut app);
    press_button(&mut app, pad, GamepadButton::DPadLeft);
    press_button(&mut app, pad, GamepadButton::DPadDown);
    assert_eq!(app.world().resource::<BoardCursor>().square, sq("c4"));
    press_button(&mut app, pad, GamepadButton::South);
    settle(&mut app);
    assert_eq!(rules(&app).history(), [Move::Play(sq("c4"))]);
    // Unplug mid-game, plug a new pad in: it works the same.
    app.world_mut().write_message(GamepadConnectionEvent::new(
        pad,
        GamepadConnection::Disconnected,
    ));
    app.update();
    let pad = connect(&mut app);
    press_button(&mut app, pad, GamepadButton::DPadLeft);
    assert_eq!(app.world().resource::<BoardCursor>().square, sq("b4"));
    press_button(&mut app, pad, GamepadButton::DPadUp);
    press_button(&mut app, pad, GamepadButton::DPadRight);
    assert_eq!(app.world().resource::<BoardCursor>().square, sq("c3"));
    press_button(&mut app, pad, GamepadButton::South);
    settle(&mut app);
    assert_eq!(
        rules(&app).history(),
        [Move::Play(sq("c4")), Move::Play(sq("c3"))]
    );
    assert_discs_match(&mut app);
    // North turns the hints on and off.
    let hints = |app: &App| app.world().resource::<GameSettings>().show_hints;
    assert!(!hints(&app));
    press_button(&mut app, pad, GamepadButton::North);
    assert!(hints(&app));
    press_button(&mut app, pad, GamepadButton::North);
    assert!(!hints(&app));
}

#[test]
fn three_ai_vs_ai_games_leave_no_entities_behind() {
    let mut app = headless_app(MatchSettings::ai_vs_ai(Level::Beginner, Level::Novice));
    // Entities besides the discs (each a parent and its two halves), two frames into each game
    // and at its end; the discs themselves are checked against the board by `assert_discs_match`.
    let others = |app: &mut App| {
        let position = rules(app).position();
        let discs = (position.black() | position.white()).count() as usize;
        count::<Without<IsResource>>(app) - 3 * discs
    };
    let (mut at_start, mut at_end) = (Vec::new(), Vec::new());
    for _ in 0..3 {
        app.world_mut()
            .write_message(NewGameRequested(MatchSettings::ai_vs_ai(
                Level::Beginner,
                Level::Novice,
            )));
        app.update();
        app.update();
        assert_discs_match(&mut app);
        at_start.push(others(&mut app));
        let finished = run_until(&mut app, Duration::from_secs(120), |app| {
            *app.world().resource::<Phase>() == Phase::GameOver
        });
        assert!(finished, "the game ended");
        settle(&mut app);
        assert_discs_match(&mut app);
        at_end.push(others(&mut app));
    }
    assert!(at_start.iter().all(|&c| c == at_start[0]), "{at_start:?}");
    assert!(at_end.iter().all(|&c| c == at_end[0]), "{at_end:?}");
    // At the end no search or animation of the game is left over.
    assert!(at_end[0] <= at_start[0], "{at_start:?} {at_end:?}");
}

#[test]
fn games_on_boards_of_other_sizes_rebuild_the_board_and_leave_nothing_behind() {
    let mut app = headless_app(MatchSettings::two_humans());
    // Entities besides the discs and the tiles, and the tiles, at each game's start.
    let counts = |app: &mut App| {
        let position = rules(app).position();
        let discs = (position.black() | position.white()).count() as usize;
        let tiles = count::<With<BoardSquare>>(app);
        (count::<Without<IsResource>>(app) - 3 * discs - tiles, tiles)
    };
    let mut others = Vec::new();
    for size in [8, 10, 6, 8, 10, 6, 7, 16, 8] {
        let variant = Variant::new(size, Default::default(), Default::default()).unwrap();
        app.world_mut()
            .write_message(NewGameRequested(MatchSettings::two_humans().on(variant)));
        app.update();
        app.update();
        assert_eq!(rules(&app).variant(), variant);
        assert_discs_match(&mut app);
        let (rest, tiles) = counts(&mut app);
        assert_eq!(tiles, (size * size) as usize, "{size}×{size} tiles");
        // A few moves, so discs and markers come and go.
        for _ in 0..3 {
            let square = rules(&app).position().legal_squares()[0];
            place(&mut app, square);
            settle(&mut app);
        }
        assert_discs_match(&mut app);
        others.push(rest);
    }
    assert!(others.iter().all(|&c| c == others[0]), "{others:?}");
}

#[test]
fn ai_vs_ai_games_on_10x10_and_8x8_anti_end_with_the_rules_outcome() {
    for name in ["10x10", "8x8 anti", "6x6 classic"] {
        let variant: Variant = name.parse().unwrap();
        let players = MatchSettings::ai_vs_ai(Level::Beginner, Level::Novice).on(variant);
        let mut app = headless_app(players);
        app.init_resource::<Seen>()
            .add_systems(Last, record_messages);
        let finished = run_until(&mut app, Duration::from_secs(300), |app| {
            *app.world().resource::<Phase>() == Phase::GameOver
        });
        assert!(finished, "{name}: the game ended");
        settle(&mut app);
        let game = rules(&app);
        assert_eq!(game.variant(), variant);
        assert!(game.is_over());
        // Replaying the moves by the rules gives the same game, and the outcome announced.
        let mut replay = Game::new(variant);
        for m in game.history() {
            if let Move::Play(cell) = m {
                replay.play(*cell).unwrap();
            }
        }
        assert_eq!(replay, game, "{name}");
        let seen = app.world().resource::<Seen>();
        assert_eq!(seen.ended, vec![replay.outcome().unwrap()], "{name}");
        assert_discs_match(&mut app);
    }
}

#[test]
fn the_classic_opening_places_four_discs_in_the_centre_through_input() {
    let variant: Variant = "8x8 classic".parse().unwrap();
    let mut app = headless_app(MatchSettings::two_humans().on(variant));
    assert_eq!(count::<With<Disc>>(&mut app), 0, "the board starts empty");
    // A square outside the centre is refused during the placements.
    place(&mut app, sq("c3"));
    settle(&mut app);
    assert!(rules(&app).history().is_empty());
    // Keyboard: the cursor starts on d3; up one row is d4, a centre square.
    press_key(&mut app, KeyCode::ArrowDown);
    press_key(&mut app, KeyCode::Enter);
    settle(&mut app);
    assert_eq!(rules(&app).history(), [Move::Play(sq("d4"))]);
    for (i, square) in ["e4", "e5", "d5"].into_iter().enumerate() {
        place(&mut app, sq(square));
        app.update();
        assert_eq!(
            count::<With<DropAnimation>>(&mut app),
            1,
            "{square} drops in"
        );
        assert_eq!(
            count::<With<FlipAnimation>>(&mut app),
            0,
            "placements flip nothing"
        );
        assert_eq!(count::<With<Disc>>(&mut app), i + 2);
        settle(&mut app);
    }
    let game = rules(&app);
    assert_eq!(game.history().len(), 4);
    assert!(!game.position().placing());
    assert_discs_match(&mut app);
    // Then an ordinary move, which flips.
    let square = game.position().legal_squares()[0];
    place(&mut app, square);
    app.update();
    assert!(count::<With<FlipAnimation>>(&mut app) > 0);
    settle(&mut app);
    assert_eq!(count::<With<Disc>>(&mut app), 5);
    assert_discs_match(&mut app);
}

#[test]
fn a_new_theme_recolours_the_board_discs_and_markers_at_once() {
    use reversi::game::theme::{Theme, ThemedMaterials, Tint};
    let mut app = headless_app(MatchSettings::two_humans());
    place(&mut app, sq("f5"));
    settle(&mut app);
    for theme in [
        Theme::HighContrast,
        Theme::Wood,
        Theme::Dark,
        Theme::Classic,
    ] {
        app.world_mut().resource_mut::<GameSettings>().theme = theme;
        app.update();
        let palette = theme.palette();
        assert_eq!(app.world().resource::<ClearColor>().0, palette.background);
        let themed = &app.world().resource::<ThemedMaterials>().0;
        let materials = app.world().resource::<Assets<StandardMaterial>>();
        let mut tints: Vec<Tint> = Vec::new();
        for (handle, tint) in themed {
            let material = materials.get(handle).expect("a live material");
            assert_eq!(
                material.base_color,
                tint.colour(&palette),
                "{theme}: {tint:?}"
            );
            tints.push(*tint);
        }
        for tint in [
            Tint::Frame,
            Tint::Grid,
            Tint::Felt,
            Tint::Cursor,
            Tint::Illegal,
            Tint::Legal,
            Tint::Accent,
            Tint::Black,
            Tint::White,
        ] {
            assert!(tints.contains(&tint), "{theme}: no {tint:?} material");
        }
        // What the discs are drawn with: the theme's black and white.
        let mut faces = app
            .world_mut()
            .query_filtered::<&MeshMaterial3d<StandardMaterial>, With<ChildOf>>();
        let colours: Vec<Color> = faces
            .iter(app.world())
            .filter_map(|m| app.world().resource::<Assets<StandardMaterial>>().get(&m.0))
            .map(|m| m.base_color)
            .collect();
        assert!(colours.contains(&palette.black) && colours.contains(&palette.white));
    }
}

#[test]
fn the_cursor_is_outlined_and_the_last_move_ringed() {
    use reversi::game::markers::{CursorOutline, LastMoveMarker};
    let mut app = headless_app(MatchSettings::two_humans());
    let outline_shown = |app: &mut App| {
        let mut query = app
            .world_mut()
            .query_filtered::<&Visibility, With<CursorOutline>>();
        *query.single(app.world()).unwrap() != Visibility::Hidden
    };
    assert!(!outline_shown(&mut app), "hidden until used");
    press_key(&mut app, KeyCode::ArrowRight);
    assert!(outline_shown(&mut app));
    let mut query = app
        .world_mut()
        .query_filtered::<&Transform, With<CursorOutline>>();
    let at = query.single(app.world()).unwrap().translation;
    let e3 = reversi::game::board::square_centre(sq("e3"), 8);
    assert!(
        (at.x - e3.x).abs() < 1e-4 && (at.z - e3.z).abs() < 1e-4,
        "{at}"
    );
    // Back to d3, a legal first move, and place there.
    press_key(&mut app, KeyCode::ArrowLeft);
    press_key(&mut app, KeyCode::Enter);
    settle(&mut app);
    assert_eq!(rules(&app).history(), [Move::Play(sq("d3"))]);
    let d3 = reversi::game::board::square_centre(sq("d3"), 8);
    let mut ring = app
        .world_mut()
        .query_filtered::<(&Transform, &Visibility), With<LastMoveMarker>>();
    let (transform, visibility) = ring.single(app.world()).unwrap();
    assert_ne!(*visibility, Visibility::Hidden);
    // Lying flat on the disc at d3.
    assert!((transform.translation.x - d3.x).abs() < 1e-4);
    assert!((transform.translation.z - d3.z).abs() < 1e-4);
    assert!((transform.rotation * Vec3::Z).dot(Vec3::Y) > 0.99);
}

#[test]
fn a_new_game_mid_animation_snaps_the_discs_to_the_start() {
    let mut app = headless_app(MatchSettings::two_humans());
    place(&mut app, sq("f5"));
    app.update();
    assert!(count::<With<FlipAnimation>>(&mut app) > 0);
    app.world_mut()
        .write_message(NewGameRequested(MatchSettings::two_humans()));
    app.update();
    app.update();
    assert_eq!(
        count::<With<FlipAnimation>>(&mut app) + count::<With<DropAnimation>>(&mut app),
        0
    );
    assert_discs_match(&mut app);
}

fn game_with_a_pass() -> Game {
    let mut random = RandomPlay::new(1);
    loop {
        let mut game = Game::new(Variant::STANDARD);
        while !game.is_over() {
            random.play(&mut game);
        }
        if game.history().contains(&Move::Pass) {
            return game;
        }
    }
}

#[test]
fn undo_and_redo_walk_a_game_across_passes_and_the_discs_follow() {
    let script = game_with_a_pass();
    let mut app = headless_app(MatchSettings::two_humans());
    for m in script.history() {
        if let Move::Play(square) = m {
            place(&mut app, *square);
            settle(&mut app);
        }
    }
    // The same walk on the rules alone is the reference.
    let mut reference = script.clone();
    let mut steps = 0;
    while reference.undo().is_some() {
        app.world_mut().write_message(reversi::game::UndoRequested);
        settle(&mut app);
        assert_eq!(
            rules(&app).position(),
            reference.position(),
            "after {} undos",
            steps + 1
        );
        assert_eq!(rules(&app).history(), reference.history());
        assert_discs_match(&mut app);
        steps += 1;
    }
    assert_eq!(
        rules(&app).position(),
        Game::new(Variant::STANDARD).position()
    );
    while reference.redo().is_some() {
        app.world_mut().write_message(reversi::game::RedoRequested);
        settle(&mut app);
        assert_eq!(rules(&app).history(), reference.history());
        assert_discs_match(&mut app);
    }
    assert_eq!(rules(&app).position(), script.position());
    assert_eq!(*app.world().resource::<Phase>(), Phase::GameOver);
}

#[test]
fn against_the_ai_one_undo_takes_back_the_human_move_and_the_reply() {
    let mut app = headless_app(MatchSettings::human_vs_ai(Player::Black, Level::Novice));
    place(&mut app, sq("f5"));
    assert!(run_until(&mut app, Duration::from_secs(20), |app| rules(
        app
    )
    .history()
    .len()
        == 2));
    settle(&mut app);
    let after_reply = rules(&app);
    app.world_mut().write_message(reversi::game::UndoRequested);
    settle(&mut app);
    assert!(rules(&app).history().is_empty());
    assert_eq!(rules(&app).to_move(), Player::Black);
    assert_discs_match(&mut app);
    app.world_mut().write_message(reversi::game::RedoRequested);
    settle(&mut app);
    assert_eq!(rules(&app).history(), after_reply.history());
    assert_eq!(*app.world().resource::<Phase>(), Phase::WaitingForHuman);
    assert_discs_match(&mut app);
}

#[test]
fn undo_while_the_ai_thinks_cancels_its_search() {
    let mut app = headless_app(MatchSettings::human_vs_ai(Player::Black, Level::Maximum));
    place(&mut app, sq("f5"));
    let search = search_in_flight(&mut app);
    app.world_mut().write_message(reversi::game::UndoRequested);
    settle(&mut app);
    assert_cancelled(&mut app, &search);
    assert!(
        rules(&app).history().is_empty(),
        "the search's move never lands"
    );
    assert_eq!(
        count::<With<reversi::game::ai_player::AiSearch>>(&mut app),
        0
    );
    assert_eq!(*app.world().resource::<Phase>(), Phase::WaitingForHuman);
    assert_discs_match(&mut app);
}

fn app_with_saves(dir: &std::path::Path) -> App {
    build_app(MatchSettings::two_humans(), Some(dir))
}

#[test]
fn a_game_is_saved_and_restored_after_a_restart() {
    let dir = std::env::temp_dir().join(format!("reversi-autosave-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut app = app_with_saves(&dir);
    for m in ["f5", "d6", "c3", "d3", "c4"] {
        place(&mut app, sq(m));
        settle(&mut app);
    }
    app.world_mut().write_message(reversi::game::UndoRequested);
    settle(&mut app);
    {
        let mut settings = app.world_mut().resource_mut::<GameSettings>();
        settings.volume = 0.3;
        settings.theme = reversi::game::theme::Theme::Wood;
        settings.text_scale = 1.5;
    }
    for _ in 0..10 {
        app.update();
    }
    let played = rules(&app);
    drop(app);
    let mut restarted = app_with_saves(&dir);
    settle(&mut restarted);
    let settings = *restarted.world().resource::<GameSettings>();
    assert_eq!(settings.theme, reversi::game::theme::Theme::Wood);
    assert_eq!(settings.text_scale, 1.5);
    assert_eq!(
        rules(&restarted),
        played,
        "the same game, redo move included"
    );
    assert_eq!(restarted.world().resource::<GameSettings>().volume, 0.3);
    assert_eq!(
        *restarted.world().resource::<MatchSettings>(),
        MatchSettings::two_humans()
    );
    assert_discs_match(&mut restarted);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_10x10_game_with_redo_moves_is_saved_and_resumed_after_a_restart() {
    let dir = std::env::temp_dir().join(format!("reversi-autosave-10-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let ten: Variant = "10x10".parse().unwrap();
    let mut app = app_with_saves(&dir);
    app.world_mut()
        .write_message(NewGameRequested(MatchSettings::two_humans().on(ten)));
    settle(&mut app);
    for _ in 0..8 {
        let square = rules(&app).position().legal_squares()[1];
        place(&mut app, square);
        settle(&mut app);
    }
    for _ in 0..3 {
        app.world_mut().write_message(reversi::game::UndoRequested);
        settle(&mut app);
    }
    for _ in 0..10 {
        app.update();
    }
    let played = rules(&app);
    assert_eq!((played.history().len(), played.redo_stack().len()), (5, 3));
    drop(app);
    let mut restarted = app_with_saves(&dir);
    settle(&mut restarted);
    assert_eq!(
        rules(&restarted),
        played,
        "the same 10×10 game, redo moves included"
    );
    assert_eq!(restarted.world().resource::<MatchSettings>().variant, ten);
    assert_eq!(count::<With<BoardSquare>>(&mut restarted), 100);
    assert_discs_match(&mut restarted);
    // The redo moves play on.
    restarted
        .world_mut()
        .write_message(reversi::game::RedoRequested);
    settle(&mut restarted);
    assert_eq!(rules(&restarted).history().len(), 6);
    assert_discs_match(&mut restarted);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_pasted_6x6_record_switches_the_board_and_a_bad_paste_changes_nothing() {
    use reversi::ui::record::problem_text;
    let en = reversi::i18n::Texts::new(reversi::i18n::Language::English);
    let read_paste = |text: &str, current: &Game| {
        reversi::ui::record::read_paste(text, current).map_err(|p| problem_text(&en, &p))
    };
    let mut app = headless_app(MatchSettings::two_humans());
    place(&mut app, sq("f5"));
    settle(&mut app);
    let before = rules(&app);
    // A GGF record of a 6×6 game switches the game to 6×6.
    let six = "(;GM[Othello]PC[test]TY[6]BO[6 --------------O*----*O-------------- *]B[b3]W[b2];)";
    let loaded = read_paste(six, &before).unwrap();
    assert_eq!(loaded.variant(), "6x6".parse().unwrap());
    app.world_mut()
        .write_message(reversi::game::LoadRequested(loaded.clone()));
    settle(&mut app);
    assert_eq!(rules(&app), loaded);
    assert_eq!(count::<With<BoardSquare>>(&mut app), 36);
    assert_eq!(count::<With<Disc>>(&mut app), 6);
    assert_discs_match(&mut app);
    // A transcript is read on the board in play (two-digit ranks need a bigger one).
    let on_six = read_paste("b3b2", &loaded).unwrap();
    assert_eq!(on_six, loaded);
    assert!(
        read_paste("a10", &loaded)
            .unwrap_err()
            .contains("unchanged")
    );
    // Bad pastes say what is wrong and load nothing.
    for bad in ["f5d6z9", "(;GM[Othello]TY[9];)", "------ X"] {
        let why = read_paste(bad, &loaded).unwrap_err();
        assert!(why.starts_with("Could not read it: "), "{bad:?}: {why}");
    }
    assert!(
        read_paste(" \n", &loaded)
            .unwrap_err()
            .starts_with("Nothing to load")
    );
    assert_eq!(rules(&app), loaded);
}

/// A game showing `game`, with hints on until they are all exact, and the hints.
fn exact_hints(game: &Game) -> (App, reversi::game::hints::Hints) {
    let mut app = headless_app(MatchSettings::two_humans());
    app.world_mut()
        .write_message(reversi::game::LoadRequested(game.clone()));
    app.world_mut().resource_mut::<GameSettings>().show_hints = true;
    let solved = run_until(&mut app, Duration::from_secs(60), |app| {
        let hints = app.world().resource::<reversi::game::hints::Hints>();
        !hints.scores.is_empty() && hints.scores.iter().all(|m| m.exact)
    });
    assert!(solved, "the hints reached exact scores");
    let hints = app
        .world()
        .resource::<reversi::game::hints::Hints>()
        .clone();
    (app, hints)
}

#[test]
fn hints_on_6x6_equal_the_generic_solvers_scores() {
    let six: Variant = "6x6".parse().unwrap();
    let mut game = Game::new(six);
    let mut random = RandomPlay::new(5);
    while game.position().empties() > 10 {
        random.play(&mut game);
    }
    assert!(!game.is_over());
    let (_, hints) = exact_hints(&game);
    let position = game.position();
    assert_eq!(hints.scores.len(), position.legal_squares().len());
    for hint in &hints.scores {
        let child = position.play(hint.cell);
        let (score, _, _) = reversi::ai::variant::solve(
            &child,
            std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false)),
        )
        .unwrap();
        assert_eq!(hint.score, -score * 100, "hint on {}", hint.cell);
    }
}

#[test]
fn a_corrupt_save_is_moved_aside_with_a_message_and_a_new_game_starts() {
    let dir = std::env::temp_dir().join(format!("reversi-corrupt-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join(reversi::save::FILE_NAME),
        "reversi-save 1\ngame (;GM[Othello]B[a1];)\n",
    )
    .unwrap();
    let mut app = app_with_saves(&dir);
    app.update();
    let notice = save_notice(&app).expect("a message");
    assert!(notice.contains("could not be restored"), "{notice}");
    assert_eq!(rules(&app), Game::new(Variant::STANDARD));
    let kept = std::fs::read_dir(&dir).unwrap().filter(|e| {
        e.as_ref()
            .unwrap()
            .file_name()
            .to_string_lossy()
            .starts_with("save.bad-")
    });
    assert_eq!(kept.count(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The notice about the saved game, in English.
fn save_notice(app: &App) -> Option<String> {
    let texts = reversi::i18n::Texts::new(reversi::i18n::Language::English);
    let notice = app.world().resource::<reversi::autosave::SaveNotice>();
    notice
        .0
        .as_ref()
        .map(|problem| reversi::ui::save_notice::notice_text(&texts, problem))
}

#[test]
fn a_save_that_cannot_be_written_is_told_to_the_player() {
    // The save folder's parent is a file: the folder cannot be created, whoever runs the test.
    let file = std::env::temp_dir().join(format!("reversi-unwritable-{}", std::process::id()));
    std::fs::write(&file, "a file").unwrap();
    let mut app = app_with_saves(&file.join("reversi"));
    place(&mut app, sq("f5"));
    for _ in 0..10 {
        app.update();
    }
    let notice = save_notice(&app).expect("a message");
    assert!(notice.contains("could not be saved"), "{notice}");
    // The game goes on.
    assert_eq!(rules(&app).history().len(), 1);
    std::fs::remove_file(&file).unwrap();
}

#[test]
fn a_damaged_save_that_cannot_be_moved_aside_turns_saving_off() {
    // A folder name longer than any file system allows: reading the save fails with an error
    // other than "not found", and nothing can be created beside it.
    let dir = std::env::temp_dir().join("x".repeat(300));
    let mut app = app_with_saves(&dir);
    app.update();
    let notice = save_notice(&app).expect("a message");
    assert!(notice.contains("will not be saved"), "{notice}");
    assert!(
        app.world()
            .resource::<reversi::autosave::SaveDir>()
            .0
            .is_none()
    );
    place(&mut app, sq("f5"));
    for _ in 0..10 {
        app.update();
    }
    assert!(
        save_notice(&app).unwrap().contains("will not be saved"),
        "no write was tried"
    );
}

#[test]
fn a_loaded_game_replaces_the_board_and_stale_searches() {
    // The AI (black) is thinking about its first move when a game is loaded.
    let mut app = headless_app(MatchSettings::human_vs_ai(Player::White, Level::Maximum));
    let search = search_in_flight(&mut app);
    let generation = app.world().resource::<Generation>().0;
    let loaded = notation::parse_any(
        "(;GM[Othello]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[c4]W[e3]B[f6];)",
        Variant::STANDARD,
    )
    .unwrap();
    app.world_mut()
        .write_message(reversi::game::LoadRequested(loaded.clone()));
    settle(&mut app);
    assert_cancelled(&mut app, &search);
    // White (the human) is to move in the loaded game: the old search's move never landed.
    assert_eq!(rules(&app), loaded);
    assert!(app.world().resource::<Generation>().0 > generation);
    assert_eq!(
        count::<With<reversi::game::ai_player::AiSearch>>(&mut app),
        0
    );
    assert_discs_match(&mut app);
}

#[test]
fn hints_for_a_solved_position_equal_the_solvers_scores() {
    // A late position reached by seeded random play (12 empties, a human to move).
    let mut game = Game::new(Variant::STANDARD);
    let mut random = RandomPlay::new(99);
    while game.position().empties() > 12 {
        random.play(&mut game);
    }
    assert!(!game.is_over());
    let (mut app, hints) = exact_hints(&game);
    let board = game.position().to_board().unwrap();
    assert_eq!(
        hints.scores.len(),
        board.legal_moves().count_ones() as usize,
        "one hint per legal move"
    );
    for hint in &hints.scores {
        let child = board.play(hint.cell.sq().unwrap());
        let mut solver = reversi::ai::endgame::Solver::new(
            reversi::ai::tt::TranspositionTable::new(16),
            std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false)),
        );
        let exact = -solver
            .solve(child.player, child.opponent, -64, 64)
            .unwrap()
            .0;
        assert_eq!(hint.score, exact * 100, "hint on {}", hint.cell);
    }
    // Hints go away when switched off.
    app.world_mut().resource_mut::<GameSettings>().show_hints = false;
    app.update();
    app.update();
    assert!(
        app.world()
            .resource::<reversi::game::hints::Hints>()
            .scores
            .is_empty()
    );
}

#[test]
fn a_player_whose_clock_runs_out_loses_and_the_game_stops() {
    use reversi::game::clock::Clocks;
    let mut app = headless_app(MatchSettings::two_humans());
    let timed = MatchSettings::two_humans().with_clock(Some(Duration::from_secs(2)));
    app.world_mut().write_message(NewGameRequested(timed));
    app.update();
    assert_eq!(
        app.world().resource::<Clocks>().limit,
        Some(Duration::from_secs(2))
    );
    // Black moves at once: only black's clock ran, and it stops while white thinks.
    place(&mut app, sq("f5"));
    settle(&mut app);
    let black_left = app.world().resource::<Clocks>().black;
    assert!(
        black_left < Duration::from_secs(2) && black_left > Duration::from_secs(1),
        "{black_left:?}"
    );
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(
        app.world().resource::<Clocks>().black,
        black_left,
        "black's clock stopped"
    );
    // White never moves: after two seconds white has lost on time.
    for _ in 0..20 {
        app.update();
    }
    let clocks = *app.world().resource::<Clocks>();
    assert_eq!(clocks.flagged, Some(Player::White));
    assert_eq!(clocks.white, Duration::ZERO);
    assert_eq!(*app.world().resource::<Phase>(), Phase::GameOver);
    // No move is taken after the flag falls.
    let before = rules(&app);
    place(&mut app, sq("d6"));
    settle(&mut app);
    assert_eq!(rules(&app), before);
    // A new game starts with full clocks again.
    app.world_mut().write_message(NewGameRequested(timed));
    app.update();
    assert_eq!(
        *app.world().resource::<Clocks>(),
        Clocks::new(Some(Duration::from_secs(2)))
    );
}

#[test]
fn a_timed_game_resumes_with_the_clocks_it_was_saved_with() {
    use reversi::game::clock::Clocks;
    let dir = std::env::temp_dir().join(format!("reversi-clock-save-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut app = app_with_saves(&dir);
    let timed = MatchSettings::two_humans().with_clock(Some(Duration::from_secs(60)));
    app.world_mut().write_message(NewGameRequested(timed));
    app.update();
    place(&mut app, sq("f5"));
    settle(&mut app);
    for _ in 0..25 {
        app.update();
    }
    let clocks = *app.world().resource::<Clocks>();
    assert!(clocks.white < Duration::from_secs(58));
    drop(app);
    let mut restarted = app_with_saves(&dir);
    restarted.update();
    let restored = *restarted.world().resource::<Clocks>();
    assert_eq!(restored.limit, clocks.limit);
    assert_eq!(restored.black, clocks.black);
    // While a clock runs the save is refreshed every two seconds: at most that much is lost.
    assert!(
        restored.white >= clocks.white && restored.white <= clocks.white + Duration::from_secs(2)
    );
    assert_eq!(*restarted.world().resource::<MatchSettings>(), timed);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn analysing_a_game_reviews_every_move_and_jumping_keeps_the_analysis() {
    use reversi::game::analysis::{AnalyseRequested, Analysis};
    let mut app = headless_app(MatchSettings::two_humans());
    let game = parse_transcript("f5d6c3d3c4f4f6f3e6e7").unwrap();
    app.world_mut()
        .write_message(reversi::game::LoadRequested(game.clone()));
    app.update();
    app.world_mut().write_message(AnalyseRequested);
    let done = run_until(&mut app, Duration::from_secs(60), |app| {
        let analysis = app.world().resource::<Analysis>();
        !analysis.running && analysis.reviews.len() == 10
    });
    assert!(done, "all ten moves reviewed");
    let reviews = app.world().resource::<Analysis>().reviews.clone();
    assert!(reviews.iter().all(|r| r.loss >= 0));
    assert_eq!(
        reviews.iter().map(|r| r.index).collect::<Vec<_>>(),
        (0..10).collect::<Vec<_>>()
    );
    // Jump back to the position after three moves: the analysis of the whole line stays.
    app.world_mut()
        .write_message(reversi::game::JumpRequested { plays: 3 });
    settle(&mut app);
    assert_eq!(rules(&app).history().len(), 3);
    assert_eq!(rules(&app).redo_stack().len(), 7);
    assert_eq!(app.world().resource::<Analysis>().reviews.len(), 10);
    assert_discs_match(&mut app);
    // Playing a different move makes it a different game: the analysis is dropped.
    let other = rules(&app)
        .position()
        .legal_squares()
        .into_iter()
        .find(|&s| s != sq("d3"))
        .unwrap();
    place(&mut app, other);
    settle(&mut app);
    assert!(app.world().resource::<Analysis>().reviews.is_empty());
}

#[test]
fn the_board_editor_refuses_positions_that_cannot_be_played() {
    use reversi::rules::bits::SquareSet;
    use reversi::ui::editor::{Editor, EditorProblem};
    let mut editor = Editor::default();
    assert_eq!(editor.to_game().unwrap(), Game::new(Variant::STANDARD));
    editor.black = SquareSet::EMPTY;
    editor.white = SquareSet::EMPTY;
    assert_eq!(editor.to_game().unwrap_err(), EditorProblem::EmptyBoard);
    // Ranks 1–7 black, a8–d8 white: nobody can move.
    editor.black = SquareSet([0x00FF_FFFF_FFFF_FFFF, 0, 0, 0]);
    editor.white = SquareSet([0x0F00_0000_0000_0000, 0, 0, 0]);
    assert_eq!(editor.to_game().unwrap_err(), EditorProblem::GameOver);
    // White to move without a move: the pass is made at once and black moves.
    editor.black = SquareSet([0xFC, 0, 0, 0]); // c1–h1
    editor.white = SquareSet::EMPTY;
    editor.paint_with(sq("b1"), reversi::ui::editor::Brush::White);
    editor.to_move = Player::White;
    let game = editor.to_game().unwrap();
    assert_eq!(game.history(), [Move::Pass]);
    assert_eq!(game.to_move(), Player::Black);
    // On 10×10: painting works by the board's own squares, and j10 is on it.
    let ten: Variant = "10x10".parse().unwrap();
    let mut editor = Editor::from_position(&reversi::rules::Position::start(ten));
    editor.paint_with(sq("j10"), reversi::ui::editor::Brush::Black);
    editor.paint_with(sq("k1"), reversi::ui::editor::Brush::Black);
    let game = editor.to_game().unwrap();
    assert_eq!(game.variant(), ten);
    assert_eq!(game.position().colour_at(sq("j10")), Some(Player::Black));
    assert_eq!(game.counts().black, 3, "k1 is off a 10×10 board");
}

#[test]
fn a_link_to_the_browser_build_names_its_game() {
    use reversi::game::Controller;
    let m = MatchSettings::from_query("?black=human&white=Maximum&clock=5").unwrap();
    assert_eq!(m.black, Controller::Human);
    assert_eq!(m.white, Controller::Ai(Level::Maximum));
    assert_eq!(m.clock, Some(std::time::Duration::from_secs(300)));
    let m = MatchSettings::from_query("white=expert&black=novice&from=mail").unwrap();
    assert_eq!(
        (m.black, m.white, m.clock),
        (
            Controller::Ai(Level::Novice),
            Controller::Ai(Level::Expert),
            None
        )
    );
    assert_eq!(
        m.variant,
        Variant::STANDARD,
        "no size or rules: standard 8×8"
    );
    // The board and rules.
    let m = MatchSettings::from_query("?size=10&rules=anti&black=human&white=expert").unwrap();
    assert_eq!(m.variant, "10x10 anti".parse().unwrap());
    let m = MatchSettings::from_query("?black=human&white=expert&rules=classic").unwrap();
    assert_eq!(m.variant, "8x8 classic".parse().unwrap());
    let m = MatchSettings::from_query("?black=human&white=expert&size=7").unwrap();
    assert_eq!(m.variant, "7x7".parse().unwrap());
    for bad in [
        "?black=human&white=expert&size=9",
        "?black=human&white=expert&size=ten",
        "?black=human&white=expert&rules=chess",
        "?black=human&white=expert&size=7&rules=classic",
    ] {
        assert_eq!(MatchSettings::from_query(bad), None, "{bad:?}");
    }
    for bad in [
        "",
        "?",
        "?black",
        "?black=human",
        "?black=human&white=grandmaster",
        "?black=human&white=expert&clock=0",
        "?black=human&white=expert&clock=31",
        "?black=human&white=expert&clock=five",
    ] {
        assert_eq!(MatchSettings::from_query(bad), None, "{bad:?}");
    }
}

/// The game with its screen and dialog states and their navigation (no egui: the windows
/// themselves are not drawn headless).
fn app_with_screens() -> App {
    screens_app(reversi::ui::Screen::MainMenu, |_| {})
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

fn menu_focus(app: &App) -> bool {
    app.world().resource::<reversi::input::MenuFocus>().0
}

#[test]
fn the_menu_key_and_back_move_between_screens_and_close_dialogs_in_order() {
    use reversi::input::Intent;
    use reversi::ui::{Dialog, Screen};
    let mut app = app_with_screens();
    assert_eq!(screen(&app), (Screen::MainMenu, Dialog::None));
    app.update();
    assert!(menu_focus(&app), "the main menu holds the focus");
    // No game yet: Back stays in the menu.
    intent(&mut app, Intent::Back);
    assert_eq!(screen(&app), (Screen::MainMenu, Dialog::None));
    // A game started: Back returns to it, the menu key opens the menu again.
    app.world_mut()
        .resource_mut::<reversi::ui::main_menu::GameStarted>()
        .0 = true;
    intent(&mut app, Intent::Back);
    assert_eq!(screen(&app), (Screen::Playing, Dialog::None));
    assert!(!menu_focus(&app), "the board has the focus");
    intent(&mut app, Intent::ToggleMenu);
    assert_eq!(screen(&app), (Screen::MainMenu, Dialog::None));
    intent(&mut app, Intent::Back);
    // The board editor goes back to the record window it came from, which closes next.
    app.world_mut()
        .resource_mut::<NextState<Dialog>>()
        .set(Dialog::Editor);
    app.update();
    app.update();
    assert_eq!(screen(&app), (Screen::Playing, Dialog::Editor));
    assert!(menu_focus(&app), "a dialog holds the focus");
    intent(&mut app, Intent::Back);
    assert_eq!(screen(&app), (Screen::Playing, Dialog::Record));
    intent(&mut app, Intent::Back);
    assert_eq!(screen(&app), (Screen::Playing, Dialog::None));
    assert!(!menu_focus(&app));
}

#[test]
fn the_game_over_dialog_opens_at_the_end_until_dismissed_and_again_for_the_next_game() {
    use reversi::input::Intent;
    use reversi::ui::{Dialog, Screen};
    let mut app = app_with_screens();
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    app.update();
    let wipe_out = |app: &mut App| {
        for m in parse_transcript("f5d6c5f4e7f6g5e6e3").unwrap().history() {
            if let Move::Play(square) = m {
                place(app, *square);
                settle(app);
            }
        }
        app.update();
        app.update();
    };
    wipe_out(&mut app);
    assert_eq!(screen(&app), (Screen::Playing, Dialog::GameOver));
    assert!(menu_focus(&app), "the dialog holds the focus");
    // The menu hides it without dismissing it: back in the game, it shows again.
    intent(&mut app, Intent::ToggleMenu);
    assert_eq!(screen(&app), (Screen::MainMenu, Dialog::None));
    app.world_mut()
        .resource_mut::<reversi::ui::main_menu::GameStarted>()
        .0 = true;
    intent(&mut app, Intent::Back);
    assert_eq!(screen(&app), (Screen::Playing, Dialog::GameOver));
    // Back dismisses it: the final board stays in view, the dialog does not come back.
    intent(&mut app, Intent::Back);
    assert_eq!(screen(&app), (Screen::Playing, Dialog::None));
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(screen(&app), (Screen::Playing, Dialog::None));
    // A new game forgets the dismissal, and its end opens the dialog again.
    app.world_mut()
        .write_message(NewGameRequested(MatchSettings::two_humans()));
    settle(&mut app);
    assert_eq!(screen(&app), (Screen::Playing, Dialog::None));
    wipe_out(&mut app);
    assert_eq!(screen(&app), (Screen::Playing, Dialog::GameOver));
    // An undo takes the game out of its end: the dialog closes.
    app.world_mut().write_message(reversi::game::UndoRequested);
    settle(&mut app);
    app.update();
    assert_eq!(screen(&app), (Screen::Playing, Dialog::None));
}

/// One player's (or the menu's) request in the stateful test below.
#[derive(Clone, Debug)]
enum Command {
    /// The `n`th legal move (modulo their number), or any square of a 16×16 board (file
    /// `square % 16`, rank `square / 16`: on or off the board in play) when `legal` is false.
    Place {
        n: usize,
        legal: bool,
        square: Square,
    },
    Undo,
    Redo,
    Jump(usize),
    /// A random game of `moves` moves from seed `seed` on the board and rules `VARIANTS[variant]`,
    /// some of them taken back.
    Load {
        variant: usize,
        seed: u64,
        moves: usize,
        undos: usize,
    },
    /// A new game on `VARIANTS[variant]`.
    NewGame(usize),
}

/// The boards and rules the stateful test switches between.
const VARIANTS: [&str; 5] = ["8x8", "6x6", "10x10 anti", "8x8 classic", "7x7"];

fn variant(index: usize) -> Variant {
    VARIANTS[index].parse().unwrap()
}

impl Command {
    /// The game a load request carries.
    fn loaded(&self) -> Option<Game> {
        match *self {
            Command::Load {
                variant: v,
                seed,
                moves,
                undos,
            } => Some(common::random_game(variant(v), seed, moves, undos)),
            _ => None,
        }
    }
}

fn command() -> impl proptest::strategy::Strategy<Value = Command> {
    use proptest::prelude::*;
    prop_oneof![
        8 => (any::<usize>(), prop::bool::weighted(0.85), 0u8..=255)
            .prop_map(|(n, legal, square)| Command::Place {
                n,
                legal,
                square: Square::new(square % 16, square / 16),
            }),
        2 => Just(Command::Undo),
        2 => Just(Command::Redo),
        1 => (0usize..70).prop_map(Command::Jump),
        1 => (0..VARIANTS.len(), any::<u64>(), 0usize..70, 0usize..5)
            .prop_map(|(variant, seed, moves, undos)| Command::Load { variant, seed, moves, undos }),
        1 => (0..VARIANTS.len()).prop_map(Command::NewGame),
    ]
}

/// The rules' reference for one frame's batch of requests, in the order the game's systems take
/// them: a new game, then a load (the last of each); a jump, then every undo, then every redo; then
/// the first legal placement, unless discs were still moving when the frame began or the game is
/// over (one move a frame; input waits for animations).
fn reference_frame(reference: &mut Game, batch: &[Command], animating: bool) {
    if let Some(v) = batch.iter().rev().find_map(|c| match c {
        Command::NewGame(v) => Some(*v),
        _ => None,
    }) {
        *reference = Game::new(variant(v));
    }
    if let Some(loaded) = batch.iter().rev().find_map(Command::loaded) {
        *reference = loaded;
    }
    if let Some(plays) = batch.iter().rev().find_map(|c| match c {
        Command::Jump(plays) => Some(*plays),
        _ => None,
    }) {
        let played = |g: &Game| {
            g.history()
                .iter()
                .filter(|m| matches!(m, Move::Play(_)))
                .count()
        };
        while played(reference) > plays && reference.undo().is_some() {}
        while played(reference) < plays && reference.redo().is_some() {}
    }
    for _ in batch.iter().filter(|c| matches!(c, Command::Undo)) {
        reference.undo();
    }
    for _ in batch.iter().filter(|c| matches!(c, Command::Redo)) {
        reference.redo();
    }
    if animating || reference.is_over() {
        return;
    }
    for command in batch {
        if let Command::Place { square, .. } = command
            && reference.play(*square).is_ok()
        {
            return;
        }
    }
}

/// Sends one request as a message (placements resolved against the game as it stands now).
fn send(app: &mut App, command: &mut Command) {
    match command {
        Command::Place { n, legal, square } => {
            let moves = rules(app).position().legal_squares();
            if *legal && !moves.is_empty() {
                *square = moves[*n % moves.len()];
            }
            place(app, *square);
        }
        Command::Undo => {
            app.world_mut().write_message(reversi::game::UndoRequested);
        }
        Command::Redo => {
            app.world_mut().write_message(reversi::game::RedoRequested);
        }
        Command::Jump(plays) => {
            app.world_mut()
                .write_message(reversi::game::JumpRequested { plays: *plays });
        }
        Command::Load { .. } => {
            let game = command.loaded().unwrap();
            app.world_mut()
                .write_message(reversi::game::LoadRequested(game));
        }
        Command::NewGame(v) => {
            app.world_mut().write_message(NewGameRequested(
                MatchSettings::two_humans().on(variant(*v)),
            ));
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// Random requests, 0–3 frames apart (often while discs still move), at animation speed 0 or
    /// 1: after settling, the game is the reference's, the discs are the board's, and the entities
    /// are what the board needs.
    #[test]
    fn any_sequence_of_requests_keeps_the_game_the_rules_and_the_discs_in_step(
        commands in proptest::collection::vec((command(), 0usize..4), 1..40),
        speed in proptest::prelude::prop_oneof![proptest::prelude::Just(0.0f32), proptest::prelude::Just(1.0f32)],
    ) {
        let mut app = headless_app(MatchSettings::two_humans());
        app.world_mut().resource_mut::<GameSettings>().animation_speed = speed;
        settle(&mut app);
        // Besides the discs (a parent and two halves each), a marker per legal move and a tile
        // per square (as many as the board's size has), a fixed set.
        let entities = |app: &mut App| {
            let position = rules(app).position();
            let tiles = count::<With<BoardSquare>>(app);
            assert_eq!(tiles, position.variant.squares() as usize);
            count::<Without<IsResource>>(app)
                - 3 * (position.black() | position.white()).count() as usize
                - count::<With<reversi::game::markers::LegalMarker>>(app)
                - tiles
        };
        let base = entities(&mut app);
        let mut reference = Game::new(Variant::STANDARD);
        let mut batch = Vec::new();
        for (mut command, frames) in commands {
            send(&mut app, &mut command);
            batch.push(command);
            for _ in 0..frames {
                let animating = app.world().resource::<reversi::game::animation::Animating>().0;
                reference_frame(&mut reference, &batch, animating);
                batch.clear();
                app.update();
                proptest::prop_assert_eq!(rules(&app), reference.clone());
            }
        }
        let animating = app.world().resource::<reversi::game::animation::Animating>().0;
        reference_frame(&mut reference, &batch, animating);
        settle(&mut app);
        proptest::prop_assert_eq!(rules(&app), reference.clone());
        assert_discs_match(&mut app);
        proptest::prop_assert_eq!(entities(&mut app), base);
        // The markers are the legal moves while a human is to move, and none once it is over.
        let mut markers = app.world_mut().query::<&reversi::game::markers::LegalMarker>();
        let mut shown: Vec<Square> = markers.iter(app.world()).map(|m| m.0).collect();
        shown.sort();
        let mut wanted = if reference.is_over() { Vec::new() } else { reference.position().legal_squares() };
        wanted.sort();
        proptest::prop_assert_eq!(shown, wanted);
    }
}

#[test]
fn a_language_chosen_in_the_settings_switches_the_words_at_once_and_a_run_s_choice_wins() {
    use reversi::i18n::{Language, Texts};
    use reversi::ui::LanguageChoice;
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .insert_resource(GameSettings::default())
        .insert_resource(LanguageChoice {
            run: None,
            system: Language::Italian,
        })
        .init_resource::<Texts>()
        .add_systems(Update, reversi::ui::show_language);
    let shown = |app: &App| app.world().resource::<Texts>().language();
    app.update();
    assert_eq!(
        shown(&app),
        Language::Italian,
        "the system's language by default"
    );
    app.world_mut().resource_mut::<GameSettings>().language = Some(Language::Dutch);
    app.update();
    assert_eq!(shown(&app), Language::Dutch);
    let start = reversi::tr!(app.world().resource::<Texts>(), "menu-start");
    assert_eq!(start, "Beginnen");
    app.world_mut().resource_mut::<LanguageChoice>().run = Some(Language::Portuguese);
    app.update();
    assert_eq!(
        shown(&app),
        Language::Portuguese,
        "--lang and ?lang= win for the run"
    );
}

#[test]
fn each_move_is_said_for_screen_readers_with_the_discs_it_turned() {
    use reversi::ui::board_access::{Said, Spoken};
    let mut app = headless_app(MatchSettings::two_humans());
    reversi::ui::board_access::plugin(&mut app);
    place(&mut app, sq("f5"));
    settle(&mut app);
    let said = app.world().resource::<Spoken>().0.clone();
    assert_eq!(
        said,
        Some(Said::Move {
            player: Player::Black,
            square: sq("f5"),
            flipped: vec![sq("e5")],
        })
    );
    let texts = reversi::i18n::Texts::new(reversi::i18n::Language::English);
    assert_eq!(
        reversi::ui::board_access::said_text(&texts, &said.unwrap()),
        "Black plays f5 and turns 1 disc: e5"
    );
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

fn lessons_done(app: &App) -> Vec<u8> {
    let done = app.world().resource::<reversi::game::lesson::LessonsDone>();
    done.0.0.iter().copied().collect()
}

#[test]
fn lessons_2_and_4_explain_wrong_tries_complete_on_the_right_ones_and_are_saved() {
    use reversi::game::lesson::{Feedback, LessonRequest, Stage};
    use reversi::lessons::{NotLegal, Verdict};
    let dir = std::env::temp_dir().join(format!("reversi-lessons-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut app = app_with_saves(&dir);
    place(&mut app, sq("f5"));
    settle(&mut app);
    let game_in_progress = rules(&app);

    // Lesson 2: Black's four first moves. The game in progress is put aside.
    app.world_mut().write_message(LessonRequest::Start(2));
    settle(&mut app);
    let start = Game::new(Variant::STANDARD);
    assert_eq!(rules(&app), start);
    assert_discs_match(&mut app);
    // A wrong square is explained and changes nothing.
    try_square(&mut app, "c5");
    let run = lesson(&app);
    assert_eq!(
        run.feedback,
        Some(Feedback::Try(Verdict::NotLegal(
            sq("c5"),
            NotLegal::NoAnchor
        )))
    );
    assert_eq!(run.misses, 1);
    assert_eq!(rules(&app), start, "a wrong try changes nothing");
    try_square(&mut app, "a1");
    assert!(lesson(&app).hint, "the hint shows after two misses");
    for square in ["c4", "d3", "e6"] {
        try_square(&mut app, square);
        assert_eq!(
            lesson(&app).feedback,
            Some(Feedback::Try(Verdict::Found(sq(square))))
        );
    }
    assert!(lessons_done(&app).is_empty());
    try_square(&mut app, "f5");
    let run = lesson(&app);
    assert_eq!(run.stage, Stage::Complete);
    assert_eq!(rules(&app), start, "finding moves plays none");
    assert_eq!(lessons_done(&app), [2]);

    // Lesson 4: predict the ten discs f6 turns.
    app.world_mut().write_message(LessonRequest::Start(4));
    settle(&mut app);
    let board = rules(&app);
    assert_eq!(board.counts().white, 11);
    for disc in ["b6", "c6", "d6", "e6", "a6"] {
        try_square(&mut app, disc);
    }
    // a6 is Black's own disc: nothing to mark. Playing now is a wrong prediction.
    assert_eq!(lesson(&app).progress.marked.len(), 4);
    try_square(&mut app, "f6");
    let Some(Feedback::Try(Verdict::Predicted { missed, wrongly })) = lesson(&app).feedback else {
        panic!("the prediction is judged");
    };
    assert_eq!(missed.len(), 6);
    assert!(wrongly.is_empty());
    assert_eq!(rules(&app), board, "a wrong prediction plays nothing");
    for disc in ["d4", "e5", "f5", "g5", "f7", "e7"] {
        try_square(&mut app, disc);
    }
    try_square(&mut app, "f6");
    settle(&mut app);
    let played = rules(&app);
    assert_eq!(played.counts().white, 1, "ten discs turned");
    assert_eq!(played.history().first(), Some(&Move::Play(sq("f6"))));
    assert_discs_match(&mut app);
    assert_eq!(lesson(&app).stage, Stage::Complete);
    assert_eq!(lessons_done(&app), [2, 4]);

    // Leaving brings the game back; the progress and that game are saved.
    app.world_mut().write_message(LessonRequest::Leave);
    settle(&mut app);
    assert_eq!(rules(&app), game_in_progress);
    assert_discs_match(&mut app);
    for _ in 0..10 {
        app.update();
    }
    drop(app);
    let mut restarted = app_with_saves(&dir);
    settle(&mut restarted);
    assert_eq!(lessons_done(&restarted), [2, 4]);
    assert_eq!(rules(&restarted), game_in_progress);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_game_saved_during_a_lesson_is_the_game_put_aside() {
    use reversi::game::lesson::LessonRequest;
    let dir = std::env::temp_dir().join(format!("reversi-lesson-aside-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut app = app_with_saves(&dir);
    for m in ["f5", "d6"] {
        place(&mut app, sq(m));
        settle(&mut app);
    }
    let game_in_progress = rules(&app);
    app.world_mut().write_message(LessonRequest::Start(3));
    settle(&mut app);
    try_square(&mut app, "d3");
    for _ in 0..10 {
        app.update();
    }
    // Quit in the middle of the lesson: the save holds the game, not the lesson's board.
    drop(app);
    let mut restarted = app_with_saves(&dir);
    settle(&mut restarted);
    assert_eq!(rules(&restarted), game_in_progress);
    assert!(
        !restarted
            .world()
            .resource::<reversi::game::lesson::LessonRun>()
            .active()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn in_a_lesson_undo_does_nothing_and_new_game_starts_the_lesson_again() {
    use reversi::game::lesson::LessonRequest;
    use reversi::input::Intent;
    let mut app = headless_app(MatchSettings::two_humans());
    app.world_mut().write_message(LessonRequest::Start(3));
    settle(&mut app);
    try_square(&mut app, "d3");
    settle(&mut app);
    let after = rules(&app);
    assert_eq!(after.history().len(), 1);
    assert_eq!(lesson(&app).step, 1);
    intent(&mut app, Intent::Undo);
    assert_eq!(rules(&app), after, "the lesson's history is its own");
    intent(&mut app, Intent::NewGame);
    settle(&mut app);
    assert_eq!(lesson(&app).step, 0);
    assert_eq!(rules(&app), Game::new(Variant::STANDARD));
    // The legal-move markers would give the answers away: a lesson hides them.
    assert_eq!(
        count::<With<reversi::game::markers::LegalMarker>>(&mut app),
        0
    );
}

#[test]
fn a_timed_game_put_aside_for_a_lesson_comes_back_with_its_clocks() {
    use reversi::game::clock::Clocks;
    use reversi::game::lesson::LessonRequest;
    let players = MatchSettings::two_humans().with_clock(Some(Duration::from_secs(300)));
    let mut app = headless_app(players);
    app.world_mut().write_message(NewGameRequested(players));
    settle(&mut app);
    place(&mut app, sq("f5"));
    settle(&mut app);
    for _ in 0..20 {
        app.update();
    }
    let clocks = *app.world().resource::<Clocks>();
    assert!(clocks.white < Duration::from_secs(300), "White's clock ran");
    let game = rules(&app);
    app.world_mut().write_message(LessonRequest::Start(1));
    settle(&mut app);
    assert_eq!(
        app.world().resource::<Clocks>().limit,
        None,
        "a lesson has no clocks"
    );
    app.world_mut().write_message(LessonRequest::Leave);
    app.update();
    assert_eq!(rules(&app), game);
    assert_eq!(*app.world().resource::<MatchSettings>(), players);
    let back = *app.world().resource::<Clocks>();
    assert_eq!(back.limit, clocks.limit);
    assert_eq!(back.black, clocks.black);
    assert!(back.white <= clocks.white && back.white + FRAME >= clocks.white);
}

/// A lesson opened at start (`--lesson`, `?lesson=`) keeps its screen when a saved game is
/// restored: the saved game is put aside, not shown.
#[test]
fn a_lesson_asked_for_at_start_is_not_replaced_by_the_saved_game() {
    use reversi::game::lesson::LessonRequest;
    use reversi::ui::{Dialog, Screen};
    let dir = std::env::temp_dir().join(format!("reversi-lesson-start-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut first = app_with_saves(&dir);
    place(&mut first, sq("f5"));
    settle(&mut first);
    let saved = rules(&first);
    for _ in 0..10 {
        first.update();
    }
    drop(first);
    let mut app = screens_app(Screen::Lesson, |app| {
        app.add_plugins((reversi::autosave::plugin, reversi::ui::hud::plugin))
            .insert_resource(reversi::autosave::SaveDir(Some(reversi::save::Store::Dir(
                dir.clone(),
            ))));
    });
    app.world_mut().write_message(LessonRequest::Start(2));
    settle(&mut app);
    settle(&mut app);
    assert_eq!(screen(&app), (Screen::Lesson, Dialog::None));
    assert_eq!(lesson(&app).number, 2);
    assert_eq!(rules(&app), Game::new(Variant::STANDARD));
    let aside = app.world().resource::<reversi::game::lesson::PutAside>();
    assert_eq!(aside.0.as_ref().map(|(game, _, _)| game), Some(&saved));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_first_game_completes_its_lesson_when_it_ends() {
    use reversi::game::lesson::LessonRequest;
    let mut app = headless_app(MatchSettings::two_humans());
    app.world_mut().write_message(LessonRequest::Start(12));
    settle(&mut app);
    app.world_mut().write_message(LessonRequest::FirstGame);
    settle(&mut app);
    assert_eq!(
        *app.world().resource::<MatchSettings>(),
        MatchSettings::human_vs_ai(Player::Black, Level::Beginner)
    );
    assert!(app.world().resource::<GameSettings>().show_legal_moves);
    assert!(
        lessons_done(&app).is_empty(),
        "done when the game ends, not before"
    );
    // Two black moves from the end (White passes between them): the game ends.
    let board = "XXXXXXX-XXXXXXO-OOOOOXXXOOOOXXOXOOOXXOOXXOXXOOOXOXXOOOOX-XXXXXXX X";
    let near_end = Game::from_position(notation::parse_board(board, Variant::STANDARD).unwrap());
    app.world_mut()
        .write_message(reversi::game::LoadRequested(near_end));
    settle(&mut app);
    for square in ["a8", "h1"] {
        place(&mut app, sq(square));
        settle(&mut app);
    }
    assert!(rules(&app).is_over());
    assert_eq!(lessons_done(&app), [12]);
}

/// The game against the room server in process: it opens a room, a friend (a plain protocol
/// client) joins, and moves go both ways through the server and animate here like any other.
#[cfg(feature = "server")]
#[test]
fn an_online_game_is_played_through_the_server() {
    use reversi::game::online::{Link, Online, OnlineRequest};
    use reversi::net::{ClientMessage, ColourChoice, ServerMessage, Status, VERSION};
    use reversi::server::loadtest::Client;

    let runtime = tokio::runtime::Runtime::new().unwrap();
    let server = runtime
        .block_on(reversi::server::start(reversi::server::Options {
            addr: "127.0.0.1:0".parse().unwrap(),
            db: None,
            web: None,
            config: reversi::server::Config::default(),
        }))
        .unwrap();
    let url = format!("ws://{}/ws", server.addr);
    let wait = Duration::from_secs(10);

    let dir = std::env::temp_dir().join(format!("reversi-online-save-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut app = build_app(MatchSettings::default(), Some(&dir));
    app.world_mut().write_message(OnlineRequest::Create {
        server: url.clone(),
        name: "Ana".into(),
        colour: ColourChoice::Black,
        variant: Variant::STANDARD,
        clock: None,
    });
    let session = |app: &App| {
        app.world()
            .resource::<Online>()
            .0
            .as_ref()
            .map(|s| (s.room.clone(), s.link, s.state.clone()))
    };
    assert!(run_until(&mut app, wait, |app| session(app)
        .is_some_and(|(_, _, state)| state.is_some())));
    let (room, link, state) = session(&app).unwrap();
    assert_eq!((link, state.unwrap().status), (Link::Open, Status::Waiting));

    // A friend joins by the code.
    let mut friend = runtime.block_on(async {
        let mut friend = Client::connect(&url).await.unwrap();
        friend
            .send(&ClientMessage::Join {
                version: VERSION,
                room: room.unwrap(),
                name: "Bo".into(),
            })
            .await
            .unwrap();
        assert!(matches!(
            friend.recv(wait).await.unwrap(),
            ServerMessage::Welcome { seat: 1, .. }
        ));
        friend.state(wait).await.unwrap();
        friend
    });
    assert!(run_until(&mut app, wait, |app| session(app)
        .and_then(|(_, _, s)| s)
        .is_some_and(|s| s.status == Status::Playing)));
    let players = *app.world().resource::<MatchSettings>();
    assert_eq!(
        (players.black, players.white),
        (game::Controller::Human, game::Controller::Remote)
    );

    // An illegal square is refused here and never sent; f5 goes to the server and comes back.
    place(&mut app, sq("a1"));
    settle(&mut app);
    place(&mut app, sq("f5"));
    assert!(run_until(&mut app, wait, |app| rules(app).history().len() == 1));
    let seen = runtime.block_on(friend.state(wait)).unwrap();
    assert_eq!((seen.moves.as_str(), seen.ply), ("f5", 1));

    // White's turn belongs to the friend: a click here does nothing.
    settle(&mut app);
    place(&mut app, sq("d6"));
    settle(&mut app);
    assert_eq!(rules(&app).history().len(), 1);
    assert_eq!(*app.world().resource::<Phase>(), Phase::RemoteToMove);

    // The friend's reply arrives, and animates like any move.
    runtime.block_on(async {
        friend
            .send(&ClientMessage::Move {
                ply: 1,
                id: 1,
                square: "d6".into(),
            })
            .await
            .unwrap();
        friend.state(wait).await.unwrap();
    });
    assert!(run_until(&mut app, wait, |app| rules(app).history().len() == 2));
    assert_eq!(*app.world().resource::<Phase>(), Phase::Animating);
    settle(&mut app);
    assert_discs_match(&mut app);
    assert_eq!(notation::transcript(&rules(&app)), "f5d6");

    // The game is closed and opened again: the save holds the seat, which is taken back.
    for _ in 0..10 {
        app.update();
    }
    drop(app);
    let mut app = build_app(MatchSettings::two_humans(), Some(&dir));
    assert!(run_until(&mut app, wait, |app| {
        session(app).is_some_and(|(_, link, state)| link == Link::Open && state.is_some())
            && rules(app).history().len() == 2
    }));
    let players = *app.world().resource::<MatchSettings>();
    assert_eq!(
        (players.black, players.white),
        (game::Controller::Human, game::Controller::Remote)
    );
    settle(&mut app);
    place(&mut app, sq("c3"));
    assert!(run_until(&mut app, wait, |app| rules(app).history().len() == 3));
    runtime.block_on(async { while friend.state(wait).await.unwrap().ply < 3 {} });

    // The friend resigns; leaving keeps the game on the board between two people here.
    runtime
        .block_on(friend.send(&ClientMessage::Resign))
        .unwrap();
    assert!(run_until(&mut app, wait, |app| session(app)
        .and_then(|(_, _, s)| s)
        .is_some_and(|s| matches!(s.status, Status::Over(_)))));
    app.world_mut().write_message(OnlineRequest::Leave);
    settle(&mut app);
    assert!(!app.world().resource::<Online>().active());
    let players = *app.world().resource::<MatchSettings>();
    assert_eq!(players.white, game::Controller::Human);
    assert_eq!(rules(&app).history().len(), 3);
    // Once left, the save holds no seat.
    for _ in 0..10 {
        app.update();
    }
    let saved = std::fs::read_to_string(dir.join(reversi::save::FILE_NAME)).unwrap();
    assert!(!saved.contains("\nonline "), "{saved}");
    runtime.block_on(server.stop());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The headless game keeping its finished games in `dir`.
fn app_keeping_games(players: MatchSettings, dir: &std::path::Path) -> App {
    let mut app = headless_app(players);
    app.insert_resource(reversi::game::history::PastGames::new(Some(
        reversi::history::GamesStore::Dir(dir.to_path_buf()),
    )));
    app
}

fn past_games(app: &App) -> Vec<reversi::history::PastGame> {
    app.world()
        .resource::<reversi::game::history::PastGames>()
        .history
        .games()
        .cloned()
        .collect()
}

#[test]
fn a_game_played_to_its_end_is_kept_once_and_read_back_after_a_restart() {
    use reversi::history::Ending;
    let dir = std::env::temp_dir().join(format!("reversi-past-games-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut app = app_keeping_games(MatchSettings::two_humans(), &dir);
    // Black wipes White out in nine moves. Before Black's last one, White becomes Expert (whose
    // turn never comes again), so the game is kept under the level's name.
    let script = parse_transcript("f5d6c5f4e7f6g5e6e3").unwrap();
    let moves = script.history();
    for (i, m) in moves.iter().enumerate() {
        let Move::Play(square) = m else { continue };
        assert!(past_games(&app).is_empty(), "kept before the end");
        if i + 1 == moves.len() {
            app.world_mut().resource_mut::<MatchSettings>().white =
                game::Controller::Ai(Level::Expert);
        }
        place(&mut app, *square);
        settle(&mut app);
    }
    let kept = past_games(&app);
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].game, script);
    assert_eq!(kept[0].ending, Ending::Board);
    assert_eq!(kept[0].margin(), 64);
    assert_eq!(
        (kept[0].black.as_str(), kept[0].white.as_str()),
        ("", "Expert")
    );
    let file = std::fs::read_to_string(dir.join(reversi::history::FILE_NAME)).unwrap();
    assert_eq!(file.lines().count(), 1, "{file}");
    assert!(file.contains("PW[Expert]RE[+64.000]"), "{file}");

    // Opened again (loaded from the list, or undone and redone), the same game is not kept twice.
    app.world_mut()
        .write_message(reversi::game::LoadRequested(script.clone()));
    settle(&mut app);
    app.world_mut().write_message(reversi::game::UndoRequested);
    settle(&mut app);
    app.world_mut().write_message(reversi::game::RedoRequested);
    settle(&mut app);
    assert_eq!(rules(&app), script);
    assert_eq!(past_games(&app).len(), 1);

    // The next start reads the game back; a game loaded unfinished is not kept.
    let mut app = app_keeping_games(MatchSettings::two_humans(), &dir);
    assert_eq!(past_games(&app), kept);
    let other = parse_transcript("f5d6c3d3c4f4f6f3e6e7d7").unwrap();
    app.world_mut()
        .write_message(reversi::game::LoadRequested(other.clone()));
    settle(&mut app);
    assert_eq!(
        past_games(&app).len(),
        1,
        "a game loaded unfinished is not kept"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_game_lost_on_time_is_kept_as_lost_on_time_and_lessons_are_not_kept() {
    use reversi::history::Ending;
    let dir = std::env::temp_dir().join(format!("reversi-past-time-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let players = MatchSettings {
        clock: Some(Duration::from_secs(1)),
        ..MatchSettings::two_humans()
    };
    let mut app = app_keeping_games(players, &dir);
    app.world_mut().write_message(NewGameRequested(players));
    settle(&mut app);
    place(&mut app, sq("f5"));
    settle(&mut app);
    // White thinks past its second: 100 ms a frame.
    for _ in 0..15 {
        app.update();
    }
    let kept = past_games(&app);
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].ending, Ending::Time(Player::White));
    assert_eq!(kept[0].winner(), Some(Player::Black));
    assert_eq!(kept[0].game.history().len(), 1);

    // A lesson's game ends without being kept: lesson 7 plays any move twice (White passes)
    // and the game is over.
    app.world_mut()
        .write_message(reversi::game::lesson::LessonRequest::Start(7));
    settle(&mut app);
    for _ in 0..4 {
        let game = rules(&app);
        if game.is_over() {
            break;
        }
        let cell = game.position().legal_squares()[0];
        try_square(&mut app, &cell.to_string());
    }
    assert!(rules(&app).is_over(), "lesson 7 ends its game");
    assert_eq!(past_games(&app).len(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}
