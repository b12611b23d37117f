//! The main menu: the board and rules, the kind of game (against the AI, two players, AI against
//! AI), colour, levels and clock; Start, Resume, Settings, Quit. Keyboard and gamepad work through
//! egui's focus.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub use super::navigation::GameStarted;
use super::navigation::{FocusFirst, GameOverDismissed};
use super::{Dialog, Screen, SidePanel, UiPass, menu_button, words};
use crate::ai::Level;
use crate::audio::UiClick;
use crate::game::{MatchSettings, NewGameRequested};
use crate::i18n::Texts;
use crate::rules::{Goal, Opening, Player, Shape, Variant};
use crate::tr;

/// The kind of game chosen in the main menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    HumanVsAi,
    TwoHumans,
    AiVsAi,
}

/// The main menu's choices, kept while the game runs.
#[derive(Resource, Clone, Copy, Debug)]
pub struct MenuChoices {
    pub mode: Mode,
    pub human: Player,
    pub level: Level,
    /// White's level in AI vs AI (black uses `level`).
    pub level_white: Level,
    /// Minutes per player, or no clock.
    pub clock_minutes: Option<u32>,
    /// The board size and rules.
    pub variant: Variant,
    /// Whether the board list shows every supported size, not just the common ones.
    pub more_sizes: bool,
}

impl Default for MenuChoices {
    fn default() -> Self {
        MenuChoices {
            mode: Mode::HumanVsAi,
            human: Player::Black,
            level: Level::Intermediate,
            level_white: Level::Intermediate,
            clock_minutes: None,
            variant: Variant::STANDARD,
            more_sizes: false,
        }
    }
}

impl MenuChoices {
    /// The players these choices stand for.
    pub fn match_settings(&self) -> MatchSettings {
        let players = match self.mode {
            Mode::HumanVsAi => MatchSettings::human_vs_ai(self.human, self.level),
            Mode::TwoHumans => MatchSettings::two_humans(),
            Mode::AiVsAi => MatchSettings::ai_vs_ai(self.level, self.level_white),
        };
        players
            .with_clock(
                self.clock_minutes
                    .map(|m| std::time::Duration::from_secs(60 * u64::from(m))),
            )
            .on(self.variant)
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<MenuChoices>()
        .init_resource::<GameStarted>()
        .add_systems(
            EguiPrimaryContextPass,
            main_menu
                .in_set(UiPass::Windows)
                .run_if(in_state(Screen::MainMenu))
                // A dialog opened from the menu takes its place until it closes.
                .run_if(in_state(Dialog::None)),
        );
}

/// The board sizes the menu lists first; the others are behind "More sizes".
pub const COMMON_SIZES: [u32; 4] = [6, 7, 8, 10];

/// The rules the menu offers, as (opening, goal).
const RULES: [(Opening, Goal); 4] = [
    (Opening::Othello, Goal::MostDiscs),
    (Opening::Free, Goal::MostDiscs),
    (Opening::Othello, Goal::FewestDiscs),
    (Opening::Free, Goal::FewestDiscs),
];

/// The board and rules pickers, with the rules' one-line explanation: the sizes, then the named
/// shapes (the cross and the octagon), and a shape drawn in the editor while it is the board. A
/// choice that does not exist (the free opening on 7×7, which has no 2×2 centre) cannot be made.
fn variant_picker(ui: &mut egui::Ui, texts: &Texts, choices: &mut MenuChoices) {
    let current = choices.variant;
    ui.horizontal(|ui| {
        ui.label(tr!(texts, "menu-board"));
        let sizes: Vec<u32> = if choices.more_sizes {
            Variant::SIZES.to_vec()
        } else {
            COMMON_SIZES.to_vec()
        };
        egui::ComboBox::from_id_salt("board-size")
            .selected_text(words::board_name(texts, current))
            .width(120.0)
            .show_ui(ui, |ui| {
                // The current rules on a board of `size`, or Othello's start where the free
                // opening cannot be played there.
                let on = |size: u32| {
                    Variant::new(size, current.opening, current.goal)
                        .or_else(|_| Variant::new(size, Opening::Othello, current.goal))
                };
                for n in sizes {
                    if let Ok(variant) = on(n) {
                        let name = words::board_name(texts, variant);
                        ui.selectable_value(&mut choices.variant, variant, name);
                    }
                }
                ui.separator();
                for shape in Shape::NAMED {
                    let shaped = on(Shape::NAMED_SIZE).map(|v| v.with_shape(shape.name()));
                    if let Ok(Ok(variant)) = shaped {
                        let name = words::shape_name(texts, shape);
                        ui.selectable_value(&mut choices.variant, variant, name);
                    }
                }
                if current.shape() == Shape::Drawn {
                    let name = words::board_name(texts, current);
                    ui.selectable_value(&mut choices.variant, current, name);
                }
            });
        ui.checkbox(&mut choices.more_sizes, tr!(texts, "menu-more-sizes"));
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(tr!(texts, "menu-rules"));
        for (opening, goal) in RULES {
            let name = words::rules_name(texts, opening, goal);
            match current.with_opening_and_goal(opening, goal) {
                Ok(variant) => {
                    ui.radio_value(&mut choices.variant, variant, name);
                }
                Err(why) => {
                    ui.add_enabled(false, egui::RadioButton::new(false, name))
                        .on_disabled_hover_text(words::variant_error(texts, &why));
                }
            }
        }
    });
    ui.label(egui::RichText::new(words::rules_summary(texts, choices.variant)).weak());
}

/// Room kept under the menu's choices for its buttons (five, and a separator), in points.
const MENU_BUTTONS_HEIGHT: f32 = 210.0;
/// Below this height (points: a short window, or large text) the buttons go in rows side by side,
/// so that the choices above them keep room to be read.
const SHORT_SCREEN: f32 = 560.0;
/// Room kept for the buttons in rows.
const MENU_BUTTON_ROWS_HEIGHT: f32 = 90.0;

/// Time controls offered in the menu, in minutes per player.
const CLOCK_CHOICES: [u32; 7] = [1, 3, 5, 10, 15, 20, 30];

pub fn clock_picker(ui: &mut egui::Ui, texts: &Texts, minutes: &mut Option<u32>) {
    let text = |m: Option<u32>| match m {
        None => tr!(texts, "menu-no-clock"),
        Some(m) => tr!(texts, "menu-clock-minutes", minutes = m),
    };
    egui::ComboBox::from_id_salt("clock")
        .selected_text(text(*minutes))
        .width(160.0)
        .show_ui(ui, |ui| {
            ui.selectable_value(minutes, None, text(None));
            for m in CLOCK_CHOICES {
                ui.selectable_value(minutes, Some(m), text(Some(m)));
            }
        });
}

fn level_picker(
    ui: &mut egui::Ui,
    texts: &Texts,
    id: egui::Id,
    level: &mut Level,
    variant: Variant,
) {
    egui::ComboBox::from_id_salt(id)
        .selected_text(words::level_name(texts, *level))
        .width(160.0)
        .show_ui(ui, |ui| {
            for choice in Level::ALL {
                ui.selectable_value(level, choice, words::level_name(texts, choice))
                    .on_hover_text(words::level_description(texts, choice, variant));
            }
        })
        .response
        .on_hover_text(words::level_description(texts, *level, variant));
}

/// What the menu's buttons lead to.
#[derive(bevy::ecs::system::SystemParam)]
struct MenuActions<'w> {
    new_game: MessageWriter<'w, NewGameRequested>,
    clicks: MessageWriter<'w, UiClick>,
    exit: MessageWriter<'w, AppExit>,
    next_screen: ResMut<'w, NextState<Screen>>,
    next_dialog: ResMut<'w, NextState<Dialog>>,
    started: ResMut<'w, GameStarted>,
    dismissed: ResMut<'w, GameOverDismissed>,
    focus_first: ResMut<'w, FocusFirst>,
    lessons_done: Res<'w, crate::game::lesson::LessonsDone>,
    puzzles_solved: Res<'w, crate::game::puzzle::PuzzlesSolved>,
    openings_learned: Res<'w, crate::game::practice::OpeningsLearned>,
    tournaments: Res<'w, crate::game::tournament::Tournaments>,
}

fn main_menu(
    mut contexts: EguiContexts,
    mut choices: ResMut<MenuChoices>,
    mut act: MenuActions,
    (texts, panel): (Res<Texts>, Res<SidePanel>),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let choices = &mut *choices;
    let texts = &*texts;
    egui::Window::new(tr!(texts, "app-name"))
        .id(egui::Id::new("main-menu"))
        .min_width(super::fitting_width(ctx, 440.0))
        .collapsible(false)
        .auto_sized()
        .max_width(super::fitting_width(ctx, 560.0))
        .anchor(egui::Align2::CENTER_CENTER, super::over_board(&panel))
        .show(ctx, |ui| {
            let short = ctx.content_rect().height() < SHORT_SCREEN;
            let below = if short {
                MENU_BUTTON_ROWS_HEIGHT
            } else {
                MENU_BUTTONS_HEIGHT
            };
            super::scroll_to_fit(ui, below, |ui| {
                ui.spacing_mut().item_spacing.y = 8.0;
                variant_picker(ui, texts, choices);
                ui.separator();
                ui.label(egui::RichText::new(tr!(texts, "menu-game")).strong());
                ui.horizontal_wrapped(|ui| {
                    ui.radio_value(
                        &mut choices.mode,
                        Mode::HumanVsAi,
                        tr!(texts, "menu-against-ai"),
                    );
                    ui.radio_value(
                        &mut choices.mode,
                        Mode::TwoHumans,
                        tr!(texts, "menu-two-players"),
                    );
                    ui.radio_value(&mut choices.mode, Mode::AiVsAi, tr!(texts, "menu-ai-vs-ai"));
                });
                match choices.mode {
                    Mode::HumanVsAi => {
                        ui.horizontal(|ui| {
                            ui.label(tr!(texts, "menu-you-play"));
                            ui.radio_value(
                                &mut choices.human,
                                Player::Black,
                                tr!(texts, "menu-black-first"),
                            );
                            ui.radio_value(
                                &mut choices.human,
                                Player::White,
                                tr!(texts, "menu-white"),
                            );
                        });
                        ui.horizontal(|ui| {
                            ui.label(tr!(texts, "menu-ai-level"));
                            level_picker(
                                ui,
                                texts,
                                egui::Id::new("level"),
                                &mut choices.level,
                                choices.variant,
                            );
                        });
                        ui.label(
                            egui::RichText::new(words::level_description(
                                texts,
                                choices.level,
                                choices.variant,
                            ))
                            .weak(),
                        );
                    }
                    Mode::TwoHumans => {
                        ui.label(tr!(texts, "menu-two-players-note"));
                    }
                    Mode::AiVsAi => {
                        ui.horizontal(|ui| {
                            ui.label(words::player(texts, Player::Black));
                            level_picker(
                                ui,
                                texts,
                                egui::Id::new("level-black"),
                                &mut choices.level,
                                choices.variant,
                            );
                        });
                        ui.horizontal(|ui| {
                            ui.label(words::player(texts, Player::White));
                            level_picker(
                                ui,
                                texts,
                                egui::Id::new("level-white"),
                                &mut choices.level_white,
                                choices.variant,
                            );
                        });
                    }
                }
                ui.horizontal(|ui| {
                    ui.label(tr!(texts, "menu-clock"));
                    clock_picker(ui, texts, &mut choices.clock_minutes);
                });
            });
            // The buttons stay in view below the choices, which scroll when the window is short;
            // in a short window they go side by side, in rows.
            ui.separator();
            let buttons = |ui: &mut egui::Ui| {
                // Keyboard and gamepad focus starts on Resume during a game, else on Start.
                let start = menu_button(ui, &tr!(texts, "menu-start"), &mut act.clicks);
                if act.focus_first.0 && !act.started.0 {
                    start.request_focus();
                    act.focus_first.0 = false;
                }
                if start.clicked() {
                    act.new_game
                        .write(NewGameRequested(choices.match_settings()));
                    act.next_screen.set(Screen::Playing);
                    act.started.0 = true;
                    act.dismissed.0 = false;
                }
                if act.started.0 {
                    let resume = menu_button(ui, &tr!(texts, "menu-resume"), &mut act.clicks);
                    if act.focus_first.0 {
                        resume.request_focus();
                        act.focus_first.0 = false;
                    }
                    if resume.clicked() {
                        act.next_screen.set(Screen::Playing);
                    }
                }
                for course in &crate::lessons::COURSES {
                    let done = course
                        .lessons()
                        .filter(|n| act.lessons_done.0.0.contains(n))
                        .count();
                    let total = course.count;
                    let label = if course.first == 1 {
                        tr!(texts, "menu-learn", done = done, total = total)
                    } else {
                        tr!(texts, "menu-win", done = done, total = total)
                    };
                    if menu_button(ui, &label, &mut act.clicks).clicked() {
                        act.next_dialog.set(Dialog::Lessons);
                        act.focus_first.0 = true;
                    }
                }
                let puzzles = tr!(
                    texts,
                    "menu-puzzles",
                    solved = act.puzzles_solved.0.0.len(),
                    total = crate::ai::puzzles::shipped().len()
                );
                if menu_button(ui, &puzzles, &mut act.clicks).clicked() {
                    act.next_dialog.set(Dialog::Puzzles);
                    act.focus_first.0 = true;
                }
                let practice = tr!(
                    texts,
                    "menu-practice",
                    learned = act.openings_learned.0.0.len(),
                    total = crate::rules::openings::names().len()
                );
                if menu_button(ui, &practice, &mut act.clicks).clicked() {
                    act.next_dialog.set(Dialog::Practice);
                    act.focus_first.0 = true;
                }
                let tournament = match act
                    .tournaments
                    .current
                    .as_ref()
                    .map(|t| (t.current_round(), t.rounds()))
                {
                    Some((Some(round), rounds)) => tr!(
                        texts,
                        "menu-tournament-round",
                        round = round.number + 1,
                        rounds = rounds
                    ),
                    _ => tr!(texts, "menu-tournament"),
                };
                if menu_button(ui, &tournament, &mut act.clicks).clicked() {
                    act.next_dialog.set(Dialog::Tournament);
                }
                if menu_button(ui, &tr!(texts, "menu-online"), &mut act.clicks).clicked() {
                    act.next_dialog.set(Dialog::Online);
                    act.focus_first.0 = true;
                }
                if menu_button(ui, &tr!(texts, "menu-past-games"), &mut act.clicks).clicked() {
                    act.next_dialog.set(Dialog::PastGames);
                }
                if menu_button(ui, &tr!(texts, "menu-settings"), &mut act.clicks).clicked() {
                    act.next_dialog.set(Dialog::Settings);
                }
                // A page has nothing to quit.
                if cfg!(not(target_arch = "wasm32"))
                    && menu_button(ui, &tr!(texts, "menu-quit"), &mut act.clicks).clicked()
                {
                    act.exit.write(AppExit::Success);
                }
            };
            if short {
                ui.horizontal_wrapped(buttons);
            } else {
                ui.vertical_centered(buttons);
            }
        });
    Ok(())
}
