//! The main menu. Its first sight: the game's name and the main choices as large buttons (Play
//! or Resume, Learn to play, Puzzles, Play a friend) and the rest smaller, on a card at the foot of
//! the board, which stays in view. One step in, the new game's details: the board and rules, the
//! kind of game (against the AI, two players, AI against AI), colour, levels and clock; Start and
//! Back. Keyboard and gamepad work through egui's focus.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::navigation::{FocusFirst, GameOverDismissed};
pub use super::navigation::{GameStarted, MenuPage};
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

/// The board and rules pickers, with the rules' one-line explanation where `explained` (else on
/// hover over the panel's board name): the sizes, then the named shapes (the cross and the
/// octagon), and a shape drawn in the editor while it is the board. A choice that does not exist
/// (the free opening on 7×7, which has no 2×2 centre) cannot be made.
fn variant_picker(ui: &mut egui::Ui, texts: &Texts, choices: &mut MenuChoices, explained: bool) {
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
    if explained {
        ui.label(egui::RichText::new(words::rules_summary(texts, choices.variant)).weak());
    }
}

/// Below this height (points: a short window, or large text) the new game's choices go in two
/// columns, so that they fit without scrolling.
const SHORT_SCREEN: f32 = 560.0;
/// Room kept under the new game's choices for its buttons and a separator, in points.
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
    page: ResMut<'w, MenuPage>,
}

fn main_menu(
    mut contexts: EguiContexts,
    mut choices: ResMut<MenuChoices>,
    mut act: MenuActions,
    (texts, panel, settings): (Res<Texts>, Res<SidePanel>, Res<crate::game::GameSettings>),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    match *act.page {
        MenuPage::Home => home(ctx, &texts, &panel, settings.theme, &mut act),
        MenuPage::NewGame => new_game(ctx, &texts, &panel, &mut choices, &mut act),
    }
    Ok(())
}

/// One of the first sight's large buttons, in the felt's colour, with the click sound.
fn big_button(
    ui: &mut egui::Ui,
    text: &str,
    (width, fill): (f32, egui::Color32),
    clicks: &mut MessageWriter<UiClick>,
) -> egui::Response {
    // A phone's narrow buttons take smaller words.
    let size = if width < 200.0 { 17.0 } else { 22.0 };
    let label = egui::RichText::new(text)
        .size(size)
        .color(egui::Color32::WHITE);
    let response = ui.add(
        egui::Button::new(label)
            .fill(fill)
            .corner_radius(10.0)
            .min_size(egui::vec2(width, 54.0)),
    );
    if response.clicked() {
        clicks.write(UiClick);
    }
    response
}

/// One of the first sight's smaller buttons, with the click sound.
fn small_button(ui: &mut egui::Ui, text: &str, clicks: &mut MessageWriter<UiClick>) -> bool {
    let button = egui::Button::new(egui::RichText::new(text).size(16.0))
        .corner_radius(8.0)
        .min_size(egui::vec2(0.0, 32.0));
    let clicked = ui.add(button).clicked();
    if clicked {
        clicks.write(UiClick);
    }
    clicked
}

/// The first sight: the game's name and its main choices as large buttons (Play, or Resume during
/// a game; Learn to play, Puzzles, Play a friend), the others smaller under them, on a rounded
/// card at the foot of the board (under it in a portrait window), so that the board and its discs
/// stay in view.
fn home(
    ctx: &egui::Context,
    texts: &Texts,
    panel: &SidePanel,
    theme: crate::game::theme::Theme,
    act: &mut MenuActions,
) {
    let palette = theme.palette();
    let felt = super::looks::egui_colour(palette.felt);
    let screen = ctx.content_rect();
    let room = screen.width() - panel.width;
    let width = ((room - 80.0) / 2.0).clamp(130.0, 240.0);
    // Under a portrait window's board, over the panel there: the board stays in view.
    let above = if panel.height > 0.0 {
        16.0
    } else {
        panel.bottom() + 16.0
    };
    egui::Area::new(egui::Id::new("main-menu"))
        .anchor(
            egui::Align2::CENTER_BOTTOM,
            [super::over_board(panel)[0], -above],
        )
        .show(ctx, |ui| {
            let frame = egui::Frame::window(ui.style())
                .corner_radius(16.0)
                .inner_margin(18.0)
                .stroke(egui::Stroke::new(
                    2.0,
                    super::looks::egui_colour(palette.frame),
                ));
            frame.show(ui, |ui| {
                ui.set_max_width(2.0 * width + 12.0);
                ui.vertical_centered(|ui| {
                    ui.label(
                        egui::RichText::new(tr!(texts, "app-name"))
                            .size(34.0)
                            .strong(),
                    );
                });
                ui.add_space(6.0);
                let (play, play_text) = match act.started.0 {
                    true => (MainChoice::Resume, tr!(texts, "menu-resume")),
                    false => (MainChoice::Play, tr!(texts, "menu-play")),
                };
                let learn = &crate::lessons::COURSES[0];
                let done = learn
                    .lessons()
                    .filter(|n| act.lessons_done.0.0.contains(n))
                    .count();
                let puzzles = tr!(
                    texts,
                    "menu-puzzles",
                    solved = act.puzzles_solved.0.0.len(),
                    total = crate::ai::puzzles::shipped().len()
                );
                let main = [
                    (play, play_text),
                    (
                        MainChoice::Dialog(Dialog::Lessons),
                        tr!(texts, "menu-learn", done = done, total = learn.count),
                    ),
                    (MainChoice::Dialog(Dialog::Puzzles), puzzles),
                    (
                        MainChoice::Dialog(Dialog::Online),
                        tr!(texts, "menu-online"),
                    ),
                ];
                let mut chosen = None;
                egui::Grid::new("home-main")
                    .spacing([12.0, 12.0])
                    .show(ui, |ui| {
                        for (i, (choice, text)) in main.iter().enumerate() {
                            let button = big_button(ui, text, (width, felt), &mut act.clicks);
                            // Keyboard and gamepad focus starts on the first.
                            if i == 0 && act.focus_first.0 {
                                button.request_focus();
                                act.focus_first.0 = false;
                            }
                            if button.clicked() {
                                chosen = Some(*choice);
                            }
                            if i % 2 == 1 {
                                ui.end_row();
                            }
                        }
                    });
                ui.add_space(10.0);
                ui.horizontal_wrapped(|ui| {
                    ui.spacing_mut().item_spacing = egui::vec2(8.0, 8.0);
                    if act.started.0
                        && small_button(ui, &tr!(texts, "panel-new-game"), &mut act.clicks)
                    {
                        chosen = Some(MainChoice::Play);
                    }
                    let win = &crate::lessons::COURSES[1];
                    let won = win
                        .lessons()
                        .filter(|n| act.lessons_done.0.0.contains(n))
                        .count();
                    let others = [
                        (
                            MainChoice::Dialog(Dialog::Lessons),
                            tr!(texts, "menu-win", done = won, total = win.count),
                        ),
                        (
                            MainChoice::Dialog(Dialog::Practice),
                            tr!(
                                texts,
                                "menu-practice",
                                learned = act.openings_learned.0.0.len(),
                                total = crate::rules::openings::names().len()
                            ),
                        ),
                        (
                            MainChoice::Dialog(Dialog::Tournament),
                            tournament_label(texts, act),
                        ),
                        (
                            MainChoice::Dialog(Dialog::PastGames),
                            tr!(texts, "menu-past-games"),
                        ),
                        (
                            MainChoice::Dialog(Dialog::Database),
                            tr!(texts, "menu-database"),
                        ),
                        (
                            MainChoice::Dialog(Dialog::Settings),
                            tr!(texts, "menu-settings"),
                        ),
                    ];
                    for (choice, text) in others {
                        if small_button(ui, &text, &mut act.clicks) {
                            chosen = Some(choice);
                        }
                    }
                    // A page has nothing to quit.
                    if cfg!(not(target_arch = "wasm32"))
                        && small_button(ui, &tr!(texts, "menu-quit"), &mut act.clicks)
                    {
                        act.exit.write(AppExit::Success);
                    }
                });
                if let Some(choice) = chosen {
                    act.choose(choice);
                }
            });
        });
}

/// What a button of the first sight leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MainChoice {
    /// The new game's details, one step in.
    Play,
    Resume,
    Dialog(Dialog),
}

impl MenuActions<'_> {
    fn choose(&mut self, choice: MainChoice) {
        let dialog = match choice {
            MainChoice::Play => {
                *self.page = MenuPage::NewGame;
                self.focus_first.0 = true;
                return;
            }
            MainChoice::Resume => {
                self.next_screen.set(Screen::Playing);
                return;
            }
            MainChoice::Dialog(dialog) => dialog,
        };
        self.next_dialog.set(dialog);
        self.focus_first.0 = true;
    }
}

/// "Tournament", or the round a tournament in progress is at.
fn tournament_label(texts: &Texts, act: &MenuActions) -> String {
    match act
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
    }
}

/// The new game's details, one step in from the first sight: the board and rules, the kind of
/// game, colour, levels and clock; Start and Back. In a short window (large text) the choices go
/// in two columns, their explanations left to hovering, so that none is cut.
fn new_game(
    ctx: &egui::Context,
    texts: &Texts,
    panel: &SidePanel,
    choices: &mut MenuChoices,
    act: &mut MenuActions,
) {
    let screen = ctx.content_rect();
    // Over the side panel too where the board's part of the window is narrow.
    let columns = screen.height() < SHORT_SCREEN && screen.width() >= 600.0;
    let wanted = if columns { 760.0 } else { 560.0 };
    egui::Window::new(tr!(texts, "panel-new-game"))
        .id(egui::Id::new("new-game"))
        .min_width(super::fitting_width(ctx, 440.0))
        .collapsible(false)
        .auto_sized()
        .max_width(super::fitting_width(ctx, wanted))
        .anchor(egui::Align2::CENTER_CENTER, super::over_board(panel))
        .show(ctx, |ui| {
            ui.spacing_mut().item_spacing.y = 8.0;
            if columns {
                ui.columns(2, |halves| {
                    variant_picker(&mut halves[0], texts, choices, false);
                    game_choices(&mut halves[1], texts, choices, false);
                });
            } else {
                super::scroll_to_fit(ui, MENU_BUTTON_ROWS_HEIGHT, |ui| {
                    variant_picker(ui, texts, choices, true);
                    ui.separator();
                    game_choices(ui, texts, choices, true);
                });
            }
            ui.separator();
            ui.horizontal(|ui| {
                let start = menu_button(ui, &tr!(texts, "menu-start"), &mut act.clicks);
                if act.focus_first.0 {
                    start.request_focus();
                    act.focus_first.0 = false;
                }
                if start.clicked() {
                    act.new_game
                        .write(NewGameRequested(choices.match_settings()));
                    act.next_screen.set(Screen::Playing);
                    act.started.0 = true;
                    act.dismissed.0 = false;
                    *act.page = MenuPage::Home;
                }
                if menu_button(ui, &tr!(texts, "menu-back"), &mut act.clicks).clicked() {
                    *act.page = MenuPage::Home;
                    act.focus_first.0 = true;
                }
            });
        });
}

/// The kind of game (against the AI, two players, AI against AI), colour, levels and clock; the
/// level's description where `explained` (else on hover over the level).
fn game_choices(ui: &mut egui::Ui, texts: &Texts, choices: &mut MenuChoices, explained: bool) {
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
                ui.radio_value(&mut choices.human, Player::White, tr!(texts, "menu-white"));
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
            if explained {
                let description = words::level_description(texts, choices.level, choices.variant);
                ui.label(egui::RichText::new(description).weak());
            }
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
}
