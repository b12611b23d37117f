//! egui: the camera egui draws with, and the side panel with the score. The board camera's viewport
//! is kept to the area left of the panel so the board is never hidden behind it.

use bevy::camera::visibility::RenderLayers;
use bevy::camera::{CameraOutputMode, Viewport};
use bevy::prelude::*;
use bevy::render::render_resource::BlendState;
use bevy::window::PrimaryWindow;
use bevy_egui::{
    EguiContexts, EguiGlobalSettings, EguiPrimaryContextPass, PrimaryEguiContext, egui,
};

use crate::game::CurrentGame;
use crate::game::board::BoardCamera;
use crate::rules::Player;

/// Width of the side panel, in logical pixels.
const PANEL_WIDTH: f32 = 240.0;

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_egui_camera)
        .add_systems(EguiPrimaryContextPass, side_panel);
}

/// egui gets a camera of its own that renders nothing but the UI, on top of the board camera.
fn spawn_egui_camera(mut commands: Commands, mut settings: ResMut<EguiGlobalSettings>) {
    settings.auto_create_primary_context = false;
    commands.spawn((
        Name::new("UI camera"),
        PrimaryEguiContext,
        Camera2d,
        RenderLayers::none(),
        Camera {
            order: 1,
            output_mode: CameraOutputMode::Write {
                blend_state: Some(BlendState::ALPHA_BLENDING),
                clear_color: ClearColorConfig::None,
            },
            clear_color: ClearColorConfig::Custom(Color::NONE),
            ..default()
        },
    ));
}

fn side_panel(
    mut contexts: EguiContexts,
    game: Res<CurrentGame>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut board_camera: Single<&mut Camera, With<BoardCamera>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let width = egui::Panel::right("hud")
        .resizable(false)
        .exact_size(PANEL_WIDTH)
        .show(&mut root, |ui| {
            ui.add_space(8.0);
            ui.heading("Reversi");
            ui.separator();
            let counts = game.0.counts();
            let to_move = game.0.to_move();
            egui::Grid::new("score")
                .num_columns(2)
                .spacing([24.0, 6.0])
                .show(ui, |ui| {
                    for (player, count) in
                        [(Player::Black, counts.black), (Player::White, counts.white)]
                    {
                        let marker = if !game.0.is_over() && player == to_move {
                            "▶ "
                        } else {
                            "   "
                        };
                        ui.label(egui::RichText::new(format!("{marker}{player}")).size(18.0));
                        ui.label(egui::RichText::new(count.to_string()).size(18.0).strong());
                        ui.end_row();
                    }
                });
            ui.separator();
            match game.0.outcome() {
                Some(outcome) => ui.label(outcome.to_string()),
                None => ui.label(format!("{to_move} to move")),
            };
        })
        .response
        .rect
        .width();

    // Keep the board camera to the part of the window the panel leaves free.
    let scale = window.scale_factor();
    let physical = UVec2::new(window.physical_width(), window.physical_height());
    let panel = ((width * scale) as u32).min(physical.x.saturating_sub(1));
    let size = UVec2::new(physical.x - panel, physical.y).max(UVec2::ONE);
    board_camera.viewport = Some(Viewport {
        physical_position: UVec2::ZERO,
        physical_size: size,
        ..default()
    });
    Ok(())
}
