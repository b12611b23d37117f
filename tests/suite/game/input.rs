//! Keyboard, gamepad and the board's markers: the cursor, the last move, the themes.

use super::*;

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

/// V switches the board between the 3D view and the flat one from above, at once and back; the
/// cursor and the discs stay where they are.
#[test]
fn the_v_key_switches_between_the_3d_and_the_flat_view() {
    use reversi::game::board::{BoardCamera, View};
    let mut app = headless_app(MatchSettings::two_humans());
    place(&mut app, sq("f5"));
    settle(&mut app);
    let looking_down = |app: &mut App| {
        let mut cameras = app
            .world_mut()
            .query_filtered::<&Transform, With<BoardCamera>>();
        let camera = cameras.single(app.world()).expect("one board camera");
        camera.forward().dot(Vec3::NEG_Y)
    };
    let view = |app: &App| app.world().resource::<GameSettings>().view;
    assert_eq!(view(&app), View::ThreeD);
    let tilted = looking_down(&mut app);
    assert!(tilted > 0.5 && tilted < 0.95, "{tilted}");
    press_key(&mut app, KeyCode::KeyV);
    assert_eq!(view(&app), View::Flat);
    assert!(looking_down(&mut app) > 0.9999);
    assert_discs_match(&mut app);
    press_key(&mut app, KeyCode::KeyV);
    assert_eq!(view(&app), View::ThreeD);
    assert!((looking_down(&mut app) - tilted).abs() < 1e-4);
}

/// While the game is stepped through (the analysis open), ← and → go one move back and on
/// through the game, its later moves kept to go on to; otherwise they move the cursor.
#[test]
fn arrows_step_through_the_game_while_it_is_reviewed() {
    use reversi::game::markers::BoardCursor;
    use reversi::input::Reviewing;
    let mut app = headless_app(MatchSettings::two_humans());
    for square in ["f5", "d6", "c3"] {
        place(&mut app, sq(square));
        settle(&mut app);
    }
    let plays = |app: &App| rules(app).history().len();
    app.world_mut().resource_mut::<Reviewing>().0 = true;
    let cursor = app.world().resource::<BoardCursor>().square;
    press_key(&mut app, KeyCode::ArrowLeft);
    settle(&mut app);
    assert_eq!(plays(&app), 2);
    press_key(&mut app, KeyCode::ArrowLeft);
    press_key(&mut app, KeyCode::ArrowLeft);
    press_key(&mut app, KeyCode::ArrowLeft);
    settle(&mut app);
    assert_eq!(plays(&app), 0, "the start is as far back as it goes");
    for _ in 0..5 {
        press_key(&mut app, KeyCode::ArrowRight);
    }
    settle(&mut app);
    assert_eq!(
        rules(&app).history(),
        [
            Move::Play(sq("f5")),
            Move::Play(sq("d6")),
            Move::Play(sq("c3"))
        ],
        "the game's end is as far on as it goes"
    );
    assert_eq!(app.world().resource::<BoardCursor>().square, cursor);
    assert_discs_match(&mut app);
    // Not reviewing: the arrows move the cursor again.
    app.world_mut().resource_mut::<Reviewing>().0 = false;
    press_key(&mut app, KeyCode::ArrowLeft);
    assert_eq!(plays(&app), 3);
    assert_ne!(app.world().resource::<BoardCursor>().square, cursor);
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

/// A pointer event of kind `event` on the board square `square`.
fn pointer_on<E: std::fmt::Debug + Clone + Reflect>(
    app: &mut App,
    square: Square,
    event: E,
) -> bevy::picking::events::Pointer<E> {
    use bevy::camera::NormalizedRenderTarget;
    use bevy::picking::pointer::{Location, PointerId};
    let mut squares = app.world_mut().query::<(Entity, &BoardSquare)>();
    let tile = squares
        .iter(app.world())
        .find_map(|(entity, s)| (s.0 == square).then_some(entity))
        .expect("a tile on the square");
    let location = Location {
        target: NormalizedRenderTarget::None {
            width: 1280,
            height: 800,
        },
        position: Vec2::ZERO,
    };
    bevy::picking::events::Pointer::new(PointerId::Mouse, location, event, tile)
}

#[test]
fn a_click_places_the_disc_and_puts_the_hover_cursor_out_until_it_moves_on() {
    use bevy::picking::backend::HitData;
    use bevy::picking::events::{Click, Over};
    use bevy::picking::pointer::PointerButton;
    use reversi::game::markers::CursorOutline;
    let mut app = headless_app(MatchSettings::two_humans());
    let outline_shown = |app: &mut App| {
        let mut query = app
            .world_mut()
            .query_filtered::<&Visibility, With<CursorOutline>>();
        *query.single(app.world()).unwrap() != Visibility::Hidden
    };
    let hit = HitData::new(Entity::PLACEHOLDER, 1.0, None, None);
    let over = |app: &mut App, name: &str| {
        let event = pointer_on(app, sq(name), Over { hit: hit.clone() });
        app.world_mut().trigger(event);
        app.update();
    };
    // Hovering shows the cursor on the square under the pointer.
    over(&mut app, "d3");
    assert!(outline_shown(&mut app));
    let click = Click {
        button: PointerButton::Primary,
        hit: hit.clone(),
        duration: Duration::from_millis(80),
        count: 1,
    };
    let event = pointer_on(&mut app, sq("d3"), click);
    app.world_mut().trigger(event);
    settle(&mut app);
    assert_eq!(rules(&app).history(), [Move::Play(sq("d3"))]);
    // The pointer still rests on d3, but only the ring marks the move there.
    assert!(
        !outline_shown(&mut app),
        "the cursor stays on the square just played"
    );
    // Moving on to another square shows the cursor again.
    over(&mut app, "c3");
    assert!(outline_shown(&mut app));
    assert_eq!(app.world().resource::<BoardCursor>().square, sq("c3"));
}

#[test]
fn the_keyboard_cursor_jumps_over_squares_that_are_off() {
    use reversi::input::cursor_step;
    let cross: Variant = "10x10 othello cross".parse().unwrap();
    let square = |name: &str| name.parse::<Square>().unwrap();
    // From d1 to the left: c1 … a1 are off, so the cursor stays.
    assert_eq!(
        cursor_step(cross, square("d1"), IVec2::new(-1, 0)),
        square("d1")
    );
    // From d4 up (towards rank 1): d3, d2, d1 are on.
    assert_eq!(
        cursor_step(cross, square("d4"), IVec2::new(0, -1)),
        square("d3")
    );
    // From c4 up: c3 … c1 are off.
    assert_eq!(
        cursor_step(cross, square("c4"), IVec2::new(0, -1)),
        square("c4")
    );
    // Diagonally from d4 towards a1: c3 is off, and so are b2 and a1.
    assert_eq!(
        cursor_step(cross, square("d4"), IVec2::new(-1, -1)),
        square("d4")
    );
    // A hole inside the board is jumped.
    let drawn: Variant = "8x8 othello c3".parse().unwrap();
    assert_eq!(
        cursor_step(drawn, square("b3"), IVec2::new(1, 0)),
        square("d3")
    );
    // A cursor left on a square that is off comes back to the centre.
    assert_eq!(cursor_step(cross, square("a1"), IVec2::ZERO), square("e5"));
}
