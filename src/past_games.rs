//! The games played: every finished game, local or online, of any variant, kept as one GGF record
//! a line with the players' names (`PB`, `PW`), when it ended (`DT`, UTC) and the result (`RE`,
//! Black's margin; `:r` resigned, `:t` lost on time, `:a` abandoned), in [`FILE_NAME`] beside the
//! save (in the browser build: localStorage under [`BROWSER_KEY`]). The file is a plain GGF game
//! file that other Othello programs read too. Oldest first; past [`KEEP`] games the oldest go. A
//! line that cannot be read (cut short, edited by hand) is skipped, never fatal, and kept in the
//! file until the oldest games are dropped.

use std::path::Path;

use crate::ai::Level;
use crate::rules::notation::{GgfProperties, GgfProperty};
use crate::rules::notation::{ggf, parse_ggf};
use crate::rules::tournament::rating::{Rating, performance};
use crate::rules::{Game, Player, Variant};
use crate::save::{KeyValue, Refused};

/// The file's name in the config directory.
pub const FILE_NAME: &str = "games.ggf";
/// The localStorage key of the browser build's games.
pub const BROWSER_KEY: &str = "reversi.games";
/// The most games kept: at about 400 bytes a game, well inside a browser's storage.
pub const KEEP: usize = 500;

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Neither side could move: the board decides.
    Board,
    /// This side resigned.
    Resigned(Player),
    /// This side's clock ran out.
    Time(Player),
    /// This side left an online game and did not come back in time.
    Abandoned(Player),
}

impl Ending {
    /// The side that lost without the board deciding, if any.
    pub fn loser(self) -> Option<Player> {
        match self {
            Ending::Board => None,
            Ending::Resigned(p) | Ending::Time(p) | Ending::Abandoned(p) => Some(p),
        }
    }

    fn suffix(self) -> &'static str {
        match self {
            Ending::Board => "",
            Ending::Resigned(_) => ":r",
            Ending::Time(_) => ":t",
            Ending::Abandoned(_) => ":a",
        }
    }
}

/// One finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PastGame {
    pub game: Game,
    /// The players' names as recorded: a level's name for the computer, the name chosen online,
    /// empty for a person at this device.
    pub black: String,
    pub white: String,
    /// When it ended: seconds since 1970, UTC.
    pub ended_at: u64,
    pub ending: Ending,
}

impl PastGame {
    /// Black's margin as recorded: the board's, empties to the winner; a game lost without the
    /// board deciding counts as every square to the winner.
    pub fn margin(&self) -> i32 {
        let cells = self.game.variant().squares() as i32;
        match self.ending.loser() {
            Some(Player::Black) => -cells,
            Some(Player::White) => cells,
            None => self.game.outcome().map_or_else(
                || {
                    let counts = self.game.counts();
                    counts.black as i32 - counts.white as i32
                },
                |o| o.margin,
            ),
        }
    }

    /// The winner, `None` for a draw.
    pub fn winner(&self) -> Option<Player> {
        match self.margin() {
            0 => None,
            m if m > 0 => Some(Player::Black),
            _ => Some(Player::White),
        }
    }

    /// The record: the game's GGF with `PB`, `PW`, `DT` and `RE` before its type and board.
    pub fn to_ggf(&self) -> String {
        let moves = ggf(&self.game);
        let head = "(;GM[Othello]PC[Reversi]";
        debug_assert!(moves.starts_with(head), "{moves}");
        let rest = &moves[head.len()..];
        format!(
            "{head}DT[{}]PB[{}]PW[{}]RE[{:+}.000{}]{rest}",
            date_text(self.ended_at),
            escape(&self.black),
            escape(&self.white),
            self.margin(),
            self.ending.suffix()
        )
    }

    /// Reads a record written by [`PastGame::to_ggf`] (or any GGF record with a result); `None`
    /// when it is not one.
    pub fn from_ggf(line: &str) -> Option<PastGame> {
        let game = parse_ggf(line).ok()?;
        let chars: Vec<char> = line.trim().chars().collect();
        let mut properties = GgfProperties::new(&chars).ok()?;
        let (mut black, mut white, mut ended_at, mut result) =
            (String::new(), String::new(), 0, None);
        while let Some(GgfProperty { name, value, .. }) = properties.next_property().ok()? {
            match name.as_str() {
                "PB" => black = value,
                "PW" => white = value,
                "DT" => ended_at = read_date(&value).unwrap_or(0),
                "RE" => result = Some(value),
                _ => {}
            }
        }
        let result = result?;
        let (margin, suffix) = result.split_once(':').unwrap_or((&result, ""));
        let margin: f64 = margin.trim().parse().ok()?;
        let loser = if margin < 0.0 {
            Player::Black
        } else {
            Player::White
        };
        let ending = match suffix.trim() {
            "" => Ending::Board,
            "r" => Ending::Resigned(loser),
            "t" => Ending::Time(loser),
            "a" => Ending::Abandoned(loser),
            _ => return None,
        };
        Some(PastGame {
            game,
            black,
            white,
            ended_at,
            ending,
        })
    }
}

/// A GGF value: `]` and `\` escaped, line breaks as spaces.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            ']' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            _ => out.push(c),
        }
    }
    out
}

/// `2026-11-26T09:31:03Z` for seconds since 1970.
pub fn date_text(secs: u64) -> String {
    let (days, rest) = (secs / 86_400, secs % 86_400);
    let (y, m, d) = civil_from_days(days as i64);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

/// The seconds since 1970 of a [`date_text`].
fn read_date(text: &str) -> Option<u64> {
    let text = text.trim().strip_suffix('Z')?;
    let (date, time) = text.split_once('T')?;
    let mut date = date.splitn(3, '-').map(str::parse::<i64>);
    let (y, m, d) = (date.next()?.ok()?, date.next()?.ok()?, date.next()?.ok()?);
    let mut time = time.splitn(3, ':').map(str::parse::<u64>);
    let (h, min, s) = (time.next()?.ok()?, time.next()?.ok()?, time.next()?.ok()?);
    if !(1..=12).contains(&m) || !(1..=31).contains(&d) || h > 23 || min > 59 || s > 60 {
        return None;
    }
    let days = u64::try_from(days_from_civil(y, m as u32, d as u32)).ok()?;
    Some(days * 86_400 + h * 3600 + min * 60 + s)
}

/// Howard Hinnant's `civil_from_days`: (year, month, day) of a day count since 1970-01-01.
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// The inverse of [`civil_from_days`].
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = i64::from((m + 9) % 12);
    let doy = (153 * mp + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The games as kept: one record a line, oldest first, each read once when it comes in.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GamesKept {
    /// Every line with the game it holds; a line that cannot be read is kept as it is.
    entries: Vec<(String, Option<PastGame>)>,
}

impl GamesKept {
    pub fn from_text(text: &str) -> GamesKept {
        GamesKept {
            entries: text
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .map(|l| (l.to_string(), PastGame::from_ggf(l)))
                .collect(),
        }
    }

    pub fn to_text(&self) -> String {
        let mut text = String::new();
        for (line, _) in &self.entries {
            text.push_str(line);
            text.push('\n');
        }
        text
    }

    /// The games that can be read, newest first.
    pub fn games(&self) -> impl Iterator<Item = &PastGame> {
        self.entries
            .iter()
            .rev()
            .filter_map(|(_, game)| game.as_ref())
    }

    /// Whether `game` is the newest game kept (the same moves on the same board): a game that was
    /// already recorded and is only opened again (at start, or after an undo and a redo).
    pub fn is_newest(&self, game: &Game) -> bool {
        self.games().next().is_some_and(|newest| {
            newest.game.start() == game.start() && newest.game.history() == game.history()
        })
    }

    /// The results of a person on this device against the engine's levels, on standard 8×8
    /// Othello (the board the levels' ratings were measured on): each game's level and the
    /// person's score (1, ½ or 0). Games between two people, two levels or online are left out.
    pub fn against_levels(&self) -> Vec<(Level, f64)> {
        self.games()
            .filter(|past| past.game.variant() == Variant::STANDARD)
            .filter_map(|past| {
                let level = |name: &str| name.parse::<Level>().ok();
                let (person, level) = match (past.black.as_str(), past.white.as_str()) {
                    ("", white) => (Player::Black, level(white)?),
                    (black, "") => (Player::White, level(black)?),
                    _ => return None,
                };
                let score = match past.winner() {
                    None => 0.5,
                    Some(winner) if winner == person => 1.0,
                    Some(_) => 0.0,
                };
                Some((level, score))
            })
            .collect()
    }

    /// The rating of the person on this device from [`GamesKept::against_levels`] (the levels
    /// rated by [`Level::rating`]) and the number of games it rests on; `None` without a game.
    pub fn rating_against_levels(&self) -> Option<(Rating, usize)> {
        let games: Vec<(f64, f64)> = self
            .against_levels()
            .into_iter()
            .map(|(level, score)| (level.rating(), score))
            .collect();
        (!games.is_empty()).then(|| (performance(&games), games.len()))
    }

    /// Adds a finished game as the newest, dropping the oldest past [`KEEP`].
    pub fn add(&mut self, game: &PastGame) {
        self.entries.push((game.to_ggf(), Some(game.clone())));
        let excess = self.entries.len().saturating_sub(KEEP);
        self.entries.drain(..excess);
    }
}

/// Where the games are kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GamesStore {
    /// [`FILE_NAME`] in this directory (the desktop game).
    Dir(std::path::PathBuf),
    /// The page's localStorage (the browser build).
    Browser,
}

impl GamesStore {
    /// The games kept (none where nothing can be read).
    pub fn load(&self) -> GamesKept {
        match self {
            GamesStore::Dir(dir) => load(dir),
            GamesStore::Browser => browser::load(),
        }
    }

    /// Replaces what is kept with `kept`, in one step.
    pub fn store(&self, kept: &GamesKept) -> Result<(), String> {
        match self {
            GamesStore::Dir(dir) => {
                store(dir, kept).map_err(|e| format!("{} ({e})", dir.display()))
            }
            GamesStore::Browser => browser::store(&kept.to_text()),
        }
    }
}

/// The games in `dir` (none when there is no file or it cannot be read as text).
pub fn load(dir: &Path) -> GamesKept {
    std::fs::read_to_string(dir.join(FILE_NAME))
        .map_or_else(|_| GamesKept::default(), |text| GamesKept::from_text(&text))
}

/// Writes the games atomically: a temporary file beside them, then a rename over the old one.
pub fn store(dir: &Path, kept: &GamesKept) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let tmp = dir.join(format!("{FILE_NAME}.tmp"));
    std::fs::write(&tmp, kept.to_text())?;
    std::fs::rename(&tmp, dir.join(FILE_NAME))
}

/// The games under [`BROWSER_KEY`] in `store` (none if it refuses).
pub fn load_from(store: &impl KeyValue) -> GamesKept {
    match store.get(BROWSER_KEY) {
        Ok(Some(text)) => GamesKept::from_text(&text),
        _ => GamesKept::default(),
    }
}

/// Writes `text` as the games in `store`.
pub fn store_to(store: &impl KeyValue, text: &str) -> Result<(), String> {
    store
        .set(BROWSER_KEY, text)
        .map_err(|Refused| "the browser's storage is full or refused".to_string())
}

#[cfg(target_arch = "wasm32")]
mod browser {
    use super::{GamesKept, load_from, store_to};

    pub fn load() -> GamesKept {
        crate::save::page_storage().map_or_else(|_| GamesKept::default(), |page| load_from(&page))
    }

    pub fn store(text: &str) -> Result<(), String> {
        store_to(&crate::save::page_storage()?, text)
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod browser {
    use super::GamesKept;

    pub fn load() -> GamesKept {
        GamesKept::default()
    }

    pub fn store(_: &str) -> Result<(), String> {
        Err("there is no browser storage outside the browser build".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::notation::parse_any;
    use crate::rules::{Square, Variant};

    fn finished_6x6() -> Game {
        // Random legal moves to the end, always the first legal cell: a finished 6×6 game.
        let mut game = Game::new(Variant::parse(6, "othello").unwrap());
        while !game.is_over() {
            let cell: Square = game.position().legal_squares()[0];
            game.play(cell).unwrap();
        }
        game
    }

    #[test]
    fn a_record_reads_back_as_the_same_game() {
        let game = finished_6x6();
        let past = PastGame {
            game: game.clone(),
            black: "Ana ] \\ x".into(),
            white: "Expert".into(),
            ended_at: 1_795_944_663,
            ending: Ending::Board,
        };
        let line = past.to_ggf();
        assert!(
            line.starts_with("(;GM[Othello]PC[Reversi]DT[2026-11-29T09:31:03Z]PB["),
            "{line}"
        );
        assert!(line.contains("PB[Ana \\] \\\\ x]PW[Expert]"), "{line}");
        let margin = game.outcome().unwrap().margin;
        assert!(line.contains(&format!("RE[{margin:+}.000]")), "{line}");
        assert!(line.contains("TY[6]"), "{line}");
        assert_eq!(PastGame::from_ggf(&line), Some(past));
        // The record is the game's GGF: the game reader takes it as it is.
        assert_eq!(parse_any(&line, Variant::STANDARD).unwrap(), game);
    }

    #[test]
    fn a_resignation_gives_the_whole_board_to_the_winner() {
        let mut game = Game::new(Variant::STANDARD);
        for cell in ["f5", "d6", "c3"] {
            game.play(cell.parse().unwrap()).unwrap();
        }
        for (ending, margin, re) in [
            (Ending::Resigned(Player::White), 64, "RE[+64.000:r]"),
            (Ending::Time(Player::Black), -64, "RE[-64.000:t]"),
            (Ending::Abandoned(Player::White), 64, "RE[+64.000:a]"),
        ] {
            let past = PastGame {
                game: game.clone(),
                black: String::new(),
                white: String::new(),
                ended_at: 0,
                ending,
            };
            assert_eq!(past.margin(), margin);
            let line = past.to_ggf();
            assert!(line.contains(re), "{line}");
            assert!(line.contains("DT[1970-01-01T00:00:00Z]"), "{line}");
            assert_eq!(PastGame::from_ggf(&line), Some(past));
        }
    }

    #[test]
    fn dates_read_back_for_every_day_of_four_centuries_boundaries() {
        for secs in [
            0,
            59,
            86_399,
            86_400,
            951_782_400,   // 2000-02-29
            1_709_164_800, // 2024-02-29
            4_107_542_399, // 2100-02-28T23:59:59
            4_107_542_400, // 2100-03-01
        ] {
            assert_eq!(
                read_date(&date_text(secs)),
                Some(secs),
                "{}",
                date_text(secs)
            );
        }
        assert_eq!(date_text(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(date_text(4_107_542_400), "2100-03-01T00:00:00Z");
        for bad in [
            "",
            "2026-11-26",
            "2026-13-01T00:00:00Z",
            "2026-11-26T24:00:00Z",
            "x",
        ] {
            assert_eq!(read_date(bad), None, "{bad}");
        }
    }

    #[test]
    fn unreadable_lines_are_skipped_and_kept() {
        let past = PastGame {
            game: finished_6x6(),
            black: "B".into(),
            white: "W".into(),
            ended_at: 5,
            ending: Ending::Board,
        };
        let good = past.to_ggf();
        let text = format!("{good}\n(;GM[Othello]PC[Reversi]B[f5\n\nnot a game\n{good}\n");
        let kept = GamesKept::from_text(&text);
        let games: Vec<PastGame> = kept.games().cloned().collect();
        assert_eq!(games, vec![past.clone(), past]);
        // Two lines are no games, and all four are kept.
        assert_eq!(kept.to_text().lines().count() - games.len(), 2);
        assert_eq!(kept.to_text().lines().count(), 4);
        // A record without a result is no finished game.
        assert_eq!(PastGame::from_ggf("(;GM[Othello]B[f5];)"), None);
        assert_eq!(PastGame::from_ggf("(;GM[Othello]RE[+2:q]B[f5];)"), None);
    }

    #[test]
    fn the_newest_are_kept_and_listed_first() {
        let mut kept = GamesKept::default();
        let game = finished_6x6();
        for n in 0..KEEP as u64 + 3 {
            kept.add(&PastGame {
                game: game.clone(),
                black: format!("{n}"),
                white: String::new(),
                ended_at: n,
                ending: Ending::Board,
            });
        }
        let games: Vec<&PastGame> = kept.games().collect();
        assert_eq!(games.len(), KEEP);
        assert_eq!(games[0].black, format!("{}", KEEP + 2));
        assert_eq!(games[KEEP - 1].black, "3");
        assert!(kept.is_newest(&game));
        let mut other = game.clone();
        other.undo();
        assert!(!kept.is_newest(&other));
        assert!(!GamesKept::default().is_newest(&game));
    }

    #[test]
    fn a_directory_store_keeps_what_it_was_given() {
        let dir = std::env::temp_dir().join(format!("reversi-kept-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = GamesStore::Dir(dir.clone());
        assert_eq!(store.load(), GamesKept::default());
        let mut kept = GamesKept::default();
        kept.add(&PastGame {
            game: finished_6x6(),
            black: String::new(),
            white: "Maximum".into(),
            ended_at: 1,
            ending: Ending::Board,
        });
        store.store(&kept).unwrap();
        assert_eq!(store.load(), kept);
        assert!(!dir.join(format!("{FILE_NAME}.tmp")).exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_key_value_store_keeps_the_games_under_its_key() {
        use std::cell::RefCell;
        use std::collections::HashMap;
        struct Map(RefCell<HashMap<String, String>>, bool);
        impl KeyValue for Map {
            fn get(&self, key: &str) -> Result<Option<String>, Refused> {
                Ok(self.0.borrow().get(key).cloned())
            }
            fn set(&self, key: &str, value: &str) -> Result<(), Refused> {
                if self.1 {
                    return Err(Refused);
                }
                self.0.borrow_mut().insert(key.into(), value.into());
                Ok(())
            }
            fn remove(&self, key: &str) {
                self.0.borrow_mut().remove(key);
            }
        }
        let map = Map(RefCell::default(), false);
        assert_eq!(load_from(&map), GamesKept::default());
        store_to(&map, "(;GM[Othello]RE[+0.000];)\n").unwrap();
        assert_eq!(load_from(&map).games().count(), 1);
        let full = Map(RefCell::default(), true);
        assert!(store_to(&full, "x").is_err());
    }
}
