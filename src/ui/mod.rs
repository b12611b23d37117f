//! egui: its camera, the screens and dialogs, the side panel and what is drawn over the board, in
//! the player's language ([`Texts`](crate::i18n::Texts)).
//! Screens are Bevy `States` ([`Screen`]: the main menu or the game), and so are the dialogs in front
//! of them ([`Dialog`]: settings, game record, board editor, game over), one file each. The board
//! camera's viewport is kept to the area the side panel leaves free.

use bevy::camera::visibility::RenderLayers;
use bevy::camera::{CameraOutputMode, Viewport};
use bevy::prelude::*;
use bevy::render::render_resource::BlendState;
use bevy::window::PrimaryWindow;
use bevy_egui::{
    EguiContexts, EguiGlobalSettings, EguiPrimaryContextPass, PrimaryEguiContext, egui,
};

use crate::audio::UiClick;
use crate::game::GameSystems;
use crate::game::board::BoardCamera;
use crate::i18n::{Language, Texts};
use crate::input::PointerOverUi;

pub mod analysis;
pub mod board_access;
pub mod database;
pub mod editor;
pub mod explorer;
pub mod folder_picker;
pub mod game_over;
pub mod hud;
pub mod lessons;
pub mod looks;
pub mod main_menu;
pub mod navigation;
pub mod on_board;
pub mod online;
pub mod past_games;
pub mod practice;
pub mod puzzles;
pub use looks::ink;
pub mod record;
pub mod review;
pub mod save_notice;
pub mod settings;
pub mod tournament;
pub mod words;

pub use on_board::OnScreen;

/// The screen in front of the board.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    /// The main menu over the board: the kind of game, colours, levels, clock; Start or Resume.
    #[default]
    MainMenu,
    /// The game, with the side panel.
    Playing,
    /// A lesson of "Learn to play", with its panel.
    Lesson,
    /// An endgame puzzle, with its panel.
    Puzzle,
    /// Opening practice, with its panel.
    Practice,
}

/// The dialog in front of the screen, one at a time; while one is open the board takes no input.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Dialog {
    #[default]
    None,
    Settings,
    /// Copy and paste games.
    Record,
    /// The board editor (opened from the record window, and back to it when closed).
    Editor,
    /// The result, with Rematch and New game.
    GameOver,
    /// The list of lessons.
    Lessons,
    /// "Play a friend": create or join a room on a room server.
    Online,
    /// The games played to their end.
    PastGames,
    /// The tournament games the player added: search, replay, add files.
    Database,
    /// The list of endgame puzzles.
    Puzzles,
    /// Opening practice: the openings and the colour.
    Practice,
    /// A tournament on this device: its setting up, rounds and standings.
    Tournament,
}

/// The room the side panel takes, in egui points, as last drawn: its width on the window's right
/// (a landscape window), or its height along the bottom (a portrait one, such as a phone's); 0
/// when it is not shown. `below`: the height of a tool docked under the board (the analysis),
/// above a panel along the bottom.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct SidePanel {
    pub width: f32,
    pub height: f32,
    pub below: f32,
}

impl SidePanel {
    /// All the room taken along the bottom: the panel's and the docked tool's.
    pub fn bottom(&self) -> f32 {
        self.height + self.below
    }
}

/// Below this width-to-height ratio the side panel goes under the board instead of beside it.
pub const PORTRAIT_BELOW: f32 = 1.2;

/// Where the language shown comes from: one chosen for this run (`--lang`, `?lang=`), else the
/// settings' choice, else the system's.
#[derive(Resource, Clone, Copy, Debug)]
pub struct LanguageChoice {
    /// Chosen for this run only; a choice in the settings replaces it.
    pub run: Option<Language>,
    /// The system's (the browser's) preferred language, as the game speaks it.
    pub system: Language,
}

impl Default for LanguageChoice {
    fn default() -> Self {
        LanguageChoice {
            run: None,
            system: Language::of_system(),
        }
    }
}

impl LanguageChoice {
    /// The language to show, given the settings' choice.
    pub fn shown(&self, chosen: Option<Language>) -> Language {
        self.run.or(chosen).unwrap_or(self.system)
    }
}

/// The order of the egui systems in a frame: the side panel first (the others read its room),
/// then a tool docked under the board in the room it leaves, then what is drawn over the board,
/// then the windows.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UiPass {
    Panel,
    Dock,
    Overlay,
    Windows,
}

pub fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .init_state::<Dialog>()
        .init_resource::<SidePanel>()
        .init_resource::<LanguageChoice>()
        .init_resource::<Texts>()
        .configure_sets(
            EguiPrimaryContextPass,
            (
                UiPass::Panel,
                UiPass::Dock,
                UiPass::Overlay,
                UiPass::Windows,
            )
                .chain(),
        )
        .add_systems(Startup, spawn_egui_camera)
        .add_systems(Update, show_language)
        .add_systems(
            EguiPrimaryContextPass,
            (apply_look, warm_glyphs).chain().before(UiPass::Panel),
        )
        .add_systems(Update, track_pointer.in_set(GameSystems::Input))
        .add_systems(PostUpdate, fit_board_viewport)
        .add_plugins((
            navigation::plugin,
            hud::plugin,
            main_menu::plugin,
            settings::plugin,
            record::plugin,
            editor::plugin,
            analysis::plugin,
            board_access::plugin,
            save_notice::plugin,
            game_over::plugin,
            lessons::plugin,
            online::plugin,
            (past_games::plugin, database::plugin),
            puzzles::plugin,
            (practice::plugin, explorer::plugin, tournament::plugin),
        ));
}

/// Shows the chosen language: every screen switches at once.
pub fn show_language(
    choice: Res<LanguageChoice>,
    settings: Res<crate::game::GameSettings>,
    mut texts: ResMut<Texts>,
) {
    let shown = choice.shown(settings.language);
    if texts.language() != shown {
        texts.set_language(shown);
    }
}

/// Interactive widgets' height in a portrait window (a phone held upright), in points: touch
/// targets near the platforms' guidance of 44, with radio buttons and checkboxes to match.
const TOUCH_HEIGHT: f32 = 40.0;

/// The text size setting is egui's zoom: every menu, panel and dialog grows with it. The menus
/// are dark or light, as the settings say. In a portrait window every menu and dialog gets
/// touch-sized widgets.
fn apply_look(mut contexts: EguiContexts, settings: Res<crate::game::GameSettings>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.viewport_rect();
    let touch = screen.width() < PORTRAIT_BELOW * screen.height();
    let wanted_height = if touch {
        TOUCH_HEIGHT
    } else {
        egui::Spacing::default().interact_size.y
    };
    if ctx.global_style().spacing.interact_size.y != wanted_height {
        ctx.all_styles_mut(|style| {
            let spacing = &mut style.spacing;
            let normal = egui::Spacing::default();
            if touch {
                spacing.interact_size.y = TOUCH_HEIGHT;
                spacing.icon_width = 22.0;
                spacing.icon_width_inner = 12.0;
                spacing.icon_spacing = 8.0;
                spacing.button_padding = egui::vec2(10.0, 6.0);
            } else {
                spacing.interact_size = normal.interact_size;
                spacing.icon_width = normal.icon_width;
                spacing.icon_width_inner = normal.icon_width_inner;
                spacing.icon_spacing = normal.icon_spacing;
                spacing.button_padding = normal.button_padding;
            }
        });
    }
    let wanted = looks::visuals(settings.ui_mode, settings.theme);
    if ctx.global_style().visuals != wanted {
        ctx.all_styles_mut(|style| style.visuals = wanted.clone());
    }
    let wanted = settings.text_scale.clamp(
        *crate::game::GameSettings::TEXT_SCALES.start(),
        *crate::game::GameSettings::TEXT_SCALES.end(),
    );
    if ctx.zoom_factor() != wanted {
        ctx.set_zoom_factor(wanted);
    }
    Ok(())
}

/// Text sizes the game draws besides egui's own styles' (labels, headings, banners, titles).
const DRAWN_SIZES: [f32; 6] = [11.0, 15.0, 16.0, 20.0, 22.0, 28.0];

/// Lays out every character of the language's words at every text size once, when the language
/// or the zoom changes, so that their glyphs reach the font atlas together in one upload. In the
/// browser a glyph added to the atlas later, in a partial update, could stay blank ("White o
/// move" for "White (AI) to move").
fn warm_glyphs(
    mut contexts: EguiContexts,
    texts: Res<Texts>,
    mut warmed: Local<Option<(Language, u32)>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let key = (
        texts.language(),
        (ctx.pixels_per_point() * 100.0).round() as u32,
    );
    if *warmed == Some(key) {
        return Ok(());
    }
    *warmed = Some(key);
    let mut chars: std::collections::BTreeSet<char> = (' '..='~').collect();
    chars.extend(
        texts
            .language()
            .source()
            .chars()
            .filter(|c| !c.is_control()),
    );
    chars.extend("▶×−–…·↺↻".chars());
    let text: String = chars.into_iter().collect();
    let mut fonts: Vec<egui::FontId> = ctx.global_style().text_styles.values().cloned().collect();
    for size in DRAWN_SIZES {
        fonts.push(egui::FontId::proportional(size));
    }
    ctx.fonts_mut(|atlas| {
        for font in fonts {
            let _ = atlas.layout_no_wrap(text.clone(), font, egui::Color32::WHITE);
        }
    });
    Ok(())
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
    panel: Res<SidePanel>,
    mut over: ResMut<PointerOverUi>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let busy = ctx.pointer_latest_pos().is_some_and(|pos| {
        let screen = ctx.viewport_rect();
        let in_panel =
            pos.x >= screen.right() - panel.width || pos.y >= screen.bottom() - panel.bottom();
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
    panel: Res<SidePanel>,
    settings: Res<crate::game::GameSettings>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut board_camera: Single<&mut Camera, With<BoardCamera>>,
) {
    // The panel's width is in egui points, which the text size scales.
    let scale = window.scale_factor() * settings.text_scale;
    let physical = UVec2::new(window.physical_width(), window.physical_height());
    if physical.x < 2 || physical.y < 2 {
        return;
    }
    let taken = UVec2::new(
        ((panel.width * scale) as u32).min(physical.x / 2),
        ((panel.bottom() * scale) as u32).min(physical.y * 4 / 5),
    );
    let size = (physical - taken).max(UVec2::ONE);
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

/// Where a point of the 3D board is drawn, in egui's points (the text size scales them from the
/// window's pixels), or `None` when the board camera cannot see it.
pub fn board_point(
    ctx: &egui::Context,
    camera: &Camera,
    transform: &GlobalTransform,
    world: Vec3,
) -> Option<egui::Pos2> {
    let pixels = camera.world_to_viewport(transform, world).ok()?;
    Some(pixels_to_points(pixels, ctx.zoom_factor()))
}

/// The side panel, drawn under every window: on the window's right, `width` points wide; on a
/// portrait window (narrower than [`PORTRAIT_BELOW`] times its height) along the bottom instead,
/// under a square board as wide as the window, its contents scrolling and its buttons tall enough
/// for a finger.
/// The board's viewport keeps clear of it (the room it takes is kept in [`SidePanel`]).
pub fn side_panel(
    ctx: &egui::Context,
    id: egui::Id,
    width: f32,
    panel: &mut SidePanel,
    add_contents: impl FnOnce(&mut egui::Ui),
) {
    let screen = ctx.viewport_rect();
    let mut root = background_ui(ctx, egui::Id::new("root"), screen);
    let portrait = screen.width() < PORTRAIT_BELOW * screen.height();
    let shown = if portrait {
        // The board is as wide as the window: the panel takes what the board leaves, seen at
        // its tilt nine tenths as tall as it is wide, frame and coordinates included (no dark
        // band between them), between a third and three fifths of the height.
        let height = (screen.height() - screen.width() * 0.9)
            .clamp(screen.height() * 0.35, screen.height() * 0.6)
            .round();
        let rect = egui::Panel::bottom(id)
            .resizable(false)
            .exact_size(height)
            .show(&mut root, |ui| {
                // Touch targets of 44 points at least (the platforms' guidance).
                ui.spacing_mut().interact_size.y = 44.0;
                ui.spacing_mut().button_padding = egui::vec2(12.0, 8.0);
                egui::ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .show(ui, add_contents);
            })
            .response
            .rect;
        (0.0, rect.height())
    } else {
        let rect = egui::Panel::right(id)
            .resizable(false)
            .exact_size(width)
            .show(&mut root, add_contents)
            .response
            .rect;
        (rect.width(), 0.0)
    };
    if (panel.width, panel.height) != shown {
        (panel.width, panel.height) = shown;
    }
}

/// A Ui over `rect` in the background layer, under every window: where a panel is laid out.
pub fn background_ui(ctx: &egui::Context, id: egui::Id, rect: egui::Rect) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        id,
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(rect),
    )
}

/// A window position in logical pixels as egui's points at a zoom (the text size).
pub fn pixels_to_points(pixels: Vec2, zoom: f32) -> egui::Pos2 {
    egui::pos2(pixels.x, pixels.y) / zoom
}

/// A window's width, `wanted` points where the screen has room for it, else the screen's width
/// less a margin (a phone held upright is 390 points wide).
pub fn fitting_width(ctx: &egui::Context, wanted: f32) -> f32 {
    wanted.min(ctx.content_rect().width() - 24.0).max(120.0)
}

/// The offset that centres a window on the board rather than on the whole window: the middle of
/// the part the side panel leaves.
pub fn over_board(panel: &SidePanel) -> [f32; 2] {
    [-panel.width / 2.0, -panel.bottom() / 2.0]
}

/// A dialog's contents, as tall as they need and scrolling once taller than the window allows
/// (large text, a small screen, a long language), keeping `below` points for what follows them.
pub fn scroll_to_fit<R>(
    ui: &mut egui::Ui,
    below: f32,
    add_contents: impl FnOnce(&mut egui::Ui) -> R,
) -> R {
    let room = (ui.ctx().content_rect().height() - 120.0 - below).max(120.0);
    egui::ScrollArea::vertical()
        .max_height(room)
        .show(ui, add_contents)
        .inner
}

/// A menu button (a fixed size, large text) that also plays the click sound.
pub fn menu_button(
    ui: &mut egui::Ui,
    text: &str,
    clicks: &mut MessageWriter<UiClick>,
) -> egui::Response {
    let response = ui.add_sized(
        [180.0, 30.0],
        egui::Button::new(egui::RichText::new(text).size(16.0)),
    );
    if response.clicked() {
        clicks.write(UiClick);
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_points_follow_the_text_size() {
        // At 200 % text a square at (400, 300) pixels is drawn at (200, 150) points, not twice as
        // far from the corner (the coordinate labels and hints once were).
        let at = Vec2::new(400.0, 300.0);
        assert_eq!(pixels_to_points(at, 1.0), egui::pos2(400.0, 300.0));
        assert_eq!(pixels_to_points(at, 2.0), egui::pos2(200.0, 150.0));
        assert_eq!(pixels_to_points(at, 0.75).x, 400.0 / 0.75);
    }

    /// The room the side panel takes in a window of `width` × `height` points.
    fn panel_in(width: f32, height: f32) -> SidePanel {
        let ctx = egui::Context::default();
        let mut panel = SidePanel::default();
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(width, height),
            )),
            ..Default::default()
        };
        let mut output = ctx.run_ui(input, |ui| {
            side_panel(ui.ctx(), egui::Id::new("test"), 240.0, &mut panel, |ui| {
                for i in 0..40 {
                    let _ = ui.button(format!("button {i}"));
                }
            });
        });
        // Nothing draws the frame: its font textures are dropped unapplied.
        output.textures_delta.clear();
        panel
    }

    #[test]
    fn the_side_panel_goes_under_the_board_on_a_portrait_window() {
        // A desktop window: beside the board.
        let desktop = panel_in(1280.0, 800.0);
        assert_eq!((desktop.width, desktop.height), (240.0, 0.0));
        assert_eq!(over_board(&desktop), [-120.0, 0.0]);
        // A phone held upright (390 × 844): under the board, which keeps the room a board as
        // wide as the window needs; the windows centre on the board above it.
        let phone = panel_in(390.0, 844.0);
        assert_eq!(phone.width, 0.0);
        assert!((phone.height - 493.0).abs() <= 1.0, "{phone:?}");
        assert_eq!(over_board(&phone)[0], 0.0);
        // Square windows are portrait too: the panel beside the board would leave it too narrow.
        assert!(panel_in(800.0, 800.0).height > 0.0);
        assert!(panel_in(1000.0, 800.0).width > 0.0);
    }
}
