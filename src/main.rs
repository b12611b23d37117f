//! The `reversi` binary: parse the command line (`reversi::cli::args`), then run the game or an
//! engine command (`reversi::cli::dispatch`).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use reversi::cli::args::RulesName;
use reversi::cli::dispatch::{Failure, Ran};
use reversi::cli::game_args::{Cli, positions_as_values};

fn main() -> ExitCode {
    // The browser build has no command line: it is always the game.
    let cli = if cfg!(target_arch = "wasm32") {
        Cli::parse_from(["reversi"])
    } else {
        Cli::parse_from(positions_as_values(std::env::args().collect()))
    };
    let ended = match cli.command {
        // The browser build never runs an engine command: leaving them out of it keeps the game's
        // wasm small.
        #[cfg(not(target_arch = "wasm32"))]
        Some(command) => reversi::cli::dispatch::run(command),
        #[cfg(target_arch = "wasm32")]
        Some(_) => unreachable!("the browser build parses no command"),
        None => game_variant(cli.size, cli.rules, cli.shape.as_deref()).and_then(|variant| {
            let look = Look {
                theme: cli.theme,
                view: cli.view,
                ui: cli.ui,
                text_size: cli.text_size,
                language: cli.lang,
                window_size: cli.window_size,
                lesson: cli.lesson,
                puzzle: cli.puzzle,
                practice: cli.practice,
                explorer: cli.explorer,
                hints: cli.hints,
                tries: cli.tries.map(|t| t.0).unwrap_or_default(),
                join: cli.join,
                server: cli.server,
                games: cli.games,
                database: cli.database,
                tournament: cli.tournament,
                analysis: cli.analysis,
                editor: cli.editor,
                new_game: cli.new_game,
                frame_times: cli.frame_times,
                review_at: cli.review_at.map(|plays| (plays, cli.what_if)),
            };
            run_game(reversi_options(
                cli.screenshot,
                cli.moves,
                cli.screenshot_delay,
                variant,
                look,
            )?)
        }),
    };
    match ended {
        Ok(Ran::Ok) => ExitCode::SUCCESS,
        Ok(Ran::CheckFailed) => ExitCode::FAILURE,
        Err(failure) => {
            eprintln!("{}", failure.line);
            ExitCode::from(failure.code)
        }
    }
}

#[cfg(feature = "game")]
type GameOptions = reversi::app::Options;
/// Without the game there are no options to pass on.
#[cfg(not(feature = "game"))]
struct GameOptions;

#[cfg(feature = "game")]
fn reversi_options(
    screenshot: Option<PathBuf>,
    moves: Option<String>,
    delay: u32,
    variant: Option<reversi::rules::Variant>,
    look: Look,
) -> Result<GameOptions, Failure> {
    let theme = parsed::<reversi::game::theme::Theme>(look.theme)?;
    let view = parsed::<reversi::game::board::View>(look.view)?;
    let ui_mode = parsed::<reversi::game::theme::UiMode>(look.ui)?;
    let language = parsed::<reversi::i18n::Language>(look.language)?;
    Ok(reversi::app::Options {
        screenshot,
        moves,
        screenshot_delay_ms: delay,
        variant,
        theme,
        view,
        ui_mode,
        text_scale: look.text_size.map(|percent| percent as f32 / 100.0),
        language,
        window_size: look.window_size,
        lesson: look.lesson,
        puzzle: look.puzzle,
        practice: look.practice,
        explorer: look.explorer,
        hints: look.hints,
        tries: look.tries,
        join: look
            .join
            .map(|text| {
                if text == "new" || text.is_empty() {
                    return Ok((None, text));
                }
                reversi::net::client::read_invitation(&text).ok_or_else(|| Failure {
                    line: format!("reversi: '{text}' is not a room code or a room's link"),
                    code: 2,
                })
            })
            .transpose()?,
        server: look.server,
        past_games: look.games,
        database: look.database.map(|what| what == "open"),
        tournament: look.tournament,
        analysis: look.analysis,
        editor: look.editor,
        new_game: look.new_game,
        frame_times: look.frame_times,
        review_at: look.review_at,
    })
}

/// An option's value read as what it names (a theme, a view, a language), or why not: exit 2.
#[cfg(feature = "game")]
fn parsed<T: std::str::FromStr>(text: Option<String>) -> Result<Option<T>, Failure>
where
    T::Err: std::fmt::Display,
{
    text.map(|text| text.parse::<T>())
        .transpose()
        .map_err(|why| Failure {
            line: format!("reversi: {why}"),
            code: 2,
        })
}

#[cfg(not(feature = "game"))]
fn reversi_options(
    _: Option<PathBuf>,
    _: Option<String>,
    _: u32,
    _: Option<reversi::rules::Variant>,
    _: Look,
) -> Result<GameOptions, Failure> {
    Ok(GameOptions)
}

/// The game's look given on the command line, and the lesson or puzzle it opens.
#[cfg_attr(not(feature = "game"), allow(dead_code))]
struct Look {
    theme: Option<String>,
    view: Option<String>,
    ui: Option<String>,
    text_size: Option<u32>,
    language: Option<String>,
    window_size: Option<(u32, u32)>,
    /// A lesson's number, or 0 for the list.
    lesson: Option<u8>,
    puzzle: Option<reversi::cli::args::PuzzleChoice>,
    practice: Option<reversi::cli::args::PracticeChoice>,
    /// `--explorer`.
    explorer: bool,
    /// `--hints`.
    hints: bool,
    tries: Vec<reversi::rules::Square>,
    /// `--join` and `--server`.
    join: Option<String>,
    server: Option<String>,
    /// `--games`.
    games: bool,
    /// `--database`.
    database: Option<String>,
    /// `--tournament`.
    tournament: Option<String>,
    /// `--analysis`.
    analysis: bool,
    /// `--editor`.
    editor: bool,
    /// `--new-game`.
    new_game: bool,
    /// `--frame-times`.
    frame_times: Option<u32>,
    /// `--review-at` and `--what-if`.
    review_at: Option<(usize, Option<reversi::rules::Square>)>,
}

/// The game's `--size`, `--rules` and `--shape`: `None` when none is given (the menu chooses).
fn game_variant(
    size: Option<u32>,
    rules: Option<RulesName>,
    shape: Option<&str>,
) -> Result<Option<reversi::rules::Variant>, Failure> {
    if size.is_none() && rules.is_none() && shape.is_none() {
        return Ok(None);
    }
    let failure = |e: String| Failure {
        line: format!("reversi: {e}"),
        code: 2,
    };
    let rules = rules.map_or(reversi::rules::Variant::STANDARD, |r| r.0);
    let variant = rules
        .with_size(size.unwrap_or(8))
        .map_err(|e| failure(e.to_string()))?;
    match shape {
        Some(shape) => reversi::cli::args::with_shape_arg(variant, shape)
            .map(Some)
            .map_err(failure),
        None => Ok(Some(variant)),
    }
}

#[cfg(feature = "game")]
fn run_game(options: GameOptions) -> Result<Ran, Failure> {
    reversi::app::run(options).map_err(|message| Failure {
        line: format!("reversi: {message}"),
        code: 1,
    })?;
    Ok(Ran::Ok)
}

#[cfg(not(feature = "game"))]
fn run_game(_options: GameOptions) -> Result<Ran, Failure> {
    Err(Failure {
        line: "reversi: this binary was built without the `game` feature; rebuild with default \
               features to play (the engine commands work: see `reversi --help`)"
            .into(),
        code: 1,
    })
}
