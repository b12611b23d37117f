//! The save file's format: what it holds (the game, its redo moves, the players, the settings,
//! the online seat), versioned text with a checksum on its last line.

use std::fmt;

use crate::ai::Level;
use crate::rules::notation::{ggf, parse_ggf};
use crate::rules::{Game, Move, Player, Square};
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
    /// The board theme's key (`classic`, `wood`, `dark`, `high-contrast`).
    pub theme: String,
    /// The view's key (`3d`, `flat`).
    pub view: String,
    /// The menus' look (`dark`, `light`).
    pub ui: String,
    /// The text size, 0.75–2.
    pub text_scale: f32,
    /// The language the player chose (`en`, `pt`, `it`, `nl`); empty to follow the system's.
    pub language: String,
    /// How deep the analysis of a game searches (`quick`, `normal`, `deep`).
    pub analysis_depth: String,
    /// The "Learn to play" lessons completed.
    pub lessons: crate::lessons::Completed,
    /// The endgame puzzles solved.
    pub puzzles: crate::ai::puzzles::Solved,
    /// The named openings played through in opening practice without a mistake.
    pub openings: crate::ai::book::practice::Learned,
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

/// A settings key (a theme's, a view's: lower-case letters, digits and hyphens) from the save's
/// line `name`, or `default` for a save made before the line existed.
fn key_field(
    fields: &std::collections::HashMap<&str, &str>,
    name: &str,
    default: &str,
) -> Result<String, SaveError> {
    match fields.get(name) {
        None => Ok(default.to_string()),
        Some(key)
            if !key.is_empty()
                && key
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-') =>
        {
            Ok(key.to_string())
        }
        Some(key) => Err(SaveError::Corrupt(format!("'{key}' is not a {name}"))),
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
                Move::Play(cell) => Some(cell.to_string()),
                Move::Pass => None,
            })
            .collect();
        format!(
            "{MAGIC} {VERSION}\nblack {}\nwhite {}\nvolume {}\nmuted {}\nanimation {}\nlegal-moves {}\nhints {}\nai-delay {}\ntheme {}\nview {}\nui {}\ntext-size {}\nlanguage {}\nanalysis-depth {}\nlessons {}\npuzzles {}\nopenings {}\ngame {}\nredo {}\n",
            player_text(self.black),
            player_text(self.white),
            self.volume,
            self.muted,
            self.animation_speed,
            self.show_legal_moves,
            self.show_hints,
            self.ai_move_delay,
            self.theme,
            self.view,
            self.ui,
            self.text_scale,
            self.language,
            self.analysis_depth,
            self.lessons.to_text(),
            self.puzzles.to_text(),
            self.openings.to_text(),
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
        let mut game = parse_ggf(record).map_err(corrupt)?;
        if version < 3 && !game.variant().is_standard() {
            // Versions 1 and 2 hold standard 8×8 games only.
            return Err(SaveError::Corrupt(format!(
                "a version {version} save holds a {} game; that version holds 8×8 Othello only",
                game.variant()
            )));
        }
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
            // Added within version 3: older saves have the classic board, the 3D view and normal
            // text. An unknown key (a newer build's theme or view) is left to the game to fall
            // back from.
            theme: key_field(&fields, "theme", "classic")?,
            view: key_field(&fields, "view", "3d")?,
            // Added within version 3: older saves have dark menus.
            ui: key_field(&fields, "ui", "dark")?,
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
            // Added within version 3: older saves analyse at the normal depth. Like the theme, an
            // unknown key is left to the game to fall back from.
            analysis_depth: key_field(&fields, "analysis-depth", "normal")?,
            // Added within version 3: older saves have no lessons completed.
            lessons: crate::lessons::Completed::from_text(
                fields.get("lessons").copied().unwrap_or(""),
            )
            .map_err(SaveError::Corrupt)?,
            // Added within version 3: older saves have no puzzles solved.
            puzzles: crate::ai::puzzles::Solved::from_text(
                fields.get("puzzles").copied().unwrap_or(""),
                crate::ai::puzzles::shipped().len(),
            )
            .map_err(SaveError::Corrupt)?,
            // Added within version 3: older saves have no openings learned.
            openings: crate::ai::book::practice::Learned::from_text(
                fields.get("openings").copied().unwrap_or(""),
            ),
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
