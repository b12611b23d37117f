//! egui: its camera, the screens (main menu, settings, game-over dialog), the side panel and the
//! board labels. The board camera's viewport is kept to the area the panel leaves free.

use bevy::camera::visibility::RenderLayers;
use bevy::camera::{CameraOutputMode, Viewport};
use bevy::prelude::*;
use bevy::render::render_resource::BlendState;
use bevy::window::PrimaryWindow;
use bevy_egui::{
    EguiContexts, EguiGlobalSettings, EguiPrimaryContextPass, PrimaryEguiContext, egui,
};

use crate::ai::Level;
use crate::game::GameSystems;
use crate::game::board::BoardCamera;
use crate::input::{MenuFocus, PointerOverUi};
use crate::rules::Player;

pub mod analysis;
pub mod editor;
pub mod hud;
pub mod menu;
pub mod record;

/// Which screen is in front of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    MainMenu,
    Playing,
}

/// The kind of game chosen in the main menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    HumanVsAi,
    TwoHumans,
    AiVsAi,
}

/// UI state: the screen, open windows, the main menu's choices and the pass banner.
#[derive(Resource, Debug, Clone)]
pub struct UiState {
    pub screen: Screen,
    pub settings_open: bool,
    /// The game record window (copy / paste games) is open.
    pub record_open: bool,
    /// The analysis window is open.
    pub analysis_open: bool,
    /// The board editor is open, with its working copy.
    pub editor_open: bool,
    pub editor: editor::Editor,
    /// Text pasted into the record window, and why it could not be loaded.
    pub paste_text: String,
    pub paste_error: Option<String>,
    pub mode: Mode,
    pub human: Player,
    pub level: Level,
    /// White's level in AI vs AI (black uses `level`).
    pub level_white: Level,
    /// Minutes per player, or no clock.
    pub clock_minutes: Option<u32>,
    /// Text and seconds left of the banner ("White has no move — passes").
    pub banner: Option<(String, f32)>,
    /// The game-over dialog was closed for this game.
    pub game_over_dismissed: bool,
    /// A game has been started from the menu (so "Resume" makes sense).
    pub game_started: bool,
    /// Width of the side panel in logical pixels, as last drawn.
    pub panel_width: f32,
    /// The menu opened this frame: focus its first button.
    pub focus_first: bool,
}

impl Default for UiState {
    fn default() -> Self {
        UiState {
            screen: Screen::MainMenu,
            settings_open: false,
            record_open: false,
            analysis_open: false,
            editor_open: false,
            editor: editor::Editor::default(),
            paste_text: String::new(),
            paste_error: None,
            mode: Mode::HumanVsAi,
            human: Player::Black,
            level: Level::Intermediate,
            level_white: Level::Intermediate,
            clock_minutes: None,
            banner: None,
            game_over_dismissed: false,
            game_started: false,
            panel_width: 0.0,
            focus_first: true,
        }
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<UiState>()
        .add_systems(Startup, spawn_egui_camera)
        .add_systems(
            Update,
            (track_pointer, hud::track_events).in_set(GameSystems::Input),
        )
        .add_systems(PostUpdate, fit_board_viewport)
        .add_systems(
            EguiPrimaryContextPass,
            (hud::side_panel, hud::board_overlay, menu::windows).chain(),
        )
        .add_plugins(menu::plugin);
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

/// Board clicks and hovers under the side panel or an egui window or popup must not reach the
/// board. (egui's own "pointer over area" counts the full-window background layer the panel is
/// drawn in, so the layer under the pointer is asked instead.)
fn track_pointer(
    mut contexts: EguiContexts,
    ui: Res<UiState>,
    mut over: ResMut<PointerOverUi>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let busy = ctx.pointer_latest_pos().is_some_and(|pos| {
        let in_panel = pos.x >= ctx.viewport_rect().right() - ui.panel_width;
        let over_window = ctx
            .layer_id_at(pos)
            .is_some_and(|layer| layer.order != egui::Order::Background);
        in_panel || over_window
    }) || ctx.egui_is_using_pointer();
    if over.0 != busy {
        over.0 = busy;
    }
    Ok(())
}

/// Keeps the board camera to the part of the window the side panel leaves free.
fn fit_board_viewport(
    ui: Res<UiState>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut board_camera: Single<&mut Camera, With<BoardCamera>>,
) {
    let scale = window.scale_factor();
    let physical = UVec2::new(window.physical_width(), window.physical_height());
    if physical.x < 2 || physical.y < 2 {
        return;
    }
    let panel = ((ui.panel_width * scale) as u32).min(physical.x / 2);
    let size = UVec2::new(physical.x - panel, physical.y).max(UVec2::ONE);
    let unchanged = board_camera
        .viewport
        .as_ref()
        .is_some_and(|v| v.physical_position == UVec2::ZERO && v.physical_size == size);
    if !unchanged {
        board_camera.viewport = Some(Viewport {
            physical_position: UVec2::ZERO,
            physical_size: size,
            ..default()
        });
    }
}

/// Whether menus hold the focus (then the board takes no input).
pub fn menu_has_focus(ui: &UiState, game_over_showing: bool) -> bool {
    ui.screen == Screen::MainMenu
        || ui.settings_open
        || ui.record_open
        || ui.editor_open
        || game_over_showing
}

/// Keeps [`MenuFocus`] in step with the UI.
pub fn sync_menu_focus(ui: &UiState, game_over_showing: bool, focus: &mut MenuFocus) {
    let wanted = menu_has_focus(ui, game_over_showing);
    if focus.0 != wanted {
        focus.0 = wanted;
    }
}
