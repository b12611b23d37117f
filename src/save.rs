//! Saving and resuming: the game in progress (with its redo moves), the players and the settings,
//! in a small versioned text file in the platform's config directory (in the browser build: the
//! page's localStorage). Writes are atomic (write, then rename). The last line is a checksum of
//! everything above it, so a save cut short or changed on disk is recognised as damaged rather than
//! read as a different game. A save that cannot be read is moved aside under a name of its own,
//! never overwritten or fatal.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::ai::Level;
use crate::rules::vnotation::{ggf, parse_ggf};
use crate::rules::{Cell, Player, VGame, VMove};
use std::time::Duration;

/// The first line of a save file, with the format version.
const MAGIC: &str = "reversi-save";
/// The version this build writes: the game line is a GGF record of any variant (board size and
/// rules in its `TY` and `RR`). Version 2 (standard 8×8 only) and version 1 (the same lines without
/// the checksum) are still read, as standard 8×8 games.
pub const VERSION: u32 = 3;
/// The oldest version this build reads.
const OLDEST_VERSION: u32 = 1;
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
    /// The game, of any variant.
    pub game: VGame,
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
    /// The board theme's key (`classic`, `wood`, `dark`, `high-contrast`).
    pub theme: String,
    /// The text size, 0.75–2.
    pub text_scale: f32,
    /// The language the player chose (`en`, `pt`, `it`, `nl`); empty to follow the system's.
    pub language: String,
    /// The "Learn to play" lessons completed.
    pub lessons: crate::lessons::Completed,
    /// The seat of an online game in progress, resumed when the game opens again.
    pub online: Option<OnlineSeat>,
}

/// A seat in a room of the online server: where, which room, and the seat's secret token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OnlineSeat {
    /// The server's WebSocket address (`ws://…` or `wss://…`).
    pub server: String,
    pub room: String,
    pub token: String,
}

impl OnlineSeat {
    /// `server room token`, as in the save's `online` line.
    fn to_text(&self) -> String {
        format!("{} {} {}", self.server, self.room, self.token)
    }

    fn from_text(text: &str) -> Result<OnlineSeat, SaveError> {
        let parts: Vec<&str> = text.split_whitespace().collect();
        let [server, room, token] = parts[..] else {
            return Err(SaveError::Corrupt(
                "'online' needs a server, a room and a token".into(),
            ));
        };
        if !(server.starts_with("ws://") || server.starts_with("wss://")) {
            return Err(SaveError::Corrupt(format!(
                "'{server}' is not a WebSocket address"
            )));
        }
        let word = |w: &str| !w.is_empty() && w.bytes().all(|b| b.is_ascii_alphanumeric());
        if !word(room) || !word(token) {
            return Err(SaveError::Corrupt(
                "an online room and token are letters and digits".into(),
            ));
        }
        Ok(OnlineSeat {
            server: server.to_string(),
            room: room.to_string(),
            token: token.to_string(),
        })
    }
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
                "the save has version {v}, this game reads versions {OLDEST_VERSION} to {VERSION}"
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
    /// The file's text: the lines of [`SaveData::body`], then `check <checksum of those lines>`.
    pub fn to_text(&self) -> String {
        let body = self.body();
        let sum = checksum(body.as_bytes());
        format!("{body}check {sum:016x}\n")
    }

    /// The save's lines without the checksum.
    fn body(&self) -> String {
        let redo: Vec<String> = self
            .game
            .redo_stack()
            .iter()
            .rev()
            .filter_map(|m| match m {
                VMove::Play(cell) => Some(cell.to_string()),
                VMove::Pass => None,
            })
            .collect();
        format!(
            "{MAGIC} {VERSION}\nblack {}\nwhite {}\nvolume {}\nmuted {}\nanimation {}\nlegal-moves {}\nhints {}\nai-delay {}\ntheme {}\ntext-size {}\nlanguage {}\nlessons {}\ngame {}\nredo {}\n",
            player_text(self.black),
            player_text(self.white),
            self.volume,
            self.muted,
            self.animation_speed,
            self.show_legal_moves,
            self.show_hints,
            self.ai_move_delay,
            self.theme,
            self.text_scale,
            self.language,
            self.lessons.to_text(),
            ggf(&self.game),
            redo.join(" "),
        ) + &self.clock_text()
            + &self
                .online
                .as_ref()
                .map_or(String::new(), |seat| format!("online {}\n", seat.to_text()))
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

    /// Reads a save file's text (this version's, or an older one's).
    pub fn from_text(text: &str) -> Result<SaveData, SaveError> {
        let header = text.lines().next().unwrap_or("");
        let Some(version) = header.strip_prefix(MAGIC).map(str::trim) else {
            return Err(SaveError::Corrupt(
                "it does not start with 'reversi-save'".into(),
            ));
        };
        let version = match version.parse::<u32>() {
            Ok(v) if (OLDEST_VERSION..=VERSION).contains(&v) => v,
            _ => return Err(SaveError::UnknownVersion(version.to_string())),
        };
        let body = verified_body(text, version)?;
        let mut fields = std::collections::HashMap::new();
        for line in body.lines().skip(1) {
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
        let record = field("game")?;
        let corrupt = |e: crate::rules::NotationError| SaveError::Corrupt(e.to_string());
        if version < 3 {
            // Versions 1 and 2 hold standard 8×8 games only.
            crate::rules::notation::parse_ggf(record).map_err(corrupt)?;
        }
        let mut game = parse_ggf(record).map_err(corrupt)?;
        // The redo moves are replayed and taken back again, so the redo stack is rebuilt and checked.
        let redo: Vec<Cell> = field("redo")
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
            // Added within version 3: older saves have the classic board and normal text.
            theme: match fields.get("theme") {
                None => "classic".to_string(),
                Some(key)
                    if key.bytes().all(|b| b.is_ascii_lowercase() || b == b'-')
                        && !key.is_empty() =>
                {
                    key.to_string()
                }
                Some(key) => return Err(SaveError::Corrupt(format!("'{key}' is not a theme"))),
            },
            text_scale: if fields.contains_key("text-size") {
                number("text-size", 0.75..=2.0)?
            } else {
                1.0
            },
            // Added within version 3: older saves follow the system's language. Like the theme,
            // an unknown code (a newer build's language) is left to the game to fall back from.
            language: match fields.get("language") {
                None => String::new(),
                Some(code) if code.bytes().all(|b| b.is_ascii_alphabetic() || b == b'-') => {
                    code.to_string()
                }
                Some(code) => {
                    return Err(SaveError::Corrupt(format!("'{code}' is not a language")));
                }
            },
            // Added within version 3: older saves have no lessons completed.
            lessons: crate::lessons::Completed::from_text(
                fields.get("lessons").copied().unwrap_or(""),
            )
            .map_err(SaveError::Corrupt)?,
            // Added within version 3: only a save made during an online game has one.
            online: fields
                .get("online")
                .map(|text| OnlineSeat::from_text(text))
                .transpose()?,
        })
    }
}

/// FNV-1a (64 bits) of `bytes`: every change of a single byte changes it, since each step is a
/// bijection of the running state.
fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The lines a save's fields are read from: for version 2 and later, everything above a final
/// `check` line whose checksum matches; for version 1, which has none, the whole text. A `check`
/// line is verified in any version (a damaged version number must not skip it).
fn verified_body(text: &str, version: u32) -> Result<&str, SaveError> {
    let trimmed = text.strip_suffix('\n').unwrap_or(text);
    let (body, last) = match trimmed.rfind('\n') {
        Some(at) => (&text[..=at], &trimmed[at + 1..]),
        None => ("", trimmed),
    };
    match last.strip_prefix("check ") {
        Some(sum) => {
            // Exactly as written: 16 lowercase hex digits, nothing after them.
            let expected = Some(sum)
                .filter(|s| {
                    s.len() == 16 && s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
                })
                .and_then(|s| u64::from_str_radix(s, 16).ok())
                .ok_or_else(|| SaveError::Corrupt(format!("'{sum}' is not a checksum")))?;
            if checksum(body.as_bytes()) == expected {
                Ok(body)
            } else {
                Err(SaveError::Corrupt(
                    "its checksum does not match (it was cut short or changed)".into(),
                ))
            }
        }
        None if version >= 2 => Err(SaveError::Corrupt(
            "its last line is not its checksum (it was cut short)".into(),
        )),
        None => Ok(text),
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

/// A store of text under keys, as the page's localStorage is.
pub trait KeyValue {
    fn get(&self, key: &str) -> Result<Option<String>, Refused>;
    fn set(&self, key: &str, value: &str) -> Result<(), Refused>;
    fn remove(&self, key: &str);
}

/// A [`KeyValue`] store refused to read or write (full, or not allowed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refused;

/// Loads the save kept under [`BROWSER_KEY`] in `store`. An unreadable one is copied to the first
/// free key of `reversi.save.save.bad-<seconds>…` ([`aside_names`]) and removed only once the copy
/// is kept, so an earlier damaged save is never replaced and a failed copy loses nothing.
pub fn load_from(store: &impl KeyValue, now_secs: u64) -> Loaded {
    let text = match store.get(BROWSER_KEY) {
        Ok(Some(text)) => text,
        Ok(None) => return Loaded::Nothing,
        Err(Refused) => {
            return Loaded::MovedAside {
                error: SaveError::Corrupt("it could not be read".into()),
                moved_to: None,
            };
        }
    };
    match SaveData::from_text(&text) {
        Ok(data) => Loaded::Save(Box::new(data)),
        Err(error) => {
            let kept = aside_names(now_secs)
                .map(|name| format!("{BROWSER_KEY}.{name}"))
                .find(|key| matches!(store.get(key), Ok(None)))
                .filter(|aside| store.set(aside, &text).is_ok());
            if kept.is_some() {
                store.remove(BROWSER_KEY);
            }
            Loaded::MovedAside {
                error,
                moved_to: kept.map(|aside| format!("localStorage key {aside}")),
            }
        }
    }
}

/// Writes `text` as the save in `store`.
pub fn store_to(store: &impl KeyValue, text: &str) -> Result<(), String> {
    store
        .set(BROWSER_KEY, text)
        .map_err(|Refused| "the browser's storage is full or refused".to_string())
}

/// The page's localStorage.
#[cfg(target_arch = "wasm32")]
pub(crate) struct Page(web_sys::Storage);

#[cfg(target_arch = "wasm32")]
impl KeyValue for Page {
    fn get(&self, key: &str) -> Result<Option<String>, Refused> {
        self.0.get_item(key).map_err(|_| Refused)
    }
    fn set(&self, key: &str, value: &str) -> Result<(), Refused> {
        self.0.set_item(key, value).map_err(|_| Refused)
    }
    fn remove(&self, key: &str) {
        let _ = self.0.remove_item(key);
    }
}

/// The page's localStorage, where the browser lets the page have it.
#[cfg(target_arch = "wasm32")]
pub(crate) fn page_storage() -> Result<Page, String> {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .map(Page)
        .ok_or_else(|| "the browser's storage is not available".to_string())
}

#[cfg(target_arch = "wasm32")]
mod browser {
    use super::{Loaded, load_from, page_storage, store_to};

    pub fn load() -> Loaded {
        match page_storage() {
            Ok(page) => load_from(&page, (js_sys::Date::now() / 1000.0) as u64),
            Err(_) => Loaded::Nothing,
        }
    }

    pub fn store(text: &str) -> Result<(), String> {
        store_to(&page_storage()?, text)
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

/// Loads the save in `dir`. An unreadable save is renamed to `save.bad-<seconds>.txt` beside it
/// (`save.bad-<seconds>-<n>.txt` when that name is taken), so it is kept for inspection and never
/// overwritten.
pub fn load(dir: &Path) -> Loaded {
    let path = dir.join(FILE_NAME);
    let text = match std::fs::read(&path) {
        Ok(bytes) => {
            String::from_utf8(bytes).map_err(|_| SaveError::Corrupt("it is not text".into()))
        }
        // A folder that does not exist (or whose parent is a file) holds no save either.
        Err(e)
            if matches!(
                e.kind(),
                std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory
            ) =>
        {
            return Loaded::Nothing;
        }
        Err(e) => Err(SaveError::Corrupt(format!("it could not be read: {e}"))),
    };
    match text.and_then(|t| SaveData::from_text(&t)) {
        Ok(data) => Loaded::Save(Box::new(data)),
        Err(error) => {
            let stamp = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs());
            let moved_to = move_aside(&path, dir, stamp).map(|p| p.display().to_string());
            Loaded::MovedAside { error, moved_to }
        }
    }
}

/// The names a damaged save may be moved to, in the order they are tried.
pub fn aside_names(stamp: u64) -> impl Iterator<Item = String> {
    std::iter::once(format!("save.bad-{stamp}.txt"))
        .chain((2..1000).map(move |n| format!("save.bad-{stamp}-{n}.txt")))
}

/// Moves `path` to the first free name of [`aside_names`]. The name is claimed first (a new empty
/// file, or an empty directory when `path` is one), which fails when it exists, so another damaged
/// save is never replaced; the rename then replaces only that claim.
fn move_aside(path: &Path, dir: &Path, stamp: u64) -> Option<PathBuf> {
    let is_dir = path.is_dir();
    for name in aside_names(stamp) {
        let aside = dir.join(name);
        let claimed = if is_dir {
            std::fs::create_dir(&aside)
        } else {
            std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&aside)
                .map(drop)
        };
        match claimed {
            Ok(()) => {
                if std::fs::rename(path, &aside).is_ok() {
                    return Some(aside);
                }
                let _ = if is_dir {
                    std::fs::remove_dir(&aside)
                } else {
                    std::fs::remove_file(&aside)
                };
                return None;
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(_) => return None,
        }
    }
    None
}

/// Writes the save atomically: a temporary file beside it, then a rename over the old one.
pub fn store(dir: &Path, data: &SaveData) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let tmp = dir.join(format!("{FILE_NAME}.tmp"));
    std::fs::write(&tmp, data.to_text())?;
    std::fs::rename(&tmp, dir.join(FILE_NAME))
}
