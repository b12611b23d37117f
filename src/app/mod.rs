//! The Bevy application: window and plugins in order, the screenshot mode, and a clean message
//! (not a panic) when no window can be opened.

use std::panic::{self, AssertUnwindSafe};
use std::path::PathBuf;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bevy::window::WindowResolution;
use bevy_egui::EguiPlugin;

use crate::cli::args::PracticeChoice;
use crate::game::past_games::PastGames;
use crate::game::practice::PracticeLine;
use crate::game::{CurrentGame, MatchSettings};
use crate::past_games::GamesStore;
use crate::rules::{Game, Square, Variant};
use crate::ui::Screen;
use crate::ui::main_menu::{GameStarted, MenuChoices};

mod scripted;
use scripted::*;

/// How the game is started from the command line.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Render a few frames, save a PNG here, exit.
    pub screenshot: Option<PathBuf>,
    /// Start from this transcript (two players, menu closed); the last move is played live so its
    /// animation shows.
    pub moves: Option<String>,
    /// With `--screenshot` and `moves`: game time after the last move at which to capture.
    pub screenshot_delay_ms: u32,
    /// The board and rules of the game started from the command line (`moves` are read in it);
    /// `None` leaves the menu to choose.
    pub variant: Option<Variant>,
    /// The board's theme for this run (over the saved one).
    pub theme: Option<crate::game::theme::Theme>,
    /// The view for this run (over the saved one).
    pub view: Option<crate::game::board::View>,
    /// The menus' look for this run (over the saved one).
    pub ui_mode: Option<crate::game::theme::UiMode>,
    /// The text size for this run, 0.75–2 (over the saved one).
    pub text_scale: Option<f32>,
    /// The language for this run (over the saved one and the system's).
    pub language: Option<crate::i18n::Language>,
    /// The window's size in logical pixels (1280×800 when not given).
    pub window_size: Option<(u32, u32)>,
    /// A lesson to open at once (1-based), or 0 for the list of lessons.
    pub lesson: Option<u8>,
    /// A puzzle to open at once, or the puzzle of the day, or the list of puzzles.
    pub puzzle: Option<crate::cli::args::PuzzleChoice>,
    /// Opening practice to open at once, or the list of openings.
    pub practice: Option<crate::cli::args::PracticeChoice>,
    /// Open the openings explorer in the side panel.
    pub explorer: bool,
    /// Show the hint numbers for this run.
    pub hints: bool,
    /// Squares clicked in that lesson or puzzle, one after another, after the warm-up.
    pub tries: Vec<Square>,
    /// A room to join at once: the server its link names (if any) and its code, or `new` to open
    /// one; an empty code opens the "Play a friend" window instead.
    pub join: Option<(Option<String>, String)>,
    /// The room server for a bare code and for "Play a friend".
    pub server: Option<String>,
    /// Open the list of past games at once.
    pub past_games: bool,
    /// Open the game database at once (`Some(true)`: and its newest game found on the board).
    pub database: Option<bool>,
    /// Open the tournament window at once, with these players filled in (names and levels).
    pub tournament: Option<String>,
    /// Open the analysis window at once.
    pub analysis: bool,
    /// Open the board editor at once, on the position of `moves` (or the start).
    pub editor: bool,
    /// Open the main menu on the new game's details.
    pub new_game: bool,
    /// Watch the computer play itself for this many seconds, then print the frame times and exit.
    pub frame_times: Option<u32>,
    /// With `moves`: analyse the game, then step back to the position after this many placed
    /// moves, and play the square there (another line, "what if").
    pub review_at: Option<(usize, Option<Square>)>,
}

/// The settings given on the command line, applied over whatever the save restored.
#[derive(Resource, Clone, Copy, Debug)]
struct SettingsOverride {
    theme: Option<crate::game::theme::Theme>,
    view: Option<crate::game::board::View>,
    ui_mode: Option<crate::game::theme::UiMode>,
    text_scale: Option<f32>,
    hints: bool,
}

fn apply_settings_override(
    overrides: Res<SettingsOverride>,
    mut settings: ResMut<crate::game::GameSettings>,
) {
    if let Some(theme) = overrides.theme {
        settings.theme = theme;
    }
    if let Some(view) = overrides.view {
        settings.view = view;
    }
    if let Some(mode) = overrides.ui_mode {
        settings.ui_mode = mode;
    }
    if let Some(scale) = overrides.text_scale {
        settings.text_scale = scale;
    }
    if overrides.hints {
        settings.show_hints = true;
    }
}

/// Window title.
pub const TITLE: &str = "Reversi";

/// Opens the window and runs the game until it is closed.
pub fn run(options: Options) -> Result<(), String> {
    let variant = options.variant.unwrap_or(Variant::STANDARD);
    let scripted = match &options.moves {
        Some(text) => Some(ScriptedStart::from_transcript(text, variant)?),
        None => None,
    };
    check_display()?;
    // Window and GPU set-up panic inside plugin building when they fail; turn that into a message.
    let previous_hook = panic::take_hook();
    panic::set_hook(Box::new(|_| {}));
    let built = panic::catch_unwind(AssertUnwindSafe(|| {
        let mut app = App::new();
        app.add_plugins(AppPlugin);
        app.world_mut()
            .resource_mut::<crate::ui::LanguageChoice>()
            .run = options.language;
        if let Some((width, height)) = options.window_size {
            let mut windows = app
                .world_mut()
                .query_filtered::<&mut Window, With<bevy::window::PrimaryWindow>>();
            for mut window in windows.iter_mut(app.world_mut()) {
                window.resolution = WindowResolution::new(width, height);
            }
        }
        // Scripted runs (screenshots, frame times) never touch the player's saved game.
        let save_dir = if scripted.is_some()
            || options.screenshot.is_some()
            || options.frame_times.is_some()
        {
            None
        } else if cfg!(target_arch = "wasm32") {
            Some(crate::save::Store::Browser)
        } else {
            crate::save::config_dir().map(crate::save::Store::Dir)
        };
        // The games played live beside the save.
        let mut past = PastGames::new(save_dir.as_ref().map(|store| match store {
            crate::save::Store::Dir(dir) => GamesStore::Dir(dir.clone()),
            crate::save::Store::Browser => GamesStore::Browser,
        }));
        // A screenshot's run shows the player's games but adds none.
        if save_dir.is_none() && scripted.is_none() {
            past.kept = crate::save::config_dir()
                .map_or_else(Default::default, |dir| crate::past_games::load(&dir));
        }
        // The tournament on this device lives there too.
        let tournaments =
            crate::game::tournament::Tournaments::for_run(save_dir.as_ref(), scripted.is_some());
        // The game database is read wherever it lives; scripted runs add nothing to it.
        app.insert_resource(crate::game::database::GameDatabase::open(
            crate::database::default_path(),
        ));
        app.insert_resource(past)
            .insert_resource(tournaments)
            .insert_resource(crate::autosave::SaveDir(save_dir))
            .insert_resource(SettingsOverride {
                theme: options.theme,
                view: options.view,
                ui_mode: options.ui_mode,
                text_scale: options.text_scale,
                hints: options.hints,
            })
            // After the save is restored at start-up.
            .add_systems(PostStartup, apply_settings_override);
        // A game named on the command line starts at once: the scripted one between two players,
        // or a new one of the named board and rules against the AI.
        let named = match (&scripted, options.variant) {
            (Some(start), _) => Some((start.before_last.clone(), MatchSettings::two_humans())),
            // Frame times: the computer against itself, a quick level, every flip animated.
            (None, variant) if options.frame_times.is_some() => Some((
                Game::new(variant.unwrap_or(Variant::STANDARD)),
                MatchSettings::ai_vs_ai(crate::ai::Level::Novice, crate::ai::Level::Novice),
            )),
            (None, Some(variant)) => Some((Game::new(variant), MatchSettings::default())),
            (None, None) => None,
        };
        if let Some((game, players)) = named {
            app.insert_resource(CurrentGame(game))
                .insert_resource(players.on(variant))
                .insert_resource(MenuChoices {
                    variant,
                    ..default()
                })
                .insert_state(Screen::Playing)
                .insert_resource(GameStarted(true));
        }
        if options.new_game {
            app.insert_resource(crate::ui::main_menu::MenuPage::NewGame);
        }
        if options.editor {
            let mut game = scripted
                .as_ref()
                .map_or(Game::new(variant), |s| s.before_last.clone());
            // The last move was read legal with the others.
            if let Some(square) = scripted.as_ref().and_then(|start| start.last) {
                let _ = game.play(square);
            }
            app.insert_resource(crate::ui::editor::Editor::from_position(&game.position()))
                .insert_state(crate::ui::Dialog::Editor);
        }
        if let Some(start) = scripted {
            app.insert_resource(start)
                .add_systems(Update, play_scripted_last_move);
        }
        if let Some(server) = &options.server {
            app.insert_resource(crate::ui::online::OnlineForm {
                server: server.clone(),
                ..default()
            });
        }
        if options.past_games {
            app.insert_state(crate::ui::Dialog::PastGames);
        }
        if let Some(open_first) = options.database {
            crate::ui::database::open_at_start(&mut app, open_first);
        }
        if let Some(players) = &options.tournament {
            crate::ui::tournament::open_at_start(&mut app, players);
        }
        if options.analysis {
            app.insert_resource(crate::ui::analysis::AnalysisOpen(true))
                .add_systems(
                    Update,
                    (|mut analyse: MessageWriter<crate::game::analysis::AnalyseRequested>| {
                        analyse.write(crate::game::analysis::AnalyseRequested(None));
                    })
                    .run_if(bevy::ecs::schedule::common_conditions::run_once),
                );
        }
        if options
            .join
            .as_ref()
            .is_some_and(|(_, code)| code.is_empty())
        {
            app.insert_state(crate::ui::Dialog::Online);
        } else if let Some((server, code)) = options.join.clone() {
            let server = server
                .or_else(|| options.server.clone())
                .unwrap_or_else(|| crate::ui::online::OnlineForm::default().server);
            app.insert_state(Screen::Playing)
                .insert_resource(GameStarted(true))
                .insert_resource(JoinAtStart(Some((
                    server,
                    code,
                    options.variant.unwrap_or_default(),
                ))))
                .add_systems(Update, join_at_start);
        }
        match options.lesson {
            Some(0) => {
                app.insert_state(crate::ui::Dialog::Lessons);
            }
            Some(number) => {
                app.insert_state(Screen::Lesson)
                    .insert_resource(ScriptedCoach {
                        start: Coach::Lesson(number),
                        tries: options.tries.clone(),
                    })
                    .add_systems(Update, run_scripted_coach);
            }
            None => {}
        }
        match options.puzzle.map(crate::ui::puzzles::named) {
            Some(None) => {
                app.insert_state(crate::ui::Dialog::Puzzles);
            }
            Some(Some(index)) => {
                app.insert_state(Screen::Puzzle)
                    .insert_resource(ScriptedCoach {
                        start: Coach::Puzzle(index),
                        tries: options.tries.clone(),
                    })
                    .add_systems(Update, run_scripted_coach);
            }
            None => {}
        }
        match options.practice {
            Some(PracticeChoice::List) => {
                app.insert_state(crate::ui::Dialog::Practice);
            }
            Some(PracticeChoice::Line(name, colour)) => {
                let line = name.map_or(PracticeLine::AnyBook, PracticeLine::Named);
                app.insert_state(Screen::Practice)
                    .insert_resource(ScriptedCoach {
                        start: Coach::Practice(line, colour),
                        tries: options.tries.clone(),
                    })
                    .add_systems(Update, run_scripted_coach);
            }
            None => {}
        }
        if options.explorer {
            app.insert_resource(crate::ui::explorer::ExplorerOpen(true));
        }
        if let Some(seconds) = options.frame_times {
            crate::frame_times::add(&mut app, seconds);
        }
        if let Some((plays, what_if)) = options.review_at {
            app.insert_resource(crate::ui::analysis::AnalysisOpen(true))
                .insert_resource(ScriptedReview {
                    plays,
                    what_if,
                    stage: ReviewStage::Waiting,
                })
                .add_systems(Update, run_scripted_review);
        }
        if let Some(path) = options.screenshot.clone() {
            let delay_frames = options
                .screenshot_delay_ms
                .div_ceil(SCREENSHOT_FRAME_TIME.as_millis() as u32);
            let at = if options.moves.is_some() {
                WARM_UP_FRAMES + delay_frames.max(1)
            } else if !options.tries.is_empty() {
                WARM_UP_FRAMES + TRY_FRAMES * options.tries.len() as u32 + delay_frames.max(1)
            } else {
                WARM_UP_FRAMES
            };
            app.insert_resource(ScreenshotTo { path, frame: at })
                .insert_resource(TimeUpdateStrategy::ManualDuration(SCREENSHOT_FRAME_TIME))
                .add_systems(Update, take_screenshot);
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
                // In the browser: draw into the page's canvas and follow its size.
                canvas: Some("#reversi".into()),
                fit_canvas_to_parent: true,
                prevent_default_event_handling: true,
                ..default()
            }),
            ..default()
        }))
        .add_plugins(MeshPickingPlugin)
        // After DefaultPlugins, so egui areas block picking of the board below them.
        .add_plugins(EguiPlugin::default())
        .add_plugins((
            crate::game::plugin,
            crate::input::plugin,
            crate::audio::plugin,
            crate::autosave::plugin,
            crate::ui::plugin,
        ));
        #[cfg(target_arch = "wasm32")]
        app.add_plugins((crate::web::plugin, crate::web_database::plugin));
    }
}
