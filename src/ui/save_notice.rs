//! The notice about the saved game: a damaged or unknown save that was kept aside, or a save that
//! could not be written. Shown over any screen until the player closes it.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::UiPass;
use crate::audio::UiClick;
use crate::autosave::SaveNotice;

pub fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        save_notice
            .in_set(UiPass::Windows)
            .run_if(|notice: Res<SaveNotice>| notice.0.is_some()),
    );
}

fn save_notice(
    mut contexts: EguiContexts,
    mut notice: ResMut<SaveNotice>,
    mut clicks: MessageWriter<UiClick>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(text) = notice.0.clone() else {
        return Ok(());
    };
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
    Ok(())
}
