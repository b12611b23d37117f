//! The settings dialog: the language, volume and mute, the board's theme, the text size, reduce
//! motion and the animation speed, legal-move markers, the pause before AI moves; the way to the
//! game database.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{Dialog, UiPass, menu_button};
use crate::audio::UiClick;
use crate::game::GameSettings;
use crate::game::board::View;
use crate::game::theme::{Theme, UiMode};
use crate::i18n::{Language, Texts};
use crate::tr;

pub fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        settings_dialog
            .in_set(UiPass::Windows)
            .run_if(in_state(Dialog::Settings)),
    );
}

fn settings_dialog(
    mut contexts: EguiContexts,
    mut stored: ResMut<GameSettings>,
    mut next_dialog: ResMut<NextState<Dialog>>,
    mut clicks: MessageWriter<UiClick>,
    (texts, mut language_choice): (Res<Texts>, ResMut<super::LanguageChoice>),
    (panel, keys): (Res<super::SidePanel>, Res<super::navigation::KeysShown>),
    database: Res<crate::game::database::GameDatabase>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // Edited on a copy and written back only on a change, so the autosave sees real changes.
    let mut edited = *stored;
    let settings = &mut edited;
    let mut open = true;
    let mut done = false;
    let mut to_database = false;
    egui::Window::new(tr!(texts, "settings-title"))
        .id(egui::Id::new("settings"))
        .collapsible(false)
        .auto_sized()
        .max_width(super::fitting_width(ctx, 560.0))
        .open(&mut open)
        .anchor(egui::Align2::CENTER_CENTER, super::over_board(&panel))
        .show(ctx, |ui| {
            super::scroll_to_fit(ui, 0.0, |ui| {
                ui.spacing_mut().item_spacing.y = 8.0;
                ui.horizontal(|ui| {
                    ui.label(tr!(texts, "settings-language"));
                    let system = tr!(
                        texts,
                        "settings-language-system",
                        language = texts.own_name(language_choice.system)
                    );
                    let name = |choice: Option<Language>| match choice {
                        Some(language) => texts.own_name(language),
                        None => system.clone(),
                    };
                    let mut picked = false;
                    egui::ComboBox::from_id_salt("language")
                        // A language chosen for the run (--lang, ?lang=) is the one shown.
                        .selected_text(match language_choice.run {
                            Some(run) => texts.own_name(run),
                            None => name(settings.language),
                        })
                        .show_ui(ui, |ui| {
                            picked |= ui
                                .selectable_value(&mut settings.language, None, name(None))
                                .clicked();
                            for language in Language::ALL {
                                picked |= ui
                                    .selectable_value(
                                        &mut settings.language,
                                        Some(language),
                                        name(Some(language)),
                                    )
                                    .clicked();
                            }
                        });
                    // A language picked here replaces one chosen for the run (--lang, ?lang=).
                    if picked && language_choice.run.is_some() {
                        language_choice.run = None;
                    }
                });
                ui.add(
                    egui::Slider::new(&mut settings.volume, 0.0..=1.0)
                        .text(tr!(texts, "settings-volume")),
                );
                ui.checkbox(&mut settings.muted, tr!(texts, "settings-mute"));
                ui.horizontal(|ui| {
                    ui.label(tr!(texts, "settings-board"));
                    egui::ComboBox::from_id_salt("theme")
                        .selected_text(theme_name(&texts, settings.theme))
                        .show_ui(ui, |ui| {
                            for theme in Theme::ALL {
                                ui.selectable_value(
                                    &mut settings.theme,
                                    theme,
                                    theme_name(&texts, theme),
                                );
                            }
                        });
                });
                ui.horizontal(|ui| {
                    ui.label(keys.name(tr!(texts, "settings-view"), "V"));
                    for view in View::ALL {
                        ui.selectable_value(&mut settings.view, view, view_name(&texts, view));
                    }
                });
                ui.horizontal(|ui| {
                    ui.label(tr!(texts, "settings-ui"));
                    for mode in UiMode::ALL {
                        let name = match mode {
                            UiMode::Dark => tr!(texts, "ui-dark"),
                            UiMode::Light => tr!(texts, "ui-light"),
                        };
                        ui.selectable_value(&mut settings.ui_mode, mode, name);
                    }
                });
                ui.add(
                    egui::Slider::new(&mut settings.text_scale, GameSettings::TEXT_SCALES)
                        .text(tr!(texts, "settings-text-size"))
                        .step_by(0.05)
                        .custom_formatter(|v, _| {
                            tr!(texts, "percent", value = (v * 100.0).round())
                        }),
                );
                let mut reduce = settings.reduce_motion();
                if ui
                    .checkbox(&mut reduce, tr!(texts, "settings-reduce-motion"))
                    .on_hover_text(tr!(texts, "settings-reduce-motion-tip"))
                    .changed()
                {
                    settings.animation_speed = if reduce { 0.0 } else { 1.0 };
                }
                ui.add(
                    egui::Slider::new(&mut settings.animation_speed, 0.0..=3.0)
                        .text(tr!(texts, "settings-animation-speed"))
                        .custom_formatter(|v, _| {
                            if v == 0.0 {
                                tr!(texts, "settings-animation-off")
                            } else {
                                tr!(
                                    texts,
                                    "settings-animation-factor",
                                    factor = texts.decimal(v, 1)
                                )
                            }
                        }),
                );
                ui.checkbox(
                    &mut settings.show_legal_moves,
                    tr!(texts, "settings-show-legal"),
                );
                ui.add(
                    egui::Slider::new(&mut settings.ai_move_delay, 0.0..=3.0)
                        .text(tr!(texts, "settings-ai-delay")),
                );
                ui.horizontal(|ui| {
                    ui.label(match database.games() {
                        Some(db) => tr!(texts, "settings-database", count = db.games.len()),
                        None => tr!(texts, "settings-database-none"),
                    });
                    if ui.button(tr!(texts, "settings-database-open")).clicked() {
                        clicks.write(UiClick);
                        to_database = true;
                    }
                });
                ui.vertical_centered(|ui| {
                    if menu_button(ui, &tr!(texts, "settings-done"), &mut clicks).clicked() {
                        done = true;
                    }
                });
            });
        });
    if to_database {
        next_dialog.set(Dialog::Database);
    } else if !open || done {
        next_dialog.set(Dialog::None);
    }
    if edited != *stored {
        *stored = edited;
    }
    Ok(())
}

/// A theme's name in the settings.
fn view_name(texts: &Texts, view: View) -> String {
    match view {
        View::ThreeD => tr!(texts, "view-3d"),
        View::Flat => tr!(texts, "view-flat"),
    }
}

fn theme_name(texts: &Texts, theme: Theme) -> String {
    match theme {
        Theme::Classic => tr!(texts, "theme-classic"),
        Theme::Wood => tr!(texts, "theme-wood"),
        Theme::Dark => tr!(texts, "theme-dark"),
        Theme::HighContrast => tr!(texts, "theme-high-contrast"),
    }
}
