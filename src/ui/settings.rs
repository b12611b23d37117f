//! The settings dialog: volume and mute, animation speed, legal-move markers, the pause before AI
//! moves.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{Dialog, UiPass, menu_button};
use crate::audio::UiClick;
use crate::game::GameSettings;

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
