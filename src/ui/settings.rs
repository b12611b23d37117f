//! The settings dialog: volume and mute, the board's theme, the text size, reduce motion and the
//! animation speed, legal-move markers, the pause before AI moves.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{Dialog, UiPass, menu_button};
use crate::audio::UiClick;
use crate::game::GameSettings;
use crate::game::theme::Theme;

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
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // Edited on a copy and written back only on a change, so the autosave sees real changes.
    let mut edited = *stored;
    let settings = &mut edited;
    let mut open = true;
    let mut done = false;
    egui::Window::new("Settings")
        // Taller than the window (large text, a small screen): the window scrolls.
        .vscroll(true)
        .collapsible(false)
        .resizable(false)
        .open(&mut open)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.spacing_mut().item_spacing.y = 8.0;
            ui.add(egui::Slider::new(&mut settings.volume, 0.0..=1.0).text("Volume"));
            ui.checkbox(&mut settings.muted, "Mute");
            ui.horizontal(|ui| {
                ui.label("Board");
                egui::ComboBox::from_id_salt("theme")
                    .selected_text(theme_name(settings.theme))
                    .show_ui(ui, |ui| {
                        for theme in Theme::ALL {
                            ui.selectable_value(&mut settings.theme, theme, theme_name(theme));
                        }
                    });
            });
            ui.add(
                egui::Slider::new(&mut settings.text_scale, GameSettings::TEXT_SCALES)
                    .text("Text size")
                    .step_by(0.05)
                    .custom_formatter(|v, _| format!("{:.0} %", v * 100.0)),
            );
            let mut reduce = settings.reduce_motion();
            if ui
                .checkbox(&mut reduce, "Reduce motion")
                .on_hover_text("No animations: placed discs appear and turned discs change at once")
                .changed()
            {
                settings.animation_speed = if reduce { 0.0 } else { 1.0 };
            }
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
                if menu_button(ui, "Done", &mut clicks).clicked() {
                    done = true;
                }
            });
        });
    if !open || done {
        next_dialog.set(Dialog::None);
    }
    if edited != *stored {
        *stored = edited;
    }
    Ok(())
}

/// A theme's name in the settings.
fn theme_name(theme: Theme) -> &'static str {
    match theme {
        Theme::Classic => "Classic green",
        Theme::Wood => "Wood",
        Theme::Dark => "Dark",
        Theme::HighContrast => "High contrast",
    }
}
