//! The game database: the WTHOR files the player adds (the French federation's tournament games,
//! [`crate::rules::wthor`]), their players' and tournaments' names (`WTHOR.JOU`, `WTHOR.TRN`),
//! kept in one file of the player's data folder and searched in memory — by player, tournament,
//! year, result and position under the board's eight symmetries ([`search`]), with the moves its
//! players chose from a position and how they scored ([`stats`]).
//!
//! The file is the games as read, nothing else: a version line, the names, then per game its
//! year, tournament, players, Black's final and perfect-play disc counts and its moves (one byte
//! a move, a1 = 0 … h8 = 63). Every game in it replayed legally when it was added.

mod names;
pub mod sample;
pub mod search;
pub mod stats;

use std::collections::HashSet;
use std::fmt;
use std::path::{Path, PathBuf};

use crate::rules::wthor::{self, GAME_BYTES, WthorGame};
use crate::rules::{Board, Game, Sq, Square, Variant};

pub use names::{NamesError, read_names};

/// The database file's name in the data folder.
pub const FILE_NAME: &str = "games.db";
/// The file's first line.
const MAGIC: &[u8] = b"reversi game database 1\n";

/// One tournament game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DbGame {
    pub year: u16,
    pub tournament: u16,
    pub black: u16,
    pub white: u16,
    /// Black's discs at the end as recorded, empties to the winner.
    pub black_discs: u8,
    /// Black's discs with perfect play from the position with `depth` empties.
    pub theoretical: u8,
    pub depth: u8,
    len: u8,
    moves: [u8; 60],
}

impl DbGame {
    fn from_wthor(year: u16, depth: u8, game: &WthorGame) -> DbGame {
        let mut moves = [0; 60];
        for (slot, square) in moves.iter_mut().zip(&game.moves) {
            *slot = square.index();
        }
        DbGame {
            year,
            tournament: game.tournament,
            black: game.black,
            white: game.white,
            black_discs: game.black_discs,
            theoretical: game.theoretical,
            depth,
            len: game.moves.len() as u8,
            moves,
        }
    }

    /// The moves as played, passes left out.
    pub fn moves(&self) -> impl Iterator<Item = Sq> + '_ {
        self.moves[..usize::from(self.len)]
            .iter()
            .filter_map(|&i| Sq::new(i))
    }

    /// The number of moves played (passes not counted).
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The move at `ply` (from 0), if the game went that far.
    pub fn move_at(&self, ply: usize) -> Option<Sq> {
        (ply < self.len())
            .then(|| Sq::new(self.moves[ply]))
            .flatten()
    }

    /// Black's margin as recorded (empties to the winner).
    pub fn margin(&self) -> i32 {
        2 * i32::from(self.black_discs) - 64
    }

    /// The game on the rules' board, passes included; `None` if a move is not legal (a damaged
    /// file, which [`Database::add_files`] never keeps).
    pub fn to_game(&self) -> Option<Game> {
        let mut game = Game::new(Variant::STANDARD);
        for sq in self.moves() {
            game.play(Square::from_sq(sq)).ok()?;
        }
        Some(game)
    }

    /// The WTHOR record of this game.
    fn record(&self) -> [u8; GAME_BYTES] {
        let game = WthorGame {
            tournament: self.tournament,
            black: self.black,
            white: self.white,
            black_discs: self.black_discs,
            theoretical: self.theoretical,
            moves: self.moves().collect(),
        };
        game.to_record()
    }
}

/// The games and the names.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Database {
    pub players: Vec<String>,
    pub tournaments: Vec<String>,
    pub games: Vec<DbGame>,
}

/// What adding files did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AddReport {
    /// Games added.
    pub added: usize,
    /// Games the database had already (the same file added twice).
    pub duplicates: usize,
    /// Files refused whole, with what is wrong with each.
    pub refused: Vec<(String, String)>,
    /// Games left out of files otherwise read: file, game number (from 1), what is wrong.
    pub rejected: Vec<(String, usize, String)>,
    /// Names read from `.JOU` and `.TRN` files.
    pub players: usize,
    pub tournaments: usize,
}

impl fmt::Display for AddReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "added {} games ({} already there), {} players, {} tournaments",
            self.added, self.duplicates, self.players, self.tournaments
        )?;
        for (file, why) in &self.refused {
            write!(f, "\nrefused {file}: {why}")?;
        }
        for (file, game, why) in &self.rejected {
            write!(f, "\nleft out {file} game {game}: {why}")?;
        }
        Ok(())
    }
}

/// What a file holds, told by its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Games,
    Players,
    Tournaments,
}

fn kind_of(name: &str) -> Option<Kind> {
    let lower = name.to_ascii_lowercase();
    if lower.ends_with(".wtb") {
        Some(Kind::Games)
    } else if lower.ends_with(".jou") {
        Some(Kind::Players)
    } else if lower.ends_with(".trn") {
        Some(Kind::Tournaments)
    } else {
        None
    }
}

/// Whether a file's name says it is one the database reads (`.wtb`, `.JOU`, `.TRN`).
pub fn is_wthor_name(name: &str) -> bool {
    kind_of(name).is_some()
}

/// An addition of files under way, a file at a time (the browser adds a few a frame): the database
/// growing, the games it holds (to keep each once) and the report so far.
#[derive(Debug)]
pub struct Adder {
    db: Database,
    known: HashSet<(u16, [u8; GAME_BYTES])>,
    report: AddReport,
}

impl Adder {
    /// Starts adding to `db`.
    pub fn new(db: Database) -> Adder {
        let known = db.games.iter().map(|g| (g.year, g.record())).collect();
        Adder {
            db,
            known,
            report: AddReport::default(),
        }
    }

    /// Adds one file, given by its name (which tells its kind) and its bytes: see
    /// [`Database::add_files`].
    pub fn add(&mut self, name: &str, bytes: &[u8]) {
        let report = &mut self.report;
        match kind_of(name) {
            None => report.refused.push((
                name.to_string(),
                "not a WTHOR file (the names end in .wtb, .JOU or .TRN)".into(),
            )),
            Some(Kind::Games) => match wthor::read(bytes) {
                Err(e) => report.refused.push((name.to_string(), e.to_string())),
                Ok(file) => {
                    for (i, why) in &file.rejected {
                        report
                            .rejected
                            .push((name.to_string(), i + 1, why.to_string()));
                    }
                    for game in &file.games {
                        let game = DbGame::from_wthor(file.header.year, file.header.depth, game);
                        if self.known.insert((game.year, game.record())) {
                            self.db.games.push(game);
                            report.added += 1;
                        } else {
                            report.duplicates += 1;
                        }
                    }
                }
            },
            Some(kind) => {
                let size = if kind == Kind::Players {
                    names::PLAYER_BYTES
                } else {
                    names::TOURNAMENT_BYTES
                };
                match read_names(bytes, size) {
                    Err(e) => report.refused.push((name.to_string(), e.to_string())),
                    Ok(list) if kind == Kind::Players => {
                        report.players = list.len();
                        self.db.players = list;
                    }
                    Ok(list) => {
                        report.tournaments = list.len();
                        self.db.tournaments = list;
                    }
                }
            }
        }
    }

    /// The database with every file added, its games oldest first (a year's in their files'
    /// order), and what the addition did.
    pub fn finish(mut self) -> (Database, AddReport) {
        self.db.games.sort_by_key(|g| g.year);
        (self.db, self.report)
    }
}

impl Database {
    /// Adds WTHOR files, each given by its name (which tells its kind) and its bytes: games from
    /// `.wtb` files (each game once, however often its file is added), names from `.JOU` (players)
    /// and `.TRN` (tournaments). A file that cannot be read is refused whole with the reason; a
    /// game that does not replay legally is left out and the rest of its file kept. `progress` is
    /// told the files done and the total after each.
    pub fn add_files(
        &mut self,
        files: &[(String, Vec<u8>)],
        mut progress: impl FnMut(usize, usize),
    ) -> AddReport {
        let mut adder = Adder::new(std::mem::take(self));
        for (done, (name, bytes)) in files.iter().enumerate() {
            adder.add(name, bytes);
            progress(done + 1, files.len());
        }
        let (db, report) = adder.finish();
        *self = db;
        report
    }

    /// A player's name, or their number where the names were not added.
    pub fn player(&self, id: u16) -> String {
        name_or_number(&self.players, id)
    }

    /// A tournament's name, or its number where the names were not added.
    pub fn tournament(&self, id: u16) -> String {
        name_or_number(&self.tournaments, id)
    }

    /// A game as a GGF record: its tournament (`PC`), year (`DT`), players, result and moves.
    pub fn ggf(&self, game: &DbGame) -> Option<String> {
        let record = crate::rules::notation::ggf_record(
            &game.to_game()?,
            &self.player(game.black),
            &self.player(game.white),
            &format!("{:+}.000", game.margin()),
        );
        let escape = |text: &str| text.replace('\\', "\\\\").replace(']', "\\]");
        Some(record.replacen(
            "PC[Reversi]",
            &format!(
                "PC[{}]DT[{}]",
                escape(&self.tournament(game.tournament)),
                game.year
            ),
            1,
        ))
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        for list in [&self.players, &self.tournaments] {
            out.extend((list.len() as u32).to_le_bytes());
            for name in list {
                let bytes = name.as_bytes();
                out.extend((bytes.len() as u16).to_le_bytes());
                out.extend(bytes);
            }
        }
        out.extend((self.games.len() as u32).to_le_bytes());
        for g in &self.games {
            for n in [g.year, g.tournament, g.black, g.white] {
                out.extend(n.to_le_bytes());
            }
            out.extend([g.black_discs, g.theoretical, g.depth, g.len]);
            out.extend(&g.moves[..g.len()]);
        }
        out
    }

    /// Reads the file's bytes; an error says where it is damaged.
    pub fn from_bytes(bytes: &[u8]) -> Result<Database, String> {
        let mut r = Reader { bytes, at: 0 };
        if r.take(MAGIC.len())? != MAGIC {
            return Err("not a game database file of this version".into());
        }
        let mut lists = [Vec::new(), Vec::new()];
        for list in &mut lists {
            let n = r.u32()?;
            for _ in 0..n {
                let len = usize::from(r.u16()?);
                let text = std::str::from_utf8(r.take(len)?)
                    .map_err(|_| format!("a name that is not UTF-8 at byte {}", r.at))?;
                list.push(text.to_string());
            }
        }
        let count = r.u32()? as usize;
        let mut games = Vec::with_capacity(count.min(bytes.len() / 12));
        for _ in 0..count {
            let (year, tournament, black, white) = (r.u16()?, r.u16()?, r.u16()?, r.u16()?);
            let head = r.take(4)?;
            let (black_discs, theoretical, depth, len) = (head[0], head[1], head[2], head[3]);
            if len > 60 || black_discs > 64 {
                return Err(format!("a damaged game before byte {}", r.at));
            }
            let mut moves = [0; 60];
            moves[..usize::from(len)].copy_from_slice(r.take(usize::from(len))?);
            if moves.iter().any(|&m| m > 63) {
                return Err(format!("a move off the board before byte {}", r.at));
            }
            games.push(DbGame {
                year,
                tournament,
                black,
                white,
                black_discs,
                theoretical,
                depth,
                len,
                moves,
            });
        }
        if r.at != bytes.len() {
            return Err(format!("{} bytes after the last game", bytes.len() - r.at));
        }
        let [players, tournaments] = lists;
        Ok(Database {
            players,
            tournaments,
            games,
        })
    }

    /// Reads the database at `path`: `Ok(None)` where there is none yet.
    pub fn load(path: &Path) -> Result<Option<Database>, String> {
        match std::fs::read(path) {
            Ok(bytes) => Database::from_bytes(&bytes)
                .map(Some)
                .map_err(|e| format!("{}: {e}", path.display())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(format!("{}: {e}", path.display())),
        }
    }

    /// Writes the database to `path` whole (a new file renamed over the old one).
    pub fn store(&self, path: &Path) -> Result<(), String> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        let tmp = path.with_extension("db.tmp");
        std::fs::write(&tmp, self.to_bytes())
            .and_then(|()| std::fs::rename(&tmp, path))
            .map_err(|e| format!("{}: {e}", path.display()))
    }
}

fn name_or_number(names: &[String], id: u16) -> String {
    names
        .get(usize::from(id))
        .filter(|n| !n.is_empty())
        .cloned()
        .unwrap_or_else(|| format!("#{id}"))
}

/// Reads the database file's fields in turn.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], String> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end =
            end.ok_or_else(|| format!("the file ends early, at byte {}", self.bytes.len()))?;
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }

    fn u16(&mut self) -> Result<u16, String> {
        let b = self.take(2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    fn u32(&mut self) -> Result<u32, String> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
}

/// The files named, a folder standing for its WTHOR files (sorted by name).
pub fn files_of(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for path in paths {
        if path.is_dir() {
            let entries =
                std::fs::read_dir(path).map_err(|e| format!("{}: {e}", path.display()))?;
            let mut found: Vec<PathBuf> = entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| {
                    p.is_file()
                        && p.file_name()
                            .is_some_and(|n| is_wthor_name(&n.to_string_lossy()))
                })
                .collect();
            found.sort();
            out.extend(found);
        } else {
            out.push(path.clone());
        }
    }
    Ok(out)
}

/// Reads `paths` (files or folders) as (name, bytes).
pub fn read_files(paths: &[PathBuf]) -> Result<Vec<(String, Vec<u8>)>, String> {
    files_of(paths)?
        .into_iter()
        .map(|path| {
            let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let name = path.file_name().map_or_else(
                || path.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
            Ok((name, bytes))
        })
        .collect()
}

/// Where a search for WTHOR files starts: the Downloads folder where there is one, else the home
/// folder, else the root.
pub fn first_folder() -> PathBuf {
    let home = std::env::var_os("HOME")
        .or_else(|| std::env::var_os("USERPROFILE"))
        .map(PathBuf::from);
    home.as_ref()
        .map(|h| h.join("Downloads"))
        .filter(|d| d.is_dir())
        .or(home)
        .unwrap_or_else(|| PathBuf::from("/"))
}

/// The database's file: `$REVERSI_CONFIG_DIR` when set (as every save), else the platform's data
/// folder (`$XDG_DATA_HOME/reversi` or `~/.local/share/reversi` on Linux, the config folder
/// elsewhere). `None` where there is none, and in the browser.
pub fn default_path() -> Option<PathBuf> {
    if cfg!(target_arch = "wasm32") {
        return None;
    }
    let var = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if var("REVERSI_CONFIG_DIR").is_some() || !cfg!(target_os = "linux") {
        return crate::save::config_dir().map(|d| d.join(FILE_NAME));
    }
    var("XDG_DATA_HOME")
        .or_else(|| var("HOME").map(|h| h.join(".local/share")))
        .map(|d| d.join("reversi").join(FILE_NAME))
}

/// The position after `ply` moves of `game` (a pass taken where the mover has none and the
/// other side has), with whether Black is to move; `None` past the game's end or where a move is
/// not legal.
pub fn position_at(game: &DbGame, ply: usize) -> Option<(Board, bool)> {
    if ply > game.len() {
        return None;
    }
    let mut board = Board::start();
    let mut black = true;
    for sq in game.moves().take(ply) {
        if !board.has_move() {
            board = board.pass();
            black = !black;
        }
        if !board.is_legal(sq) {
            return None;
        }
        board = board.play(sq);
        black = !black;
    }
    Some(search::settled(board, black))
}

#[cfg(test)]
mod tests;
