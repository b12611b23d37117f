//! The Bevy application: window and plugins in order, the screenshot mode, and a clean message
//! (not a panic) when no window can be opened.

use std::panic::{self, AssertUnwindSafe};
use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy::window::WindowResolution;
use bevy_egui::EguiPlugin;

/// How the game is started from the command line.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Render a few frames, save a PNG here, exit.
    pub screenshot: Option<PathBuf>,
}

/// Window title.
pub const TITLE: &str = "Reversi";
/// Frame at which `--screenshot` captures: the scene needs ~20 frames on software renderers.
const SCREENSHOT_FRAME: u32 = 40;

/// Opens the window and runs the game until it is closed.
pub fn run(options: Options) -> Result<(), String> {
    check_display()?;
    // Window and GPU set-up panic inside plugin building when they fail; turn that into a message.
    let previous_hook = panic::take_hook();
    panic::set_hook(Box::new(|_| {}));
    let built = panic::catch_unwind(AssertUnwindSafe(|| {
        let mut app = App::new();
        app.add_plugins(AppPlugin);
        if let Some(path) = options.screenshot.clone() {
            app.insert_resource(ScreenshotTo(path));
            app.add_systems(Update, take_screenshot);
        }
        app
    }));
    panic::set_hook(previous_hook);
    let mut app = built.map_err(|payload| {
        let reason = payload
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "unknown error".into());
        format!("cannot open the game window: {reason}")
    })?;
    match app.run() {
        AppExit::Success => Ok(()),
        AppExit::Error(code) => Err(format!("the game stopped with error code {code}")),
    }
}

/// Fails early with a clear message when there is obviously no display to open a window on.
fn check_display() -> Result<(), String> {
    #[cfg(all(unix, not(target_os = "macos"), not(target_arch = "wasm32")))]
    {
        let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty());
        if !set("DISPLAY") && !set("WAYLAND_DISPLAY") && !set("WAYLAND_SOCKET") {
            return Err(
                "no display found (DISPLAY and WAYLAND_DISPLAY are unset): the game needs a \
                        window; the engine commands work without one (see `reversi --help`)"
                    .into(),
            );
        }
    }
    Ok(())
}

/// The whole game: Bevy's default plugins with our window, picking, egui, then our plugins.
pub struct AppPlugin;

impl Plugin for AppPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: TITLE.into(),
                resolution: WindowResolution::new(1280, 800),
                ..default()
            }),
            ..default()
        }))
        .add_plugins(MeshPickingPlugin)
        // After DefaultPlugins, so egui areas block picking of the board below them.
        .add_plugins(EguiPlugin::default())
        .add_plugins((crate::game::plugin, crate::ui::plugin));
    }
}

#[derive(Resource)]
struct ScreenshotTo(PathBuf);

/// At a fixed frame, capture the window, save it, then quit.
fn take_screenshot(mut commands: Commands, mut frame: Local<u32>, target: Res<ScreenshotTo>) {
    *frame += 1;
    if *frame == SCREENSHOT_FRAME {
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(target.0.clone()))
            .observe(
                |_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                    exit.write(AppExit::Success);
                },
            );
    }
}
