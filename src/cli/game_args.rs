//! The game's own options (with no command, `reversi` opens the game window), the top of the
//! command line whose engine commands are in [`super::args`], and the reading of `solve`'s
//! positions before clap parses them.

use std::path::PathBuf;

use clap::{CommandFactory, Parser};

use super::args::{Command, PracticeChoice, PuzzleChoice, RulesName, Tries};
use super::values::{parse_lesson, parse_practice, parse_puzzle, parse_tries, parse_window_size};
use crate::rules::Square;

/// Reversi (Othello): the 3D game, and its engine on the command line.
///
/// With no command, opens the game window.
#[derive(Parser)]
#[command(name = "reversi", version)]
#[command(group = clap::ArgGroup::new("coached").args(["lesson", "puzzle", "practice"]))]
pub struct Cli {
    /// Render the game for a few frames, save a screenshot (PNG) to PATH and exit.
    #[arg(long, value_name = "PATH")]
    pub screenshot: Option<PathBuf>,

    /// Start from this game (a transcript such as f5d6c3, two players on this device, menu
    /// closed). Its last move is played live, so its animation shows.
    #[arg(long, value_name = "TRANSCRIPT")]
    pub moves: Option<String>,

    /// With --screenshot and --moves: milliseconds of game time after the last move at which to
    /// capture (e.g. 300 for a mid-flip frame).
    #[arg(long, value_name = "MS", default_value_t = 2000)]
    pub screenshot_delay: u32,

    /// Start a game on this board size (4, 6, 7, 8, 10, 12, 14, 16) at once, menu closed.
    #[arg(long, value_name = "N")]
    pub size: Option<u32>,

    /// Start a game with these rules at once: othello, classic (free placements in the centre
    /// first), anti (fewest discs wins) or classic-anti.
    #[arg(long, value_name = "RULES")]
    pub rules: Option<RulesName>,

    /// Start a game on this board shape at once: cross, octagon, the squares that are off on the
    /// --size board (a1,h8), or a FILE with a picture of the board (# off, - on).
    #[arg(long, value_name = "cross|octagon|SQUARES|FILE")]
    pub shape: Option<String>,

    /// The board's colours for this run: classic, wood, dark or high-contrast (the Settings
    /// dialog chooses and remembers one).
    #[arg(long, value_name = "THEME")]
    pub theme: Option<String>,

    /// The board in 3D or flat from above for this run: 3d or flat (the V key and the Settings
    /// dialog switch and remember it).
    #[arg(long, value_name = "VIEW")]
    pub view: Option<String>,

    /// The menus and panels for this run: dark or light (the Settings dialog chooses and
    /// remembers one).
    #[arg(long, value_name = "dark|light")]
    pub ui: Option<String>,

    /// The size of the menus' and panels' text for this run, in percent: 75 to 200.
    #[arg(long, value_name = "PERCENT", value_parser = clap::value_parser!(u32).range(75..=200))]
    pub text_size: Option<u32>,

    /// The language of the menus for this run: en, pt, it or nl (pt-BR, nl-BE and the like too),
    /// or pseudo (English made longer, to check the layout). The Settings dialog chooses and
    /// remembers one; without either, the system's language is used.
    #[arg(long, value_name = "CODE")]
    pub lang: Option<String>,

    /// The window's size, WIDTHxHEIGHT in logical pixels (default 1280x800).
    #[arg(long, value_name = "WxH", value_parser = parse_window_size)]
    pub window_size: Option<(u32, u32)>,

    /// Open a lesson of "Learn to play" at once: its number (1-12), or `list` for the list of
    /// lessons.
    #[arg(long, value_name = "N|list", value_parser = parse_lesson)]
    pub lesson: Option<u8>,

    /// Open an endgame puzzle at once: its number, `daily` for the puzzle of the day, or `list`
    /// for the list of puzzles.
    #[arg(long, value_name = "N|daily|list", value_parser = parse_puzzle, conflicts_with = "lesson")]
    pub puzzle: Option<PuzzleChoice>,

    /// Open opening practice at once: `list` for the openings, or `[black:|white:]NAME` to play
    /// the opening NAME (e.g. tiger, "Leader's Tiger") or `any` book line with that colour.
    #[arg(long, value_name = "[COLOUR:]NAME|any|list", value_parser = parse_practice)]
    #[arg(conflicts_with_all = ["lesson", "puzzle"])]
    pub practice: Option<PracticeChoice>,

    /// Open the openings explorer in the side panel at once.
    #[arg(long)]
    pub explorer: bool,

    /// Show the hint numbers on the board for this run (the side panel's Hints box switches and
    /// remembers them).
    #[arg(long)]
    pub hints: bool,

    /// With --lesson, --puzzle or --practice: squares clicked one after another, as a learner would (e.g.
    /// `c5` for a wrong first move, `e6,d6,f6` to mark two discs and play f6).
    #[arg(long = "try", value_name = "SQUARES", requires = "coached", value_parser = parse_tries)]
    pub tries: Option<Tries>,

    /// Join a friend's room at once: its code (on the server of --server) or its link
    /// (`http://host:8080/?room=CODE`, which names the server); `new` opens a room there instead
    /// (a random colour, the board of --size and --rules, no clock); with nothing after it, the
    /// "Play a friend" window opens.
    #[arg(long, value_name = "CODE|LINK", num_args = 0..=1, default_missing_value = "")]
    pub join: Option<String>,

    /// Open the list of past games (every game played to its end) at once.
    #[arg(long)]
    pub games: bool,

    /// Open the game database at once (with --moves, searching for the games through that
    /// position); `open` also opens the newest game found on the board.
    #[arg(long, value_name = "open", num_args = 0..=1, default_missing_value = "",
          value_parser = ["", "open"])]
    pub database: Option<String>,

    /// Open the tournament window at once; with PLAYERS (names and levels, separated by commas,
    /// e.g. "Ana,Bruno,expert"), a tournament not yet started has them filled in.
    #[arg(long, value_name = "PLAYERS", num_args = 0..=1, default_missing_value = "")]
    pub tournament: Option<String>,

    /// Open the board editor at once, on the position of --moves (or the start).
    #[arg(long)]
    pub editor: bool,

    /// Open the main menu on the new game's details (one step in from its first sight).
    #[arg(long)]
    pub new_game: bool,

    /// Open the analysis under the board at once and analyse the game (with --moves: that game,
    /// move by move).
    #[arg(long)]
    pub analysis: bool,

    /// Watch the computer play itself for SECONDS with every animation on, then print the frame
    /// times (median, 95th percentile, slowest) and, on Linux, each thread's processor time a
    /// frame, and exit: how smoothly this build draws here, and the game's own share of a frame.
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u32).range(1..=600))]
    pub frame_times: Option<u32>,

    /// With --moves: analyse the game, then step back to the position after N placed moves, where
    /// the board shows the engine's expected line.
    #[arg(long, value_name = "N", requires = "moves")]
    pub review_at: Option<usize>,

    /// With --review-at: play SQUARE there, exploring another line from that position.
    #[arg(long, value_name = "SQUARE", requires = "review_at")]
    pub what_if: Option<Square>,

    /// The room server for --join with a bare code and for "Play a friend" (default
    /// ws://127.0.0.1:8080/ws, `reversi serve`'s own address).
    #[arg(long, value_name = "URL")]
    pub server: Option<String>,

    #[command(subcommand)]
    pub command: Option<Command>,
}

/// `reversi solve`'s arguments with every one that is not an option of `solve` (nor an option's
/// value) moved behind a `--`, so that a position starting with '-' (a1 empty, as most do) is a
/// position wherever it stands, before or after the options. `solve`'s options are read from its
/// definition above. Other commands' arguments are returned as they are.
pub fn positions_as_values(args: Vec<String>) -> Vec<String> {
    if args.get(1).map(String::as_str) != Some("solve") {
        return args;
    }
    let mut cli = Cli::command();
    cli.build();
    let solve = cli.find_subcommand("solve").expect("solve is a command");
    // Whether `spelling` (`--name`, `--name=value` or `-n`) is one of solve's options, and if so
    // whether its value is the next argument.
    let option = |spelling: &str| -> Option<bool> {
        let (name, inline_value) = spelling.split_once('=').unzip();
        let name = name.unwrap_or(spelling);
        let arg = solve.get_arguments().find(|a| {
            a.get_long()
                .is_some_and(|l| name.strip_prefix("--") == Some(l))
                || a.get_short().is_some_and(|c| name == format!("-{c}"))
        })?;
        Some(arg.get_action().takes_values() && inline_value.is_none())
    };
    let mut rest = args.into_iter();
    let mut options: Vec<String> = rest.by_ref().take(2).collect();
    let mut positions = Vec::new();
    while let Some(arg) = rest.next() {
        if arg == "--" {
            positions.extend(rest.by_ref());
            break;
        }
        match option(&arg) {
            Some(takes_next) => {
                options.push(arg);
                if takes_next {
                    options.extend(rest.next());
                }
            }
            None => positions.push(arg),
        }
    }
    if !positions.is_empty() {
        options.push("--".into());
        options.extend(positions);
    }
    options
}
