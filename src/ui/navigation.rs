//! Moving between screens and dialogs from any device: the menu key, Back, and the gamepad walking
//! egui's own focus (Tab, Shift+Tab, Enter); whether the menus hold the focus (then the board
//! takes no input); and whether texts name their keys (not where there is no keyboard).

use bevy::prelude::*;
use bevy_egui::{EguiInput, EguiPreUpdateSet, PrimaryEguiContext, egui};

use super::{Dialog, Screen};
use crate::game::GameSystems;
use crate::game::lesson::{LessonRun, Stage};
use crate::game::puzzle::{PuzzleRun, PuzzleStage};
use crate::input::{Intent, MenuFocus};
use crate::lessons::Task;

/// Keys to hand to egui at the start of the next frame (gamepad menu navigation).
#[derive(Resource, Default)]
struct PendingEguiKeys(Vec<(egui::Key, egui::Modifiers)>);

/// The player closed this game's result to look at the board (a new game resets it).
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct GameOverDismissed(pub bool);

/// A game has been started (from the menu, a link, the command line or a saved game), so the menu
/// offers Resume.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct GameStarted(pub bool);

/// The main menu's page: its first sight, or the new game's details one step in.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MenuPage {
    #[default]
    Home,
    NewGame,
}

/// A menu or dialog has just opened: its first button takes the keyboard and gamepad focus.
#[derive(Resource, Clone, Copy, Debug)]
pub struct FocusFirst(pub bool);

impl Default for FocusFirst {
    fn default() -> Self {
        FocusFirst(true)
    }
}

/// Whether a text names the key that does the same ("Hints (H)"): not on a touch screen, which
/// has no keyboard (once a touch is seen, or in a portrait window, as a phone held upright).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeysShown(pub bool);

impl Default for KeysShown {
    fn default() -> Self {
        KeysShown(true)
    }
}

impl KeysShown {
    /// `text` with its `key` after it where keys are shown.
    pub fn name(self, text: String, key: &str) -> String {
        match self.0 {
            true => format!("{text} ({key})"),
            false => text,
        }
    }
}

fn update_keys_shown(
    touches: Option<Res<Touches>>,
    panel: Option<Res<super::SidePanel>>,
    mut touched: Local<bool>,
    mut shown: ResMut<KeysShown>,
) {
    *touched |= touches.is_some_and(|t| t.iter().next().is_some() || t.any_just_released());
    let portrait = panel.is_some_and(|panel| panel.height > 0.0);
    let wanted = !*touched && !portrait;
    if shown.0 != wanted {
        shown.0 = wanted;
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<PendingEguiKeys>()
        .init_resource::<FocusFirst>()
        .init_resource::<KeysShown>()
        .init_resource::<MenuPage>()
        .add_systems(
            PreUpdate,
            inject_egui_keys
                .after(EguiPreUpdateSet::ProcessInput)
                .before(EguiPreUpdateSet::BeginPass),
        )
        .add_systems(
            Update,
            (menu_intents, sync_menu_focus)
                .chain()
                .in_set(GameSystems::Input),
        )
        .add_systems(Update, update_keys_shown);
}

fn inject_egui_keys(
    mut pending: ResMut<PendingEguiKeys>,
    mut inputs: Query<&mut EguiInput, With<PrimaryEguiContext>>,
) {
    if pending.0.is_empty() {
        return;
    }
    for mut input in &mut inputs {
        for &(key, modifiers) in &pending.0 {
            for pressed in [true, false] {
                input.0.events.push(egui::Event::Key {
                    key,
                    physical_key: None,
                    pressed,
                    repeat: false,
                    modifiers,
                });
            }
        }
    }
    pending.0.clear();
}

/// Menu intents from any device: the menu key opens the main menu; Back closes the dialog in front
/// (the board editor goes back to the record window it came from), else goes back from the new
/// game's details to the menu's first sight, else leaves the main menu for a game in progress; the gamepad's focus moves become egui keys.
fn menu_intents(
    mut intents: MessageReader<Intent>,
    (screen, dialog): (Res<State<Screen>>, Res<State<Dialog>>),
    (mut next_screen, mut next_dialog): (ResMut<NextState<Screen>>, ResMut<NextState<Dialog>>),
    (started, mut dismissed, mut focus_first, mut page): (
        Res<GameStarted>,
        ResMut<GameOverDismissed>,
        ResMut<FocusFirst>,
        ResMut<MenuPage>,
    ),
    mut pending: ResMut<PendingEguiKeys>,
) {
    for intent in intents.read() {
        match intent {
            Intent::ToggleMenu => {
                next_screen.set(Screen::MainMenu);
                *page = MenuPage::Home;
                focus_first.0 = true;
            }
            Intent::Back => match **dialog {
                Dialog::Editor => next_dialog.set(Dialog::Record),
                Dialog::GameOver => {
                    dismissed.0 = true;
                    next_dialog.set(Dialog::None);
                }
                Dialog::Settings
                | Dialog::Record
                | Dialog::Lessons
                | Dialog::Online
                | Dialog::PastGames
                | Dialog::Database
                | Dialog::Puzzles
                | Dialog::Practice
                | Dialog::Tournament => next_dialog.set(Dialog::None),
                Dialog::None
                    if matches!(**screen, Screen::Lesson | Screen::Puzzle | Screen::Practice) =>
                {
                    next_screen.set(Screen::MainMenu)
                }
                Dialog::None if **screen == Screen::MainMenu && *page == MenuPage::NewGame => {
                    *page = MenuPage::Home;
                    focus_first.0 = true;
                }
                Dialog::None if **screen == Screen::MainMenu && started.0 => {
                    next_screen.set(Screen::Playing)
                }
                Dialog::None => {}
            },
            Intent::MenuNext => pending.0.push((egui::Key::Tab, egui::Modifiers::NONE)),
            Intent::MenuPrevious => pending.0.push((egui::Key::Tab, egui::Modifiers::SHIFT)),
            Intent::MenuActivate => pending.0.push((egui::Key::Enter, egui::Modifiers::NONE)),
            _ => {}
        }
    }
}

/// Whether menus hold the focus: the main menu, any dialog, or a lesson or puzzle whose task is
/// answered in its panel (a score to choose, the first game to start, the next lesson or puzzle
/// to open).
pub fn menu_has_focus(screen: Screen, dialog: Dialog, panel_task: bool) -> bool {
    screen == Screen::MainMenu
        || dialog != Dialog::None
        || (matches!(screen, Screen::Lesson | Screen::Puzzle) && panel_task)
}

/// Keeps [`MenuFocus`] in step with the screen, the dialog and the lesson.
fn sync_menu_focus(
    screen: Res<State<Screen>>,
    dialog: Res<State<Dialog>>,
    lesson: Res<LessonRun>,
    puzzle: Res<PuzzleRun>,
    mut focus: ResMut<MenuFocus>,
) {
    let panel_task = match **screen {
        Screen::Lesson => lesson.0.as_ref().is_some_and(|run| {
            run.stage == Stage::Complete
                || matches!(run.current().task, Task::Score(_) | Task::FirstGame)
        }),
        Screen::Puzzle => puzzle
            .0
            .as_ref()
            .is_some_and(|state| matches!(state.stage, PuzzleStage::Scoring | PuzzleStage::Solved)),
        _ => false,
    };
    let wanted = menu_has_focus(**screen, **dialog, panel_task);
    if focus.0 != wanted {
        focus.0 = wanted;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::input::touch::{TouchInput, TouchPhase};

    #[test]
    fn keys_are_named_only_where_a_keyboard_is_likely() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, bevy::input::InputPlugin))
            .init_resource::<KeysShown>()
            .init_resource::<super::super::SidePanel>()
            .add_systems(Update, update_keys_shown);
        let shown = |app: &App| *app.world().resource::<KeysShown>();
        app.update();
        assert_eq!(shown(&app).name("Hints".into(), "H"), "Hints (H)");
        // A portrait window (a phone held upright): no keys.
        app.world_mut()
            .resource_mut::<super::super::SidePanel>()
            .height = 400.0;
        app.update();
        assert_eq!(shown(&app).name("Hints".into(), "H"), "Hints");
        app.world_mut()
            .resource_mut::<super::super::SidePanel>()
            .height = 0.0;
        app.update();
        assert!(shown(&app).0);
        // A touch on a landscape screen (a tablet): no keys from then on.
        app.world_mut().write_message(TouchInput {
            phase: TouchPhase::Started,
            position: Vec2::new(10.0, 10.0),
            window: Entity::PLACEHOLDER,
            force: None,
            id: 1,
        });
        app.update();
        app.update();
        assert!(!shown(&app).0);
    }
}
