//! The windows: main menu (mode, colour, level, start), settings (sound, animation speed, legal-move
//! markers, AI speed) and the game-over dialog. Keyboard works through egui's own focus (Tab,
//! Enter, Space); the gamepad walks the same focus.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiInput, EguiPreUpdateSet, PrimaryEguiContext, egui};

use super::{Mode, Screen, UiState, sync_menu_focus};
use crate::ai::Level;
use crate::audio::UiClick;
use crate::game::turn::Phase;
use crate::game::{CurrentGame, GameSettings, GameSystems, MatchSettings, NewGameRequested};
use crate::input::{Intent, MenuFocus};
use crate::rules::Player;

/// Keys to hand to egui at the start of the next frame (gamepad menu navigation).
#[derive(Resource, Default)]
struct PendingEguiKeys(Vec<(egui::Key, egui::Modifiers)>);

pub fn plugin(app: &mut App) {
    app.init_resource::<PendingEguiKeys>()
        .add_systems(
            PreUpdate,
            inject_egui_keys
                .after(EguiPreUpdateSet::ProcessInput)
                .before(EguiPreUpdateSet::BeginPass),
        )
        .add_systems(Update, menu_intents.in_set(GameSystems::Input));
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

/// Menu intents from any device: open, back, and focus navigation for the gamepad.
fn menu_intents(
    mut intents: MessageReader<Intent>,
    mut ui: ResMut<UiState>,
    mut pending: ResMut<PendingEguiKeys>,
    mut focus: ResMut<MenuFocus>,
    phase: Res<Phase>,
) {
    for intent in intents.read() {
        match intent {
            Intent::ToggleMenu => {
                ui.screen = Screen::MainMenu;
                ui.focus_first = true;
            }
            Intent::Back => {
                if ui.editor_open {
                    ui.editor_open = false;
                } else if ui.record_open {
                    ui.record_open = false;
                } else if ui.settings_open {
                    ui.settings_open = false;
                } else if ui.screen == Screen::MainMenu && ui.game_started {
                    ui.screen = Screen::Playing;
                } else if *phase == Phase::GameOver {
                    ui.game_over_dismissed = true;
                }
            }
            Intent::MenuNext => pending.0.push((egui::Key::Tab, egui::Modifiers::NONE)),
            Intent::MenuPrevious => pending.0.push((egui::Key::Tab, egui::Modifiers::SHIFT)),
            Intent::MenuActivate => pending.0.push((egui::Key::Enter, egui::Modifiers::NONE)),
            _ => {}
        }
    }
    let game_over_showing =
        *phase == Phase::GameOver && !ui.game_over_dismissed && ui.screen == Screen::Playing;
    sync_menu_focus(&ui, game_over_showing, &mut focus);
}

/// A button that also plays the click sound.
fn button(ui: &mut egui::Ui, text: &str, clicks: &mut MessageWriter<UiClick>) -> egui::Response {
    let response = ui.add_sized(
        [180.0, 30.0],
        egui::Button::new(egui::RichText::new(text).size(16.0)),
    );
    if response.clicked() {
        clicks.write(UiClick);
    }
    response
}

/// The players a menu choice stands for.
pub fn match_settings(ui: &UiState) -> MatchSettings {
    let players = match ui.mode {
        Mode::HumanVsAi => MatchSettings::human_vs_ai(ui.human, ui.level),
        Mode::TwoHumans => MatchSettings::two_humans(),
        Mode::AiVsAi => MatchSettings::ai_vs_ai(ui.level, ui.level_white),
    };
    players.with_clock(
        ui.clock_minutes
            .map(|m| std::time::Duration::from_secs(60 * u64::from(m))),
    )
}

/// Time controls offered in the menu, in minutes per player.
const CLOCK_CHOICES: [u32; 7] = [1, 3, 5, 10, 15, 20, 30];

fn clock_picker(ui: &mut egui::Ui, minutes: &mut Option<u32>) {
    let text = |m: Option<u32>| m.map_or("No clock".to_string(), |m| format!("{m} min per player"));
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

fn level_picker(ui: &mut egui::Ui, id: &str, level: &mut Level) {
    egui::ComboBox::from_id_salt(id)
        .selected_text(level.name())
        .width(160.0)
        .show_ui(ui, |ui| {
            for choice in Level::ALL {
                ui.selectable_value(level, choice, choice.name())
                    .on_hover_text(choice.description());
            }
        })
        .response
        .on_hover_text(level.description());
}

#[allow(clippy::too_many_arguments)]
pub fn windows(
    mut contexts: EguiContexts,
    mut state: ResMut<UiState>,
    mut stored: ResMut<GameSettings>,
    game: Res<CurrentGame>,
    players: Res<MatchSettings>,
    phase: Res<Phase>,
    mut new_game: MessageWriter<NewGameRequested>,
    mut clicks: MessageWriter<UiClick>,
    #[cfg_attr(target_arch = "wasm32", allow(unused_variables, unused_mut))]
    mut exit: MessageWriter<AppExit>,
    mut notice: ResMut<crate::autosave::SaveNotice>,
    mut load: MessageWriter<crate::game::LoadRequested>,
    clocks: Res<crate::game::clock::Clocks>,
    (analysis, mut analyse, mut jump): (
        Res<crate::game::analysis::Analysis>,
        MessageWriter<crate::game::analysis::AnalyseRequested>,
        MessageWriter<crate::game::JumpRequested>,
    ),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let state = &mut *state;
    if state.screen == Screen::MainMenu {
        egui::Window::new("Reversi")
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |ui| {
                ui.spacing_mut().item_spacing.y = 8.0;
                ui.label(egui::RichText::new("Game").strong());
                ui.horizontal(|ui| {
                    ui.radio_value(&mut state.mode, Mode::HumanVsAi, "Against the AI");
                    ui.radio_value(&mut state.mode, Mode::TwoHumans, "Two players");
                    ui.radio_value(&mut state.mode, Mode::AiVsAi, "Watch AI vs AI");
                });
                match state.mode {
                    Mode::HumanVsAi => {
                        ui.horizontal(|ui| {
                            ui.label("You play");
                            ui.radio_value(&mut state.human, Player::Black, "Black (first)");
                            ui.radio_value(&mut state.human, Player::White, "White");
                        });
                        ui.horizontal(|ui| {
                            ui.label("AI level");
                            level_picker(ui, "level", &mut state.level);
                        });
                        ui.label(egui::RichText::new(state.level.description()).weak());
                    }
                    Mode::TwoHumans => {
                        ui.label("Both sides play on this device, taking turns.");
                    }
                    Mode::AiVsAi => {
                        ui.horizontal(|ui| {
                            ui.label("Black");
                            level_picker(ui, "level-black", &mut state.level);
                        });
                        ui.horizontal(|ui| {
                            ui.label("White");
                            level_picker(ui, "level-white", &mut state.level_white);
                        });
                    }
                }
                ui.horizontal(|ui| {
                    ui.label("Clock");
                    clock_picker(ui, &mut state.clock_minutes);
                });
                ui.separator();
                ui.vertical_centered(|ui| {
                    // Keyboard and gamepad focus starts on Resume during a game, else on Start.
                    let start = button(ui, "Start", &mut clicks);
                    if state.focus_first && !state.game_started {
                        start.request_focus();
                        state.focus_first = false;
                    }
                    if start.clicked() {
                        new_game.write(NewGameRequested(match_settings(state)));
                        state.screen = Screen::Playing;
                        state.game_started = true;
                        state.game_over_dismissed = false;
                    }
                    if state.game_started {
                        let resume = button(ui, "Resume", &mut clicks);
                        if state.focus_first {
                            resume.request_focus();
                            state.focus_first = false;
                        }
                        if resume.clicked() {
                            state.screen = Screen::Playing;
                        }
                    }
                    if button(ui, "Settings", &mut clicks).clicked() {
                        state.settings_open = true;
                    }
                    #[cfg(not(target_arch = "wasm32"))]
                    if button(ui, "Quit", &mut clicks).clicked() {
                        exit.write(AppExit::Success);
                    }
                });
            });
    }

    if state.settings_open {
        // Edited on a copy and written back only on a change, so the autosave sees real changes.
        let mut edited = *stored;
        let settings = &mut edited;
        let mut open = true;
        egui::Window::new("Settings")
            .collapsible(false)
            .resizable(false)
            .open(&mut open)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |ui| {
                ui.spacing_mut().item_spacing.y = 8.0;
                ui.add(egui::Slider::new(&mut settings.volume, 0.0..=1.0).text("Volume"));
                ui.checkbox(&mut settings.muted, "Mute");
                ui.add(
                    egui::Slider::new(&mut settings.animation_speed, 0.0..=3.0)
                        .text("Animation speed")
                        .custom_formatter(|v, _| {
                            if v == 0.0 {
                                "off".into()
                            } else {
                                format!("{v:.1}×")
                            }
                        }),
                );
                ui.checkbox(&mut settings.show_legal_moves, "Show legal moves");
                ui.add(
                    egui::Slider::new(&mut settings.ai_move_delay, 0.0..=3.0)
                        .text("Pause before AI moves (s)"),
                );
                ui.vertical_centered(|ui| {
                    if button(ui, "Done", &mut clicks).clicked() {
                        state.settings_open = false;
                    }
                });
            });
        if !open {
            state.settings_open = false;
        }
        if edited != *stored {
            *stored = edited;
        }
    }

    if state.editor_open {
        let mut open = true;
        if let Some(edited) =
            super::editor::editor_window(ctx, &mut open, &mut state.editor, &game.0.position())
        {
            clicks.write(UiClick);
            load.write(crate::game::LoadRequested(edited));
        }
        state.editor_open = open;
    }

    if state.analysis_open {
        let mut open = true;
        match super::analysis::analysis_window(ctx, &mut open, &analysis, &game.0) {
            Some(super::analysis::AnalysisAction::Analyse) => {
                clicks.write(UiClick);
                analyse.write(crate::game::analysis::AnalyseRequested);
            }
            Some(super::analysis::AnalysisAction::JumpTo(plays)) => {
                jump.write(crate::game::JumpRequested { plays });
            }
            None => {}
        }
        state.analysis_open = open;
    }

    if state.record_open
        && let Some(loaded) = super::record::record_window(ctx, state, &game.0)
    {
        clicks.write(UiClick);
        load.write(crate::game::LoadRequested(loaded));
    }

    if let Some(text) = notice.0.clone() {
        egui::Window::new("Saved game")
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_TOP, [0.0, 40.0])
            .show(ctx, |ui| {
                ui.label(text);
                if ui.button("OK").clicked() {
                    clicks.write(UiClick);
                    notice.0 = None;
                }
            });
    }

    let game_over_showing =
        *phase == Phase::GameOver && !state.game_over_dismissed && state.screen == Screen::Playing;
    // The game-over dialog: the result (on the board or on time), then the same three buttons.
    let ending = if !game_over_showing {
        None
    } else if let Some(loser) = clocks.flagged {
        let counts = game.0.counts();
        Some((
            format!("{} wins on time", loser.opponent()),
            vec![
                format!("{loser} ran out of time."),
                format!(
                    "Discs on the board: black {}, white {}",
                    counts.black, counts.white
                ),
            ],
        ))
    } else if let Some(outcome) = game.0.outcome() {
        let mut lines = Vec::new();
        if let Some(human) = players.single_human() {
            lines.push(
                match outcome.winner {
                    Some(w) if w == human => "You win!",
                    Some(_) => "The AI wins.",
                    None => "A draw.",
                }
                .to_string(),
            );
        }
        let empties = 64 - outcome.discs.black - outcome.discs.white;
        lines.push(format!(
            "Discs on the board: black {}, white {}{}",
            outcome.discs.black,
            outcome.discs.white,
            if empties > 0 {
                format!(", {empties} empty (to the winner)")
            } else {
                String::new()
            }
        ));
        Some((outcome.to_string(), lines))
    } else {
        None
    };
    if let Some((title, lines)) = ending {
        egui::Window::new("Game over")
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |ui| {
                ui.vertical_centered(|ui| {
                    ui.label(egui::RichText::new(title).size(28.0).strong());
                    for line in lines {
                        ui.label(line);
                    }
                    ui.add_space(8.0);
                    let rematch = button(ui, "Rematch", &mut clicks);
                    if state.focus_first {
                        rematch.request_focus();
                        state.focus_first = false;
                    }
                    if rematch.clicked() {
                        new_game.write(NewGameRequested(*players));
                        state.game_over_dismissed = false;
                    }
                    if button(ui, "New game", &mut clicks).clicked() {
                        state.screen = Screen::MainMenu;
                        state.focus_first = true;
                    }
                    if button(ui, "Look at the board", &mut clicks).clicked() {
                        state.game_over_dismissed = true;
                    }
                });
            });
    }
    Ok(())
}
