//! Saving and resuming: the game in progress (with its redo moves), the players and the settings,
//! in a small versioned text file in the platform's config directory (in the browser build: the
//! page's localStorage). Writes are atomic (write, then rename). A save that cannot be read is
//! moved aside, never overwritten or fatal.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::ai::Level;
use crate::rules::notation::{ggf, parse_ggf};
use crate::rules::{Game, Move, Player, Square};
use std::time::Duration;

/// The first line of a save file, with the format version.
const MAGIC: &str = "reversi-save";
/// The version this build writes and reads.
pub const VERSION: u32 = 1;
/// The save file's name in the config directory.
pub const FILE_NAME: &str = "save.txt";

/// Who plays a side, as saved (the game layer maps it to its controllers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SavedPlayer {
    Human,
    Ai(Level),
}

/// Everything a save holds.
#[derive(Clone, Debug, PartialEq)]
pub struct SaveData {
    pub game: Game,
    /// The time control per player, if the game has clocks.
    pub clock: Option<Duration>,
    /// Black's and white's remaining time and who ran out, when the game has clocks.
    pub clock_left: Option<(Duration, Duration, Option<Player>)>,
    pub black: SavedPlayer,
    pub white: SavedPlayer,
    pub volume: f32,
    pub muted: bool,
    pub animation_speed: f32,
    pub show_legal_moves: bool,
    pub show_hints: bool,
    pub ai_move_delay: f32,
}

/// Why a save could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveError {
    /// Not a save file of this game at all, or damaged.
    Corrupt(String),
    /// Written by a newer (or unknown) version of the game.
    UnknownVersion(String),
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::Corrupt(why) => write!(f, "the save is damaged: {why}"),
            SaveError::UnknownVersion(v) => write!(
                f,
                "the save has version {v}, this game reads version {VERSION}"
            ),
        }
    }
}

fn player_text(player: SavedPlayer) -> String {
    match player {
        SavedPlayer::Human => "human".into(),
        SavedPlayer::Ai(level) => format!("ai:{}", level.name()),
    }
}

fn parse_player(text: &str) -> Result<SavedPlayer, SaveError> {
    match text.strip_prefix("ai:") {
        None if text == "human" => Ok(SavedPlayer::Human),
        Some(level) => level
            .parse()
            .map(SavedPlayer::Ai)
            .map_err(SaveError::Corrupt),
        None => Err(SaveError::Corrupt(format!("'{text}' is not a player"))),
    }
}

impl SaveData {
    /// The file's text.
    pub fn to_text(&self) -> String {
        let redo: Vec<String> = self
            .game
            .redo_stack()
            .iter()
            .rev()
            .filter_map(|m| match m {
                Move::Play(sq) => Some(sq.to_string()),
                Move::Pass => None,
            })
            .collect();
        format!(
            "{MAGIC} {VERSION}\nblack {}\nwhite {}\nvolume {}\nmuted {}\nanimation {}\nlegal-moves {}\nhints {}\nai-delay {}\ngame {}\nredo {}\n",
            player_text(self.black),
            player_text(self.white),
            self.volume,
            self.muted,
            self.animation_speed,
            self.show_legal_moves,
            self.show_hints,
            self.ai_move_delay,
            ggf(&self.game),
            redo.join(" "),
        ) + &self.clock_text()
    }

    /// `clock <ms>` and `clock-left <black ms> <white ms> <flagged: black|white|->`, when timed.
    fn clock_text(&self) -> String {
        let mut text = String::new();
        if let Some(limit) = self.clock {
            text.push_str(&format!("clock {}\n", limit.as_millis()));
        }
        if let Some((black, white, flagged)) = self.clock_left {
            let flagged = match flagged {
                Some(Player::Black) => "black",
                Some(Player::White) => "white",
                None => "-",
            };
            text.push_str(&format!(
                "clock-left {} {} {flagged}\n",
                black.as_millis(),
                white.as_millis()
            ));
        }
        text
    }

    /// Reads a save file's text.
    pub fn from_text(text: &str) -> Result<SaveData, SaveError> {
        let mut lines = text.lines();
        let header = lines.next().unwrap_or("");
        let Some(version) = header.strip_prefix(MAGIC).map(str::trim) else {
            return Err(SaveError::Corrupt(
                "it does not start with 'reversi-save'".into(),
            ));
        };
        if version != VERSION.to_string() {
            return Err(SaveError::UnknownVersion(version.to_string()));
        }
        let mut fields = std::collections::HashMap::new();
        for line in lines {
            if let Some((key, value)) = line.split_once(' ') {
                fields.insert(key, value.trim());
            } else if !line.trim().is_empty() {
                fields.insert(line.trim(), "");
            }
        }
        let field = |key: &str| {
            fields
                .get(key)
                .copied()
                .ok_or_else(|| SaveError::Corrupt(format!("no '{key}' line")))
        };
        let number = |key: &str, range: std::ops::RangeInclusive<f32>| -> Result<f32, SaveError> {
            let value: f32 = field(key)?
                .parse()
                .map_err(|_| SaveError::Corrupt(format!("'{key}' is not a number")))?;
            if range.contains(&value) {
                Ok(value)
            } else {
                Err(SaveError::Corrupt(format!(
                    "'{key}' {value} is out of range"
                )))
            }
        };
        let flag = |key: &str| -> Result<bool, SaveError> {
            field(key)?
                .parse()
                .map_err(|_| SaveError::Corrupt(format!("'{key}' is not true/false")))
        };
        let mut game = parse_ggf(field("game")?).map_err(|e| SaveError::Corrupt(e.to_string()))?;
        // The redo moves are replayed and taken back again, so the redo stack is rebuilt and checked.
        let redo: Vec<Square> = field("redo")
            .unwrap_or("")
            .split_whitespace()
            .map(|t| {
                t.parse()
                    .map_err(|_| SaveError::Corrupt(format!("redo move '{t}' is not a square")))
            })
            .collect::<Result<_, _>>()?;
        for &square in &redo {
            game.play(square)
                .map_err(|e| SaveError::Corrupt(format!("redo move {square}: {e}")))?;
        }
        for _ in &redo {
            game.undo();
        }
        // Clock lines were added within version 1; untimed games and older saves have none.
        let millis = |text: &str| -> Result<Duration, SaveError> {
            text.parse::<u64>()
                .map(Duration::from_millis)
                .map_err(|_| SaveError::Corrupt(format!("'{text}' is not a time in milliseconds")))
        };
        let clock = fields.get("clock").map(|t| millis(t)).transpose()?;
        let clock_left = match fields.get("clock-left") {
            None => None,
            Some(text) => {
                let parts: Vec<&str> = text.split_whitespace().collect();
                let [black, white, flagged] = parts[..] else {
                    return Err(SaveError::Corrupt(
                        "'clock-left' needs black, white and flagged".into(),
                    ));
                };
                let flagged = match flagged {
                    "black" => Some(Player::Black),
                    "white" => Some(Player::White),
                    "-" => None,
                    other => {
                        return Err(SaveError::Corrupt(format!(
                            "'{other}' is not a player who ran out"
                        )));
                    }
                };
                Some((millis(black)?, millis(white)?, flagged))
            }
        };
        Ok(SaveData {
            game,
            clock,
            clock_left,
            black: parse_player(field("black")?)?,
            white: parse_player(field("white")?)?,
            volume: number("volume", 0.0..=1.0)?,
            muted: flag("muted")?,
            animation_speed: number("animation", 0.0..=3.0)?,
            show_legal_moves: flag("legal-moves")?,
            // Added within version 1: older saves have no hints line.
            show_hints: if fields.contains_key("hints") {
                flag("hints")?
            } else {
                false
            },
            ai_move_delay: number("ai-delay", 0.0..=3.0)?,
        })
    }
}

/// The directory saves live in: `$REVERSI_CONFIG_DIR` if set, else the platform's config directory
/// (`$XDG_CONFIG_HOME/reversi` or `~/.config/reversi` on Linux, `~/Library/Application
/// Support/reversi` on macOS, `%APPDATA%\reversi` on Windows). `None` when none can be found.
pub fn config_dir() -> Option<PathBuf> {
    let var = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if let Some(dir) = var("REVERSI_CONFIG_DIR") {
        return Some(dir);
    }
    if cfg!(target_os = "windows") {
        return var("APPDATA").map(|d| d.join("reversi"));
    }
    if cfg!(target_os = "macos") {
        return var("HOME").map(|h| h.join("Library/Application Support/reversi"));
    }
    var("XDG_CONFIG_HOME")
        .or_else(|| var("HOME").map(|h| h.join(".config")))
        .map(|d| d.join("reversi"))
}

/// Where the save lives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Store {
    /// [`FILE_NAME`] in this directory (the desktop game).
    Dir(PathBuf),
    /// The page's localStorage, under [`BROWSER_KEY`] (the browser build; elsewhere there is none,
    /// so nothing loads and writing fails).
    Browser,
}

/// The localStorage key of the browser build's save.
pub const BROWSER_KEY: &str = "reversi.save";

impl Store {
    /// Loads the save (see [`load`]).
    pub fn load(&self) -> Loaded {
        match self {
            Store::Dir(dir) => load(dir),
            Store::Browser => browser::load(),
        }
    }

    /// Writes the save, replacing the old one in one step.
    pub fn store(&self, data: &SaveData) -> Result<(), String> {
        match self {
            Store::Dir(dir) => store(dir, data).map_err(|e| format!("{} ({e})", dir.display())),
            Store::Browser => browser::store(&data.to_text()),
        }
    }
}

#[cfg(target_arch = "wasm32")]
mod browser {
    use super::{BROWSER_KEY, Loaded, SaveData, SaveError};

    fn storage() -> Result<web_sys::Storage, String> {
        web_sys::window()
            .and_then(|w| w.local_storage().ok().flatten())
            .ok_or_else(|| "the browser's storage is not available".to_string())
    }

    pub fn load() -> Loaded {
        let Ok(storage) = storage() else {
            return Loaded::Nothing;
        };
        let text = match storage.get_item(BROWSER_KEY) {
            Ok(Some(text)) => Ok(text),
            Ok(None) => return Loaded::Nothing,
            Err(_) => Err(SaveError::Corrupt("it could not be read".into())),
        };
        match text.and_then(|t| SaveData::from_text(&t)) {
            Ok(data) => Loaded::Save(Box::new(data)),
            Err(error) => {
                let stamp = (js_sys::Date::now() / 1000.0) as u64;
                let aside = format!("{BROWSER_KEY}.bad-{stamp}");
                let kept = storage
                    .get_item(BROWSER_KEY)
                    .ok()
                    .flatten()
                    .is_some_and(|t| storage.set_item(&aside, &t).is_ok());
                let _ = storage.remove_item(BROWSER_KEY);
                Loaded::MovedAside {
                    error,
                    moved_to: kept.then(|| format!("localStorage key {aside}")),
                }
            }
        }
    }

    pub fn store(text: &str) -> Result<(), String> {
        storage()?
            .set_item(BROWSER_KEY, text)
            .map_err(|_| "the browser's storage is full or refused".to_string())
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod browser {
    use super::Loaded;

    pub fn load() -> Loaded {
        Loaded::Nothing
    }

    pub fn store(_: &str) -> Result<(), String> {
        Err("there is no browser storage outside the browser build".into())
    }
}

/// What loading found.
#[derive(Debug)]
pub enum Loaded {
    /// No save yet.
    Nothing,
    Save(Box<SaveData>),
    /// The save could not be read and was moved to `moved_to` (or could not be moved).
    MovedAside {
        error: SaveError,
        /// Where it was kept (a file path, or the browser's storage key).
        moved_to: Option<String>,
    },
}

/// Loads the save in `dir`. An unreadable save is renamed to `save.bad-<seconds>.txt` beside it, so
/// it is kept for inspection and never silently overwritten.
pub fn load(dir: &Path) -> Loaded {
    let path = dir.join(FILE_NAME);
    let text = match std::fs::read(&path) {
        Ok(bytes) => {
            String::from_utf8(bytes).map_err(|_| SaveError::Corrupt("it is not text".into()))
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Loaded::Nothing,
        Err(e) => Err(SaveError::Corrupt(format!("it could not be read: {e}"))),
    };
    match text.and_then(|t| SaveData::from_text(&t)) {
        Ok(data) => Loaded::Save(Box::new(data)),
        Err(error) => {
            let stamp = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs());
            let aside = dir.join(format!("save.bad-{stamp}.txt"));
            let moved_to = std::fs::rename(&path, &aside)
                .ok()
                .map(|_| aside.display().to_string());
            Loaded::MovedAside { error, moved_to }
        }
    }
}

/// Writes the save atomically: a temporary file beside it, then a rename over the old one.
pub fn store(dir: &Path, data: &SaveData) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let tmp = dir.join(format!("{FILE_NAME}.tmp"));
    std::fs::write(&tmp, data.to_text())?;
    std::fs::rename(&tmp, dir.join(FILE_NAME))
}
