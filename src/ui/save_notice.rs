//! The notice about the saved game: a damaged or unknown save that was kept aside, or a save that
//! could not be written. Shown over any screen until the player closes it.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::UiPass;
use crate::audio::UiClick;
use crate::autosave::{SaveNotice, SaveProblem};
use crate::i18n::Texts;
use crate::tr;

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
    texts: Res<Texts>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(problem) = &notice.0 else {
        return Ok(());
    };
    let text = notice_text(&texts, problem);
    egui::Window::new(tr!(texts, "save-title"))
        .id(egui::Id::new("save-notice"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, [0.0, 40.0])
        .show(ctx, |ui| {
            ui.label(text);
            if ui.button(tr!(texts, "save-ok")).clicked() {
                clicks.write(UiClick);
                notice.0 = None;
            }
        });
    Ok(())
}

/// What the player reads about a problem with the saved game.
pub fn notice_text(texts: &Texts, problem: &SaveProblem) -> String {
    match problem {
        SaveProblem::NotRestored {
            error,
            moved_to: Some(path),
        } => tr!(
            texts,
            "save-restore-failed",
            error = error.as_str(),
            path = path.as_str()
        ),
        SaveProblem::NotRestored {
            error,
            moved_to: None,
        } => tr!(texts, "save-restore-failed-kept", error = error.as_str()),
        SaveProblem::NotWritten { error } => {
            tr!(texts, "save-write-failed", error = error.as_str())
        }
    }
}
