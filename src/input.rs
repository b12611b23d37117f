//! Devices become intents: mouse and touch (through picking), keyboard and gamepad all move the same
//! board cursor and ask for the same placements and menu actions.

use std::collections::HashMap;
use std::time::Duration;

use bevy::input::ButtonState;
use bevy::input::gamepad::{Gamepad, GamepadButton};
use bevy::input::keyboard::KeyboardInput;
use bevy::picking::events::{Click, Out, Over, Pointer};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;

use crate::game::board::BoardSquare;
use crate::game::lesson::{LessonRequest, LessonRun};
use crate::game::markers::BoardCursor;
use crate::game::puzzle::{PuzzleRequest, PuzzleRun};
use crate::game::{
    CurrentGame, GameSettings, GameSystems, JumpRequested, MatchSettings, NewGameRequested,
    PlaceRequested, RedoRequested, Requester, UndoRequested,
};
use crate::rules::{Square, Variant};

/// Stick deflection that counts as a direction.
const STICK_THRESHOLD: f32 = 0.5;
/// Hold time before a held direction repeats.
const REPEAT_DELAY: Duration = Duration::from_millis(350);
/// Time between repeats while held.
const REPEAT_INTERVAL: Duration = Duration::from_millis(120);

/// Device-independent intents.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Intent {
    /// Move the board cursor by (files, ranks).
    MoveCursor(IVec2),
    /// Place a disc on the cursor square.
    PlaceAtCursor,
    /// Open or close the menu.
    ToggleMenu,
    /// Back out of the open menu or dialog.
    Back,
    /// Start a new game with the same players.
    NewGame,
    /// Take back / replay moves.
    Undo,
    Redo,
    /// Show or hide the engine's evaluation of each legal move.
    ToggleHints,
    /// See the board in 3D or flat from above.
    ToggleView,
    /// While the game is stepped through: one move back, one move on.
    StepBack,
    StepForward,
    /// Menu navigation while a menu is open (next / previous widget, activate).
    MenuNext,
    MenuPrevious,
    MenuActivate,
}

/// Whether a menu or dialog has the focus: then directions and confirm drive the menu, not the board.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MenuFocus(pub bool);

pub use crate::game::Reviewing;

/// Whether the pointer is over egui (board clicks under a panel must not place discs).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PointerOverUi(pub bool);

/// Held-direction repeat state of one gamepad.
#[derive(Default)]
struct StickRepeat {
    direction: IVec2,
    held: Duration,
    next_repeat: Duration,
}

pub fn plugin(app: &mut App) {
    app.add_message::<Intent>()
        .init_resource::<MenuFocus>()
        .init_resource::<PointerOverUi>()
        .add_observer(hover_square)
        .add_observer(leave_square)
        .add_observer(click_square)
        .add_systems(
            Update,
            (keyboard_intents, gamepad_intents, apply_board_intents)
                .chain()
                .in_set(GameSystems::Input),
        );
}

fn hover_square(
    over: On<Pointer<Over>>,
    squares: Query<&BoardSquare>,
    mut cursor: ResMut<BoardCursor>,
    ui: Res<PointerOverUi>,
) {
    if let Ok(square) = squares.get(over.entity)
        && !ui.0
    {
        *cursor = BoardCursor {
            square: square.0,
            visible: true,
        };
    }
}

fn leave_square(
    out: On<Pointer<Out>>,
    squares: Query<&BoardSquare>,
    mut cursor: ResMut<BoardCursor>,
) {
    if let Ok(square) = squares.get(out.entity)
        && cursor.square == square.0
    {
        cursor.visible = false;
    }
}

/// A click or tap on a square asks to place there (unless egui has the pointer or a menu is open).
/// The hover cursor goes out until the pointer enters another square: left on the square just
/// played (and on a touch screen, where nothing leaves it), it would read as a second last-move
/// marker beside the ring on the reply.
fn click_square(
    click: On<Pointer<Click>>,
    squares: Query<&BoardSquare>,
    ui: Res<PointerOverUi>,
    menu: Res<MenuFocus>,
    mut place: MessageWriter<PlaceRequested>,
    mut cursor: ResMut<BoardCursor>,
) {
    if click.button != PointerButton::Primary || ui.0 || menu.0 {
        return;
    }
    if let Ok(square) = squares.get(click.entity) {
        place.write(PlaceRequested {
            square: square.0,
            by: Requester::Human,
        });
        cursor.visible = false;
    }
}

/// Every key press counts (two quick presses in one slow frame are two steps); held arrows repeat.
fn keyboard_intents(
    mut keys: MessageReader<KeyboardInput>,
    (menu, reviewing): (Res<MenuFocus>, Res<Reviewing>),
    mut intents: MessageWriter<Intent>,
) {
    for key in keys.read() {
        if key.state != ButtonState::Pressed {
            continue;
        }
        let intent = match key.key_code {
            KeyCode::Escape if !key.repeat => Some(if menu.0 {
                Intent::Back
            } else {
                Intent::ToggleMenu
            }),
            // egui reads the keyboard itself (Tab, arrows, Enter) while a menu is open.
            _ if menu.0 => None,
            KeyCode::ArrowLeft if reviewing.0 => Some(Intent::StepBack),
            KeyCode::ArrowRight if reviewing.0 => Some(Intent::StepForward),
            KeyCode::ArrowLeft | KeyCode::KeyA => Some(Intent::MoveCursor(IVec2::new(-1, 0))),
            KeyCode::ArrowRight | KeyCode::KeyD => Some(Intent::MoveCursor(IVec2::new(1, 0))),
            KeyCode::ArrowUp | KeyCode::KeyW => Some(Intent::MoveCursor(IVec2::new(0, -1))),
            KeyCode::ArrowDown | KeyCode::KeyS => Some(Intent::MoveCursor(IVec2::new(0, 1))),
            KeyCode::Enter | KeyCode::NumpadEnter | KeyCode::Space if !key.repeat => {
                Some(Intent::PlaceAtCursor)
            }
            KeyCode::KeyN if !key.repeat => Some(Intent::NewGame),
            KeyCode::Backspace => Some(Intent::Undo),
            KeyCode::KeyH if !key.repeat => Some(Intent::ToggleHints),
            KeyCode::KeyV if !key.repeat => Some(Intent::ToggleView),
            _ => None,
        };
        if let Some(intent) = intent {
            intents.write(intent);
        }
    }
}

/// D-pad and left stick (with repeat) move the cursor; South places, North shows hints, Start
/// opens the menu, East backs out. With a menu open the same directions walk through its widgets.
fn gamepad_intents(
    time: Res<Time>,
    menu: Res<MenuFocus>,
    pads: Query<(Entity, &Gamepad)>,
    mut repeats: Local<HashMap<Entity, StickRepeat>>,
    mut intents: MessageWriter<Intent>,
) {
    // Pads that went away (disconnected) drop their repeat state.
    repeats.retain(|entity, _| pads.contains(*entity));
    for (entity, pad) in &pads {
        let repeat = repeats.entry(entity).or_default();
        if pad.just_pressed(GamepadButton::Start) {
            intents.write(if menu.0 {
                Intent::Back
            } else {
                Intent::ToggleMenu
            });
        }
        if pad.just_pressed(GamepadButton::East) && menu.0 {
            intents.write(Intent::Back);
        }
        if !menu.0 && pad.just_pressed(GamepadButton::LeftTrigger) {
            intents.write(Intent::Undo);
        }
        if !menu.0 && pad.just_pressed(GamepadButton::RightTrigger) {
            intents.write(Intent::Redo);
        }
        // Hints (in a lesson: its hint).
        if !menu.0 && pad.just_pressed(GamepadButton::North) {
            intents.write(Intent::ToggleHints);
        }
        if pad.just_pressed(GamepadButton::South) {
            intents.write(if menu.0 {
                Intent::MenuActivate
            } else {
                Intent::PlaceAtCursor
            });
        }
        let mut steps = Vec::new();
        for (button, step) in [
            (GamepadButton::DPadLeft, IVec2::new(-1, 0)),
            (GamepadButton::DPadRight, IVec2::new(1, 0)),
            (GamepadButton::DPadUp, IVec2::new(0, -1)),
            (GamepadButton::DPadDown, IVec2::new(0, 1)),
        ] {
            if pad.just_pressed(button) {
                steps.push(step);
            }
        }
        // The stick: quantised to a direction, repeating while held.
        let stick = pad.left_stick();
        let direction = if stick.length() < STICK_THRESHOLD {
            IVec2::ZERO
        } else if stick.x.abs() > stick.y.abs() {
            IVec2::new(stick.x.signum() as i32, 0)
        } else {
            // Stick up is +y; the cursor's "up" is towards rank 1.
            IVec2::new(0, -stick.y.signum() as i32)
        };
        if direction != repeat.direction {
            repeat.direction = direction;
            repeat.held = Duration::ZERO;
            repeat.next_repeat = REPEAT_DELAY;
            if direction != IVec2::ZERO {
                steps.push(direction);
            }
        } else if direction != IVec2::ZERO {
            repeat.held += time.delta();
            if repeat.held >= repeat.next_repeat {
                repeat.next_repeat += REPEAT_INTERVAL;
                steps.push(direction);
            }
        }
        for step in steps {
            intents.write(if menu.0 {
                if step.x + step.y > 0 {
                    Intent::MenuNext
                } else {
                    Intent::MenuPrevious
                }
            } else {
                Intent::MoveCursor(step)
            });
        }
    }
}

/// What the board's intents ask the game for.
#[derive(bevy::ecs::system::SystemParam)]
struct BoardRequests<'w> {
    place: MessageWriter<'w, PlaceRequested>,
    jump: MessageWriter<'w, JumpRequested>,
    new_game: MessageWriter<'w, NewGameRequested>,
    undo: MessageWriter<'w, UndoRequested>,
    redo: MessageWriter<'w, RedoRequested>,
}

/// A lesson or a puzzle on the board, and where its intents go.
#[derive(bevy::ecs::system::SystemParam)]
struct Coached<'w> {
    lesson: Res<'w, LessonRun>,
    lessons: MessageWriter<'w, LessonRequest>,
    puzzle: Res<'w, PuzzleRun>,
    puzzles: MessageWriter<'w, PuzzleRequest>,
}

impl Coached<'_> {
    /// Whether a lesson or puzzle on the board takes `intent` for itself: New game starts it
    /// again, Hints shows its hint, and undo and redo do nothing (its history is its own).
    fn takes(&mut self, intent: Intent) -> bool {
        if !self.lesson.active() && !self.puzzle.active() {
            return false;
        }
        let (lesson, puzzle) = match intent {
            Intent::NewGame => (LessonRequest::Restart, PuzzleRequest::Restart),
            Intent::ToggleHints => (LessonRequest::Hint, PuzzleRequest::Hint),
            Intent::Undo | Intent::Redo => return true,
            _ => return false,
        };
        if self.lesson.active() {
            self.lessons.write(lesson);
        } else {
            self.puzzles.write(puzzle);
        }
        true
    }
}

/// Board intents: move the cursor, place at it, restart, undo/redo, hints.
fn apply_board_intents(
    mut intents: MessageReader<Intent>,
    mut cursor: ResMut<BoardCursor>,
    players: Res<MatchSettings>,
    game: Res<CurrentGame>,
    mut requests: BoardRequests,
    mut settings: ResMut<GameSettings>,
    mut coached: Coached,
) {
    // The cursor stays on the board, whatever its size and shape.
    let variant = game.variant();
    let step_cursor = |cursor: &mut BoardCursor, step: IVec2| {
        cursor.square = cursor_step(variant, cursor.square, step);
        cursor.visible = true;
    };
    for intent in intents.read() {
        if coached.takes(*intent) {
            continue;
        }
        match *intent {
            Intent::MoveCursor(step) => step_cursor(&mut cursor, step),
            Intent::PlaceAtCursor => {
                step_cursor(&mut cursor, IVec2::ZERO);
                requests.place.write(PlaceRequested {
                    square: cursor.square,
                    by: Requester::Human,
                });
            }
            Intent::NewGame => {
                requests.new_game.write(NewGameRequested(*players));
            }
            Intent::Undo => {
                requests.undo.write(UndoRequested);
            }
            Intent::ToggleHints => settings.show_hints = !settings.show_hints,
            Intent::ToggleView => settings.view = settings.view.toggled(),
            Intent::StepBack | Intent::StepForward => {
                let plays = game
                    .0
                    .history()
                    .iter()
                    .filter(|m| matches!(m, crate::rules::Move::Play(_)))
                    .count();
                requests.jump.write(JumpRequested {
                    plays: match *intent {
                        Intent::StepBack => plays.saturating_sub(1),
                        _ => plays + 1,
                    },
                });
            }
            Intent::Redo => {
                requests.redo.write(RedoRequested);
            }
            _ => {}
        }
    }
}

/// Where the cursor on `from` goes by `step` on `variant`'s board: squares that are off are jumped
/// over, and a step that finds no square before the edge stays on `from`. A cursor off the board
/// (left there by a board of another size or shape) comes back to the centre.
pub fn cursor_step(variant: Variant, from: Square, step: IVec2) -> Square {
    let centre = variant.centre_first() as u8;
    let from = if variant.index(from).is_some() {
        from
    } else {
        Square::new(centre, centre)
    };
    if step == IVec2::ZERO {
        return from;
    }
    let n = variant.size() as i32;
    let (mut file, mut rank) = (from.file as i32, from.rank as i32);
    loop {
        file += step.x;
        rank += step.y;
        if !(0..n).contains(&file) || !(0..n).contains(&rank) {
            return from;
        }
        let square = Square::new(file as u8, rank as u8);
        if variant.index(square).is_some() {
            return square;
        }
    }
}
